package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/playerview"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// BenchmarkKeypressWithViewers is the GM's keypress (n: a step of the
// fight, Update and View, then the wait until the change is durable, as the
// header's [saving] clears) while 0, 1 or 20 players watch: as fray serve
// has them (one follower polling the journal every 20 ms, each session
// drawing the player view at 80x24 for each change), and 20 as fray watch
// would (a follower each). The cost of being watched, on the same cores
// and disk.
func BenchmarkKeypressWithViewers(b *testing.B) {
	for _, c := range []struct{ followers, viewers int }{{0, 0}, {1, 1}, {1, 20}, {20, 20}} {
		name := fmt.Sprintf("serve_viewers=%d", c.viewers)
		if c.followers > 1 {
			name = fmt.Sprintf("watch_processes=%d", c.followers)
		}
		b.Run(name, func(b *testing.B) {
			sess, shelf, st, f, sv := gmFight(b)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			drawn := make(chan int, 1024)
			for range c.followers {
				fd := newFeed(saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now), sv.Path)
				for range c.viewers / c.followers {
					fd.subscribe(func(v playerview.Heard) {
						if v.Enc == nil {
							return // not read yet
						}
						playerview.Render(playerview.Screen{Name: v.Name, Rules: v.Rules, Enc: v.Enc, Log: v.Log, Width: 80, Height: 24, Styles: playerview.NewStyles(true, false)})
						select {
						case drawn <- v.Enc.Round*1000 + len(v.Log):
						default:
						}
					})
				}
				go fd.run(ctx)
			}
			var m tea.Model = tui.New(shelf, st, sess, tui.Options{})
			press := gmKeypress(b, m, sess)
			for b.Loop() {
				press()
			}
			b.StopTimer()
			if c.viewers > 0 {
				// The viewers did draw the last change, within a second.
				want := f.Current().Round*1000 + len(tailLog(f, feedLog))
				deadline := time.After(time.Second)
				for seen := 0; seen != want; {
					select {
					case seen = <-drawn:
					case <-deadline:
						b.Fatalf("the viewers drew %d, not %d", seen, want)
					}
				}
			}
		})
	}
}

// gmFight is the GM's fight for the keypress benchmarks: four combatants
// with hit points to last, saved in a saves folder of the benchmark's own
// (XDG_DATA_HOME, which a child process inherits), open for writing. The
// caller closes sess.
func gmFight(b *testing.B) (sess *session.Session, shelf session.Library, st *saves.Store, f *engine.Fight, sv *session.Saved) {
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	b.Setenv("XDG_DATA_HOME", b.TempDir())
	lib, _ := content.Load(content.UserDir())
	shelf = lib.Tracker()
	st = saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
	rs, hash, _ := shelf.Ruleset("pathmaster")
	src := dice.NewSource(1)
	f = engine.NewFight(rs, engine.NewEncounter("Watched", rs), src)
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Gavvin", HP: 900, Side: "party"}, {Name: "Orc 1", HP: 900}, {Name: "Orc 2", HP: 900}, {Name: "Orc 3", HP: 900}}})
	f.Do(engine.Start{})
	sv = &session.Saved{Name: "Watched", Fight: f, Source: src, Hash: hash, Path: st.NewPath("Watched")}
	j, err := st.Create(sv.Path, sv.Snapshot(), false)
	if err != nil {
		b.Fatal(err)
	}
	sv.Journal = j
	sess = &session.Session{}
	sess.Open(sv)
	b.Cleanup(func() { sess.Close() })
	return sess, shelf, st, f, sv
}

// gmKeypress is the GM's keypress as the benchmarks time it: n steps the
// fight, Update and View, then the wait until the change is durable (as
// the header's [saving] clears).
func gmKeypress(b *testing.B, m tea.Model, sess *session.Session) func() {
	key := tea.KeyPressMsg{Code: 'n', Text: "n"}
	changes := 0
	return func() {
		m, _ = m.Update(key)
		_ = m.View()
		changes++
		if err := sess.Wait(changes); err != nil {
			b.Fatal(err)
		}
	}
}

// keyGap is the time between the GM's keys in BenchmarkKeypressDuringResizeStorm:
// quick typing, not keys as fast as the benchmark can press them, which
// would make every player's screen redraw as fast as it can.
const keyGap = 20 * time.Millisecond

// BenchmarkKeypressDuringResizeStorm is the GM's keypress (as above), a key
// each keyGap, while
// fray serve, a process of its own on the same machine, shows the fight to
// one player; to one player and ten sessions that only watch, at 80x24 or
// at 5000x2000; and to one player and ten sessions resizing their windows
// every millisecond, as a corner dragged (80x24 to 160x50) and as a
// hostile client would (80x24, 5000x2000, in turn). The sessions are a
// third process. It reports the median and the 90th percentile of the
// keypresses, and the CPU the server and the sessions' process used: what
// a storm costs the GM is a storm's figures against the still sessions'
// of the same size.
func BenchmarkKeypressDuringResizeStorm(b *testing.B) {
	for _, c := range []struct {
		name     string
		sessions int
		how      string
	}{
		{"player", 0, ""},
		{"player+10_still", 10, "still"}, {"player+10_dragging", 10, "drag"},
		{"player+10_still_5000x2000", 10, "still-huge"}, {"player+10_huge_storm", 10, "huge"},
	} {
		b.Run(c.name, func(b *testing.B) {
			sess, shelf, st, _, sv := gmFight(b)
			serve, addr := serveChild(b, sv.Path)
			player, err := dialClient(addr, 100, 30, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer player.close()
			var others *os.Process
			if c.sessions > 0 {
				end, p := startSessions(b, addr, c.sessions, c.how)
				defer end()
				others = p
			}
			time.Sleep(time.Second) // the sessions under way
			press := gmKeypress(b, tui.New(shelf, st, sess, tui.Options{}), sess)
			var took []time.Duration
			cpu0, wall0 := cpuTime(serve.Process.Pid), time.Now()
			var others0 time.Duration
			if others != nil {
				others0 = cpuTime(others.Pid)
			}
			for b.Loop() {
				start := time.Now()
				press()
				took = append(took, time.Since(start))
				b.StopTimer()
				time.Sleep(keyGap) // the GM's next key, a moment later
				b.StartTimer()
			}
			b.StopTimer()
			if cpu := cpuTime(serve.Process.Pid); cpu > 0 {
				b.ReportMetric(100*float64(cpu-cpu0)/float64(time.Since(wall0)), "serve-cpu-%")
			}
			if others != nil {
				if cpu := cpuTime(others.Pid); cpu > 0 {
					b.ReportMetric(100*float64(cpu-others0)/float64(time.Since(wall0)), "sessions-cpu-%")
				}
			}
			slices.Sort(took)
			pct := func(p int) float64 { return float64(took[(len(took)-1)*p/100]) / float64(time.Millisecond) }
			b.ReportMetric(pct(50), "p50-ms")
			b.ReportMetric(pct(90), "p90-ms")
		})
	}
}
