package main

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// guardClock is a guard's clock and sleep, moved by hand: each sleep is
// noted and passes at once.
type guardClock struct {
	mu    sync.Mutex
	t     time.Time
	slept []time.Duration
	logs  []string
}

func newGuardForTest() (*passwordGuard, *guardClock) {
	c := &guardClock{t: time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)}
	g := newPasswordGuard()
	g.now = func() time.Time {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.t
	}
	g.sleep = func(_ context.Context, d time.Duration) bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.slept = append(c.slept, d)
		c.t = c.t.Add(d)
		return true
	}
	g.logf = func(format string, args ...any) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.logs = append(c.logs, fmt.Sprintf(format, args...))
	}
	return g, c
}

func (c *guardClock) pass(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// took is what the last try waited (0: it did not).
func (c *guardClock) took(before int) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.slept) == before {
		return 0
	}
	return c.slept[len(c.slept)-1]
}

func tcp(s string) net.Addr {
	a, err := net.ResolveTCPAddr("tcp", s)
	if err != nil {
		panic(err)
	}
	return a
}

// Wrong passwords from an address make each next try from there wait
// longer, 1 s doubling to 30 s; another address is not slowed; the right
// password gets in when its turn comes, and forgets the wrong ones; so do
// 15 quiet minutes. Each wrong one is counted and logged.
func TestPasswordGuardSlowsGuessing(t *testing.T) {
	g, c := newGuardForTest()
	ctx := context.Background()
	guesser, player := tcp("203.0.113.7:50000"), tcp("198.51.100.2:40000")
	try := func(from net.Addr, right bool) (bool, time.Duration) {
		t.Helper()
		c.mu.Lock()
		n := len(c.slept)
		c.mu.Unlock()
		ok := g.check(ctx, from, func() bool { return right })
		return ok, c.took(n)
	}
	want := []time.Duration{0, 1, 2, 4, 8, 16, 30, 30, 30}
	for i, w := range want {
		ok, waited := try(tcp(fmt.Sprintf("203.0.113.7:%d", 50000+i)), false) // a new connection each time
		if ok || waited != w*time.Second {
			t.Errorf("wrong password %d: got in %v, waited %v, want %v", i+1, ok, waited, w*time.Second)
		}
		if ok, waited := try(player, false); i == 0 && (ok || waited != 0) {
			t.Errorf("another address's first try waited %v", waited)
		}
	}

	c.mu.Lock()
	logs := strings.Join(c.logs, "\n")
	c.mu.Unlock()
	for _, line := range []string{
		"a wrong password from 203.0.113.7 (1 in a row from there, 1 in all); its next try waits 1s",
		"a wrong password from 203.0.113.7 (9 in a row from there, 17 in all); its next try waits 30s",
		"a wrong password from 198.51.100.2 (1 in a row from there, 2 in all)",
	} {
		if !strings.Contains(logs, line) {
			t.Errorf("the log lacks %q:\n%s", line, logs)
		}
	}

	// The right password, 30 s of waiting later, forgets the wrong ones.
	if ok, waited := try(guesser, true); !ok || waited != 30*time.Second {
		t.Errorf("the right password after nine wrong: got in %v after %v", ok, waited)
	}
	if ok, _ := try(player, true); !ok {
		t.Errorf("the other address's right password was refused")
	}
	if _, waited := try(guesser, false); waited != 0 {
		t.Errorf("after the right password, a try waited %v", waited)
	}
	// Fifteen quiet minutes forget them too.
	try(guesser, false)
	c.pass(guardForget + time.Second)
	if _, waited := try(guesser, false); waited != 0 {
		t.Errorf("15 minutes on, a try waited %v", waited)
	}
	// One machine may hold a whole IPv6 /64: it counts as one address.
	try(tcp("[2001:db8:1:2::1]:22"), false)
	if _, waited := try(tcp("[2001:db8:1:2::99]:22"), false); waited != time.Second {
		t.Errorf("a second address of the same /64 waited %v, want 1s", waited)
	}
	if _, waited := try(tcp("[2001:db8:1:3::1]:22"), false); waited != 0 {
		t.Errorf("another /64 waited %v", waited)
	}
}

// Tries from one address are checked one at a time; while guardQueue wait
// their turn, more are refused without their password being read.
func TestPasswordGuardQueue(t *testing.T) {
	g, _ := newGuardForTest()
	release := make(chan struct{})
	g.sleep = func(ctx context.Context, d time.Duration) bool {
		<-release
		return true
	}
	ctx := context.Background()
	from := tcp("203.0.113.7:1")
	g.check(ctx, from, func() bool { return false }) // the next waits
	var wg sync.WaitGroup
	var mu sync.Mutex
	read := 0
	for range guardQueue {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.check(ctx, from, func() bool {
				mu.Lock()
				read++
				mu.Unlock()
				return false
			})
		}()
	}
	for waiting := 0; waiting < guardQueue; {
		time.Sleep(time.Millisecond)
		g.mu.Lock()
		waiting = g.addrs["203.0.113.7"].waiting
		g.mu.Unlock()
	}
	if g.check(ctx, from, func() bool { t.Error("a try beyond the queue was read"); return true }) {
		t.Error("a try beyond the queue got in")
	}
	if !g.check(ctx, tcp("198.51.100.2:1"), func() bool { return true }) {
		t.Error("another address waited on this one's queue")
	}
	close(release)
	wg.Wait()
	if read != guardQueue {
		t.Errorf("%d of the %d queued tries were read", read, guardQueue)
	}
}
