package content_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Basic Roleplaying's round with the shipped ruleset (brp.md l.5-103) and
// its defences (l.119, 131).

// toPhase steps to the phase (by index) of the current round.
func toPhase(t *testing.T, f *enginetest.Fight, phase int) {
	t.Helper()
	for i := 0; f.Current().Phase != phase; i++ {
		if i > 100 {
			t.Fatalf("phase %d never came", phase)
		}
		f.Next()
	}
}

// Extra attacks every 5 ranks: DEX 6 acts at 6 and 1; DEX 5 at 5, and its
// second at 0 is lost (l.75).
// ledger: brp/extra-attacks brp/attack brp/over-100-ranks
func TestBRPExtraAttacksAtSixAndFive(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Six", hp: 10, stats: map[string]int{"DEX": 6, "attacks": 2}},
		{name: "Five", hp: 10, stats: map[string]int{"DEX": 5, "attacks": 2}},
	})
	var got []string
	for _, e := range f.Current().Entries {
		s := f.Current().Combatant(e.Who).Name + "@" + itoa(e.Value)
		if e.Lost {
			s += " lost"
		}
		got = append(got, s)
	}
	if strings.Join(got, ", ") != "Six@6, Five@5, Six@1, Five@0 lost" {
		t.Errorf("entries %v", got)
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Powers go by INT; a tie goes to the power's skill, then POW (l.53-55). A
// power held to a later INT rank leaves the DEX rank alone.
// ledger: brp/powers-by-int brp/power-delay-and-ties
func TestBRPPowersByINT(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Fast", hp: 10, stats: map[string]int{"DEX": 18, "INT": 12, "POW": 10}},
		{name: "Mystic", hp: 10, stats: map[string]int{"DEX": 9, "INT": 12, "power": 60, "POW": 8}},
		{name: "Willful", hp: 10, stats: map[string]int{"DEX": 12, "INT": 12, "POW": 16}},
		{name: "Dull", hp: 10, stats: map[string]int{"DEX": 14, "INT": 5}},
	})
	for _, n := range []string{"Fast", "Mystic", "Willful", "Dull"} {
		f.Must(engine.Declare{Who: f.ID(n), Declaration: "power"}) // each states a power
	}
	toPhase(t, f, 1)
	var seq []string
	for _, r := range engine.Sequence(f.Rules, f.Current(), 1) {
		seq = append(seq, f.Current().Combatant(r.Who).Name)
	}
	if strings.Join(seq, ",") != "Mystic,Willful,Fast,Dull" {
		t.Errorf("powers: %v, want the power's skill, then POW", seq)
	}
	f.Must(engine.HoldTo{Who: f.ID("Mystic"), To: 5})
	if f.Actor() != "Willful" {
		t.Errorf("after the hold, %s acts", f.Actor())
	}
	if e := f.Current().Entry(engine.Ref{Who: f.ID("Mystic")}); e.Value != 9 {
		t.Errorf("the hold moved the DEX rank to %d", e.Value)
	}
	f.Next()
	f.Next()
	// Held to INT 5, it meets Dull there and goes first on its power's skill.
	if f.Actor() != "Mystic" || !strings.Contains(f.LastLog("acts"), "Mystic acts at INT 5") {
		t.Errorf("Mystic held to INT 5: %s %q", f.Actor(), f.LastLog("acts"))
	}
	f.Next()
	if f.Actor() != "Dull" || !strings.Contains(f.LastLog("acts"), "Dull acts at INT 5") {
		t.Errorf("then Dull: %s %q", f.Actor(), f.LastLog("acts"))
	}
	toPhase(t, f, 2)
	var ranks []string
	for _, e := range f.Current().Entries {
		ranks = append(ranks, f.Current().Combatant(e.Who).Name+"@"+itoa(e.Value))
	}
	if strings.Join(ranks, ",") != "Fast@18,Dull@14,Willful@12,Mystic@9" {
		t.Errorf("DEX ranks %v", ranks)
	}
}

