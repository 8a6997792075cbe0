package tui

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// TestKeptWorkDrawsAsAfresh walks every ruleset's fight with seeded random
// keys (steps, undo and redo, the selection moved, dialogs opened, filled
// in and left, the window resized, the background's colour told), and
// draws each frame twice: with what earlier frames kept (common.drawn),
// and with nothing kept. The two must be the same, byte for byte: what a
// frame keeps for the next is never shown once what it was made from has
// changed.
func TestKeptWorkDrawsAsAfresh(t *testing.T) {
	walkFights(t, 400, func(m Model, after string) {
		kept := m.View().Content
		was := m.common.drawn
		m.common.drawn = drawn{}
		afresh := m.View().Content
		m.common.drawn = was
		if kept != afresh {
			t.Fatalf("after %s: the frame drawn with what was kept:\n%s\n\nand afresh:\n%s", after, kept, afresh)
		}
	})
}

// walkFights walks a fight of each ruleset, of more combatants than the
// order shows, with n seeded random keys: steps, undo and redo, the
// selection moved, dialogs opened, filled in and left, the window
// resized now and then and the background's colour told. After each it
// calls check with the keys that led there.
func walkFights(t *testing.T, n int, check func(m Model, after string)) {
	names := []string{"Gavvin", "Orc 1", "Orc 2", "Orc 3", "Wolf", "Bandit", "Ghost", "Mage"}
	for i := range 40 {
		names = append(names, fmt.Sprintf("Goblin %d", i+1))
	}
	for _, id := range []string{"pathmaster", "war-and-combat", "countdown", "energy", "brp"} {
		t.Run(id, func(t *testing.T) {
			r := rand.New(rand.NewPCG(20261127, uint64(len(id))))
			m := fightInWith(t, Options{Seed: func() uint64 { return 42 }}, id, names...)
			// Goblins in groups of three: a member goes by its leader's place.
			for who := 10; who <= 20; who++ {
				if who%3 != 0 {
					if _, err := m.fight().Do(engine.JoinGroup{Who: who, With: who - who%3}); err != nil {
						t.Fatal(err)
					}
				}
			}
			m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 40})
			var recent, typing []string
			for i := range n {
				var k string
				switch {
				case len(typing) > 0:
					k, typing = typing[0], typing[1:]
				case m.dlg != nil && r.IntN(4) == 0:
					for _, c := range monkeyWords[r.IntN(len(monkeyWords))] {
						typing = append(typing, string(c))
					}
					typing = append(typing, "enter")
					continue
				default:
					k = monkeyAlphabet[r.IntN(len(monkeyAlphabet))]
				}
				if k == "q" || k == "ctrl+c" || k == "ctrl+n" || k == "ctrl+p" {
					k = "n" // the walk stays in this fight
				}
				if k == " " {
					k = "space"
				}
				var msg tea.Msg = press(k)
				switch r.IntN(60) {
				case 0:
					w, h := 20+r.IntN(180), 8+r.IntN(60)
					k, msg = fmt.Sprintf("<%dx%d>", w, h), tea.WindowSizeMsg{Width: w, Height: h}
				case 1:
					bg := []color.Color{color.White, color.Black}[r.IntN(2)]
					k, msg = fmt.Sprintf("<background %v>", bg), tea.BackgroundColorMsg{Color: bg}
				}
				recent = append(recent, k)
				if len(recent) > 30 {
					recent = recent[1:]
				}
				m, _ = run(m, msg)
				check(m, fmt.Sprintf("key %d, %s", i, strings.Join(recent, " ")))
			}
		})
	}
}

// A fight opened from a long save replays its history a stretch at a time
// between keys, and the replay that reaches the state on the screen may
// take that state's place with one holding what the save left out: each
// frame drawn with what was kept is still the frame drawn afresh, and so
// after undo and redo into the history replayed.
func TestKeptWorkDrawsAsAfreshThroughTheReplay(t *testing.T) {
	_, _, played := demo(t)
	for range 3 * replayStretch / 2 {
		if _, err := played.Fight.Do(engine.Next{}); err != nil {
			t.Fatal(err)
		}
	}
	f := played.Fight
	src := dice.NewSource(1)
	resumed := engine.Resume(f.Rules, f.Base, slices.Clone(f.Done), *f.Current(), nil, src)
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Long", Fight: resumed, Source: src, Path: "long.toml", Journal: nopJournal{}})
	m := New(shippedLib, newMemStore(), sess, Options{})
	m, _ = run(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	check := func(after string) {
		t.Helper()
		kept := m.View().Content
		was := m.common.drawn
		m.common.drawn = drawn{}
		afresh := m.View().Content
		m.common.drawn = was
		if kept != afresh {
			t.Fatalf("after %s: the frame drawn with what was kept:\n%s\n\nand afresh:\n%s", after, kept, afresh)
		}
	}
	check("opening")
	replays := 0
	for msg := tea.Msg(replayMsg{resumed}); msg != nil; {
		next, cmd := m.Update(msg)
		m, msg = next.(Model), nil
		replays++
		check(fmt.Sprintf("replay %d", replays))
		if cmd != nil {
			if r, ok := cmd().(replayMsg); ok {
				msg = r
			}
		}
	}
	if more, _ := resumed.Replay(0); more || replays < 2 {
		t.Fatalf("%d replays, more left: %v", replays, more)
	}
	for i, k := range []string{"u", "u", "j", "U", "n", "u", "k", "U"} {
		m, _ = keys(m, k)
		check(fmt.Sprintf("key %d (%s)", i, k))
	}
}
