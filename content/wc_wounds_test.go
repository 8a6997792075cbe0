package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The cells of the wound effects table not recorded elsewhere (war-and-
// combat.txt l.364-368, 375-383): a serious head and a serious belly wound
// stun; a serious leg wound fells the fighter (base Defense 5 + Fighter
// rank while down) and loses an action; a critical arm or leg wound
// disables the limb, a disabled leg fells him too; a serious arm wound
// drops what is carried and leaves the arm impaired.
// ledger: war-and-combat/wound-effects-untested war-and-combat/fallen-defense war-and-combat/disabled war-and-combat/fumble-serious
func TestWarAndCombatEveryWoundEffect(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // the movement phase: an action lost is its quick action
	recordWound(f, "Veteran", "head", "serious", 2)
	recordWound(f, "Sergeant", "belly", "serious", 3)
	if !f.Get("Veteran").Has("stunned") || !f.Get("Sergeant").Has("stunned") {
		t.Errorf("a serious head or belly wound stuns:\n%s", logText(f))
	}
	recordWound(f, "Brigand", "left_leg", "serious")
	b := f.Get("Brigand")
	if !b.Has("prone") || !b.Has("leg_impaired") {
		t.Errorf("a serious leg wound fells and impairs: %+v", b.Conditions)
	}
	if d, want := engine.StatNow(f.Rules, b, "defense"), 5+b.Stats["fighter_rank"]; d != want {
		t.Errorf("fallen, Defense %d, want 5 + Fighter rank = %d", d, want)
	}
	if got := f.LastLog("Brigand loses an action"); got == "" {
		t.Errorf("a serious leg wound loses an action:\n%s", logText(f))
	}
	recordWound(f, "Archer", "left_arm", "critical")
	recordWound(f, "Archer", "right_leg", "critical")
	a := f.Get("Archer")
	if !a.Has("arm_disabled") || !a.Has("leg_disabled") || !a.Has("prone") {
		t.Errorf("critical arm and leg wounds disable them, and he falls: %+v", a.Conditions)
	}
	if p := engine.Penalty(f.Rules, a); p != -14 {
		t.Errorf("two critical wounds at two locations: penalty %d, want -14", p)
	}
	recordWound(f, "Sergeant", "right_arm", "serious")
	if s := f.Get("Sergeant"); !s.Has("fumbled") || !s.Has("arm_impaired") {
		t.Errorf("a serious arm wound: Fumbled and the arm impaired: %+v", s.Conditions)
	}
}

// Cuts and punctures bleed by their severity (l.351-355), named as each
// round ends; a blunt wound does not bleed.
// ledger: war-and-combat/wound-bleeding
func TestWarAndCombatBleedingNamed(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.RecordWound{Who: f.ID("Brigand"), Location: "chest", Severity: "serious", Penetrating: true}, 2)
	recordWound(f, "Archer", "chest", "light")
	for r := f.Current().Round; f.Current().Round <= r+1; {
		f.Next()
	}
	log := logText(f)
	if !strings.Contains(log, "Brigand bleeds: moderate bleeding (chest)") || strings.Contains(log, "Archer bleeds") {
		t.Errorf("the bleeding:\n%s", log)
	}
}

// The next flurry between the same fighters (l.293): everyone in it rolls
// again and has its actions again.
// ledger: war-and-combat/flurry-again
func TestWarAndCombatNextFlurry(t *testing.T) {
	f := inFlurry(t)
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "action", Actions: 3})
	f.Must(engine.Flurry{Who: f.ID("Archer"), Step: "action"})
	f.Must(engine.Flurry{Who: f.ID("Archer"), Step: "again"}, 6, 6, 6, 2, 2, 2)
	if v, a := f.Get("Veteran").Flurry, f.Get("Archer").Flurry; v.Left != 4 || a.Left != 2 || v.Init != 30 || a.Init != 10 {
		t.Errorf("the next flurry: the Veteran %+v, the Archer %+v:\n%s", v, a, logText(f))
	}
}

// Restrict (l.417): a held fighter who makes the Strength task acts at -1.
// ledger: war-and-combat/restrict-minus-one
func TestWarAndCombatRestrictActsAtMinusOne(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.RollCheck{Who: f.ID("Brigand"), Check: "restrict_xx"}, 6, 6, 6)
	f.Must(engine.Blow{Who: f.ID("Brigand"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "chest"}, 1, 1, 1)
	if got := f.LastLog("Brigand: Attack against Veteran"); !strings.Contains(got, "Restricted -1") {
		t.Errorf("the attack after the Strength task: %q", got)
	}
}

// "He may act at -1" (l.417) is any action: the held fighter's shot,
// maneuver and tasks (Negotiate, Fumble?) take the -1 as its attacks do;
// the Strength task against the hold, rolled again before each action, is
// no action and does not.
// ledger: war-and-combat/restrict-minus-one
func TestWarAndCombatRestrictReachesEveryAction(t *testing.T) {
	f := fourFighters(t)
	b := f.ID("Brigand")
	f.Must(engine.RollCheck{Who: b, Check: "restrict_xx"}, 6, 6, 6)
	for _, ch := range []string{"negotiate", "fumble", "stumble_xx"} {
		f.Must(engine.RollCheck{Who: b, Check: ch}, 6, 6, 6)
		if got := f.LastLog("Brigand: "); !strings.Contains(got, "Restricted -1") {
			t.Errorf("%s after the Strength task: %q", ch, got)
		}
	}
	f.Must(engine.RollCheck{Who: b, Check: "restrict_xx"}, 6, 6, 6)
	if got := f.LastLog("Brigand: Restrict"); strings.Contains(got, "Restricted") {
		t.Errorf("the Strength task takes the -1 of the last: %q", got)
	}
}
