package saves

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// The crash test. A child process opens a fight and makes change after
// change, saying "ack N" once change N is durable (as the screen would stop
// showing it as saving); it is killed with SIGKILL at a random moment: while
// it opens the fight, appends a change, writes a snapshot or rewrites the
// journal. Then the test starts fray's store again, as the next fray would,
// and checks: no temp file is left, every change the child acknowledged is
// there, and the fight is exactly the fight those changes make (the
// sequence of changes is a function of their numbers, the dice the fight's
// own, so the test plays it too). The child then goes on from there: one
// fight lives through every kill of its size.
//
// Every other run the disk misbehaves too, through the writer's file seam
// (faultPlan): it fills up (writes fail part way), the journal is made
// unwritable (as chattr +i does), the journal is deleted as fray appends
// to it, or operations fail at random; each for a while, then the disk
// heals. The child acknowledges a change as the screen calls it saved:
// once Wait returns for it, never while writes fail. A change acknowledged
// and missing after the kill is lost; the test fails on the first. The one
// loss fray cannot prevent is a journal deleted, by another program, with
// changes in it the save does not hold yet: a kill in the moment before
// fray, seeing it gone, writes the fight whole, leaves them destroyed with
// the journal. Such runs are counted apart (they need a kill within
// milliseconds of a deletion), and the fight goes on from what is left.
//
// Fights of 10, 1,000 and 5,000 steps share the kills. go test runs 24 of
// them (6 with -short or -race); .ci/run sets FRAY_CRASH_KILLS=300.
func TestCrashSafety(t *testing.T) {
	if os.Getenv("FRAY_CRASH_CHILD") != "" {
		return
	}
	kills := 24
	if testing.Short() || raceBuild {
		kills = 6
	}
	if s := os.Getenv("FRAY_CRASH_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 3 {
			t.Fatalf("FRAY_CRASH_KILLS=%q", s)
		}
		kills = n
	}
	sizes := []int{10, 1000, 5000}
	r := rand.New(rand.NewPCG(1, 2))
	var during = map[string]int{}
	faults := map[string]int{}
	extra, shown, lost, destroyed, excused := 0, 0, 0, 0, 0
	start := time.Now()
	for i, size := range sizes {
		runs := kills / len(sizes)
		if i < kills%len(sizes) {
			runs++
		}
		dir := t.TempDir()
		st := NewStore(dir, shippedRules, time.Now)
		f, src := crashFight(t, size)
		path := filepath.Join(dir, "crash.toml")
		j, err := st.Create(path, session.Saved{Name: "crash", Fight: f, Source: src, Hash: crashHash}.Snapshot(), false)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
		sim, _ := crashFight(t, size) // plays what the child plays
		simN, before := 0, 0
		for k := range runs {
			faulty := k%2 == 1
			run := crashRun(t, path, r, faulty)
			doing, acked := run.doing, run.acked
			for _, d := range doing {
				during[d]++
			}
			for f, n := range run.faults {
				faults[f] += n
			}
			shown += max(acked-before, 0)
			what := strings.Join(doing, " and ")
			if faulty {
				what += ", the disk failing"
			}
			sv, err := st.Open(path)
			if err != nil {
				t.Fatalf("%d steps, kill %d (%s): the fight does not open: %v", size, k, what, err)
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(tmp) > 0 {
				t.Fatalf("%d steps, kill %d (%s): temp files left after the next start: %v", size, k, what, tmp)
			}
			if kept, _ := filepath.Glob(filepath.Join(dir, "*.kept-*")); len(kept) > 0 {
				t.Fatalf("%d steps, kill %d (%s): a kill damaged the journal: %v (%v)", size, k, what, kept, sv.Notices)
			}
			for _, n := range sv.Notices {
				if !strings.Contains(n, "cut short by a crash") {
					t.Fatalf("%d steps, kill %d (%s): %s", size, k, what, n)
				}
			}
			w := sv.Journal.(*writer)
			got := w.durable
			switch {
			case got < acked && run.deleted:
				// Destroyed with the journal before fray could see it gone.
				excused++
				destroyed += acked - got
				sim, _ = crashFight(t, size)
				simN = 0
			case got < acked:
				lost += acked - got
				t.Logf("the child's last lines:\n%s", strings.Join(run.tail, "\n"))
				t.Fatalf("%d steps, kill %d (%s): the fight has %d changes, %d were acknowledged (shown as saved)", size, k, what, got, acked)
			}
			extra += max(got-max(acked, before), 0) // changes made durable that the kill kept from being acknowledged
			before = got
			for ; simN < got; simN++ {
				crashChange(t, sim, simN+1)
			}
			sameFight(t, fmt.Sprintf("%d steps, kill %d (%s), change %d", size, k, what, got), sv.Fight, sim, sv.Source.State(), sim.Dice.(*dice.Source).State())
			// This fray ends too: killed, or quitting.
			if r.IntN(2) == 0 {
				w.crash()
			} else if err := w.Close(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d kills in %v: during %v; the disk failing in %d of them (%v)", kills, time.Since(start).Round(time.Millisecond), during, kills/2, faults)
	t.Logf("changes shown as saved: %d; lost: %d (%d more were durable, not yet shown as saved)", shown, lost, extra)
	t.Logf("kills between a deletion of the journal and fray's writing it again: %d, destroying %d changes with it", excused, destroyed)
	if kills >= 100 && (during["append"] < kills/20 || during["snapshot"] < kills/20) {
		t.Errorf("too few kills while appending or while writing a snapshot: %v", during)
	}
	if kills >= 100 && (faults["disk full"] == 0 || faults["journal unwritable"] == 0 || faults["journal deleted"] == 0 || faults["at random"] == 0) {
		t.Errorf("a kind of fault never came: %v", faults)
	}
}

// crashHash is the hash the crash fights' saves name.
var crashHash = func() string { _, h, _ := shippedRules("pathmaster"); return h }()

// crashFight is a Pathmaster fight of the given number of steps.
func crashFight(t testing.TB, steps int) (*engine.Fight, *dice.Source) {
	rs, _, _ := shippedRules("pathmaster")
	src := dice.NewSource(9)
	f := engine.NewFight(rs, engine.NewEncounter("crash", rs), src)
	var add []engine.NewCombatant
	for i := range 6 {
		add = append(add, engine.NewCombatant{Name: fmt.Sprintf("Fighter %d", i+1), HP: 990, Stats: map[string]int{"QU": i}})
	}
	if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	for n := range steps - 2 {
		crashChange(t, f, -n-1)
	}
	return f, src
}

// crashChange makes change n to the fight: a function of n and the fight.
func crashChange(t testing.TB, f *engine.Fight, n int) (session.ChangeOp, engine.Step) {
	r := rand.New(rand.NewPCG(uint64(n), 99))
	enc := f.Current()
	who := enc.Combatants[r.IntN(len(enc.Combatants))].ID
	switch x := r.IntN(20); {
	case x == 0 && f.CanUndo() && n > 0:
		if s, ok := f.Undo(); ok {
			return session.OpUndo, s
		}
		t.Fatalf("undo: %v", f.Broken())
	case x == 1 && f.CanRedo():
		s, err := f.Redo()
		if err != nil {
			t.Fatal(err)
		}
		return session.OpRedo, s
	case x < 8:
		return crashDo(t, f, engine.Damage{Who: who, Expr: "1d4"})
	case x < 11:
		return crashDo(t, f, engine.Heal{Who: who, Expr: "1d4"})
	case x == 11:
		return crashDo(t, f, engine.Notes{Who: who, Text: fmt.Sprintf("change %d \x1b[31m\u202e", n)})
	}
	return crashDo(t, f, engine.Next{})
}

func crashDo(t testing.TB, f *engine.Fight, cmd engine.Command) (session.ChangeOp, engine.Step) {
	if _, err := f.Do(cmd); err != nil {
		t.Fatalf("%+v: %v", cmd, err)
	}
	return session.OpDo, f.Done[len(f.Done)-1]
}

// crashResult is what a run of the child did before it was killed.
type crashResult struct {
	doing  []string       // what it was doing as it was killed
	acked  int            // the last change it acknowledged (shown as saved)
	faults map[string]int // the faults it met, by kind
	// deleted is set when the kill came after the journal was deleted
	// and before the fight was written whole again.
	deleted bool
	tail    []string // the child's last lines, to say what happened
}

// crashRun runs the child on the fight at path (its disk failing now and
// then, when faulty), kills it, and says what it did.
func crashRun(t *testing.T, path string, r *rand.Rand, faulty bool) crashResult {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$")
	cmd.Env = append(os.Environ(), "FRAY_CRASH_CHILD="+path)
	if faulty {
		cmd.Env = append(cmd.Env, fmt.Sprintf("FRAY_CRASH_FAULTS=%d", r.Uint64()))
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		acked int
		// What the child was doing: the snapshot runs beside the appends,
		// so a kill may come in the middle of both.
		opening                              = true
		appending, snapping, rotating, whole bool
		deleted                              bool
		faults                               = map[string]int{}
		tail                                 []string
		ready                                = make(chan struct{})
		closed                               = make(chan struct{})
	)
	go func() {
		defer close(closed)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			mu.Lock()
			if !strings.HasPrefix(line, "ack ") || len(tail) == 0 || !strings.HasPrefix(tail[len(tail)-1], "ack ") {
				tail = append(tail, line)
			} else {
				tail[len(tail)-1] = line // only the last of a run of acks
			}
			if len(tail) > 80 {
				tail = tail[1:]
			}
			switch {
			case strings.HasPrefix(line, "ack "):
				acked, _ = strconv.Atoi(line[4:])
			case line == "ready":
				if opening {
					opening = false
					close(ready)
				}
			case line == "append":
				appending = true
			case line == "synced":
				appending = false
			case line == "snapshot":
				snapping = true
			case line == "snapshot written":
				snapping = false
			case line == "rotate":
				rotating = true
			case line == "rotated":
				rotating, deleted = false, false // the journal is there again
			case line == "rotate failed":
				rotating = false
			case line == "whole":
				whole = true
			case line == "whole failed":
				whole = false
			case line == "whole written":
				whole, deleted = false, false
			case strings.HasPrefix(line, "fault "):
				faults[line[6:]]++
			case line == "deleted":
				deleted = true
			case strings.HasPrefix(line, "error"):
				t.Errorf("the child: %s", line)
			}
			mu.Unlock()
		}
	}()
	// Now and then the kill comes while the fight opens; else some time
	// after it is open.
	if r.IntN(10) > 0 {
		select {
		case <-ready:
		case <-closed:
		case <-time.After(20 * time.Second):
			t.Fatal("the child did not open the fight")
		}
	}
	time.Sleep(time.Duration(r.IntN(120_000)) * time.Microsecond)
	mu.Lock()
	var doing []string
	for what, on := range map[string]bool{"opening": opening, "append": appending, "snapshot": snapping, "rotate": rotating, "whole": whole} {
		if on {
			doing = append(doing, what)
		}
	}
	mu.Unlock()
	cmd.Process.Signal(syscall.SIGKILL)
	<-closed
	cmd.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(doing) == 0 {
		doing = []string{"between changes"}
	}
	return crashResult{doing: doing, acked: acked, faults: faults, deleted: deleted, tail: tail}
}

// faultPlan makes the child's disk misbehave: a healthy stretch of some
// operations, then a fault for some operations, and again. Each fault is
// said on stdout ("fault KIND"), and so is a deletion of the journal.
type faultPlan struct {
	mu    sync.Mutex
	r     *rand.Rand
	jpath string
	kind  string // "" while the disk is healthy
	left  int    // operations until the next change of state
}

func (p *faultPlan) fail(op, path string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.left <= 0 {
		if p.kind != "" {
			p.kind, p.left = "", 20+p.r.IntN(200)
			return nil
		}
		p.kind = []string{"disk full", "journal unwritable", "journal deleted", "at random"}[p.r.IntN(4)]
		p.left = 5 + p.r.IntN(40)
		fmt.Println("fault", p.kind)
	}
	p.left--
	switch p.kind {
	case "disk full":
		if op == "write" || op == "create" {
			return syscall.ENOSPC
		}
	case "journal unwritable":
		if journalFile(path) {
			return syscall.EPERM
		}
	case "journal deleted":
		if op == "write" && strings.HasSuffix(path, ".journal") {
			fmt.Println("deleted") // first: a kill between the two is a deletion said
			os.Remove(p.jpath)
			p.left = 0
		}
	case "at random":
		if p.r.IntN(4) == 0 {
			return []error{syscall.EIO, syscall.ENOSPC, syscall.EPERM}[p.r.IntN(3)]
		}
	}
	return nil
}

// TestCrashChild is the child of TestCrashSafety; it does nothing otherwise.
func TestCrashChild(t *testing.T) {
	path := os.Getenv("FRAY_CRASH_CHILD")
	if path == "" {
		return
	}
	// Snapshots every 32 changes, not 256: a run of the child then takes
	// several, and rewrites the journal after each.
	snapshotEvery = 32
	retryFirst, retryMost, watchEvery = 2*time.Millisecond, 20*time.Millisecond, 10*time.Millisecond
	trace = func(what string) { fmt.Println(what) }
	log.SetOutput(io.Discard) // what fails is said on stdout, for the test
	st := NewStore(filepath.Dir(path), shippedRules, time.Now)
	ffs := newFaultFS()
	st.fs = ffs
	sv, err := st.Open(path)
	if err != nil {
		fmt.Println("error", err)
		return
	}
	if seed, err := strconv.ParseUint(os.Getenv("FRAY_CRASH_FAULTS"), 10, 64); err == nil {
		plan := &faultPlan{r: rand.New(rand.NewPCG(seed, 3)), jpath: journalPath(path)}
		plan.left = 10 + plan.r.IntN(100)
		ffs.set(plan.fail) // the disk misbehaves once the fight is open
	}
	sess := &session.Session{}
	sess.Open(sv)
	n := sv.Journal.(*writer).durable
	fmt.Println("ready")
	for {
		n++
		op, step := crashChange(t, sess.Fight, n)
		k := sess.Record(op, step)
		if k != n {
			fmt.Println("error: change", k, "is not", n)
			return
		}
		if err := sess.Wait(k); err != nil {
			fmt.Println("error", err)
			return
		}
		fmt.Printf("ack %d\n", k)
	}
}
