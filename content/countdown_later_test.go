package content_test

import (
	"strconv"
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// A potion drunk in half a round costs half the attacks or half the
// movement (countdown.txt l.124-125): declared with the movement, every
// attack is kept and the Hero moves 20 of its TMR 40.
// ledger: countdown/potion-movement
func TestCountdownPotionMovement(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Hero", hp: 30, stats: map[string]int{"attacks": 3}}}, 5, 5, 5)
	f.Must(engine.Declare{Who: f.ID("Hero"), Declaration: "drink_potion_moving"})
	f.Next()
	if log := logText(f); strings.Contains(log, "gives up") || !strings.Contains(log, "third action") {
		t.Errorf("the potion drunk with half the movement costs an attack:\n%s", log)
	}
	want := "Moves 20 this round (Drink a potion, half the movement), 2 a segment from segment 10"
	if got := narrate.Movement(f.Rules, f.Current(), f.Get("Hero")); !strings.HasPrefix(got, want) {
		t.Errorf("the panel says %q, want %q", got, want)
	}
}

// No movement costs 20 on Luck saves (countdown.txt l.15): the Luck save
// (d100 at or under Luck) of one who declared it is 20 harder.
// ledger: countdown/no-movement-luck
func TestCountdownNoMovementLuck(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"}},
		5, 5, 5)
	fighter := f.ID("Fighter")
	f.Must(engine.Declare{Who: fighter, Declaration: "no_movement"})
	f.Must(engine.RollCheck{Who: fighter, Check: "luck_save"}, 25)
	want := "Fighter: Luck save (No movement: Luck -20): d100: [25] = 25 vs 20 or less"
	if log := logText(f); !strings.Contains(log, want) || !strings.Contains(log, "Fails") {
		t.Errorf("log lacks %q:\n%s", want, log)
	}
	f.Must(engine.RollCheck{Who: f.ID("Goblin"), Check: "luck_save"}, 25)
	if log := logText(f); !strings.Contains(log, "Goblin: Luck save: d100: [25] = 25 vs 30 or less: Saves") {
		t.Errorf("the Goblin's save:\n%s", log)
	}
}

// A caster gets no DEF from DEX, the Defense skill or a shield while the
// spell is being cast (countdown.txt l.86, 97): from the segment it begins
// until the one it goes off at.
// ledger: countdown/casting-defence
func TestCountdownCastingDefence(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Mage", hp: 18, stats: map[string]int{"dex_mod": 1, "DEF": 25, "dex_def": 5, "defense_skill": 3}},
		{name: "Fighter", creature: "fighter"},
	},
		// Mage 9+1 = 10; Fighter 5+2 = 7 and 1+2 = 3.
		9, 5, 1)
	mage, fighter := f.ID("Mage"), f.ID("Fighter")
	f.Next()
	if f.Actor() != "Mage" {
		t.Fatalf("%s acts, not the Mage", f.Actor())
	}
	// DEF 25 before the spell begins.
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: mage}, 90)
	// An SK spell at rank 8: 6 segments, from 10 to 4. DEF 25 - 8 = 17.
	f.Must(engine.Cast{Who: mage, Name: "Bolt of Energy", Kind: "sk", Rank: 8})
	if got := engine.StatNow(f.Rules, f.Get("Mage"), "DEF"); got != 17 {
		t.Errorf("the Mage's DEF while casting: %d, want 17", got)
	}
	// The Fighter at 7 (the Mage's turn moved to 4).
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: mage}, 90)
	f.Next() // the Mage at 4: the spell goes off
	f.Next() // the Fighter at 3
	if f.Actor() != "Fighter" {
		t.Fatalf("%s acts, not the Fighter:\n%s", f.Actor(), logText(f))
	}
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: mage}, 90)
	log := logText(f)
	for _, want := range []string{
		"Fighter: Strike against Mage: d100: [90] = 90 vs 87 or less: Miss",
		"Fighter: Strike against Mage (target casting: DEF -8): d100: [90] = 90 vs 95 or less: Hit",
		"Fighter acts at segment 3",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if i, j := strings.LastIndex(log, "vs 87 or less"), strings.Index(log, "Fighter acts at segment 3"); i < j {
		t.Errorf("after the spell went off the Mage's DEF is not 25 again:\n%s", log)
	}
}

// A spell of one round (a casting time of 10, most cleric spells) must
// begin at initiative 10 (countdown.txt l.22): a caster at 12 begins it at
// 10 and it goes off at 0; one at 8 holds its action to segment 10 of the
// next round, and the spell goes off at 0 of that round.
// ledger: countdown/one-round-spell
func TestCountdownOneRoundSpell(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Cleric", hp: 20, stats: map[string]int{"dex_mod": 2}}, {name: "Priest", hp: 20},
	},
		// Round 1: Cleric 10+2 = 12, Priest 8. Round 2: Cleric 5+2 = 7,
		// Priest 3 (its first action is the spell's).
		10, 8, 5, 3)
	f.Next()
	cast := func(name string) {
		t.Helper()
		if f.Actor() != name {
			t.Fatalf("%s acts, not %s:\n%s", f.Actor(), name, logText(f))
		}
		f.Must(engine.Cast{Who: f.ID(name), Name: "Bless", Rank: 10})
	}
	cast("Cleric")
	cast("Priest")
	log := logText(f)
	for _, want := range []string{
		"Cleric begins casting Bless at segment 10 (movement), casting time 10: it goes off at segment 0 (after movement)",
		"Priest cannot begin Bless at segment 8 (movement): a spell of a whole round begins at segment 10 (movement); it begins at segment 10 (movement) of round 2 and goes off at segment 0 (after movement)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	for f.Current().Round < 2 || f.Actor() == "-" {
		f.Next()
	}
	var order []string
	for _, e := range f.Current().Entries {
		order = append(order, f.Current().Combatant(e.Who).Name+" "+strconv.Itoa(e.Value))
	}
	if got := strings.Join(order, ", "); got != "Cleric 7, Priest 0" {
		t.Errorf("round 2's order: %s, want Cleric 7, Priest 0 (its spell goes off)", got)
	}
}

