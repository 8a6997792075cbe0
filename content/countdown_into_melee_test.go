package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Shooting into melee (countdown.txt l.207, 215): a specialist adds 5 and
// a double specialist 10 (chosen in g), and the natural faces that always
// go to a friend shrink with them: 05 or less, 03 or less for a
// specialist, 01 for a double specialist. At weapon rank 40 every total
// is over the line of 30: only those faces send the shot to a friend.
// ledger: countdown/shooting-into-melee
func TestCountdownIntoMeleeSpecialists(t *testing.T) {
	for _, c := range []struct {
		chosen string
		face   int
		want   string
	}{
		{"", 5, "[5] + 40 = 45 vs more than 30: Goes to a friend (05 or less always does)"},
		{"", 6, "[6] + 40 = 46 vs more than 30: Goes to the foe as aimed"},
		{"specialist", 5, "[5] + 40 = 45 + 5 = 50 vs more than 30: Goes to the foe as aimed"},
		{"specialist", 4, "[4] + 40 = 44 + 5 = 49 vs more than 30: Goes to the foe as aimed"},
		{"specialist", 3, "[3] + 40 = 43 + 5 = 48 vs more than 30: Goes to a friend (03 or less: a specialist's)"},
		{"double_specialist", 2, "[2] + 40 = 42 + 10 = 52 vs more than 30: Goes to the foe as aimed"},
		{"double_specialist", 1, "[1] + 40 = 41 + 10 = 51 vs more than 30: Goes to a friend (01 always does)"},
		{"specialist", 1, "Goes to a friend (01 always does)"},
		{"", 1, "Goes to a friend (01 always does)"},
	} {
		f, _ := startFight(t, "countdown", []member{{name: "Archer", hp: 20, stats: map[string]int{"weapon_rank": 40}}}, c.face)
		cmd := engine.RollCheck{Who: f.ID("Archer"), Check: "into_melee_1f1o"}
		if c.chosen != "" {
			cmd.Modifiers = []string{c.chosen}
		}
		f.Must(cmd)
		if log := logText(f); !strings.Contains(log, c.want) {
			t.Errorf("%q, a natural %02d: log lacks %q:\n%s", c.chosen, c.face, c.want, log)
		}
	}
}
