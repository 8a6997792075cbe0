package tui

import (
	"strings"
	"testing"
)

// War & Combat's d asks the location, the severity and the kind of a wound;
// the panel and the order show the record; h strikes it off.
// ledger: war-and-combat/wound-severities war-and-combat/record-kind war-and-combat/wound-penalty-light-serious
func TestWoundRecordFromTheKeys(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "d", "left arm", "enter", "down", "enter", "down", "enter")
	c := combatant(m, "Veteran")
	if len(c.Record) != 1 || c.Record[0].Location != "left_arm" || c.Record[0].Severity != "serious" || !c.Record[0].Penetrating {
		t.Fatalf("record: %+v", c.Record)
	}
	screen := screenText(m)
	for _, want := range []string{"Wounds: penalty -3", "Left arm -3: serious (cut)", "pen -3"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	m, _ = keys(m, "h", "enter")
	if c := combatant(m, "Veteran"); len(c.Record) != 0 {
		t.Errorf("h did not strike the wound off: %+v", c.Record)
	}
}

// F engages, counts a flurry's actions down and disengages.
// ledger: war-and-combat/engage-on-entering war-and-combat/close-combat-engagement war-and-combat/flurry-actions
func TestFlurriesFromTheKeys(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "F", "brigand", "enter")
	v, b := combatant(m, "Veteran"), combatant(m, "Brigand")
	if v.Flurry == nil || b.Flurry == nil || v.Flurry.ID != b.Flurry.ID {
		t.Fatalf("not engaged: %+v %+v", v.Flurry, b.Flurry)
	}
	for m.fight().Current().Phase != 2 {
		m, _ = keys(m, "n")
	}
	m.order.sel = combatant(m, "Veteran").ID
	left := combatant(m, "Veteran").Flurry.Left
	m, _ = keys(m, "F", "use an action", "enter")
	if got := combatant(m, "Veteran").Flurry.Left; got != left-1 {
		t.Errorf("actions %d, want %d", got, left-1)
	}
	if s := screenText(m); !strings.Contains(s, "Flurry 1 vs Brigand:") || !strings.Contains(s, "1 action left") || !strings.Contains(s, "fl1:1a") {
		t.Errorf("the panel does not show the flurry:\n%s", screenText(m))
	}
	m, _ = keys(m, "F", "disengage", "enter")
	if combatant(m, "Veteran").Flurry != nil || combatant(m, "Brigand").Flurry != nil {
		t.Error("disengaging leaves the flurry")
	}
	// A ruleset without flurries does not offer F.
	m = fightIn(t, "pathmaster", "Gavvin", "Orc")
	if m, _ = keys(m, "?"); strings.Contains(screenText(m), "flurries") {
		t.Error("Pathmaster's keys offer flurries")
	}
}

// d offers a penetrating wound as a cut or a puncture, each saying what it
// bleeds there (war-and-combat.txt l.357): a mortal puncture to an arm
// bleeds, a mortal cut severs it.
// ledger: war-and-combat/mortal-wounds war-and-combat/record-kind
func TestWoundKindFromTheKeys(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "d", "left arm", "enter", "down", "down", "down", "enter")
	screen := screenText(m)
	for _, want := range []string{"Cut", "penetrating: no bleeding", "Puncture", "penetrating: serious bleeding"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the kinds lack %q:\n%s", want, screen)
		}
	}
	m, _ = keys(m, "down", "down", "enter")
	if c := combatant(m, "Veteran"); len(c.Record) != 1 || c.Record[0].Kind != "puncture" || !c.Record[0].Penetrating {
		t.Fatalf("record: %+v", c.Record)
	}
	if s := screenText(m); !strings.Contains(s, "Veteran takes a mortal puncture wound to the left arm") || !strings.Contains(s, "Veteran: serious bleeding") {
		t.Errorf("the log:\n%s", s)
	}
}

// F offers the killing stroke on one open to a coup-de-grace (the
// unconscious Brigand): he dies (war-and-combat.txt l.389).
// ledger: war-and-combat/coup-de-grace
func TestKillingStrokeFromTheKeys(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m.order.sel = combatant(m, "Brigand").ID
	m, _ = keys(m, "c", "unconscious", "enter", "enter")
	if !combatant(m, "Brigand").Has("finishable") {
		t.Fatalf("the unconscious Brigand is not open to a coup-de-grace:\n%s", screenText(m))
	}
	m, _ = keys(m, "n") // to the movement phase: the stroke is a quick action
	m.order.sel = combatant(m, "Veteran").ID
	m, _ = keys(m, "F", "killing stroke", "enter")
	if !combatant(m, "Brigand").Has("dead") {
		t.Errorf("F's killing stroke did not kill:\n%s", screenText(m))
	}
	if s := screenText(m); !strings.Contains(s, "Veteran delivers the killing stroke: Brigand dies") {
		t.Errorf("the log does not say so:\n%s", s)
	}
}
