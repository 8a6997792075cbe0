package saves

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

var lib = func() *content.Library {
	l, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return l
}()

func shippedRules(id string) (*rules.Ruleset, string, bool) {
	r, ok := lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

// randomFight plays n random steps of a fight in a shipped ruleset.
func randomFight(t testing.TB, ruleset string, seed uint64, n int) session.Saved {
	rs, hash, _ := shippedRules(ruleset)
	src := dice.NewSource(seed)
	f := engine.NewFight(rs, engine.NewEncounter("Bridge ambush", rs), src)
	r := rand.New(rand.NewPCG(seed, 7))
	var add []engine.NewCombatant
	for i := range 4 {
		stats := map[string]int{}
		for _, s := range rs.Stats {
			stats[s.ID] = r.IntN(15)
		}
		v := r.IntN(20)
		nc := engine.NewCombatant{Name: fmt.Sprintf("Fighter %d", i+1), Side: "foes", HP: 10 + r.IntN(30), Stats: stats, Notes: "note with \"quotes\"\nand a new line"}
		if i == 0 {
			nc.Init = &v
		}
		add = append(add, nc)
	}
	f.Do(engine.Command{Op: engine.OpAdd, Add: add})
	f.Do(engine.Command{Op: engine.OpStart})
	for range n {
		enc := f.Current()
		who := enc.Combatants[r.IntN(len(enc.Combatants))].ID
		var cmd engine.Command
		switch r.IntN(6) {
		case 0:
			cmd = engine.Command{Op: engine.OpDamage, Who: who, Expr: "1d6"}
		case 1:
			cmd = engine.Command{Op: engine.OpHeal, Who: who, Amount: 2}
		case 2:
			cmd = engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "Late", HP: 9}}}
		default:
			cmd = engine.Command{Op: engine.OpNext}
		}
		f.Do(cmd)
	}
	for range r.IntN(4) {
		f.Undo()
	}
	return session.Saved{Name: "Bridge ambush", Fight: f, Source: src, Hash: hash}
}

func TestRoundTripInEveryRuleset(t *testing.T) {
	for _, rs := range lib.Rulesets() {
		for seed := range uint64(5) {
			t.Run(fmt.Sprintf("%s/%d", rs.ID, seed), func(t *testing.T) {
				a := randomFight(t, rs.ID, seed, 60)
				data, err := Encode(a.Snapshot(), time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
				if err != nil {
					t.Fatal(err)
				}
				b, err := Decode("x.toml", data, shippedRules)
				if err != nil {
					t.Fatal(err)
				}
				if len(b.Notices) > 0 {
					t.Fatalf("notices on a clean load: %v", b.Notices)
				}
				fa, fb := a.Fight, b.Fight
				same := func(what string) {
					t.Helper()
					if !reflect.DeepEqual(*fa.Current(), *fb.Current()) {
						t.Fatalf("%s: current differs", what)
					}
					if !reflect.DeepEqual(fa.Log(), fb.Log()) {
						t.Fatalf("%s: log differs", what)
					}
					if a.Source.State() != b.Source.State() {
						t.Fatalf("%s: random state differs", what)
					}
				}
				same("after load")
				if !reflect.DeepEqual(fa.Base, fb.Base) || len(fa.Undone) != len(fb.Undone) {
					t.Fatal("base or redo stack differs")
				}
				// Redo, then undo everything, step by step, on both.
				for fa.CanRedo() {
					fa.Redo()
					if _, err := fb.Redo(); err != nil {
						t.Fatal(err)
					}
					same("redo")
				}
				// The next roll is the roll that would have come.
				who := fa.Current().Combatants[0].ID
				fa.Do(engine.Command{Op: engine.OpDamage, Who: who, Expr: "3d6 + d100oe"})
				fb.Do(engine.Command{Op: engine.OpDamage, Who: who, Expr: "3d6 + d100oe"})
				same("next roll")
				for fa.CanUndo() {
					fa.Undo()
					fb.Undo()
					same("undo")
				}
			})
		}
	}
}

func TestSaveIsReadable(t *testing.T) {
	data, _ := Encode(randomFight(t, "pathmaster", 1, 10).Snapshot(), time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	s := string(data)
	for _, want := range []string{"schema = 2", `name = "Bridge ambush"`, `ruleset = "pathmaster"`, `saved = "2026-11-21T12:00:00Z"`, "[[steps]]", `op = "start"`, "\n# Round 1 begins\n", "[current]", "[base]"} {
		if !strings.Contains(s, want) {
			t.Errorf("save lacks %q", want)
		}
	}
}

func TestBadSaves(t *testing.T) {
	good, _ := Encode(randomFight(t, "pathmaster", 2, 20).Snapshot(), time.Now())
	gs := string(good)
	cases := []struct {
		name, data, want string
	}{
		{"truncated", gs[:len(gs)/2], "x.toml:"},
		{"truncated at a line", gs[:strings.LastIndex(gs, "[[steps]]")], "does not lead to the saved state"},
		{"a step edited", strings.Replace(gs, `op = "next"`, `op = "end"`, 1), "x.toml:"},
		{"garbled", strings.Replace(gs, "[current]", "[current\n", 1), "not a readable save"},
		{"empty", "", "not a fray save"},
		{"newer schema", strings.Replace(gs, "schema = 2", "schema = 3", 1), "x.toml:2:1: saved by a newer fray (schema 3; this fray reads schema 2)"},
		{"unknown ruleset", strings.Replace(gs, `ruleset = "pathmaster"`, `ruleset = "gurps"`, 1), `x.toml:4:1: unknown ruleset "gurps"`},
		{"bad rng", strings.Replace(gs, `rng = "`, `rng = "zz`, 1), "bad random state"},
		{"wrong type", strings.Replace(gs, "schema = 2", `schema = "two"`, 1), "x.toml:2:"},
		{"a schema 1 key in schema 2", strings.Replace(gs, `op = "next"`, "op = \"next\"\nvalue = 3", 1), "x.toml:"},
		{"edited faces", strings.Replace(gs, "faces = [", "faces = [99, ", 1), "x.toml:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode("x.toml", []byte(c.data), shippedRules)
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want a LoadError with %q", err, c.want)
			}
		})
	}
}

