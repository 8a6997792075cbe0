package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A skill over 100% split into attacks (l.429-431): the swordmaster's 110
// as 60 and 50, each attack rolling its own share, 5 ranks apart; each
// share at least 50, all of the skill assigned, no more shares than its
// attacks this round.
// ledger: brp/over-100-split
func TestBRPSkillSplit(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Guard", creature: "temple_guard"}})
	s, g := f.ID("Swordmaster"), f.ID("Guard")
	for _, bad := range []struct {
		shares []int
		why    string
	}{{[]int{70, 40}, "each share of skill is at least 50 (got 40)"}, {[]int{60, 60}, "the shares add up to 120; all of skill 110 is assigned"},
		{[]int{110}, "a split is two shares or more"}} {
		if _, err := f.Do(engine.Split{Who: s, Shares: bad.shares}); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("split %v: %v, want %q", bad.shares, err, bad.why)
		}
	}
	f.Must(engine.Split{Who: s, Shares: []int{60, 50}})
	for i := 0; where(f.Rules, f.Current()) != "r1 action Swordmaster@16"; i++ {
		if i > 30 {
			t.Fatalf("the swordmaster's rank never came: %s", where(f.Rules, f.Current()))
		}
		f.Next()
	}
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 70)
	if got := f.LastLog("Swordmaster: Skill roll"); !strings.Contains(got, "vs 60 or less: Failure") {
		t.Errorf("the first attack at its share, 60: %q", got)
	}
	f.Next()
	if w := where(f.Rules, f.Current()); w != "r1 action Swordmaster@11#2" {
		t.Fatalf("the second attack 5 ranks later: %s", w)
	}
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 55)
	if got := f.LastLog("Swordmaster: Skill roll"); !strings.Contains(got, "vs 50 or less: Failure") {
		t.Errorf("the second attack at its share, 50: %q", got)
	}
	toRound(t, f, 2)
	if len(f.Get("Swordmaster").Shares) != 0 {
		t.Errorf("the split lasts the round only")
	}
}

// The swordmaster's second attack is its split's (l.429-431): unsplit, its
// 110% goes to one attack at rank 16 and the one at 11 is refused; a split
// comes before the first attack, not after it.
// ledger: brp/over-100-split
func TestBRPSecondAttackNeedsTheSplit(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Guard", creature: "temple_guard"}})
	s, g := f.ID("Swordmaster"), f.ID("Guard")
	onRank(t, f, "Swordmaster")
	f.Must(engine.RollCheck{Who: s, Check: "skill", Target: g}, 99)
	if got := f.LastLog("Swordmaster: Skill roll"); !strings.Contains(got, "vs 110 or less") {
		t.Errorf("one attack at the whole skill: %q", got)
	}
	f.Refuse(engine.Split{Who: s, Shares: []int{60, 50}}, "a split is stated before the first attack")
	f.Next()
	if w := where(f.Rules, f.Current()); w != "r1 action Swordmaster@11#2" {
		t.Fatalf("the second rank: %s", w)
	}
	f.Refuse(engine.RollCheck{Who: s, Check: "skill", Target: g}, "Swordmaster did not split its skill (110)")
}
