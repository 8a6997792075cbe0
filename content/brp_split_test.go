package content_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
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
	onRank(t, f, "Swordmaster")
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

// l.429-431: "A combat skill rating of 100% or more lets your character
// split their attack into multiple attacks": the skill split is the one
// the attacks are made with, the weapon's. A spearman whose spear has its
// own 110% (its skill stat, for other weapons, is 30) splits the spear's
// 110 as 60 and 50, each blow rolling its share; unsplit, its second
// attack is refused, as the swordmaster's is.
// ledger: brp/over-100-split
func TestBRPSplitTheWeaponsSkill(t *testing.T) {
	spear := func() engine.NewCombatant {
		return engine.NewCombatant{Name: "Spearman", HP: 14, Stats: map[string]int{"DEX": 14, "attacks": 2, "skill": 30, "length": 3},
			Weapons: []rules.Weapon{{Name: "Spear", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "melee"},
				Fields: map[string]int{"skill": 110}}}}
	}
	target := engine.NewCombatant{Name: "Target", HP: 60, Stats: map[string]int{"DEX": 8}}
	rs, _ := shipped(t).Ruleset("brp")

	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{spear(), target}})
	f.Must(engine.Start{})
	s, g := f.ID("Spearman"), f.ID("Target")
	f.Refuse(engine.Split{Who: s, Shares: []int{20, 10}}, "each share of skill is at least 50")
	f.Refuse(engine.Split{Who: s, Shares: []int{50, 50}}, "the shares add up to 100; all of skill 110 is assigned")
	f.Must(engine.Split{Who: s, Shares: []int{60, 50}})
	onRank(t, f, "Spearman")
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 90)
	if got := f.LastLog("Spearman: Skill roll"); !strings.Contains(got, "vs 60 or less") {
		t.Errorf("the first blow at its share of the spear's 110, 60: %q", got)
	}
	f.Next()
	if w := where(f.Rules, f.Current()); w != "r1 action Spearman@9#2" {
		t.Fatalf("the second rank: %s", w)
	}
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 90)
	if got := f.LastLog("Spearman: Skill roll"); !strings.Contains(got, "vs 50 or less") {
		t.Errorf("the second blow at its share, 50: %q", got)
	}

	u := enginetest.New(t, rs.Ruleset, dice.Script())
	u.Must(engine.Add{Combatants: []engine.NewCombatant{spear(), target}})
	u.Must(engine.Start{})
	s, g = u.ID("Spearman"), u.ID("Target")
	onRank(t, u, "Spearman")
	u.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 90, 1)
	if got := u.LastLog("Spearman: Skill roll"); !strings.Contains(got, "vs 110 or less") {
		t.Errorf("unsplit, one blow at the spear's whole 110: %q", got)
	}
	u.Next()
	u.Refuse(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, "Spearman did not split its skill (110)")
}

// l.429: "A combat skill rating of 100% or more lets your character split
// their attack into multiple attacks, though each attack must be at least
// 50%": the skill gives the attacks, no attacks stat typed. 151% splits in
// three (50, 50, 51), on ranks 16, 11 and 6; 149% and 99% hold fewer shares
// of 50. l.409: "If your character can normally make multiple attacks per
// round (such as having a skill over 100%), they can make a second free
// Dodge or parry": the 120% fighter's second free defence.
// ledger: brp/over-100-split
// ledger: brp/fight-defensively-limits
func TestBRPSplitAttacksFromTheSkill(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Blademaster", hp: 15, stats: map[string]int{"DEX": 16, "skill": 151}},
		{name: "Near", hp: 15, stats: map[string]int{"DEX": 12, "skill": 149}},
		{name: "Plain", hp: 15, stats: map[string]int{"DEX": 10, "skill": 99}}})
	f.Must(engine.Split{Who: f.ID("Blademaster"), Shares: []int{50, 50, 51}})
	f.Refuse(engine.Split{Who: f.ID("Near"), Shares: []int{50, 50, 49}}, "each share of skill is at least 50")
	f.Refuse(engine.Split{Who: f.ID("Near"), Shares: []int{50, 50, 50}}, "the shares add up to 150")
	if got := f.Get("Near").Stats["attacks"]; got != 2 {
		t.Errorf("149%%: %d attacks, want 2", got)
	}
	if got := f.Get("Plain").Stats["attacks"]; got != 1 {
		t.Errorf("99%%: %d attacks, want 1", got)
	}
	var ranks []string
	for i := 0; f.Current().Round == 1 && i < 40; i++ {
		if w := where(f.Rules, f.Current()); strings.Contains(w, "action Blademaster@") {
			ranks = append(ranks, w)
		}
		f.Next()
	}
	if want := []string{"r1 action Blademaster@16", "r1 action Blademaster@11#2", "r1 action Blademaster@6#3"}; !slices.Equal(ranks, want) {
		t.Errorf("151%% split in three: ranks %v, want %v", ranks, want)
	}

	d, _ := startFight(t, "brp", []member{{name: "Blademaster", hp: 15, stats: map[string]int{"DEX": 16, "skill": 120, "parry": 60, "dodge": 40}},
		{name: "Guard", creature: "temple_guard"}}, 30, 30, 30)
	bm := d.ID("Blademaster")
	d.Must(engine.Declare{Who: bm, Declaration: "defensive"}) // stated (l.13)
	d.Must(engine.RollCheck{Who: bm, Check: "dodge", Modifiers: []string{"defensive"}})
	d.ToTurnOf("Guard")
	d.Must(engine.RollCheck{Who: bm, Check: "parry", Modifiers: []string{"defensive"}})
	d.Refuse(engine.RollCheck{Who: bm, Check: "dodge", Modifiers: []string{"defensive"}}, "has taken 2 free defences this round, all it may")
}

