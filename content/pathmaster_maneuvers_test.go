package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// An Acrobatics Tumble after a Run (-20 by itself, l.315-317): 97 + 40 open-ended
// less 20 is 117, made; an Opportunity Attack on the runner then meets
// +40 dodge; through a Move it is +20 (l.542-543). A runner cannot parry
// (l.318).
// ledger: pathmaster/run-tumble-and-defences pathmaster/move-tumble
func TestTumbleAgainstOpportunityAttacks(t *testing.T) {
	f, rs := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "run"})
	f.Must(engine.RollCheck{Who: g, Check: "tumble"}, 97, 40)
	if line := f.LastLog("Gavvin: Acrobatics Tumble"); !strings.Contains(line, "= 117 vs 101 or more: Tumbled") {
		t.Errorf("the tumble: %q", line)
	}
	if v := engine.StatNow(rs, f.Get("Gavvin"), "PARRY"); v != 0 {
		t.Errorf("a runner parries %d", v)
	}
	f.Must(engine.Spend{Who: o, Action: "opportunity_attack"})
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"tumbled_run"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 - 40 = 35") {
		t.Errorf("the opportunity attack on the tumbler: %q", line)
	}
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "attack", Target: g, Modifiers: []string{"tumbled_move"}}, 50)
	if line := f.LastLog("Orc 2: Melee attack"); !strings.Contains(line, "75 - 20 = 55") {
		t.Errorf("through a Move: %q", line)
	}
}

// A Quickdraw made turns loading a bow into a Free action (l.599-604);
// drawing a weapon with 3 ranks is a Free action within a Move
// (l.591-594), the parry as normal (l.596).
// ledger: pathmaster/load-bow pathmaster/ready-quick
func TestQuickdrawAndQuickReady(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	// Only a Quickdraw made makes the load a Free action: failed, refused.
	f.Must(engine.RollCheck{Who: g, Check: "quickdraw"}, 10)
	f.Refuse(engine.Spend{Who: g, Action: "load_bow_quick"}, "Gavvin holds none of Quickdraw made")
	f.Must(engine.RollCheck{Who: g, Check: "quickdraw"}, 97, 20)
	if line := f.LastLog("Gavvin: Quickdraw"); !strings.Contains(line, "Quick: the load is a Free action") {
		t.Errorf("the quickdraw: %q", line)
	}
	f.Must(engine.Spend{Who: g, Action: "load_bow_quick"})
	f.Refuse(engine.Spend{Who: g, Action: "load_bow_quick"}, "holds none of Quickdraw made") // one load a Quickdraw
	f.Must(engine.Spend{Who: g, Action: "ready_quick"})
	c := f.Get("Gavvin")
	if c.Pools["move"] != 1 || c.Pools["attack"] != 1 || c.Pools["free"] != 0 {
		t.Errorf("two Free actions: %v", c.Pools)
	}
	f.Must(engine.Allot{Who: g, Parry: 40})
	if v := engine.StatNow(rs, f.Get("Gavvin"), "PARRY"); v != 0 {
		t.Errorf("loading a bow leaves a parry of %d", v)
	}
}

// Diving for cover (l.735-738) and Dodge and Drop (l.740-743) leave the
// diver prone; the ranged roll takes the dive's +20, and an area centred
// on a foe +30 (l.1397-1398).
// ledger: pathmaster/dive-for-cover pathmaster/dodge-and-drop
func TestDivingLeavesProne(t *testing.T) {
	for _, a := range []string{"dive_for_cover", "dodge_and_drop", "sacrificial_dodge_drop"} {
		f, _ := pm(t)
		f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: a, At: atFoe(f, a)})
		if !f.Get("Gavvin").Has("prone") {
			t.Errorf("%s: not prone", a)
		}
	}
	f, _ := pm(t)
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "ranged", Target: f.ID("Gavvin"), Modifiers: []string{"dived", "centre"}}, 50)
	if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, "75 + 10 = 85") {
		t.Errorf("the dive and the centre: %q", line)
	}
}

// A Sacrificial Dodge (l.746-759): the attack is rolled at the dodger with
// its dodge as a bonus, not a penalty, and no parry; a Sacrificial Dodge
// and Drop takes +30 centre and +20 sacrifice (l.760-764).
// ledger: pathmaster/sacrificial-dodge pathmaster/sacrificial-dodge-and-drop
func TestSacrificialDodge(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "sacrificial_dodge"})
	if v := engine.StatNow(rs, f.Get("Gavvin"), "PARRY"); v != 0 {
		t.Errorf("a sacrificial dodger parries %d", v)
	}
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g, Modifiers: []string{"sacrificial"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 + 30 = 105") {
		t.Errorf("the attack at the dodger: %q", line)
	}
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: g, Modifiers: []string{"centre", "sacrifice"}}, 50)
	if line := f.LastLog("Orc 2: Ranged attack"); !strings.Contains(line, "75 + 50 = 125") {
		t.Errorf("the dodge and drop on the blast: %q", line)
	}
}

