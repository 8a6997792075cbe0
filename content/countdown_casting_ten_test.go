package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A spell that cannot go off this round "will begin casting on initiative
// 10 of the following round", and a spell of one round "must start on
// initiative 10" (countdown.txt l.22); the caster loses its DEF from DEX,
// the Defense skill and a shield "when casting spells" (l.86, 97). Before
// segment 10 it is not casting yet: a strike at 12 meets its whole DEF,
// one at 7 the DEF less those parts.
// ledger: countdown/casting-defence countdown/spell-next-round countdown/one-round-spell
func TestCountdownCastingDefenceFromTen(t *testing.T) {
	// Round 1: the Mage 1d10 1, the Fighter 9+2 = 11 and 1+2 = 3, the
	// Guard 7. Round 2: the Fighter 10+2 = 12 and 1+2 = 3, the Guard 7.
	f, dice := startFight(t, "countdown", []member{
		{name: "Mage", hp: 20, stats: map[string]int{"DEF": 25, "dex_def": 5, "defense_skill": 5}},
		{name: "Fighter", creature: "fighter"},
		{name: "Guard", hp: 20},
	}, 1, 9, 1, 7, 10, 1, 7)
	mage, fighter := f.ID("Mage"), f.ID("Fighter")
	f.ToTurnOf("Mage")
	// SK rank 1 takes 7: begun at 1 it would go off at -6; it begins at 10
	// of round 2 and goes off at 3.
	f.Must(engine.Cast{Who: mage, Name: "Bolt", Kind: "sk", Rank: 1})
	for f.Current().Round < 2 {
		f.Next()
	}
	f.Next() // round 2's initiative: the Fighter acts at 12
	if f.Actor() != "Fighter" || f.Current().Entry(f.Current().Cur).Value != 12 {
		t.Fatalf("%s acts first in round 2:\n%s", f.Actor(), logText(f))
	}
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 25 {
		t.Errorf("the Mage's DEF at segment 12, before its casting begins at 10: %d, want 25", got)
	}
	// SC 112 against 25: 87 or less.
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: mage}, 90)
	f.ToTurnOf("Guard") // segment 7: the Mage is casting
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 15 {
		t.Errorf("the Mage's DEF at segment 7, casting: %d, want 15", got)
	}
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: mage}, 90)
	log := logText(f)
	for _, want := range []string{
		"Fighter: Strike against Mage: d100: [90] = 90 vs 87 or less: Miss",
		"Fighter: Strike against Mage (target casting: DEF -10): d100: [90] = 90 vs 97 or less: Hit",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}

	// A spell of one round begun by a caster at 12 begins at 10: at 12
	// and 11 its DEF is whole.
	// The Cleric 10+2 = 12, the Fighter 9+2 = 11 and 1+2 = 3.
	g, _ := startFight(t, "countdown", []member{
		{name: "Cleric", hp: 20, stats: map[string]int{"dex_mod": 2, "DEF": 25, "dex_def": 5, "shield": 5}},
		{name: "Fighter", creature: "fighter"},
	}, 10, 9, 1)
	g.Next()
	if g.Actor() != "Cleric" {
		t.Fatalf("%s acts first:\n%s", g.Actor(), logText(g))
	}
	g.Must(engine.Cast{Who: g.ID("Cleric"), Name: "Bless", Rank: 10})
	if g.Actor() != "Fighter" {
		t.Fatalf("%s acts after the Cleric's cast, want the Fighter at 11:\n%s", g.Actor(), logText(g))
	}
	if got := engine.StatNow(g.Rules, g.Get("Cleric"), "DEF"); got != 25 {
		t.Errorf("the Cleric's DEF at segment 11, before its one-round spell begins at 10: %d, want 25", got)
	}
	g.Next() // the Fighter at 3, past 10: casting
	if got := engine.StatNow(g.Rules, g.Get("Cleric"), "DEF"); got != 15 {
		t.Errorf("the Cleric's DEF at segment 3, casting: %d, want 15", got)
	}
}
