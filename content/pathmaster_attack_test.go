package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The attack roll's modifiers, each the book's number: Charge +20 within
// one Move and +30 within two (l.278-280), All-Out Attack +30 (l.501), the
// foe's lowered defences in an All-Out Attack (l.501-503) or charging
// (l.281-282). The multi-strike's and the
// off-hand's are the strikes' (pathmaster_strikes_test.go); All-Out
// Defense's are its actions' (pathmaster_defences_test.go); a retreat's
// +20 is the Retreat's (pathmaster_retreat_test.go); the opportunity
// attack's on a charger is TestChargingFoeBonusOnlyOnAnOpportunityAttack.
// ledger: pathmaster/attack-roll pathmaster/charge pathmaster/all-out-attack
func TestAttackRollModifiers(t *testing.T) {
	for _, c := range []struct {
		mods []string
		want string
	}{
		{nil, "[50] + 40 - 15 = 75 vs 1 or more: Read the attack table"},
		{[]string{"charge_one"}, "(Charge: reached within one Move (+20) +20): d100oe + OB - target_DB: [50] + 40 - 15 = 75 + 20 = 95"},
		{[]string{"charge_two"}, "[50] + 40 - 15 = 75 + 30 = 105"},
		{[]string{"all_out"}, "[50] + 40 - 15 = 75 + 30 = 105"},
	} {
		f, _ := pm(t)
		f.ToTurnOf("Orc 1")
		f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: f.ID("Gavvin"), Modifiers: c.mods}, 50)
		if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, c.want) {
			t.Errorf("%v:\n got %q\nwant %q", c.mods, line, c.want)
		}
	}
}

// An unmodified 01-02 fumbles whatever the total (l.349-351): Gavvin's
// +80 against an orc's 10 fumbles on a 2 (open-ended down: 2 - 30), and
// reads the table on a 6.
// ledger: pathmaster/fumble-range pathmaster/attack-resolution
func TestAttackFumblesOnLowFaces(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 2, 30)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.HasSuffix(line, "= 42 vs 1 or more: Fumble") {
		t.Errorf("a 2: %q", line)
	}
	f.Undo() // the same attack rolled again
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 6)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.HasSuffix(line, "[6] + 80 - 10 = 76 vs 1 or more: Read the attack table") {
		t.Errorf("a 3: %q", line)
	}
}

// The ranged roll takes the shield but no parry (l.1096): an archer's +55
// against Gavvin behind his shield, dodging and dropping (+20, l.740) at
// the archer (the aims' bonus is counted: TestAimBonusReachesTheShot).
// ledger: pathmaster/ranged-attack-roll pathmaster/dodge-and-drop
func TestRangedAttackRoll(t *testing.T) {
	lib := shipped(t)
	f, _ := pm(t)
	a, _ := lib.Creature("pathmaster", "archer")
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Archer", Template: "archer", HP: a.HP, Stats: a.Stats}}}, 5, 5)
	f.Must(engine.RollCheck{Who: f.ID("Archer"), Check: "ranged", Target: f.ID("Gavvin"), Modifiers: []string{"shield"}, Expr: "15"}, 40)
	if line := f.LastLog("Archer: Ranged attack"); !strings.Contains(line, "[40] + 55 - 15 = 80 - 5 = 75") {
		t.Errorf("the archer's shot at the shield: %q", line)
	}
	f.Undo()
	// On the ground the shield is no help (l.742-743).
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "dodge_and_drop", At: f.ID("Archer")})
	f.Refuse(engine.RollCheck{Who: f.ID("Archer"), Check: "ranged", Target: f.ID("Gavvin"), Modifiers: []string{"shield"}}, "no shield now")
	f.Must(engine.RollCheck{Who: f.ID("Archer"), Check: "ranged", Target: f.ID("Gavvin"), Expr: "15"}, 40)
	if line := f.LastLog("Archer: Ranged attack"); !strings.Contains(line, "[40] + 55 - 15 = 80 - 5 = 75") {
		t.Errorf("the archer's shot at the drop: %q", line)
	}
}