// A held first attack takes the later ones with it (l.75): the Swordmaster
// holds from 16 to 12, its second attack goes from 11 to 7.
// ledger: brp/extra-attacks
func TestBRPHeldAttackCarriesTheNext(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	toPhase(t, f, 2)
	f.Must(engine.HoldTo{Who: f.ID("Swordmaster"), To: 12})
	if got := f.Current().Entry(engine.Ref{Who: f.ID("Swordmaster"), Action: 1}).Value; got != 7 {
		t.Errorf("second attack at %d, want 7", got)
	}
	if f.Order() != "Swordmaster,Cultist,Swordmaster" {
		t.Errorf("order %s", f.Order())
	}
}

// Movement in the statements: 6-15 m halves the DEX rank for that round
// only, 16-29 m quarters it, before the 5-rank steps (l.95); each extra
// non-combat action costs 5 ranks (l.101).
// ledger: brp/move-rank brp/noncombat-actions
func TestBRPMovementAndExtraActions(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}, {name: "Investigator", creature: "investigator"},
	})
	f.Must(engine.Declare{Who: f.ID("Swordmaster"), Declaration: "move_half"})
	f.Must(engine.Declare{Who: f.ID("Investigator"), Declaration: "extra", Amount: 1})
	f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "move_quarter"})
	toPhase(t, f, 2)
	ranks := map[string][]int{}
	for _, e := range f.Current().Entries {
		if !e.Lost {
			n := f.Current().Combatant(e.Who).Name
			ranks[n] = append(ranks[n], e.Value)
		}
	}
	if s := ranks["Swordmaster"]; len(s) != 2 || s[0] != 8 || s[1] != 3 {
		t.Errorf("moving 6-15 m with DEX 16: %v, want 8 and 3", s)
	}
	if s := ranks["Cultist"]; len(s) != 1 || s[0] != 3 {
		t.Errorf("moving 16-29 m with DEX 11: %v, want 3 (a quarter, rounded up)", s)
	}
	if s := ranks["Investigator"]; len(s) != 1 || s[0] != 9 {
		t.Errorf("one extra action with DEX 14: %v, want 9", s)
	}
	f.Refuse(engine.Declare{Who: f.ID("Cultist"), Declaration: "move_half"}, "in the Statements phase")
	toRound(t, f, 2)
	if e := f.Current().Entry(engine.Ref{Who: f.ID("Swordmaster")}); e.Value != 16 {
		t.Errorf("round 2: rank %d, want 16 again", e.Value)
	}
}

// The options a GM switches on in the TOML: 1d10 + DEX rolled once and
// kept for the fight (l.45-47), and statements counted up from rank 1
// (l.41).
// ledger: brp/reverse-statements-option brp/initiative-roll-option
func TestBRPOptions(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	house := *rs.Ruleset
	house.Order.Initiative = dice.MustParse("1d10 + DEX")
	house.Phases = append(house.Phases[:0:0], house.Phases...)
	house.Phases[0].Order = "reverse"
	f := enginetest.New(t, enginetest.Rules(t, house), dice.Script(3, 9))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 10, Stats: map[string]int{"DEX": 10}}, {Name: "B", HP: 10, Stats: map[string]int{"DEX": 8}},
	}})
	f.Must(engine.Start{})
	if f.Actor() != "A" || f.Order() != "B,A" {
		t.Errorf("statements in reverse: actor %s, order %s (A 13, B 17)", f.Actor(), f.Order())
	}
	toRound(t, f, 3)
	if a, b := f.Get("A").Init, f.Get("B").Init; a != 13 || b != 17 {
		t.Errorf("initiative kept for the fight: A %d, B %d", a, b)
	}
}

