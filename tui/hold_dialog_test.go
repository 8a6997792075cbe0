package tui

import (
	"strings"
	"testing"
)

// ledger: pathmaster/wait
func TestWaitKey(t *testing.T) {
	m, _, _ := demo(t)
	first := actorName(m)
	order := rows(m.fight().Current())
	m, _ = keys(m, "w")
	if m.dlg == nil || !strings.Contains(screenText(m), "Wait") || !strings.Contains(screenText(m), "Delay") {
		t.Fatalf("w: %s", screenText(m))
	}
	m, _ = keys(m, "enter", "down", "enter") // Wait, after the next in the order
	if actorName(m) != order[1].Name || rows(m.fight().Current())[1].Name != first {
		t.Fatalf("after waiting: %s acts, order %v", actorName(m), rows(m.fight().Current()))
	}
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	if c := m.fight().Current().Actor(); c.Delaying != "if the orc charges" {
		t.Errorf("delay: %q", c.Delaying)
	}
}

// Pathmaster's delayed attack is fired from the spend dialog; after the
// Delay the dialog refuses what is not an interrupt, with the reason.
// ledger: pathmaster/delay pathmaster/delay-against-charge
func TestDelayedAttackFromTheSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	m, _ = keys(m, "m", "ingest", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "after a Delay only what Interrupt") {
		t.Fatalf("an herb after a delay: %s", screenText(m))
	}
	m, _ = keys(m, "esc", "m", "attack - delayed", "enter")
	if c := m.fight().Current().Actor(); m.dlg != nil || c.Delaying != "" {
		t.Fatalf("the delayed attack was not fired: %q %s", c.Delaying, screenText(m))
	}
}

// The last in the order has nobody to wait for: its Wait is offered into
// the next round, and lasts there (order.wait_lasts).
// ledger: pathmaster/wait-into-later-rounds
func TestWaitKeyLastsIntoTheNextRound(t *testing.T) {
	m, _, _ := demo(t)
	order := rows(m.fight().Current())
	last := order[len(order)-1].Name
	for range len(order) - 1 {
		m, _ = keys(m, "n")
	}
	if actorName(m) != last {
		t.Fatalf("%s acts, not %s", actorName(m), last)
	}
	m, _ = keys(m, "w", "enter")
	if !strings.Contains(screenText(m), "the next round (keep waiting)") {
		t.Fatalf("the wait's places: %s", screenText(m))
	}
	m, _ = keys(m, "enter")
	enc := m.fight().Current()
	if enc.Round != 2 || !combatant(m, last).WaitOn {
		t.Fatalf("round %d: %s waits on %v", enc.Round, last, combatant(m, last).WaitOn)
	}
}
