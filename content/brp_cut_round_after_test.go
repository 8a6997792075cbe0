package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.369: "On the round following a successful entangle attack, the target
// can attempt an Agility roll ... Alternatively, ... they may attempt an
// attack on the entangling weapon itself, cutting through it". H's whip
// entangles E in round 1, before E's rank: E's sword aimed at that whip in
// the same round is refused (Just entangled forbids the cut), its mace at
// the whip (no cut) is not; in round 2 the sword cuts E free. Saved and
// resumed in round 1, the cut is still refused.
// ledger: brp/entangle
func TestBRPCutThroughTheEntanglingWeaponOnlyTheRoundAfter(t *testing.T) {
	whip, sword, mace := entangleWeapons()
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "H", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{sword, whip}},
		{Name: "E", HP: 12, Stats: map[string]int{"DEX": 10}, Weapons: []rules.Weapon{sword, mace}}}})
	f.Must(engine.Start{})
	e, h := f.ID("E"), f.ID("H")
	onRank(t, f, "H")
	f.Must(engine.Blow{Who: h, Blow: "attack", Weapon: 1, Foes: []int{e}}, 5, 1)
	if !f.Get("E").Has("entangle_fresh") {
		t.Fatalf("the whip's special did not entangle:\n%s", logText(f))
	}
	onRank(t, f, "E")
	cut := engine.Blow{Who: e, Blow: "at_shield", Weapon: 0, Foes: []int{h}, Guard: 1}
	f.Refuse(cut, "E is Just entangled: cutting free of H's Whip comes the round after")
	if why := engine.CutRefused(f.Rules, f.Current(), f.Get("E"), cut); !strings.Contains(why, "the round after") {
		t.Errorf("CutRefused in the entangle's round: %q", why)
	}
	if r := handResumed(t, f); engine.CutRefused(r.Rules, r.Current(), r.Get("E"), cut) == "" {
		t.Errorf("saved and resumed, the cut in the entangle's round is not refused")
	}
	// Not a cut: the mace at the whip is l.490's attack on an item.
	mace1 := engine.Blow{Who: e, Blow: "at_shield", Weapon: 1, Foes: []int{h}, Guard: 1}
	if why := engine.CutRefused(f.Rules, f.Current(), f.Get("E"), mace1); why != "" {
		t.Errorf("the mace at the whip refused: %q", why)
	}
	toRound(t, f, 2)
	onRank(t, f, "E")
	f.Must(cut, 30, 8)
	if f.Get("E").Has("entangled") || f.Get("H").Weapons[1].State != rules.FateBroken {
		t.Errorf("round 2's cut: E entangled %v, H's whip %q\n%s", f.Get("E").Has("entangled"), f.Get("H").Weapons[1].State, logText(f))
	}
}