// Each parry or dodge after the first in a round is at a further -30%
// (l.119, 131): the second at -30, the third at -60; the next round starts
// afresh.
// ledger: brp/defence-step brp/dodge brp/missile-dodge-heroic
func TestBRPSecondAndThirdParry(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}}, 50, 50, 50, 50)
	sm := f.ID("Swordmaster")
	for range 3 {
		f.Must(engine.RollCheck{Who: sm, Check: "parry"})
	}
	log := logText(f)
	for _, want := range []string{
		"Swordmaster: Parry with Broadsword: d100: [50] = 50 vs 90 or less: Success",
		"Swordmaster: Parry with Broadsword (second defence this round -30): d100: [50] = 50 vs 60 or less (90 - 30): Success",
		"Swordmaster: Parry with Broadsword (third defence this round -60): d100: [50] = 50 vs 30 or less (90 - 60): Failure",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	toRound(t, f, 2)
	f.Must(engine.RollCheck{Who: sm, Check: "dodge"})
	if !strings.Contains(f.LastLog("Dodge"), "vs 40 or less: Failure") {
		t.Errorf("a new round's first dodge: %q", f.LastLog("Dodge"))
	}
}

// The Attack and Defence Matrix (l.228-250): both rolled, the result named.
// The Cultist's knife (45%) rolls 02, a critical; the Swordmaster parries
// (90%) with 20, a success: barely deflected, a special hit. A failed
// attack needs no parry, and none is rolled.
// ledger: brp/parry brp/resolution-roll brp/combat-summary brp/failure-level brp/attack-defence-matrix
func TestBRPAttackAndDefenceMatrix(t *testing.T) {
	f, dice := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}}, 2, 20, 70)
	attack := engine.RollCheck{Who: f.ID("Cultist"), Check: "skill", Target: f.ID("Swordmaster"), Answer: "parry"}
	onRank(t, f, "Cultist")
	f.Must(attack)
	log := logText(f)
	for _, want := range []string{
		"Cultist: Skill roll against Swordmaster: d100: [2] = 2 vs 45 or less: Critical success",
		"Swordmaster: Parry with Broadsword against Cultist: d100: [20] = 20 vs 90 or less: Success",
		"Cultist's Critical success against Success: Barely deflected: a special hit",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if d := f.Get("Swordmaster").Defences; d != 1 {
		t.Errorf("%d defences counted, want the one parry", d)
	}
	onRank(t, f, "Cultist") // the next round: one attack a round
	f.Must(attack)
	if got := f.LastLog("Cultist's"); !strings.Contains(got, "Cultist's Failure unanswered: No harm; the defender need not roll.") || dice.Left() != 0 {
		t.Errorf("a failed attack: %q, %d faces left", got, dice.Left())
	}
	if d := f.Get("Swordmaster").Defences; d != 0 {
		t.Errorf("%d defences counted in the second round, want none: the failed attack needs no parry", d)
	}
}

// BenchmarkBRPStep is one step of a BRP round (the n key's work in the
// engine) with 10, 100 and 1000 combatants: powers sorted by INT and its
// tie-breaks, ranks counted down, ties looked for at each step.
func BenchmarkBRPStep(b *testing.B) {
	rs, _ := shipped(b).Ruleset("brp")
	for _, n := range []int{10, 100, 1000} {
		b.Run(itoa(n), func(b *testing.B) {
			f := enginetest.New(b, rs.Ruleset, dice.NewSource(1))
			var add []engine.NewCombatant
			for i := range n {
				add = append(add, engine.NewCombatant{Name: "C" + itoa(i), HP: 12, Stats: map[string]int{"DEX": 3 + i%16, "INT": 3 + i%15, "POW": i % 18, "attacks": 1 + i%2}})
			}
			f.Must(engine.Add{Combatants: add})
			f.Must(engine.Start{})
			for b.Loop() {
				f.Next()
			}
		})
	}
}

