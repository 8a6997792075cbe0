package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Prone changes the defender's Dodge: +20 against ranged attacks, -20
// against melee (l.972-974). An entangled defender has no Dodge to change
// ("loses any Dodge DB", l.892), and an invisible attacker ignores the
// Dodge altogether (l.946-947): neither roll takes Prone's change.
// ledger: pathmaster/entangled-ob-and-dodge
// ledger: pathmaster/invisible
func TestProneChangesNoDodgeThatIsNotThere(t *testing.T) {
	// roll is Gavvin's one attack roll of the turn at a prone Orc 1,
	// which (and Gavvin) hold the conditions given first.
	roll := func(check string, orc, gavvin []string) string {
		f, _ := pm(t)
		g, o := f.ID("Gavvin"), f.ID("Orc 1")
		for _, c := range append([]string{"prone"}, orc...) {
			f.Must(engine.GiveCondition{Who: o, Condition: c})
		}
		for _, c := range gavvin {
			f.Must(engine.GiveCondition{Who: g, Condition: c})
		}
		f.Must(engine.RollCheck{Who: g, Check: check, Target: o}, 50)
		return f.LastLog("Gavvin: ")
	}
	if l := roll("ranged", nil, nil); !strings.Contains(l, "target Prone -20") {
		t.Fatalf("a prone orc's dodge against a shot: %s", l)
	}
	if l := roll("ranged", []string{"entangled"}, nil); strings.Contains(l, "Prone") {
		t.Errorf("an entangled prone orc (no dodge) still gets Prone's +20 dodge against a shot: %s", l)
	}
	if l := roll("attack", []string{"entangled"}, nil); strings.Contains(l, "Prone") {
		t.Errorf("an entangled prone orc (no dodge) still takes Prone's -20 dodge against a blade: %s", l)
	}
	if l := roll("ranged", nil, []string{"invisible"}); strings.Contains(l, "Prone") {
		t.Errorf("an invisible archer, ignoring the dodge, still meets Prone's +20 dodge: %s", l)
	}
	// Another attacker, not invisible, still meets it.
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o, Condition: "prone"})
	f.Must(engine.GiveCondition{Who: f.ID("Gavvin"), Condition: "invisible"})
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: o}, 50)
	if l := f.LastLog("Orc 2: Ranged"); !strings.Contains(l, "target Prone -20") {
		t.Errorf("a sighted archer's shot at the prone orc: %s", l)
	}
}
