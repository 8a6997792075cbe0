package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A stunned target parries or dodges a blow (A) only on an Idea roll for
// each attempt (l.347), as it does in answer to g's skill roll: Idea 95 of
// 50 fails and the blow goes unparried; Idea 20 succeeds and the parry is
// rolled.
// ledger: brp/stunned-defence-easy
func TestBRPStunnedAnswersTheBlowOnlyOnIdea(t *testing.T) {
	for _, c := range []struct {
		faces []int
		want  []string
		not   string
	}{
		{[]int{60, 95, 3, 2}, []string{"T: Idea roll: d100: [95]", "T is Stunned: it fails its Idea roll, so no Parry"}, "T: Parry"},
		{[]int{60, 20, 30}, []string{"T: Idea roll: d100: [20]", "T: Parry against Guard"}, "fails its Idea roll"},
	} {
		f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"},
			{name: "T", hp: 30, stats: map[string]int{"DEX": 8, "INT": 10, "CON": 10, "parry": 45, "dodge": 40}}})
		tt, g := f.ID("T"), f.ID("Guard")
		toPhase(t, f, 2)
		f.Must(engine.GiveCondition{Who: tt, Condition: "stunned", Rounds: 2})
		f.Must(engine.Blow{Who: g, Blow: "attack", Foes: []int{tt}, Answer: "parry"}, c.faces...)
		log := logText(f)
		for _, want := range c.want {
			if !strings.Contains(log, want) {
				t.Errorf("%v: the log lacks %q:\n%s", c.faces, want, log)
			}
		}
		if strings.Contains(log, c.not) {
			t.Errorf("%v: the log says %q:\n%s", c.faces, c.not, log)
		}
	}
}
