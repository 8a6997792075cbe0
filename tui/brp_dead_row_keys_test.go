package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// l.537-543, 575: the dead need nothing more. A fatal wound not healed in
// time is death, and the GM's row says "dead" alone, not the fatal wound
// and what else it held; the next round's order line gives it no place.
// ledger: brp/fatal-wound
func TestBRPDeadRowSaysDeadAlone(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob", "Cy")
	m, _ = keys(m, "j", "d", "31", "enter") // Bob: 30 to -1, a fatal wound
	for i := 0; i < 60 && m.fight().Current().Round < 4; i++ {
		m, _ = keys(m, "n")
	}
	if !combatant(m, "Bob").Has("dead") || !combatant(m, "Bob").Has("fatal_wound") {
		t.Fatalf("Bob in round 4: %v\n%s", combatant(m, "Bob").Conditions, logOf(m))
	}
	var row string
	for _, line := range strings.Split(screenText(m), "\n") {
		if strings.Contains(line, " Bob ") && strings.Contains(line, "/30") {
			row = line
		}
	}
	if !strings.HasSuffix(strings.TrimRight(strings.Split(row, "│")[0], " "), "-1/30  dead") {
		t.Errorf("Bob's row: %q", row)
	}
	if log := logOf(m); !strings.Contains(log, "Round 4 begins") || strings.Contains(log[strings.LastIndex(log, "Order:"):], "Bob") {
		t.Errorf("the order line of round 4 names the dead:\n%s", log)
	}
}

// l.103: a dropped weapon picked up in a round needs Extra non-combat
// actions stated. Unstated, A does not ask "Ready it again?" when the answer
// can only be refused: it says why at once, and nothing is readied.
// ledger: brp/noncombat-actions
func TestBRPDroppedWeaponUnstatedIsNotOfferedToReady(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cultist"}, nil)
	m = do(t, m, engine.Arm{Who: combatant(m, "Yvarre").ID, State: rules.FateDropped})
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "A") // refused at the key, before the list of blows
	s := screenText(m)
	if strings.Contains(s, "Ready it again") || !strings.Contains(s, "needs Extra non-combat actions stated this") {
		t.Errorf("A on the dropped dagger, unstated:\n%s", s)
	}
	if m.dlg != nil || combatant(m, "Yvarre").Weapons[0].Ready() {
		t.Errorf("a dialog is open or the dagger was readied: %v, %s", m.dlg != nil, combatant(m, "Yvarre").Weapons[0].State)
	}
}
