package content_test

import (
	"testing"

	"fray/engine"
)

// A critical wound to one leg disables it (war-and-combat.txt l.383): it
// can no longer be used, so the fighter moves at least as slowly as on an
// impaired leg (half its movement points, l.381); struck off, it moves
// again in full.
// ledger: war-and-combat/disabled-movement
func TestWarAndCombatOneDisabledLegHalvesMovement(t *testing.T) {
	f := fourFighters(t)
	moves := func() int { return engine.PoolCapacity(f.Rules, f.Get("Sergeant"), "moves") }
	full := moves()
	recordWound(f, "Sergeant", "left_leg", "critical")
	if got := moves(); got != full/2 {
		t.Errorf("one leg disabled: %d movement points a phase, want %d", got, full/2)
	}
	f.Must(engine.StrikeWound{Who: f.ID("Sergeant"), Wound: 0})
	if got := moves(); got != full {
		t.Errorf("the wound struck off: %d movement points a phase, want %d", got, full)
	}
}

// A fallen fighter who cannot move has a base Defense of 3, without
// Fighter rank or Agility (l.375, 383): both legs disabled by a belly
// wound or by a critical wound to each leg, or a chest wound's immobility;
// one who falls but can still move keeps 5 + Fighter rank.
// ledger: war-and-combat/disabled war-and-combat/fallen-defense
func TestWarAndCombatFallenImmobileDefense(t *testing.T) {
	f := fourFighters(t)
	def := func(n string) int { return engine.StatNow(f.Rules, f.Get(n), "defense") }
	recordWound(f, "Veteran", "belly", "critical")
	recordWound(f, "Sergeant", "left_leg", "critical")
	recordWound(f, "Sergeant", "right_leg", "critical")
	recordWound(f, "Brigand", "chest", "critical")
	for _, n := range []string{"Veteran", "Sergeant", "Brigand"} {
		if d := def(n); d != 3 {
			t.Errorf("%s, fallen and unable to move: Defense %d, want 3 (%+v)", n, d, f.Get(n).Conditions)
		}
	}
	recordWound(f, "Archer", "left_leg", "critical")
	if d, want := def("Archer"), 5+f.Get("Archer").Stats["fighter_rank"]; d != want {
		t.Errorf("the Archer, fallen on one disabled leg but able to move: Defense %d, want %d", d, want)
	}
}

// A critical belly wound disables both legs (l.383): with one arm
// disabled too, that is three limbs, open to a coup-de-grace (l.389); a
// belly wound alone is two.
// ledger: war-and-combat/coup-de-grace
func TestWarAndCombatBellyCountsTwoLimbs(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Sergeant", "belly", "critical")
	if f.Get("Sergeant").Has("finishable") {
		t.Fatalf("both legs disabled by the belly: only two limbs, yet open to a coup-de-grace")
	}
	recordWound(f, "Sergeant", "left_arm", "critical")
	if !f.Get("Sergeant").Has("finishable") {
		t.Errorf("belly (both legs) and an arm disabled: three limbs, not open to a coup-de-grace:\n%s", logText(f))
	}
}
