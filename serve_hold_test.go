package main

import (
	"bufio"
	"context"
	"fmt"
	"github.com/charmbracelet/colorprofile"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"fray/internal/quietstart"
	"fray/playerview"
	"fray/saves"
)

// The test binary doubles as fray, and as a crowd of ssh clients, in
// processes of their own: FRAY_TEST_CHILD=fray runs the command line on
// its arguments (as main does), FRAY_TEST_CHILD=storm runs stormChild,
// FRAY_TEST_CHILD=colours works out the colour profile, as the tracker
// does, in a process whose terminfo is read fresh. A
// server measured as a process of its own is measured as players meet it.
// The tests have a cache directory of their own, where fray keeps its
// content's index.
func TestMain(m *testing.M) {
	quietstart.Restore()
	switch os.Getenv("FRAY_TEST_CHILD") {
	case "fray":
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	case "storm":
		os.Exit(stormChild(os.Args[1:]))
	case "colours":
		fmt.Println(colorprofile.Detect(os.Stdout, os.Environ()))
		os.Exit(0)
	}
	// Go's own build cache stays where it was: it defaults to a directory
	// under XDG_CACHE_HOME, and a fresh one made every go build the tests
	// run (the fray the end-to-end tests drive) compile everything again.
	if os.Getenv("GOCACHE") == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(dir, "go-build"))
		}
	}
	cache, err := os.MkdirTemp("", "fray-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", cache)
	code := m.Run()
	os.RemoveAll(cache)
	os.Exit(code)
}

// child starts the test binary as FRAY_TEST_CHILD says, with args; it is
// killed when the test ends.
func child(t testing.TB, kind string, args ...string) (*exec.Cmd, io.Reader) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), "FRAY_TEST_CHILD="+kind)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if testing.Verbose() {
		cmd.Stderr = os.Stderr
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, out
}

// serveChild runs fray serve in a process of its own on a free loopback
// port, and returns it with its address once it listens.
func serveChild(t testing.TB, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, out := child(t, "fray", append([]string{"serve", "--listen", "127.0.0.1:0"}, args...)...)
	lines := bufio.NewScanner(out)
	addr := make(chan string, 1)
	go func() {
		for lines.Scan() {
			if _, rest, ok := strings.Cut(lines.Text(), " on 127.0.0.1:"); ok {
				port, _, _ := strings.Cut(rest, ";")
				addr <- "127.0.0.1:" + port
				break
			}
		}
		io.Copy(io.Discard, out)
	}()
	select {
	case a := <-addr:
		return cmd, a
	case <-time.After(20 * time.Second):
		t.Fatal("fray serve did not say where it listens")
	}
	return nil, ""
}

// rss is a process's resident memory in bytes (Linux: /proc).
func rss(t testing.TB, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// client is one ssh session with a terminal of the size given; its output
// goes to out (nil: read and dropped, as a terminal would).
type client struct {
	conn  *gossh.Client
	sess  *gossh.Session
	stop  chan struct{}
	wg    sync.WaitGroup
	drawn chan struct{} // closed at the first output
}

// firstOutput closes a channel at the first byte written through it.
type firstOutput struct {
	io.Writer
	once sync.Once
	ch   chan struct{}
}

func (f *firstOutput) Write(p []byte) (int, error) {
	if len(p) > 0 {
		f.once.Do(func() { close(f.ch) })
	}
	return f.Writer.Write(p)
}

func dialClient(addr string, w, h int, out io.Writer) (*client, error) {
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "player", HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		return nil, err
	}
	s, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, err
	}
	if out == nil {
		out = io.Discard
	}
	first := &firstOutput{Writer: out, ch: make(chan struct{})}
	s.Stdout, s.Stderr = first, first
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		conn.Close()
		return nil, err
	}
	if err := s.Shell(); err != nil {
		conn.Close()
		return nil, err
	}
	return &client{conn: conn, sess: s, stop: make(chan struct{}), drawn: first.ch}, nil
}

// storm resizes the client's window every millisecond, through sizes in
// turn, until close. It begins once the session has drawn: charm.land/ssh
// v0.4.2 writes a window change into the session's terminal unguarded,
// and the server reads it there as a session begins (a race the race
// detector reports, in the library).
func (c *client) storm(sizes [][2]int) {
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		select {
		case <-c.drawn:
		case <-c.stop:
			return
		}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-c.stop:
				return
			case <-tick.C:
				s := sizes[i%len(sizes)]
				if c.sess.WindowChange(s[1], s[0]) != nil {
					return
				}
			}
		}
	}()
}

