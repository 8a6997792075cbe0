package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Shields "cannot effectively parry extremely fast missile weapons like
// firearms" (l.486, 517): only in the option, a shield seen coming after a
// Spot roll, at the full skill, or Difficult when the Spot fails (l.443).
// The guard's full shield at its base 30% against the investigator's
// revolver is refused, naming the two the option allows; with the Spot
// made the parry is rolled. A bow's arrow still takes the base chance.
// ledger: brp/missile-parry
func TestBRPFirearmParriedOnlyInTheOption(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Guard", creature: "temple_guard"}})
	onRank(t, f, "Investigator")
	inv, g := f.ID("Investigator"), f.ID("Guard")
	_, err := f.Do(engine.Blow{Who: inv, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1, Guards: []string{"full_shield_missile"}}, 30, 20)
	if err == nil || !strings.Contains(err.Error(), "Spot made") {
		t.Fatalf("a full shield's 30%% against a revolver: %v, want it refused for the option's Spot\n%s", err, logText(f))
	}
	f.Must(engine.Blow{Who: inv, Blow: "attack", Foes: []int{g}, Answer: "parry", Guard: 1, Guards: []string{"missile_seen"}}, 30, 20)
	if got := f.LastLog("Guard: Parry"); !strings.Contains(got, "vs 45 or less") {
		t.Errorf("the Spot made, the shield at its full 45: %q", got)
	}
}

// A bullet is a tiny thing that "can be left in the wound" (l.389): a
// revolver's special impales (its dice doubled) but leaves the target
// free to heal, where a javelin's or an arrow's lodges (l.387).
// ledger: brp/impaled-weapon
func TestBRPBulletLodgesNothing(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}})
	onRank(t, f, "Investigator")
	c := f.ID("Cultist")
	f.Must(engine.Blow{Who: f.ID("Investigator"), Blow: "attack", Foes: []int{c}}, 5, 2, 2) // a special of 55: 2 + 2
	if !strings.Contains(logText(f), "impale") && !strings.Contains(logText(f), "Impale") {
		t.Fatalf("no impale on the special:\n%s", logText(f))
	}
	if f.Get("Cultist").Has("impaled") {
		t.Errorf("a bullet left the cultist Impaled (l.389: it may stay in)")
	}
	if _, err := f.Do(engine.Heal{Who: c, Amount: 1}); err != nil {
		t.Errorf("healing with a bullet in: %v", err)
	}
}
