package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// States that mean what they say, each in its ruleset's own terms: a
// condition's penalty reaches the rolls it names, what a state forbids is
// refused on every path, a condition given again keeps the longer, an
// effect lasts as long as its cause, and a lost action is taken.

// Pain Resistance is a maneuver (pathmaster.txt l.1022), and Shaken's -10
// reaches maneuvers (l.976) and "all other penalties apply" (l.1038): a
// Shaken orc, stunned, rolls 50 + PR 20 - 10 = 60.
// ledger: pathmaster/shaken pathmaster/pain-resistance-penalties
func TestPathmasterShakenReachesPainResistance(t *testing.T) {
	f, _ := pm(t)
	orc := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: orc, Condition: "shaken"})
	f.Must(engine.Stun{Who: orc, Level: "stunned", Rounds: 2})
	f.ToTurnOf("Orc 1", 50)
	if got := f.LastLog("Orc 1 stun recovery"); !strings.Contains(got, "d100oe + PR: [50] + 20 = 70, +0 for 1 round of stun, Shaken -10: 60 against 81 to ease it a level, 101 to shrug it off: stays stunned") {
		t.Errorf("the recovery: %q\n%s", got, logText(f))
	}
}

// A Sickened soldier's Perception against surprise takes the -10 (l.979,
// l.1047: "including all normal modifiers"): 80 + PE 25 - 10 = 95, under
// 101, and it stays surprised.
// ledger: pathmaster/sickened
func TestPathmasterSickenedPerception(t *testing.T) {
	f, _ := pm(t)
	orc := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: orc, Condition: "sickened"})
	f.Must(engine.GiveCondition{Who: orc, Condition: "surprised"})
	f.ToTurnOf("Orc 1", 80)
	if !f.Get("Orc 1").Has("surprised") {
		t.Errorf("a Sickened orc's 105 before its -10 ended surprise:\n%s", logText(f))
	}
	if got := f.LastLog("Orc 1 Surprised check"); !strings.Contains(got, "Sickened -10") || !strings.Contains(got, ": 95") {
		t.Errorf("the Perception check: %q", got)
	}
}

// A War & Combat fighter stunned in the middle of a flurry spends no more
// of its actions (war-and-combat.txt l.377: stunned, no action), on the
// flurry's path as on the others, and the flurry's actions it had left are
// lost.
// ledger: war-and-combat/stun
func TestWarAndCombatStunnedMidFlurry(t *testing.T) {
	f := inFlurry(t)
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "action"})
	f.Must(engine.GiveCondition{Who: f.ID("Veteran"), Condition: "stunned", Rounds: 2})
	f.Refuse(engine.Flurry{Who: f.ID("Veteran"), Step: "action"}, "Veteran is Stunned: no turn: no actions in the flurry")
	if got := f.LastLog("Veteran can no longer act"); got == "" || f.Get("Veteran").Flurry.Left != 0 {
		t.Errorf("the stunned veteran keeps %d actions:\n%s", f.Get("Veteran").Flurry.Left, logText(f))
	}
}

// inFlurry is the four fighters at the flurry phase of round 1, the
// Veteran engaged with the Archer: Veteran 21 with 4 actions, Archer 7
// with 2 (as TestWarAndCombatTwoRounds).
func inFlurry(t *testing.T) *enginetest.Fight {
	t.Helper()
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{})
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	f.Must(engine.Next{})
	f.Must(engine.Next{})
	f.Must(engine.Next{}, 3, 3, 3, 1, 1, 1)
	if v := f.Get("Veteran").Flurry; v == nil || v.Left != 4 {
		t.Fatalf("not in the flurry: %+v\n%s", v, logText(f))
	}
	return f
}

// A failed Fumble? loses an action (l.379): one comes off the flurry's
// actions left, logged, and undo gives it back.
// ledger: war-and-combat/fumble-check war-and-combat/lost-actions
func TestWarAndCombatFumbleLosesAFlurryAction(t *testing.T) {
	f := inFlurry(t)
	before := f.Current().Clone()
	f.Must(engine.RollCheck{Who: f.ID("Veteran"), Check: "fumble"}, 1, 1, 1, 3)
	if left := f.Get("Veteran").Flurry.Left; left != 3 || !strings.Contains(logText(f), "Veteran loses an action from its flurry (3 left)") {
		t.Errorf("%d left after a failed Fumble?:\n%s", left, logText(f))
	}
	f.Undo()
	if !engine.Same(*f.Current(), before) {
		t.Error("undo does not give the action back")
	}
}

