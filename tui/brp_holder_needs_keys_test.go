package tui

import (
	"strings"
	"testing"
)

// g lists the Stamina rolls of a head blow (l.595) and of a belly or chest
// wound (l.592-593) only for one who holds it: for anyone else they would
// roll for nothing and log "Stabilised".
// ledger: brp/head-at-hp
func TestBRPHeadBlowStaminaOfferedToTheHeadBlowOnly(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "g", "stamina roll to")
	if s := screenText(m); strings.Contains(s, "stabilise a head blow") || strings.Contains(s, "vital wound") {
		t.Errorf("g offers a head blow's or a vital wound's Stamina roll to one with neither:\n%s", s)
	}
	m, _ = keys(m, "esc", "c", "head blow", "enter", "enter")
	if !combatant(m, "Ann").Has("head_blow") && !combatant(m, "Bob").Has("head_blow") {
		t.Fatalf("c did not give Head blow:\n%s", screenText(m))
	}
	m, _ = keys(m, "g", "stamina roll to")
	if s := screenText(m); !strings.Contains(s, "stabilise a head blow") {
		t.Errorf("g does not offer the Stamina roll to stabilise to one with a head blow:\n%s", s)
	}
}
