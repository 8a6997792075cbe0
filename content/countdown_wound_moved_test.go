package content_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// The wound modifiers come off TMR (countdown.txt l.67-69), from the
// wound on: what was moved before it stays moved. The Fighter (TMR 40)
// has covered 24 feet by segment 5 (4 a segment from 10); badly wounded
// there (-10: 3 a segment), it has still covered 24, and covers 3 a
// segment on: 36 this round. One wounded and stunned by the same hit
// keeps the 24 it had moved, not 18.
// ledger: countdown/wound-tmr
func TestCountdownWoundKeepsMovementMade(t *testing.T) {
	// The Fighter 6+2 = 8 and 1+2 = 3, the Second the same, the Foe 5.
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Second", creature: "fighter"}, {name: "Foe", hp: 20},
	}, 6, 1, 6, 1, 5)
	f.Next()
	f.ToTurnOf("Foe")
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 40 this round, 4 a segment from segment 10: 24 so far" {
		t.Fatalf("by segment 5: %q", got)
	}
	before := f.Current().Clone()
	// Two hits of 10 (no more than CON 14: no stun) take it to 20 HP.
	f.Must(engine.Damage{Who: f.ID("Fighter"), Amount: 10, Bare: true})
	f.Must(engine.Damage{Who: f.ID("Fighter"), Amount: 10, Bare: true})
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 36 this round (wounds -10): 24 by segment 5, then 3 a segment: 24 so far" {
		t.Errorf("wounded at segment 5: %q", got)
	}
	// One hit of 20: 20 HP left and stunned (more than CON 14).
	f.Must(engine.Damage{Who: f.ID("Second"), Amount: 20, Bare: true})
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Second")); !strings.HasPrefix(got, "Moved 24 this round, then stopped") {
		t.Errorf("wounded and stunned at segment 5: %q", got)
	}
	f.Next() // the Fighter at 3
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 36 this round (wounds -10): 24 by segment 5, then 3 a segment: 30 so far" {
		t.Errorf("at segment 3: %q", got)
	}
	// Healed at 3 to 21 HP: 4 a segment again from there, 30 kept.
	f.Must(engine.Heal{Who: f.ID("Fighter"), Amount: 1})
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 38 this round: 30 by segment 3, then 4 a segment: 30 so far" {
		t.Errorf("healed at segment 3: %q", got)
	}
	for range 5 {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Error("undo is not exact")
	}
	// The next round moves at the rate it starts with.
	f.Must(engine.Damage{Who: f.ID("Fighter"), Amount: 20, Bare: true})
	for f.Current().Round < 2 {
		f.Next()
	}
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 30 this round (wounds -10), 3 a segment from segment 10: 0 so far" {
		t.Errorf("round 2: %q", got)
	}
}
