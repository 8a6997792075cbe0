package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The coup-de-grace (war-and-combat.txt l.389): an automatic killing
// stroke on a victim open to it (three limbs disabled, all four,
// unconscious or mortally wounded), by one engaged with no other
// opponent; refused with the reason otherwise.
// ledger: war-and-combat/coup-de-grace
func TestWarAndCombatKillingStroke(t *testing.T) {
	f := fourFighters(t)
	wcToPhase(t, f, "movement") // a quick action (TestWarAndCombatStrokeTakesAnAction)
	stroke := func(who, victim string) engine.Flurry {
		return engine.Flurry{Who: f.ID(who), Step: engine.FlurryStroke, Foe: f.ID(victim)}
	}
	recordWound(f, "Sergeant", "left_arm", "critical")
	f.Refuse(stroke("Veteran", "Sergeant"), "Sergeant is not Open to a coup-de-grace: Three or four limbs disabled")
	recordWound(f, "Sergeant", "right_leg", "critical")
	recordWound(f, "Sergeant", "right_arm", "critical")
	// The Veteran engaged with the Brigand may not strike the Sergeant.
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Brigand")})
	f.Refuse(stroke("Veteran", "Sergeant"), "Veteran is engaged with Brigand")
	f.Refuse(stroke("Veteran", "Veteran"), "Veteran cannot strike themselves")
	// Engaged with the victim alone, he may.
	f.Must(engine.Disengage{Who: f.ID("Veteran")})
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Sergeant")})
	f.Must(stroke("Veteran", "Sergeant"))
	if !f.Get("Sergeant").Has("dead") {
		t.Fatalf("the killing stroke did not kill:\n%s", logText(f))
	}
	if got := f.LastLog("killing stroke"); !strings.Contains(got, "Veteran") || !strings.Contains(got, "Sergeant") {
		t.Errorf("the stroke is not logged with both: %q", got)
	}
	f.Refuse(stroke("Archer", "Sergeant"), "Sergeant is Dead already")
	// Unconscious, not engaged with anyone: the Archer may finish the Brigand.
	if f.Get("Veteran").Flurry != nil {
		t.Errorf("the victim dead, the Veteran is still engaged")
	}
	f.Must(engine.GiveCondition{Who: f.ID("Brigand"), Condition: "unconscious"})
	f.Must(stroke("Archer", "Brigand"))
	if !f.Get("Brigand").Has("dead") {
		t.Errorf("the unconscious Brigand survived the stroke")
	}
	// The dead do not strike.
	f.Must(engine.GiveCondition{Who: f.ID("Veteran"), Condition: "unconscious"})
	f.Refuse(stroke("Brigand", "Veteran"), "Brigand")
}

// The coup-de-grace is a quick action (the action table, l.170): out of
// a flurry the stroke spends the movement phase's quick action, and a
// second is refused; it is refused in the shock phase, where there are no
// quick actions; in a flurry with its victim it uses a flurry action, as
// an attack.
// ledger: war-and-combat/coup-de-grace
func TestWarAndCombatStrokeTakesAnAction(t *testing.T) {
	f := fourFighters(t)
	stroke := func(who, victim string) engine.Flurry {
		return engine.Flurry{Who: f.ID(who), Step: engine.FlurryStroke, Foe: f.ID(victim)}
	}
	f.Must(engine.GiveCondition{Who: f.ID("Brigand"), Condition: "unconscious"})
	f.Must(engine.GiveCondition{Who: f.ID("Sergeant"), Condition: "unconscious"})
	f.Refuse(stroke("Archer", "Brigand"), "not in the Shock phase")
	wcToPhase(t, f, "movement")
	f.Must(stroke("Archer", "Brigand"))
	if q := f.Get("Archer").Pools["quick"]; q != 0 {
		t.Errorf("the stroke left the Archer %d quick actions", q)
	}
	f.Refuse(stroke("Archer", "Sergeant"), "Quick action")
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Sergeant")})
	wcToPhase(t, f, "flurry")
	f.Must(stroke("Veteran", "Sergeant"))
	if left := f.Get("Veteran").Flurry; left != nil {
		t.Errorf("the victim dead, the Veteran is still in the flurry: %+v", left)
	}
	if !strings.Contains(logText(f), "Veteran uses 1 action in flurry") {
		t.Errorf("the stroke in the flurry used no action:\n%s", logText(f))
	}
}
