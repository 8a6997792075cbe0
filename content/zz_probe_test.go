package content_test

import (
	"testing"

	"fray/engine"
)

func TestZZProbeRangedBonus(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Archer", creature: "goblin_archer"}, {name: "Fighter", creature: "fighter"}}, 5, 3, 1)
	a := f.ID("Archer")
	f.Must(engine.Declare{Who: a, Declaration: "careful_aim"})
	f.Must(engine.Declare{Who: a, Declaration: "no_movement"})
	f.Next()
	m, r, from := engine.AttackerBonus(f.Rules, f.Get("Archer"))
	t.Log(m, r, from)
}
