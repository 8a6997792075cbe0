//go:build e2e

// The end-to-end test runs the fray binary in tmux as a GM would, with a
// fresh HOME. It needs tmux, so it is behind a tag; .ci/run runs it:
//
//	go test -tags e2e -run TestEndToEnd -v .
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/content"
	"fray/engine"
	"fray/saves"
)

// term is one fray in its own tmux server, at 80x24.
type term struct {
	t      testing.TB
	socket string
}

func (tm term) tmux(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func startTerm(t testing.TB, home, bin string, args ...string) term {
	t.Helper()
	return startTermEnv(t, home, bin, "", args...)
}

// startTermEnv is startTerm with more of the environment set for fray
// ("NAME=value ...", as env takes it).
func startTermEnv(t testing.TB, home, bin, env string, args ...string) term {
	t.Helper()
	tm := term{t: t, socket: filepath.Join(t.TempDir(), "tmux")}
	// The pane stays after fray exits, so what it printed last can be read.
	cmd := fmt.Sprintf("env -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u NO_COLOR HOME=%s TERM=xterm-256color %s %s",
		home, env, strings.Join(append([]string{bin}, args...), " "))
	tm.tmux("-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", "fray", cmd)
	tm.tmux("set-option", "-t", "fray", "remain-on-exit", "on")
	pid := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "fray", "#{pane_pid}"))
	t.Cleanup(func() {
		exec.Command("tmux", "-S", tm.socket, "kill-server").Run()
		waitExit(pid)
	})
	return tm
}

// waitExit waits (5 s at most) until the process is gone or a zombie: fray
// saves its fight as the hang-up ends it, and the test's temporary
// directory is removed only after that.
func waitExit(pid string) {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			return
		}
		if i := strings.LastIndexByte(string(stat), ')'); i < 0 || strings.HasPrefix(string(stat[i:]), ") Z") {
			return
		}
	}
}

func (tm term) screen() string { return tm.tmux("capture-pane", "-p", "-t", "fray") }

// keys types tmux key names ("Enter", "C-s") or text.
func (tm term) keys(ks ...string) {
	tm.t.Helper()
	for _, k := range ks {
		tm.tmux("send-keys", "-t", "fray", k)
	}
}

// text types a string literally.
func (tm term) text(s string) {
	tm.t.Helper()
	tm.tmux("send-keys", "-t", "fray", "-l", s)
}

// waitFor waits until the screen shows the pattern, and returns the screen.
func (tm term) waitFor(what string, re *regexp.Regexp) string {
	tm.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := tm.screen()
		if re.MatchString(s) {
			return s
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waiting for %s (%s); the screen:\n%s", what, re, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (tm term) dead() bool {
	return strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "fray", "#{pane_dead}")) == "1"
}

// quit presses q and waits for fray to end.
func (tm term) quit() {
	tm.t.Helper()
	tm.keys("q")
	for i := 0; !tm.dead(); i++ {
		if i > 500 {
			tm.t.Fatalf("fray did not quit:\n%s", tm.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// selectRow moves the selection until the panel (right of the order) names want.
func (tm term) selectRow(want string) {
	tm.t.Helper()
	selected := func(s string) string { // the panel's heading: "Gavvin · party"
		lines := strings.Split(s, "\n")
		if len(lines) < 2 {
			return ""
		}
		_, head, _ := strings.Cut(lines[1], "│")
		name, _, _ := strings.Cut(head, " · ")
		return strings.TrimSpace(name)
	}
	// Counted from the order: j or k as many times as the rows between the
	// selection and the row wanted, then the panel must name it. Waiting for
	// the screen to change after a key that cannot move the selection (at
	// either end of the order) took seconds a key on a loaded machine.
	for range 3 {
		s := tm.screen()
		at := selected(s)
		if at == want {
			return
		}
		from, to := rowIndex(s, at), rowIndex(s, want)
		if from < 0 || to < 0 {
			break
		}
		key, n := "j", to-from
		if n < 0 {
			key, n = "k", -n
		}
		for range n {
			tm.keys(key)
		}
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if selected(tm.screen()) == want {
				return
			}
		}
	}
	tm.t.Fatalf("could not select %s:\n%s", want, tm.screen())
}

// rowIndex is the line of the order's row for a combatant, or -1.
func rowIndex(screen, name string) int {
	if name == "" {
		return -1
	}
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(name) + `(\s|$)`)
	for i, l := range strings.Split(screen, "\n") {
		if j := strings.Index(l, "│"); i > 1 && j > 0 && re.MatchString(l[:j]) {
			return i
		}
	}
	return -1
}

// row returns the order's line for a combatant.
func row(screen, name string) string {
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, "│"); i > 0 && strings.Contains(l[:i], name) {
			return l[:i]
		}
	}
	return ""
}

