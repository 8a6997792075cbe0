package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A second major wound is a major wound of its own (l.535-547): its table
// is rolled and its Luck roll made, and the shock now runs for as many
// rounds as the hit points left after it, not the first wound's count.
// ledger: brp/major-wound-shock
func TestBRPSecondMajorWoundIsRolledAnew(t *testing.T) {
	// The first: row 27, Luck 80 failed, 2 STR lost.
	f, dice := startFight(t, "brp", []member{{name: "A", hp: 20}, {name: "B", hp: 20}}, 27, 80, 2, 95, 10)
	a := f.ID("A")
	f.Must(engine.Damage{Who: a, Amount: 10})
	f.Must(engine.Heal{Who: a, Amount: 6})
	toRound(t, f, 2)
	before := len(f.Log())
	f.Must(engine.Damage{Who: a, Amount: 12}) // 4 HP left
	var b strings.Builder
	for _, line := range strings.Split(logText(f), "\n")[before:] {
		b.WriteString(line + "\n")
	}
	log := b.String()
	for _, want := range []string{
		"A: a hit of 12 is a Major wound (10 or more)",
		"A: Major wound rounds: HP: 4 = 4",
		"A has a Major wound for 4 rounds",
		"A Major wound: d100: [95] = 95",
		"A: Luck roll: d100: [10] = 10",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if dice.Left() != 0 {
		t.Errorf("%d faces unused", dice.Left())
	}
	if knocked := outAfterRound(t, f, "A", 2, 12); knocked != 5 {
		t.Errorf("unconscious at the end of round %d, want 5 (4 rounds of shock from round 2)", knocked)
	}
}

// The shock lasts "combat rounds equal to their current remaining hit
// points" (l.541): Yvarre, 13 HP, takes 8 (5 rounds of shock), then 2 more
// in round 1: 3 HP, and she falls unconscious as round 3 ends, not 5.
// ledger: brp/major-wound-shock
func TestBRPShockFollowsTheHitPointsLeft(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 27, 30)
	y := f.ID("Yvarre")
	f.Must(engine.Damage{Who: y, Amount: 8, Bare: true})
	f.Must(engine.Damage{Who: y, Amount: 2, Bare: true})
	if got := f.LastLog("Major wound:"); !strings.Contains(got, "Yvarre's Major wound: 5 rounds left, no more than 3 now") {
		t.Errorf("the shock is not cut to the HP left: %q\n%s", got, logText(f))
	}
	if knocked := outAfterRound(t, f, "Yvarre", 1, 6); knocked != 3 {
		t.Errorf("unconscious at the end of round %d, want 3", knocked)
	}
}

// A hit that leaves 0 HP or less is a fatal wound (l.575), not a major
// wound: no table, no Luck roll, no shock that would later wake her.
// ledger: brp/major-wound-threshold brp/fatal-wound
func TestBRPFatalHitIsNoMajorWound(t *testing.T) {
	f, dice := startFight(t, "brp", []member{{name: "A", hp: 12}, {name: "B", hp: 12}}, 27, 30)
	f.Must(engine.Damage{Who: f.ID("A"), Amount: 14})
	a := f.Get("A")
	if a.Has("major_wound") || !a.Has("fatal_wound") || dice.Left() != 2 {
		t.Errorf("a hit to -2 HP: %+v, %d of 2 faces unused\n%s", a.Conditions, dice.Left(), logText(f))
	}
}
