package tui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// BenchmarkKeypress is one keypress as a GM feels it: Update (a step of the
// fight, or moving the selection) and the View that follows.
func BenchmarkKeypress(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		for _, k := range []string{"n", "j"} {
			b.Run(fmt.Sprintf("%s/%d", k, n), func(b *testing.B) {
				m, _, sess := demo(b)
				var add []engine.NewCombatant
				for i := range n - 4 {
					add = append(add, engine.NewCombatant{Name: fmt.Sprintf("Orc %d", i+5), HP: 40, Stats: map[string]int{"QU": i % 20}})
				}
				if len(add) > 0 {
					if _, err := sess.Fight.Do(engine.Add{Combatants: add}); err != nil {
						b.Fatal(err)
					}
				}
				// The journal's time is the store's, not the keypress's: the
				// change is handed to one that does nothing with it.
				sv := sess.Saved()
				sv.Journal = nopJournal{}
				sess.Open(&sv)
				m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 40})
				msg := press(k)
				b.ResetTimer()
				for b.Loop() {
					next, _ := m.Update(msg) // the command that waits for the journal is not run
					m = next.(Model)
					_ = m.View()
				}
			})
		}
	}
}
