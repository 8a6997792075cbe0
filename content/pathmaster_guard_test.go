package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The parry is allotted once and kept (l.1098-1101, 1117-1124): at most
// the weapon skill as typed, set on one's own turn only, taken off one's
// attacks, and worth its share for each foe parried since one's turn
// (l.1106-1109): 40, then 20, then 10; at one's next turn the allotment lapses
// (l.1114-1116) and is made again, and the count starts again.
// ledger: pathmaster/parry-allocation pathmaster/continuing-defences pathmaster/defence-parts pathmaster/attack-parry
// ledger: pathmaster/unused-parry pathmaster/parry-multiple-foes
func TestParryAllottedAndKept(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Refuse(engine.Allot{Who: g, Parry: 81}, "Gavvin's parry is 0 to its OB, 80")
	f.Must(engine.Allot{Who: g, Parry: 40})
	if v := engine.StatNow(f.Rules, f.Get("Gavvin"), "OB"); v != 40 {
		t.Errorf("Gavvin's OB with 40 allotted: %d, want 40", v)
	}
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.Allot{Who: g, Parry: 20}, "Gavvin sets its parry on its own turn")
	for i, want := range []string{"parries (its parry at this foe's share since its turn) -40",
		"parries (its parry at this foe's share since its turn) -20", "parries (its parry at this foe's share since its turn) -10"} {
		orc := []string{"Orc 1", "Orc 2", "Orc 3"}[i]
		f.ToTurnOf(orc)
		f.Must(engine.RollCheck{Who: f.ID(orc), Check: "attack", Target: g, Modifiers: []string{"parry"}}, 50)
		if line := f.LastLog(orc + ": Melee attack"); !strings.Contains(line, want) {
			t.Errorf("got %q\nwant %q", line, want)
		}
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "-40") {
		t.Errorf("the parry is whole again after Gavvin's turn: %q", line)
	}
	// An orc that allotted nothing has no parry to take.
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"parry"}}, "Orc 1 has allotted no parry")
}

// The last action of one's turn sets the defences until the next
// (l.1117-1124): an All-Out Attack leaves dodge -30, no shield and no
// parry (l.501-503), and the attack after it is not reduced by the parry;
// at the next turn the defences start again from Off-Guard.
// ledger: pathmaster/all-out-attack pathmaster/continuing-defences
func TestAllOutAttackLowersTheDefences(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"all_out"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 80 - 10 = 120 + 30 = 150") {
		t.Errorf("no parry taken off an All-Out Attack: %q", line)
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "Attack - All Out: DB -30") || !strings.Contains(line, "= 105") {
		t.Errorf("Gavvin's dodge after an All-Out Attack: %q", line)
	}
	o2 := f.ID("Orc 2") // Orc 1 has made its attack: Orc 2's Interrupt
	f.Refuse(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "Gavvin has no shield now (Attack - All Out)")
	f.Refuse(engine.RollCheck{Who: o2, Check: "attack", Target: g, Modifiers: []string{"parry"}}, "Gavvin cannot parry now (Attack - All Out)")
	f.ToTurnOf("Gavvin")
	if v := engine.StatNow(f.Rules, f.Get("Gavvin"), "DB"); v != 15 {
		t.Errorf("Gavvin's dodge at his next turn: %d, want 15", v)
	}
}