// The Feint maneuver: the full weapon skill against 101; made, the foe's
// Resistance Roll follows (Gavvin's 8 ranks against an orc of level 1:
// 85). A Feint is no attack (l.507-508): it leaves no aim spent on one.
// ledger: pathmaster/feint
func TestFeintManeuver(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o}, 30)
	if line := f.LastLog("Gavvin: Feint"); !strings.HasSuffix(line, "[30] + 80 = 110 vs 101 or more: Feinted: the foe makes a Resistance Roll") {
		t.Errorf("the feint: %q", line)
	}
	f.Must(engine.Resist{Who: o, Against: "Gavvin's feint", AttackLevel: 8, DefenceLevel: 1}, 40)
	if line := f.LastLog("Resistance Roll"); !strings.Contains(line, "target 85") || !strings.Contains(line, "failure by 45") {
		t.Errorf("the foe's Resistance Roll: %q", line)
	}
	if strings.Contains(logText(f), "attacks after") {
		t.Error("a Feint counted as an attack")
	}
}

// A Feint's penalty reaches the feinter's next single attack on the foe,
// in its next turn, and nobody else's (l.513-515, 524-528): refused with no
// Feint made, by an ally, at another foe, a second time, and once the
// feinter's next turn is over. Shield gone (l.516) or Dodge -20 (l.517), one
// of them (l.515).
// ledger: pathmaster/feint
func TestFeintReachesTheNextAttackAlone(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	feint := func(on int, mods ...string) engine.RollCheck {
		return engine.RollCheck{Who: g, Check: "attack", Target: on, Modifiers: mods}
	}
	f.Refuse(feint(o1, "feint_dodge"), "Feinted the foe's position (-20 dodge) needs Gavvin Feinting at Orc 1")
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 30)
	f.ToTurnOf("Orc 2")
	f.Refuse(engine.RollCheck{Who: o2, Check: "attack", Target: o1, Modifiers: []string{"feint_dodge"}}, "needs Orc 2 Feinting at Orc 1")
	f.ToTurnOf("Gavvin")
	f.Refuse(feint(o2, "feint_dodge"), "needs Gavvin Feinting at Orc 2")
	f.Refuse(feint(o1, "feint_dodge", "feint_shield"), "cannot be picked with")
	f.Must(feint(o1, "feint_dodge"), 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 80 - 10 = 120 + 20 = 140") {
		t.Errorf("the feinted attack: %q", line)
	}
	if f.Get("Gavvin").Has("feinting") {
		t.Errorf("the feinted attack left Gavvin Feinting for another")
	}

	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 30)
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Must(feint(o1, "shield", "feint_shield"), 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 80 - 10 = 120 + 0 = 120 vs") {
		t.Errorf("the feinted shield: %q", line)
	}

	// Made and not used on the next turn, it is gone after it.
	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 30)
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Refuse(feint(o1, "feint_dodge"), "needs Gavvin Feinting at Orc 1")

	// Seen through: nothing to spend.
	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o1}, 10)
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Refuse(feint(o1, "feint_dodge"), "needs Gavvin Feinting at Orc 1")
}

// Autofire's bonuses on the ranged roll (l.452-493): a short burst wide
// +20, a long burst concentrated +20 or wide +40, full auto concentrated
// +30 or wide +60; a concentrated short burst and a firehose add nothing.
// A braced crossbow's +10 Accuracy (l.551) is offered beside them, after an Aim.
// ledger: pathmaster/autofire-bursts pathmaster/full-auto pathmaster/aim-brace
// Each burst's bonus is picked on its own burst's roll (the burst spent
// by it: TestBurstBonusIsTheBurstsAttack).
func TestAutofireBonuses(t *testing.T) {
	for mod, want := range map[string]string{
		"short_wide": "+ 20 = 145", "long_concentrated": "+ 20 = 145", "long_wide": "+ 40 = 165",
		"auto_concentrated": "+ 30 = 155", "auto_wide": "+ 60 = 185", "braced": "+ 10 = 135",
	} {
		f, b, o := fighter(t, map[string]int{"SHOTS": 20})
		if mod == "braced" {
			// Bracing goes with an Aim's Accuracy (l.551-553).
			f.Must(engine.Spend{Who: b, Action: "aim", At: o})
		}
		f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: o, Modifiers: []string{mod}}, 55)
		if line := f.LastLog("Blade: Ranged attack"); !strings.Contains(line, "[55] + 80 - 10 = 125 "+want) {
			t.Errorf("%s: %q", mod, line)
		}
	}
}

