package saves

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
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

// schema3Lib holds the rulesets as they were when the schema 3 fixtures
// (testdata/schema3-*-ops.toml) were written, laid over the shipped ones: a
// fixture's history replays by the rules it was played under, whatever the
// shipped rulesets have become since. Pathmaster's Deafened says its -4
// initiative as roll_mods, as the schema now asks: the only change, and the
// reason its save notices a changed ruleset.
var schema3Lib = func() *content.Library {
	l, probs := content.Load("testdata/schema3-rulesets")
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return l
}()

// schema3Rules are the rulesets the schema 3 fixtures were played under.
func schema3Rules(id string) (*rules.Ruleset, string, bool) {
	r, ok := schema3Lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

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
	f.Do(engine.Add{Combatants: add})
	f.Do(engine.Start{})
	for range n {
		enc := f.Current()
		who := enc.Combatants[r.IntN(len(enc.Combatants))].ID
		var cmd engine.Command
		switch r.IntN(6) {
		case 0:
			cmd = engine.Damage{Who: who, Expr: "1d6"}
			if rs.Recorded() { // a wound record has no hit points
				cmd = engine.RecordWound{Who: who, Location: rs.Vitality.Locations[0].ID, Severity: rs.Vitality.Severities[0].ID, Penetrating: true}
			}
		case 1:
			cmd = engine.Heal{Who: who, Amount: 2}
			if rs.Recorded() {
				cmd = engine.StrikeWound{Who: who}
			}
		case 2:
			cmd = engine.Add{Combatants: []engine.NewCombatant{{Name: "Late", HP: 9}}}
		default:
			cmd = engine.Next{}
		}
		f.Do(cmd)
	}
	for range r.IntN(4) {
		f.Undo()
	}
	return session.Saved{Name: "Bridge ambush", Fight: f, Source: src, Hash: hash}
}

// sameLog compares two logs as a save keeps them: every fact, the roll
// with every die.
func sameLog(a, b []engine.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, errX := loggedOf(a[i])
		y, errY := loggedOf(b[i])
		lx, _ := marshalInline(nil, x)
		ly, _ := marshalInline(nil, y)
		if errX != nil || errY != nil || !bytes.Equal(lx, ly) {
			return false
		}
	}
	return true
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
					if !sameLog(fa.Log(), fb.Log()) {
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
				fa.Do(engine.Damage{Who: who, Expr: "3d6 + d100oe"})
				fb.Do(engine.Damage{Who: who, Expr: "3d6 + d100oe"})
				same("next roll")
				for fa.CanUndo() {
					fa.Undo()
					if _, ok := fb.Undo(); !ok {
						t.Fatalf("undo refused: %v", fb.Broken())
					}
					same("undo")
				}
			})
		}
	}
}

