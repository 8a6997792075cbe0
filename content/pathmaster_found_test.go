package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
)

// While aiming one may take a single Step (l.550): the Step keeps the
// aims; a Move loses them (l.556).
// ledger: pathmaster/aim-lost-otherwise
func TestAStepKeepsTheAim(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim"})
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	if c := f.Get("Gavvin"); c.Aim != 1 {
		t.Errorf("a Step while aiming lost the aim: %d aims", c.Aim)
	}
	f.Must(engine.Spend{Who: g, Action: "step"})
	if c := f.Get("Gavvin"); c.Aim != 0 {
		t.Errorf("a Move kept the aim: %d aims", c.Aim)
	}
}

// A Rear attack meets neither shield (l.1074-1075) nor parry
// (l.1101-1102): it cannot be picked with them.
// ledger: pathmaster/flanked-focus pathmaster/parry-allocation
func TestRearAttackHasNoShieldOrParry(t *testing.T) {
	for _, with := range []string{"shield", "parry"} {
		f, _ := pm(t)
		f.ToTurnOf("Orc 1")
		f.Refuse(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: f.ID("Gavvin"), Modifiers: []string{"rear", with}},
			"cannot be picked with")
	}
}

// A Shield Parry against a shot is at most the base shield bonus against
// shots (l.1110-1113): an off-hand weapon typed SH 5, SR 0 parries no
// arrow; Gavvin's shield (SR as SH, 20) takes 20 of a 40 parry.
// ledger: pathmaster/shield-parry
func TestShieldParryAtMostTheRangedShield(t *testing.T) {
	f, _ := pm(t)
	cr, _ := shipped(t).Creature("pathmaster", "gavvin")
	s := maps.Clone(cr.Stats)
	s["SH"], s["SR"] = 5, 0
	init := 1
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Duellist", Template: "gavvin", HP: cr.HP, Stats: s, Init: &init}}})
	d, g, o := f.ID("Duellist"), f.ID("Gavvin"), f.ID("Orc 1")
	f.ToTurnOf("Duellist")
	f.Must(engine.Allot{Who: d, Parry: 40})
	f.Must(engine.RollCheck{Who: o, Check: "ranged", Target: d, Modifiers: []string{"shield_parry"}}, 50)
	if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 + 0 = 75") {
		t.Errorf("an off-hand weapon shield-parried an arrow: %q", line)
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.RollCheck{Who: o, Check: "ranged", Target: g, Modifiers: []string{"shield_parry"}}, 50)
	if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, "75 - 20 = 55") {
		t.Errorf("Gavvin's shield parry: %q", line)
	}
}

// Unused parry is lost at the start of one's next turn (l.1114-1116):
// the allotment lapses, and is made again on that turn.
// ledger: pathmaster/unused-parry
func TestUnusedParryLapsesAtTheNextTurn(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if c := f.Get("Gavvin"); c.Allotted != 0 {
		t.Errorf("the parry allotted last turn carried on: %d", c.Allotted)
	}
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"parry"}}, "Gavvin has allotted no parry")
}

// After an All-Out Attack no movement: a Step before it, not after
// (l.503-504): no Move, Run, Charge or Change Posture either.
// ledger: pathmaster/all-out-attack
func TestNoMovementAfterAllOutAttack(t *testing.T) {
	for _, a := range []string{"single_step", "step", "run", "change_posture"} {
		f, _ := pm(t)
		g := f.ID("Gavvin")
		f.Must(engine.Spend{Who: g, Action: "talk"}) // the Move stays: a Free action
		f.Must(engine.Spend{Who: g, Action: "all_out_attack"})
		f.Refuse(engine.Spend{Who: g, Action: a}, "Attacked All Out")
	}
}

// Against a single attacker the shield is simply added (l.1076-1077): the
// same orc's second strike meets it again; another attacker's does not
// until Gavvin's next turn (l.1078-1082).
// ledger: pathmaster/shield-once-a-turn
func TestShieldAgainstOneAttackerEveryTime(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50)
	f.Next() // Orc 1's second attack is an opportunity attack in Orc 2's turn
	f.Must(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50)
	f.Refuse(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "used against Orc 1")
}

// A wound First Aid closed holds its patient to "no faster than a Move"
// (l.837-838, 1959-1962): a second Move in the turn, the Attack exchanged
// for it, is a run's pace and reopens the wound; one Move does not.
// ledger: pathmaster/hasty-first-aid-bleeding
func TestASecondMoveReopensTheTreatedWound(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 3})
	f.Must(engine.FirstAid{Who: g, Wound: 0}, 90)
	f.Must(engine.Spend{Who: g, Action: "step"})
	if w := f.Get("Gavvin").Wounds[0]; !w.Treated {
		t.Fatalf("one Move reopened the wound: %+v", w)
	}
	f.Must(engine.Spend{Who: g, Action: "step"})
	if w := f.Get("Gavvin").Wounds[0]; w.Treated || w.Rate != 3 {
		t.Errorf("a second Move in the turn kept the wound closed: %+v", w)
	}
}

// Knocked out by stun over its limit (10 + CO, l.1057, 1174), an orc marks
// a round off at its turn's place but, still over the limit, rolls no Pain
// Resistance and no level binds what it cannot do anyway.
// ledger: pathmaster/unconscious-by-stun
func TestKnockedOutByStunRollsNoPainResistance(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 20})
	if !f.Get("Orc 1").Has("unconscious") {
		t.Fatalf("20 rounds did not knock the orc out: %v", f.Get("Orc 1").Conditions)
	}
	for f.Current().Round < 3 {
		f.Next()
	}
	log := logText(f)
	if strings.Contains(log, "Orc 1 stun recovery") || strings.Contains(log, "Orc 1 is Downed") {
		t.Errorf("a knocked-out orc rolled or was bound:\n%s", log)
	}
	if c := f.Get("Orc 1"); c.StunTotal() != 18 || !c.Has("unconscious") {
		t.Errorf("two rounds not marked off, or awake: %d, %v", c.StunTotal(), c.Conditions)
	}
}
