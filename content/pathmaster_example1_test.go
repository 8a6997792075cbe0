package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Example 1 (l.1130-1147), as the book plays it: Gavvin (skill +80, shield
// +20, dodge +15) against three orcs (+40, dodge +10) already at his front.
// The dice are the book's silence: it says only that Gavvin misses, so his
// roll is a low one; the orcs' rolls are the table's to read.
// ledger: pathmaster/example-1 pathmaster/attack-roll pathmaster/attack-parry
// ledger: pathmaster/defence-parts pathmaster/shield-once-a-turn pathmaster/retreat pathmaster/parry-allocation
func TestExample1GavvinAndThreeOrcs(t *testing.T) {
	f, _ := pm(t)
	g, centre, second, third := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	wantLine := func(who, want string) {
		t.Helper()
		if line := f.LastLog(who + ": Melee attack"); !strings.Contains(line, want) {
			t.Errorf("%s's attack:\n got %q\nwant %q", who, line, want)
		}
	}
	// Gavvin stands his ground: Evaluate against the orc on his left, then
	// a simple Attack, +40 allocated to parry: +50 (+80 +10 -40) less the
	// orc's dodge. He keeps his Step. His strike is bad: 12 comes to 52.
	f.Must(engine.Spend{Who: g, Action: "evaluate", At: second})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: second}, 12)
	wantLine("Gavvin", "against Orc 2 (Evaluating +10, parry allotted: OB -40): d100oe + OB - target_DB: [12] + 40 - 10 = 42 + 10 = 52")
	if c := f.Get("Gavvin"); c.Pools["step"] != 1 {
		t.Fatalf("Gavvin's Step was not kept: %v", c.Pools)
	}
	// The centre orc evaluates and attacks at +50 with no parry; Gavvin
	// takes the blow on his shield: DB +35 (+15 dodge +20 shield).
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: centre, Action: "evaluate", At: g})
	f.Must(engine.Spend{Who: centre, Action: "melee_attack"})
	f.Must(engine.RollCheck{Who: centre, Check: "attack", Target: g, Modifiers: []string{"shield"}}, 60)
	wantLine("Orc 1", "against Gavvin (Foe uses its shield -20, Evaluating +10): d100oe + OB - target_DB: [60] + 40 - 15 = 85 - 10 = 75")
	// The shield is spent until Gavvin's next turn.
	f.ToTurnOf("Orc 2")
	f.Must(engine.Spend{Who: second, Action: "evaluate", At: g})
	f.Must(engine.Spend{Who: second, Action: "melee_attack"})
	f.Refuse(engine.RollCheck{Who: second, Check: "attack", Target: g, Modifiers: []string{"shield"}},
		"Foe uses its shield against one attacker between Gavvin's turns, and it was used against Orc 1")
	// So he parries the second orc with the 40 he allotted, kept from his
	// turn: DB +55 (+15 +40).
	f.Must(engine.RollCheck{Who: second, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 60)
	wantLine("Orc 2", "against Gavvin (Foe parries (its parry at this foe's share since its turn) -40, Evaluating +10): "+
		"d100oe + OB - target_DB: [60] + 40 - 15 = 85 - 30 = 55")
	// The third orc steps to Gavvin's flank (+20 to all the orcs from now),
	// evaluates and attacks at +50; Gavvin interrupts with a Retreat on his
	// Step, which breaks the flank: DB +55 (+15 +20 retreat +40/2 parry).
	f.ToTurnOf("Orc 3")
	f.Must(engine.Spend{Who: third, Action: "single_step"})
	f.Must(engine.GiveCondition{Who: g, Condition: "flanked"})
	f.Must(engine.Spend{Who: third, Action: "evaluate", At: g})
	f.Must(engine.Spend{Who: third, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "retreat", At: third})
	f.Must(engine.TakeCondition{Who: g, Condition: "flanked"})
	f.Must(engine.RollCheck{Who: third, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 60)
	wantLine("Orc 3", "(Foe parries (its parry at this foe's share since its turn) -20, "+
		"Evaluating +10, target Retreating -20): d100oe + OB - target_DB: [60] + 40 - 15 = 85 - 30 = 55")
	if !strings.Contains(logText(f), "Gavvin parries (second since its turn): at 50% of the parry bonus") {
		t.Errorf("the second parry is not halved:\n%s", logText(f))
	}
	if c := f.Get("Gavvin"); c.Pools["step"] != 0 || c.Pools["interrupt"] != 0 {
		t.Errorf("the Retreat did not take Gavvin's Step and Interrupt: %v", c.Pools)
	}
	// A Retreat wants the Step: none is left this round.
	f.Refuse(engine.Spend{Who: g, Action: "retreat", At: third}, "Retreat costs")
}
