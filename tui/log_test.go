package tui

import (
	"strings"
	"testing"
)

func TestLogKeys(t *testing.T) {
	m, _, _ := demo(t)
	for range 12 {
		m, _ = keys(m, "n")
	}
	m, _ = keys(m, "pgup")
	if m.log.back == 0 || !strings.Contains(screenText(m), "back") {
		t.Fatal("pgup does not scroll the log")
	}
	m, _ = keys(m, "]", "]")
	if m.log.back != 0 {
		t.Fatal("] does not return")
	}
}