// Fighting defensively (l.407-409): the free dodge adds no -30% to the
// next defence's, and is rolled at the step the round's defences have
// reached ("the modifier does not increase"): first in the round at the
// full skill, after a dodge at its -30%.
// ledger: brp/defence-step brp/dodge brp/defensive-free-dodge
func TestBRPFreeDodge(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}}, 40, 40, 40, 40)
	y := f.ID("Yvarre")
	f.Must(engine.Declare{Who: y, Declaration: "defensive"}) // stated (l.13)
	f.Must(engine.RollCheck{Who: y, Check: "dodge"})
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}})
	f.Must(engine.RollCheck{Who: y, Check: "dodge"})
	log := logText(f)
	for _, want := range []string{
		"Yvarre: Dodge: d100: [40] = 40 vs 50 or less: Success",
		"Yvarre: Dodge (Fighting defensively: free) (second defence this round -30): d100: [40] = 40 vs 20 or less (50 - 30): Failure",
		"Yvarre: Dodge (second defence this round -30): d100: [40] = 40 vs 20 or less (50 - 30): Failure",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	// A new round: the free dodge first is at the full skill.
	toRound(t, f, 2)
	f.Must(engine.Declare{Who: y, Declaration: "defensive"})
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}})
	if got := f.LastLog("Dodge"); !strings.Contains(got, "Yvarre: Dodge (Fighting defensively: free): d100: [40] = 40 vs 50 or less: Success") {
		t.Errorf("the free dodge first in the round: %q", got)
	}
}

// The other reading of l.407 (free_at_step = false): the free dodge takes
// no step at all, even after other defences.
// ledger: brp/defensive-free-dodge
func TestBRPFreeDodgeAtNoStep(t *testing.T) {
	f, _ := startFightWith(t, "brp", func(rs *rules.Ruleset) {
		for i := range rs.Checks {
			for j := range rs.Checks[i].Modifiers {
				rs.Checks[i].Modifiers[j].FreeAtStep = false
			}
		}
	}, []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}}, 40, 40)
	y := f.ID("Yvarre")
	f.Must(engine.Declare{Who: y, Declaration: "defensive"})
	f.Must(engine.RollCheck{Who: y, Check: "dodge"})
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}})
	log := logText(f)
	for _, want := range []string{
		"Yvarre: Dodge (Fighting defensively: free): d100: [40] = 40 vs 50 or less: Success",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
}

// Parries and dodges do not combine in a round unless fighting defensively
// (l.145): a dodge after a parry is refused, and so is the free dodge of
// one who did not state the defensive stance (l.13). Stated (D, Fights
// defensively), both are open, only not in the same DEX rank (l.409), and
// the steps count parries and dodges together.
// ledger: brp/parry-dodge-combine brp/defensive-same-rank
func TestBRPParryAndDodgeDoNotCombine(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}},
		50, 30, 30, 30, 30, 30, 30, 30)
	sm := f.ID("Swordmaster")
	f.Must(engine.RollCheck{Who: sm, Check: "parry"})
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge"}, "a Dodge does not go with it unless fighting defensively")
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"defensive"}}, "only for one who declared Fights defensively")
	toRound(t, f, 2)
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	f.Must(engine.RollCheck{Who: sm, Check: "parry"})
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"defensive"}}, "at the same place")
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge"}, "at the same place")
	f.ToTurnOf("Cultist")
	f.Must(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"defensive"}})
	f.Must(engine.RollCheck{Who: sm, Check: "dodge"})
	if !strings.Contains(f.LastLog("Dodge"), "Dodge (second defence this round -30)") {
		t.Errorf("the dodge after the free one: %q", f.LastLog("Dodge"))
	}
	f.Refuse(engine.RollCheck{Who: sm, Check: "parry"}, "fighting defensively, a Parry does not go with it at the same place")
	toPhase(t, f, 3)
	f.Must(engine.RollCheck{Who: sm, Check: "parry"})
}

