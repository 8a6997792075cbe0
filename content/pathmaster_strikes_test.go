package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// fighter is Gavvin with more stats typed: his ranks, his Two-Weapon Combat.
func fighter(t *testing.T, stats map[string]int) (*enginetest.Fight, int, int) {
	t.Helper()
	f, _ := pm(t)
	g := f.Get("Gavvin")
	s := maps.Clone(g.Stats)
	maps.Copy(s, stats)
	init := 40
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Blade", Template: "gavvin", HP: g.HP, Stats: s, Init: &init}}})
	f.ToTurnOf("Blade")
	return f, f.ID("Blade"), f.ID("Orc 1")
}

// The book's multi-strike: at rank 30 a single Multi-Strike gives 4
// attacks, Normal, -30, -60 and -90 (l.244-246). Each melee attack roll of
// the turn takes the next strike; a fifth is refused, no Attack left.
// ledger: pathmaster/full-round-attack pathmaster/multi-strike
func TestMultiStrikeExampleRank30(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"RK": 30})
	f.Must(engine.Spend{Who: b, Action: "full_round_attack"})
	if line := f.LastLog("strikes at"); line != "Blade's Attack - Full Round (multi-strike): 4 strikes at +0, -30, -60, -90" {
		t.Errorf("the strikes: %q", line)
	}
	for _, want := range []string{
		"(strike 1 of 4 +0): d100oe + OB - target_DB: [50] + 80 - 10 = 120 + 0 = 120 vs",
		"(strike 2 of 4 -30): d100oe + OB - target_DB: [50] + 80 - 10 = 120 - 30 = 90 vs",
		"(strike 3 of 4 -60): d100oe + OB - target_DB: [50] + 80 - 10 = 120 - 60 = 60 vs",
		"(strike 4 of 4 -90): d100oe + OB - target_DB: [50] + 80 - 10 = 120 - 90 = 30 vs",
	} {
		f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50)
		if line := f.LastLog("Blade: Melee attack"); !strings.Contains(line, want) {
			t.Errorf("got  %q\nwant %q", line, want)
		}
	}
	f.Refuse(engine.RollCheck{Who: b, Check: "attack", Target: o}, "Attack - Melee costs 1 Attack")
}

// Fewer than 10 ranks: no second strike, and the Full-Round Attack is
// refused with the reason (l.237); 19 ranks give two strikes; what is left
// lapses at the end of the turn, said in the log.
// ledger: pathmaster/multi-strike
func TestMultiStrikeNeedsTenRanks(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"RK": 9})
	f.Refuse(engine.Spend{Who: b, Action: "full_round_attack"}, "Blade has 9 ranks in RK: a multi-strike needs 10")
	f, b, o = fighter(t, map[string]int{"RK": 19})
	f.Must(engine.Spend{Who: b, Action: "full_round_attack"})
	if line := f.LastLog("strikes at"); !strings.HasSuffix(line, "2 strikes at +0, -30") {
		t.Errorf("19 ranks: %q", line)
	}
	f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50)
	f.Next()
	if line := f.LastLog("not rolled"); line != "Blade's turn ends with 1 strike of its full round not rolled" {
		t.Errorf("the strike left: %q", line)
	}
	if s := f.Get("Blade").Striking; s.Strikes != "" {
		t.Errorf("strikes kept past the turn: %+v", s)
	}
}

// Two weapons (l.247-254): both strikes at the lower of the weapon skill
// and Two-Weapon Combat, the off-hand at -20 unless ambidextrous; past 10
// ranks in both, the multi-strike's strikes and one off-hand strike at the
// best bonus (l.255-259).
// ledger: pathmaster/two-weapon-combat pathmaster/multi-strike-two-weapon
func TestTwoWeaponStrikes(t *testing.T) {
	for _, c := range []struct {
		stats map[string]int
		want  string
		roll  string
	}{
		{map[string]int{"TW": 60, "TWR": 6}, "2 strikes at -20, -40 off-hand", "(strike 2 of 2, off-hand -40)"},
		{map[string]int{"TW": 60, "TWR": 6, "AMB": 1}, "2 strikes at -20, -20 off-hand", "(strike 2 of 2, off-hand -20)"},
		{map[string]int{"TW": 90, "TWR": 6}, "2 strikes at +0, -20 off-hand", "(strike 2 of 2, off-hand -20)"},
		{map[string]int{"TW": 70, "TWR": 12, "RK": 25}, "4 strikes at -10, -40, -70, -30 off-hand", "(strike 2 of 4 -40)"},
		{map[string]int{"TW": 70, "TWR": 10, "RK": 25}, "2 strikes at -10, -30 off-hand", "(strike 2 of 2, off-hand -30)"},
	} {
		f, b, o := fighter(t, c.stats)
		f.Must(engine.Spend{Who: b, Action: "full_round_two_weapons"})
		if line := f.LastLog("strikes at"); !strings.HasSuffix(line, c.want) {
			t.Errorf("%v: %q, want %q", c.stats, line, c.want)
		}
		f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50)
		f.Must(engine.RollCheck{Who: b, Check: "attack", Target: o}, 50)
		if line := f.LastLog("Blade: Melee attack"); !strings.Contains(line, c.roll) {
			t.Errorf("%v: the second roll %q, want %q", c.stats, line, c.roll)
		}
	}
}

