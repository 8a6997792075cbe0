package main

import (
	"context"
	"crypto/subtle"
	"fmt"
	"log"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"
)

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

// auth is how viewers must prove themselves: nothing on the loopback
// address, the GM's authorised keys or password on any other. Wrong
// passwords are slowed per address and logged (passwordGuard).
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
		guard := newPasswordGuard()
		opts = append(opts, wish.WithPasswordAuth(func(ctx ssh.Context, got string) bool {
			return guard.check(ctx, ctx.RemoteAddr(), func() bool {
				return subtle.ConstantTimeCompare([]byte(got), want) == 1
			})
		}))
	}
	if len(opts) == 0 {
		return nil, fmt.Errorf("%s is not a loopback address: players must prove who they are, with a key in %s or the password in %s (neither is there)", cfg.addr, cfg.authKeys, cfg.password)
	}
	return opts, nil
}

// How wrong passwords are slowed: after the first from an address, the
// next try from there waits guardFirst, and each wrong one after doubles
// the wait, up to guardMost. An address with no wrong password for
// guardForget is forgotten; a right password forgets it at once. At most
// guardQueue tries from one address wait their turn; more are refused
// unread. A player's typos cost that player (and whoever shares the
// address) a few seconds; a guesser gets two tries a minute.
const (
	guardFirst  = time.Second
	guardMost   = 30 * time.Second
	guardForget = 15 * time.Minute
	guardQueue  = 4
	guardKeep   = 4096 // addresses remembered; the stalest go first
)

// passwordGuard slows password guessing, address by address (an IPv6
// address by its /64, which one machine may hold whole): the tries from
// an address are checked one at a time, each after the wait its wrong
// ones so far have earned. Not a lockout: a right password always gets
// in once its turn comes. Wrong passwords are counted and logged.
type passwordGuard struct {
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) bool // false: ctx ended first
	logf  func(format string, args ...any)

	mu    sync.Mutex
	addrs map[string]*guarded
	wrong int // wrong passwords in all
}

// guarded is what the guard knows of one address.
type guarded struct {
	turn    chan struct{} // holds one while no try from here is checked
	waiting int           // tries waiting for their turn
	wrong   int           // wrong passwords in a row
	last    time.Time     // the last wrong one
	next    time.Time     // the next try is checked no sooner
}

func newPasswordGuard() *passwordGuard {
	return &passwordGuard{now: time.Now, sleep: sleepCtx, logf: log.Printf, addrs: map[string]*guarded{}}
}

// sleepCtx waits d, or until ctx ends (false).
func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// guardKey is the address a guard counts a try against.
func guardKey(addr net.Addr) string {
	host := addr.String()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if ip := net.ParseIP(host); ip != nil && ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return host
}

// wait returns the delay before the n-th try after n-1 wrong ones.
func guardWait(wrong int) time.Duration {
	if wrong <= 0 {
		return 0
	}
	d := guardFirst
	for i := 1; i < wrong && d < guardMost; i++ {
		d *= 2
	}
	return min(d, guardMost)
}

// check runs try (does the password match?) for a client at addr when its
// address's turn comes, and counts a wrong answer.
func (g *passwordGuard) check(ctx context.Context, addr net.Addr, try func() bool) bool {
	key := guardKey(addr)
	g.mu.Lock()
	a := g.addrs[key]
	if a == nil || a.waiting == 0 && a.wrong > 0 && g.now().Sub(a.last) > guardForget {
		a = &guarded{turn: make(chan struct{}, 1)}
		a.turn <- struct{}{}
		g.addrs[key] = a
		g.prune()
	}
	if a.waiting >= guardQueue {
		g.mu.Unlock()
		g.logf("password tries from %s refused unread: %d are waiting their turn", key, a.waiting)
		return false
	}
	a.waiting++
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		a.waiting--
		g.mu.Unlock()
	}()

	select { // one try at a time from an address
	case <-a.turn:
	case <-ctx.Done():
		return false
	}
	defer func() { a.turn <- struct{}{} }()
	g.mu.Lock()
	wait := a.next.Sub(g.now())
	g.mu.Unlock()
	if wait > 0 && !g.sleep(ctx, wait) {
		return false
	}
	ok := try()
	g.mu.Lock()
	defer g.mu.Unlock()
	if ok {
		a.wrong, a.next = 0, time.Time{}
		return true
	}
	g.wrong++
	a.wrong++
	a.last = g.now()
	next := guardWait(a.wrong)
	a.next = a.last.Add(next)
	g.logf("a wrong password from %s (%d in a row from there, %d in all); its next try waits %v", key, a.wrong, g.wrong, next)
	return false
}

// prune forgets the stalest addresses once too many are remembered (the
// caller holds g.mu).
func (g *passwordGuard) prune() {
	if len(g.addrs) <= guardKeep {
		return
	}
	for k, a := range g.addrs {
		if a.waiting == 0 && (a.wrong == 0 || g.now().Sub(a.last) > guardForget) {
			delete(g.addrs, k)
		}
	}
	for k, a := range g.addrs { // still too many: any not in use
		if len(g.addrs) <= guardKeep {
			break
		}
		if a.waiting == 0 {
			delete(g.addrs, k)
		}
	}
}
