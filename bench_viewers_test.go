package main

import (
	"context"
	"fmt"
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
			b.Setenv("XDG_CONFIG_HOME", b.TempDir())
			b.Setenv("XDG_DATA_HOME", b.TempDir())
			lib, _ := content.Load(content.UserDir())
			shelf := lib.Tracker()
			st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
			rs, hash, _ := shelf.Ruleset("pathmaster")
			src := dice.NewSource(1)
			f := engine.NewFight(rs, engine.NewEncounter("Watched", rs), src)
			f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Gavvin", HP: 900, Side: "party"}, {Name: "Orc 1", HP: 900}, {Name: "Orc 2", HP: 900}, {Name: "Orc 3", HP: 900}}})
			f.Do(engine.Start{})
			sv := &session.Saved{Name: "Watched", Fight: f, Source: src, Hash: hash, Path: st.NewPath("Watched")}
			j, err := st.Create(sv.Path, sv.Snapshot(), false)
			if err != nil {
				b.Fatal(err)
			}
			sv.Journal = j
			sess := &session.Session{}
			sess.Open(sv)
			defer sess.Close()
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
			key := tea.KeyPressMsg{Code: 'n', Text: "n"}
			changes := 0
			for b.Loop() {
				m, _ = m.Update(key)
				_ = m.View()
				changes++
				if err := sess.Wait(changes); err != nil {
					b.Fatal(err)
				}
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
