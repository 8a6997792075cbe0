package content_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// Countdown's worked examples, with the shipped ruleset and creatures.

// ledger: countdown/round-length countdown/attack-by-attack countdown/tie-next-segment countdown/initiative-roll countdown/smaller-dice countdown/initiative-round
func TestCountdownSegments(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Ogre", creature: "ogre"}, {name: "Goblin", creature: "goblin"},
		{name: "Zombie", hp: 20, stats: map[string]int{"dex_mod": -8}},
	},
		// Round 1: Fighter 1d10 8+2 = 10, then 1d8 8+2 = 10 again: one segment
		// later, 9. Ogre 1-1 = 0. Goblin 10+1 = 11. Zombie 2-8 = -6: lost.
		8, 8, 1, 10, 2,
		// Round 2: Fighter 3+2 = 5 and 7+2 = 9, Ogre 10-1 = 9, Goblin 5+1 = 6, Zombie 10-8 = 2.
		3, 7, 10, 5, 10)
	// (Round 3's initiative waits for its declarations.)
	checkSteps(t, twoRounds(t, f), []string{
		"r1 declarations",
		"r1 countdown Goblin@11", "r1 countdown Fighter@10", "r1 countdown Fighter@9#2", "r1 countdown Ogre@0",
		"r2 declarations",
		"r2 countdown Fighter@9#2", "r2 countdown Ogre@9", "r2 countdown Goblin@6", "r2 countdown Fighter@5", "r2 countdown Zombie@2",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	log := logText(f)
	for _, want := range []string{
		"Fighter initiative, second action: 1d8 + dex_mod: [8] + 2 = 10",
		"Zombie's first action at segment -6 is lost",
		"Goblin acts at segment 11 (before movement)",
		"Ogre acts at segment 0 (after movement)",
		"Fighter acts at segment 9 (movement), second action",
		"Round 2 begins, 10 s into the fight",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// A stuck missile bleeds at the end of each round while the combatant is in
// the fight (countdown.txt: arrow or quarrel 1, javelin 2): a wound of 2 in
// round 1 costs 2 as that round ends, and again as the next ends.
func TestCountdownBleedingAtRoundEnd(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", hp: 30, stats: map[string]int{"dex_mod": 0}}}, 5)
	id := f.ID("Fighter")
	f.Must(engine.Bleed{Who: id, Rate: 2})
	for f.Current().Round <= 2 {
		f.Next()
	}
	var got []string
	for _, e := range f.Log() {
		if e.Kind == engine.EvBleed || e.Kind == engine.EvRoundUp {
			got = append(got, narrate.Line(f.Rules, e))
		}
	}
	want := []string{
		"Fighter bleeds 2 a round from a new wound (2 a round in all)",
		"Fighter bleeds 2 (30 -> 28 HP)", "Round 1 ends",
		"Fighter bleeds 2 (28 -> 26 HP)", "Round 2 ends",
	}
	if !slices.Equal(got, want) {
		t.Errorf("log %q\nwant %q", got, want)
	}
}

// A single hit of more than CON stuns for the rest of the round
// (countdown.txt, Taking Damage): 15 stuns a CON 14 fighter and 14 does
// not; CON 30 is stunned only above 35 (the table), above 39 when Large
// (+2 to CON); +1 to CON for every 10 hit points or part over 100.
// ledger: countdown/hit-stun countdown/con-stun-table countdown/stun-size
func TestCountdownHitStun(t *testing.T) {
	cases := []struct {
		name  string
		hp    int
		stats map[string]int
		hit   int
		stuns bool
	}{
		{"CON 14, 14", 40, map[string]int{"CON": 14}, 14, false},
		{"CON 14, 15", 40, map[string]int{"CON": 14}, 15, true},
		{"CON 26, 27", 40, map[string]int{"CON": 26}, 27, false},
		{"CON 26, 28", 40, map[string]int{"CON": 26}, 28, true},
		{"CON 30, 35", 60, map[string]int{"CON": 30}, 35, false},
		{"CON 30, 36", 60, map[string]int{"CON": 30}, 36, true},
		{"CON 30 Large, 39", 60, map[string]int{"CON": 30, "stun_size": 2}, 39, false},
		{"CON 30 Large, 40", 60, map[string]int{"CON": 30, "stun_size": 2}, 40, true},
		{"CON 20 Giant, 24", 60, map[string]int{"CON": 20, "stun_size": 4}, 24, false},
		{"CON 20 Giant, 25", 60, map[string]int{"CON": 20, "stun_size": 4}, 25, true},
		{"CON 20, 101 HP, 21", 101, map[string]int{"CON": 20}, 21, false},
		{"CON 20, 101 HP, 22", 101, map[string]int{"CON": 20}, 22, true},
		{"CON 20, 110 HP, 21", 110, map[string]int{"CON": 20}, 21, false},
		{"CON 20, 111 HP, 22", 111, map[string]int{"CON": 20}, 22, false},
		{"CON 20, 111 HP, 23", 111, map[string]int{"CON": 20}, 23, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The target acts late (segment 1 and 1d8 -> 1-1 = 0): the hit
			// falls before its attacks, which it then loses.
			c.stats["attacks"], c.stats["dex_mod"] = 2, -1
			f, _ := startFight(t, "countdown", []member{
				{name: "Hero", hp: 30, stats: map[string]int{"dex_mod": 5}},
				{name: "Target", hp: c.hp, stats: c.stats},
			}, 5, 2, 1)
			f.Next() // the declarations are in: Hero acts at 10
			f.Must(engine.Damage{Who: f.ID("Target"), Amount: c.hit})
			got := f.Get("Target").Has("stunned")
			if got != c.stuns {
				t.Fatalf("stunned %v, want %v:\n%s", got, c.stuns, logText(f))
			}
			if c.stuns && !strings.Contains(logText(f), "Target loses 2 remaining actions this round") {
				t.Errorf("the stunned target keeps its attacks:\n%s", logText(f))
			}
		})
	}
}

// PROT comes off every hit, and the stun is judged on what gets through;
// a critical (bare) ignores it.
// ledger: countdown/critical-no-protection countdown/protection countdown/hit-stun
func TestCountdownProtection(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}}, 5, 5)
	id := f.ID("Fighter")
	f.Must(engine.Damage{Who: id, Amount: 17})
	if f.Get("Fighter").Has("stunned") {
		t.Errorf("17 less PROT 3 is 14, not more than CON 14: no stun")
	}
	f.Must(engine.Damage{Who: id, Amount: 15, Bare: true})
	log := logText(f)
	for _, want := range []string{
		"Fighter takes 14 (40 -> 26 HP; PROT 3 takes 3 off)",
		"Fighter takes 15 (26 -> 11 HP; no PROT)",
		"Fighter is stunned by a single hit of 15 (more than 14)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// Wound modifiers (countdown.txt): none at 21, -10 at 20, -20 at 10, -30
// at 5; one who started at 18 has none at 15 and -20 at 10. They apply to
// the strike.
// ledger: countdown/wound-modifiers countdown/wound-start-exception
func TestCountdownWoundModifiers(t *testing.T) {
	rs, _ := shipped(t).Ruleset("countdown")
	for _, c := range []struct{ max, hp, want int }{
		{40, 21, 0}, {40, 20, -10}, {40, 11, -10}, {40, 10, -20}, {40, 6, -20}, {40, 5, -30}, {40, 0, -30},
		{18, 18, 0}, {18, 15, 0}, {18, 11, 0}, {18, 10, -20}, {18, 5, -30},
		{8, 8, 0}, {8, 6, 0}, {8, 5, -30},
	} {
		got := engine.Penalty(rs.Ruleset, &engine.Combatant{Vitals: engine.Vitals{HP: c.hp, MaxHP: c.max}})
		if got != c.want {
			t.Errorf("started at %d, at %d HP: %d, want %d", c.max, c.hp, got, c.want)
		}
	}
	// SC 112 against DEF 40 needs 72; badly wounded (-10), 62: a 65 misses.
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", hp: 12, stats: map[string]int{"DEF": 40}},
	}, 5, 5, 5)
	// 23 in two hits: a single hit over CON would stun it (and a stunned
	// fighter strikes no more this round).
	f.Must(engine.Damage{Who: f.ID("Fighter"), Amount: 13})
	f.Must(engine.Damage{Who: f.ID("Fighter"), Amount: 13})
	f.Must(engine.RollCheck{Who: f.ID("Fighter"), Check: "strike", Target: f.ID("Goblin")}, 65)
	if log := logText(f); !strings.Contains(log, "Fighter: Strike against Goblin (-10 penalty): d100: [65] = 65 vs 62 or less (72 - 10): Miss") {
		t.Errorf("the wound modifier does not reach the strike:\n%s", log)
	}
}

