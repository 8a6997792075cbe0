package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Open to a coup-de-grace (war-and-combat.txt l.389): any three limbs
// disabled, unconscious, or mortally wounded; two limbs are not enough,
// and a wound struck off takes it away again.
// ledger: war-and-combat/coup-de-grace
func TestWarAndCombatCoupDeGrace(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Sergeant", "left_arm", "critical")
	recordWound(f, "Sergeant", "right_leg", "critical")
	if f.Get("Sergeant").Has("finishable") {
		t.Fatalf("two limbs disabled: open to a coup-de-grace:\n%s", logText(f))
	}
	recordWound(f, "Sergeant", "right_arm", "critical")
	if !f.Get("Sergeant").Has("finishable") {
		t.Errorf("three limbs disabled: not open to a coup-de-grace:\n%s", logText(f))
	}
	f.Must(engine.StrikeWound{Who: f.ID("Sergeant"), Wound: 2})
	if f.Get("Sergeant").Has("finishable") {
		t.Errorf("a limb struck off: still open to a coup-de-grace")
	}
	recordWound(f, "Brigand", "head", "critical")
	recordWound(f, "Archer", "belly", "mortal")
	if !f.Get("Brigand").Has("finishable") || !f.Get("Archer").Has("finishable") {
		t.Errorf("the unconscious and the mortally wounded are open to a coup-de-grace:\n%s", logText(f))
	}
}

// Facing (l.61, 93), picked as the blow is struck: the Archer's 1, 1, 1 +
// 6 against the Veteran's Defense 23: from the rear it counts 10 (+13),
// from a flank his Fighter rank 12 counts half (+6).
// ledger: war-and-combat/rear-flank-defense
func TestWarAndCombatFacing(t *testing.T) {
	f := fourFighters(t)
	for _, c := range []struct {
		mod, named, want string
	}{
		{"rear", "(From the rear: no defence (Defense counts 10) +13)", "= 9 + 13 = 22 vs more than 23: Parried"},
		{"flank", "(From a flank, the front forfeited: defended at half skill (half the Fighter rank) +6)", "= 9 + 6 = 15 vs more than 23: Miss"},
		// The flank is defended only by forfeiting the front (l.61): kept,
		// the flank has no defence; forfeited, the front has none.
		{"flank_kept", "(From a flank, the front kept: no defence (Defense counts 10) +13)", "= 9 + 13 = 22 vs more than 23: Parried"},
		{"front_forfeited", "(From the front, forfeited to defend a flank: no defence (Defense counts 10) +13)", "= 22 vs more than 23: Parried"},
	} {
		f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "chest", Modifiers: []string{c.mod}},
			1, 1, 1)
		if got := f.LastLog("Archer: Attack against Veteran"); !strings.Contains(got, c.named) || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q", c.mod, got)
		}
		f.Undo()
	}
}

// The pace a fighter moves at penalises its skill rolls (l.190-197):
// running, -3 to its attack and its Fumble?, nothing to its initiative.
// ledger: war-and-combat/movement-penalties
func TestWarAndCombatMovementPenalties(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.GiveCondition{Who: f.ID("Veteran"), Condition: "pace_run"})
	f.Must(engine.Blow{Who: f.ID("Veteran"), Blow: "attack", Foes: []int{f.ID("Brigand")}, Location: "chest"}, 1, 1, 1)
	if got := f.LastLog("Veteran: Attack against Brigand"); !strings.Contains(got, "Running -3") {
		t.Errorf("the attack: %q", got)
	}
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "fumble"}, 6, 6, 6)
	if got := f.LastLog("Veteran: Fumble?"); !strings.Contains(got, "Running -3") {
		t.Errorf("the Fumble?: %q", got)
	}
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	if got := f.LastLog("Veteran initiative"); strings.Contains(got, "Running") || !strings.Contains(got, "= 15") {
		t.Errorf("initiative: %q", got)
	}
}

