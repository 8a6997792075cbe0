package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// mage adds the caster (SP +40, level 5, 20 Mana, 30 hits) to act first.
func mage(t *testing.T, f interface {
	Must(engine.Command, ...int) []engine.Event
}) {
	t.Helper()
	cr, _ := shipped(t).Creature("pathmaster", "caster")
	init := 27
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
}

// A Move leaves no Step (l.544): the Move spends the round's Step, and a
// Step within another maneuver is refused after it.
// ledger: pathmaster/move-no-step
func TestMoveLeavesNoStep(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "step"})
	if c := f.Get("Gavvin"); c.Pools["step"] != 0 {
		t.Fatalf("the Move left the Step: %v", c.Pools)
	}
	f.Refuse(engine.Spend{Who: g, Action: "single_step"}, "5' Step")
}

// An absolute failure (0 or less) costs twice the spell's level
// (l.1315-1318): level 5 at once, 6 + 40 - 50 = -4, 10 Mana of 20.
// ledger: pathmaster/absolute-failure
func TestAbsoluteFailureCostsTwice(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Fire", Rank: 5})
	f.Must(engine.Cast{Who: m}, 6)
	if !strings.Contains(logText(f), "Absolute failure") || f.Get("Mage").Pools["mana"] != 10 {
		t.Errorf("an absolute failure: mana %d\n%s", f.Get("Mage").Pools["mana"], logText(f))
	}
}

// A spell given up before it is cast costs nothing (l.1432).
// ledger: pathmaster/spell-given-up
func TestSpellGivenUpCostsNothing(t *testing.T) {
	f, m := preparingSleep(t)
	f.Must(engine.DropSpell{Who: m})
	if c := f.Get("Mage"); c.Casting != nil || c.Pools["mana"] != 20 {
		t.Errorf("given up: casting %v, mana %d", c.Casting, c.Pools["mana"])
	}
}

// A caster stunned while concentrating who fails the Stunned Maneuver
// roll fails the spell (l.1427-1428): lost as its turn begins, and it
// cannot concentrate that turn.
// ledger: pathmaster/stunned-caster
func TestStunnedCasterLosesTheSpell(t *testing.T) {
	f, m := preparingSleep(t)
	f.Must(engine.Stun{Who: m, Level: "stunned", Rounds: 3})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage", 10)
	f.Refuse(engine.Spend{Who: m, Action: "concentrate"}, "Stunned")
	f.ToTurnOf("Orc 1")
	if c := f.Get("Mage"); c.Casting != nil {
		t.Errorf("the stunned caster kept its spell: %+v\n%s", c.Casting, logText(f))
	}
}

// With no Mana left the caster goes on casting from its hits, 1 for 1
// (l.1441-1444): level 5 casting level 9 at once (-100) on 97, 97, 90
// (the Mana bands aside), cast for 9 Mana; twice leaves 2, and the third takes
// those 2 and 7 hits.
// ledger: pathmaster/mana-from-hits
func TestManaFromHits(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m := f.ID("Mage")
	for range 3 {
		f.ToTurnOf("Orc 1")
		f.ToTurnOf("Mage")
		f.Must(engine.Cast{Who: m, Name: "Bolt", Rank: 9})
		f.Must(engine.Cast{Who: m}, 97, 97, 90)
	}
	if c := f.Get("Mage"); c.Pools["mana"] != 0 || c.HP != 23 {
		t.Errorf("mana %d, hits %d\n%s", c.Pools["mana"], c.HP, logText(f))
	}
}

// Panicked takes 20 off every Resistance Roll (l.955), and the
// conditions' maneuver penalties reach the Pain Resistance roll like any
// other skill roll (l.1038): Shaken -10 on it.
// ledger: pathmaster/panicked-penalty pathmaster/pain-resistance-other-penalties
func TestFearReachesResistanceAndPainRolls(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o, Condition: "panicked"})
	f.Must(engine.Resist{Who: o, Against: "a fear spell", AttackLevel: 3, DefenceLevel: 1}, 50)
	if line := f.LastLog("Resistance Roll"); !strings.Contains(line, "Panicked -20") {
		t.Errorf("the panicked orc's Resistance Roll: %q", line)
	}
	f.Must(engine.TakeCondition{Who: o, Condition: "panicked"})
	f.Must(engine.GiveCondition{Who: o, Condition: "shaken"})
	f.Must(engine.Stun{Who: o, Level: "stunned", Rounds: 2})
	f.ToTurnOf("Orc 1", 50)
	if line := f.LastLog("Orc 1 stun recovery"); !strings.Contains(line, "Shaken -10") {
		t.Errorf("the shaken orc's Pain Resistance: %q", line)
	}
}

// Knocked out by penalties of -100, one falls prone and comes to once
// they are above -100 again (l.1171-1173), still prone until it gets up.
// ledger: pathmaster/waking-from-penalties
func TestWakingFromPenalties(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Injure{Who: o, Penalty: -100, Text: "crushed chest"})
	if c := f.Get("Orc 1"); !c.Has("unconscious") || !c.Has("prone") {
		t.Fatalf("at -100: %v", c.Conditions)
	}
	f.Must(engine.HealInjury{Who: o, Injury: 0})
	if c := f.Get("Orc 1"); c.Has("unconscious") || !c.Has("prone") {
		t.Errorf("above -100 again: %v", c.Conditions)
	}
}

