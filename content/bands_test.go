package content_test

import (
	"testing"

	"fray/engine"
)

// Each band's edge, taken exactly, as each book says it: whether the edge
// itself is in the band. (War & Combat and Energy keep no bands of hit
// points.)
// ledger: pathmaster/injury-bands countdown/wound-modifiers countdown/wound-start-exception brp/minor-wounds-add-up
func TestBandEdgesAsTheBooksSay(t *testing.T) {
	type step struct{ hp, penalty int }
	for _, c := range []struct {
		ruleset, cite string
		max           int
		steps         []step
		cond          string // a band's condition, held at penalty -1
	}{
		// pathmaster.txt l.1165-1167, 1356-1358: -10 at 75%, -20 at 50%, -30 at 25%.
		{"pathmaster", "l.1166", 100, []step{{76, 0}, {75, -10}, {51, -10}, {50, -20}, {26, -20}, {25, -30}}, ""},
		// countdown.txt l.67-69: 20, 10 and 5 or less.
		{"countdown", "l.67-69", 30, []step{{21, 0}, {20, -10}, {11, -10}, {10, -20}, {6, -20}, {5, -30}}, ""},
		// countdown.txt l.70: starting at 18, no modifier until 10 or less.
		{"countdown", "l.70", 18, []step{{18, 0}, {11, 0}, {10, -20}}, ""},
		// brp.md l.531: minor wounds worth a major wound (hits of 1 here,
		// each a minor wound): a major wound's MAX_HP / 2 lost.
		{"brp", "l.531", 20, []step{{19, 0}, {18, 0}, {17, 0}, {16, 0}, {15, 0}, {14, 0}, {13, 0}, {12, 0}, {11, 0}, {10, -1}}, "half_lost"},
		{"brp", "l.531", 15, []step{{14, 0}, {13, 0}, {12, 0}, {11, 0}, {10, 0}, {9, 0}, {8, -1}}, "half_lost"},
	} {
		f, _ := startFight(t, c.ruleset, []member{{name: "Hero", hp: c.max}, {name: "Foe", hp: 10}})
		hero := f.ID("Hero")
		for _, s := range c.steps {
			if d := f.Get("Hero").HP - s.hp; d > 0 {
				f.Must(engine.Damage{Who: hero, Amount: d})
			}
			h := f.Get("Hero")
			got := engine.Penalty(f.Rules, h)
			if c.cond != "" {
				got = 0
				if h.Has(c.cond) {
					got = -1
				}
			}
			if got != s.penalty {
				t.Errorf("%s %s: at %d of %d, %d, want %d", c.ruleset, c.cite, s.hp, c.max, got, s.penalty)
			}
		}
	}
}
