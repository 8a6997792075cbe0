package tui

import (
	"maps"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// scriptedFight is a fight of the ruleset's creatures, by id, each with
// what it carries and no initiative of its own, its dice the faces given
// in order; stats lays numbers over a creature's (by id).
func scriptedFight(t *testing.T, ruleset string, ids []string, stats map[string]map[string]int, faces ...int) Model {
	t.Helper()
	rs, hash, ok := shippedLib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), dice.Script(faces...))
	var add []engine.NewCombatant
	for _, id := range ids {
		i := slices.IndexFunc(shippedLib.Creatures(ruleset), func(c rules.Template) bool { return c.ID == id })
		if i < 0 {
			t.Fatalf("no creature %s", id)
		}
		c := shippedLib.Creatures(ruleset)[i]
		nc := engine.FromTemplate(c, c.Name)
		nc.Stats = maps.Clone(nc.Stats)
		maps.Copy(nc.Stats, stats[id])
		add = append(add, nc)
	}
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Test", Fight: f, Source: dice.NewSource(7), Hash: hash, Journal: nopJournal{}})
	m := New(shippedLib, newMemStore(), sess, Options{Seed: func() uint64 { return 42 }, NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	return m
}

// The book's example (countdown.txt l.7-11, 24, 26), played with the
// tracker's keys: the Fighter has two attacks, IM +2, SC 112 and a
// longsword of 1d8+4; the target's DEF is 40. Each attack rolls its own
// initiative, 1d10+2 and 1d8+2; both come to 8, so the second goes a
// segment later, at 7. The first strike needs 72 or less and rolls 72: a
// hit, 1d8+4 less the Ogre's PROT 2. The second rolls 11, a critical at
// 72: the damage doubled, through PROT.
// ledger: countdown/attack-by-attack countdown/tie-next-segment countdown/strike countdown/critical-grievous
func TestCountdownBookExample(t *testing.T) {
	m := scriptedFight(t, "countdown", []string{"fighter", "ogre"}, map[string]map[string]int{"ogre": {"DEF": 40}},
		// Initiative: the Fighter 1d10 6 and 1d8 6, the Ogre 1d10 3.
		6, 6, 3,
		// The first attack: d100 72, 1d8 5. The second: d100 11, 1d8 6.
		72, 5, 11, 6)
	m, _ = keys(m, "n") // the declarations are in: initiative is rolled
	s := screenText(m)
	for _, want := range []string{
		"Fighter initiative, first action: 1d10 + dex_mod: [6] + 2 = 8",
		"Fighter initiative, second action: 1d8 + dex_mod: [6] + 2 = 8",
	} {
		if !strings.Contains(logOf(m), want) {
			t.Errorf("the log lacks %q:\n%s", want, logOf(m))
		}
	}
	if actorName(m) != "Fighter" {
		t.Fatalf("%s acts first, not the Fighter:\n%s", actorName(m), s)
	}
	m, _ = keys(m, "A", "enter", "enter", "enter")
	s = screenText(m)
	for _, want := range []string{"72 vs 72 or less", "Hit: the damage less PROT", "Ogre takes 7 (60 -> 53 HP)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the first attack has no %q:\n%s", want, s)
		}
	}
	m, _ = keys(m, "esc", "n")
	if e := m.fight().Current().Entry(m.fight().Current().Cur); actorName(m) != "Fighter" || e.Value != 7 {
		t.Fatalf("the second attack: %s at %d, want the Fighter at 7 (a segment after the tie):\n%s", actorName(m), e.Value, screenText(m))
	}
	m, _ = keys(m, "A", "enter", "enter", "enter")
	s = screenText(m)
	for _, want := range []string{"11 vs 72 or less", "Critical hit: double damage and no PROT", "weapon 10 x 2 = 20", "Ogre takes 20 (53 -> 33 HP)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the second attack has no %q:\n%s", want, s)
		}
	}
}
