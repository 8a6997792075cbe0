package content_test

import (
	"testing"

	"fray/engine"
)

// Autofire (l.448-493): a Short-Burst spends 3 rounds of ammunition and is
// a Standard Attack action; a Long-Burst 6 and Full-Auto 10, each a Full
// Round action; "If the ammunition supply is not sufficient for the
// desired fire mode, then it may not be selected" (l.475).
// ledger: pathmaster/autofire-bursts pathmaster/full-auto pathmaster/reload
func TestAutofireSpendsItsRounds(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"SHOTS": 20})
	shots := func() int { return f.Get("Blade").Pools["shots"] }
	f.Must(engine.Spend{Who: b, Action: "short_burst"})
	if shots() != 17 {
		t.Errorf("a short burst: %d left of 20, want 17", shots())
	}
	f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: o, Modifiers: []string{"short_wide"}}, 50)
	// A Standard Attack: the Move is left, but no full round.
	f.Refuse(engine.Spend{Who: b, Action: "long_burst"}, "Attack")
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "long_burst"})
	if shots() != 11 {
		t.Errorf("a long burst: %d left of 17, want 11", shots())
	}
	f.Refuse(engine.Spend{Who: b, Action: "aim"}, "Move")
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "full_auto"})
	if shots() != 1 {
		t.Errorf("full auto: %d left of 11, want 1", shots())
	}
	f.Next()
	f.ToTurnOf("Blade")
	f.Refuse(engine.Spend{Who: b, Action: "short_burst"}, "Shots 1")
	f.Must(engine.Spend{Who: b, Action: "reload"})
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "short_burst"})
	if shots() != 17 {
		t.Errorf("a short burst after a reload: %d left of 20, want 17", shots())
	}
	// One shell into a breach-loaded weapon is one round (l.648), not a
	// full magazine.
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "reload_shell"})
	if shots() != 18 {
		t.Errorf("one shell: %d, want 18", shots())
	}
}
