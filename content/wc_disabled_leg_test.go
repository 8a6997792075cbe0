package content_test

import (
	"strings"
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

// Running out of actions (l.277): a foe with two actions or more left
// strikes the actionless fighter undefended; a strike from outside the
// flurry on one with no actions left is undefended too (l.238). The
// Archer (Defense 15) has used its 2 actions: the Veteran's blow, with 4
// left, counts its Defense as the bare 10 (+5); the Sergeant's from
// outside the flurry as well. With one action left, the Veteran's blow is
// defended; so is any blow on one with actions left.
// ledger: war-and-combat/out-of-actions war-and-combat/outside-strikes
func TestWarAndCombatIndefensibleAttack(t *testing.T) {
	f := inFlurry(t)
	blow := func(who, foe string, faces ...int) string {
		f.Must(engine.Blow{Who: f.ID(who), Blow: "attack", Foes: []int{f.ID(foe)}, Location: "chest"}, append([]int{1, 1, 1}, faces...)...)
		return f.LastLog(who + ": Attack against " + foe)
	}
	const undefended = "(Undefended: no actions left to defend (Defense counts 10) +5)"
	if got := blow("Veteran", "Archer", 1, 1); strings.Contains(got, "Undefended") {
		t.Errorf("the Archer has its actions: %q", got)
	}
	f.Undo()
	f.Must(engine.Flurry{Who: f.ID("Archer"), Step: "action", Actions: 2})
	if got := blow("Veteran", "Archer", 1, 1, 1); !strings.Contains(got, undefended) {
		t.Errorf("the Veteran with 4 actions on the actionless Archer: %q", got)
	}
	if got := blow("Sergeant", "Archer", 1, 1, 1); !strings.Contains(got, undefended) {
		t.Errorf("the Sergeant, from outside the flurry, on the actionless Archer: %q", got)
	}
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "action", Actions: 2})
	if got := blow("Veteran", "Archer", 1, 1); strings.Contains(got, "Undefended") {
		t.Errorf("the Veteran with 1 action left: %q", got)
	}
}

// A shot adds the movement modifiers of the shooter and of the target
// (l.207): the Brigand running (-3) is harder to hit; the Archer walking
// (-1) shoots worse; a blow in melee on a running fighter takes nothing
// for his pace.
// ledger: war-and-combat/ranged-roll war-and-combat/movement-penalties
func TestWarAndCombatShotTakesBothPaces(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // movement
	f.Must(engine.GiveCondition{Who: f.ID("Brigand"), Condition: "pace_run"})
	f.Must(engine.GiveCondition{Who: f.ID("Archer"), Condition: "pace_walk"})
	f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "shot", Foes: []int{f.ID("Brigand")}, Location: "chest"}, 1, 1, 1)
	got := f.LastLog("Archer: Shot against Brigand")
	for _, want := range []string{"Walking -1", "Running -3", "= 9 - 4 = 5 vs more than 10: Miss"} {
		if !strings.Contains(got, want) {
			t.Errorf("the shot: no %q in %q", want, got)
		}
	}
	f.Must(engine.Blow{Who: f.ID("Veteran"), Blow: "attack", Foes: []int{f.ID("Brigand")}, Location: "chest"}, 1, 1, 1)
	if got := f.LastLog("Veteran: Attack against Brigand"); strings.Contains(got, "Running") {
		t.Errorf("the melee blow takes the target's pace: %q", got)
	}
}

// A failed Stumble? (l.375): the fighter falls, loses an action, and may
// not stand on the leg for the rest of the round: Fallen cannot be taken
// off until the round ends; then it can. A serious leg wound (Stumble,
// l.381) is like it.
// ledger: war-and-combat/stumble-leg-rest-of-round
func TestWarAndCombatStumbledStaysDownThisRound(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "stumble"}, 1, 1, 1)
	recordWound(f, "Brigand", "right_leg", "serious")
	for _, n := range []string{"Veteran", "Brigand"} {
		if !f.Get(n).Has("prone") || !f.Get(n).Has("stumbled") {
			t.Fatalf("%s has not fallen on the leg: %+v\n%s", n, f.Get(n).Conditions, logText(f))
		}
		f.Refuse(engine.TakeCondition{Who: f.ID(n), Condition: "prone"}, "comes with")
	}
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	for r := f.Current().Round; f.Current().Round == r; {
		f.Next()
	}
	for _, n := range []string{"Veteran", "Brigand"} {
		if f.Get(n).Has("stumbled") || !f.Get(n).Has("prone") {
			t.Errorf("%s, the next round: %+v", n, f.Get(n).Conditions)
		}
		f.Must(engine.TakeCondition{Who: f.ID(n), Condition: "prone"})
	}
}

