package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Trip and Disarm (energy.txt l.557, 565): the target's Fortitude must be
// higher than the attacker's AV without the -5, the attacker's weapon's
// Attack Bonus in it (Melee AV = 15 + MASAB + Weapon Attack Bonus, l.162).
// Rolled in g against the attacker, as in A, that is the attacker's weapon,
// not the one in the roller's own hand: the scout (its bow, no bonus)
// against the adventurer's spear (AV 18 + 1) rolls against 19, the
// adventurer against the scout (AV 16, the bow) against 16.
// ledger: energy/trip energy/disarm
func TestEnergyManeuverFortitudeInGReadsTheAttackersWeapon(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Sly", creature: "scout"}})
	ash, sly := f.ID("Ash"), f.ID("Sly")
	f.Must(engine.Blow{Who: ash, Blow: "trip", Foes: []int{sly}, Answer: "evasion"}, 10, 1, 1, 9)
	log := logText(f)
	f.Must(engine.RollCheck{Who: sly, Target: ash, Check: "trip_fortitude"}, 9)
	if got, want := logText(f)[len(log):], "Sly: Fortitude against a trip against Ash: d10! + fortitude: [9] + 10 = 19 vs more than 19: Knocked Prone\n"; !strings.HasPrefix(got, want) {
		t.Errorf("in g: %q, want %q as in A:\n%s", got, want, log)
	}
	f.Must(engine.RollCheck{Who: ash, Target: sly, Check: "disarm_fortitude"}, 5)
	wantLog(t, logText(f),
		"Sly: Fortitude against a trip against Ash: d10! + fortitude: [9] + 10 = 19 vs more than 19: Knocked Prone",
		"Ash: Fortitude against a disarm against Sly: d10! + fortitude: [5] + 11 = 16 vs more than 16: Disarmed")
}