func TestChangedContentStillOpens(t *testing.T) {
	a := randomFight(t, "pathmaster", 3, 30)
	data, _ := Encode(a.Snapshot(), time.Now())
	s := strings.Replace(string(data), `ruleset_hash = "`+a.Hash+`"`, `ruleset_hash = "0123456789abcdef"`, 1)
	b, err := Decode("x.toml", []byte(s), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notices) != 1 || !strings.Contains(b.Notices[0], "has changed") {
		t.Errorf("notices: %v", b.Notices)
	}
	// A changed ruleset whose history no longer replays opens as saved.
	s = strings.Replace(s, "faces = [", "faces = [99, ", 1)
	b, err = Decode("x.toml", []byte(s), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) || b.Fight.CanUndo() {
		t.Errorf("fallback: state differs or history kept")
	}
	if len(b.Notices) != 2 || !strings.Contains(b.Notices[1], "undo starts from here") {
		t.Errorf("notices: %v", b.Notices)
	}
	// A fight no step could make (hit points above their maximum) opens, and says so.
	cur := strings.Index(s, "[current]")
	hp := cur + strings.Index(s[cur:], "\nhp = ")
	end := hp + 1 + strings.Index(s[hp+1:], "\n")
	s = s[:hp] + "\nhp = 9999" + s[end:]
	b, err = Decode("x.toml", []byte(s), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notices) != 3 || !strings.Contains(b.Notices[2], "breaks a rule of its own") || !strings.Contains(b.Notices[2], "hit points 9999 out of range") {
		t.Errorf("notices: %v", b.Notices)
	}
}