// Dodging a missile is Difficult (l.133): half the skill, rounded up; so is
// parrying one with a shield after a failed Spot roll (l.443): the Temple
// guard's, who carries a shield (the Swordmaster has none to parry with).
// ledger: brp/missile-dodge-difficult brp/missile-dodge-heroic brp/shield-vs-missile-spot
func TestBRPMissileDefencesAreDifficult(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"},
		{name: "Guard", creature: "temple_guard"}}, 30, 30, 30)
	sm, gd := f.ID("Swordmaster"), f.ID("Guard")
	dodge, parry := f.Get("Swordmaster").Stats["dodge"], f.Get("Guard").Stats["parry"]
	f.Must(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"missile"}})
	if want := fmt.Sprintf("vs %d or less (%d - %d)", (dodge+1)/2, dodge, dodge-(dodge+1)/2); !strings.Contains(f.LastLog("Dodge"), want) {
		t.Errorf("a dodge against a missile: %q, want %q", f.LastLog("Dodge"), want)
	}
	toRound(t, f, 2)
	f.Refuse(engine.RollCheck{Who: sm, Check: "parry", Modifiers: []string{"missile_unseen"}}, "goes with a shield")
	f.Must(engine.RollCheck{Who: gd, Check: "parry", Modifiers: []string{"missile_unseen"}})
	if want := fmt.Sprintf("vs %d or less", (parry+1)/2); !strings.Contains(f.LastLog("Parry"), want) {
		t.Errorf("a shield against an unseen missile: %q, want %q", f.LastLog("Parry"), want)
	}
}

// The initiative option's powers (l.45): 1d10 + INT beside 1d10 + DEX,
// kept with it for the fight: B (INT 8) rolls 9 and goes before A (INT
// 12) who rolls 1, in every round's powers phase.
// ledger: brp/initiative-roll-option
func TestBRPPowersRollWithTheInitiativeOption(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	house := *rs.Ruleset
	house.Order.Initiative = dice.MustParse("1d10 + DEX")
	house.Phases = append(house.Phases[:0:0], house.Phases...)
	house.Phases[1].Roll = dice.MustParse("1d10 + INT")
	f := enginetest.New(t, enginetest.Rules(t, house), dice.Script(3, 9, 1, 9))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 10, Stats: map[string]int{"DEX": 10, "INT": 12}}, {Name: "B", HP: 10, Stats: map[string]int{"DEX": 8, "INT": 8}},
	}})
	f.Must(engine.Start{})
	var got []string
	stated := 0
	for range 20 {
		if f.Current().Round > 2 {
			break
		}
		if enc := f.Current(); enc.Phase == 0 && stated < enc.Round {
			stated = enc.Round // both state a power each round
			f.Must(engine.Declare{Who: f.ID("A"), Declaration: "power"})
			f.Must(engine.Declare{Who: f.ID("B"), Declaration: "power"})
		}
		f.Next()
		if e := f.Log()[len(f.Log())-1]; strings.Contains(narrate.Line(f.Rules, e), "acts at INT") {
			got = append(got, narrate.Line(f.Rules, e))
		}
	}
	want := []string{"B acts at INT 17", "A acts at INT 13", "B acts at INT 17", "A acts at INT 13"}
	if !slices.Equal(got, want) {
		t.Errorf("the powers phases: %q, want %q\n%s", got, want, logText(f))
	}
}

