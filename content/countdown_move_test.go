package content_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// Withdrawing from melee (countdown.txt): each foe left behind takes a
// free attack, the one withdrawing without its shield's DEF; a foe
// Defending strikes at its lowered SC; one in Full Defense has none.
// Fleeing leaves the order until the GM brings it back. Undo is exact.
// ledger: countdown/withdraw
func TestCountdownWithdraw(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}, {name: "Ogre", creature: "ogre"},
		{name: "Guard", hp: 30, stats: map[string]int{"SC": 80, "DEF": 30, "weapon_rank": 5}},
	},
		// Fighter 8+2 = 10 and 2+2 = 4, Goblin 6+1 = 7, Guard 5 (the Ogre
		// rolls nothing: Full Defense gives up its attack).
		8, 2, 6, 5,
		// Round 2: Fighter 7 and 5, Goblin 5, Ogre 9-1 = 8, Guard 1.
		5, 3, 4, 9, 1)
	fighter, goblin, ogre, guard := f.ID("Fighter"), f.ID("Goblin"), f.ID("Ogre"), f.ID("Guard")
	f.Must(engine.Declare{Who: ogre, Declaration: "full_defense"})
	f.Must(engine.Declare{Who: guard, Declaration: "defending", Amount: 20})
	f.Next()
	if f.Actor() != "Fighter" {
		t.Fatalf("%s acts first, not the Fighter:\n%s", f.Actor(), logText(f))
	}
	f.Refuse(engine.Withdraw{Who: fighter, Foes: []int{ogre}}, "Ogre declared Full defense: no free attack")
	// A stunned foe has lost its attacks this round (l.50): no free one.
	f.Must(engine.GiveCondition{Who: goblin, Condition: "stunned"})
	f.Refuse(engine.Withdraw{Who: fighter, Foes: []int{goblin}}, "Goblin is Stunned: no free attack")
	f.Must(engine.TakeCondition{Who: goblin, Condition: "stunned"})
	before := f.Current().Clone()
	// The Goblin: SC 70 - DEF 40 = 30, +10 for the shield left out: 35
	// hits, its Short sword rolling 4 (the blow: withdraw.blow). The Guard,
	// unarmed, rolls the strike alone: SC 80 - 20 (Defending) - 40 = 20,
	// +10: 31 misses.
	f.Must(engine.Withdraw{Who: fighter, Foes: []int{goblin, guard}}, 35, 4, 31)
	log := logText(f)
	for _, want := range []string{
		"Fighter withdraws from melee at segment 10 (movement): a free attack for Goblin, Guard",
		"Goblin: Strike against Fighter (Free attack on one withdrawing (no shield DEF) +10): d100: [35] = 35 vs 40 or less (30 + 10): Hit",
		"Guard: Strike against Fighter (Free attack on one withdrawing (no shield DEF) +10, Defending: SC -20): d100: [31] = 31 vs 30 or less (20 + 10): Miss",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if _, ok := f.Undo(); !ok || !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("undo is not exact")
	}
	// The Goblin flees: no free attack, its segment 7 is passed over, and
	// it has no turn next round until it comes back.
	f.Must(engine.Withdraw{Who: goblin, Flee: true})
	f.Next()
	if f.Actor() != "Guard" {
		t.Errorf("after the Fighter: %s, want the Guard (the Goblin fled)", f.Actor())
	}
	if !strings.Contains(logText(f), "Goblin flees the fight at segment 10 (movement): no free attack\nGoblin is Fled") {
		t.Errorf("log:\n%s", logText(f))
	}
	f.Refuse(engine.Withdraw{Who: goblin, Flee: true}, "Goblin has fled already")
	for f.Current().Round < 2 {
		f.Next()
	}
	f.Next() // round 2's declarations are in: the Goblin rolls, but skips its turns
	var acts []string
	for f.Current().Round == 2 && len(acts) < 10 {
		acts = append(acts, f.Actor())
		f.Next()
	}
	if got := strings.Join(acts, " "); got != "Ogre Fighter Fighter Guard" {
		t.Errorf("round 2: %s, want Ogre Fighter Fighter Guard (the Goblin fled)", got)
	}
	f.Must(engine.TakeCondition{Who: goblin, Condition: "fled"})
	if f.Get("Goblin").Has("fled") {
		t.Error("the Goblin did not come back")
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	// Before segment 10 attacks are made as usual: one who withdraws then
	// leaves as movement begins.
	g, _ := startFight(t, "countdown", []member{{name: "Goblin", creature: "goblin"}, {name: "Ogre", creature: "ogre"}}, 10, 1, 50)
	g.Next() // the Goblin at 11
	g.Must(engine.Withdraw{Who: g.ID("Goblin"), Foes: []int{g.ID("Ogre")}})
	if !strings.Contains(logText(g), "Goblin withdraws from melee as movement begins (segment 10 (movement)): a free attack for Ogre") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// Attack and move (countdown.txt): after its last attack the attacker
// rolls against multiples of DEX; a 3x roll after an attack at 8 moves
// from segment 5 at half the rate (1/20 of TMR a segment) and gives up
// the attack at 4. The book's own case: a last attack at 3 and a 4x roll
// cannot move (3 - 4 = -1). 5x or worse cannot move either.
// ledger: countdown/attack-and-move
func TestCountdownAttackAndMove(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}, {name: "Archer", creature: "goblin_archer"},
	},
		// Fighter 6+2 = 8 and 2+2 = 4, Goblin 2+1 = 3, Archer 4+2 = 6 and 1+2 = 3.
		6, 2, 2, 4, 1)
	f.Next()
	if f.Actor() != "Fighter" {
		t.Fatalf("%s acts first:\n%s", f.Actor(), logText(f))
	}
	before := f.Current().Clone()
	// DEX 10: 25 is within 3x.
	f.Must(engine.RollCheck{Who: f.ID("Fighter"), Check: "attack_move"}, 25)
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Fighter")); got != "Moves 10 this round (attack and move), 2 a segment from segment 5: 0 so far" {
		t.Errorf("panel: %q", got)
	}
	f.Next() // the Archer at 6
	f.Must(engine.RollCheck{Who: f.ID("Archer"), Check: "attack_move"}, 60)
	f.Next() // the Goblin at 3; the Fighter's 4 is lost
	if f.Actor() != "Goblin" {
		t.Errorf("%s acts at 3, want the Goblin (the Fighter's attack at 4 is given up)", f.Actor())
	}
	f.Must(engine.RollCheck{Who: f.ID("Goblin"), Check: "attack_move"}, 35)
	log := logText(f)
	for _, want := range []string{
		"Fighter: Attack and move (DEX): d100: [25] = 25 vs 40 or less: 3x DEX: moves from 3 segments after its last attack",
		"Fighter gives up 1 more action this round to move",
		"Fighter moves from segment 5 (movement) at half the rate: 2 a segment, 10 this round",
		"Archer: Attack and move (DEX): d100: [60] = 60 vs 40 or less: 5x DEX or worse: cannot move this round",
		"Archer cannot move this round: 100 segments after its last attack at segment 6 (movement) is past segment 1 (movement)",
		"Goblin cannot move this round: 4 segments after its last attack at segment 3 (movement) is past segment 1 (movement)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	// Undo is exact, the lost attack back: three rolls and two steps.
	for range 5 {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Error("undo is not exact")
	}
	// Rolled before the round's last attack is made: refused.
	// (The refused roll takes its face, 50, first.) Then Fighter 9+2 = 11
	// and 2+2 = 4.
	g, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}}, 50, 9, 2)
	g.Refuse(engine.RollCheck{Who: g.ID("Fighter"), Check: "attack_move"}, "has not acted this round")
	// After a last attack before segment 10 it moves from 10 at half the
	// rate, whatever the roll (the book asks for none).
	g.Next() // the Fighter at 11; its 4 is given up
	g.Must(engine.RollCheck{Who: g.ID("Fighter"), Check: "attack_move"}, 90)
	if !strings.Contains(logText(g), "Fighter moves from segment 10 (movement) at half the rate: 2 a segment, 20 this round") {
		t.Errorf("log:\n%s", logText(g))
	}
}

