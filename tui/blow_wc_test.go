package tui

import (
	"strings"
	"testing"
)

// A on War & Combat's veteran at a brigand, faces typed: the attack of
// 4, 3, 1 + 13 is 5 over the brigand's Defense 16 (a critical: 3 dice,
// through his jerkin), where the GM says it lands (the chest); the wound
// goes on the record with its shock value, and one undo takes it all back.
// Then F forces the brigand against an obstacle, by name.
// ledger: war-and-combat/critical-dice war-and-combat/obstacle
func TestBlowKeyWarAndCombat(t *testing.T) {
	m := armedFight(t, "war-and-combat", []string{"veteran", "brigand"}, nil)
	m = selectByKeys(t, m, "Veteran")
	if s := screenText(m); !strings.Contains(s, "Arming sword 2d6") {
		t.Fatalf("the panel does not show the weapon:\n%s", s)
	}
	m, _ = keys(m, "t") // table dice on: a step of its own
	steps := len(m.fight().Done)
	m, _ = keys(m, "A")
	if s := screenText(m); !strings.Contains(s, "Veteran strikes: which blow?") || !strings.Contains(s, "Shot") {
		t.Fatalf("A does not offer the blows:\n%s", s)
	}
	m, _ = keys(m, "enter") // Attack
	m, _ = keys(m, "enter") // the Brigand
	m, _ = keys(m, "enter") // no modifier of the attack
	m, _ = keys(m, "enter") // no typed modifier
	if s := screenText(m); !strings.Contains(s, "Where does it land?") || !strings.Contains(s, "Left leg") {
		t.Fatalf("the location is not asked:\n%s", s)
	}
	m, _ = keys(m, "chest", "enter")
	m, _ = keys(m, "4 3 1 5 4 6", "enter")
	s := screenText(m)
	for _, want := range []string{"Critical hit", "3 dice: weapon 9 + extra dice 6 = 15", "absorption 1 at the chest is bypassed",
		"a mortal wound to the chest"} {
		if !strings.Contains(s, want) {
			t.Errorf("the chain has no %q:\n%s", want, s)
		}
	}
	if rec := combatant(m, "Brigand").Record; len(rec) != 1 || rec[0].Severity != "mortal" || !rec[0].Penetrating {
		t.Errorf("the record: %+v", rec)
	}
	m, _ = keys(m, "u")
	if rec := combatant(m, "Brigand").Record; len(rec) != 0 || len(m.fight().Done) != steps {
		t.Errorf("undo: the record %+v, %d steps, want none and %d", rec, len(m.fight().Done), steps)
	}
	m, _ = keys(m, "t", "F", "brigand", "enter") // fray rolls again
	for i := 0; m.fight().Current().Phase != 2; i++ {
		if i > 10 {
			t.Fatalf("no flurry phase:\n%s", screenText(m))
		}
		m, _ = keys(m, "n")
	}
	m.order.sel = combatant(m, "Veteran").ID
	left := combatant(m, "Veteran").Flurry.Left
	m, _ = keys(m, "F", "force", "enter")
	if got := combatant(m, "Veteran").Flurry.Left; got != left+1 || !combatant(m, "Brigand").Has("cornered") {
		t.Errorf("against an obstacle: %d actions (want %d), the Brigand cornered %v:\n%s", got, left+1,
			combatant(m, "Brigand").Has("cornered"), screenText(m))
	}
}