// Only those who state a power have a step in the Powers phase: with six
// fighting and nobody stating one, a round is their statements, their
// actions and the resolution; the one who states a power (D, Uses a power)
// acts on its INT rank in between, and not on its DEX rank.
// ledger: brp/powers-by-int brp/power-is-the-action
func TestBRPPowersOnlyForThoseWhoStateOne(t *testing.T) {
	var six []member
	for i, dex := range []int{16, 14, 12, 11, 9, 7} {
		six = append(six, member{name: fmt.Sprintf("F%d", i+1), hp: 12, stats: map[string]int{"DEX": dex, "INT": 10 + i}})
	}
	f, _ := startFight(t, "brp", six)
	steps := func() (n int, powers []string) {
		round := f.Current().Round
		for i := 0; f.Current().Round == round; i++ {
			if i > 100 {
				t.Fatal("the round never ended")
			}
			f.Next()
			n++
			if l := f.LastLog("acts at INT"); l != "" && f.Current().Round == round && f.Current().Phase == 1 {
				powers = append(powers, l)
			}
		}
		return n, slices.Compact(powers)
	}
	if n, powers := steps(); n != 6+6+1 || len(powers) != 0 {
		t.Errorf("a round with no power stated: %d presses, powers %q", n, powers)
	}
	f.Must(engine.Declare{Who: f.ID("F5"), Declaration: "power"})
	// F5's power is its action: no DEX rank this round (l.57).
	if n, powers := steps(); n != 6+1+5+1 || !slices.Equal(powers, []string{"F5 acts at INT 14"}) {
		t.Errorf("a round with F5's power: %d presses, powers %q", n, powers)
	}
	if n, powers := steps(); n != 6+6+1 || len(powers) != 0 {
		t.Errorf("a statement lasts its round only: %d presses, powers %q", n, powers)
	}
}

// Fighting defensively (l.137, 405-411): one free dodge a round, and for
// one who makes several attacks a second, dodge or parry; no free parry
// first, and no attack that round: not after the free dodge, and no free
// dodge after an attack.
// ledger: brp/fight-defensively-limits
func TestBRPFightingDefensivelyLimits(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Swordmaster", creature: "swordmaster"}}
	f, _ := startFight(t, "brp", members, 40, 40, 40, 40, 40, 40, 40)
	y, sm := f.ID("Yvarre"), f.ID("Swordmaster")
	f.Must(engine.Declare{Who: y, Declaration: "defensive"}) // stated (l.13)
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}})
	f.Refuse(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}}, "Yvarre has taken 1 free defence this round, all it may")
	f.Refuse(engine.RollCheck{Who: y, Check: "skill", Target: sm}, "Yvarre fights defensively this round: no attacks")
	f.Must(engine.RollCheck{Who: y, Check: "dodge"}) // a dodge at its step is still hers
	f.Refuse(engine.RollCheck{Who: y, Check: "parry", Modifiers: []string{"defensive"}}, "Yvarre has taken 1 free defence this round, all it may")
	// Two attacks a round: two free defences, the first a dodge (l.137,
	// 407), the second a dodge or a parry (l.409), at a later rank.
	f.Refuse(engine.RollCheck{Who: sm, Check: "parry", Modifiers: []string{"defensive"}},
		"Swordmaster: a free Parry comes only after 1 free defence this round")
	f.Must(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"defensive"}})
	f.ToTurnOf("Yvarre")
	f.Must(engine.RollCheck{Who: sm, Check: "parry", Modifiers: []string{"defensive"}})
	toPhase(t, f, 3)
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: []string{"defensive"}}, "Swordmaster has taken 2 free defences this round")
	// A new round, nothing stated: an attack, and then no free dodge.
	toRound(t, f, 2)
	onRank(t, f, "Yvarre")
	f.Must(engine.RollCheck{Who: y, Check: "skill", Target: sm})
	f.Refuse(engine.RollCheck{Who: y, Check: "dodge", Modifiers: []string{"defensive"}}, "only for one who declared Fights defensively")
}

