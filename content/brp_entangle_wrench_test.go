package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// entangled is a fight of the fighters, begun, in which each of whippers
// (its whip its second weapon) entangles E with the whip in round 1 (a
// special, 5), one after another; the fight is at round 2's start.
func entangled(t *testing.T, fighters []engine.NewCombatant, whippers ...string) *enginetest.Fight {
	t.Helper()
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: fighters})
	f.Must(engine.Start{})
	for _, h := range whippers {
		onRank(t, f, h)
		f.Must(engine.Blow{Who: f.ID(h), Blow: "attack", Weapon: 1, Foes: []int{f.ID("E")}}, 5, 1)
	}
	if !f.Get("E").Has("entangled") {
		t.Fatalf("the whip's special did not entangle:\n%s", logText(f))
	}
	toRound(t, f, 2)
	return f
}

// whipAndSword: H, a sword first and a whip, entangles E with the whip in
// round 1 (a special, 5); the fight is at round 2's start.
func whipAndSword(t *testing.T) *enginetest.Fight {
	t.Helper()
	whip, sword, _ := entangleWeapons()
	return entangled(t, []engine.NewCombatant{
		{Name: "H", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "E", HP: 12, Stats: map[string]int{"DEX": 10}, Weapons: []rules.Weapon{sword}}}, "H")
}

// l.369: "On the round following a successful entangle attack, the target
// can ... make a STR vs. STR resistance roll to attempt to pull the
// entangling weapon from the attacker's hand(s)." E wins against H, who
// entangled it with its whip and holds a sword first: the whip leaves H's
// hand, the sword stays ready, and E is free. Undone, the whip is back in
// hand and E entangled. Rolled by the holder (l.371: a flexible weapon
// wrenches away a parrying weapon), E's sword in hand is dropped.
// ledger: brp/entangle
func TestBRPWrenchTakesTheEntanglingWeapon(t *testing.T) {
	f := whipAndSword(t)
	f.Must(engine.RollCheck{Who: f.ID("E"), Check: "wrench_entangle", Target: f.ID("H"), Expr: "50"}, 10)
	h := f.Get("H")
	if h.Weapons[1].State != rules.FateDropped || !h.Weapons[0].Ready() || f.Get("E").Has("entangled") {
		t.Errorf("E wrenched the whip away: H's Sword %q, Whip %q (want ready, dropped); E entangled %v\n%s",
			h.Weapons[0].State, h.Weapons[1].State, f.Get("E").Has("entangled"), logText(f))
	}
	f.Undo()
	if h := f.Get("H"); !h.Weapons[1].Ready() || !f.Get("E").Has("entangled") {
		t.Errorf("undone: H's Whip %q, E entangled %v", h.Weapons[1].State, f.Get("E").Has("entangled"))
	}
	f.Must(engine.RollCheck{Who: f.ID("H"), Check: "wrench_entangle", Target: f.ID("E"), Expr: "50"}, 10)
	if w := f.Get("E").Weapons[0]; w.State != rules.FateDropped {
		t.Errorf("H wrenched E's parrying sword away: it is %q\n%s", w.State, logText(f))
	}
}

// entangleWeapons are the entangle tests' weapons, each at 60%: a whip of
// 4 hit points, a sword that cuts (bleeding) and a mace that crushes.
func entangleWeapons() (whip, sword, mace rules.Weapon) {
	whip = rules.Weapon{Name: "Whip", Damage: dice.MustParse("1d3"), Kinds: []string{"entangling", "melee"},
		Fields: map[string]int{"skill": 60}, HP: 4}
	sword = rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"},
		Fields: map[string]int{"skill": 60}}
	mace = rules.Weapon{Name: "Mace", Damage: dice.MustParse("1d6+2"), Kinds: []string{"crushing", "melee"},
		Fields: map[string]int{"skill": 60}}
	return whip, sword, mace
}