// No Full-Round Attack with a reload or casting time (l.236): refused
// while a heavy crossbow is half loaded or a spell prepared, and a ranged roll
// is refused in the middle of its melee strikes; a double-tap's two shots
// (l.442-444) are ranged rolls at no penalty.
// ledger: pathmaster/full-round-attack pathmaster/semi-automatic
func TestFullRoundAttackRefusedWithReloadOrCasting(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"RK": 20})
	f.Must(engine.Spend{Who: b, Action: "load_heavy_crossbow"})
	f.Next()
	f.ToTurnOf("Blade")
	f.Refuse(engine.Spend{Who: b, Action: "full_round_attack"}, "in the middle of Load Heavy Crossbow: Attack - Full Round (multi-strike) "+
		"cannot be used with a reload time")
	f, b, o = fighter(t, map[string]int{"RK": 20})
	f.Must(engine.Cast{Who: b, Name: "Sleep", Rank: 1})
	f.Refuse(engine.Spend{Who: b, Action: "full_round_attack"}, "Blade is preparing Sleep: Attack - Full Round (multi-strike) cannot be "+
		"used with a casting time")
	f, b, o = fighter(t, map[string]int{"RK": 20})
	f.Must(engine.Spend{Who: b, Action: "full_round_attack"})
	f.Refuse(engine.RollCheck{Who: b, Check: "ranged", Target: o}, "its strikes are in melee, and no weapon with a reload time is used in one")
	f, b, o = fighter(t, map[string]int{"SHOTS": 15})
	f.Must(engine.Spend{Who: b, Action: "double_tap"})
	f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: o}, 50)
	if line := f.LastLog("Blade: Ranged attack"); !strings.Contains(line, "(strike 1 of 2 +0)") {
		t.Errorf("the double-tap's first shot: %q", line)
	}
}

// A missile weapon's Shots are counted (l.430-436): a counted shot spends
// one, none left it is refused until loaded or reloaded; a bow's load
// refills it, a crossbow's once its Moves are all paid (l.611-626), and
// with a Quickdraw made the cocking's Move and a Free action load it in
// one turn (l.618-619, 636-637); a magazine is a Move, a belt a full round
// (l.645-655); a double-tap spends two (l.442-444).
// ledger: pathmaster/rate-of-fire-and-shots pathmaster/reload pathmaster/load-light-crossbow pathmaster/heavy-crossbow-cocking
func TestShotsCountedAndReloaded(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"SHOTS": 1})
	shots := func() int { return f.Get("Blade").Pools["shots"] }
	f.Must(engine.Spend{Who: b, Action: "shoot"})
	f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: o}, 50)
	if shots() != 0 {
		t.Fatalf("a shot: %d left", shots())
	}
	f.Must(engine.Spend{Who: b, Action: "load_light_crossbow"})
	if shots() != 0 {
		t.Errorf("a crossbow half loaded: %d shots", shots())
	}
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "load_light_crossbow"})
	if shots() != 1 {
		t.Errorf("a crossbow loaded: %d shots", shots())
	}
	f.Must(engine.Spend{Who: b, Action: "shoot"})
	f.Refuse(engine.Spend{Who: b, Action: "shoot"}, "Shots 0")
	f.Next()
	f.ToTurnOf("Blade")
	f.Refuse(engine.Spend{Who: b, Action: "load_heavy_crossbow_quick"}, "Quickdraw made")
	f.Must(engine.RollCheck{Who: b, Check: "quickdraw"}, 97, 20)
	f.Must(engine.Spend{Who: b, Action: "load_heavy_crossbow_quick"})
	if line := f.LastLog("Blade: Load Heavy"); !strings.Contains(line, "Load Heavy Crossbow (Quickdraw made)") || shots() != 1 {
		t.Errorf("a quick heavy load: %q, %d shots", line, shots())
	}
	f, b, _ = fighter(t, map[string]int{"SHOTS": 15})
	f.Must(engine.Spend{Who: b, Action: "double_tap"})
	if shots() != 13 {
		t.Errorf("a double-tap: %d left of 15", shots())
	}
	f.Refuse(engine.Spend{Who: b, Action: "reload_belt"}, "costs 1 Attack + 1 Move")
	f.Next()
	f.ToTurnOf("Blade")
	f.Must(engine.Spend{Who: b, Action: "reload_belt"})
	if shots() != 15 {
		t.Errorf("a belt reloaded: %d", shots())
	}
}
