package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// l.490 and the matrix break weapons; readying is a non-combat action of
// one's own rank (l.101-103), and nothing in a round mends what is broken.
// E's mace breaks H's whip (4 HP) in round 2: H's readying it again is
// refused for the rest of the fight, saved and resumed too, and its
// panel's hit points stay lost; a dropped weapon is still picked up.
// ledger: brp/attack-on-shield
func TestBRPBrokenWeaponNotMendedInTheFight(t *testing.T) {
	f := entangledBeside(t)
	e, h := f.ID("E"), f.ID("H")
	f.Must(engine.Blow{Who: e, Blow: "at_shield", Weapon: 1, Foes: []int{h}, Guard: 1}, 30, 6)
	if w := f.Get("H").Weapons[1]; w.State != rules.FateBroken {
		t.Fatalf("the mace did not break the whip: %q\n%s", w.State, logText(f))
	}
	f.Refuse(engine.Arm{Who: h, Weapon: 1}, "H's Whip is broken: it is not mended in the fight")
	toRound(t, f, 3)
	f.Refuse(engine.Arm{Who: h, Weapon: 1}, "H's Whip is broken: it is not mended in the fight")
	if w := f.Get("H").Weapons[1]; w.State != rules.FateBroken || w.Lost != w.HP {
		t.Errorf("the whip after the refusals: %q, %d of %d lost", w.State, w.Lost, w.HP)
	}
	if _, err := handResumed(t, f).Do(engine.Arm{Who: h, Weapon: 1}); err == nil {
		t.Errorf("saved and resumed, the broken whip is mended")
	}
}
