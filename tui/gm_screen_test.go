package tui

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
)

// What a GM at the table reaches for on the tracker's screen: the marks
// gone once their step is done, choices that stay put, the closest match
// first.

func TestMarksClearAfterTheStepTheyServed(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2", "Orc 3")
	m, _ = keys(m, "j", "v", "j", "v")
	m, _ = keys(m, "d", "5", "enter", "enter") // each takes all of it
	if combatant(m, "Orc 1").HP != 25 || combatant(m, "Orc 2").HP != 25 {
		t.Fatalf("damage to the marked: %d %d", combatant(m, "Orc 1").HP, combatant(m, "Orc 2").HP)
	}
	if len(m.order.marked()) != 0 || m.mode() != modeTracker {
		t.Fatalf("still %d marked after the step", len(m.order.marked()))
	}
	if !strings.Contains(m.status.text, "marks cleared") {
		t.Errorf("status: %q", m.status.text)
	}
	// The next d is on the selected alone.
	m, _ = keys(m, "d")
	if s := screenText(m); strings.Contains(s, "2 marked") || !strings.Contains(s, "Damage to Orc 2") {
		t.Fatalf("the next d:\n%s", s)
	}
	m, _ = keys(m, "esc")
	// V brings the same ones back for another step.
	m, _ = keys(m, "V")
	if !strings.Contains(screenText(m), "The last marked again") {
		t.Fatalf("V:\n%s", screenText(m))
	}
	m, _ = keys(m, "down", "down", "enter")
	if got := names(m.order.marked()); got != "Orc 1, Orc 2" {
		t.Fatalf("marked again: %q", got)
	}
}

// A refused step leaves the marks where they were.
func TestMarksStayWhenTheStepIsRefused(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "j", "v", "j", "v")
	m, _ = keys(m, "d", "2d", "enter", "esc")
	if len(m.order.marked()) != 2 {
		t.Fatalf("marks lost to a refused step: %d", len(m.order.marked()))
	}
}

func TestMarkChoicesStayInOrderWhoeverIsSelected(t *testing.T) {
	m := fightIn(t, "pathmaster", "Orc 1", "Gavvin", "Orc 2")
	m = selectName(t, m, "Gavvin")
	combatant(m, "Gavvin").Side = "party"
	combatant(m, "Orc 1").Side = "foes"
	combatant(m, "Orc 2").Side = "foes"
	m, _ = keys(m, "V")
	first := ansiRE.ReplaceAllString(m.dlg.View(), "")
	m, _ = keys(m, "esc")
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "V")
	if second := ansiRE.ReplaceAllString(m.dlg.View(), ""); first != second {
		t.Fatalf("V changed with the selection:\n%s\n%s", first, second)
	}
	at := -1
	for _, want := range []string{"All foes of the party  2 still up", "All of side party", "All of side foes", "Nobody"} {
		j := strings.Index(first, want)
		if j <= at {
			t.Fatalf("%q out of place:\n%s", want, first)
		}
		at = j
	}
}

func TestSpendFilterPutsTheClosestFirst(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "attack")
	if s := screenText(m); !strings.Contains(s, "› Attack - Melee") {
		t.Fatalf("typing attack:\n%s", s)
	}
	m, _ = keys(m, "esc", "m", "wait")
	if s := screenText(m); !strings.Contains(s, "› Wait") {
		t.Fatalf("typing wait:\n%s", s)
	}
}