// Statements that give up the round's attacks: a power is the round's
// action (l.57), a full move leaves only defences (l.95), and so does
// disengaging (l.111); their parries and dodges stay. Movement and an
// extra action add up, the movement first (l.95): DEX 16 halved to 8,
// then 5 ranks for the extra action, 3, and the second attack lost.
// ledger: brp/power-is-the-action brp/move-full brp/disengage brp/move-with-extra-actions
func TestBRPStatementsThatGiveUpTheAttacks(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}, {name: "Investigator", creature: "investigator"},
		{name: "Priest", creature: "serpent_priest"}, {name: "Guard", creature: "temple_guard"},
	}, 20, 20, 20)
	f.Must(engine.Declare{Who: f.ID("Priest"), Declaration: "power"})
	f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "move_full"})
	f.Must(engine.Declare{Who: f.ID("Guard"), Declaration: "disengage"})
	f.Must(engine.Declare{Who: f.ID("Swordmaster"), Declaration: "move_half"})
	f.Must(engine.Declare{Who: f.ID("Swordmaster"), Declaration: "extra", Amount: 1})
	toPhase(t, f, 2)
	ranks := map[string][]int{}
	for _, e := range f.Current().Entries {
		if !e.Lost {
			n := f.Current().Combatant(e.Who).Name
			ranks[n] = append(ranks[n], e.Value)
		}
	}
	for _, n := range []string{"Priest", "Cultist", "Guard"} {
		if len(ranks[n]) != 0 {
			t.Errorf("%s gave up its attacks, yet acts at %v", n, ranks[n])
		}
	}
	if s := ranks["Investigator"]; len(s) != 1 || s[0] != 14 {
		t.Errorf("the investigator, who stated nothing: %v", s)
	}
	if s := ranks["Swordmaster"]; len(s) != 1 || s[0] != 3 {
		t.Errorf("moving 6-15 m and one extra action with DEX 16: %v, want 3 (8 less 5), the second attack lost", s)
	}
	for _, n := range []string{"Priest", "Cultist", "Guard"} {
		f.Must(engine.RollCheck{Who: f.ID(n), Check: "dodge"})
	}
}

// Missile fire's range and situation (l.504-515), offered on the skill
// roll: the archer's 50% is 100% at point blank, 25% at double range, 10%
// at quadruple, 38% at double range through a scope, 90% from a fixed
// support; a fast target in light shadows leaves it no chance at all.
// ledger: brp/missile-range-modifiers
func TestBRPMissileRangeModifiers(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Yvarre", creature: "yvarre"}}, 90, 90, 90, 90, 90, 90)
	a, y := f.ID("Archer"), f.ID("Yvarre")
	for _, c := range []struct {
		mods []string
		want string
	}{
		{[]string{"point_blank"}, "vs 100 or less (50 + 50)"},
		{[]string{"medium_range"}, "vs 25 or less (50 - 25)"},
		{[]string{"long_range"}, "vs 10 or less (50 - 40)"},
		{[]string{"medium_scope"}, "vs 38 or less (50 - 12)"},
		{[]string{"fast_target", "shadows"}, "vs -10 or less (50 - 60)"},
		{[]string{"support_first"}, "vs 90 or less (50 + 40)"},
	} {
		onRank(t, f, "Archer")
		f.Must(engine.RollCheck{Who: a, Check: "skill", Target: y, Modifiers: c.mods})
		if got := f.LastLog("Skill roll"); !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.mods, got, c.want)
		}
	}
}

// The parry's line names what it was made with: the item the defender
// meets the blow with (l.117: a weapon or a shield parries), the shield
// picked, then, the blow undone, the mace.
// ledger: brp/parry
func TestBRPParryNamesItsItem(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, {name: "Cultist", creature: "cultist"}})
	onRank(t, f, "Cultist")
	for _, c := range []struct {
		guard int
		want  string
	}{{1, "Guard: Parry with Medium shield against Cultist: d100: [20] = 20"}, {0, "Guard: Parry with Mace against Cultist: d100: [20] = 20"}} {
		f.Must(engine.Blow{Who: f.ID("Cultist"), Blow: "attack", Foes: []int{f.ID("Guard")}, Answer: "parry", Guard: c.guard}, 30, 20)
		if log := logText(f); !strings.Contains(log, c.want) {
			t.Errorf("the log lacks %q:\n%s", c.want, log)
		}
		f.Undo()
	}
}
