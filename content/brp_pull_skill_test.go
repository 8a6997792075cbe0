package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The impaling weapon is pulled back out with a roll of "the weapon skill"
// (l.383), "the attacker's full attack chance with the weapon" (l.385):
// the spear's 80, not Ann's 40 with other weapons. At once Difficult (40):
// 35 frees it, where half her own skill (20) would not.
// ledger: brp/impaled-weapon
func TestBRPPullingOutReadsTheWeaponsSkill(t *testing.T) {
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "melee"},
		Fields: map[string]int{"skill": 80}}
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 12, Stats: map[string]int{"DEX": 14, "skill": 40}, Weapons: []rules.Weapon{spear}},
		{Name: "Bo", HP: 30, Stats: map[string]int{"DEX": 10}}}})
	f.Must(engine.Start{})
	onRank(t, f, "Ann")
	ann, bo := f.ID("Ann"), f.ID("Bo")
	f.Must(engine.Blow{Who: ann, Blow: "attack", Foes: []int{bo}}, 10, 1, 1)
	if !f.Get("Bo").Has("impaled") {
		t.Fatalf("10 at 80 did not impale:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: ann, Check: "pull_weapon", Target: bo}, 35)
	if got := f.LastLog("Pull"); !strings.Contains(got, "vs 40 or less") || f.Get("Bo").Has("impaled") {
		t.Errorf("35 at once with the spear's 80 (Difficult 40): %q", got)
	}
}

// Freeing one's weapon on a later round gives the round to it (l.385:
// attacks against the attacker Easy, no parry or dodge, and, the round
// spent on it, no attack); pulling a weapon out of oneself "takes a full
// round" (l.391): after the roll, won or lost, no attack that round.
// ledger: brp/impaled-weapon
func TestBRPPullingOutTakesTheRound(t *testing.T) {
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "melee"}}
	dagger := rules.Weapon{Name: "Dagger", Damage: dice.MustParse("1d4+2"), Kinds: []string{"impaling", "melee"}}
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 12, Stats: map[string]int{"DEX": 14, "skill": 80}, Weapons: []rules.Weapon{spear, dagger}},
		{Name: "Bo", HP: 30, Stats: map[string]int{"DEX": 10, "skill": 50}, Weapons: []rules.Weapon{dagger}}}})
	f.Must(engine.Start{})
	ann, bo := f.ID("Ann"), f.ID("Bo")
	onRank(t, f, "Ann")
	f.Must(engine.Blow{Who: ann, Blow: "attack", Foes: []int{bo}}, 10, 1, 1)
	if !f.Get("Bo").Has("impaled") {
		t.Fatalf("10 at 80 did not impale:\n%s", logText(f))
	}
	toRound(t, f, 2)
	onRank(t, f, "Ann")
	f.Must(engine.RollCheck{Who: ann, Check: "pull_weapon_round", Target: bo}, 90)
	if !f.Get("Ann").Has("pulling_free") {
		t.Errorf("a later round's pull leaves Ann not Pulling a weapon free: %+v", f.Get("Ann").Conditions)
	}
	f.Refuse(engine.RollCheck{Who: ann, Check: "dodge", Target: bo}, "Pulling a weapon free")

	onRank(t, f, "Bo")
	f.Must(engine.RollCheck{Who: bo, Check: "pull_impaled", Expr: "40"}, 90, 1)
	f.Refuse(engine.RollCheck{Who: bo, Check: "skill", Target: ann}, "Pulling a weapon out of the wound")
	f.Refuse(engine.RollCheck{Who: bo, Check: "pull_impaled", Expr: "40"}, "Pulling a weapon out of the wound: no Pull out")
	toRound(t, f, 3)
	onRank(t, f, "Bo")
	f.Must(engine.RollCheck{Who: bo, Check: "pull_impaled", Expr: "40"}, 10)
	if f.Get("Bo").Has("impaled") {
		t.Fatalf("10 on 40 left Bo Impaled")
	}
	f.Refuse(engine.RollCheck{Who: bo, Check: "skill", Target: ann}, "Pulling a weapon out of the wound")
}

// An attack at a foe rolled with g is made with the weapon in hand, as the
// blow's (l.383, 502): with her only weapon stuck in the guard, Yvarre's
// skill roll at him is refused; a crossbow that strikes every other round
// is refused its second round's roll, and rolls again in the third.
// ledger: brp/missile-rate
func TestBRPSkillRollAtAFoeUsesTheWeaponInHand(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1) // a special: the dagger stuck
	toRound(t, f, 2)
	onRank(t, f, "Yvarre")
	f.Refuse(engine.RollCheck{Who: y, Check: "skill", Target: g}, "Yvarre has no weapon ready to attack with (its Dagger is stuck")

	xbow := rules.Weapon{Name: "Crossbow", Damage: dice.MustParse("2d6"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"rate": 2, "skill": 50}}
	f2 := enginetest.New(t, brpRules(t), dice.Script())
	f2.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Xb", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{xbow}},
		{Name: "Foe", HP: 12, Stats: map[string]int{"DEX": 10}}}})
	f2.Must(engine.Start{})
	x, foe := f2.ID("Xb"), f2.ID("Foe")
	onRank(t, f2, "Xb")
	f2.Must(engine.RollCheck{Who: x, Check: "skill", Target: foe}, 90)
	toRound(t, f2, 2)
	onRank(t, f2, "Xb")
	f2.Refuse(engine.RollCheck{Who: x, Check: "skill", Target: foe}, "strikes once in 2 rounds: next in round 3")
	toRound(t, f2, 3)
	onRank(t, f2, "Xb")
	f2.Must(engine.RollCheck{Who: x, Check: "skill", Target: foe}, 90)
}

// l.387: the full-skill pull is for one who "wishes to ignore any attacks
// for that round and concentrate on retrieving the weapon"; l.385: "they
// obviously cannot parry or dodge while trying to extract their weapon".
// Yvarre, her dagger stuck in the guard, parries in round 2: the whole
// round's pull is refused that round (it would have followed the parry);
// the round after, with no attack or defence yet, it is hers to roll.
// ledger: brp/impaled-weapon
func TestBRPWholeRoundPullNotAfterADefence(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 5, 1, 1, 1) // a special: the dagger stuck
	toRound(t, f, 2)
	f.Must(engine.RollCheck{Who: y, Check: "parry"}, 20)
	f.Refuse(engine.RollCheck{Who: y, Check: "pull_weapon_round", Target: g}, "takes the whole round")
	toRound(t, f, 3)
	f.Must(engine.RollCheck{Who: y, Check: "pull_weapon_round", Target: g}, 90)
	if !f.Get("Yvarre").Has("pulling_free") {
		t.Errorf("the whole round's pull, failed, gives the round to it:\n%s", logText(f))
	}
}
