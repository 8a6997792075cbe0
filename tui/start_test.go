package tui

import (
	"strings"
	"testing"
)

func TestStartScreen(t *testing.T) {
	m, _, _ := newModel(t)
	s := screenText(m)
	for _, want := range []string{"fray", "New fight", "Demo: Gavvin and the orcs", "Demo: skirmish at the ford", "Quit"} {
		if !strings.Contains(s, want) {
			t.Errorf("start screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Resume") {
		t.Error("Resume offered with no saved fight")
	}
	if _, quit := keys(m, "q"); !quit {
		t.Error("q on the start screen does not quit")
	}
}
