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
				m := benchFight(b, n)
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

// benchFight is the demo fight with n combatants on a 120x40 screen.
func benchFight(b *testing.B, n int) Model {
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
	return m
}

// BenchmarkDialogKey is a key typed in a dialog (a digit of the damage
// prompt's amount, then backspace) and the View that follows: the fight
// under the dialog is drawn again, unchanged.
func BenchmarkDialogKey(b *testing.B) {
	for _, n := range []int{10, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			m, _ := keys(benchFight(b, n), "d")
			if m.dlg == nil {
				b.Fatal("d opened no dialog")
			}
			typed := []tea.KeyPressMsg{press("1"), press("backspace")}
			b.ResetTimer()
			i := 0
			for b.Loop() {
				next, _ := m.Update(typed[i%2])
				m = next.(Model)
				_ = m.View()
				i++
			}
		})
	}
}
