package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The levels of success when a modifier sets the chance to a fifth.

// A hit at quadruple range is rolled at a fifth of the skill, but a roll
// inside it is a plain success, never a special or a critical (l.509).
//
// ledger: brp/missile-range-modifiers
func TestBRPLongRangeHitIsASuccess(t *testing.T) {
	for _, c := range []struct {
		face int
		want string
	}{{2, ": Success"}, {1, ": Success"}, {12, ": Success"}, {13, ": Failure"}} {
		f, _ := startFight(t, "brp", []member{{name: "A", hp: 12, stats: map[string]int{"skill": 60, "DEX": 12}}, {name: "B", hp: 12}}, c.face)
		f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Modifiers: []string{"long_range"}})
		if got := f.LastLog("Skill roll"); !strings.HasSuffix(got, c.want) {
			t.Errorf("skill 60 at long range, %d: %q, want %q", c.face, got, c.want)
		}
	}
	// Without the range, 04 at 60 is a special.
	f, _ := startFight(t, "brp", []member{{name: "A", hp: 12, stats: map[string]int{"skill": 60, "DEX": 12}}, {name: "B", hp: 12}}, 4)
	f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill"})
	if got := f.LastLog("Skill roll"); !strings.HasSuffix(got, ": Special success") {
		t.Errorf("skill 60, 04: %q, want a special", got)
	}
}

// A hand weapon parrying a thrown weapon must roll a special (l.119): the
// levels are the full skill's, the special and the critical parry, a plain
// success does not, and the fumble band stays the full skill's.
//
// ledger: brp/missile-parry
func TestBRPThrownParryNeedsASpecial(t *testing.T) {
	for _, c := range []struct {
		face int
		want string
	}{{3, ": Critical success"}, {10, ": Special success"}, {12, ": Special success"}, {13, ": Failure"},
		{60, ": Failure"}, {97, ": Failure"}, {98, ": Fumble"}} {
		f, _ := startFight(t, "brp", []member{{name: "A", hp: 12, stats: map[string]int{"parry": 60}}, {name: "B", hp: 12}}, c.face)
		f.Must(engine.RollCheck{Who: f.ID("A"), Check: "parry", Modifiers: []string{"thrown_hand_weapon"}})
		if got := f.LastLog("Parry"); !strings.HasSuffix(got, c.want) {
			t.Errorf("parry 60 against a thrown weapon, %d: %q, want %q", c.face, got, c.want)
		}
	}
}