// Declarations come before initiative and reach every attack of the round
// (countdown.txt, Initiative and Combining Actions).
// ledger: countdown/declarations countdown/initiative-roll countdown/run-and-attack countdown/draw-weapon
func TestCountdownDeclarations(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"}, {name: "Goblin", creature: "goblin"},
	},
		// Round 1: Fighter 1d10 8+2-5 = 5, 1d8 8+2-5 = 5: tied, one segment
		// later, 4. Goblin 6+1 = 7.
		8, 8, 6,
		// Round 2: Fighter sheathes and draws (-10, and an action lost):
		// 1d10 9+2-10 = 1. Goblin runs and attacks (-7): 10+1-7 = 4.
		9, 10)
	fighter, goblin := f.ID("Fighter"), f.ID("Goblin")
	f.Must(engine.Declare{Who: fighter, Declaration: "draw_weapon"})
	f.Next()
	log := logText(f)
	for _, want := range []string{
		"Fighter declares Draw a weapon (initiative -5)",
		"Fighter initiative, first action: 1d10 + dex_mod: [8] + 2 = 10, -5 declared: 5",
		"Fighter initiative, second action: 1d8 + dex_mod: [8] + 2 = 10, -5 declared: 5",
		"Order: Goblin 7, Fighter 5, Fighter 4",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if _, err := f.Do(engine.Declare{Who: fighter, Declaration: "no_movement"}); err == nil {
		t.Error("a declaration after initiative was taken")
	}
	for f.Current().Round < 2 {
		f.Next()
	}
	if len(f.Get("Fighter").Declared) != 0 {
		t.Errorf("round 1's declarations outlast it: %v", f.Get("Fighter").Declared)
	}
	f.Must(engine.Declare{Who: fighter, Declaration: "sheathe_weapon"})
	f.Must(engine.Declare{Who: fighter, Declaration: "draw_weapon"})
	f.Must(engine.Declare{Who: goblin, Declaration: "run_attack"})
	f.Next()
	log = logText(f)
	for _, want := range []string{
		"Fighter gives up 1 of 2 actions this round (2 initiative penalties)",
		"Fighter initiative, first action: 1d10 + dex_mod: [9] + 2 = 11, -10 declared: 1",
		"Goblin declares Run and attack (initiative -7, gives up all but half its actions (at least one kept), SC -25)",
		"Order: Goblin 4, Fighter 1",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}

// The book's losses: move and attack loses half rounded down (2 or 3 lose
// one, 4 or 5 lose two); run and attack keeps half, at least one (1 to 3
// keep one, 4 or 5 keep two); a shield or a potion loses half rounded up.
func TestCountdownLosses(t *testing.T) {
	for _, c := range []struct {
		lose rules.Lose
		want []int
	}{
		{rules.LoseHalfDown, []int{0, 1, 1, 2, 2}},
		{rules.LoseKeepHalf, []int{0, 1, 2, 2, 3}},
		{rules.LoseHalfUp, []int{1, 1, 2, 2, 3}},
	} {
		var got []int
		for n := 1; n <= 5; n++ {
			got = append(got, c.lose.Of(n))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s of 1..5: %v, want %v", c.lose, got, c.want)
		}
	}
}

// The stances change SC and DEF for the round, and the strike reads them:
// Defending 20 is SC -20, DEF +10; Full Defense at weapon rank 5 is DEF
// +18 (the book's 30 -> 48); Desperate Defense +33; Defending at most 5 x
// weapon rank.
// ledger: countdown/defending countdown/full-defense
func TestCountdownStances(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{
		{name: "Fighter", creature: "fighter"},
		{name: "Guard", hp: 30, stats: map[string]int{"weapon_rank": 5, "DEF": 30, "SC": 80}},
		{name: "Brute", hp: 30, stats: map[string]int{"weapon_rank": 5, "DEF": 30}},
	}, 5, 5, 5, 5)
	guard, brute, fighter := f.ID("Guard"), f.ID("Brute"), f.ID("Fighter")
	if _, err := f.Do(engine.Declare{Who: guard, Declaration: "defending", Amount: 26}); err == nil {
		t.Error("Defending 26 at weapon rank 5 (at most 25) was taken")
	}
	f.Must(engine.Declare{Who: guard, Declaration: "defending", Amount: 25})
	f.Must(engine.Declare{Who: brute, Declaration: "full_defense"})
	f.Next()
	log := logText(f)
	for _, want := range []string{
		"Guard declares Defending 25 (DEF +12, SC -25)",
		"Brute declares Full defense (gives up all its actions, DEF +18)",
		"Brute gives up 1 of 1 action this round (Full defense)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// SC 112 against the Brute's 48: 64 or less.
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: brute}, 64)
	// The Guard strikes at 80 - 25 = 55 against the Fighter's 40: 15 or less.
	f.Must(engine.RollCheck{Who: guard, Check: "strike", Target: fighter}, 16)
	log = logText(f)
	for _, want := range []string{
		"Fighter: Strike against Brute (target Full defense: DEF +18): d100: [64] = 64 vs 64 or less: Hit",
		"Guard: Strike against Fighter (Defending: SC -25): d100: [16] = 16 vs 15 or less: Miss",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// Any one action's initiative may be set, and the same-value rule holds:
// set the second attack to the first's value and it goes a segment later.
// ledger: countdown/tie-next-segment
func TestCountdownSetActionInitiative(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}}, 8, 2)
	f.Next() // Fighter 10 and 4
	id := f.ID("Fighter")
	f.Must(engine.SetInit{Who: id, Entry: 1, Init: 10})
	var got []int
	for _, e := range f.Current().Entries {
		got = append(got, e.Value)
	}
	if !slices.Equal(got, []int{10, 9}) {
		t.Errorf("second action set to 10: %v, want [10 9]\n%s", got, logText(f))
	}
	if !strings.Contains(logText(f), "Fighter's second action ties its first: segment 9 (movement)") {
		t.Errorf("log:\n%s", logText(f))
	}
}