// Disabling wounds last as long as the wound (l.359-383): a critical chest
// wound leaves the fighter immobile (no step to a front hex) until it is
// struck off the record; a critical belly wound disables the legs the
// same way; a serious arm wound's arm stays impaired past the round's end.
// ledger: war-and-combat/wound-effects-table war-and-combat/disabled-movement
func TestWarAndCombatWoundEffectsFollowTheWound(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{})                              // movement
	recordWound(f, "Sergeant", "chest", "critical", 1) // stunned for 1 round (l.377), taken off here
	f.Must(engine.TakeCondition{Who: f.ID("Sergeant"), Condition: "stunned"})
	f.Refuse(engine.Spend{Who: f.ID("Sergeant"), Action: "step"}, "Sergeant is Immobile: cannot move (Step to a front hex)")
	f.Must(engine.StrikeWound{Who: f.ID("Sergeant"), Wound: 0})
	if s := f.Get("Sergeant"); s.Has("immobile") || s.Has("prone") {
		t.Errorf("struck off, the wound leaves %+v", s.Conditions)
	}
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "step"})

	recordWound(f, "Brigand", "belly", "critical", 1)
	f.Must(engine.TakeCondition{Who: f.ID("Brigand"), Condition: "stunned"})
	f.Refuse(engine.Spend{Who: f.ID("Brigand"), Action: "step"}, "Brigand is Legs disabled: cannot move (Step to a front hex)")

	recordWound(f, "Archer", "right_arm", "serious")
	for r := f.Current().Round; f.Current().Round <= r; {
		f.Next()
	}
	if !f.Get("Archer").Has("arm_impaired") {
		t.Errorf("a serious arm wound's arm is no longer impaired after the round:\n%s", logText(f))
	}
	f.Must(engine.StrikeWound{Who: f.ID("Archer"), Wound: 0})
	if f.Get("Archer").Has("arm_impaired") {
		t.Error("struck off, the arm is still impaired")
	}
}

// BRP: one at 0 HP or less takes no action of any type (brp.md l.575): it
// neither parries nor dodges, by the GM's g or in answer to an attack.
// ledger: brp/fatal-no-defence
func TestBRPDyingDoesNotParry(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	sm := f.ID("Swordmaster")
	f.Must(engine.Damage{Who: sm, Amount: f.Get("Swordmaster").HP})
	f.Refuse(engine.RollCheck{Who: sm, Check: "parry"}, "no parry")
	onRank(t, f, "Cultist")
	f.Must(engine.RollCheck{Who: f.ID("Cultist"), Check: "skill", Target: sm, Answer: "parry"}, 2)
	if log := logText(f); strings.Contains(log, "Swordmaster: Parry") {
		t.Errorf("the dying swordmaster parried:\n%s", log)
	}
}

// BRP: a stunned defender parries or dodges only after an Idea roll (l.347),
// and an attack on it is Easy, the chance doubled.
// ledger: brp/stunned-defence-easy
func TestBRPStunnedDefenderNeedsIdea(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	sm := f.ID("Swordmaster")
	f.Must(engine.GiveCondition{Who: sm, Condition: "stunned", Rounds: 2})
	onRank(t, f, "Cultist")
	f.Must(engine.RollCheck{Who: f.ID("Cultist"), Check: "skill", Target: sm, Answer: "parry"}, 80, 99)
	log := logText(f)
	for _, want := range []string{
		"Cultist: Skill roll against Swordmaster (target Stunned +45): d100: [80] = 80 vs 90 or less (45 + 45)",
		"Swordmaster: Idea roll: d100: [99]",
		"Swordmaster is Stunned: it fails its Idea roll, so no Parry",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
}

// Energy: a Death roll of 10-14 leaves one Exhausted until a Short Rest
// (energy.txt); a second Death roll of 15-19 gives the shorter Exhausted,
// to the end of the next round, and the longer stands.
// ledger: energy/death-roll-table
func TestEnergyExhaustedKeepsTheLonger(t *testing.T) {
	f, _ := startFight(t, "energy", []member{{name: "Ash", hp: 10}, {name: "Bo", hp: 10}})
	ash := f.ID("Ash")
	f.Must(engine.RollCheck{Who: ash, Check: "death_roll"}, 12)
	f.Must(engine.RollCheck{Who: ash, Check: "death_roll"}, 17)
	for r := f.Current().Round; f.Current().Round <= r+2; {
		f.Next()
	}
	if !f.Get("Ash").Has("exhausted") {
		t.Errorf("the shorter Exhausted ended the one until a Short Rest:\n%s", logText(f))
	}
}
