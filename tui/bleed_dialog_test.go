package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// First Aid from b: the healer picked begins the extended action on the
// wound (the panels of both say so), goes on with it from m on its next
// turns, and the roll comes with the last Move.
func TestFirstAidFromTheBleedingDialog(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	log := m.fight().Log()
	if got := narrate.Line(m.fight().Rules, log[len(log)-1]); !strings.Contains(got, "Gavvin works on First Aid on "+c.Name+"'s wound #1") {
		t.Fatalf("b: %q (status %q)", got, m.status.text)
	}
	if s := screenText(m); !strings.Contains(s, "First Aid from Gavvin") {
		t.Errorf("the patient's panel does not say who treats it:\n%s", s)
	}
	for range 12 {
		if g := combatant(m, "Gavvin"); g.Ext == nil {
			break
		}
		m, _ = keys(m, "n")
		for actorName(m) != "Gavvin" {
			m, _ = keys(m, "n")
		}
		for m.fight().Current().Combatant(m.order.sel).Name != "Gavvin" {
			m, _ = keys(m, "k")
		}
		if !strings.Contains(screenText(m), "Under way: First Aid on") {
			t.Fatalf("the healer's panel:\n%s", screenText(m))
		}
		m, _ = keys(m, "m", "enter")
	}
	var text []string
	for _, e := range m.fight().Log() {
		text = append(text, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(text, "\n")
	if !strings.Contains(all, "Gavvin completes First Aid on "+c.Name+"'s wound #1") || !strings.Contains(all, "Gavvin First Aid: d100oe + FA") {
		t.Errorf("no roll at the end of the work:\n%s", all)
	}
}

// b sticks a missile in the selected and takes it out again; the panel
// shows its bleeding and the DEX it costs.
// ledger: countdown/stuck-missiles
func TestStuckMissileKeys(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "b", "down", "down", "down", "down", "enter") // new wound, arrow, arrow grievous, javelin, javelin grievous
	c := combatant(m, "Fighter")
	if len(c.Stuck) != 1 || c.Stuck[0].ID != "javelin" || !c.Stuck[0].Grievous {
		t.Fatalf("b javelin, grievous: %+v", c.Stuck)
	}
	if s := screenText(m); !strings.Contains(s, "Stuck javelin: bleeds 2 a") || !strings.Contains(s, "DEX 6") {
		t.Errorf("the panel:\n%s", s)
	}
	m, _ = keys(m, "b", "down", "down", "down", "down", "down", "down", "down", "enter") // the last: take out the javelin
	if c := combatant(m, "Fighter"); len(c.Stuck) != 0 {
		t.Errorf("b take out: %+v", c.Stuck)
	}
}

// Energy keeps no bleeding wounds: b offers its bleeding, Bleeding out (a
// Death Save each round), and takes it away; never a wound that costs
// nothing.
// ledger: energy/death-save-table
func TestEnergyBleedingIsBleedingOut(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "b")
	s := screenText(m)
	if strings.Contains(s, "New bleeding wound") || !strings.Contains(s, "Bleeding out") {
		t.Fatalf("b in Energy:\n%s", s)
	}
	m, _ = keys(m, "enter")
	c := m.fight().Current().Combatant(m.order.sel)
	if !c.Has("bleeding_out") {
		t.Fatalf("b, enter: %v (status %q)", c.Conditions, m.status.text)
	}
	m, _ = keys(m, "b")
	if s := screenText(m); !strings.Contains(s, "Stops Bleeding out") {
		t.Fatalf("b on one bleeding out:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Has("bleeding_out") {
		t.Fatalf("b, stops: %v", c.Conditions)
	}
	if err := m.check(engine.Bleed{Who: c.ID, Rate: 2}); err == nil {
		t.Fatalf("a bleeding wound that never bleeds was accepted in Energy")
	}
}

// A new wound's prompt says when the ruleset bleeds it: BRP on DEX rank 1,
// Pathmaster at the start of the combatant's own turn.
func TestNewWoundSaysWhenItBleeds(t *testing.T) {
	for rs, want := range map[string]string{"brp": "DEX rank 1", "pathmaster": "start of the combatant's own turn"} {
		m := fightIn(t, rs, "A", "B")
		m, _ = keys(m, "b", "enter")
		if s := strings.Join(strings.Fields(screenText(m)), " "); !strings.Contains(s, "New wound on") || !strings.Contains(s, want) {
			t.Errorf("%s: the new wound's prompt does not say %q:\n%s", rs, want, screenText(m))
		}
	}
}

// Who gives First Aid: one who cannot (BRP: unconscious) is listed after
// the others, with why, and choosing it is refused there.
func TestHealersWhoCannotActAreMarked(t *testing.T) {
	m := fightIn(t, "brp", "Ana", "Bo", "Cy")
	m = do(t, m, engine.Bleed{Who: combatant(m, "Ana").ID, Rate: 1})
	m = do(t, m, engine.GiveCondition{Who: combatant(m, "Bo").ID, Condition: "unconscious"})
	m = selectName(t, m, "Ana")
	m, _ = keys(m, "b", "down", "enter")
	s := screenText(m)
	_, list, _ := strings.Cut(s, "Who gives First Aid?")
	bo, cy := strings.Index(list, "Bo  cannot: Bo is Unconscious"), strings.Index(list, "Cy  First Aid")
	if bo < 0 || cy < 0 || bo < cy {
		t.Fatalf("the unconscious healer is not listed last with why:\n%s", s)
	}
	m, _ = keys(m, "down", "down", "enter")
	if s := screenText(m); m.dlg == nil || !strings.Contains(s, "no First Aid") {
		t.Errorf("choosing the unconscious healer is not refused in the list:\n%s", s)
	}
}

// A wound closed by magic from b (Pathmaster l.840-841): at once and for
// good, logged, and the wound is gone.
// ledger: pathmaster/magical-healing-of-bleeding
func TestWoundClosedByMagicFromTheBleedingDialog(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	m, _ = keys(m, "b")
	labels, _ := pickLabels(m.dlg)
	at := -1
	for i, l := range labels {
		if l == "Wound 1 closed by magic" {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("b does not offer to close the wound by magic: %q", labels)
	}
	for range at {
		m, _ = keys(m, "down")
	}
	m, _ = keys(m, "enter")
	c := m.fight().Current().Combatant(m.order.sel)
	log := m.fight().Log()
	if line := narrate.Line(m.fight().Rules, log[len(log)-1]); line != c.Name+"'s wound bleeding 7 a round is closed by magic, for good (0 a round in all)" ||
		len(c.Wounds) != 0 {
		t.Errorf("the wound closed: %q, %d wounds left", line, len(c.Wounds))
	}
}
