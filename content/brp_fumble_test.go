package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The fumble tables' results applied (l.254-317, 415): a melee fumble's
// 01-15 loses the next round, effectively helpless (no turn, no parry or
// dodge, attacks against it Easy); a parry fumble's 21-40 falls prone; a
// natural weapon's 61-75 obscures vision, -30% for 1D3 rounds.
// ledger: brp/fumble-apply
func TestBRPFumblesApplied(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	toPhase(t, f, 2)
	if f.Actor() != "Yvarre" {
		t.Fatalf("%s acts", f.Actor())
	}
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}}, 99, 10)
	log := logText(f)
	if !strings.Contains(log, "Yvarre (Fumbled (melee attack)): Loses the next combat round, effectively helpless.") {
		t.Fatalf("the melee fumble's 10:\n%s", log)
	}
	// The round lost is the next (l.258): she is not helpless for the
	// rest of this one, and still dodges in it.
	if f.Get("Yvarre").Has("helpless") {
		t.Errorf("helpless in the round of the fumble already:\n%s", log)
	}
	f.Must(engine.RollCheck{Who: y, Check: "dodge"}, 90)
	toRound(t, f, 2)
	if !f.Get("Yvarre").Has("helpless") {
		t.Fatalf("given after she acted, the lost round is the next:\n%s", logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Round 2 begins, 12 s into the fight\nYvarre is Helpless for 1 round") {
		t.Errorf("the lost round comes as round 2 begins:\n%s", log)
	}
	f.Refuse(engine.RollCheck{Who: y, Check: "dodge"}, "no dodge")
	onRank(t, f, "Guard")
	f.Must(engine.RollCheck{Who: g, Check: "skill", Target: y}, 80)
	if got := f.LastLog("Skill roll"); !strings.Contains(got, "(target Helpless +50)") || !strings.Contains(got, "vs 100 or less") {
		t.Errorf("an attack on the helpless is Easy: %q", got)
	}
	for f.Current().Round == 2 {
		if f.Actor() == "Yvarre" {
			t.Fatalf("Yvarre acts in the round she lost")
		}
		f.Next()
	}
	if f.Get("Yvarre").Has("helpless") {
		t.Errorf("still helpless in round 3")
	}

	// A parry fumble before its rank: this round is the one lost (l.287).
	toRound(t, f, 3)
	f.Must(engine.GiveCondition{Who: g, Condition: "fumble_parry"}, 10)
	if !f.Get("Guard").Has("helpless") {
		t.Errorf("a parry fumble's 10 before the Guard acted: helpless this round:\n%s", logText(f))
	}
	toRound(t, f, 4)
	if f.Get("Guard").Has("helpless") {
		t.Errorf("the Guard's lost round is over in round 4")
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "fumble_parry"}, 30)
	if !f.Get("Guard").Has("prone") {
		t.Errorf("the parry fumble's 30 falls prone:\n%s", logText(f))
	}
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 70, 2)
	onRank(t, f, "Yvarre")
	f.Must(engine.RollCheck{Who: y, Check: "skill", Target: g}, 20)
	if got := f.LastLog("Skill roll"); !strings.Contains(got, "Vision obscured -30") || !strings.Contains(got, "vs 35 or less") {
		t.Errorf("vision obscured: %q", got)
	}
}

// The natural weapon table's hurts are done, not only logged (l.309, 312):
// 76-85 strains something, 1 hit point lost; 95-98 hits a hard surface,
// the weapon's normal damage (its damage modifier too) to the fumbler.
// ledger: brp/fumble-apply
func TestBRPNaturalFumbleHurts(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	hp := f.Get("Yvarre").HP
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 80)
	if got := f.Get("Yvarre").HP; got != hp-1 {
		t.Errorf("76-85: HP %d, want %d:\n%s", got, hp-1, logText(f))
	}
	f.Must(engine.TakeCondition{Who: y, Condition: "fumble_natural"})
	// Her dagger: 1D4+2 and 1D4: 1 + 2 and 1.
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 96, 1, 1)
	if got := f.Get("Yvarre").HP; got != hp-1-4 {
		t.Errorf("95-98: HP %d, want %d:\n%s", got, hp-5, logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Yvarre (Fumbled (natural weapon or parry)): Dagger's damage to itself: 1d4+2: [1] + 2 = 3") {
		t.Errorf("the weapon's damage is named:\n%s", log)
	}
}

