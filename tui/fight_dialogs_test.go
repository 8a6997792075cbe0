package tui

import (
	"strings"
	"testing"

	"fray/engine"
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
	m, _ = keys(m, "a", "Bandit x2 hp=12 init=30", "enter")
	b := combatant(m, "Bandit 1")
	if b == nil || b.MaxHP != 12 || b.Init != 30 || combatant(m, "Bandit 2") == nil {
		t.Fatalf("ad hoc bandits: %+v", b)
	}
	m, _ = keys(m, "a", "Ghost hp=zero", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "hit points") {
		t.Error("bad hp accepted")
	}
}

func TestWaitKey(t *testing.T) {
	m, _, _ := demo(t)
	first := actorName(m)
	order := rows(m.fight().Current())
	m, _ = keys(m, "w")
	if m.dlg == nil || !strings.Contains(screenText(m), "Wait") || !strings.Contains(screenText(m), "Delay") {
		t.Fatalf("w: %s", screenText(m))
	}
	m, _ = keys(m, "enter", "down", "enter") // Wait, after the next in the order
	if actorName(m) != order[1].Name || rows(m.fight().Current())[1].Name != first {
		t.Fatalf("after waiting: %s acts, order %v", actorName(m), rows(m.fight().Current()))
	}
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	if c := m.fight().Current().Actor(); c.Delaying != "if the orc charges" {
		t.Errorf("delay: %q", c.Delaying)
	}
}

func TestStunBleedConditionKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j") // an orc
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "s", "down", "down", "enter", "ctrl+u", "3", "enter") // 3 rounds of Stunned
	if got := combatant(m, c.Name); engine.StunTotal(got) != 3 || got.Stun[2] != 3 {
		t.Fatalf("s: stun %v", got.Stun)
	}
	if !strings.Contains(screenText(m), "Now Stunned") {
		t.Error("the panel does not say what stun allows")
	}
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	if got := combatant(m, c.Name); engine.Bleeding(got) != 7 {
		t.Fatalf("b: bleeding %d", engine.Bleeding(got))
	}
	// First Aid on that wound by Gavvin: the dice are seeded, so check the log.
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	if log := m.fight().Log(); !strings.Contains(log[len(log)-1].Text, "First Aid on "+c.Name) {
		t.Errorf("first aid: %q", log[len(log)-1].Text)
	}
	m, _ = keys(m, "c", "prone", "enter", "enter")
	if !combatant(m, c.Name).Has("prone") {
		t.Fatal("c: not prone")
	}
	m, _ = keys(m, "c", "prone", "enter")
	if combatant(m, c.Name).Has("prone") {
		t.Fatal("c again: still prone")
	}
	m, _ = keys(m, "c", "paraly", "enter", "enter", "c", "helpl", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "comes with Paralyzed") {
		t.Errorf("removing an implied condition: %s", screenText(m))
	}
}

func TestSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "all out def", "enter")
	c := m.fight().Current().Actor()
	if c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Fatalf("m: pools %v", c.Pools)
	}
	// The budget cannot pay: the dialog stays open and says why.
	m, _ = keys(m, "m", "attack - melee", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "costs 1 Attack") {
		t.Fatalf("refused spend: %s", screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc")
	}
}

func TestHelperKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "enter", "5 3 3*CO", "enter")
	if log := m.fight().Log(); !strings.Contains(log[len(log)-1].Text, "Resistance Roll (level 5 vs 3, target 60)") {
		t.Errorf("resistance: %q", log[len(log)-1].Text)
	}
	m, _ = keys(m, "g", "down", "enter") // parry
	if c := m.fight().Current().Combatant(m.order.sel); c.Parries != 1 {
		t.Errorf("parry count %d", c.Parries)
	}
	m, _ = keys(m, "g", "down", "down", "enter", "ctrl+u", "2", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.InitRounds != 2 {
		t.Errorf("initiative rounds %d", c.InitRounds)
	}
	m, _ = keys(m, "g", "down", "down", "down", "enter", "-25 broken arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); len(c.Injuries) != 1 || c.Injuries[0].Penalty != -25 {
		t.Errorf("injury %v", c.Injuries)
	}
	m, _ = keys(m, "g", "down", "down", "down", "down", "enter", "30", "enter")
	if m.status.text != "30 ranks: 4 attacks at +0, -30, -60, -90" {
		t.Errorf("multi-strike: %q", m.status.text)
	}
}