// A melee touch (l.375-384): 1d100 + 3 x QU - 3 x the target's QU against
// 50: Gavvin (QU 10) touches an orc (QU 5) on 40: 40 + 30 - 15 = 55.
// ledger: pathmaster/touch-attacks
func TestTouchAttack(t *testing.T) {
	f, _ := pm(t)
	f.Must(engine.RollCheck{Who: f.ID("Gavvin"), Check: "touch", Target: f.ID("Orc 1")}, 40)
	if line := f.LastLog("Gavvin: Touch attack"); !strings.Contains(line, "= 55 vs 50 or more: Touched") {
		t.Errorf("the touch: %q", line)
	}
	f.Must(engine.RollCheck{Who: f.ID("Gavvin"), Check: "touch", Target: f.ID("Orc 1")}, 30)
	if line := f.LastLog("Gavvin: Touch attack"); !strings.Contains(line, "Not touched") {
		t.Errorf("the miss: %q", line)
	}
}

// The spells' attack rolls (l.1373-1424): a Directed Spell is a ranged
// attack with the Directed Spells skill, failing on an unmodified 01-02;
// an area spell a closed d100 with no skill and +30 at its centre, 01-04
// failing it on the first target; a Base Attack spell a closed d100 for
// the Resistance Roll modifier, failing on 01-02.
// ledger: pathmaster/directed-spells pathmaster/area-spells pathmaster/base-attack-spells pathmaster/spell-effects
func TestSpellAttackRolls(t *testing.T) {
	f, _ := pm(t)
	mage(t, f)
	m, g := f.ID("Mage"), f.ID("Gavvin")
	f.Must(engine.RollCheck{Who: m, Check: "directed", Target: g}, 60)
	if line := f.LastLog("Mage: Directed spell"); !strings.Contains(line, "[60] + 0 - 15 = 45 vs 1 or more: Read the directed spell's attack table") {
		t.Errorf("the bolt: %q", line)
	}
	f.Must(engine.RollCheck{Who: m, Check: "directed", Target: g}, 2, 40)
	if line := f.LastLog("Mage: Directed spell"); !strings.Contains(line, "Winds of Magic: the spell fails") {
		t.Errorf("the bolt on a 2: %q", line)
	}
	f.Must(engine.RollCheck{Who: m, Check: "ball", Target: g, Modifiers: []string{"centre", "dived"}}, 50)
	if line := f.LastLog("Mage: Area spell"); !strings.Contains(line, "[50] = 50 + 10 = 60 vs 1 or more: Read the Elemental Ball table") {
		t.Errorf("the ball: %q", line)
	}
	f.Must(engine.RollCheck{Who: m, Check: "ball", Target: g}, 4)
	if line := f.LastLog("Mage: Area spell"); !strings.Contains(line, "Winds of Magic, if the first target") {
		t.Errorf("the ball on a 4: %q", line)
	}
	f.Must(engine.RollCheck{Who: m, Check: "base_spell"}, 2)
	if line := f.LastLog("Mage: Base attack spell"); !strings.Contains(line, "Winds of Magic") {
		t.Errorf("the base attack on a 2: %q", line)
	}
}

// Crouch comes "at the beginning of your turn" (l.657): first in one's own
// turn, not after another action, nor on another's turn; rising from it is
// free at any time (l.659-660).
// ledger: pathmaster/crouch
func TestCrouchOnlyAtTheStartOfOwnTurn(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Refuse(engine.Spend{Who: g, Action: "crouch"}, "only at the start of its own turn")
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.Spend{Who: g, Action: "crouch"}, "only at the start of its own turn")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "crouch"})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "rise"})
}

// The postures (l.568-576): sitting, kneeling, crawling and lying face up
// are kept as conditions (c), one at a time; no Retreat while sitting or
// kneeling (l.732); Change Posture ends each (getting up).
// ledger: pathmaster/change-posture pathmaster/retreat
func TestPosturesAndRetreat(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.ToTurnOf("Orc 1")
	for _, p := range []string{"sitting", "kneeling"} {
		f.Must(engine.GiveCondition{Who: g, Condition: p})
		f.Refuse(engine.Spend{Who: g, Action: "retreat", At: f.ID("Orc 1")}, "no Retreat")
	}
	if c := f.Get("Gavvin"); c.Has("sitting") || !c.Has("kneeling") {
		t.Errorf("kneeling did not end sitting: %v", c.Conditions)
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "lying_face_up"})
	f.Must(engine.Spend{Who: g, Action: "retreat", At: f.ID("Orc 1")}) // lying down, by rolling
	f.ToTurnOf("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "crawling"})
	f.Must(engine.Spend{Who: g, Action: "change_posture"})
	for _, p := range []string{"sitting", "kneeling", "crawling", "lying_face_up", "prone"} {
		if f.Get("Gavvin").Has(p) {
			t.Errorf("Change Posture left Gavvin %s", p)
		}
	}
}