// A parry with a natural weapon that fumbles rolls the Natural Weapon
// Attack and Parry table (l.303), not the Melee Weapon Parry table, whose
// "drops the weapon" a bite cannot do; a weapon's parry keeps its own.
// ledger: brp/fumble-which-table
func TestBRPNaturalParryFumbleTable(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	guard, _ := lib.Creature("brp", "temple_guard")
	wolf := engine.NewCombatant{Name: "Wolf", HP: 12, Stats: map[string]int{"DEX": 8, "skill": 50, "parry": 40, "dodge": 40, "attacks": 1, "length": 1},
		Weapons: []rules.Weapon{{Name: "Bite", Damage: dice.MustParse("1d8"), Kinds: []string{"natural", "impaling"}}}}
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{engine.FromTemplate(guard.Template, "Guard"), wolf}})
	f.Must(engine.Start{})
	toPhase(t, f, 2)
	g, w := f.ID("Guard"), f.ID("Wolf")
	f.Must(engine.Blow{Who: g, Blow: "attack", Foes: []int{w}, Answer: "parry"}, 30, 100, 1, 1, 45)
	log := logText(f)
	if !strings.Contains(log, "Wolf is Fumbled (natural weapon or parry)") || strings.Contains(log, "Fumbled (melee parry)") {
		t.Errorf("a bite's parry fumbles on the natural table:\n%s", log)
	}
}

// The missile table's 01-15 loses the next attack or other activity
// (l.288): given after the archer shot, its next round's first attack; the
// natural table's 51-60 twists an ankle, MOV -1, kept on the panel (l.310).
// ledger: brp/fumble-apply
func TestBRPFumbleNextAttackAndAnkle(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	toPhase(t, f, 2)
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_missile"}, 10)
	if log := logText(f); !strings.Contains(log, "Yvarre has no action left this round: it loses an action of the next") {
		t.Errorf("the next attack lost, after she acted:\n%s", log)
	}
	toRound(t, f, 2)
	for f.Current().Round == 2 {
		if f.Actor() == "Yvarre" && f.Current().Phase == 2 {
			t.Fatalf("Yvarre acts in round 2, her next attack lost")
		}
		f.Next()
	}
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 55, 3)
	if g := f.Get("Yvarre"); !g.Has("twisted_ankle") || !g.Has("prone") {
		t.Errorf("51-60: prone and a twisted ankle:\n%s", logText(f))
	}
}

// The twisted ankle lasts 1D10 full turns (l.310), a turn five minutes
// (l.595: "within five minutes (one turn)"), 25 rounds: the 1D10 rolled
// and logged as it is given (3: 75 rounds, the round of the fumble the
// first), counted down as each round ends, and gone after the last.
// ledger: brp/fumble-apply
func TestBRPTwistedAnkleLastsItsTurns(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	toPhase(t, f, 2)
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_natural"}, 55, 3)
	log := logText(f)
	if !strings.Contains(log, "1d10 * 25: [3] * 25 = 75") || !f.Get("Yvarre").Has("twisted_ankle") {
		t.Fatalf("the ankle's 1D10 turns of 25 rounds, rolled as given:\n%s", log)
	}
	toRound(t, f, 75)
	if !f.Get("Yvarre").Has("twisted_ankle") {
		t.Errorf("the ankle gone before its 75 rounds:\n%s", f.LastLog("Twisted ankle"))
	}
	toRound(t, f, 76)
	if f.Get("Yvarre").Has("twisted_ankle") {
		t.Errorf("the ankle kept past its 75 rounds")
	}
}