// What the actions leave of the parts (l.297-299, 318, 558-559, 595-596,
// 609-610, 692-693, 701-702, 742-743): no parry while concentrating,
// running, aiming, loading, waiting or delaying; half while readying;
// no shield while concentrating, loading or after a Dodge and Drop; the
// delayed attack fired gives the parry back.
// ledger: pathmaster/concentrate-defences pathmaster/ready-defences pathmaster/attack-parry
// ledger: pathmaster/delay-defences pathmaster/wait-no-parry pathmaster/dodge-and-drop pathmaster/defence-parts pathmaster/off-guard-defences
func TestActionsChangeTheDefenceParts(t *testing.T) {
	for _, c := range []struct {
		actions []string
		parry   int
		shield  int
	}{
		{[]string{"melee_attack"}, 40, 20},
		{[]string{"concentrate"}, 0, 0},
		{[]string{"run"}, 0, 20},
		{[]string{"aim"}, 0, 20},
		{[]string{"ready"}, 20, 20},
		{[]string{"load_bow"}, 0, 0},
		{[]string{"delay"}, 0, 20},
		{[]string{"delay", "delayed_attack"}, 40, 20},
		{[]string{"dodge_and_drop"}, 0, 0},
		{[]string{"wait"}, 0, 20},
		{[]string{"talk"}, 40, 20}, // Off-Guard: at most half of 80
	} {
		f, rs := pm(t)
		g := f.ID("Gavvin")
		f.Must(engine.Allot{Who: g, Parry: 40})
		for _, a := range c.actions {
			switch a {
			case "delay":
				f.Must(engine.Delay{Who: g, Trigger: "an orc comes near"})
			case "wait":
				f.Must(engine.Wait{Who: g})
			default:
				f.Must(engine.Spend{Who: g, Action: a, At: atFoe(f, a)})
			}
		}
		got := f.Get("Gavvin")
		if p, s := engine.StatNow(rs, got, "PARRY"), engine.StatNow(rs, got, "SH"); p != c.parry || s != c.shield {
			t.Errorf("%v: parry %d shield %d, want %d %d", c.actions, p, s, c.parry, c.shield)
		}
	}
}

// Before its first turn a combatant is Off-Guard (l.222-224): its parry
// is at most half its weapon skill (l.228-229). An orc with +40 that
// allotted 40 before the fight parries Gavvin's first blow with 20.
// ledger: pathmaster/off-guard-before-first-turn pathmaster/off-guard-defences
func TestOffGuardBeforeTheFirstTurn(t *testing.T) {
	f, rs := pm(t)
	o := f.ID("Orc 1")
	f.ToTurnOf("Orc 1")
	f.Must(engine.Allot{Who: o, Parry: 40})
	f.ToTurnOf("Gavvin")
	if v := engine.StatNow(rs, f.Get("Orc 1"), "PARRY"); v != 20 {
		t.Errorf("the orc's parry before it acts: %d, want 20", v)
	}
	f.Must(engine.RollCheck{Who: f.ID("Gavvin"), Check: "attack", Target: o, Modifiers: []string{"parry"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "-20") {
		t.Errorf("Off-Guard parry: %q", line)
	}
}

// The stun level limits the parry (l.992-1001): Stunned halves it,
// Stunned, No Parry leaves none.
// ledger: pathmaster/stun-stunned pathmaster/stun-no-parry
func TestStunLimitsTheParry(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Stun{Who: g, Level: "stunned", Rounds: 2})
	if v := engine.StatNow(rs, f.Get("Gavvin"), "PARRY"); v != 20 {
		t.Errorf("stunned: parry %d, want 20", v)
	}
	f.Must(engine.Stun{Who: g, Level: "no_parry", Rounds: 1})
	f.Refuse(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g, Modifiers: []string{"parry"}},
		"Gavvin cannot parry now (Stunned, No Parry)")
}

// The injury bands take their penalty off the dodge as off the skills
// (l.1165-1166): Gavvin under 75% of his hits dodges +5, not +15.
// ledger: pathmaster/injury-bands
func TestInjuryLowersTheDodge(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Damage{Who: g, Amount: 20})
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "target injury: DB -10") || !strings.Contains(line, "[50] + 40 - 5 = 85") {
		t.Errorf("the hurt dodge: %q", line)
	}
}

// An invisible attacker gains +20 and ignores the foe's dodge, parry and
// shield (l.946-947): the dodge is given back, the shield and the parry
// cannot be picked.
// ledger: pathmaster/invisible
func TestInvisibleIgnoresTheDefences(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.GiveCondition{Who: o, Condition: "invisible"})
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 + 35 = 110") {
		t.Errorf("the invisible orc's attack: %q", line)
	}
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "Orc 1 is Invisible")
	f.Refuse(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"parry"}}, "Orc 1 is Invisible")
}

// The shield parry (l.1110-1113): one use of the parry on the shield,
// the only parry against a ranged attack, at most the shield bonus.
// ledger: pathmaster/shield-parry
func TestShieldParryAgainstAShot(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "ranged", Target: g, Modifiers: []string{"shield_parry"}}, 50)
	if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, "shield (a parry, at most the shield bonus) -20") {
		t.Errorf("the shield parry: %q", line)
	}
	if f.Get("Gavvin").Parries != 1 {
		t.Error("the shield parry was not counted a parry")
	}
}

