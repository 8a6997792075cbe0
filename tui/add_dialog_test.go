package tui

import (
	"strings"
	"testing"

	"fray/session"
)

func TestAddKeepsActorAndNumbers(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "n")
	actor := actorName(m)
	m, _ = keys(m, "a", "orc x3", "enter")
	if actorName(m) != actor {
		t.Fatalf("actor changed to %s", actorName(m))
	}
	for _, n := range []string{"Orc 4", "Orc 5", "Orc 6"} {
		if c := combatant(m, n); c == nil || c.MaxHP != 45 || c.Template != "orc" {
			t.Errorf("%s missing or wrong: %+v", n, c)
		}
	}
	// One more orc beside Orc 1..6 is Orc 7, not a bare "Orc".
	m, _ = keys(m, "a", "orc", "enter")
	if combatant(m, "Orc 7") == nil || combatant(m, "Orc") != nil {
		t.Errorf("a single orc beside numbered ones: %v", rows(m.fight().Current()))
	}
	m, _ = keys(m, "a", "Bandit x2 hp=12 init=30", "enter")
	b := combatant(m, "Bandit 1")
	if b == nil || b.MaxHP != 12 || b.Init != 30 || combatant(m, "Bandit 2") == nil {
		t.Fatalf("ad hoc bandits: %+v", b)
	}
	m, _ = keys(m, "a", "Ghost hp=zero", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "hit points") {
		t.Error("bad hp accepted")
	}
	// A second Gavvin beside the one there is Gavvin 2, not Gavvin 1.
	m, _ = keys(m, "esc", "a", "gavvin", "enter")
	if combatant(m, "Gavvin 2") == nil || combatant(m, "Gavvin 1") != nil {
		t.Errorf("a second of one name: %v", rows(m.fight().Current()))
	}
	// Renamed to another's name, it could not be told apart: refused.
	m = selectName(t, m, "Gavvin 2")
	m, _ = keys(m, "R", "enter", "ctrl+u", "orc 4", "enter")
	if s := screenText(m); m.dlg == nil || !strings.Contains(s, "Orc 4 is the name of another combatant already") {
		t.Errorf("renamed to another's name:\n%s", s)
	}
}

// The add dialog's hint says how to add a group.
func TestAddHintNamesGroups(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin")
	m, _ = keys(m, "a")
	if s := screenText(m); !strings.Contains(s, "Orc x3 group") {
		t.Errorf("the add dialog's hint:\n%s", s)
	}
}

// "Orc x0" adds none, in the dialog as on fray new's --add: not one made
// up and called "Orc x0".
func TestAddRefusesACountOfNone(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin")
	n := len(m.fight().Current().Combatants)
	m, _ = keys(m, "a", "Orc x0", "enter")
	if s := screenText(m); len(m.fight().Current().Combatants) != n || !strings.Contains(s, "x0 adds none") {
		t.Errorf("Orc x0 in the add dialog:\n%s", s)
	}
}

// A made-up combatant takes initiative as dice, as i does, and any stat of
// the ruleset.
func TestAddTakesDiceInitiativeAndStats(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre")
	m, _ = keys(m, "a", "Goblin init=2d6 DEX=14 side=foes", "enter")
	g := combatant(m, "Goblin")
	if g == nil {
		t.Fatalf("no goblin: %s", m.status.text)
	}
	if g.Stats["DEX"] != 14 || g.Side != "foes" {
		t.Errorf("goblin: DEX %d, side %q", g.Stats["DEX"], g.Side)
	}
	if !strings.Contains(logText(m), "Goblin initiative: 2d6") {
		t.Errorf("init=2d6 not rolled:\n%s", logText(m))
	}
	m, _ = keys(m, "a", "Orc NOPE=3", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "NOPE=3") {
		t.Errorf("an unknown stat was taken:\n%s", screenText(m))
	}
}

// refreshLib is the shipped content that counts the times it is asked to
// take in the GM's directory, and has a file it could not.
type refreshLib struct {
	session.Library
	asked *int
	bad   []string
}

func (l refreshLib) Refresh() []string { *l.asked++; return l.bad }

// The add key's list takes in what changed in the GM's content directory
// as its dialog opens, once: not at each key typed in it (the README: the
// add key knows a creature fray creature add wrote at once). A file it
// could not take in is said in the dialog for as long as it is open.
func TestAddDialogTakesInTheContentDirectoryAsItOpens(t *testing.T) {
	asked := 0
	lib := refreshLib{Library: shippedLib, asked: &asked,
		bad: []string{"creatures/pathmaster.toml:4:6: creatures[0].hp: expected an integer, found text", "x.toml:1:1: y"}}
	m, _ := startWith(t, lib, Options{})
	m, _ = keys(m, "enter")
	if m.screen != screenTracker {
		t.Fatal("the demo did not open")
	}
	m, _ = keys(m, "a", "orc x2")
	s := screenText(m)
	if asked != 1 {
		t.Errorf("the directory was looked at %d times for one dialog and six keys, want 1", asked)
	}
	if !strings.Contains(s, "not read: creatures/pathmaster.toml:4:6:") || !strings.Contains(s, "(and 1 more)") {
		t.Errorf("the add dialog does not say the file not taken in:\n%s", s)
	}
	m, _ = keys(m, "esc", "a")
	if asked != 2 {
		t.Errorf("opened again: looked at %d times, want 2", asked)
	}
}