// Lengthy actions are full actions that take more than one round (l.159):
// begun in round 1's movement phase, worked on in every movement phase
// (no movement in any of them), still under way when round 1 ends, and
// done in round 2's adjustment phase.
// ledger: war-and-combat/lengthy-actions
func TestWarAndCombatLengthyTakesMoreThanARound(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	sgt := f.ID("Sergeant")
	for r := 1; r <= 2; r++ {
		for _, phase := range []int{1, 3} {
			toPhase(t, f, phase)
			f.Must(engine.Spend{Who: sgt, Action: "lengthy"})
			if m := f.Get("Sergeant").Pools["moves"]; m != 0 {
				t.Errorf("round %d phase %d: %d movement points left beside a lengthy action", r, phase, m)
			}
			done := strings.Contains(logText(f), "Sergeant completes Lengthy action")
			if want := r == 2 && phase == 3; done != want {
				t.Fatalf("round %d phase %d: done %v, want %v:\n%s", r, phase, done, want, logText(f))
			}
		}
		if r == 1 {
			for f.Current().Phase != 0 {
				f.Next()
			}
			f.Must(engine.Next{}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) // round 2's initiative
		}
	}
}

// Mortal wounds (l.357): only a puncture to an arm or a leg bleeds
// (serious bleeding); a mortal puncture to the chest pierces, a mortal cut
// severs or disembowels, with no bleeding named. Lighter cuts and
// punctures bleed by their severity (l.351-355). A blow's wound is of its
// weapon's kind: the Archer's bow punctures.
// ledger: war-and-combat/mortal-wounds war-and-combat/wound-bleeding
func TestWarAndCombatMortalBleedingByKind(t *testing.T) {
	f := fourFighters(t)
	wound := func(who, loc, sev, kind string) {
		f.Must(engine.RecordWound{Who: f.ID(who), Location: loc, Severity: sev, Kind: kind})
	}
	wound("Veteran", "left_arm", "mortal", "puncture")
	wound("Sergeant", "chest", "mortal", "puncture")
	wound("Brigand", "left_leg", "mortal", "cut")
	wound("Archer", "belly", "serious", "cut")
	log := logText(f)
	for _, want := range []string{"Veteran takes a mortal puncture wound to the left arm", "Veteran: serious bleeding",
		"Brigand takes a mortal cut wound to the left leg", "Archer: moderate bleeding"} {
		if !strings.Contains(log, want) {
			t.Errorf("no %q in:\n%s", want, log)
		}
	}
	for _, not := range []string{"Sergeant: ", "Brigand: "} {
		if strings.Contains(log, not) {
			t.Errorf("%q: a mortal puncture to the chest or a mortal cut names no bleeding:\n%s", not, log)
		}
	}
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	for r := f.Current().Round; f.Current().Round <= r+1; {
		f.Next()
	}
	log = logText(f)
	if !strings.Contains(log, "Veteran bleeds: serious bleeding (left arm)") || !strings.Contains(log, "Archer bleeds: moderate bleeding (belly)") ||
		strings.Contains(log, "Sergeant bleeds") || strings.Contains(log, "Brigand bleeds") {
		t.Errorf("the bleeding as the rounds end:\n%s", log)
	}
	f.Refuse(engine.RecordWound{Who: f.ID("Veteran"), Location: "head", Severity: "light", Kind: "slash"}, "no weapon kind")

	g := fourFighters(t)
	g.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	g.Must(engine.Next{}) // the movement phase: a shot is spent there
	g.Must(engine.Blow{Who: g.ID("Archer"), Blow: "shot", Foes: []int{g.ID("Brigand")}, Location: "left_arm"}, 6, 6, 6, 6, 6, 6, 6)
	if got := logText(g); !strings.Contains(got, "Brigand takes a mortal puncture wound to the left arm") {
		t.Errorf("the bow's wound:\n%s", got)
	}
}

// Where a dropped item lands (l.373, 413): a failed Fumble? drops it 1d6-1
// metres away, a Fumble-XX missed by 4 or more sends it 1d6 hexes off in a
// random direction: rolled and logged.
// ledger: war-and-combat/drop-distances
func TestWarAndCombatDropDistances(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "fumble"}, 1, 1, 1, 4)
	if got := logText(f); !strings.Contains(got, "Veteran's dropped item lands: 1d6 - 1: [4] - 1 = 3 m away") {
		t.Errorf("the Fumble?'s drop:\n%s", got)
	}
	f.Must(engine.Maneuver{Who: f.ID("Brigand"), Row: "disarming", Column: 1}, 2, 2, 2, 5)
	if got := logText(f); !strings.Contains(got, "Brigand's dropped item lands: 1d6: [5] = 5 hexes away, in a random direction") {
		t.Errorf("the Fumble-10's flight:\n%s", got)
	}
}

// Negotiating a zone of danger (l.123, 238): a pass-through or a swipe
// from outside a flurry is 3d6 + tactics + Agility modifier: the Veteran
// (tactics 8, Agility +1) gets through on 1, 1, 1; the Brigand (tactics 3)
// is struck.
// ledger: war-and-combat/pass-through war-and-combat/outside-strikes
func TestWarAndCombatNegotiateADangerZone(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "negotiate"}, 1, 1, 1)
	f.Must(engine.RollCheck{Who: f.ID("Brigand"), Check: "negotiate"}, 1, 1, 1)
	log := logText(f)
	for _, want := range []string{"3d6 + tactics + agl_mod: [1, 1, 1] + 8 + 1 = 12 vs more than 10: Through",
		"3d6 + tactics + agl_mod: [1, 1, 1] + 3 + 0 = 6 vs more than 10: Struck"} {
		if !strings.Contains(log, want) {
			t.Errorf("no %q in:\n%s", want, log)
		}
	}
}