// The conditions' attack penalties reach the attack roll: Dazzled -20 OB
// (l.880), Entangled -20 OB and no Dodge against it (l.892), Frightened
// -20 (l.927), Shaken -10 (l.976), Sickened -10 (l.979), a prone attacker
// -20 in melee (l.972); no Dodge against the Cowering (l.864) or the
// Helpless, +50 in melee and +30 at range against the Helpless (l.934-935;
// their shield is not picked).
// ledger: pathmaster/cowering pathmaster/helpless pathmaster/dazzled pathmaster/entangled-ob-and-dodge pathmaster/frightened
// ledger: pathmaster/shaken pathmaster/sickened pathmaster/prone-attacker
func TestConditionsOnTheAttackRoll(t *testing.T) {
	for _, c := range []struct {
		on, cond, check, want string
	}{
		{"Orc 1", "dazzled", "attack", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"Orc 1", "dazzled", "ranged", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"Orc 1", "entangled", "attack", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"Gavvin", "entangled", "attack", "[50] + 40 - 15 = 75 + 15 = 90"},
		{"Orc 1", "frightened", "attack", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"Orc 1", "shaken", "attack", "[50] + 40 - 15 = 75 - 10 = 65"},
		{"Orc 1", "sickened", "ranged", "[50] + 40 - 15 = 75 - 10 = 65"},
		{"Orc 1", "prone", "attack", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"Orc 1", "prone", "ranged", "[50] + 40 - 15 = 75 vs"},
		{"Gavvin", "cowering", "attack", "[50] + 40 - 15 = 75 + 15 = 90"},
		{"Gavvin", "helpless", "attack", "[50] + 40 - 15 = 75 + 65 = 140"},
		{"Gavvin", "helpless", "ranged", "[50] + 40 - 15 = 75 + 45 = 120"},
	} {
		f, _ := pm(t)
		f.Must(engine.GiveCondition{Who: f.ID(c.on), Condition: c.cond})
		f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: c.check, Target: f.ID("Gavvin")}, 50)
		if line := f.LastLog("Orc 1: "); !strings.Contains(line, c.want) {
			t.Errorf("%s %s, %s: %q", c.on, c.cond, c.check, line)
		}
	}
}

// A charger may use no Shield and no Parry against Opportunity Attacks
// (l.281-283): the opportunity attack on it cannot be picked with the
// foe's shield or parry, and the refusal says why.
// ledger: pathmaster/charge
func TestChargingFoeHasNoShieldOrParry(t *testing.T) {
	for _, with := range []string{"shield", "parry"} {
		f, _ := pm(t)
		f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "charge"})
		f.Refuse(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: f.ID("Gavvin"), Modifiers: []string{"foe_charging", with}},
			"cannot be picked with")
	}
}

// Prone's bonuses are its Dodge's (+20 at range, -20 in melee, l.971-974):
// one who has no Dodge (the helpless, l.933-935; the cowering, l.864)
// gives attackers only what its own state gives: an unconscious orc on
// the ground is +50 to a melee attack and +30 to a ranged one (its dodge
// of 10 not taken off either), not +70 and +10; cowering prone, the
// attack does not take its dodge off and gains nothing from Prone.
// ledger: pathmaster/prone-defender pathmaster/helpless pathmaster/cowering
func TestNoDodgeNoProneBonus(t *testing.T) {
	for _, c := range []struct {
		cond, check, want string
	}{
		{"unconscious", "attack", "[50] + 40 - 10 = 80 + 60 = 140"},
		{"unconscious", "ranged", "[50] + 40 - 10 = 80 + 40 = 120"},
		{"cowering", "attack", "[50] + 40 - 10 = 80 + 10 = 90"},
		{"cowering", "ranged", "[50] + 40 - 10 = 80 + 10 = 90"},
	} {
		f, _ := pm(t)
		o1, o2 := f.ID("Orc 1"), f.ID("Orc 2")
		f.Must(engine.GiveCondition{Who: o2, Condition: c.cond})
		f.Must(engine.GiveCondition{Who: o2, Condition: "prone"})
		f.Must(engine.RollCheck{Who: o1, Check: c.check, Target: o2}, 50)
		if line := f.LastLog("Orc 1: "); !strings.Contains(line, c.want) || strings.Contains(line, "Prone") {
			t.Errorf("%s and prone, %s:\n got %q\nwant %q and nothing from Prone", c.cond, c.check, line, c.want)
		}
	}
}
