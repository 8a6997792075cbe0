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
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o, Condition: "prone"})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	if l := f.LastLog("Gavvin: Ranged"); !strings.Contains(l, "target Prone -20") {
		t.Fatalf("a prone orc's dodge against a shot: %s", l)
	}
	f.Must(engine.GiveCondition{Who: o, Condition: "entangled"})
	f.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	if l := f.LastLog("Gavvin: Ranged"); strings.Contains(l, "Prone") {
		t.Errorf("an entangled prone orc (no dodge) still gets Prone's +20 dodge against a shot: %s", l)
	}
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if l := f.LastLog("Gavvin: Melee"); strings.Contains(l, "Prone") {
		t.Errorf("an entangled prone orc (no dodge) still takes Prone's -20 dodge against a blade: %s", l)
	}

	f2, _ := pm(t)
	f2.Must(engine.GiveCondition{Who: o, Condition: "prone"})
	f2.Must(engine.GiveCondition{Who: g, Condition: "invisible"})
	f2.Must(engine.RollCheck{Who: g, Check: "ranged", Target: o}, 50)
	if l := f2.LastLog("Gavvin: Ranged"); strings.Contains(l, "Prone") {
		t.Errorf("an invisible archer, ignoring the dodge, still meets Prone's +20 dodge: %s", l)
	}
	// Another attacker, not invisible, still meets it.
	f2.Must(engine.RollCheck{Who: f2.ID("Orc 2"), Check: "ranged", Target: o}, 50)
	if l := f2.LastLog("Orc 2: Ranged"); !strings.Contains(l, "target Prone -20") {
		t.Errorf("a sighted archer's shot at the prone orc: %s", l)
	}
}