// close hangs up: the connection, not only the session.
func (c *client) close() {
	close(c.stop)
	c.wg.Wait()
	c.conn.Close()
}

// The storms' sizes: a player's window dragged back and forth, and a
// hostile client's, from small to far beyond what is drawn.
var (
	dragSizes = [][2]int{{80, 24}, {100, 30}, {120, 40}, {160, 50}, {120, 40}, {100, 30}}
	hugeSizes = [][2]int{{80, 24}, {5000, 2000}}
)

// stormChild is the storm as a process of its own: args are the server's
// address, how many sessions, and how they resize every millisecond
// ("drag", "huge"), or "still" and "still-huge": they only watch, at 80x24
// or at 5000x2000. It runs until its standard input closes.
func stormChild(args []string) int {
	if len(args) != 3 {
		fmt.Fprintln(os.Stderr, "storm ADDR SESSIONS storm|still")
		return 2
	}
	n, _ := strconv.Atoi(args[1])
	var cs []*client
	w, h := 80, 24
	if args[2] == "still-huge" {
		w, h = 5000, 2000
	}
	for range n {
		c, err := dialClient(args[0], w, h, nil)
		if err != nil {
			fmt.Fprintln(os.Stderr, "storm:", err)
			return 1
		}
		switch args[2] {
		case "drag":
			c.storm(dragSizes)
		case "huge":
			c.storm(hugeSizes)
		}
		cs = append(cs, c)
	}
	fmt.Println("storming")
	io.Copy(io.Discard, os.Stdin)
	for _, c := range cs {
		c.close()
	}
	return 0
}

// startStorm runs stormChild against addr with n sessions dragging their
// windows' corners; the returned func ends it.
func startStorm(t testing.TB, addr string, n int) func() {
	end, _ := startSessions(t, addr, n, "drag")
	return end
}

// startSessions runs stormChild against addr with n sessions, resizing as
// how says; the returned func ends it.
func startSessions(t testing.TB, addr string, n int, how string) (func(), *os.Process) {
	t.Helper()
	self, _ := os.Executable()
	cmd := exec.Command(self, addr, strconv.Itoa(n), how)
	cmd.Env = append(os.Environ(), "FRAY_TEST_CHILD=storm")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if !strings.Contains(line, "storming") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the storm did not start: %q", line)
	}
	var once sync.Once
	end := func() {
		once.Do(func() {
			in.Close()
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-done
			}
		})
	}
	t.Cleanup(end)
	return end, cmd.Process
}

// countWriter counts what a client was sent.
type countWriter struct {
	mu    sync.Mutex
	bytes int
}

func (c *countWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.bytes += len(p)
	c.mu.Unlock()
	return len(p), nil
}

func (c *countWriter) n() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// cpuTime is the CPU time a process has used (Linux: /proc), 0 where that
// cannot be read.
func cpuTime(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command's name, which is in parentheses.
	_, rest, ok := strings.Cut(string(data), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // clock ticks: 100 a second on Linux
}

// A player whose window says it is 5000x2000 has the view drawn in its top
// left 400x200 corner, nothing beyond, and a note saying so; when the
// window is made small, the view fills it and the note goes.
func TestServeDrawsAtMost400x200(t *testing.T) {
	s := serveFight(t, nil)
	v, err := connectSized(t, s.addr, nil, 5000, 2000)
	if err != nil {
		t.Fatal(err)
	}
	v.waitFor("this window is 5000x2000: the view is drawn in its top left 400x200")
	v.waitFor("Now  Orc 1")
	v.mu.Lock()
	for y, row := range v.term.cells {
		for x, r := range row {
			if r != ' ' && r != 0 && (x >= playerview.MaxWidth || y >= playerview.MaxHeight) {
				t.Errorf("%q drawn at column %d, row %d", r, x+1, y+1)
			}
		}
	}
	v.mu.Unlock()
	if err := v.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); strings.Contains(v.screen(), "this window is"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the note stayed once the window was 100x30")
		}
	}
	v.waitFor("Now  Orc 1")
}