func TestSaveIsReadable(t *testing.T) {
	snap := randomFight(t, "pathmaster", 11, 10).Snapshot()
	if len(snap.Done) == 0 || len(snap.Undone) == 0 {
		t.Fatalf("the sample fight has %d steps done and %d undone: both are wanted", len(snap.Done), len(snap.Undone))
	}
	data, _ := Encode(snap, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	s := string(data)
	steps := fmt.Sprintf("\nfight = \"\"\nchanges = 0\ndone_steps = %d\nundone_steps = %d\nphases = [\"turns\"]\n", len(snap.Done), len(snap.Undone))
	for _, want := range []string{"\nschema = 4\nchecksum = \"", `name = "Bridge ambush"`, steps, `ruleset = "pathmaster"`, `saved = "2026-11-21T12:00:00Z"`,
		"[current]", "[base]", "\n[history]\ndone = [\n", "\n{cmd = {op = \"start\"}", `{kind = "round", round = 1, fact = {RoundBegins = {}}}`,
		"}]},\n]\nundone = [\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("save lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(s)
	}
}

// Saves that do not read, or hold a fight the ruleset could not have made,
// are refused, saying where and why (and left as they are: see the hostile
// files test in package main).
func TestBadSaves(t *testing.T) {
	good, _ := Encode(randomFight(t, "pathmaster", 2, 20).Snapshot(), time.Now())
	gs := string(good)
	hist := strings.Index(gs, "\n[history]")
	nthStep := func(n int) int { // the offset of the n-th history line
		off := strings.Index(gs, "done = [\n") + len("done = [\n")
		for range n {
			off += strings.IndexByte(gs[off:], '\n') + 1
		}
		return off
	}
	cur := strings.Index(gs, "\n[current]\n")
	cases := []struct {
		name, data, want string
	}{
		{"truncated in the head", gs[:hist/2], "x.toml:"},
		{"truncated in the history", gs[:nthStep(5)+7], "x.toml:"},
		{"truncated at a line", gs[:nthStep(5)], "the list of steps is not closed"},
		{"no history", gs[:hist+1], "has no [history]"},
		{"garbled head", strings.Replace(gs, "\n[current]\n", "\n[current\n", 1), "not a readable save"},
		{"garbled step", gs[:nthStep(3)] + "{cmd = {op = }},\n" + gs[nthStep(3):], fmt.Sprintf("x.toml:%d:", strings.Count(gs[:nthStep(3)], "\n")+1)},
		{"a step without its comma", gs[:nthStep(3)-2] + "\n" + gs[nthStep(3):], "needs a comma"},
		{"an unknown key in a step", strings.Replace(gs, `{cmd = {op = "start"}`, `{cmd = {op = "start", Op = "next"}`, 1), `unknown key "Op"`},
		{"empty", "", "not a fray save"},
		{"newer schema", strings.Replace(gs, "schema = 4", "schema = 5", 1), "x.toml:7:1: saved by a newer fray (schema 5; this fray reads schema 4)"},
		{"unknown ruleset", strings.Replace(gs, `ruleset = "pathmaster"`, `ruleset = "gurps"`, 1), `x.toml:10:1: unknown ruleset "gurps"`},
		{"bad rng", strings.Replace(gs, `rng = "`, `rng = "zz`, 1), "bad random state"},
		{"wrong type", strings.Replace(gs, "\nround = ", "\nround = \"x\"\n#", 1), "x.toml:"},
		{"keys differing in case", strings.Replace(gs, "\n[current]\n", "\n[current]\nNAME = \"again\"\n", 1), "differ only in case"},
		{"a repeated combatant id", gs[:cur] + strings.Replace(gs[cur:], "\nid = 2\n", "\nid = 1\n", 1), "bad or repeated id 1"},
		{"combatants out of the order they joined", gs[:cur] + strings.NewReplacer("\nid = 1\n", "\nid = 2\n", "\nid = 2\n", "\nid = 1\n").Replace(gs[cur:]),
			"the combatants are kept in the order they joined"},
		{"a phase out of range", gs[:cur] + strings.Replace(gs[cur:], "\nphase = 0\n", "\nphase = 7\n", 1), "does not fit ruleset"},
		{"an order naming nobody", gs[:cur] + strings.Replace(gs[cur:], "\nwho = 1\n", "\nwho = 99\n", 1), "does not fit ruleset"},
		{"hit points out of range", gs[:cur] + strings.Replace(gs[cur:], "\nhp = ", "\nhp = 9999\n#", 1), "hit points 9999 out of range"},
		{"another ruleset's fight", gs[:cur] + strings.Replace(gs[cur:], `ruleset = "pathmaster"`, `ruleset = "brp"`, 1), `[current] is a fight of ruleset "brp"`},
		{"history twice", gs[:cur] + "[history]\n" + gs[cur:], "x.toml:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.data == gs {
				t.Fatal("the case did not change the save")
			}
			_, err := Decode("x.toml", []byte(c.data), shippedRules)
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want a LoadError with %q", err, c.want)
			}
		})
	}
}

