package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.19: "Starting with the highest DEX, each player states what their
// character intends to do": BRP states in its statements phase and rolls no
// initiative. The keys screen (?) names D by that phase, as does its
// dialog; D in the Action phase is refused naming the phase, with no word
// of initiative. A ruleset that rolls initiative after its declarations
// (Countdown) keeps "before initiative".
// ledger: brp/statements-by-dex
func TestBRPStatementsAreNamedByTheirPhase(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "?")
	if s := screenText(m); !strings.Contains(s, "declare (in the statements)") || strings.Contains(s, "before initiative") {
		t.Errorf("the keys screen does not name D by the statements:\n%s", s)
	}
	m, _ = keys(m, "esc", "D")
	if s := screenText(m); !strings.Contains(s, "this round, in the statements") || strings.Contains(s, "before initiative") {
		t.Errorf("D's dialog does not say the statements:\n%s", s)
	}
	m, _ = keys(m, "esc")
	for m.fight().Current().Phase == 0 {
		if _, err := m.fight().Do(engine.Next{}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := m.fight().Do(engine.Declare{Who: combatant(m, "Ann").ID, Declaration: "defensive"})
	if err == nil || !strings.Contains(err.Error(), "declarations are made in the Statements phase") || strings.Contains(err.Error(), "initiative") {
		t.Errorf("D in the Action phase: %v", err)
	}

	c := fightIn(t, "countdown", "Ann", "Bob")
	c, _ = keys(c, "?")
	if s := screenText(c); !strings.Contains(s, "declare (before initiative)") {
		t.Errorf("Countdown's keys screen lost \"before initiative\":\n%s", s)
	}
}