// The ranged strike (l.203-227): the Archer's 3d6 + skill 5 + Dexterity 1
// against 10, the Veteran aware and evading (15 + Defense 23) at medium
// range (+10): 48. One shot in the movement phase, a second in the
// adjustment phase, never two in one.
// ledger: war-and-combat/ranged-shots-per-round war-and-combat/ranged-roll war-and-combat/ranged-table war-and-combat/firing-into-melee
// ledger: war-and-combat/ranged-called-shots war-and-combat/missed-shots
func TestWarAndCombatShot(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // movement
	shot := engine.Blow{Who: f.ID("Archer"), Blow: "shot", Foes: []int{f.ID("Veteran")}, Location: "chest", Modifiers: []string{"evading", "medium"}}
	f.Must(shot, 6, 6, 6)
	got := f.LastLog("Archer: Shot against Veteran")
	for _, want := range []string{"Target aware, evading (15 + its Defense) -28", "Medium range: twice the base (+10) -10", "vs more than 10: Miss"} {
		if !strings.Contains(got, want) {
			t.Errorf("the shot: no %q in %q", want, got)
		}
	}
	f.Refuse(shot, "Shoot or throw takes all of Movement points")
	toPhase(t, f, 3) // adjustment
	f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "shot", Foes: []int{f.ID("Brigand")}, Location: "chest", Modifiers: []string{"into_melee", "short"}},
		6, 6, 6, 1, 1)
	if got := f.LastLog("Archer: Shot against Brigand"); !strings.Contains(got, "= 14 vs more than 10: Hit") {
		t.Errorf("the second shot: %q", got)
	}
}

// Terrain (l.107-119, 138) and facing moves (l.57): a front hex costs 1, a
// flank or rear hex 2, a pivot 1, rough ground 2; a step the phase cannot
// pay for is paid on in the next phase.
// ledger: war-and-combat/terrain-costs war-and-combat/terrain-table war-and-combat/obstacles war-and-combat/move-flank-rear-pivot
func TestWarAndCombatTerrain(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	toPhase(t, f, 1) // movement
	moves := func() int { return f.Get("Sergeant").Pools["moves"] }
	for _, c := range []struct {
		action string
		left   int
	}{{"pivot", 3}, {"step_rough", 1}, {"step_rough", 0}} {
		f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: c.action})
		if got := moves(); got != c.left {
			t.Errorf("%s: %d movement points left, want %d:\n%s", c.action, got, c.left, logText(f))
		}
	}
	if got := f.LastLog("Sergeant works on"); !strings.Contains(got, "Step into rough, slick or wading ground: 1 of 2") {
		t.Errorf("the step carried over: %q", got)
	}
	toPhase(t, f, 3) // adjustment: the step is paid on first
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "step_rough"})
	if got := f.LastLog("Sergeant completes"); !strings.Contains(got, "Step into rough") || moves() != 3 {
		t.Errorf("the carried step: %q, %d points left, want 3:\n%s", got, moves(), logText(f))
	}
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "step_back"})
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "step"})
	if moves() != 0 {
		t.Errorf("a flank or rear hex 2, a front hex 1: %d left, want 0", moves())
	}
}

// A flank defended at half skill forfeits the front (l.61): once the
// Veteran defends a flank, an attack on him from the front (no direction
// picked) is undefended by itself, as long as the flurry lasts; another
// from a flank is still at half skill.
// ledger: war-and-combat/rear-flank-defense
func TestWarAndCombatFlankForfeitsTheFront(t *testing.T) {
	f := inFlurry(t)
	vet := f.ID("Veteran")
	f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "attack", Foes: []int{vet}, Location: "chest", Modifiers: []string{"flank"}}, 1, 1, 1)
	if !f.Get("Veteran").Has("front_forfeited") {
		t.Fatalf("the flank defended, the front is not forfeited:\n%s", logText(f))
	}
	f.Must(engine.Blow{Who: f.ID("Brigand"), Blow: "attack", Foes: []int{vet}, Location: "chest"}, 1, 1, 1)
	if got := f.LastLog("Brigand: Attack against Veteran"); !strings.Contains(got, "From the front, forfeited to defend a flank") {
		t.Errorf("a front attack on the forfeited front: %q", got)
	}
	f.Must(engine.Blow{Who: f.ID("Sergeant"), Blow: "attack", Foes: []int{vet}, Location: "chest", Modifiers: []string{"flank"}}, 1, 1, 1)
	if got := f.LastLog("Sergeant: Attack against Veteran"); strings.Contains(got, "forfeited to defend") || !strings.Contains(got, "half skill") {
		t.Errorf("another flank attack: %q", got)
	}
	wcToPhase(t, f, "adjustment")
	if f.Get("Veteran").Has("front_forfeited") {
		t.Error("the front stays forfeited after the flurry")
	}
}
