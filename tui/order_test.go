package tui

import (
	"strings"
	"testing"
)

func TestSelectionKeys(t *testing.T) {
	m, _, _ := demo(t)
	rows := rows(m.fight().Current())
	m, _ = keys(m, "j")
	if m.order.sel != rows[1].ID {
		t.Fatal("j did not select the next row")
	}
	m, _ = keys(m, "down", "down", "down", "down")
	if m.order.sel != rows[3].ID {
		t.Fatal("down past the end")
	}
	m, _ = keys(m, "k", "up")
	if m.order.sel != rows[1].ID {
		t.Fatal("k/up")
	}
}

// Energy's order row shows Stamina (which the round never refills), and
// no two pools read alike: the Swift attack is not an S a GM would take
// for Stamina, the Agile moves not an A beside Agility.
// ledger: energy/token-tip
func TestEnergyRowShowsStamina(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	var row string
	for _, l := range strings.Split(screenText(m), "\n") {
		if strings.Contains(l, "Ash") && strings.Contains(l, "30/30") {
			row, _, _ = strings.Cut(l, "│")
			break
		}
	}
	for _, want := range []string{"St10", "E5", "Ag3", "Sw1"} {
		if !strings.Contains(row, want) {
			t.Errorf("the row lacks %s: %q", want, row)
		}
	}
	for _, not := range []string{" S1", " A0", " A3"} {
		if strings.Contains(row, not) {
			t.Errorf("the row reads %q, which a GM misreads: %q", not, row)
		}
	}
}
