package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// shieldFight is Ann (axe, skill 80) on her rank against Bo (a sword,
// then a shield of 2 armour points and 3 hit points; parry 50, 10 HP).
func shieldFight(t *testing.T) (f *enginetest.Fight, ann, bo int) {
	t.Helper()
	axe := rules.Weapon{Name: "Axe", Damage: dice.MustParse("1d6"), Kinds: []string{"bleeding", "melee"}}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}, HP: 12}
	shield := rules.Weapon{Name: "Shield", Damage: dice.MustParse("1d3"), Kinds: []string{"knockback", "melee"},
		Fields: map[string]int{"ap": 2}, HP: 3}
	f = enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 12, Stats: map[string]int{"DEX": 14, "skill": 80}, Weapons: []rules.Weapon{axe}},
		{Name: "Bo", HP: 10, Stats: map[string]int{"DEX": 10, "parry": 50}, Weapons: []rules.Weapon{sword, shield}}}})
	f.Must(engine.Start{})
	onRank(t, f, "Ann")
	return f, f.ID("Ann"), f.ID("Bo")
}

// An attack made to destroy the parrying shield (l.490): parried, the
// damage (6) less the shield's armour (2) goes to the shield (its 3 hit
// points: broken), and what is left past them (1) strikes the defender.
// ledger: brp/attack-on-shield
func TestBRPAttackOnTheShieldParried(t *testing.T) {
	f, ann, bo := shieldFight(t)
	f.Must(engine.Blow{Who: ann, Blow: "at_shield", Foes: []int{bo}, Answer: "parry", Guard: 1}, 50, 20, 6)
	c := f.Get("Bo")
	if c.Weapons[1].State != rules.FateBroken || c.HP != 9 {
		t.Errorf("6 at a 2-point, 3 HP shield: the shield %q (%d lost), Bo %d HP, want broken and 9\n%s",
			c.Weapons[1].State, c.Weapons[1].Lost, c.HP, logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Bo's Shield takes 2 off 6") || !strings.Contains(log, "Bo's Shield takes 3 damage") {
		t.Errorf("the log does not show the shield's armour and its hit points:\n%s", log)
	}
}

// Aimed at the shield with no parry (l.490, an Aimed Attack): the damage
// (3) less its armour (2) comes off it; none gets past its hit points, and
// the defender is unhurt. A failed parry lets the attack land on the
// defender as any other.
// ledger: brp/attack-on-shield
func TestBRPAttackOnTheShieldAimedOrMissed(t *testing.T) {
	f, ann, bo := shieldFight(t)
	f.Must(engine.Blow{Who: ann, Blow: "at_shield", Foes: []int{bo}, Guard: 1}, 50, 3)
	if c := f.Get("Bo"); c.Weapons[1].Lost != 1 || c.Weapons[1].State != "" || c.HP != 10 {
		t.Errorf("3 aimed at the shield: %d of its HP lost (%q), Bo %d HP\n%s", c.Weapons[1].Lost, c.Weapons[1].State, c.HP, logText(f))
	}
	toRound(t, f, 2)
	onRank(t, f, "Ann")
	f.Must(engine.Blow{Who: ann, Blow: "at_shield", Foes: []int{bo}, Answer: "parry", Guard: 1}, 50, 90, 4)
	if c := f.Get("Bo"); c.Weapons[1].Lost != 1 || c.HP != 6 {
		t.Errorf("the parry failed: shield %d lost, Bo %d HP, want 1 and 6\n%s", c.Weapons[1].Lost, c.HP, logText(f))
	}
}
