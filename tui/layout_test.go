package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// At 160x45 the space goes to what has content: the order and the panel
// take the rows they fill, the log the rest; a dialog grows with the
// window.
func TestAt160x45TheSpaceGoesToContent(t *testing.T) {
	m := goldenScene(t, 160, 45)
	rows := strings.Split(screenText(m), "\n")
	logAt := -1
	for i, r := range rows {
		if strings.HasPrefix(r, "── Log") {
			logAt = i
		}
	}
	if logAt < 0 || logAt > 22 {
		t.Fatalf("the order and the panel keep %d rows (blank ones among them):\n%s", logAt-1, screenText(m))
	}
	if !strings.Contains(screenText(m), "The fight begins (Pathmaster)") {
		t.Errorf("the log does not get the rows the order leaves:\n%s", screenText(m))
	}
	m, _ = keys(m, "a")
	box := m.dlg.View()
	if w := lipgloss.Width(box); w <= 68 || w > 160 {
		t.Errorf("the add dialog is %d wide at 160 columns", w)
	}
	// At 80x24 it stays as it was.
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if w := lipgloss.Width(m.dlg.View()); w != 68 {
		t.Errorf("the add dialog is %d wide at 80 columns, want 68", w)
	}
}

// The header gives way where it can: the fight's name, then the ruleset's,
// never the name of the one acting; the Side column stays while a status
// needs room (the statuses are cut first, with a mark).
func TestTheHeaderAndTheOrderCutTheRightThing(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Sergeant of the Watch Aldric Vennholt", "Brigand")
	m.sess.Name = "The long ambush on the bridge of the river"
	for m.fight().Current().Actor() == nil || m.fight().Current().Actor().Name != "Sergeant of the Watch Aldric Vennholt" {
		m, _ = keys(m, "n")
		if m.fight().Current().Round > 2 {
			t.Fatal("the sergeant never acts")
		}
	}
	head := strings.Split(screenText(m), "\n")[0]
	if !strings.Contains(head, "Sergeant of the Watch Aldric Vennholt acts") || strings.Contains(head, "War & Combat") {
		t.Errorf("the header cuts the wrong thing: %q", head)
	}
	// At 40 columns the fight's name and the phase go whole before the one
	// acting is cut.
	m, _ = run(m, tea.WindowSizeMsg{Width: 40, Height: 12})
	for m.fight().Current().Actor() == nil || m.fight().Current().Actor().Name != "Brigand" {
		m, _ = keys(m, "n")
		if m.fight().Current().Round > 3 {
			t.Fatal("the brigand never acts")
		}
	}
	if head := strings.Split(screenText(m), "\n")[0]; !strings.Contains(head, "Brigand acts") || strings.Contains(head, "The long") {
		t.Errorf("at 40 columns the header cuts the wrong thing: %q", head)
	}
	m = goldenScene(t, 80, 24)
	for _, l := range strings.Split(screenText(m), "\n") {
		if strings.Contains(l, "▶ 17    Orc 1") && (!strings.Contains(l, "Orc 1  foes") || !strings.Contains(l, "stun 1 bleed …")) {
			t.Errorf("the side gave way to the statuses: %q", l)
		}
	}
}

// The countdown demo at 80x24 once its round runs: long names and a status
// on every row ("together defending"). The side stays, and the statuses are
// cut with a mark, as the README says, down to a cell and the mark.
func TestTheSideStaysWhileTheStatusesCanBeCut(t *testing.T) {
	m, _, _ := newModel(t)
	m = choose(t, m, "Demo: skirmish at the ford")
	for i := 0; m.fight().Current().Actor() == nil || !strings.Contains(strings.Split(screenText(m), "\n")[0], "acts"); i++ {
		if i > 12 {
			t.Fatalf("no one acts:\n%s", screenText(m))
		}
		m, _ = keys(m, "n")
	}
	s := screenText(m)
	cut := false
	for _, c := range m.fight().Current().Combatants {
		r := ""
		for _, l := range strings.Split(s, "\n") {
			if left, _, ok := strings.Cut(l, "│"); ok && strings.Contains(left, " "+c.Name+" ") {
				r = left
			}
		}
		if !strings.Contains(r, " "+c.Side+" ") {
			t.Errorf("%s's row has no side: %q", c.Name, r)
		}
		cut = cut || strings.Contains(r, "…")
	}
	if !cut {
		t.Errorf("no status was cut with a mark (the test's premise):\n%s", s)
	}
}

// A message longer than its line (a refusal and its reason) takes the
// keys' line too, whole, until the next key; a short one leaves the keys.
func TestALongMessageKeepsItsReason(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	long := "Ash cannot spend Stamina for Energy while Shaken: the condition forbids it until the end of the round, " +
		"and this is the reason that must be read"
	m.status.set(long, true)
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if !strings.Contains(s, "this is the reason that must be read") {
		t.Errorf("the long message is cut before its reason:\n%s", screenText(m))
	}
	m, _ = keys(m, "j")
	if s := screenText(m); strings.Contains(s, "must be read") || !strings.Contains(s, "next step") {
		t.Errorf("the next key does not bring the keys back:\n%s", s)
	}
}
