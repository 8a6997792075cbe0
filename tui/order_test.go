package tui

import (
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
