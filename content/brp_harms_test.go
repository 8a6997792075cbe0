package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Wounds kept apart (l.521, 531, 619): each hit is its own wound with its
// own damage. A heal aimed at a wound heals no more than it lacks; one not
// aimed is spread over them as evenly as it goes; First Aid heals one wound
// once; and the minor wounds' toll toward a major wound's worth is what the
// minor wounds still lack, so healing a minor wound takes it off and
// healing a major one does not.
// ledger: brp/wounds-kept-apart brp/minor-wounds-add-up
func TestBRPWoundsKeptApart(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Ann", hp: 50, stats: map[string]int{"POW": 10, "first_aid": 50}}, {name: "Bob", hp: 30}})
	a := f.ID("Ann")
	f.Must(engine.Damage{Who: a, Amount: 25, Bare: true}, 50, 90, 2) // a major wound (25 of 50): the table's 50, Luck 90, 2 INT lost
	f.Must(engine.Damage{Who: a, Amount: 10, Bare: true})
	f.Must(engine.Damage{Who: a, Amount: 10, Bare: true})
	c := f.Get("Ann")
	if len(c.Harms) != 3 || !c.Harms[0].Major || c.Harms[1].Major || c.MinorLost != 20 || c.Has("half_lost") {
		t.Fatalf("25 major, 10 and 10 minor: %+v, minor lost %d", c.Harms, c.MinorLost)
	}
	// Aimed at wound 2: no more than its 10, however much is rolled.
	f.Must(engine.Heal{Who: a, Amount: 12, Wound: 2})
	if c := f.Get("Ann"); c.HP != 15 || c.Harms[1].Left != 0 || c.MinorLost != 10 {
		t.Errorf("12 aimed at a wound of 10: %d HP, wound 2 lacks %d, minor lost %d; want 15, 0, 10", c.HP, c.Harms[1].Left, c.MinorLost)
	}
	if _, err := f.Do(engine.Heal{Who: a, Amount: 1, Wound: 2}); err == nil || !strings.Contains(err.Error(), "wound 2 has healed") {
		t.Errorf("a heal aimed at a healed wound: %v", err)
	}
	// Another minor 12: 22 of a major wound's 25, no Luck roll called for
	// (the healed minor wound no longer counts; the total lost, 47, would).
	f.Must(engine.Damage{Who: a, Amount: 12, Bare: true})
	if c := f.Get("Ann"); c.MinorLost != 22 || c.Has("half_lost") {
		t.Errorf("minor wounds lacking 10 and 12: minor lost %d, weakened %v", c.MinorLost, c.Has("half_lost"))
	}
	// Healing not aimed is spread: 6 over wounds lacking 25, 10 and 12.
	f.Must(engine.Heal{Who: a, Amount: 6})
	var left []int
	for _, h := range f.Get("Ann").Harms {
		left = append(left, h.Left)
	}
	if want := []int{23, 0, 8, 10}; !equal(left, want) {
		t.Errorf("6 spread: the wounds lack %v, want %v", left, want)
	}
	// First Aid on wound 4 (from 0: 3) heals its 1D3 once; a second is refused.
	f.Must(engine.FirstAid{Who: a, Treat: engine.TreatHits, Wound: 3}, 20, 3)
	if c := f.Get("Ann"); c.Harms[3].Left != 7 || !strings.Contains(f.LastLog("First Aid heals"), "wound 4: 7 left") {
		t.Errorf("First Aid on wound 4: %+v, %q", c.Harms[3], f.LastLog("First Aid heals"))
	}
	if _, err := f.Do(engine.FirstAid{Who: a, Treat: engine.TreatHits, Wound: 2}, 20, 3); err != nil {
		t.Errorf("First Aid on wound 3: %v", err)
	}
	if _, err := f.Do(engine.FirstAid{Who: a, Treat: engine.TreatHits, Wound: 2}, 20, 3); err == nil ||
		!strings.Contains(err.Error(), "First Aid has healed it once") {
		t.Errorf("a second First Aid on wound 3: %v", err)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
