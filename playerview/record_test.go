package playerview

import (
	"testing"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// A wound record has no hit points: the players see the penalty, or the
// worst wound, never 0/0.
func TestWoundRecordShownToPlayers(t *testing.T) {
	rs := &rules.Ruleset{ID: "r", Vitality: rules.Vitality{Kind: rules.VitalityRecord,
		Locations:  []rules.Location{{ID: "arm", Name: "Arm"}, {ID: "leg", Name: "Leg"}},
		Severities: []rules.Severity{{ID: "light", Name: "Light", Penalty: -1}, {ID: "serious", Name: "Serious", Penalty: -3}}}}
	c := &engine.Combatant{Identity: engine.Identity{Name: "A", Side: "foes"}, Hurt: engine.Hurt{Record: []engine.Recorded{{Location: "arm", Severity: "serious"}, {Location: "arm", Severity: "light"}, {Location: "leg", Severity: "light"}}}}
	for show, want := range map[rules.HPShow]string{rules.HPExact: "penalty -4", rules.HPWords: "serious wound", rules.HPBar: "serious wound", rules.HPNone: ""} {
		if got := narrate.HP(rs, show, c); got != want {
			t.Errorf("%s: %q, want %q", show, got, want)
		}
	}
	if got := narrate.HP(rs, rules.HPExact, &engine.Combatant{}); got != "unhurt" {
		t.Errorf("no wounds: %q", got)
	}
}
