package main

import (
	"context"
	"crypto/subtle"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/activeterm"
	bm "charm.land/wish/v2/bubbletea"

	"fray/content"
	"fray/playerview"
	"fray/saves"
)

// fray serve shows the player view over SSH, for players at their own
// machines: each session is a Bubble Tea program of its own, with its
// terminal's size and colours, fed by one follower of the fight. Viewers
// have nothing to change: the program takes no key but q, and the fight
// is only ever read (saves.Follow, no lock). Safe by default: it listens
// on the loopback address unless told otherwise, and any other address
// needs the GM's authorised keys or password.

// serveConfig is what fray serve runs with.
type serveConfig struct {
	addr        string
	maxSessions int
	idle        time.Duration // a session with nothing sent either way for this long ends
	maxTime     time.Duration // and any session after this long
	hostKey     string        // created once, 0600, in fray's data folder
	// authKeys and password are the GM's: files in fray's config folder.
	authKeys, password string
}

// The GM's files for fray serve, in fray's config folder.
const (
	authKeysFile = "authorized_keys" // OpenSSH's format: one public key a line
	passwordFile = "serve-password"  // the password, alone on its line; 0600
)

func defaultServeConfig() serveConfig {
	cfg := content.UserDir()
	return serveConfig{
		addr: "127.0.0.1:2222", maxSessions: 32, idle: time.Hour, maxTime: 12 * time.Hour,
		hostKey:  filepath.Join(saves.Dir(), "ssh_host_ed25519"),
		authKeys: filepath.Join(cfg, authKeysFile), password: filepath.Join(cfg, passwordFile),
	}
}

// loopback reports whether an address listens on this machine only.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// viewers counts the sessions and refuses those over the limit.
type viewers struct {
	mu    sync.Mutex
	n     int
	max   int
	watch *saves.Watch // the GM's tracker counts them
}

func (v *viewers) join() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.n >= v.max {
		return false
	}
	v.n++
	if v.watch != nil {
		v.watch.Set(v.n)
	}
	return true
}

func (v *viewers) leave() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.n--
	if v.watch != nil {
		v.watch.Set(v.n)
	}
}

// auth is how viewers must prove themselves: nothing on the loopback
// address, the GM's authorised keys or password on any other.
func auth(cfg serveConfig) ([]ssh.Option, error) {
	if loopback(cfg.addr) {
		return nil, nil
	}
	var opts []ssh.Option
	if _, err := os.Stat(cfg.authKeys); err == nil {
		opts = append(opts, wish.WithAuthorizedKeys(cfg.authKeys))
	}
	if info, err := os.Stat(cfg.password); err == nil {
		if info.Mode().Perm()&0o077 != 0 {
			return nil, fmt.Errorf("%s can be read by others (chmod 600 it)", cfg.password)
		}
		data, err := os.ReadFile(cfg.password)
		if err != nil {
			return nil, err
		}
		want := []byte(strings.TrimRight(string(data), "\r\n"))
		if len(want) == 0 {
			return nil, fmt.Errorf("%s is empty", cfg.password)
		}
		opts = append(opts, wish.WithPasswordAuth(func(_ ssh.Context, got string) bool {
			return subtle.ConstantTimeCompare([]byte(got), want) == 1
		}))
	}
	if len(opts) == 0 {
		return nil, fmt.Errorf("%s is not a loopback address: players must prove who they are, with a key in %s or the password in %s (neither is there)", cfg.addr, cfg.authKeys, cfg.password)
	}
	return opts, nil
}

// hostKey makes the server's key the first time, readable by its owner
// only, and checks it is still so after.
func hostKey(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if _, err := wish.NewServer(wish.WithHostKeyPath(path)); err != nil {
			return fmt.Errorf("making the host key: %w", err)
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if info.Mode().Perm() != 0o600 {
		if err := os.Chmod(path, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// newServer is fray serve's SSH server, showing the fight fd follows.
func newServer(cfg serveConfig, fd *feed, vs *viewers, noColor bool) (*ssh.Server, error) {
	authOpts, err := auth(cfg)
	if err != nil {
		return nil, err
	}
	if err := hostKey(cfg.hostKey); err != nil {
		return nil, err
	}
	handler := func(s ssh.Session) (tea.Model, []tea.ProgramOption) {
		return playerview.New(fd.current(), noColor), []tea.ProgramOption{tea.WithFPS(60)}
	}
	program := func(s ssh.Session) *tea.Program {
		m, opts := handler(s)
		p := tea.NewProgram(m, append(opts, bm.MakeOptions(s)...)...)
		push, stop := latest(func(f playerview.Heard) { p.Send(playerview.HeardMsg{Heard: f}) })
		cancel := fd.subscribe(push)
		push(fd.current())
		go func() {
			<-s.Context().Done()
			cancel()
			stop()
		}()
		return p
	}
	limit := func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			if !vs.join() {
				wish.Fatalln(s, "fray serve: as many players are watching as the GM allows; try again later")
				return
			}
			defer vs.leave()
			log.Printf("%s watching (%s)", s.RemoteAddr(), s.User())
			next(s)
			log.Printf("%s left", s.RemoteAddr())
		}
	}
	opts := append([]ssh.Option{
		wish.WithAddress(cfg.addr),
		wish.WithHostKeyPath(cfg.hostKey),
		withDeadlines(cfg.idle, cfg.maxTime),
		// Applied last to first: the limit, then a terminal, then the view.
		wish.WithMiddleware(bm.MiddlewareWithProgramHandler(program), activeterm.Middleware(), limit),
	}, authOpts...)
	return wish.NewServer(opts...)
}

// cmdServe runs fray serve until SIGINT or SIGTERM.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	cfg := defaultServeConfig()
	fs := flag.NewFlagSet("fray serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.addr, "listen", cfg.addr, "the address to listen on; any but a loopback one needs "+authKeysFile+" or "+passwordFile+" in fray's config folder")
	fs.IntVar(&cfg.maxSessions, "max-sessions", cfg.maxSessions, "the most players watching at once")
	fs.DurationVar(&cfg.idle, "idle", cfg.idle, "end a session idle this long")
	fs.DurationVar(&cfg.maxTime, "max-time", cfg.maxTime, "end any session after this long")
	// The flags may come after the file: fray serve FILE --listen ADDR.
	var files []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files, rest = append(files, fs.Arg(0)), fs.Args()[1:]
	}
	if len(files) > 1 || cfg.maxSessions < 1 {
		fmt.Fprintln(stderr, "fray serve: one saved fight at most, and --max-sessions of 1 or more")
		return 2
	}
	if _, err := auth(cfg); err != nil { // before anything else: the GM's first mistake to hear of
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	st, path, code := watchedFight("serve", files, stderr)
	if code != 0 {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	fd := newFeed(st, path)
	go fd.run(ctx)
	w := saves.StartWatch(path, 0)
	defer w.Stop()
	srv, err := newServer(cfg, fd, &viewers{max: cfg.maxSessions, watch: w}, os.Getenv("NO_COLOR") != "")
	if err != nil {
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	log.SetOutput(stderr)
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	fmt.Fprintf(stdout, "fray serve: the player view of %s on %s; players run: ssh -p %s HOST (ctrl+c stops)\n", path, ln.Addr(), port)
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	return 0
}