// A save whose history does not lead to its state (a step edited by hand)
// opens at its state: undo stops there, says why, and the history is kept.
func TestEditedHistoryOpensAtItsState(t *testing.T) {
	a := randomFight(t, "pathmaster", 2, 20)
	good, _ := Encode(a.Snapshot(), time.Now())
	for name, edit := range map[string]string{
		"a step's command": strings.Replace(string(good), `op = "next"`, `op = "end"`, 1),
		"a step's faces":   strings.Replace(string(good), "faces = [", "faces = [99, ", 1),
	} {
		b, err := Decode("x.toml", []byte(edit), shippedRules)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) {
			t.Fatalf("%s: not opened at its state", name)
		}
		if _, err := b.Fight.Replay(-1); err == nil || b.Fight.CanUndo() {
			t.Fatalf("%s: the history replays (%v), or undo goes past it", name, err)
		}
		again, _ := Encode(b.Snapshot(), time.Now())
		if c, err := Decode("x.toml", again, shippedRules); err != nil || len(c.Fight.Done) != len(a.Fight.Done) {
			t.Fatalf("%s: saved again, the history is not all there (%v)", name, err)
		}
	}
}

func TestChangedContentStillOpens(t *testing.T) {
	a := randomFight(t, "pathmaster", 3, 30)
	data, _ := Encode(a.Snapshot(), time.Now())
	// The ruleset's content changed, not the save: its checksum matches.
	s := string(resum([]byte(strings.Replace(string(data), `ruleset_hash = "`+a.Hash+`"`, `ruleset_hash = "0123456789abcdef"`, 1))))
	b, err := Decode("x.toml", []byte(s), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notices) != 1 || !strings.Contains(b.Notices[0], "has changed") {
		t.Errorf("notices: %v", b.Notices)
	}
	// A changed ruleset whose history no longer replays opens as saved,
	// keeping the history.
	s = string(resum([]byte(strings.Replace(s, "faces = [", "faces = [99, ", 1))))
	b, err = Decode("x.toml", []byte(s), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) || b.Fight.CanUndo() || len(b.Fight.Done) != len(a.Fight.Done) {
		t.Errorf("fallback: state differs, undo goes on, or steps lost")
	}
	if len(b.Notices) != 2 || !strings.Contains(b.Notices[1], "undo starts from here") || !strings.Contains(b.Notices[1], "every step is kept") {
		t.Errorf("notices: %v", b.Notices)
	}
}