// A spell maintained lasts while the caster is active and conscious
// (l.668-671): knocked out, the caster loses it; stopped, it is gone.
// Crouching is kept until one rises (free, at any time) or falls prone
// (l.657-660).
// ledger: pathmaster/maintain-spell pathmaster/crouch
func TestMaintainedSpellAndCrouch(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Spend{Who: m, Action: "maintain_spell"})
	if !f.Get("Mage").Has("maintaining") {
		t.Fatal("no spell maintained")
	}
	f.Must(engine.Damage{Who: m, Amount: 30})
	if c := f.Get("Mage"); !c.Has("unconscious") || c.Has("maintaining") {
		t.Errorf("knocked out: %v", c.Conditions)
	}
	if !strings.Contains(logText(f), "Mage is no longer Maintaining (unconscious)") {
		t.Errorf("the log does not say why:\n%s", logText(f))
	}
	g := f.ID("Gavvin")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "crouch"})
	f.Must(engine.Spend{Who: g, Action: "maintain_spell"})
	f.Must(engine.Spend{Who: g, Action: "stop_maintaining"})
	if c := f.Get("Gavvin"); c.Has("maintaining") || !c.Has("crouching") {
		t.Errorf("stopped and crouched: %v", c.Conditions)
	}
	f.Must(engine.Spend{Who: g, Action: "rise"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "crouch"})
	f.Must(engine.Spend{Who: g, Action: "fall_prone"})
	if c := f.Get("Gavvin"); c.Has("crouching") || !c.Has("prone") {
		t.Errorf("prone from a crouch: %v", c.Conditions)
	}
}

// A paralyzed character may still take purely mental actions (l.961-962):
// it has its turn, may concentrate, and may not attack or move.
// ledger: pathmaster/paralyzed-mental-actions
func TestParalyzedMayThink(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "paralyzed"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if f.Actor() != "Gavvin" {
		t.Fatal("the paralyzed have no turn")
	}
	f.Must(engine.Spend{Who: g, Action: "concentrate"})
	f.Refuse(engine.Spend{Who: g, Action: "melee_attack"}, "Paralyzed")
	f.Refuse(engine.Spend{Who: g, Action: "step"}, "Paralyzed")
}

// A weapon's Strength check after doubles (l.352-359): d100oe + the
// strength typed against 101, a wooden weapon against an edged one -25.
// ledger: pathmaster/weapon-breakage
func TestWeaponBreakage(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.RollCheck{Who: g, Check: "breakage", Expr: "30", Modifiers: []string{"wooden"}}, 80)
	if line := f.LastLog("Gavvin: Weapon strength"); !strings.Contains(line, "= 85 vs 101 or more: The weapon breaks") {
		t.Errorf("the wooden club: %q", line)
	}
	f.Must(engine.RollCheck{Who: g, Check: "breakage", Expr: "30"}, 80)
	if line := f.LastLog("Gavvin: Weapon strength"); !strings.Contains(line, "The weapon holds") {
		t.Errorf("the sword: %q", line)
	}
}

// The Mana bands on a small pool (l.1438-1439): -10 at 75%, -20 at 50%,
// -30 at 25%, -40 at 0%. On 3 Mana, 0 is the 0% band, not the 25% one that
// rounds to the same point; on 2, 1 Mana is the 50% band, not the 75%.
// ledger: pathmaster/mana-bands
func TestManaBandsOnASmallPool(t *testing.T) {
	for _, c := range []struct{ pp, spend, want int }{{1, 1, -40}, {3, 3, -40}, {2, 1, -20}, {20, 20, -40}, {4, 4, -40}} {
		f, rs := pm(t)
		cr, _ := shipped(t).Creature("pathmaster", "caster")
		st := maps.Clone(cr.Stats)
		st["PP"] = c.pp
		init := 27
		f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: st, Init: &init}}})
		m := f.ID("Mage")
		f.ToTurnOf("Mage")
		f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: c.spend}, 99, 50)
		if mg := f.Get("Mage"); engine.Penalty(rs, mg) != c.want {
			t.Errorf("PP %d at %d Mana: %d, want %d (%s)", c.pp, mg.Pools["mana"], engine.Penalty(rs, mg), c.want, engine.InjuryBand(rs, mg))
		}
	}
}

// An instantaneous spell spoils a spell under way however it is cast
// (l.705-709): its action spent with m, on another's turn, spoils the
// preparation as C does; spoiled before its casting action, it costs
// nothing (l.1432).
// ledger: pathmaster/instantaneous-spell
func TestInstantFromTheActionListSpoilsThePreparation(t *testing.T) {
	f, m := preparingSleep(t)
	f.ToTurnOf("Orc 1")
	mana := f.Get("Mage").Pools["mana"]
	f.Must(engine.Spend{Who: m, Action: "instant_spell"})
	if c := f.Get("Mage"); c.Casting != nil || c.Pools["mana"] != mana ||
		f.LastLog("is spoiled") != "Mage's Sleep is spoiled by an instantaneous spell" {
		t.Errorf("the instant spell from m: casting %+v, mana %d of %d\n%s", c.Casting, c.Pools["mana"], mana, logText(f))
	}
}

// preparingSleep is the demo with a Mage who, on its turn, has begun Sleep
// (level 3) and concentrated on it.
func preparingSleep(t *testing.T) (*enginetest.Fight, int) {
	t.Helper()
	f, _ := pm(t)
	mage(t, f)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	return f, m
}
