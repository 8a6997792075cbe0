package content_test

import (
	"testing"

	"fray/engine"
)

// Shield Parry (l.1110-1113): a single use of the parry on the shield, so
// a single ranged attack parried between the defender's turns; a Directed
// spell follows the ranged rules (l.1379-1380) and offers it too.
// ledger: pathmaster/shield-parry
func TestShieldParryOnceAgainstRanged(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.RollCheck{Who: o, Check: "ranged", Target: g, Modifiers: []string{"shield_parry"}}, 50)
	if _, err := f.Do(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: g, Modifiers: []string{"shield_parry"}}, 50); err == nil {
		t.Errorf("a second ranged attack shield-parried before Gavvin's turn")
	}
	h, _ := pm(t)
	h.Must(engine.Allot{Who: g, Parry: 40})
	h.Must(engine.RollCheck{Who: o, Check: "directed", Target: g, Modifiers: []string{"shield_parry"}}, 50)
}