// resum gives a save edited in a test the checksum fray would have
// written, as if fray had written it so.
func resum(data []byte) []byte {
	start, end, _, ok := checksumLine(data)
	if !ok {
		panic("no checksum line")
	}
	out := append([]byte(nil), data...)
	at := start + bytes.IndexByte(data[start:end], '"') + 1
	copy(out[at:], fmt.Sprintf("%08x", contentSum(data, start, end)))
	return out
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

// One fray at a time writes a fight; a save and its backup share the lock.
func TestLock(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fight.toml")
	a, err := Acquire(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Acquire(p); !errors.Is(err, session.ErrLocked) {
		t.Fatalf("second lock: %v", err)
	}
	if _, err := Acquire(p + ".bak"); !errors.Is(err, session.ErrLocked) {
		t.Fatalf("the backup's lock: %v", err)
	}
	a.Release()
	b, err := Acquire(p + ".bak")
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
	// A lock alone takes its name (a fight being made), a gap is used.
	os.WriteFile(filepath.Join(Dir(), "bridge-ambush-2.toml.lock"), nil, 0o644)
	os.WriteFile(filepath.Join(Dir(), "bridge-ambush-4.toml"), nil, 0o644)
	if q := NewPath(Dir(), "Bridge ambush"); filepath.Base(q) != "bridge-ambush-3.toml" {
		t.Errorf("path beside a lock and a gap = %s", q)
	}
	os.Remove(filepath.Join(Dir(), "bridge-ambush-2.toml.lock"))
	os.Remove(filepath.Join(Dir(), "bridge-ambush-4.toml"))
	if q := NewPath(filepath.Join(dir, "none"), "Bridge ambush"); q != filepath.Join(dir, "none", "bridge-ambush.toml") {
		t.Errorf("path in a folder not made yet = %s", q)
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
	if old, err := os.ReadFile("testdata/schema2-brp.toml"); err == nil {
		f.Add(old)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Decode("f.toml", data, shippedRules)
		var le *LoadError
		if err != nil && !errors.As(err, &le) {
			t.Fatalf("not a LoadError: %v", err)
		}
		if err == nil {
			s.Fight.Replay(-1) // the history may not replay, but must not panic
		}
	})
}

// Saves written before the log became comments had it as a key: they load.
func TestLogAsKeyStillLoads(t *testing.T) {
	data, err := os.ReadFile("testdata/schema2-brp.toml")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Decode("new.toml", data, shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	old := strings.ReplaceAll(string(data), "[[steps]]\n", "[[steps]]\nlog = [\"a line\", \"another\"]\n")
	b, err := Decode("old.toml", []byte(old), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's ruleset may have changed since it was written: the
	// old form must say no more than the new one does.
	if !reflect.DeepEqual(*b.Fight.Current(), *a.Fight.Current()) || !reflect.DeepEqual(b.Notices, a.Notices) {
		t.Errorf("an old save loads differently (notices %v, not %v)", b.Notices, a.Notices)
	}
}

// A new fight takes the temp files a killed fray left of a fight of that
// name (its lock file is there), and only those; one whose lock file is
// made new has none to take.
func TestCreateCleansItsTempFiles(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	a := randomFight(t, "pathmaster", 1, 5)
	write := func(names ...string) {
		for _, n := range names {
			if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	write("old.toml.lock", ".old.toml.tmp-1", ".old.toml.journal.tmp-2", ".other.toml.tmp-3")
	for _, name := range []string{"old.toml", "new.toml"} {
		j, err := st.Create(filepath.Join(dir, name), a.Snapshot(), false)
		if err != nil {
			t.Fatal(err)
		}
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if want := []string{filepath.Join(dir, ".other.toml.tmp-3")}; !slices.Equal(left, want) {
		t.Errorf("temp files left: %v, want %v", left, want)
	}
}

// A new fight's file reserved before the fight is made is the one NewPath
// gives for its name, locked from the start, and the fight made in it
// keeps that lock; one not used is let go.
func TestReserve(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, shippedRules, time.Now)
	a := randomFight(t, "pathmaster", 1, 5)
	st.Reserve("Demo: orcs")
	p := st.NewPath("Demo: orcs")
	if filepath.Dir(p) != dir || !isHeldHere(p) {
		t.Fatalf("reserved %s: held %v", p, isHeldHere(p))
	}
	if other := st.NewPath("Demo: orcs 2"); other == p {
		t.Errorf("another name is given the reserved file")
	}
	if again := NewPath(dir, "Demo: orcs"); again == p {
		t.Errorf("the reserved file is given to a fight made elsewhere")
	}
	j, err := st.Create(p, a.Snapshot(), false)
	if err != nil {
		t.Fatal(err)
	}
	st.Unreserve() // the fight was made in it: nothing to let go
	if !isHeldHere(p) {
		t.Error("the fight made in the reserved file does not hold its lock")
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	if isHeldHere(p) {
		t.Error("the fight closed still holds its lock")
	}
	if next := st.NewPath("Demo: orcs"); next == p {
		t.Error("the reserved file is given again once used")
	}

	st.Reserve("Unused")
	q := st.NewPath("Unused")
	st.Unreserve()
	if isHeldHere(q) {
		t.Error("a reserved file not used is still locked")
	}
	if l, err := Acquire(q); err != nil {
		t.Errorf("a reserved file not used cannot be locked: %v", err)
	} else {
		l.Release()
	}
}