// The GM's header counts the players watching, exactly: ten sessions each
// send 300 window changes as fast as they can (80x24 and 5000x2000 in
// turn), and are answered (a last change asking for a reply); one more
// watches; they hang up, and within moments the count is 0. It used to
// say 11 long after: a session drew each window change at the size it
// said before it read the next, the connection's close behind them all.
func TestServeCountsExactly(t *testing.T) {
	s := serveFight(t, nil)
	var cs []*client
	for range 11 {
		c, err := dialClient(s.addr, 80, 24, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	count := func() int {
		_, watching := s.vs.counts()
		return watching
	}
	for deadline := time.Now().Add(10 * time.Second); count() != 11 || saves.Watching(s.gm.Path) != 11; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions counted, the GM's header says %d: want 11", count(), saves.Watching(s.gm.Path))
		}
	}
	var wg sync.WaitGroup
	read := make(chan error, 10)
	for _, c := range cs[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-c.drawn
			for i := range 300 {
				sz := hugeSizes[i%len(hugeSizes)]
				if err := c.sess.WindowChange(sz[1], sz[0]); err != nil {
					read <- err
					return
				}
			}
			ok, err := c.sess.SendRequest("window-change", true, gossh.Marshal(struct{ Cols, Rows, W, H uint32 }{80, 24, 0, 0}))
			if !ok || err != nil {
				err = fmt.Errorf("the last window change was refused: %v", err)
			}
			read <- err
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("30 s on, the server had not read ten sessions' 300 window changes each: it draws each before it reads the next")
	}
	close(read)
	for err := range read {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range cs {
		c.close()
	}
	gone := time.Now()
	for count() != 0 || saves.Watching(s.gm.Path) != 0 {
		if time.Since(gone) > 3*time.Second {
			t.Fatalf("3 s after every player hung up, %d are counted watching, and the GM's header says %d", count(), saves.Watching(s.gm.Path))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// And their programs end, their places free for other players.
	for n, _ := s.vs.counts(); n != 0; n, _ = s.vs.counts() {
		if time.Since(gone) > 30*time.Second {
			t.Fatalf("30 s after every player hung up, %d sessions still run", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A storm of window changes reaches a session's program as the newest
// size at most once a resizeEvery, the last size always; sizes beyond
// 400x200 reach it as 400x200, with the window's own size for the note.
func TestWindowChangesCoalesced(t *testing.T) {
	var mu sync.Mutex
	var sizes []tea.WindowSizeMsg
	var last playerview.WindowMsg
	ws := &windowSizes{fresh: make(chan struct{}, 1), gate: &resizeGate{gap: resizeGap}, drawn: ssh.Window{Width: 80, Height: 24}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go ws.hand(ctx, func(m tea.Msg) {
		mu.Lock()
		defer mu.Unlock()
		switch m := m.(type) {
		case tea.WindowSizeMsg:
			sizes = append(sizes, m)
		case playerview.WindowMsg:
			last = m
		}
	})
	start := time.Now()
	for i := range 1000 {
		ws.set(ssh.Window{Width: 80 + i%60, Height: 24 + i%20})
		if i%10 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	ws.set(ssh.Window{Width: 5000, Height: 2000})
	storm := time.Since(start)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		n, done := len(sizes), len(sizes) > 0 && sizes[len(sizes)-1] == tea.WindowSizeMsg{Width: 400, Height: 200} && last == playerview.WindowMsg{Width: 5000, Height: 2000}
		mu.Unlock()
		if done {
			if most := int(storm/resizeEvery) + 2; n > most {
				t.Errorf("1,001 window changes in %v reached the program as %d sizes (at most %d)", storm, n, most)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the last size never reached the program: %v, %v", sizes, last)
		}
	}
}

// However many sessions storm, their programs are resized one at a time,
// at most one each resizeGap.
func TestResizeGateSharedBySessions(t *testing.T) {
	gate := &resizeGate{gap: resizeGap}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	resized := 0
	var wss []*windowSizes
	for range 10 {
		ws := &windowSizes{fresh: make(chan struct{}, 1), gate: gate, drawn: ssh.Window{Width: 80, Height: 24}}
		go ws.hand(ctx, func(m tea.Msg) {
			if _, ok := m.(tea.WindowSizeMsg); ok {
				mu.Lock()
				resized++
				mu.Unlock()
			}
		})
		wss = append(wss, ws)
	}
	start := time.Now()
	for i := range 1000 {
		for _, ws := range wss {
			ws.set(ssh.Window{Width: 80 + i%7, Height: 24})
		}
		if i%10 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	for time.Since(start) < time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	n, took := resized, time.Since(start)
	mu.Unlock()
	cancel()
	if most := int(took/resizeGap) + 1; n > most || n == 0 {
		t.Errorf("ten sessions' 10,000 window changes in %v resized their programs %d times (at most %d, at least once)", took, n, most)
	}
}
