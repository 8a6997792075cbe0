package main

import (
	"context"
	"io"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"charm.land/wish/v2/testsession"

	"fray/engine"
	"fray/engine/dice"
	"fray/saves"
	"fray/session"
)

// gmOpens makes a new fight as the GM's tracker does (its store announces
// the fight it has open): named name, with the combatants given, started
// or not; it returns the session, open (the caller closes it).
func gmOpens(h *hostile, st *saves.Store, name string, start bool, add ...engine.NewCombatant) *session.Session {
	h.Helper()
	rs, hash, _ := h.shelf().Ruleset("pathmaster")
	src := dice.NewSource(5)
	f := engine.NewFight(rs, engine.NewEncounter(name, rs), src)
	sv := &session.Saved{Name: name, Fight: f, Source: src, Hash: hash, Path: st.NewPath(name)}
	j, err := st.Create(sv.Path, sv.Snapshot(), false)
	if err != nil {
		h.Fatal(err)
	}
	sv.Journal = j
	sess := &session.Session{}
	sess.Open(sv)
	h.Cleanup(func() { sess.Close() })
	if err := sess.Wait(0); err != nil {
		h.Fatal(err)
	}
	h.do(sess, engine.Add{Combatants: add})
	if start {
		h.do(sess, engine.Start{})
	}
	return sess
}

// followServer is fray serve as cmdServe starts it without a FILE (follow)
// or with one: the fight at path, as watchedFight chose it.
func followServer(t *testing.T, h *hostile, path string, follow bool) (addr string, vs *viewers) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	cfg := defaultServeConfig()
	cfg.addr = "127.0.0.1:0"
	fd, w := startFeed(ctx, h.store(), path, follow, 0, nil)
	t.Cleanup(w.Stop)
	vs = &viewers{max: cfg.maxSessions, watch: w}
	srv, err := newServer(cfg, fd, vs, true)
	if err != nil {
		t.Fatal(err)
	}
	return testsession.Listen(t, srv), vs
}

// Without a FILE, fray serve shows the fight the GM has open and moves with
// the GM to the next, its players connected throughout, the GM's header
// counting them on the fight they watch; when the GM's fray quits they
// stay on the last fight. With a FILE it stays on that fight.
func TestServeFollowsTheGM(t *testing.T) {
	h := newHostile(t)
	log.SetOutput(io.Discard)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	gmStore := h.store()
	gmStore.Announce()
	bridge := gmOpens(h, gmStore, "Bridge", true, engine.NewCombatant{Name: "Gavvin", HP: 30, Side: "party"}, engine.NewCombatant{Name: "Orc 1", HP: 20})

	_, path, follow, code := watchedFight("serve", nil, io.Discard)
	if code != 0 || !follow || !saves.SameFight(path, bridge.Path) {
		t.Fatalf("fray serve would follow %q (follow %v, exit %d), not the GM's %s", path, follow, code, bridge.Path)
	}
	addr, vs := followServer(t, h, path, true)
	pinned, _ := followServer(t, h, bridge.Path, false)
	var players []*viewer
	for range 3 {
		v, err := connect(t, addr, nil)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, v)
	}
	stay, err := connect(t, pinned, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range append(players, stay) {
		v.waitFor("Bridge")
		v.waitFor("Now  ")
	}
	// (The two servers share this process, so one file counts for both:
	// the GM's count is checked for the one that follows, after it moves.)

	// The GM quits the bridge and opens the gate (prepared, not started).
	if err := bridge.Close(); err != nil {
		t.Fatal(err)
	}
	gate := gmOpens(h, gmStore, "Gate", false, engine.NewCombatant{Name: "Goblin Archer", HP: 12})
	for _, v := range players {
		v.waitFor("Gate")
		v.waitFor("Goblin Archer")
	}
	waitCount(t, gate.Path, 3)
	if n, _ := vs.counts(); n != 3 {
		t.Errorf("%d sessions, want the 3 players, connected throughout", n)
	}
	time.Sleep(followEvery * 2)
	if s := stay.screen(); !strings.Contains(s, "Bridge") || strings.Contains(s, "Goblin") {
		t.Errorf("the server given the bridge's file moved:\n%s", s)
	}

	// A step on the gate reaches them; the GM quits, and they stay.
	h.do(gate, engine.Start{})
	for _, v := range players {
		v.waitFor("Now  Goblin Archer")
	}
	if err := gate.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := saves.Playing(h.data); ok {
		t.Error("the GM quit, and a fight is still named open")
	}
	time.Sleep(followEvery * 2)
	for _, v := range players {
		if s := v.screen(); !strings.Contains(s, "Now  Goblin Archer") {
			t.Errorf("with the GM gone, the players' screen changed:\n%s", s)
		}
	}
}

// waitCount waits until the GM's tracker counts n watching the fight at path.
func waitCount(t *testing.T, path string, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); saves.Watching(path) != n; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the GM's tracker counts %d watching %s, want %d", saves.Watching(path), path, n)
		}
	}
}

// Started before the GM has a fight (an empty saves folder), a viewer says
// it waits for one, and shows the first the GM opens; the count follows.
// Started while no tracker has a fight, it shows the fight changed last.
func TestFeedWaitsForTheGM(t *testing.T) {
	h := newHostile(t)
	st, path, follow, code := watchedFight("watch", nil, io.Discard)
	if code != 0 || !follow || path != "" {
		t.Fatalf("with no fight saved: %q, follow %v, exit %d", path, follow, code)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	fd, w := startFeed(ctx, st, path, follow, 1, nil)
	defer w.Stop()
	if got := fd.current(); got.Note != waitingForGM || got.Enc != nil {
		t.Errorf("before the GM opens a fight: %+v", got)
	}
	gmStore := h.store()
	gmStore.Announce()
	gate := gmOpens(h, gmStore, "Gate", false, engine.NewCombatant{Name: "Goblin Archer", HP: 12})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if got := fd.current(); got.Enc != nil && got.Name == "Gate" && got.Note == "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the viewer never showed the GM's fight: %+v", fd.current())
		}
	}
	waitCount(t, gate.Path, 1)
	// The GM quits: a viewer started now shows the fight changed last, and
	// follows the GM from there.
	gate.Close()
	if _, path, follow, _ := watchedFight("watch", nil, io.Discard); !follow || !saves.SameFight(path, gate.Path) {
		t.Errorf("with the GM gone, a new viewer follows %q (follow %v), not the fight changed last, %s", path, follow, gate.Path)
	}
	if entries, _ := os.ReadDir("watching"); len(entries) > 0 {
		t.Errorf("a watcher with no fight wrote in the working directory: %v", entries)
	}
}
