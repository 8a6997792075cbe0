package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"

	"fray/content"
)

// opened counts the content opened by the commands run while the test
// runs, and keeps each catalog.
func opened(t *testing.T) *[]*content.Catalog {
	t.Helper()
	var cats []*content.Catalog
	open := openContent
	openContent = func() (*content.Catalog, []content.Problem) {
		c, probs := open()
		cats = append(cats, c)
		return c, probs
	}
	t.Cleanup(func() { openContent = open })
	return &cats
}

// Each command reads what it uses of the content, and no more: fray roll
// 2d6 and fray --version none of it, a d100oe its ruleset's thresholds
// from the index (parsing nothing), a check its own ruleset alone.
func TestCommandsLoadWhatTheyUse(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	os.MkdirAll(filepath.Join(dir, "fray"), 0o755)
	house := goodHouse + "\n[dice]\noe_high = 91\n"
	if err := os.WriteFile(filepath.Join(dir, "fray", "house.toml"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	runCLI(t, "rules") // the index is made
	cases := []struct {
		args   string
		out    string
		opened bool
		parsed []string
	}{
		{"--version", "fray 0.1.0", false, nil},
		{"roll 2d6 --seed 1", "2d6: [", false, nil},
		{"roll 2d6 --faces 3,4", "= 7", false, nil},
		// 92 goes on under the house rule's thresholds, not under the default 96.
		{"roll d100oe --rules house --faces 92,10", "d100oe: [92 + 10] = 102", true, nil},
		{"roll d100oe --seed 3", "d100oe: [", true, nil},
		{"rules", "House rules", true, nil},
		{"roll --rules brp --check skill --stat skill=60 --faces 98", "Fumble", true, []string{"brp"}},
		{"rules countdown", "Countdown (countdown)", true, []string{"countdown"}},
	}
	for _, c := range cases {
		cats := opened(t)
		code, out, errs := runCLI(t, strings.Fields(c.args)...)
		if code != 0 || !strings.Contains(out, c.out) {
			t.Errorf("fray %s: code %d\nstdout: %s\nstderr: %s", c.args, code, out, errs)
			continue
		}
		if len(*cats) > 0 != c.opened || len(*cats) > 1 {
			t.Errorf("fray %s opened the content %d times", c.args, len(*cats))
			continue
		}
		if c.opened {
			if cat := (*cats)[0]; !cat.Cached || !slices.Equal(cat.Parsed(), c.parsed) {
				t.Errorf("fray %s: index used %v, parsed %v, want %v", c.args, cat.Cached, cat.Parsed(), c.parsed)
			}
		}
	}
}

const goodHouse = `id = "house"
name = "House rules"

[[stats]]
id = "QU"
name = "Quickness"

[order]
kind = "fixed"
initiative = "2d10 + QU"
`

// A content file changed is seen at the next start, though it keeps its
// size and its time.
func TestChangedContentSeenAtNextStart(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	p := filepath.Join(dir, "fray", "house.toml")
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(goodHouse), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	for _, name := range []string{"House rules", "Hovse rules", "House rul3s"} {
		os.WriteFile(p, []byte(strings.Replace(goodHouse, "House rules", name, 1)), 0o644)
		os.Chtimes(p, st.ModTime(), st.ModTime())
		for range 2 { // the index made, then used
			if _, out, _ := runCLI(t, "rules"); !strings.Contains(out, name) {
				t.Errorf("fray rules after the change to %q:\n%s", name, out)
			}
		}
	}
}

// No command asks tmux for its colours as fray starts (Lip Gloss would,
// as its package initialises: internal/quietstart); the tracker asks on the
// side, after its first frame (TestTmuxAskedForColoursOnTheSide).
func TestNoTmuxQueryAtStart(t *testing.T) {
	bin := t.TempDir()
	asked := filepath.Join(t.TempDir(), "asked")
	tmux := "#!/bin/sh\necho \"$@\" >> " + asked + "\necho 'Tc: (flag) true'\n"
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte(tmux), 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"TTY_FORCE=1", "TERM=xterm-256color", "TMUX=/tmp/tmux-0/default,1,0", "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	// The fake tmux is asked by colour detection: the test can fail.
	t.Setenv("PATH", env[3][len("PATH="):])
	if p := colorprofile.Detect(os.Stdout, env[:3]); p != colorprofile.TrueColor {
		t.Fatalf("the fake tmux is not asked: %v", p)
	}
	if os.Remove(asked) != nil {
		t.Fatal("the fake tmux is not asked")
	}
	for _, args := range [][]string{{"--version"}, {"roll", "2d6"}, {"rules"}} {
		cmd := exec.Command(os.Args[0], args...) // the test binary as fray (TestMain)
		cmd.Env = append(os.Environ(), append(env, "FRAY_TEST_CHILD=fray")...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("fray %v: %v\n%s", args, err, out)
		}
		if _, err := os.Stat(asked); err == nil {
			t.Errorf("fray %v asked tmux for its colours", args)
			os.Remove(asked)
		}
	}
}

// No command reads the terminal's terminfo entry as fray starts (Lip Gloss
// would, as its package initialises, to work out the colours, and look up
// a home directory in /etc/passwd to do it: internal/quietstart). The
// entry here is read only if its access time moves on: it is set two
// days back, and Linux moves an access time that old on any read.
func TestNoTerminfoReadAtStart(t *testing.T) {
	dir := t.TempDir()
	entry := filepath.Join(dir, "x", "xterm-256color")
	data, err := os.ReadFile("/usr/share/terminfo/x/xterm-256color")
	if err != nil {
		if data, err = os.ReadFile("/lib/terminfo/x/xterm-256color"); err != nil {
			t.Fatal("no terminfo entry for xterm-256color to copy")
		}
	}
	if err := os.MkdirAll(filepath.Dir(entry), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(entry, data, 0o644); err != nil {
		t.Fatal(err)
	}
	read := func() bool {
		t.Helper()
		st, err := os.Stat(entry)
		if err != nil {
			t.Fatal(err)
		}
		atime := time.Unix(st.Sys().(*syscall.Stat_t).Atim.Unix())
		return time.Since(atime) < 24*time.Hour
	}
	reset := func() {
		t.Helper()
		if err := os.Chtimes(entry, time.Now().Add(-48*time.Hour), time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"TTY_FORCE=1", "TERM=xterm-256color", "TERMINFO=" + dir}
	// Colour detection reads this entry (in a process of its own: terminfo
	// keeps what it read): the test can fail.
	reset()
	detect := exec.Command(os.Args[0])
	detect.Env = append(os.Environ(), append(env, "FRAY_TEST_CHILD=colours")...)
	if out, err := detect.CombinedOutput(); err != nil {
		t.Fatalf("colour detection: %v\n%s", err, out)
	}
	if !read() {
		t.Fatal("access times are not kept here: the test cannot tell a read")
	}
	for _, args := range [][]string{{"--version"}, {"roll", "2d6"}, {"rules"}} {
		reset()
		cmd := exec.Command(os.Args[0], args...) // the test binary as fray (TestMain)
		cmd.Env = append(os.Environ(), append(env, "FRAY_TEST_CHILD=fray")...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("fray %v: %v\n%s", args, err, out)
		}
		if read() {
			t.Errorf("fray %v read the terminfo entry as it started", args)
		}
	}
}

// fray's own packages build nothing as they initialise that a command may
// not use (tables, patterns, styles are made when first used): fray roll
// 2d6 pays for none of it. The Go runtime reports what each package's
// initialisation allocated (GODEBUG=inittrace=1); a table or a pattern
// built there allocates kilobytes.
func TestOwnPackagesInitialiseLightly(t *testing.T) {
	cmd := exec.Command(os.Args[0], "roll", "2d6") // the test binary as fray (TestMain)
	cmd.Env = append(os.Environ(), "FRAY_TEST_CHILD=fray", "GODEBUG=inittrace=1")
	var trace strings.Builder
	cmd.Stderr = &trace
	if err := cmd.Run(); err != nil {
		t.Fatalf("fray roll 2d6: %v\n%s", err, trace.String())
	}
	const most = 2048 // bytes
	seen := 0
	for line := range strings.Lines(trace.String()) {
		// init fray/saves @2.8 ms, 0.22 ms clock, 51408 bytes, 82 allocs
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || !strings.HasPrefix(f[1], "fray/") || f[8] != "bytes," {
			continue
		}
		seen++
		if n, err := strconv.Atoi(f[7]); err != nil || n > most {
			t.Errorf("%s allocates %s bytes as it initialises (at most %d): make what it builds when first used", f[1], f[7], most)
		}
	}
	if seen < 5 {
		t.Fatalf("the trace names %d of fray's packages:\n%s", seen, trace.String())
	}
}
