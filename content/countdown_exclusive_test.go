package content_test

import (
	"testing"

	"fray/engine"
)

// Declarations that contradict each other are refused with why
// (countdown.txt l.15, 153): one who will not move cannot also run or move
// to attack, whichever comes first; one defending desperately "can take no
// other actions", nor can one declare it beside anything else.
// ledger: countdown/no-movement countdown/desperate-defense
func TestCountdownContradictoryDeclarations(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Hero", hp: 30}, {name: "Foe", hp: 30}})
	hero, foe := f.ID("Hero"), f.ID("Foe")
	f.Must(engine.Declare{Who: hero, Declaration: "no_movement"})
	f.Refuse(engine.Declare{Who: hero, Declaration: "run_attack"}, "not with No movement")
	f.Refuse(engine.Declare{Who: hero, Declaration: "move_attack"}, "not with No movement")
	f.Must(engine.Declare{Who: foe, Declaration: "run_attack"})
	f.Refuse(engine.Declare{Who: foe, Declaration: "no_movement"}, "not with Run and attack")
	f.Refuse(engine.Declare{Who: hero, Declaration: "desperate_defense"}, "takes nothing else this round")
	f.Must(engine.Undeclare{Who: hero, Declaration: "no_movement"})
	f.Must(engine.Declare{Who: hero, Declaration: "desperate_defense"})
	f.Refuse(engine.Declare{Who: hero, Declaration: "draw_weapon"}, "takes nothing else this round")
}
