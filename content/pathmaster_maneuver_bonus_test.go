package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// All-Out Attack's +30 is the maneuver's (l.499-504): taken with m, its
// roll has the +30 by itself (50 + 80 - 10 = 120 + 30); picked on a roll
// with no attack spent yet, the roll spends the All-Out Attack, and its
// lowered defences follow (no shield for Orc 1 to face); after another
// attack of the turn, or out of turn, it is refused.
// ledger: pathmaster/all-out-attack
func TestAllOutAttackBonusIsTheManeuvers(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 120 + 30 = 150") {
		t.Errorf("the All-Out Attack's own roll: %q, want its +30 by itself: 120 + 30 = 150", line)
	}

	f, _ = pm(t)
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"all_out"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 120 + 30 = 150") {
		t.Errorf("the roll picking All-Out Attack: %q, want 120 + 30 = 150 (once)", line)
	}
	if c := f.Get("Gavvin"); c.Stance != "all_out_attack" || c.Pools["attack"] != 0 {
		t.Errorf("the roll picking All-Out Attack spent %q (attack %d left), want the All-Out Attack", c.Stance, c.Pools["attack"])
	}
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "Gavvin has no shield now (Attack - All Out)")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"all_out"}}, "needs Gavvin to have taken Attack - All Out")

	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"all_out"}}, "needs Gavvin to have taken Attack - All Out")
}

// Charge's +20 or +30 is the Charge's (l.274-283): picked on a roll with
// no attack spent yet, the roll spends the Charge (its Move and Attack);
// after a plain attack it is refused; after a Charge taken with m, either
// is picked as far as the foe was.
// ledger: pathmaster/charge
func TestChargeBonusIsTheCharges(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"charge_two"}}, 50)
	if c := f.Get("Gavvin"); c.Pools["move"] != 0 || c.Pools["attack"] != 0 {
		t.Errorf("the roll picking a Charge's +30 left Move %d, Attack %d; want the Charge spent", c.Pools["move"], c.Pools["attack"])
	}
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 120 + 30 = 150") {
		t.Errorf("the Charge's roll: %q", line)
	}
	f.Refuse(engine.Spend{Who: g, Action: "retreat", At: o}, "no Retreat")

	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"charge_one"}}, "needs Gavvin to have taken Charge")

	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "charge"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"charge_one"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "= 120 + 20 = 140") {
		t.Errorf("the Charge's roll within one Move: %q", line)
	}
}

// A later action of the turn never lifts a limit an earlier one set
// (l.500-504): after an All-Out Attack and then an Evaluate, Gavvin still
// has dodge -30, no shield and no parry until his next turn.
// ledger: pathmaster/all-out-attack pathmaster/continuing-defences
func TestAllOutAttackThenMoveKeepsDefencesDown(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	f.Must(engine.Spend{Who: g, Action: "evaluate", At: o})
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "Gavvin has no shield now (Attack - All Out)")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"parry"}}, "Gavvin cannot parry now (Attack - All Out)")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "DB -30") || !strings.Contains(line, "= 105") {
		t.Errorf("Gavvin's dodge after All-Out Attack and Evaluate: %q, want 50 + 40 - (15 - 30) = 105", line)
	}
	f.ToTurnOf("Gavvin")
	if v := engine.StatNow(f.Rules, f.Get("Gavvin"), "DB"); v != 15 {
		t.Errorf("Gavvin's dodge at his next turn: %d, want 15", v)
	}
}

// Increased Dodge adds the dodge once more and never lowers it (l.262):
// Gavvin at 32 of 72 hits has DB 15 - 20 = -5; in All-Out Defense the DB
// as typed is added again, 15: the orc's 50 + 40 - 10 = 80, below the 95
// it rolls at him without it. Doubling his injured dodge helped the orc.
// ledger: pathmaster/all-out-defense
func TestIncreasedDodgeNeverHelpsTheAttacker(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Damage{Who: g, Amount: 40})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	plain := f.LastLog("Orc 1: Melee attack")
	f, _ = pm(t)
	f.Must(engine.Damage{Who: g, Amount: 40})
	f.Must(engine.Spend{Who: g, Action: "all_out_defense"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	aod := f.LastLog("Orc 1: Melee attack")
	if !strings.Contains(plain, "= 95") || !strings.Contains(aod, "= 80") {
		t.Errorf("the orc's roll at injured Gavvin: %q, and in Increased Dodge %q; want 95 and 80", plain, aod)
	}
}