func TestWriteFileKeepsBackupAndRefusesBadData(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "fight.toml")
	verify := func(b []byte) error {
		_, err := Decode(p, b, shippedRules)
		return err
	}
	one, _ := Encode(randomFight(t, "brp", 1, 5).Snapshot(), time.Now())
	two, _ := Encode(randomFight(t, "brp", 2, 5).Snapshot(), time.Now())
	if err := WriteFile(p, one, verify); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p + ".bak"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a first save has no backup to keep")
	}
	if err := WriteFile(p, two, verify); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p + ".bak"); string(got) != string(one) {
		t.Error(".bak is not the previous save")
	}
	if err := WriteFile(p, []byte("schema = 1\nbroken"), verify); err == nil || !strings.Contains(err.Error(), "old one was kept") {
		t.Errorf("bad data: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != string(two) {
		t.Error("a bad save replaced a good one")
	}
	if got, _ := os.ReadFile(p + ".bak"); string(got) != string(one) {
		t.Error("a refused save touched the backup")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(m) > 0 {
		t.Errorf("temp files left: %v", m)
	}
}

func TestLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fight.toml")
	a, err := Acquire(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(p); !errors.Is(err, session.ErrLocked) {
		t.Fatalf("second lock: %v", err)
	}
	a.Release()
	b, err := Acquire(p)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	b.Release()
	b.Release() // twice is harmless
}

func TestListAndPaths(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	if Dir() != filepath.Join(dir, "fray") {
		t.Errorf("Dir = %s", Dir())
	}
	p := NewPath(Dir(), "Bridge Ambush!")
	if filepath.Base(p) != "bridge-ambush.toml" {
		t.Errorf("NewPath = %s", p)
	}
	data, _ := Encode(randomFight(t, "countdown", 1, 8).Snapshot(), time.Now())
	if err := WriteFile(p, data, nil); err != nil {
		t.Fatal(err)
	}
	if q := NewPath(Dir(), "bridge ambush"); filepath.Base(q) != "bridge-ambush-2.toml" {
		t.Errorf("second path = %s", q)
	}
	if q := NewPath(Dir(), "!!!"); filepath.Base(q) != "fight.toml" {
		t.Errorf("path for no letters = %s", q)
	}
	os.WriteFile(filepath.Join(Dir(), "junk.toml"), []byte("what"), 0o644)
	WriteFile(p, data, nil) // makes a .bak, which is not listed
	list, err := List(Dir())
	if err != nil || len(list) != 2 {
		t.Fatalf("List: %v %+v", err, list)
	}
	var found bool
	for _, s := range list {
		if s.Path == p {
			found = s.Name == "Bridge ambush" && s.Ruleset == "countdown" && s.Round >= 1 && s.Problem == ""
		} else if s.Problem == "" {
			t.Errorf("junk listed as a save: %+v", s)
		}
	}
	if !found {
		t.Errorf("save not summarised: %+v", list)
	}
}

func FuzzDecode(f *testing.F) {
	good, _ := Encode(randomFight(f, "war-and-combat", 1, 12).Snapshot(), time.Now())
	f.Add(good)
	f.Add([]byte("schema = 1\nruleset = \"brp\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := Decode("f.toml", data, shippedRules)
		var le *LoadError
		if err != nil && !errors.As(err, &le) {
			t.Fatalf("not a LoadError: %v", err)
		}
	})
}

// The crash test: a child process plays a fight and saves after every step,
// saying "ack N" once step N is on disk; it is killed with SIGKILL at a
// random moment. The save must always load and hold every acknowledged step.
func TestCrashSafety(t *testing.T) {
	if os.Getenv("FRAY_CRASH_CHILD") != "" {
		return
	}
	runs := 100
	if testing.Short() {
		runs = 10
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range runs {
		p := filepath.Join(dir, fmt.Sprintf("crash-%d.toml", i))
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
		cmd.Env = append(os.Environ(), "FRAY_CRASH_CHILD="+p)
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		acked := 0
		done := make(chan struct{})
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if n, ok := strings.CutPrefix(sc.Text(), "ack "); ok {
					acked, _ = strconv.Atoi(n)
				}
			}
			close(done)
		}()
		time.Sleep(time.Duration(5+r.IntN(60)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		<-done
		cmd.Wait()
		if acked == 0 {
			if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
				continue // killed before the first save finished
			}
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		got, err := Decode(p, data, shippedRules)
		if err != nil {
			t.Fatalf("run %d: the save does not load after a kill: %v", i, err)
		}
		if n := len(got.Fight.Done); n < acked {
			t.Fatalf("run %d: the save holds %d steps, %d were acknowledged", i, n, acked)
		}
	}
}

// TestCrashChild is the child of TestCrashSafety; it does nothing otherwise.
func TestCrashChild(t *testing.T) {
	p := os.Getenv("FRAY_CRASH_CHILD")
	if p == "" {
		return
	}
	rs, hash, _ := shippedRules("pathmaster")
	src := dice.NewSource(9)
	f := engine.NewFight(rs, engine.NewEncounter("crash", rs), src)
	f.Do(engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "A", HP: 900}, {Name: "B", HP: 900}}})
	f.Do(engine.Command{Op: engine.OpStart})
	verify := func(b []byte) error { _, err := Decode(p, b, shippedRules); return err }
	for i := 0; ; i++ {
		if i%3 == 0 {
			f.Do(engine.Command{Op: engine.OpDamage, Who: 1, Expr: "1d6"})
		} else {
			f.Do(engine.Command{Op: engine.OpNext})
		}
		data, err := Encode(session.Saved{Name: "crash", Fight: f, Source: src, Hash: hash}.Snapshot(), time.Now())
		if err != nil {
			panic(err)
		}
		if err := WriteFile(p, data, verify); err != nil {
			panic(err)
		}
		fmt.Printf("ack %d\n", len(f.Done))
	}
}

