package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// "You cannot dodge an attack you are unaware of" (l.1066-1067), nor parry
// it (l.1101: "any melee attacks you are aware of"): the attack roll's
// "Foe unaware of the attack" puts the foe's dodge back, once, whatever
// else would (an aimer keeping its aim, an invisible attacker), takes no
// parry, and with no dodge Prone's dodge bonuses count for nothing
// (l.971-974). The shield, passive, still counts.
// ledger: pathmaster/dodge-bonus pathmaster/directed-spells
func TestUnawareFoeCannotDodge(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	roll := func(check string, face int, want string, mods ...string) {
		t.Helper()
		f.Must(engine.RollCheck{Who: g, Check: check, Target: o, Modifiers: mods}, face)
		if line := f.LastLog("Gavvin: "); !strings.Contains(line, want) {
			t.Errorf("%s %v: %q, want %q", check, mods, line, want)
		}
	}
	again := func() { f.ToTurnOf("Orc 1"); f.ToTurnOf("Gavvin") }
	// Aware, the orc's dodge of 10 comes off; unaware, it does not.
	roll("attack", 50, "[50] + 80 - 10 = 120")
	again()
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"unaware", "parry"}}, "cannot be picked with")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"unaware", "tumbled_move"}}, "cannot be picked with")
	roll("attack", 50, "= 130", "unaware")
	// Lying down: no dodge, so neither Prone's +20 against a blade nor its
	// -20 against a shot.
	f.Must(engine.GiveCondition{Who: o, Condition: "prone"})
	again()
	roll("attack", 50, "= 130", "unaware")
	again()
	roll("ranged", 50, "= 130", "unaware")
	again()
	roll("directed", 50, "[50] + 0 - 10 = 40 + 10 = 50", "unaware")
	f.Must(engine.TakeCondition{Who: o, Condition: "prone"})
	// An aimer that keeps its aim does not dodge: unaware, its dodge is
	// put back once, not twice.
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: o, Action: "aim", At: g})
	f.ToTurnOf("Gavvin")
	roll("attack", 50, "= 130", "unaware")
	// So for an invisible attacker, which ignores the dodge already.
	f.Must(engine.GiveCondition{Who: g, Condition: "invisible"})
	again()
	roll("attack", 50, "= 150", "unaware")
}

// A Resistance Roll is read by what it resists (l.1223-1249): against a
// spell or a skill all or nothing (made, no effect; missed, it works, a
// spell's margin of failure making it stronger or longer), against a
// poison by the cumulative tiers; one to keep a spell or an aim at stake
// is kept or lost, no tiers either.
// ledger: pathmaster/resistance-spells pathmaster/resistance-skills pathmaster/resistance-tiers
func TestResistanceRollReadByWhatItResists(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	resist := func(kind string, face int, want string) {
		t.Helper()
		f.Must(engine.Resist{Who: o, AttackLevel: 5, DefenceLevel: 3, Expr: "3 * CO", Kind: kind}, face)
		if got := f.LastLog("Resistance"); got != want {
			t.Errorf("%s, %d:\n got %q\nwant %q", kind, face, got, want)
		}
	}
	// Target 60, 3 x CO = 15.
	resist("spell", 70, "Orc 1 Resistance Roll against a spell (level 5 vs 3, target 60): d100oe + (3 * CO): [70] + (3 * 5) = 85: "+
		"success by 25: the spell has no effect")
	resist("spell", 30, "Orc 1 Resistance Roll against a spell (level 5 vs 3, target 60): d100oe + (3 * CO): [30] + (3 * 5) = 45: "+
		"failure by 15: the spell takes effect, its margin of failure making it stronger or last longer as the spell says")
	resist("skill", 30, "Orc 1 Resistance Roll against a skill (level 5 vs 3, target 60): d100oe + (3 * CO): [30] + (3 * 5) = 45: "+
		"failure by 15: the skill has its full effect")
	resist("skill", 70, "Orc 1 Resistance Roll against a skill (level 5 vs 3, target 60): d100oe + (3 * CO): [70] + (3 * 5) = 85: "+
		"success by 25: the skill has no effect")
	resist("poison", 20, "Orc 1 Resistance Roll against a poison, disease or other effect (level 5 vs 3, target 60): "+
		"d100oe + (3 * CO): [20] + (3 * 5) = 35: failure by 25: mild effects + moderate effects + severe effects")
	f.Refuse(engine.Resist{Who: o, AttackLevel: 5, DefenceLevel: 3, Kind: "charm"}, `Pathmaster has no Resistance Roll against "charm"`)
	// Kept or lost, all or nothing.
	mage(t, f)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Must(engine.Damage{Who: m, Amount: 5})
	f.Refuse(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true, Kind: "spell"}, "against losing it")
	f.Must(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, 30)
	if got := f.LastLog("Mage Resistance Roll"); !strings.HasSuffix(got, "failure by 20") {
		t.Errorf("the roll to keep the spell: %q", got)
	}
}

// A Directed spell is a ranged attack, "all normal combat rules for ranged
// attacks apply" (l.1378): a Sacrificial Dodge into a bolt's path is rolled
// at the dodger, its dodge helping the roll and its shield only against
// the damage (l.746-759). One who throws itself onto an area spell's
// centre takes the +30 centre and the +20 sacrifice (l.760-764, 1397).
// ledger: pathmaster/directed-spells pathmaster/area-spells
func TestSacrificeAgainstSpells(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m, o := f.ID("Mage"), f.ID("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.RollCheck{Who: m, Check: "directed", Target: o, Modifiers: []string{"sacrificial"}}, 50)
	if line := f.LastLog("Mage: Directed spell"); !strings.Contains(line, "+20") || !strings.Contains(line, "Sacrificial Dodge") {
		t.Errorf("the bolt at the dodger: %q", line)
	}
	f.Refuse(engine.RollCheck{Who: m, Check: "directed", Target: o, Modifiers: []string{"sacrificial", "shield"}}, "cannot be picked with")
	f.Must(engine.RollCheck{Who: m, Check: "ball", Target: o, Modifiers: []string{"centre", "sacrifice"}}, 50)
	if line := f.LastLog("Mage: Area spell"); !strings.Contains(line, "= 100") {
		t.Errorf("50 + 30 centre + 20 sacrifice: %q", line)
	}
}
