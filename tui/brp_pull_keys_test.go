package tui

import (
	"strings"
	"testing"
)

// g's pull of an impaling weapon back out at once (l.383) is aimed at the
// one it is stuck in: with nothing stuck in anyone, no one is offered and
// the roll is refused before it is made.
// ledger: brp/impaled-weapon
func TestBRPPullBackOutOffersNoOneWithNothingStuck(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "g", "back out at once", "enter")
	if !strings.Contains(m.status.text, "has no weapon stuck in anyone: no Pull an impaling weapon back out at once") {
		t.Errorf("g offered the pull with nothing stuck: status %q\n%s", m.status.text, screenText(m))
	}
}