// Movement by segment (countdown.txt, The Initiative Round): from 10 to 1,
// a tenth of each one's movement a segment. By segment 7 four tenths are
// done: the Fighter (TMR 40) has covered 16 feet, the Goblin who declared
// move and attack (half its TMR) 8, the Mage who declared no movement none.
// ledger: countdown/no-movement countdown/initiative-round countdown/move-and-attack
func TestCountdownMovementBySegment(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}, {name: "Mage", creature: "mage"},
	},
		// Fighter 5+2 = 7 and 1+2 = 3, Goblin 10+1-5 = 6, Mage 9+1+3 = 13.
		5, 1, 10, 9)
	f.Must(engine.Declare{Who: f.ID("Goblin"), Declaration: "move_attack"})
	f.Must(engine.Declare{Who: f.ID("Mage"), Declaration: "no_movement"})
	moving := func(name string) string { return narrate.Movement(f.Rules, f.Current(), f.Get(name)) }
	f.Next() // the Mage at 13: before movement
	if _, ok := engine.MovementShare(f.Rules, f.Current()); ok || f.Actor() != "Mage" {
		t.Errorf("%s acts; movement shown before segment 10", f.Actor())
	}
	if got := moving("Fighter"); got != "Moves 40 this round, 4 a segment from segment 10: 0 so far" {
		t.Errorf("at 13: %q", got)
	}
	f.Next() // the Fighter at 7
	if pct, ok := engine.MovementShare(f.Rules, f.Current()); !ok || pct != 40 {
		t.Errorf("at segment 7: movement %d%% (%v), want 40%%", pct, ok)
	}
	for name, want := range map[string]string{
		"Fighter": "Moves 40 this round, 4 a segment from segment 10: 16 so far",
		"Goblin":  "Moves 20 this round (Move and attack), 2 a segment from segment 10: 8 so far",
		"Mage":    "No movement this round (No movement)",
	} {
		if got := moving(name); got != want {
			t.Errorf("%s at 7: %q, want %q", name, got, want)
		}
	}
	f.Next()
	f.Next() // the Fighter at 3
	if got := moving("Goblin"); got != "Moves 20 this round (Move and attack), 2 a segment from segment 10: 16 so far" {
		t.Errorf("Goblin at 3: %q", got)
	}
}