// Spells (countdown.txt, Casting Mage and Cleric Spells): begun at
// initiative 8 with casting time 5, a spell goes off at 3; an SK spell at
// rank 8 takes 6, from 9 to 3 and from 2 to -4; one that would go off after
// -5 begins at segment 10 of the next round.
// ledger: countdown/interrupted-spell countdown/spell-next-round countdown/cleric-spells countdown/mage-spells
func TestCountdownSpells(t *testing.T) {
	rs, _ := shipped(t).Ruleset("countdown")
	for _, c := range []struct {
		kind       string
		rank, want int
	}{{"sk", 8, 6}, {"gk", 8, 5}, {"gk", 1, 6}, {"sk", 5, 7}, {"gk", 20, 3}, {"gk", 21, 2}, {"sk", 22, 2}, {"gk", 30, 1}} {
		k, _ := rs.SpellKind(c.kind)
		if got, _ := k.Time(c.rank); got != c.want {
			t.Errorf("%s rank %d: %d, want %d", c.kind, c.rank, got, c.want)
		}
	}
	// Round 1: Cleric 8, Mage 9, Adept 1 (dex_mod 0). Round 2: Cleric 4, Mage 2.
	f, dice := startFight(t, "countdown", []member{
		{name: "Cleric", hp: 20}, {name: "Mage", hp: 20}, {name: "Adept", hp: 20},
	}, 8, 9, 1, 4, 2)
	f.Next()
	cast := func(name string, cmd engine.Cast) {
		t.Helper()
		if f.Actor() != name {
			t.Fatalf("%s acts, not %s:\n%s", f.Actor(), name, logText(f))
		}
		cmd.Who = f.ID(name)
		f.Must(cmd)
	}
	cast("Mage", engine.Cast{Name: "Bolt of Energy", Kind: "sk", Rank: 8})
	cast("Cleric", engine.Cast{Name: "Bless", Rank: 5})
	var order []string
	for _, e := range f.Current().Entries {
		order = append(order, fmt.Sprintf("%s %d", f.Current().Combatant(e.Who).Name, e.Value))
	}
	if got := strings.Join(order, ", "); got != "Mage 3, Cleric 3, Adept 1" {
		t.Errorf("order %s, want Mage 3, Cleric 3, Adept 1", got)
	}
	if f.Actor() != "Mage" {
		t.Errorf("%s acts at 3, not the Mage: the spell goes off", f.Actor())
	}
	f.Next()
	f.Next()
	cast("Adept", engine.Cast{Name: "Bolt of Energy", Kind: "sk", Rank: 1})
	for f.Current().Round < 2 {
		f.Next()
	}
	f.Next() // round 2's declarations are in
	log := logText(f)
	for _, want := range []string{
		"Mage begins casting Bolt of Energy (SK spell, rank 8) at segment 9 (movement), casting time 6: it goes off at segment 3 (movement)",
		"Cleric begins casting Bless at segment 8 (movement), casting time 5: it goes off at segment 3 (movement)",
		"Mage acts at segment 3 (movement)\nCleric acts at segment 3 (movement)",
		"Adept cannot get Bolt of Energy (SK spell, rank 1) off this round (it would go off at segment -6): it begins at segment 10 (movement) of round 2 and goes off at segment 3 (movement)",
		"Adept's Bolt of Energy (SK spell, rank 1) begins at segment 10 (movement): it goes off at segment 3 (movement)",
		"Order: Cleric 4, Adept 3, Mage 2",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
	// Hit while casting: the GM interrupts; the spell and the action are lost.
	f.Must(engine.DropSpell{Who: f.ID("Adept")})
	if f.Get("Adept").Casting != nil || f.Actor() != "Cleric" {
		t.Errorf("interrupted: %+v, %s acts", f.Get("Adept").Casting, f.Actor())
	}
	f.Next()
	if f.Actor() != "Mage" {
		t.Errorf("after the Cleric: %s, want the Mage (the Adept's action is lost)", f.Actor())
	}
}

// Stuck missiles (countdown.txt, Critical or Grievous Hits, ranged): an
// arrow bleeds 1 a round and costs DEX 2, a javelin 2 and 3, a spear 5 and
// 4, one more DEX on a grievous hit; bleeding as each round ends until
// First Aid takes the missile out.
// ledger: countdown/stuck-missiles
func TestCountdownStuckMissiles(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", hp: 40}}, 5, 5)
	id := f.ID("Fighter")
	f.Must(engine.StickMissile{Who: id, Missile: "arrow"})
	f.Must(engine.StickMissile{Who: id, Missile: "javelin", Grievous: true})
	f.Must(engine.StickMissile{Who: id, Missile: "spear"})
	rs := f.Rules
	if got := engine.StuckStat(rs, f.Get("Fighter"), "DEX"); got != -2-4-4 {
		t.Errorf("DEX %d, want -10 (arrow -2, grievous javelin -4, spear -4)", got)
	}
	for f.Current().Round < 2 {
		f.Next()
	}
	if hp := f.Get("Fighter").HP; hp != 40-1-2-5 {
		t.Errorf("after round 1: %d HP, want 32", hp)
	}
	f.Next()
	f.Must(engine.PullMissile{Who: id, Missile: "spear"})
	for f.Current().Round < 3 {
		f.Next()
	}
	if hp := f.Get("Fighter").HP; hp != 32-1-2 {
		t.Errorf("after round 2, the spear out: %d HP, want 29", hp)
	}
	log := logText(f)
	for _, want := range []string{
		"Fighter has arrow or quarrel stuck in it: bleeds 1 a round, DEX -2",
		"Fighter has javelin stuck in it: bleeds 2 a round, DEX -4 (grievous)",
		"Fighter bleeds 5 from the spear (37 -> 32 HP)",
		"Fighter has the spear taken out",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// The strike's modifiers are chosen as it is rolled (soft cover -10), or
// come from the target's state (stunned, +10: l.135-136, no longer a
// choice): SC 112 - DEF 20 = 92 stays 92 + 10 - 10; a grievous hit takes 1
// off the target's PROT until repaired.
// ledger: countdown/grievous-protection countdown/stunned-target countdown/cover
func TestCountdownStrikeModifiersAndGrievous(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Ogre", creature: "ogre"}}, 5, 5)
	fighter, ogre := f.ID("Fighter"), f.ID("Ogre")
	f.Must(engine.GiveCondition{Who: ogre, Condition: "stunned"})
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: ogre, Modifiers: []string{"soft_cover"}}, 73)
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: ogre}, 1)
	f.Must(engine.Damage{Who: ogre, Amount: 10})
	log := logText(f)
	for _, want := range []string{
		"Fighter: Strike against Ogre (Ranged: soft cover -10, target Stunned +10): d100: [73] = 73 vs 92 or less (92 + 0): Hit",
		"Ogre's PROT falls by 1 until repaired (2 -> 1)",
		"Ogre takes 9 (60 -> 51 HP; PROT 1 takes 1 off)",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// Surprise and multiple attackers (countdown.txt): surprised in combat, DEF
// 40 counts half and the attacker has +10 (SC 112: 112 - 20 + 10 = 102);
// three on one is +20 each.
// ledger: countdown/surprise countdown/multiple-attackers
func TestCountdownSurpriseAndMultipleAttackers(t *testing.T) {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 30, stats: map[string]int{"DEF": 40}}}, 5, 5)
	fighter, guard := f.ID("Fighter"), f.ID("Guard")
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: guard, Modifiers: []string{"surprise_in_combat"}}, 90)
	f.Must(engine.RollCheck{Who: fighter, Check: "strike", Target: guard, Modifiers: []string{"attackers_3"}}, 90)
	log := logText(f)
	for _, want := range []string{
		"(Surprise in combat: +10, target at half DEF +30): d100: [90] = 90 vs 102 or less (72 + 30): Hit",
		"(3 attackers on the target (each +20) +20): d100: [90] = 90 vs 92 or less (72 + 20): Hit",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// The count goes down to -5: an attack at -5 is made (after movement), one
// at -6 is lost (countdown.txt, Initiative: "-6 or later").
// ledger: countdown/initiative-roll countdown/initiative-round
func TestCountdownLowestSegment(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Slow", hp: 20, stats: map[string]int{"dex_mod": -6}},
		{name: "Slower", hp: 20, stats: map[string]int{"dex_mod": -7}},
	}, 1, 1)
	f.Next()
	if f.Actor() != "Slow" {
		t.Fatalf("%q acts, want Slow at -5:\n%s", f.Actor(), logText(f))
	}
	f.Next()
	log := logText(f)
	for _, want := range []string{
		"Slow acts at segment -5 (after movement)",
		"Slower's first action at segment -6 is lost",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left", dice.Err, dice.Left())
	}
}