// l.431: "Your character can then make separate attacks with the same
// weapon, resolving each using one of the divided skill rating." S (110%,
// a sword and a dagger) splits 60/50 with the sword in hand: both attacks
// are the sword's. The second, with the dagger, is refused on the blow (A)
// and on g's Skill roll at the foe, the dagger in hand; with the sword it
// strikes at its share, 50. Saved and resumed, the split keeps its sword.
// ledger: brp/over-100-same-weapon
func TestBRPSplitAttacksWithTheSameWeapon(t *testing.T) {
	dagger := rules.Weapon{Name: "Dagger", Damage: dice.MustParse("1d4+2"), Kinds: []string{"impaling", "melee"}}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "S", HP: 14, Stats: map[string]int{"DEX": 14, "skill": 110}, Weapons: []rules.Weapon{sword, dagger}},
		{Name: "T", HP: 60, Stats: map[string]int{"DEX": 8}}}})
	f.Must(engine.Start{})
	s, tg := f.ID("S"), f.ID("T")
	f.Must(engine.Split{Who: s, Shares: []int{60, 50}})
	onRank(t, f, "S")
	if _, err := f.Do(engine.Blow{Who: s, Blow: "attack", Weapon: 1, Foes: []int{tg}}, 95); err == nil ||
		!strings.Contains(err.Error(), "split the skill of its Sword") {
		t.Errorf("the first share struck with the dagger: %v", err)
	}
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{tg}}, 95)
	f.Next()
	if _, err := f.Do(engine.Blow{Who: s, Blow: "attack", Weapon: 1, Foes: []int{tg}}, 95); err == nil {
		t.Errorf("the second share struck with the dagger: %q", f.LastLog("S: Skill roll"))
	}
	// The sword dropped, the dagger is in hand: g's attack with it is refused.
	f.Must(engine.Arm{Who: s, Weapon: 0, State: rules.FateDropped})
	if _, err := f.Do(engine.RollCheck{Who: s, Check: "skill", Target: tg}, 95); err == nil {
		t.Errorf("g's skill roll with the dagger at the sword's share: %q", f.LastLog("S: Skill roll"))
	}
	f.Undo() // the sword is in hand again
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{tg}}, 95)
	if got := f.LastLog("S: Skill roll"); !strings.Contains(got, "vs 50 or less") {
		t.Errorf("the sword's second share: %q", got)
	}
	rs := brpRules(t)
	data, err := saves.Encode(session.Saved{Name: "split", Fight: f.Fight, Source: dice.NewSource(5), Hash: "h"}.Snapshot(),
		time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("split.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs, "h", true })
	if err != nil {
		t.Fatal(err)
	}
	if c := back.Fight.Current().Combatant(s); c.SplitWith != "Sword" || !slices.Equal(c.Shares, []int{60, 50}) {
		t.Errorf("resumed, the split is %v with %q", c.Shares, c.SplitWith)
	}
}
