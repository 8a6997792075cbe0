package saves

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// A ruleset that gains a stat (one a new check reads, say) costs no saved
// fight its history: its combatants get the stat's default, as they would
// joining now, and every step still replays.
func TestANewStatKeepsTheHistory(t *testing.T) {
	a := randomFight(t, "energy", 3, 30)
	data, err := Encode(a.Snapshot(), time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	rs, _, _ := shippedRules("energy")
	grown := *rs
	grown.Stats = append(slices.Clone(rs.Stats), rules.StatDef{ID: "luck", Name: "Luck", Default: 3})
	b, err := Decode("x.toml", data, func(string) (*rules.Ruleset, string, bool) { return &grown, "another hash", true })
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Notices) != 1 || !strings.Contains(b.Notices[0], "has changed since") {
		t.Fatalf("notices: %q", b.Notices)
	}
	if len(b.Fight.Done) != len(a.Fight.Done) {
		t.Fatalf("%d steps replayed, the fight had %d", len(b.Fight.Done), len(a.Fight.Done))
	}
	for _, c := range b.Fight.Current().Combatants {
		if c.Stats["luck"] != 3 {
			t.Errorf("%s: luck %d, want the default 3", c.Name, c.Stats["luck"])
		}
	}
	for _, c := range a.Fight.Current().Combatants {
		if _, ok := c.Stats["luck"]; ok {
			t.Errorf("the fight saved was changed: %s has luck", c.Name)
		}
	}
}

// A check rolled in a fight saves and replays with the faces it rolled.
func TestCheckStepsRoundTrip(t *testing.T) {
	a := randomFight(t, "countdown", 5, 10)
	enc := a.Fight.Current()
	for i := range 3 {
		cmd := engine.RollCheck{Who: enc.Combatants[0].ID, Target: enc.Combatants[1].ID, Check: "strike", Expr: "+10"}
		if _, err := a.Fight.Do(cmd, 2+i*40); err != nil {
			t.Fatal(err)
		}
	}
	data, err := Encode(a.Snapshot(), time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `check = "strike"`) || !strings.Contains(string(data), `fact = {CheckRolled = {Check = {ID = "strike"}, Against = {ID = 2, Name = "Fighter 2"}`) {
		t.Errorf("the save does not hold the check and its facts:\n%s", data)
	}
	b, err := Decode("x.toml", data, shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if log := b.Fight.Log(); !strings.HasPrefix(narrate.Line(b.Fight.Rules, log[len(log)-3]), "Fighter 1: Strike against Fighter 2: d100: [2] = 2 vs ") {
		t.Errorf("the check's line reads back as %q", narrate.Line(b.Fight.Rules, log[len(log)-3]))
	}
	if len(b.Notices) > 0 || !engine.Same(*a.Fight.Current(), *b.Fight.Current()) || len(b.Fight.Done) != len(a.Fight.Done) {
		t.Fatalf("the check steps did not come back: %v", b.Notices)
	}
}
