package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

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

// m offers a Run ended early and asks how much Energy was used: a third of
// a Run is 1 Energy; the whole or none is refused.
// ledger: energy/incomplete-actions
func TestEnergyRunEndedEarlyKey(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "m", "run, ended", "enter")
	if !strings.Contains(screenText(m), "Energy used, 1 to 2") {
		t.Fatalf("m, Run ended early:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "3", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "pays 1 to 2 Energy") {
		t.Fatalf("a whole Run ended early was not refused:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "1", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Pools["energy"] != 4 {
		t.Fatalf("a third of a Run: %v (status %q)", c.Pools, m.status.text)
	}
}

// m, Evaluate asks whom it sizes up, foes first: the condition it gives
// reaches rolls against that one alone, and the log names it (l.561-567).
// ledger: pathmaster/evaluate
func TestEvaluateAtFoeKey(t *testing.T) {
	m, _, _ := demo(t)
	who := actorName(m)
	m, _ = keys(m, "m", "evaluate", "enter")
	p, ok := m.dlg.(*pick[int])
	if !ok || !strings.Contains(screenText(m), "at whom?") {
		t.Fatalf("Evaluate did not ask whom: %T\n%s", m.dlg, screenText(m))
	}
	foe := p.items[0].label
	if c := combatant(m, foe); c == nil || c.Side == m.fight().Current().Actor().Side {
		t.Fatalf("the first offered is not a foe: %q", foe)
	}
	m, _ = keys(m, "enter")
	log := m.fight().Log()
	if line := narrate.Line(m.fight().Rules, log[len(log)-2]); line != who+": Evaluate at "+foe {
		t.Errorf("the log: %q", line)
	}
}

// m, Coup de Grace offers only the helpless, and kills the one picked
// (l.936-939); with none helpless it says so.
// ledger: pathmaster/coup-de-grace
func TestCoupDeGraceKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "coup de", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "taken at a foe who is Helpless: there is none") {
		t.Fatalf("no one helpless:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc")
	actor := m.fight().Current().Actor()
	var foe string
	for _, c := range m.fight().Current().Combatants {
		if c.Side != actor.Side && foe == "" {
			foe = c.Name
		}
	}
	m = do(t, m, engine.GiveCondition{Who: combatant(m, foe).ID, Condition: "helpless"})
	m, _ = keys(m, "m", "coup de", "enter")
	p, ok := m.dlg.(*pick[int])
	if !ok || len(p.items) != 1 || p.items[0].label != foe {
		t.Fatalf("the helpless alone were not offered: %T\n%s", m.dlg, screenText(m))
	}
	m, _ = keys(m, "enter")
	if !combatant(m, foe).Has("dead") {
		t.Errorf("%s lives on: %s", foe, screenText(m))
	}
}

// m, Focus on One Foe asks whom, and says what the focus does (l.920-924).
// ledger: pathmaster/flanked-focus
func TestFocusKey(t *testing.T) {
	m, _, _ := demo(t)
	who := actorName(m)
	m = do(t, m, engine.GiveCondition{Who: combatant(m, who).ID, Condition: "flanked"})
	m, _ = keys(m, "m", "focus on", "enter")
	p, ok := m.dlg.(*pick[int])
	if !ok || !strings.Contains(screenText(m), "rolls against "+who+" take no Flanked bonus") {
		t.Fatalf("Focus did not ask whom: %T\n%s", m.dlg, screenText(m))
	}
	foe := p.items[0].label
	m, _ = keys(m, "enter")
	if x := combatant(m, who); !x.Has("focusing") {
		t.Errorf("%s is not focusing on %s", who, foe)
	}
}

// Option 6 (l.163): the Attack and the Move given up to exchanges, the
// panel's budget reads Free unlimited, and m takes a fifth Free action.
// ledger: pathmaster/action-exchange
func TestOptionSixKey(t *testing.T) {
	m, _, _ := demo(t)
	for range 2 {
		m, _ = keys(m, "m", "attack - opp", "enter")
	}
	for range 5 {
		m, _ = keys(m, "m", "talk", "enter")
		if m.dlg != nil {
			t.Fatalf("a Free action refused:\n%s", screenText(m))
		}
	}
	if c := m.fight().Current().Actor(); !strings.Contains(budget(m.fight().Rules, c, false), "Free unlimited") {
		t.Errorf("the budget: %q", budget(m.fight().Rules, c, false))
	}
}

// m on a stunned foe out of its turn: Fall Prone, the one movement the
// Stunned are left (l.994), costs nothing and lays it down at once.
// ledger: pathmaster/stun-fall-prone
func TestStunnedFallProneKey(t *testing.T) {
	m, _, _ := demo(t)
	o := combatant(m, "Orc 1")
	if _, err := m.fight().Do(engine.Stun{Who: o.ID, Level: "stunned", Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	m = selectName(t, m, "Orc 1")
	m, _ = keys(m, "m", "fall prone", "enter")
	c := combatant(m, "Orc 1")
	if !c.Has("prone") || c.Pools["free"] != 2 || c.Pools["move"] != 1 || actorName(m) == "Orc 1" {
		t.Errorf("out of its turn the stunned orc did not fall prone for nothing: %v %v (status %q)", c.Conditions, c.Pools,
			m.status.text)
	}
}
