package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/activeterm"

	"fray/content"
	"fray/saves"
	"fray/session"
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

// viewers counts the sessions and refuses those over the limit. A session
// counts against the limit until its program has ended; it counts as
// watching, for the GM's header, until its player has gone (pressed q, or
// the connection closed), however long its program takes to end after.
type viewers struct {
	mu       sync.Mutex
	n        int // sessions running
	watching int // players still there
	max      int
	watch    *saves.Watch // the GM's tracker counts them
}

func (v *viewers) join() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.n >= v.max {
		return false
	}
	v.n++
	v.watching++
	v.watch.Set(v.watching)
	return true
}

// gone is a player gone; done a session ended (after gone).
func (v *viewers) gone() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.watching--
	v.watch.Set(v.watching)
}

func (v *viewers) done() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.n--
}

// counts is how many sessions run, and how many players watch.
func (v *viewers) counts() (sessions, watching int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.n, v.watching
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
	back := &memoryBack{after: time.Second}
	limit := func(next ssh.Handler) ssh.Handler {
		return func(s ssh.Session) {
			if !vs.join() {
				wish.Fatalln(s, "fray serve: as many players are watching as the GM allows; try again later")
				return
			}
			log.Printf("%s watching (%s)", s.RemoteAddr(), s.User())
			var once sync.Once
			gone := func() {
				once.Do(func() {
					vs.gone()
					log.Printf("%s left", s.RemoteAddr())
				})
			}
			stop := context.AfterFunc(s.Context(), gone)
			defer func() {
				stop()
				gone()
				vs.done()
			}()
			next(s)
		}
	}
	opts := append([]ssh.Option{
		wish.WithAddress(cfg.addr),
		wish.WithHostKeyPath(cfg.hostKey),
		withDeadlines(cfg.idle, cfg.maxTime),
		// Applied last to first: the limit, then a terminal, then the view.
		wish.WithMiddleware(playerView(fd, noColor, &resizeGate{gap: resizeGap}, back.release), activeterm.Middleware(), limit),
	}, authOpts...)
	return wish.NewServer(opts...)
}

// checkLimits is what is wrong with fray serve's arguments: every limit
// must be one that can be met (a session idle 0s, or ended after -1s,
// means nothing a GM could want).
func checkLimits(files []string, cfg serveConfig) string {
	switch {
	case len(files) > 1:
		return "one saved fight at most"
	case cfg.maxSessions < 1:
		return fmt.Sprintf("--max-sessions must be 1 or more (it is %d): the most players watching at once", cfg.maxSessions)
	case cfg.idle <= 0:
		return fmt.Sprintf("--idle must be longer than 0 (it is %v): a session with nothing sent either way for that long ends", cfg.idle)
	case cfg.maxTime <= 0:
		return fmt.Sprintf("--max-time must be longer than 0 (it is %v): any session ends after that long", cfg.maxTime)
	}
	return ""
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
	if msg := checkLimits(files, cfg); msg != "" {
		fmt.Fprintln(stderr, "fray serve:", msg)
		return 2
	}
	if _, err := auth(cfg); err != nil { // before anything else: the GM's first mistake to hear of
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	st, path, follow, code := watchedFight("serve", files, stderr)
	if code != 0 {
		return code
	}
	log.SetOutput(stderr)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	fd, w := startFeed(ctx, st, path, follow, 0, func(p string) {
		log.Printf("the GM opened %s: the players follow", session.Safe(p))
	})
	defer w.Stop()
	srv, err := newServer(cfg, fd, &viewers{max: cfg.maxSessions, watch: w}, os.Getenv("NO_COLOR") != "")
	if err != nil {
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	// What a server keeps is mostly its sessions' screens, held as long as
	// the sessions: collecting when the heap is half as large again, not
	// twice, keeps the process nearer what its players need, for a
	// collection a little more often.
	debug.SetGCPercent(50)
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		fmt.Fprintln(stderr, "fray serve:", err)
		return 1
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	what := path
	if follow {
		what = "the fight the GM has open (" + cmp.Or(path, "none yet") + ")"
	}
	fmt.Fprintf(stdout, "fray serve: the player view of %s on %s; players run: ssh -p %s HOST (ctrl+c stops)\n", what, ln.Addr(), port)
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