// A turn a condition takes passes with a line saying why (the stunned, the
// fumbler who lost the round), not in silence.
// ledger: brp/crushing-stun
func TestBRPSkippedTurnSaysWhy(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, {name: "Yvarre", creature: "yvarre"}}, 2)
	f.Must(engine.GiveCondition{Who: f.ID("Yvarre"), Condition: "stunned"})
	toPhase(t, f, 2)
	f.Next()
	if log := logText(f); !strings.Contains(log, "Yvarre's turn passes: Stunned") {
		t.Errorf("the stunned one's turn passes in silence:\n%s", log)
	}
}

// The natural weapon table's 76-85, "lose 1 hit point (in the attacking limb
// if hit locations are being used)", and 95-98, "do normal damage to self (in
// the attacking limb ...)" (l.309, 313): with hit locations, a fist's fumble
// hurts its arm (the limb field's default, 13: the right arm) and a kick's
// its leg (limb 1), with no location rolled; the GM giving the table by hand
// (c) reads the weapon in hand alike; one who kicks with a sword in hand
// hurts the kicking leg, by the kick's damage. Undone, the limb is whole.
// ledger: brp/fumble-natural-table
func TestBRPNaturalFumbleHurtsTheAttackingLimb(t *testing.T) {
	fist := rules.Weapon{Name: "Fist", Damage: dice.MustParse("1d3"), Kinds: []string{"natural"}, Fields: map[string]int{"skill": 60}}
	kick := rules.Weapon{Name: "Kick", Damage: dice.MustParse("1d6"), Kinds: []string{"natural"}, Fields: map[string]int{"skill": 60, "limb": 1}}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8+1"), Kinds: []string{"melee"}, Fields: map[string]int{"skill": 60}}
	for _, c := range []struct {
		ws    []rules.Weapon
		used  int
		row   int
		where string
		hits  int
	}{{[]rules.Weapon{fist}, 0, 80, "right_arm", 1}, {[]rules.Weapon{fist}, 0, 96, "right_arm", 3},
		{[]rules.Weapon{kick}, 0, 80, "right_leg", 1}, {[]rules.Weapon{kick}, 0, 96, "right_leg", 3},
		// A sword in hand, the kick struck: the kick's leg, the kick's 1D6.
		{[]rules.Weapon{sword, kick}, 1, 96, "right_leg", 3}} {
		f := brpWithLocations(t)
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "A", HP: 15, Stats: map[string]int{"DEX": 15}, Weapons: c.ws},
			{Name: "D", HP: 15, Stats: map[string]int{"DEX": 10}}}})
		onRank(t, f, "A")
		faces := []int{c.row}
		if c.row > 85 {
			faces = append(faces, 3) // the weapon's damage
		}
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}, Weapon: c.used}, append([]int{100}, faces...)...)
		if c.row > 85 && !strings.Contains(logText(f), c.ws[c.used].Name+"'s damage to itself") {
			t.Errorf("%s, row %d: not the weapon struck with:\n%s", c.ws[c.used].Name, c.row, logText(f))
		}
		a := f.Get("A")
		if len(a.Hits) != 1 || a.Hits[c.where] != c.hits || a.HP != 15-c.hits {
			t.Errorf("%s, row %d: hits %v, HP %d, want %d at %s:\n%s", c.ws[c.used].Name, c.row, a.Hits, a.HP, c.hits, c.where, logText(f))
		}
		if strings.Contains(logText(f), "hit location roll") {
			t.Errorf("%s, row %d: a location rolled for the fumbler's own limb:\n%s", c.ws[c.used].Name, c.row, logText(f))
		}
		f.Undo()
		if a := f.Get("A"); len(a.Hits) != 0 || a.HP != 15 {
			t.Errorf("%s, row %d undone: hits %v, HP %d", c.ws[c.used].Name, c.row, a.Hits, a.HP)
		}
		if c.used != 0 {
			continue // given by hand, the table reads the first ready weapon
		}
		f.Must(engine.GiveCondition{Who: f.ID("A"), Condition: "fumble_natural"}, faces...)
		if a := f.Get("A"); a.Hits[c.where] != c.hits {
			t.Errorf("%s, row %d given by hand: hits %v, want %d at %s", c.ws[c.used].Name, c.row, a.Hits, c.hits, c.where)
		}
	}
}
