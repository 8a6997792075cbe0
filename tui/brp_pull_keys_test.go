package tui

import (
	"strings"
	"testing"
)

// g's pull of an impaling weapon back out at once (l.383) is aimed at the
// one it is stuck in, and only as a hand weapon's impale strikes home: with
// nothing stuck in anyone, g does not offer it at all.
// ledger: brp/impaled-weapon
func TestBRPPullBackOutOffersNoOneWithNothingStuck(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "g", "back out at once")
	if strings.Contains(screenText(m), "Pull an impaling weapon back out at once") {
		t.Errorf("g offered the pull with nothing stuck:\n%s", screenText(m))
	}
}
