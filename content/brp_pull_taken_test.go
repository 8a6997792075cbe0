package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// takenFight has W (a spear of its own 90%, damage modifier 1D6) impale
// T (skill 30, a mace with its damage modifier 1D4) with a special, and T
// pull the spear out of itself (l.391).
func takenFight(t *testing.T, tWeapons []rules.Weapon) (*enginetest.Fight, int, int) {
	t.Helper()
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "W", HP: 30, Stats: map[string]int{"DEX": 16, "skill": 40},
			Weapons: []rules.Weapon{{Name: "Spear", Damage: dice.MustParse("1d8+1"), Bonus: dice.MustParse("1d6"),
				Kinds: []string{"impaling", "melee"}, Fields: map[string]int{"skill": 90}}}},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 10, "skill": 30}, Weapons: tWeapons}}})
	f.Must(engine.Start{})
	w, tt := f.ID("W"), f.ID("T")
	onRank(t, f, "W")
	f.Must(engine.Blow{Who: w, Blow: "attack", Foes: []int{tt}}, 10, 1, 1, 1)
	if !f.Get("T").Has("impaled") {
		t.Fatalf("the special did not impale:\n%s", logText(f))
	}
	return f, w, tt
}

// l.391: "Success means that the weapon has been freed and is in the hands
// of the target ... ends with the target holding the weapon that formerly
// impaled them." In T's hands the spear is T's weapon: struck with T's own
// skill (its skill stat, W's 90 being W's) and T's own damage modifier
// (its mace's 1D4, not W's 1D6); a holder with no damage modifier (a
// knife without one) adds none. Undone, the spear is W's again, at 90.
// ledger: brp/impaled-weapon
func TestBRPPulledOutWeaponTakesItsHoldersSkillAndModifier(t *testing.T) {
	mace := rules.Weapon{Name: "Mace", Damage: dice.MustParse("1d8+2"), Bonus: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}
	f, w, tt := takenFight(t, []rules.Weapon{mace})
	onRank(t, f, "T")
	f.Must(engine.RollCheck{Who: tt, Check: "pull_impaled", Expr: "50"}, 10)
	weapons := f.Get("T").Weapons
	i := slices.IndexFunc(weapons, func(x engine.Weapon) bool { return x.Name == "Spear" })
	if i < 0 {
		t.Fatalf("T does not hold the spear: %+v\n%s", weapons, logText(f))
	}
	if v, _ := engine.WeaponStat(f.Rules, f.Get("T"), weapons[i].Weapon, "skill"); v != 30 {
		t.Errorf("the spear in T's hands strikes at %d, want T's own 30 (W's 90 is W's)", v)
	}
	if b := weapons[i].Bonus.String(); b != "1d4" {
		t.Errorf("the spear in T's hands adds %q, want T's own damage modifier 1d4 (W's is 1d6)", b)
	}
	f.Undo()
	if ws := f.Get("W").Weapons; len(ws) != 1 || ws[0].State != rules.FateStuck || ws[0].Fields["skill"] != 90 || ws[0].Bonus.String() != "1d6" {
		t.Errorf("the pull undone: W's weapons %+v", ws)
	}
	f.Must(engine.RollCheck{Who: tt, Check: "pull_impaled", Expr: "50"}, 10)
	r := handResumed(t, f)
	if ws := r.Get("T").Weapons; len(ws) != 2 || ws[1].Fields["skill"] != 0 || ws[1].Bonus.String() != "1d4" {
		t.Errorf("saved and resumed: T's weapons %+v", ws)
	}
	f.Next()
	onRank(t, f, "T")
	f.Must(engine.Blow{Who: tt, Blow: "attack", Foes: []int{w}, Weapon: i}, 20, 3, 2)
	if log := logText(f); !strings.Contains(log, "vs 30 or less") || !strings.Contains(log, "T damage bonus: 1d4: [2] = 2") {
		t.Errorf("T's blow with the spear is not rolled at its own 30, adding its own 1D4:\n%s", log)
	}

	knife := rules.Weapon{Name: "Knife", Damage: dice.MustParse("1d4+2"), Kinds: []string{"bleeding", "melee"}}
	f, _, tt = takenFight(t, []rules.Weapon{knife})
	onRank(t, f, "T")
	f.Must(engine.RollCheck{Who: tt, Check: "pull_impaled", Expr: "50"}, 10)
	weapons = f.Get("T").Weapons
	if i := slices.IndexFunc(weapons, func(x engine.Weapon) bool { return x.Name == "Spear" }); i < 0 || !weapons[i].Bonus.IsZero() {
		t.Errorf("T, with no damage modifier, holds the spear adding W's: %+v", weapons)
	}
}

// l.391: the impaled's pull "takes a full round": refused once the
// impaled attacked, parried or dodged that round, as the attacker's whole
// round's pull is (l.385, 387).
// ledger: brp/impaled-weapon
func TestBRPImpaledsPullTakesTheWholeRound(t *testing.T) {
	mace := rules.Weapon{Name: "Mace", Damage: dice.MustParse("1d8+2"), Bonus: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}
	f, w, tt := takenFight(t, []rules.Weapon{mace})
	onRank(t, f, "T")
	f.Must(engine.Blow{Who: tt, Blow: "attack", Foes: []int{w}}, 90)
	if _, err := f.Do(engine.RollCheck{Who: tt, Check: "pull_impaled", Expr: "50"}, 10); err == nil ||
		!strings.Contains(err.Error(), "takes the whole round") {
		t.Errorf("T's pull after its attack this round: %v, want it refused (the whole round)\n%s", err, logText(f))
	}

	f, _, tt = takenFight(t, []rules.Weapon{mace})
	f.Must(engine.RollCheck{Who: tt, Check: "dodge"}, 90)
	if _, err := f.Do(engine.RollCheck{Who: tt, Check: "pull_impaled", Expr: "50"}, 10); err == nil {
		t.Errorf("T's pull after its dodge this round was accepted\n%s", logText(f))
	}
}