func TestFuzzyRanksTheLabelThenPrefixesThenWords(t *testing.T) {
	items := []item[int]{{label: "Attack - Delayed"}, {label: "Counter attack"}, {label: "Attack - Melee"}, {label: "Attack"}, {label: "Aim at tack"}}
	var got []string
	for _, i := range fuzzy("attack", items) {
		got = append(got, items[i].label)
	}
	want := []string{"Attack", "Attack - Melee", "Attack - Delayed", "Counter attack", "Aim at tack"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestDotSelectsTheOneActing(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2")
	m, _ = keys(m, "j", "j")
	if m.order.selected().Name != "Orc 2" {
		t.Fatal("j j")
	}
	m, _ = keys(m, ".")
	if m.order.selected().Name != "Gavvin" || !strings.Contains(m.status.text, "Gavvin acts") {
		t.Fatalf(". selected %s, status %q", m.order.selected().Name, m.status.text)
	}
}

func TestSlashSelectsByName(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1", "Orc 2", "Hobgoblin")
	m, _ = keys(m, "/", "hob", "enter")
	if m.dlg != nil || m.order.selected().Name != "Hobgoblin" {
		t.Fatalf("/ hob: selected %s\n%s", m.order.selected().Name, screenText(m))
	}
	m, _ = keys(m, "/", "orc 2", "enter")
	if m.order.selected().Name != "Orc 2" {
		t.Fatalf("/ orc 2: selected %s", m.order.selected().Name)
	}
	// The keys screen lists both.
	m, _ = keys(m, "?")
	if s := screenText(m); !strings.Contains(s, "select who acts") || !strings.Contains(s, "select by name") {
		t.Fatalf("?:\n%s", s)
	}
}

// m and C act on the selected; one who is not acting is named so.
func TestSpendOnOneNotActingSaysSo(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1")
	m, _ = keys(m, "j", "m")
	if s := screenText(m); !strings.Contains(s, "Orc 1 spends (out of turn: Gavvin acts") {
		t.Fatalf("m on Orc 1:\n%s", s)
	}
	m, _ = keys(m, "esc", ".", "m")
	if s := screenText(m); !strings.Contains(s, "Gavvin spends") || strings.Contains(s, "out of turn") {
		t.Fatalf("m on Gavvin:\n%s", s)
	}
}

func TestCastOnOneNotActingSaysSo(t *testing.T) {
	m := fightIn(t, "countdown", "Mage", "Orc")
	for i := 0; i < 5 && actorName(m) != "Mage"; i++ {
		m, _ = keys(m, "n")
	}
	m, _ = keys(m, ".", "j", "C")
	if s := screenText(m); !strings.Contains(s, "Orc casts (out of turn") {
		t.Fatalf("C on Orc:\n%s", s)
	}
}

func TestRenameAndMostHitPointsFromTheKeys(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1")
	m, _ = keys(m, "j", "R", "enter")
	for range "Orc 1" {
		m, _ = keys(m, "backspace")
	}
	m, _ = keys(m, "Grishnak", "enter")
	if c := m.order.selected(); c.Name != "Grishnak" {
		t.Fatalf("renamed: %q\n%s", c.Name, screenText(m))
	}
	if l := lastLine(logText(m)); l != "Orc 1 is now called Grishnak" {
		t.Fatalf("log: %q", l)
	}
	// The players read no join.
	if l := strings.Join(playersLines(m), "\n"); strings.Count(l, "joins the fight") != 2 {
		t.Fatalf("the players read a rename as a join:\n%s", l)
	}
	m, _ = keys(m, "d", "10", "enter")
	m, _ = keys(m, "R", "down", "enter", "backspace", "backspace", "40", "enter")
	c := m.order.selected()
	if c.MaxHP != 40 || c.HP != 30 {
		t.Fatalf("most 40 of a wounded 20/30: %d/%d", c.HP, c.MaxHP)
	}
	if l := lastLine(logText(m)); l != "Grishnak's most Hits: 40, was 30 (30 now)" {
		t.Fatalf("log: %q", l)
	}
	m, _ = keys(m, "R", "down", "enter", "backspace", "backspace", "0", "enter")
	if !strings.Contains(screenText(m), "1 or more") || m.order.selected().MaxHP != 40 {
		t.Fatalf("a most of 0:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc", "u")
	if c := m.order.selected(); c.MaxHP != 30 || c.HP != 20 {
		t.Fatalf("undo: %d/%d", c.HP, c.MaxHP)
	}
}

// playersLines are the log's lines as the players read them.
func playersLines(m Model) []string {
	var out []string
	for _, e := range m.fight().Log() {
		if l, ok := narrate.Public(m.fight().Rules, m.fight().Current(), e); ok {
			out = append(out, l)
		}
	}
	return out
}

// A pick of whom to act against offers the foes first: the combat roll's
// target is an orc, not the party's other hero.
func TestCheckTargetOffersTheFoesFirst(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Bryn", "Orc 1", "Orc 2")
	for _, n := range []string{"Ash", "Bryn"} {
		combatant(m, n).Side = "party"
	}
	for _, n := range []string{"Orc 1", "Orc 2"} {
		combatant(m, n).Side = "foes"
	}
	combatant(m, "Orc 1").Out = true
	m, _ = keys(m, "g", "combat", "enter")
	s := ansiRE.ReplaceAllString(m.dlg.View(), "")
	if !strings.Contains(s, "› Orc 2") || strings.Index(s, "Orc 1") > strings.Index(s, "Bryn") {
		t.Fatalf("the target pick:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if !strings.Contains(screenText(m), "against Orc 2") {
		t.Fatalf("enter on the first:\n%s", screenText(m))
	}
}

// The wording a GM reads: an initiative, no open-ended dice where a plain
// d100 is rolled, no next step offered once the fight is over.
func TestWording(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc 1")
	m, _ = keys(m, "T", "enter", "Reinforcements", "enter")
	if s := screenText(m); !strings.Contains(s, "At an initiative") || strings.Contains(s, "At a initiative") {
		t.Fatalf("the timer's when:\n%s", s)
	}

	b := fightIn(t, "brp", "Ann", "Bob")
	b, _ = keys(b, "t", "g", "stamina roll", "enter")
	for i := 0; i < 4 && !strings.Contains(screenText(b), "in this order"); i++ {
		b, _ = keys(b, "enter")
	}
	if s := screenText(b); !strings.Contains(s, "in this order: 1 die") || strings.Contains(s, "open-ended") {
		t.Fatalf("a plain d100 at the table in BRP:\n%s", s)
	}
	for expr, grows := range map[string]bool{"d100": false, "d100oe + PR": true, "2d6!": true, "d100 + OE": false} {
		pv := engine.Preview{Events: []engine.Event{{Roll: &dice.Result{Expr: expr}}}}
		if mayGrow(pv) != grows {
			t.Errorf("%s may want more dice: %v", expr, !grows)
		}
	}

	m, _ = keys(m, "esc", "esc", "esc", "P")
	for i := 0; i < 12 && !strings.Contains(screenText(m), "› End the fight"); i++ {
		m, _ = keys(m, "down")
	}
	m, _ = keys(m, "enter")
	if m.fight().Current().Status != "ended" {
		t.Fatalf("not ended:\n%s", screenText(m))
	}
	if s := screenText(m); strings.Contains(s, "next step") {
		t.Fatalf("the footer offers a next step after the end:\n%s", s)
	}
	m, _ = keys(m, "n")
	if !strings.Contains(m.status.text, "the fight is over") {
		t.Fatalf("n after the end: %q", m.status.text)
	}
}
