package main

import (
	"bytes"
	"context"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/wish/v2/testsession"
	gossh "golang.org/x/crypto/ssh"

	"fray/engine"
	"fray/saves"
	"fray/session"
)

// viewer is one player's SSH session to fray serve, in process.
type viewer struct {
	t    testing.TB
	sess *gossh.Session
	in   interface{ Write([]byte) (int, error) }
	mu   sync.Mutex
	term *vt
}

func (v *viewer) Write(p []byte) (int, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.term.Write(p)
}

// screen is the player's terminal as it shows now.
func (v *viewer) screen() string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.term.String()
}

func (v *viewer) waitFor(what string) {
	v.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(v.screen(), what); {
		if time.Now().After(deadline) {
			v.t.Fatalf("the viewer never saw %q; it saw:\n%s", what, v.screen())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// connect opens a session with a terminal of its own, as ssh -t does.
func connect(t testing.TB, addr string, cfg *gossh.ClientConfig) (*viewer, error) {
	return connectSized(t, addr, cfg, 100, 30)
}

// connectSized is connect with a terminal of w x h.
func connectSized(t testing.TB, addr string, cfg *gossh.ClientConfig, w, h int) (*viewer, error) {
	if cfg == nil {
		cfg = &gossh.ClientConfig{User: "player"}
	}
	s, err := testsession.NewClientSession(t, addr, cfg)
	if err != nil {
		return nil, err
	}
	v := &viewer{t: t, sess: s, term: newVT(w, h)}
	s.Stdout, s.Stderr = v, v
	in, err := s.StdinPipe()
	if err != nil {
		return nil, err
	}
	v.in = in
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		return nil, err
	}
	return v, s.Shell()
}

// served is a fight being played, and fray serve showing it.
type served struct {
	*hostile
	gm    *session.Session
	addr  string
	vs    *viewers
	cfg   serveConfig
	close func()
}

func serveFight(t *testing.T, mod func(*serveConfig)) *served {
	h := newHostile(t)
	log.SetOutput(io.Discard) // who comes and goes
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	s := &served{hostile: h, gm: h.fight("pathmaster", "Bridge", 0)}
	t.Cleanup(func() { s.gm.Close() })
	s.cfg = defaultServeConfig()
	s.cfg.addr, s.cfg.maxSessions = "127.0.0.1:0", 32
	if mod != nil {
		mod(&s.cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	fd := newFeed(h.store(), s.gm.Path)
	go fd.run(ctx)
	w := saves.StartWatch(s.gm.Path, 0)
	t.Cleanup(w.Stop)
	s.vs = &viewers{max: s.cfg.maxSessions, watch: w}
	srv, err := newServer(s.cfg, fd, s.vs, true)
	if err != nil {
		t.Fatal(err)
	}
	s.addr = testsession.Listen(t, srv)
	return s
}

// A player sees the fight and each step the GM takes; the host key is made
// once, for its owner's eyes only; the GM's fray counts the player.
func TestServeShowsTheFight(t *testing.T) {
	s := serveFight(t, nil)
	v, err := connect(t, s.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	v.waitFor("Now  Orc 1")
	v.waitFor("30/30")
	s.do(s.gm, engine.Damage{Who: s.gm.Fight.Current().Combatants[0].ID, Amount: 4})
	v.waitFor("26/30")
	s.do(s.gm, engine.Next{})
	v.waitFor("Now  Gavvin")

	info, err := os.Stat(s.cfg.hostKey)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the host key: %v, %v", info.Mode(), err)
	}
	key, _ := os.ReadFile(s.cfg.hostKey)
	if err := hostKey(s.cfg.hostKey); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(s.cfg.hostKey); !bytes.Equal(key, again) {
		t.Error("the host key was made again")
	}
	if n := saves.Watching(s.gm.Path); n != 1 {
		t.Errorf("the GM's fray counts %d watching, want 1", n)
	}
}

// Twenty players at once each see the fight and the GM's next step; one
// more than the limit is turned away; a player typing junk and dropping
// the connection changes nothing for the others.
func TestServeTwentyViewers(t *testing.T) {
	s := serveFight(t, func(c *serveConfig) { c.maxSessions = 20 })
	var vs []*viewer
	for range 20 {
		v, err := connect(t, s.addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	for _, v := range vs {
		v.waitFor("Now  Orc 1")
	}
	extra, err := connect(t, s.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	extra.waitFor("as many players are watching as the GM allows")

	// The first player types keys and junk, then hangs up.
	vs[0].in.Write([]byte("dxHPn \x1b[2J\x03\x00\xff\xfeq"))
	vs[0].sess.Close()
	s.do(s.gm, engine.Next{})
	for _, v := range vs[1:] {
		v.waitFor("Now  Gavvin")
	}
	if got := s.gm.Fight.Current().Round; got != 1 || len(s.gm.Fight.Done) != 3 {
		t.Errorf("the fight moved on its own: round %d, %d steps", got, len(s.gm.Fight.Done))
	}
}

// On any address but the loopback one, fray serve does not start without
// the GM's keys or password, and with a password turns away a player
// without it, logs a wrong one, and makes the next try from there wait.
func TestServeNeedsCredentialsBeyondLoopback(t *testing.T) {
	h := newHostile(t)
	cfg := defaultServeConfig()
	cfg.addr = "0.0.0.0:2222"
	if _, err := auth(cfg); err == nil || !strings.Contains(err.Error(), "not a loopback address") {
		t.Fatalf("no credentials, no refusal: %v", err)
	}
	pw := filepath.Join(h.cfg, passwordFile)
	os.WriteFile(pw, []byte("swordfish\n"), 0o644)
	if _, err := auth(cfg); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a password file others can read is taken: %v", err)
	}
	os.Chmod(pw, 0o600)

	s := serveFight(t, func(c *serveConfig) { c.addr, c.password = "0.0.0.0:0", pw })
	logged := &lockedBuffer{}
	log.SetOutput(logged)
	if _, err := connect(t, s.addr, &gossh.ClientConfig{User: "player"}); err == nil {
		t.Fatal("a player with no password got in")
	}
	// The next try from that address waits its turn (a second after the
	// wrong one, counted from before it was sent: the server counts from
	// when it refused, which the client learns a moment later), and the
	// right password gets in.
	start := time.Now()
	if _, err := connect(t, s.addr, &gossh.ClientConfig{User: "player", Auth: []gossh.AuthMethod{gossh.Password("trout")}}); err == nil {
		t.Fatal("a player with the wrong password got in")
	}
	v, err := connect(t, s.addr, &gossh.ClientConfig{User: "player", Auth: []gossh.AuthMethod{gossh.Password("swordfish")}})
	if err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < guardFirst {
		t.Errorf("the try after a wrong password took %v, not the %v it must wait", waited, guardFirst)
	}
	v.waitFor("Now  Orc 1")
	if want := "a wrong password from 127.0.0.1 (1 in a row from there, 1 in all); its next try waits 1s"; !strings.Contains(logged.String(), want) {
		t.Errorf("fray serve's log lacks %q:\n%s", want, logged.String())
	}
	for _, a := range []string{"127.0.0.1:22", "[::1]:2222", "localhost:2222"} {
		if !loopback(a) {
			t.Errorf("%s is loopback", a)
		}
	}
	for _, a := range []string{"0.0.0.0:22", ":2222", "192.168.1.4:22", "[::]:22"} {
		if loopback(a) {
			t.Errorf("%s is not loopback", a)
		}
	}
}

// lockedBuffer is a log's output that a test may read while it is written.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Every limit fray serve takes must be one that can be met: zero and
// negative ones are refused, each with what it means, before anything
// starts.
func TestServeRefusesEmptyLimits(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--idle", "0s"}, "--idle must be longer than 0 (it is 0s)"},
		{[]string{"--idle", "-1s"}, "--idle must be longer than 0 (it is -1s)"},
		{[]string{"--max-time", "0s"}, "--max-time must be longer than 0 (it is 0s)"},
		{[]string{"--max-time=-5m"}, "--max-time must be longer than 0 (it is -5m0s)"},
		{[]string{"--max-sessions", "0"}, "--max-sessions must be 1 or more (it is 0)"},
		{[]string{"--max-sessions", "-3"}, "--max-sessions must be 1 or more (it is -3)"},
		{[]string{"a.toml", "b.toml"}, "one saved fight at most"},
		{[]string{"--idle", "soon"}, `invalid value "soon" for flag -idle`},
	} {
		type result struct {
			code      int
			out, errs string
		}
		done := make(chan result, 1)
		go func() {
			var out, errs bytes.Buffer
			code := run(append([]string{"serve", "--listen", "127.0.0.1:0"}, c.args...), &out, &errs)
			done <- result{code, out.String(), errs.String()}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("fray serve %v started", c.args)
		}
		code, out, errs := r.code, r.out, r.errs
		if code != 2 || out != "" || !strings.Contains(errs, c.err) {
			t.Errorf("fray serve %v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.err)
		}
	}
}