// A critical's offensive bonus (l.875-878): on the next attack or skill
// roll only, and gone at the end of the next turn if unused.
// ledger: pathmaster/offensive-bonus-from-criticals
func TestOffensiveBonusFromACritical(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Position{Who: g, Bonus: 20})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "critical's position +20") || !strings.Contains(line, "= 120 + 20 = 140") {
		t.Errorf("the bonus on the next attack: %q", line)
	}
	if n := f.Get("Gavvin").Position; n != 0 {
		t.Errorf("the bonus is kept for a second attack: %d", n)
	}
	// Given and not used: it lasts through the rest of this turn and the
	// next, then lapses.
	f.Must(engine.Position{Who: g, Bonus: 10})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if f.Get("Gavvin").Position != 10 {
		t.Fatal("the bonus lapsed before the next turn")
	}
	f.ToTurnOf("Orc 1")
	if f.Get("Gavvin").Position != 0 || !strings.Contains(logText(f), "Gavvin's +10 from a critical's position lapses unused") {
		t.Errorf("the bonus after the next turn: %d", f.Get("Gavvin").Position)
	}
}

// A shield has a melee and a ranged bonus (l.1083-1085): SR, the shield's
// SH unless typed; an off-hand weapon's +5 never counts against a shot
// (l.1086-1089: SR 0). What leaves no shield leaves neither.
// ledger: pathmaster/shield-melee-and-ranged pathmaster/off-hand-weapons
func TestShieldAgainstMeleeAndRanged(t *testing.T) {
	f, rs := pm(t)
	init := 5
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Duelist", HP: 40, Init: &init,
		Stats: map[string]int{"OB": 50, "DB": 10, "SH": 5, "SR": 0}}}})
	d := f.ID("Duelist")
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: d, Modifiers: []string{"shield"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "shield -5") {
		t.Errorf("the off-hand weapon in melee: %q", line)
	}
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: f.ID("Gavvin"), Modifiers: []string{"shield"}}, 50)
	if line := f.LastLog("Orc 2: Ranged attack"); !strings.Contains(line, "(its ranged bonus) -20") {
		t.Errorf("Gavvin's shield against a shot: %q", line)
	}
	if v := engine.StatNow(rs, f.Get("Duelist"), "SR"); v != 0 {
		t.Errorf("the off-hand weapon against a shot: %d", v)
	}
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "concentrate"})
	if v := engine.StatNow(rs, f.Get("Gavvin"), "SR"); v != 0 {
		t.Errorf("a concentrating Gavvin's shield against shots: %d", v)
	}
}

// Flanked, the defender may focus on one foe (l.919-924): that one loses
// the flank bonus, one other gets +35 from the rear instead of +20.
// ledger: pathmaster/flanked-focus
func TestFlankedFocus(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "flanked"})
	f.Must(engine.Spend{Who: g, Action: "focus", At: f.ID("Orc 1")})
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "- 15 = 75 vs") {
		t.Errorf("the foe focused on: %q", line)
	}
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "attack", Target: g, Modifiers: []string{"rear"}}, 50)
	if line := f.LastLog("Orc 2: Melee attack"); !strings.Contains(line, "75 + 35 = 110") {
		t.Errorf("the rear attack: %q", line)
	}
}

// A hold (l.385-392): Grappling and Grappled kept; letting go is a free
// action on the grappler's turn; each arm beyond two +10.
// ledger: pathmaster/grappling
func TestGrapplingHold(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"arms_3"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "120 + 10 = 130") {
		t.Errorf("three arms: %q", line)
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "grappling"})
	f.Must(engine.GiveCondition{Who: o, Condition: "grappled"})
	f.Refuse(engine.Spend{Who: o, Action: "let_go"}, "Orc 1 holds none of Grappling: Let Go needs it")
	o2 := f.ID("Orc 2")
	f.Must(engine.GiveCondition{Who: o2, Condition: "grappling"})
	f.Refuse(engine.Spend{Who: o2, Action: "let_go"}, "it is not Orc 2's turn") // "a free action on your turn" (l.392)
	f.Must(engine.Spend{Who: g, Action: "let_go"})
	if c := f.Get("Gavvin"); c.Has("grappling") || c.Pools["free"] != 1 {
		t.Errorf("let go, a Free action: %v %v", c.Conditions, c.Pools)
	}
}
