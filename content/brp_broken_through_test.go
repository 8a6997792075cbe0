package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The matrix's footnote (l.250): "If the attacking weapon is destroyed
// during a successful attack, damage is still inflicted on the defender
// and the weapon is broken at that moment." A's club, 1 hit point left,
// succeeds (30 of 50) and is parried critically (01): the club takes 2 and
// breaks, and T takes its 1D6 all the same (4), less T's armour (1).
// ledger: brp/weapon-and-shield-damage
func TestBRPAttackingWeaponBrokenStillStrikes(t *testing.T) {
	club := []rules.Weapon{{Name: "Club", Damage: dice.MustParse("1d6"), Kinds: []string{"crushing", "melee"}, HP: 1}}
	rs, _ := shipped(t).Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: club},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "INT": 10, "CON": 10, "parry": 45, "dodge": 40, "AV": 1}},
	}})
	f.Must(engine.Start{})
	a, tt := f.ID("A"), f.ID("T")
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{tt}, Answer: "parry", Weapon: 0}, 30, 1, 4)
	if got := f.Get("T").HP; got != 27 {
		t.Errorf("T at %d HP, want 27 (the club's 4 less 1 armour):\n%s", got, logText(f))
	}
	if w := f.Get("A").Weapons[0]; w.State != "broken" {
		t.Errorf("the club is %q, want broken", w.State)
	}
	if !strings.Contains(logText(f), "A's Club breaks in the exchange: its damage strikes T all the same") {
		t.Errorf("the log does not say why the parried blow strikes:\n%s", logText(f))
	}
}

// The footnote's other half (l.250): a parrying shield destroyed by the
// matrix's points lets the blow through less the points it took to destroy
// it, not less its armour. A critical (01) against a special parry (05):
// a normal hit, the shield takes 2; the shield has 1 hit point left, so it
// breaks, taking 1 off the sword's 5: T takes 4 (its shield's 8 armour
// points would have stopped it all).
// ledger: brp/weapon-and-shield-damage
func TestBRPParryingShieldBrokenLetsTheRestThrough(t *testing.T) {
	sword := []rules.Weapon{{Name: "Sword", Damage: dice.MustParse("1d6"), Kinds: []string{"bleeding", "melee"}}}
	shield := []rules.Weapon{{Name: "Shield", Damage: dice.MustParse("1d3"), Kinds: []string{"knockback", "melee"}, HP: 1,
		Fields: map[string]int{"ap": 8}}}
	rs, _ := shipped(t).Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: sword},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "INT": 10, "CON": 10, "parry": 45, "dodge": 40}, Weapons: shield},
	}})
	f.Must(engine.Start{})
	a, tt := f.ID("A"), f.ID("T")
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{tt}, Answer: "parry"}, 1, 5, 5)
	if got := f.Get("T").HP; got != 26 {
		t.Errorf("T at %d HP, want 26 (the sword's 5 less the 1 point that broke the shield):\n%s", got, logText(f))
	}
	if w := f.Get("T").Weapons[0]; w.State != "broken" {
		t.Errorf("the shield is %q, want broken", w.State)
	}
}