// One who declared no movement and is forced to move anyway loses its
// remaining actions of the round, makes a 2x DEX roll or falls, and a
// spell it is casting is interrupted (countdown.txt l.15).
// ledger: countdown/no-movement-forced
func TestCountdownForcedMove(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Mage", hp: 18, stats: map[string]int{"dex_mod": 1, "DEX": 12}},
		{name: "Fighter", creature: "fighter"},
	},
		// Mage 9+1+3 = 13; Fighter 5+2 = 7 and 1+2 = 3, +3 each (no movement).
		9, 5, 1)
	mage, fighter := f.ID("Mage"), f.ID("Fighter")
	f.Must(engine.Declare{Who: mage, Declaration: "no_movement"})
	f.Must(engine.Declare{Who: fighter, Declaration: "no_movement"})
	f.Next()
	f.Must(engine.Cast{Who: mage, Name: "Bolt of Energy", Kind: "sk", Rank: 8}) // from 13 to 7
	// The Fighter at 10 is pushed back: 2x DEX is 20, a 15 keeps its
	// feet; its action at 6 is lost.
	if f.Actor() != "Fighter" {
		t.Fatalf("%s acts, not the Fighter:\n%s", f.Actor(), logText(f))
	}
	f.Must(engine.RollCheck{Who: fighter, Check: "forced_move"}, 15)
	// The Mage, casting, is shoved: a 25 against 24 falls, and the spell
	// is interrupted.
	f.Must(engine.RollCheck{Who: mage, Check: "forced_move"}, 25)
	log := logText(f)
	for _, want := range []string{
		"Fighter: Forced to move (2x DEX): d100: [15] = 15 vs 20 or less: Keeps its feet",
		"Fighter is Forced to move until the end of the round",
		"Mage: Forced to move (2x DEX): d100: [25] = 25 vs 24 or less: Falls",
		"Mage's Bolt of Energy (SK spell, rank 8) is interrupted: the spell and the action are lost",
		"Mage is Fallen",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	for f.Next(); f.Current().Round == 1; f.Next() {
		if a := f.Actor(); a != "-" {
			t.Errorf("%s acts again in round 1 after a forced move:\n%s", a, logText(f))
		}
	}
	if !f.Get("Mage").Has("fallen") || f.Get("Fighter").Has("forced") {
		t.Errorf("round 2: the Mage fallen %v, the Fighter still forced %v", f.Get("Mage").Has("fallen"), f.Get("Fighter").Has("forced"))
	}
}

// The surprise round of an ambush (countdown.txt l.77-83): the one
// ambushed rolls PER; at 4x it is Surprised for the round: it does not
// attack back, and the attackers have +20 SC against it; the next round
// it fights as usual. At 2x it is not surprised: nothing given.
// ledger: countdown/ambush-round countdown/ambush-roll
func TestCountdownAmbushRound(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 30, stats: map[string]int{"DEF": 40, "PER": 10}},
		{name: "Scout", hp: 30, stats: map[string]int{"PER": 10}},
	},
		// Round 1: Fighter 5+2 = 7 and 1+2 = 3, Guard 6 (no turn), Scout 4.
		5, 1, 6, 4,
		// Round 2: Fighter 5 and 1, Guard 6, Scout 4.
		3, 1, 6, 4)
	fighter, guard, scout := f.ID("Fighter"), f.ID("Guard"), f.ID("Scout")
	f.Must(engine.RollCheck{Who: guard, Check: "ambush"}, 35)
	f.Must(engine.RollCheck{Who: scout, Check: "ambush"}, 15)
	if !f.Get("Guard").Has("ambushed_4x") || len(f.Get("Scout").Conditions) != 0 {
		t.Fatalf("after the ambush rolls: the Guard %v, the Scout %v\n%s", f.Get("Guard").Conditions, f.Get("Scout").Conditions, logText(f))
	}
	f.Next()
	var acts []string
	for f.Current().Round == 1 {
		if a := f.Actor(); a != "-" {
			acts = append(acts, a)
		}
		if f.Actor() == "Fighter" && len(acts) == 1 {
			f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: guard}, 90)
		}
		f.Next()
	}
	if got := strings.Join(acts, " "); got != "Fighter Scout Fighter" {
		t.Errorf("the surprise round: %s, want Fighter Scout Fighter (the Guard surprised)", got)
	}
	if log := logText(f); !strings.Contains(log, "Fighter: Strike against Guard (target Surprised (4x PER) +20): d100: [90] = 90 vs 92 or less") {
		t.Errorf("the strike at the surprised Guard:\n%s", log)
	}
	if f.Get("Guard").Has("ambushed_4x") {
		t.Errorf("the Guard is still surprised in round 2")
	}
}
