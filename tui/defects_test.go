package tui

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
	"fray/session"
)

// Each test here is a defect a GM met at the table, held to its fix.

// selectName moves the selection to the combatant called name.
func selectName(t *testing.T, m Model, name string) Model {
	t.Helper()
	c := combatant(m, name)
	if c == nil {
		t.Fatalf("no %s", name)
	}
	m.order.sel = c.ID
	return m
}

// A number prompt opens with its default selected: typing replaces it (stun
// 3 is 3 rounds, not 13), and enter alone takes the default.
func TestNumberPromptsTypeOverTheirDefault(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "s", "enter", "3", "enter")
	if got := combatant(m, "Orc 2").StunTotal(); got != 3 {
		t.Errorf("stun typed 3: %d rounds", got)
	}
	m, _ = keys(m, "b", "enter", "3", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 1 || w[0].Rate != 3 {
		t.Errorf("a wound typed 3: %+v", w)
	}
	m, _ = keys(m, "b", "enter", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 2 || w[1].Rate != 1 {
		t.Errorf("a wound with the default: %+v", w)
	}
	m, _ = keys(m, "b", "enter", "backspace", "2", "enter")
	if w := combatant(m, "Orc 2").Wounds; len(w) != 3 || w[2].Rate != 2 {
		t.Errorf("backspace then 2: %+v", w)
	}
}

// Undo, redo and remove leave the selection where the GM put it: b after u
// wounds the one selected, not the actor.
func TestUndoAndRemoveKeepTheSelection(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "d", "5", "enter", "u")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 2" {
		t.Fatalf("after undo the selection is on %v", selName(sel))
	}
	m, _ = keys(m, "U")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 2" {
		t.Fatalf("after redo the selection is on %v", selName(sel))
	}
	m, _ = keys(m, "b", "enter", "2", "enter")
	if len(combatant(m, "Orc 2").Wounds) != 1 || len(combatant(m, "Gavvin").Wounds) != 0 {
		t.Fatal("b after undo wounded someone else")
	}
	// Removing the selected one selects the one after it in the order.
	m = selectName(t, m, "Orc 1")
	m, _ = keys(m, "x", "y")
	if sel := m.order.selected(); sel == nil || sel.Name != "Orc 3" {
		t.Fatalf("after removing Orc 1 the selection is on %v", selName(sel))
	}
	// On the actor, the selection follows the turn as it moves on.
	m = selectName(t, m, actorName(m))
	m, _ = keys(m, "n")
	if sel := m.order.selected(); sel == nil || sel.Name != actorName(m) {
		t.Fatalf("the turn moved to %s, the selection stayed on %v", actorName(m), selName(sel))
	}
}

// The GM-helper menu keeps its shape: an extended action under way adds
// its "Give up" at the end, by the action's name.
func TestHelperMenuKeepsItsShape(t *testing.T) {
	m, _, _ := demo(t)
	labels := func(m Model) []string {
		m, _ = keys(m, "g")
		p, ok := m.dlg.(*pick)
		if !ok {
			t.Fatalf("g opened %T", m.dlg)
		}
		var out []string
		for _, it := range p.items {
			out = append(out, it.label)
		}
		return out
	}
	before := labels(m)
	m, _ = keys(m, "m", "Load Heavy", "enter")
	if combatant(m, actorName(m)).Ext == nil {
		t.Fatalf("no loading under way: %s", m.status.text)
	}
	after := labels(m)
	if len(after) != len(before)+1 || !slices.Equal(after[:len(before)], before) || after[len(before)] != "Give up Load Heavy Crossbow" {
		t.Errorf("the helpers changed shape:\nbefore %q\nafter  %q", before, after)
	}
}

// The footer advertises only keys the ruleset has a use for, and no key
// that changes the fight in a read-only window.
func TestFooterOnlyOffersWhatTheRulesetHas(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre", "Bandit")
	foot := lastLine(screenText(m))
	if strings.Contains(foot, "m spend") || !strings.Contains(foot, "d damage") {
		t.Errorf("brp has no action list; the footer: %q", foot)
	}
	m, _ = keys(m, "?")
	if strings.Contains(screenText(m), "spend an action") || strings.Contains(screenText(m), "cast a spell") {
		t.Errorf("the keys screen offers what brp lacks:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc")
	m.sess.ReadOnly = true
	foot = lastLine(screenText(m))
	for _, k := range []string{"d damage", "n/space", "u undo", "s stun"} {
		if strings.Contains(foot, k) {
			t.Errorf("a read-only window offers %q: %q", k, foot)
		}
	}
}

func lastLine(s string) string {
	l := strings.Split(s, "\n")
	return l[len(l)-1]
}

// A stat the roll cannot read keeps the r dialog open, as a typo does.
func TestRollUnknownStatKeepsTheDialog(t *testing.T) {
	m, _, _ := demo(t)
	n := len(m.fight().Done)
	m, _ = keys(m, "r", "2d6 + FOO", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "FOO") {
		t.Fatalf("an unknown stat closed the dialog:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "2d6 + QU", "enter")
	if m.dlg != nil || len(m.fight().Done) != n+1 {
		t.Fatalf("a good roll did not go through:\n%s", screenText(m))
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

// The log reads as English: knocked out before dead, no doubled brackets.
func TestLogReadsInOrder(t *testing.T) {
	m, _, _ := demo(t)
	m = selectName(t, m, "Orc 2")
	m, _ = keys(m, "d", "100", "enter")
	log := logText(m)
	out, dead := strings.Index(log, "Orc 2 is Unconscious"), strings.Index(log, "Orc 2 is Dead")
	if out < 0 || dead < 0 || dead < out {
		t.Errorf("unconscious at %d, dead at %d:\n%s", out, dead, log)
	}
	m, _ = keys(m, "s", "enter", "2", "enter", "n", "n")
	if strings.Contains(logText(m), "))") {
		t.Errorf("doubled brackets:\n%s", logText(m))
	}
}

// logText is every line of the fight's log, oldest first.
func logText(m Model) string {
	var l []string
	for _, s := range m.fight().Done {
		for _, e := range s.Events {
			l = append(l, narrate.Line(m.fight().Rules, e))
		}
	}
	return strings.Join(l, "\n")
}

// Two fights of the same name are told apart on the start screen by their
// files; a fight prepared ahead (fray new) is listed as such, and enter
// opens it.
func TestStartScreenTellsFightsApart(t *testing.T) {
	m, st, _ := newModel(t)
	rs, hash, _ := shippedLib.Ruleset("pathmaster")
	for _, add := range [][]engine.NewCombatant{{{Name: "Orc", HP: 9}}, {{Name: "Wolf", HP: 7}}} {
		f := engine.NewFight(rs, engine.NewEncounter("Bridge", rs), nil)
		if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
			t.Fatal(err)
		}
		s := session.Saved{Name: "Bridge", Fight: f, Source: dice.NewSource(1), Hash: hash}
		j, err := st.Create(st.NewPath("Bridge"), s.Snapshot(), false)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
	}
	list, _ := st.List()
	m, _ = run(m, listedMsg{saves: list})
	screen := screenText(m)
	for _, want := range []string{"Resume Bridge (bridge-2.toml)", "Bridge (bridge.toml)", "prepared, not started"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the start screen lacks %q:\n%s", want, screen)
		}
	}
	m, _ = keys(m, "enter")
	if m.fight() == nil || m.fight().Current().Status != engine.StatusSetup || combatant(m, "Wolf") == nil { // the first listed (the store lists by path)
		t.Fatalf("enter did not open the prepared fight:\n%s", screenText(m))
	}
}
