package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
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

// Over 100% only 00 fumbles (l.250's table), and a fumble is a failure:
// a roll of 100 at a skill of 100 or more is not a success.
//
// ledger: brp/fumble-level
func TestBRPHundredAtAHundredFumbles(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	ch, _ := rs.Ruleset.Check("skill")
	for _, skill := range []int{100, 120} {
		stats := func(name string) (int, bool) { return skill, name == "skill" }
		res, err := engine.RunCheck(rs.Ruleset, ch, stats, nil, dice.Expr{}, dice.Script(100))
		if err != nil || res.Outcome.ID != "fumble" || res.Success {
			t.Errorf("skill %d, 100: %s, success %v (%v), want a fumble that fails", skill, res.Outcome.ID, res.Success, err)
		}
	}
}

// The range, aim and a target's speed or distance are missile fire's
// (l.504-515): with a melee weapon in hand the skill roll refuses Double
// range; with the bow it is taken.
// ledger: brp/missile-range-modifiers
func TestBRPRangesRefusedToAMeleeWeapon(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}})
	y, a := f.ID("Yvarre"), f.ID("Archer")
	onRank(t, f, "Yvarre")
	f.Refuse(engine.Blow{Who: y, Blow: "attack", Foes: []int{a}, Modifiers: []string{"medium_range"}}, "Double range: Difficult goes with a missile weapon, not Yvarre's Dagger")
	onRank(t, f, "Archer")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{y}, Modifiers: []string{"medium_range"}}, 90)
}
