package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The statements dropped (l.37, option): a GM's copy of brp.toml with the
// statements phase one step (order "once", no tie-break) goes straight on
// to the powers and the action phase: one n for the statements, each
// fighter's movement and power still stated (D) before its rank is set.
// ledger: brp/no-statements-option
func TestBRPNoStatementsOption(t *testing.T) {
	f := brpEdited(t, `id = "statements"
name = "Statements"
order = "initiative"
# Tied DEX in the statements: the higher skill first (l.29); weapon length
# orders the attacks of the action phase only (l.71).
tiebreak = ["skill"]`, `id = "statements"
name = "Statements"
order = "once"`)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 10, Stats: map[string]int{"DEX": 16, "INT": 12}},
		{Name: "B", HP: 10, Stats: map[string]int{"DEX": 12, "INT": 14}},
		{Name: "C", HP: 10, Stats: map[string]int{"DEX": 9, "INT": 10}}}})
	f.Must(engine.Start{})
	f.Must(engine.Declare{Who: f.ID("A"), Declaration: "move_half"})
	f.Must(engine.Declare{Who: f.ID("B"), Declaration: "power", Amount: 1})
	f.Next()
	if enc := f.Current(); enc.Phase != 1 || enc.Cur.Who != f.ID("B") {
		t.Fatalf("one n from the statements: phase %d, %s acting, want the powers phase, B\n%s", enc.Phase, f.Actor(), logText(f))
	}
	f.Next()
	if enc := f.Current(); enc.Phase != 2 || enc.Cur.Who != f.ID("C") || enc.Entry(enc.Cur).Value != 9 {
		t.Errorf("the action phase: %s first, want C at 9 (A moving at 8, B's power its action)\n%s", f.Actor(), logText(f))
	}
	if !strings.Contains(logText(f), "B: Power points") {
		t.Errorf("B's power points not spent:\n%s", logText(f))
	}
}
