package tui

import (
	"strings"
	"testing"

	"fray/narrate"
)

// At 80 columns a check's line is longer than the log: it wraps under
// itself, so its outcome is read at its end, and the status line says the
// outcome again where the GM looks.
func TestACheckOutcomeIsReadAt80Columns(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "g", "strike", "enter", "ogre", "enter", "running", "enter", "hard cover", "enter", "enter", "enter")
	var line, outcome string
	for _, e := range m.fight().Log() {
		if l := narrate.Line(m.fight().Rules, e); strings.Contains(l, "Strike against Ogre") {
			line, outcome = l, l[strings.LastIndex(l, ": ")+2:]
		}
	}
	if len(line) <= 80 || outcome == "" {
		t.Fatalf("the strike's line fits 80 columns, and tests nothing: %q", line)
	}
	s := screenText(m)
	rows := strings.Split(s, "\n")
	logAt := -1
	for i, r := range rows {
		if strings.HasPrefix(r, "── Log") {
			logAt = i
		}
	}
	if logAt < 0 {
		t.Fatalf("no log:\n%s", s)
	}
	var shown []string
	for _, r := range rows[logAt+1:] {
		shown = append(shown, strings.TrimSpace(r))
	}
	if !strings.Contains(strings.Join(shown, " "), "Ranged: hard cover -20") || !strings.Contains(strings.Join(shown, " "), "or less (50 - 30): "+outcome) {
		t.Errorf("the log cuts the strike's outcome %q:\n%s", outcome, s)
	}
	if want := "Fighter: Strike against Ogre: " + outcome; !strings.Contains(m.status.text, want) {
		t.Errorf("status %q, want %q", m.status.text, want)
	}
}

// A stun recovery's line says what was added to the roll, the total and
// what it was held against, then what came of it (the status line says
// that again); the dice prompt names the roll without a number from its
// preview ("stays stunned: 36").
func TestStunRecoverySaysWhatItWasHeldAgainst(t *testing.T) {
	m := goldenScene(t, 160, 45)
	want := "Orc 1 stun recovery: d100oe + PR: [66] + 20 = 86, +0 for 1 round of stun, Shaken -10, -10 penalty: 66 against 81 to ease it a level, 101 to shrug it off: stays"
	if s := screenText(m); !strings.Contains(s, want) || m.status.text != "Orc 1 stays stunned" {
		t.Fatalf("the stun recovery (status %q):\n%s", m.status.text, s)
	}
	m, _ = keys(m, "u", "N")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if !strings.Contains(s, "Orc 1 stun recovery (d100oe + PR): d100") || strings.Contains(s, "stays stunned:") {
		t.Errorf("the dice prompt names the stun recovery so:\n%s", screenText(m))
	}
}
