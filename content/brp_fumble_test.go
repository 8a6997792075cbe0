package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The fumble tables' results applied (l.254-317, 415): a melee fumble's
// 01-15 loses the next round, effectively helpless (no turn, no parry or
// dodge, attacks against it Easy); a parry fumble's 21-40 falls prone; a
// natural weapon's 61-75 obscures vision, -30% for 1D3 rounds.
// ledger: brp/fumble-apply
func TestBRPFumblesApplied(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	toPhase(t, f, 2)
	if f.Actor() != "Yvarre" {
		t.Fatalf("%s acts", f.Actor())
	}
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 99, 10)
	log := logText(f)
	if !strings.Contains(log, "Yvarre (Fumbled (melee attack)): Loses the next combat round, effectively helpless.") {
		t.Fatalf("the melee fumble's 10:\n%s", log)
	}
	// The round lost is the next (l.258): she is not helpless for the
	// rest of this one, and still dodges in it.
	if f.Get("Yvarre").Has("helpless") {
		t.Errorf("helpless in the round of the fumble already:\n%s", log)
	}
	f.Must(engine.RollCheck{Who: y, Check: "dodge"}, 90)
	toRound(t, f, 2)
	if !f.Get("Yvarre").Has("helpless") {
		t.Fatalf("given after she acted, the lost round is the next:\n%s", logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Round 2 begins, 12 s into the fight\nYvarre is Helpless for 1 round") {
		t.Errorf("the lost round comes as round 2 begins:\n%s", log)
	}
	f.Refuse(engine.RollCheck{Who: y, Check: "dodge"}, "no dodge")
	onRank(t, f, "Guard")
	f.Must(engine.RollCheck{Who: g, Check: "skill", Target: y}, 80)
	if got := f.LastLog("Skill roll"); !strings.Contains(got, "(target Helpless +50)") || !strings.Contains(got, "vs 100 or less") {
		t.Errorf("an attack on the helpless is Easy: %q", got)
	}
	for f.Current().Round == 2 {
		if f.Actor() == "Yvarre" {
			t.Fatalf("Yvarre acts in the round she lost")
		}
		f.Next()
	}
	if f.Get("Yvarre").Has("helpless") {
		t.Errorf("still helpless in round 3")
	}

	// A parry fumble before its rank: this round is the one lost (l.287).
	toRound(t, f, 3)
	f.Must(engine.GiveCondition{Who: g, Condition: "fumble_parry"}, 10)
	if !f.Get("Guard").Has("helpless") {
		t.Errorf("a parry fumble's 10 before the Guard acted: helpless this round:\n%s", logText(f))
	}
	toRound(t, f, 4)
	if f.Get("Guard").Has("helpless") {
		t.Errorf("the Guard's lost round is over in round 4")
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "fumble_parry"}, 30)
	if !f.Get("Guard").Has("prone") {
		t.Errorf("the parry fumble's 30 falls prone:\n%s", logText(f))
	}
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 70, 2)
	onRank(t, f, "Yvarre")
	f.Must(engine.RollCheck{Who: y, Check: "skill", Target: g}, 20)
	if got := f.LastLog("Skill roll"); !strings.Contains(got, "Vision obscured -30") || !strings.Contains(got, "vs 35 or less") {
		t.Errorf("vision obscured: %q", got)
	}
}
