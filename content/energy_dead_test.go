package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A 1 on the Death roll or the Death Save is death (energy.txt l.637, 645:
// "You die"): the dead roll nothing more. No Death Save at a round's start
// though the Bleeding out that brought them is still held, no waking d20
// though Knocked out is (l.655), no Death roll for damage taken at 0 Aura
// (l.626), and no Defense roll against a blow (l.346): it hits.
// ledger: energy/death-save-table energy/death-roll-other-rows energy/no-defense-auto-hit
func TestEnergyTheDeadRollNoMore(t *testing.T) {
	f, d := startFight(t, "energy", []member{{name: "Ash", creature: "adventurer"}, {name: "Bo", creature: "raider"},
		{name: "Sly", creature: "scout"}})
	ash, bo, sly := f.ID("Ash"), f.ID("Bo"), f.ID("Sly")
	f.Must(engine.GiveCondition{Who: bo, Condition: "knocked_out"})
	f.Must(engine.Damage{Who: bo, Amount: 14})
	f.Must(engine.Damage{Who: bo, Amount: 1}, 1) // Bo dies, knocked out still
	f.Must(engine.Damage{Who: ash, Amount: 20})
	f.Must(engine.Damage{Who: ash, Amount: 1}, 6) // Ash bleeds out
	f.Must(engine.Next{}, 5)                      // Ash's Death Save: bleeding on; Bo rolls no waking d20
	f.Must(engine.Damage{Who: ash, Amount: 2}, 1) // Ash dies
	if !f.Get("Ash").Has("dead") || !f.Get("Ash").Has("bleeding_out") || !f.Get("Bo").Has("knocked_out") {
		t.Fatalf("Ash %v, Bo %v", f.Get("Ash").Conditions, f.Get("Bo").Conditions)
	}
	dead := len(strings.Split(logText(f), "\n"))
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	f.Must(engine.Damage{Who: ash, Amount: 3})
	f.Must(engine.Blow{Who: sly, Blow: "attack", Weapon: 1, Foes: []int{ash}, Answer: "evasion"}, 12, 3)
	if d.Err != nil {
		t.Errorf("a die was rolled for the dead: %v", d.Err)
	}
	log := logText(f)
	after := strings.Join(strings.Split(log, "\n")[dead-1:], "\n")
	for _, not := range []string{"Death Save", "Waking", "Death roll", "Evasion roll", "is Exhausted", "is Bleeding out", "is Dead\n"} {
		if strings.Contains(after, not) {
			t.Errorf("the dead rolled or took something: %q in\n%s", not, after)
		}
	}
	if strings.Contains(log, "Bo: Waking") {
		t.Errorf("dead Bo rolled to wake:\n%s", log)
	}
	if !strings.Contains(after, "the blow is unanswered") || f.Get("Ash").HP != 0 {
		t.Errorf("the blow at the dead was answered:\n%s", after)
	}
}