// build builds fray and makes an empty HOME for it.
func build(t testing.TB) (bin, home string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("the end-to-end test needs tmux (.ci/run installs it)")
	}
	dir := t.TempDir()
	bin = filepath.Join(dir, "fray")
	// Built as the README installs it: static, without cgo.
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home = filepath.Join(dir, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, home
}

func TestEndToEnd(t *testing.T) {
	bin, home := build(t)

	// A fresh machine: the start screen offers the demo, and enter opens it.
	tm := startTerm(t, home, bin)
	tm.waitFor("the start screen", regexp.MustCompile(`Demo: Gavvin and the orcs`))
	tm.keys("Enter")
	s := tm.waitFor("the demo", regexp.MustCompile(`Round 1 · \S+( \d)? acts`))
	for _, n := range []string{"Gavvin", "Orc 1", "Orc 2", "Orc 3"} {
		if row(s, n) == "" {
			t.Fatalf("the demo lacks %s:\n%s", n, s)
		}
	}

	// Two rounds: step until round 3 begins.
	for i := 0; !strings.Contains(tm.screen(), "Round 3 ·"); i++ {
		if i > 20 {
			t.Fatalf("20 steps and no round 3:\n%s", tm.screen())
		}
		before := tm.screen()
		tm.keys("n")
		for j := 0; j < 200 && tm.screen() == before; j++ {
			time.Sleep(10 * time.Millisecond)
		}
	}

	// Stun Orc 2 (the first level of the ladder, 2 rounds) and give it a wound bleeding 3.
	tm.selectRow("Orc 2")
	tm.keys("s")
	tm.waitFor("the stun dialog", regexp.MustCompile(`Stun Orc 2`))
	tm.keys("Enter")
	tm.waitFor("the rounds prompt", regexp.MustCompile(`how many rounds\?`))
	tm.keys("C-u")
	tm.text("2")
	tm.keys("Enter")
	s = tm.waitFor("the stun", regexp.MustCompile(`Orc 2 .*stun 2`))
	tm.keys("b")
	tm.waitFor("the bleeding dialog", regexp.MustCompile(`Bleeding: Orc 2`))
	tm.keys("Enter")
	tm.waitFor("the wound prompt", regexp.MustCompile(`New wound on Orc 2`))
	tm.keys("C-u")
	tm.text("3")
	tm.keys("Enter")
	// The log says it: at 80x24 the panel of a Downed, Fatigued orc runs out
	// of lines before its wounds.
	s = tm.waitFor("the wound", regexp.MustCompile(`bleeds 3 a round from a new wound`))
	orc := row(s, "Orc 2")

	// Save under a name of our own, then quit.
	tm.keys("C-s")
	tm.waitFor("the save-as prompt", regexp.MustCompile(`Save as`))
	tm.keys("C-u")
	tm.text("Table fight")
	tm.keys("Enter")
	tm.waitFor("the save", regexp.MustCompile(`saved as`))
	tm.quit()
	out := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "fray") // -J: a long path wraps; -S -: from the history on
	m := regexp.MustCompile(`fray: saved (\S+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("fray did not say where it saved:\n%s", out)
	}
	path := m[1]
	if want := filepath.Join(home, ".local", "share", "fray"); filepath.Dir(path) != want {
		t.Errorf("saved to %s, not under %s", path, want)
	}

	// The save file holds the fight as the screen showed it.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lib, _ := content.LoadBuiltin()
	saved, err := saves.Decode(path, data, lib.Tracker().Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	enc := saved.Fight.Current()
	var o2 *engine.Combatant
	for i := range enc.Combatants {
		if enc.Combatants[i].Name == "Orc 2" {
			o2 = enc.Combatants[i]
		}
	}
	switch {
	case saved.Name != "Table fight" || enc.Round != 3:
		t.Errorf("saved %q at round %d", saved.Name, enc.Round)
	case o2 == nil:
		t.Error("Orc 2 is not in the save")
	case o2.StunTotal() != 2 || o2.Bleeding() != 3:
		t.Errorf("saved Orc 2: stun %v, bleeding %d", o2.Stun, o2.Bleeding())
	}
	if err := saved.Fight.Verify(); err != nil {
		t.Errorf("the saved fight: %v", err)
	}

	// Start again: enter resumes the fight where it was.
	tm = startTerm(t, home, bin)
	tm.waitFor("the start screen", regexp.MustCompile(`Resume Table fight`))
	tm.keys("Enter")
	s = tm.waitFor("the fight", regexp.MustCompile(`Table fight · Pathmaster · Round 3`))
	if got := row(s, "Orc 2"); got != orc {
		t.Errorf("Orc 2 after resuming:\n %q\nbefore quitting:\n %q", got, orc)
	}
	// Undo reaches back past the restart: the wound goes, then the stun.
	tm.keys("u")
	tm.waitFor("the undo of the wound", regexp.MustCompile(`undid Orc 2 .*wound`))
	tm.keys("u")
	s = tm.waitFor("the undo of the stun", regexp.MustCompile(`undid Orc 2 takes 2 rounds`))
	if r := row(s, "Orc 2"); strings.Contains(r, "stun") || strings.Contains(r, "bleed") {
		t.Errorf("Orc 2 after two undos: %q", r)
	}
	tm.quit()
	t.Logf("the last screen:\n%s", s)
}

// The time from starting fray demo to its whole first frame on a tmux
// screen, against a bare printf of the same screen followed by cat, shown and
// read the same way: each run respawns the pane with the command and reads
// the screen until its last line is there. The difference is what fray costs.
// The first start, which draws the screen printf shows, makes the content's
// index the timed ones find, as every start but the first finds it.
//
// The pane is respawned and read through one tmux client in control mode
// (ctlClient), not a tmux process a command: a process a read took 3 ms of
// a core, every millisecond, from what it timed on a 2-core machine (and
// fray, starting on both cores, more than printf), and saw the screen only
// every 4 ms. A read now is a tenth of a millisecond of the server's time.
//
//	go test -tags e2e -run '^$' -bench Tmux -benchtime 50x .
//	go test -tags e2e -run '^$' -bench Tmux -benchtime 50x . -args -compare /tmp/fray-old
func BenchmarkTmuxFirstFrame(b *testing.B) {
	bin, home := build(b)
	tm := startTerm(b, home, bin, "demo")
	frame := tm.waitFor("the demo", regexp.MustCompile(`\? all keys`))
	script := filepath.Join(b.TempDir(), "frame.txt")
	if err := os.WriteFile(script, []byte(strings.TrimRight(frame, "\n")), 0o644); err != nil {
		b.Fatal(err)
	}
	last := regexp.MustCompile(`\? all keys`)
	ctl := startCtl(b, tm)
	// clear leaves an empty pane, the program before gone (a fray saving as
	// it quits would take a core from the next).
	clear := func() {
		pid := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "fray", "#{pane_pid}"))
		tm.tmux("respawn-pane", "-k", "-t", "fray", "exec cat")
		for _, err := os.Stat("/proc/" + pid); err == nil; _, err = os.Stat("/proc/" + pid) {
			time.Sleep(time.Millisecond)
		}
		for last.MatchString(tm.screen()) {
			time.Sleep(time.Millisecond)
		}
	}
	defer clear()
	runs := []struct{ name, cmd string }{
		{"printf+cat", fmt.Sprintf("sh -c 'printf \"%%s\" \"$(cat %s)\"; exec cat'", script)},
		{"fray-demo", fmt.Sprintf("env -u XDG_CACHE_HOME HOME=%s TERM=xterm-256color %s demo", home, bin)},
	}
	if *compareBin != "" {
		runs = append(runs, struct{ name, cmd string }{"compare-demo", fmt.Sprintf("env -u XDG_CACHE_HOME HOME=%s TERM=xterm-256color %s demo", home, *compareBin)})
	}
	for _, c := range runs {
		b.Run(c.name, func(b *testing.B) {
			// The mean is ns/op; the median is reported too, as a few runs
			// slowed by the machine (the shared VM, a cold cache) pull the
			// mean up.
			var took []time.Duration
			respawn := "respawn-pane -k -t fray " + tmuxQuote(c.cmd)
			for b.Loop() {
				b.StopTimer()
				clear()
				b.StartTimer()
				t0 := time.Now()
				ctl.cmd(respawn)
				for !last.MatchString(ctl.cmd("capture-pane -p -t fray")) {
					time.Sleep(time.Millisecond) // as often as before, each read far cheaper
				}
				took = append(took, time.Since(t0))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2])/1e6, "ms-median")
		})
	}
}

// ctlClient is a tmux client in control mode (tmux -C): commands are
// written to it a line each, and each answer read back, with no process
// started for one.
type ctlClient struct {
	t   testing.TB
	in  io.WriteCloser
	out *bufio.Reader
}

// startCtl attaches a control client to tm's session, its panes' output
// not sent to it (no-output: only what is asked for is read).
func startCtl(t testing.TB, tm term) *ctlClient {
	t.Helper()
	cmd := exec.Command("tmux", "-S", tm.socket, "-C", "attach", "-f", "no-output", "-t", "fray")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	c := &ctlClient{t: t, in: in, out: bufio.NewReader(out)}
	c.answer() // the attach's own
	return c
}

// cmd runs a tmux command and returns its output.
func (c *ctlClient) cmd(line string) string {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("tmux control client: %v", err)
	}
	out, ok := c.answer()
	if !ok {
		c.t.Fatalf("tmux %s: %s", line, out)
	}
	return out
}

// answer reads the next answer: the lines between %begin and %end (or
// %error, and then ok is false), past the notifications around it.
func (c *ctlClient) answer() (out string, ok bool) {
	var lines []string
	in := false
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("tmux control client: %v", err)
		}
		l = strings.TrimSuffix(l, "\n")
		switch {
		case strings.HasPrefix(l, "%begin "):
			in, lines = true, nil
		case in && (strings.HasPrefix(l, "%end ") || strings.HasPrefix(l, "%error ")):
			return strings.Join(lines, "\n"), strings.HasPrefix(l, "%end ")
		case in:
			lines = append(lines, l)
		}
	}
}

// tmuxQuote quotes s as one argument of a tmux command line.
func tmuxQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`).Replace(s) + `"`
}