func thousandEvents(b *testing.B) session.Saved {
	a := randomFight(b, "pathmaster", 4, 0)
	for len(a.Fight.Log()) < 1000 {
		a.Fight.Do(engine.Command{Op: engine.OpNext})
		a.Fight.Do(engine.Command{Op: engine.OpDamage, Who: 1, Expr: "1d4"})
	}
	return a
}

func BenchmarkEncode1000Events(b *testing.B) {
	a := thousandEvents(b)
	for b.Loop() {
		if _, err := Encode(a.Snapshot(), time.Now()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode1000Events(b *testing.B) {
	data, _ := Encode(thousandEvents(b).Snapshot(), time.Now())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Decode("b.toml", data, shippedRules); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSaveWithFsync1000Events(b *testing.B) {
	a := thousandEvents(b)
	p := filepath.Join(b.TempDir(), "bench.toml")
	verify := func(d []byte) error { _, err := Decode(p, d, shippedRules); return err }
	for b.Loop() {
		data, err := Encode(a.Snapshot(), time.Now())
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteFile(p, data, verify); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoad1000Events(b *testing.B) {
	data, _ := Encode(thousandEvents(b).Snapshot(), time.Now())
	p := filepath.Join(b.TempDir(), "bench.toml")
	os.WriteFile(p, data, 0o644)
	for b.Loop() {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Decode(p, d, shippedRules); err != nil {
			b.Fatal(err)
		}
	}
}

// Saves written before the log became comments had it as a key: they load.
func TestLogAsKeyStillLoads(t *testing.T) {
	a := randomFight(t, "brp", 5, 10)
	data, _ := Encode(a.Snapshot(), time.Now())
	old := strings.ReplaceAll(string(data), "[[steps]]\n", "[[steps]]\nlog = [\"a line\", \"another\"]\n")
	b, err := Decode("old.toml", []byte(old), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) || len(b.Notices) != 0 {
		t.Errorf("an old save loads differently (notices %v)", b.Notices)
	}
}

// The store is the tracker's: it saves with the clock it was given, loads
// back what it saved, lists it, and locks a fight for one fray at a time.
func TestStore(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2031, 2, 3, 4, 5, 6, 0, time.FixedZone("east", 3*3600))
	st := NewStore(dir, shippedRules, func() time.Time { return at })
	a := randomFight(t, "brp", 7, 12)
	p := st.NewPath(a.Name)
	if filepath.Dir(p) != dir || filepath.Base(p) != "bridge-ambush.toml" {
		t.Fatalf("NewPath = %s", p)
	}
	if err := st.Save(p, a.Snapshot()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(p)
	if !strings.Contains(string(data), "\nsaved = \"2031-02-03T01:05:06Z\"\n") {
		t.Errorf("the save is not stamped with the store's clock (in UTC):\n%s", data[:min(len(data), 300)])
	}
	b, err := st.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != a.Name || b.Hash != a.Hash || !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) || len(b.Fight.Done) != len(a.Fight.Done) {
		t.Error("the store does not load what it saved")
	}
	at = at.Add(time.Hour)
	if err := st.Save(p, b.Snapshot()); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); !strings.Contains(string(data), "\nsaved = \"2031-02-03T02:05:06Z\"\n") {
		t.Error("the second save does not ask the clock again")
	}
	list, err := st.List()
	if err != nil || len(list) != 1 || list[0].Path != p || list[0].Name != a.Name || list[0].Ruleset != "brp" {
		t.Errorf("List: %v %+v", err, list)
	}
	unlock, err := st.Lock(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Lock(p); !errors.Is(err, session.ErrLocked) {
		t.Errorf("a second lock: %v, want session.ErrLocked", err)
	}
	unlock()
	if _, err := st.Load(filepath.Join(dir, "missing.toml")); err == nil {
		t.Error("loading a missing file did not fail")
	}
}
