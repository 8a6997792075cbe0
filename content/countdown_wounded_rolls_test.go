package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// The wound modifiers reach every action (countdown.txt l.64-69), the DEX
// rolls fray makes too: picking up a dropped weapon, attack and move, a
// forced move. Each multiple of DEX is a target of its own, and the
// modifier moves each as it moves the roll's chance: badly wounded (-10),
// DEX 10 makes 1x on 0 or less, 2x on 10, 4x on 30; a worse wound never
// gives a better result.
// ledger: countdown/wound-modifiers countdown/dropped-weapon countdown/attack-and-move countdown/no-movement-forced
func TestCountdownWoundedDEXRolls(t *testing.T) {
	// hurt starts a round with a Guard of 30 hit points, DEX 10, who has
	// lost enough to be left with hp (CON 30: not stunned by it), declared what is given, and has
	// made its attack (Guard 1d10 = 9, the Other 1, then the roll's faces).
	hurt := func(hp int, declare string, faces ...int) *enginetest.Fight {
		f, _ := startFight(t, "countdown", []member{{name: "Guard", hp: 30, stats: map[string]int{"DEX": 10, "CON": 30}}, {name: "Other", hp: 30}},
			append([]int{9, 1}, faces...)...)
		f.Must(engine.Damage{Who: f.ID("Guard"), Amount: 30 - hp})
		if declare != "" {
			f.Must(engine.Declare{Who: f.ID("Guard"), Declaration: declare})
		}
		f.Next()
		f.Next() // the Other at 1: the Guard has made its attack at 9
		return f
	}
	for _, c := range []struct {
		hp      int
		declare string
		check   string
		face    int
		want    string
	}{
		// Unhurt: 8 is 1x, 25 is 3x, 15 is 2x.
		{30, "pick_up_weapon", "pick_up_weapon", 8, "[8] = 8 vs 40 or less: 1x DEX"},
		{30, "", "attack_move", 25, "[25] = 25 vs 40 or less: 3x DEX"},
		{30, "no_movement", "forced_move", 15, "[15] = 15 vs 20 or less: Keeps its feet"},
		// Badly wounded, -10: 8 is only 4x (1x is 0 or less), 35 fumbles.
		{15, "pick_up_weapon", "pick_up_weapon", 8, "[8] = 8 vs 30 or less (40 - 10): 4x DEX"},
		{15, "pick_up_weapon", "pick_up_weapon", 35, "[35] = 35 vs 30 or less (40 - 10): Fumbles it"},
		// 25 is 4x now (3x is 20 or less); 10 is 2x.
		{15, "", "attack_move", 25, "[25] = 25 vs 30 or less (40 - 10): 4x DEX"},
		{15, "", "attack_move", 10, "[10] = 10 vs 30 or less (40 - 10): 2x DEX"},
		// Forced to move: 2x DEX 20 less 10.
		{15, "no_movement", "forced_move", 15, "[15] = 15 vs 10 or less (20 - 10): Falls"},
		// Very badly wounded at 5 or less, -30: 4x is 10 or less, and
		// nothing better can be made.
		{5, "", "attack_move", 1, "[1] = 1 vs 10 or less (40 - 30): 4x DEX"},
		{5, "", "attack_move", 11, "[11] = 11 vs 10 or less (40 - 30): 5x DEX or worse"},
	} {
		f := hurt(c.hp, c.declare, c.face)
		f.Must(engine.RollCheck{Who: f.ID("Guard"), Check: c.check})
		if log := logText(f); !strings.Contains(log, c.want) {
			t.Errorf("%s at %d HP, rolled %d: log lacks %q:\n%s", c.check, c.hp, c.face, c.want, log)
		}
	}
}
