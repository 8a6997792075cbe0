package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/session"
)

// demosLib is the shipped content with its demos replaced.
type demosLib struct {
	session.Library
	demos []session.Demo
}

func (l demosLib) Demos() []session.Demo { return l.demos }

func startWith(t *testing.T, lib session.Library, opts Options) (Model, *session.Session) {
	t.Helper()
	sess := &session.Session{}
	opts.NoColor = true
	m := New(lib, newMemStore(), sess, opts)
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, listedMsg{})
	return m, sess
}

// With several demos the start screen lists each by name, enter opens the
// first, and each opens its own fight.
func TestSeveralDemos(t *testing.T) {
	pm := shippedLib.Demos()[0]
	all, err := pm.Roster()
	if err != nil {
		t.Fatal(err)
	}
	orcs := session.Demo{ID: "orcs", Name: "Orcs alone", Description: "just the orcs", Ruleset: pm.Ruleset,
		Roster: func() ([]engine.NewCombatant, error) { return all[1:], nil }}
	lib := demosLib{shippedLib, []session.Demo{pm, orcs}}

	m, sess := startWith(t, lib, Options{})
	s := screenText(m)
	for _, want := range []string{"Demo: Gavvin and the orcs", "Pathmaster: Gavvin and three orcs", "Orcs alone", "Pathmaster: just the orcs"} {
		if !strings.Contains(s, want) {
			t.Errorf("start screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Demo fight") {
		t.Errorf("several demos, yet one is called the demo fight:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if sess.Name != pm.Name || len(m.fight().Current().Combatants) != 4 {
		t.Errorf("enter opened %q, not the first demo", sess.Name)
	}

	m, sess = startWith(t, lib, Options{})
	m, _ = keys(m, "down", "enter")
	if enc := m.fight().Current(); sess.Name != "Orcs alone" || len(enc.Combatants) != 3 || enc.Round != 1 || enc.Combatants[0].Name != "Orc 1" {
		t.Errorf("the second demo opened %q", sess.Name)
	}

	_, sess = startWith(t, lib, Options{Demo: true})
	if sess.Name != pm.Name {
		t.Errorf("fray demo opened %q, not the first demo", sess.Name)
	}
}

// With no demo there is nothing to offer: enter starts a new fight, and fray
// demo says why it cannot.
func TestNoDemo(t *testing.T) {
	lib := demosLib{shippedLib, nil}
	m, _ := startWith(t, lib, Options{})
	if s := screenText(m); strings.Contains(s, "Demo") {
		t.Errorf("a demo offered with none:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "which rules?") {
		t.Errorf("enter did not start a new fight:\n%s", screenText(m))
	}
	m, sess := startWith(t, lib, Options{Demo: true})
	if sess.Fight != nil || !m.status.err || !strings.Contains(m.status.text, "no demo") {
		t.Errorf("fray demo with no demo: status %q", m.status.text)
	}
}

// The countdown demo is on the start screen: it opens at the first
// round's declarations, before any initiative is rolled.
func TestCountdownDemo(t *testing.T) {
	m, sess := startWith(t, shippedLib, Options{})
	m, _ = keys(m, "down", "down", "enter")
	enc := m.fight().Current()
	if sess.Name != "Demo: skirmish at the ford" || len(enc.Combatants) != 6 || len(enc.Entries) != 0 {
		t.Fatalf("opened %q, %d combatants, %d entries", sess.Name, len(enc.Combatants), len(enc.Entries))
	}
	if s := screenText(m); !strings.Contains(s, "Declarations") || !strings.Contains(s, "Goblin archer 2") {
		t.Errorf("the countdown demo:\n%s", s)
	}
	// Armed for the blow (A) and armoured for PROT: all but the Mage, who
	// casts in no armour, wear some; the archers carry a bow of arrows.
	for _, c := range enc.Combatants {
		if len(c.Weapons) == 0 {
			t.Errorf("%s carries no weapon", c.Name)
		}
		if len(c.Armor) == 0 && c.Name != "Mage" {
			t.Errorf("%s wears no armour", c.Name)
		}
		if strings.HasPrefix(c.Name, "Goblin archer") && !slices.Contains(c.Weapons[0].Kinds, "arrow") {
			t.Errorf("%s's first weapon shoots no arrows: %+v", c.Name, c.Weapons)
		}
	}
}

// The Energy demo is on the start screen: no order, pools on the panel, and
// the initiative key takes the Initiative roll.
// ledger: energy/initiative-once-a-round energy/initiative-roll
func TestEnergyDemo(t *testing.T) {
	m, sess := startWith(t, shippedLib, Options{})
	m, _ = keys(m, "down", "enter")
	enc := m.fight().Current()
	if sess.Name != "Demo: raiders on the bridge" || len(enc.Combatants) != 5 || enc.Round != 1 {
		t.Fatalf("opened %q, %d combatants, round %d", sess.Name, len(enc.Combatants), enc.Round)
	}
	if s := screenText(m); !strings.Contains(s, "Gnoll brute") || !strings.Contains(s, "Stamina") || !strings.Contains(s, "Energy") {
		t.Errorf("the Energy demo:\n%s", s)
	}
	m, _ = keys(m, "i")
	c := m.fight().Current().Combatants[0]
	if c.Pools["initiative"] != 0 || !strings.Contains(screenText(m), "Initiative roll") {
		t.Errorf("i: pools %v\n%s", c.Pools, screenText(m))
	}
	m, _ = keys(m, "i") // a second in the round fails (l.126)
	if s := screenText(m); !strings.Contains(s, "Initiative roll again this round: it fails") {
		t.Errorf("a second Initiative roll in the round: %q\n%s", m.status.text, s)
	}
}
