package saves

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine/rules"
)

// A ruleset that gains a stat (one a new check reads, say) costs no saved
// fight its history: its combatants get the stat's default, as they would
// joining now, and every step still replays.
func TestANewStatKeepsTheHistory(t *testing.T) {
	a := randomFight(t, "energy", 3, 30)
	data, err := Encode(a, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
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
