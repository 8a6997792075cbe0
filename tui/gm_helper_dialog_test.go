package tui

import (
	"slices"
	"strings"
	"testing"

	"fray/narrate"
)

// ledger: pathmaster/multi-strike pathmaster/critical-injuries pathmaster/initiative-from-criticals
// ledger: pathmaster/parry-multiple-foes pathmaster/resistance-roll
func TestHelperKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "resistance", "enter", "poison", "enter", "5 3 3*CO", "enter")
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-1]),
		"Resistance Roll against a poison, disease or other effect (level 5 vs 3, target 60)") {
		t.Errorf("resistance: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
	m, _ = keys(m, "g", "parry", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Parries != 1 {
		t.Errorf("parry count %d", c.Parries)
	}
	m, _ = keys(m, "g", "rounds of initiative", "enter", "ctrl+u", "2", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.InitRounds != 2 {
		t.Errorf("initiative rounds %d", c.InitRounds)
	}
	m, _ = keys(m, "g", "critical injury", "enter", "-25 broken arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); len(c.Injuries) != 1 || c.Injuries[0].Penalty != -25 {
		t.Errorf("injury %v", c.Injuries)
	}
	m, _ = keys(m, "g", "multi", "enter", "30", "enter")
	if m.status.text != "30 ranks: 4 attacks at +0, -30, -60, -90" {
		t.Errorf("multi-strike: %q", m.status.text)
	}
}

// The GM-helper menu keeps its shape: an extended action under way adds
// its "Give up" at the end, by the action's name.
func TestHelperMenuKeepsItsShape(t *testing.T) {
	m, _, _ := demo(t)
	labels := func(m Model) []string {
		m, _ = keys(m, "g")
		p, ok := m.dlg.(*pick[gmHelper])
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

// One hurt while aiming is offered the Resistance Roll to keep its aim
// (g), and the GM says it was forced to move (g): the aim is lost; with
// nothing at stake neither is offered.
// ledger: pathmaster/aim-lost-otherwise pathmaster/aim-defences-and-injury
func TestKeepAndForcedMoveKeys(t *testing.T) {
	m, _, _ := demo(t)
	has := func(m Model, label string) bool {
		m, _ = keys(m, "g")
		p, ok := m.dlg.(*pick[gmHelper])
		if !ok {
			t.Fatalf("g opened %T", m.dlg)
		}
		for _, it := range p.items {
			if it.label == label {
				return true
			}
		}
		return false
	}
	if has(m, "Forced to move") || has(m, "Resistance Roll to keep the spell or aim") {
		t.Fatal("offered with nothing at stake")
	}
	who := actorName(m)
	m, _ = keys(m, "m", "aim", "enter", "enter")
	m, _ = keys(m, "g", "forced", "enter")
	log := m.fight().Log()
	if c, line := m.fight().Current().Actor(), narrate.Line(m.fight().Rules, log[len(log)-1]); c.Aim != 0 ||
		line != who+" is forced to move: the aim is lost" {
		t.Errorf("a forced move: %d aims left, %q", c.Aim, line)
	}
	m, _ = keys(m, "m", "aim", "enter", "enter")
	m, _ = keys(m, "d", "ctrl+u", "3", "enter")
	if !has(m, "Resistance Roll to keep the spell or aim") {
		t.Fatal("the roll to keep the aim is not offered")
	}
	m, _ = keys(m, "g", "keep the spell", "enter", "1 1", "enter")
	log = m.fight().Log()
	if line := narrate.Line(m.fight().Rules, log[len(log)-2]); !strings.Contains(line, who+" Resistance Roll against losing the aim") {
		t.Errorf("the roll: %q", line)
	}
	if c := m.fight().Current().Actor(); c.Distracted {
		t.Error("still at stake after the roll")
	}
}

// g, Drain a stat: the selected's CON lowered for the fight, the panel
// reading it lowered.
// ledger: pathmaster/energy-drained
func TestDrainAStatKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "drain", "enter", "con 10", "enter")
	c := m.fight().Current().Combatant(m.order.sel)
	if c.Drained["CON"] != 10 {
		t.Fatalf("drained: %v (status %q)", c.Drained, m.status.text)
	}
}

// g, Resistance Roll asks what it is against first: against a spell the
// roll is all or nothing, a failure saying its margin (l.1224-1229), not
// the poison's tiers.
// ledger: pathmaster/resistance-spells
func TestResistanceAgainstASpellKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "resistance", "enter")
	if s := screenText(m); !strings.Contains(s, "against what?") || !strings.Contains(s, "a spell") || !strings.Contains(s, "a skill") {
		t.Fatalf("the kinds are not offered:\n%s", s)
	}
	m, _ = keys(m, "spell", "enter", "9 1 -100", "enter")
	log := m.fight().Log()
	line := narrate.Line(m.fight().Rules, log[len(log)-1])
	if !strings.Contains(line, "Resistance Roll against a spell (level 9 vs 1, target 90)") || !strings.Contains(line, "failure by") ||
		!strings.HasSuffix(line, "the spell takes effect, its margin of failure making it stronger or last longer as the spell says") {
		t.Errorf("against a spell: %q", line)
	}
}
