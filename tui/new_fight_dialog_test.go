package tui

import (
	"strings"
	"testing"
)

// What a ruleset says of itself and of its actions reaches the GM: the
// ruleset picker shows each one's description, the spend dialog each
// action's summary beside its cost.
func TestDescriptionsOnScreen(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight (the cursor starts on the demo)
	if s := screenText(m); !strings.Contains(s, "d100 open-ended rolls") {
		t.Errorf("the ruleset picker lacks Pathmaster's description:\n%s", s)
	}
	m, _, _ = demo(t)
	m, _ = keys(m, "m", "do nothing")
	if s := screenText(m); !strings.Contains(s, "nothing · Stand still") {
		t.Errorf("the spend dialog lacks the action's summary:\n%s", s)
	}
}
