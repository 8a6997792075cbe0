package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The defences (l.222-229, 262-273, 755-758, 837-838, 1104-1109): Gavvin
// (OB 80, DB 15, SH 20) against the orcs (OB 40, DB 10).

// meleeAt is who's melee attack on target at face 50 with the modifiers
// chosen, and its log line.
func meleeAt(t *testing.T, f interface {
	ID(string) int
	Must(engine.Command, ...int) []engine.Event
	LastLog(string) string
}, who, target string, mods ...string) string {
	t.Helper()
	f.Must(engine.RollCheck{Who: f.ID(who), Check: "attack", Target: f.ID(target), Modifiers: mods}, 50)
	return f.LastLog(who + ": Melee attack")
}

// All-Out Defense's Increased Dodge doubles the dodge from Quickness, the
// DB as typed, not what else moves the dodge (l.265): Gavvin at 52 of 72
// hits has DB 15 - 10; doubled from Quickness it is 15 more: 50 + 40 - 5 -
// 15 = 70 (doubling all of it, 5 more: 80).
// ledger: pathmaster/all-out-defense
func TestAllOutDefenseDoublesTheQuicknessDodge(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Damage{Who: g, Amount: 20})
	f.Must(engine.Spend{Who: g, Action: "all_out_defense"})
	f.ToTurnOf("Orc 1")
	if line := meleeAt(t, f, "Orc 1", "Gavvin"); !strings.HasSuffix(strings.TrimSpace(line), "= 70") && !strings.Contains(line, "= 70 ") {
		t.Errorf("the attack on Gavvin in All-Out Defense (Increased Dodge): %q, want 50 + 40 - 5 - 15 = 70", line)
	}
}

// Increased Parry (l.266-267): against one foe alone the parry takes +20
// (or twice the skill's ranks, the better: Gavvin has none), and with
// several each counts one foe fewer: Orc 1 meets 40 + 20 = 60, Orc 2 the
// whole 40 (the second foe counted as the first), Orc 3 half, 20.
// ledger: pathmaster/all-out-defense
func TestAllOutDefenseIncreasedParry(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.Spend{Who: g, Action: "all_out_defense_parry"})
	f.ToTurnOf("Orc 1")
	if line := meleeAt(t, f, "Orc 1", "Gavvin", "parry"); !strings.Contains(line, "-60") {
		t.Errorf("a lone foe on Increased Parry: %q, want the parry 40 + 20", line)
	}
	f.ToTurnOf("Orc 2")
	if line := meleeAt(t, f, "Orc 2", "Gavvin", "parry"); !strings.Contains(line, "-40") {
		t.Errorf("the second foe, counted one fewer: %q, want the whole 40", line)
	}
	f.ToTurnOf("Orc 3")
	if line := meleeAt(t, f, "Orc 3", "Gavvin", "parry"); !strings.Contains(line, "-20") {
		t.Errorf("the third foe, counted as the second: %q, want 20", line)
	}
}

// Increased Block (l.268): the shield counts against one more attacker
// between Gavvin's turns; a third is refused.
// ledger: pathmaster/all-out-defense
func TestAllOutDefenseIncreasedBlock(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "all_out_defense_block"})
	f.ToTurnOf("Orc 1")
	meleeAt(t, f, "Orc 1", "Gavvin", "shield")
	f.ToTurnOf("Orc 2")
	if line := meleeAt(t, f, "Orc 2", "Gavvin", "shield"); !strings.Contains(line, "-20") {
		t.Errorf("the shield against a second attacker: %q", line)
	}
	f.ToTurnOf("Orc 3")
	if _, err := f.Do(engine.RollCheck{Who: f.ID("Orc 3"), Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50); err == nil {
		t.Errorf("Increased Block's shield counted against a third attacker")
	}
	// Without it, the second is refused as before.
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "all_out_defense"})
	h.ToTurnOf("Orc 1")
	meleeAt(t, h, "Orc 1", "Gavvin", "shield")
	h.ToTurnOf("Orc 2")
	if _, err := h.Do(engine.RollCheck{Who: h.ID("Orc 2"), Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50); err == nil {
		t.Errorf("Increased Dodge let the shield count against a second attacker")
	}
}

// One who has not yet taken a turn is Off-Guard (l.222-229): it keeps its
// dodge and shield and may parry up to half its weapon skill, so its
// parry is set before its turn, at most OB / 2 (an orc: 20); once its
// turn has come, it is set on its own turn again. One added mid-fight is
// Off-Guard too.
// ledger: pathmaster/off-guard-before-first-turn pathmaster/off-guard-defences
func TestOffGuardParriesBeforeItsFirstTurn(t *testing.T) {
	f, _ := pm(t)
	o3 := f.ID("Orc 3")
	if _, err := f.Do(engine.Allot{Who: o3, Parry: 25}); err == nil {
		t.Errorf("Orc 3 allotted 25 before its first turn: Off-Guard parries at most half its skill, 20")
	}
	f.Must(engine.Allot{Who: o3, Parry: 20})
	if line := meleeAt(t, f, "Gavvin", "Orc 3", "parry"); !strings.Contains(line, "-20") {
		t.Errorf("Gavvin's attack on Off-Guard Orc 3: %q, want its parry 20", line)
	}
	f.ToTurnOf("Orc 3")
	f.Next() // round 2: Gavvin's turn, Orc 3 has had one
	if _, err := f.Do(engine.Allot{Who: o3, Parry: 10}); err == nil {
		t.Errorf("Orc 3 allotted its parry on Gavvin's turn after having had its own")
	}
	cr, _ := shipped(t).Creature("pathmaster", "orc")
	init := 5
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Late", Template: "orc", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
	f.Must(engine.Allot{Who: f.ID("Late"), Parry: 20})
	if line := meleeAt(t, f, "Gavvin", "Late", "parry"); !strings.Contains(line, "-20") {
		t.Errorf("an orc added mid-fight parries as Off-Guard: %q", line)
	}
}