// The wound modifiers come off TMR as well as off every action
// (countdown.txt l.67-69): badly wounded, the Fighter's TMR 40 is 30, and
// move and attack halves what is left; very badly wounded, 20 and then 10.
// One who started within a band has no modifier from it (l.70): the
// Mage, started at 18, moves its whole 40 at 15.
// ledger: countdown/wound-tmr
func TestCountdownWoundTMR(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Mage", creature: "mage"},
	},
		// Fighter 5+2 = 7 and 1+2 = 3, Mage 9+1 = 10.
		5, 1, 9)
	fighter, mage := f.ID("Fighter"), f.ID("Mage")
	moving := func(name string) string { return narrate.Movement(f.Rules, f.Current(), f.Get(name)) }
	// 13 twice less PROT 3: 20 left, badly wounded.
	f.Must(engine.Damage{Who: fighter, Amount: 13})
	f.Must(engine.Damage{Who: fighter, Amount: 13})
	f.Must(engine.Damage{Who: mage, Amount: 3})
	if got, want := moving("Fighter"), "Moves 30 this round (wounds -10), 3 a segment from segment 10: 0 so far"; got != want {
		t.Errorf("badly wounded: %q, want %q", got, want)
	}
	if got, want := moving("Mage"), "Moves 40 this round, 4 a segment from segment 10: 0 so far"; got != want {
		t.Errorf("the Mage at 15 of 18: %q, want %q", got, want)
	}
	f.Must(engine.Declare{Who: fighter, Declaration: "move_attack"})
	if got, want := moving("Fighter"), "Moves 15 this round (wounds -10, Move and attack), 1.5 a segment from segment 10: 0 so far"; got != want {
		t.Errorf("badly wounded, moving and attacking: %q, want %q", got, want)
	}
	f.Must(engine.Undeclare{Who: fighter, Declaration: "move_attack"})
	f.Must(engine.Damage{Who: fighter, Amount: 13})
	f.Next()
	f.Next() // the Fighter at 7: four segments of movement done
	if got, want := moving("Fighter"), "Moves 20 this round (wounds -20), 2 a segment from segment 10: 8 so far"; got != want {
		t.Errorf("very badly wounded at 7: %q, want %q", got, want)
	}
	// At 5 HP from 7 on: the 8 moved stay, 1 a segment for 6 more.
	f.Must(engine.Damage{Who: fighter, Amount: 8})
	if got, want := moving("Fighter"), "Moves 14 this round (wounds -30): 8 by segment 7, then 1 a segment: 8 so far"; got != want {
		t.Errorf("at 5 HP: %q, want %q", got, want)
	}
}