// Inside tmux, fray asks tmux for its colours (tmux info: whether the
// terminal outside takes 24-bit colour) on the side, after its first frame:
// a tmux slow to answer holds up neither that frame nor the first keys,
// and once it answers, the screen is drawn again in its colours. Here
// "tmux info" answers after 3 seconds, that the terminal takes 24-bit
// colour; Bubble Tea, asking as it starts, would read no key until then.
func TestTmuxAskedForColoursOnTheSide(t *testing.T) {
	bin, home := build(t)
	real, err := exec.LookPath("tmux")
	if err != nil {
		t.Fatal(err)
	}
	wrap := t.TempDir()
	asked := filepath.Join(t.TempDir(), "asked")
	script := fmt.Sprintf("#!/bin/sh\nif [ \"$1\" = info ]; then touch %s; sleep 3; echo 'Tc: (flag) true'; exit 0; fi\nexec %s \"$@\"\n", asked, real)
	if err := os.WriteFile(filepath.Join(wrap, "tmux"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tm := startTermEnv(t, home, bin, "PATH="+wrap+":"+os.Getenv("PATH"), "demo")
	tm.waitFor("the demo", regexp.MustCompile(`\? all keys`))
	// Until tmux answers, the screen is in the colours TERM gives (256: no
	// command works them out as it starts, and the tracker does it itself).
	if first := tm.tmux("capture-pane", "-e", "-p", "-t", "fray"); !strings.Contains(first, "38;5;") || strings.Contains(first, "38;2;") {
		t.Fatalf("the first frame is not in 256 colours:\n%q", first)
	}
	tm.keys("?")
	start := time.Now()
	help := regexp.MustCompile(`select the first / last`)
	for !help.MatchString(tm.screen()) && time.Since(start) < 2*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	if !help.MatchString(tm.screen()) {
		t.Fatalf("the help key waited for tmux's answer:\n%s", tm.screen())
	}
	for _, err := os.Stat(asked); err != nil; _, err = os.Stat(asked) {
		if time.Since(start) > 2*time.Second {
			t.Fatal("fray has not asked tmux for its colours")
		}
		time.Sleep(10 * time.Millisecond)
	}
	tm.keys("Escape")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if strings.Contains(tm.tmux("capture-pane", "-e", "-p", "-t", "fray"), "38;2;") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen is not drawn again in 24-bit colour:\n%q", tm.tmux("capture-pane", "-e", "-p", "-t", "fray"))
		}
	}
}