// A parry is a defensive action (l.837-838): used with a wound First Aid
// closed, the wound bleeds again at its rate.
// ledger: pathmaster/first-aid-restriction-defences
func TestParryUsedReopensTheTreatedWound(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 3})
	f.Must(engine.FirstAid{Who: g, Wound: 0}, 90)
	f.Must(engine.Allot{Who: g, Parry: 30})
	if w := f.Get("Gavvin").Wounds[0]; !w.Treated {
		t.Fatalf("allotting alone reopened the wound: %+v", w)
	}
	f.ToTurnOf("Orc 1")
	meleeAt(t, f, "Orc 1", "Gavvin", "parry")
	if w := f.Get("Gavvin").Wounds[0]; w.Treated || w.Rate != 3 {
		t.Errorf("Gavvin parried with a wound First Aid closed, and it stayed closed: %+v", w)
	}
}

// Against a single attacker the parry is added whole (l.1104-1105); the
// halving counts the foes parried (l.1106-1109): Orc 1's two attacks both
// meet 40, Orc 2 the second foe's 20, and Orc 1 again its own 40.
// ledger: pathmaster/parry-multiple-foes
func TestALoneAttackerMeetsTheWholeParry(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.ToTurnOf("Orc 1")
	meleeAt(t, f, "Orc 1", "Gavvin", "parry")
	f.ToTurnOf("Orc 2") // Orc 1's second attack is its Interrupt's
	if line := meleeAt(t, f, "Orc 1", "Gavvin", "parry"); !strings.Contains(line, "-40") {
		t.Errorf("Orc 1's second attack: %q, want the whole parry 40", line)
	}
	if line := meleeAt(t, f, "Orc 2", "Gavvin", "parry"); !strings.Contains(line, "-20") {
		t.Errorf("the second foe: %q, want half, 20", line)
	}
	f.ToTurnOf("Orc 3")
	f.Must(engine.Spend{Who: f.ID("Orc 1"), Action: "opportunity_attack"})
	if line := meleeAt(t, f, "Orc 1", "Gavvin", "parry"); !strings.Contains(line, "-40") {
		t.Errorf("Orc 1 again after Orc 2: %q, want its own 40", line)
	}
}

// A Sacrificial Dodge (l.752-756): whether the attack hits is decided
// with the shield at +0, so the shield cannot be taken off the hit; the
// damage is read with it off: 50 + 40 - 15 + 30 = 105 to hit, 85 read
// for the damage.
// ledger: pathmaster/sacrificial-dodge
func TestSacrificialDodgeHitsWithoutTheShield(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "sacrificial_dodge"})
	if _, err := f.Do(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g, Modifiers: []string{"sacrificial", "shield"}}, 50); err == nil {
		t.Errorf("the shield was taken off the sacrificial dodger's hit")
	}
	if line := meleeAt(t, f, "Orc 1", "Gavvin", "sacrificial"); !strings.Contains(line, "= 105") {
		t.Errorf("the attack at the sacrificial dodger: %q, want 105 to hit", line)
	}
	if line := f.LastLog("its damage is read at"); !strings.Contains(line, "hits at 105; its damage is read at 85 (105 less 20") {
		t.Errorf("the damage on the sacrificial dodger: %q, want it read at 85", line)
	}
	// In the line of fire: the same with the shield's ranged bonus.
	f.Refuse(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: g, Modifiers: []string{"sacrificial", "shield"}}, "cannot be picked with")
	f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: g, Modifiers: []string{"sacrificial"}}, 50)
	if line := f.LastLog("its damage is read at"); !strings.Contains(line, "Orc 2's roll against Gavvin hits at 105; its damage is read at 85") {
		t.Errorf("the shot at the sacrificial dodger: %q, want it read at 85", line)
	}
}

// The parry moves skill from the attack to the defence "by equal amounts"
// (l.1098-1100); a Ready halves the parry "as the weapon is being drawn"
// (l.595-596), and the last action of the turn sets the defences
// (l.1117-1121): a Ready, then an attack, parries all that the attack gave
// up. A load's lost shield is "during any part of" the load (l.609-610):
// loaded and shot, the shield is back. The All-Out Attack's lowered parts
// alone hold whatever follows it in the turn (l.500-504).
// ledger: pathmaster/continuing-defences
func TestReadyThenAttackParriesWhatItPays(t *testing.T) {
	f, _ := pm(t)
	g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "ready"})
	f.Must(engine.Allot{Who: g, Parry: 40})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o1}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 40 - 10 = 80") {
		t.Fatalf("the allotment is not off the attack: %q", line)
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"parry"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "75 - 40 = 35") {
		t.Errorf("40 off Gavvin's attack, but his parry against the first orc: %q", line)
	}
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "load_bow"})
	h.Must(engine.Spend{Who: g, Action: "ranged_attack"})
	h.ToTurnOf("Orc 1")
	h.Must(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50)
	k, _ := pm(t)
	k.Must(engine.Spend{Who: g, Action: "all_out_attack"})
	k.Must(engine.Spend{Who: g, Action: "ready"})
	k.ToTurnOf("Orc 1")
	k.Refuse(engine.RollCheck{Who: o1, Check: "attack", Target: g, Modifiers: []string{"shield"}}, "no shield now (Attack - All Out)")
}
