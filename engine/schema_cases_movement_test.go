package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// The cases of [movement], declarations' movement, move_after and
// [withdraw], kept beside the rest of schemaCases.
func init() { schemaCases = append(schemaCases, movementCases...) }

var movementCases = []schemaCase{
	// [movement]: A and B act at segments 5 and 4 (declaring), TMR 40;
	// movement from 5 to 1, 8 a segment. Once the declarations are in, A
	// acts at 5: one segment of movement is done.
	{key: "movement.stat", need: needs(declaring(), withTMR), set: moves(5, 1),
		play: duel(next(1), screen(movementOfA)), want: []string{"screen: Moves 40 this round, 8 a segment from segment 5: 8 so far"}},
	{key: "movement.from", need: needs(declaring(), withTMR, moves(5, 1)), set: func(rs *rules.Ruleset) { rs.Movement.From = 4 },
		play: duel(next(1), screen(movementOfA)), want: []string{"screen: Moves 40 this round, 10 a segment from segment 4: 0 so far"}},
	{key: "movement.to", need: needs(declaring(), withTMR, moves(5, 1)), set: func(rs *rules.Ruleset) { rs.Movement.To = 2 },
		play: duel(next(1), screen(movementOfA)), want: []string{"screen: Moves 40 this round, 10 a segment from segment 5: 10 so far"}},
	{key: "declarations.movement", need: needs(declaring(rules.Declaration{ID: "still", Name: "Still", Summary: "stands"}), withTMR, moves(5, 1)),
		set:  func(rs *rules.Ruleset) { rs.Declarations[0].Movement = ex("TMR / 4") },
		play: duel(declare("A", "still", 0), next(1), screen(movementOfA)), want: []string{"screen: Moves 10 this round (Still), 2 a segment from segment 5: 2 so far"}},
	// ranged_bonus: the panel's attackers' bonus against A.
	{key: "declarations.ranged_bonus", need: declaring(rules.Declaration{ID: "aim", Name: "Careful aim", Summary: "aims"}),
		set:  func(rs *rules.Ruleset) { rs.Declarations[0].RangedBonus = 10 },
		play: duel(declare("A", "aim", 0), screen(attackersOfA)), want: []string{"screen: melee +0, ranged +10 (Careful aim)"}},
	// move_after: A, acting at 5, makes a roll whose success starts its
	// movement 2 segments later at half the rate; its action at 4 is lost.
	{key: "checks.outcomes.effects.move_after", need: needs(declaring(), withTMR, moves(5, 1), hitCheck),
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects = []rules.CheckEffect{{To: rules.ToActor, MoveAfter: 2}}
		},
		play: duel(next(1), do("A", engine.RollCheck{Check: "hit"}, 30), next(1), screen(movementOfA)),
		want: []string{"A gives up 1 more action this round to move", "A moves from segment 3 at half the rate: 4 a segment, 12 this round",
			"screen: Moves 12 this round (attack and move), 4 a segment from segment 3: 0 so far"}},
	{key: "checks.outcomes.effects.move_after", note: "without movement", need: hitCheck,
		set: func(rs *rules.Ruleset) {
			rs.Checks[0].Outcomes[0].Effects = []rules.CheckEffect{{To: rules.ToActor, MoveAfter: 2}}
		}, refused: "set movement.stat"},
	// penalized: A at 10 of 20 HP has -10, and TMR 40 moves 30.
	{key: "movement.penalized", need: needs(declaring(), withTMR, moves(5, 1), func(rs *rules.Ruleset) {
		rs.Thresholds = []rules.Threshold{{AtMost: at(10), Penalty: -10}}
	}), set: func(rs *rules.Ruleset) { rs.Movement.Penalized = true },
		play: duel(damage("A", 10), next(1), screen(movementOfA)),
		want: []string{"screen: Moves 30 this round (wounds -10), 6 a segment from segment 5: 6 so far"}},
	// keep_moved: A, at 5, has moved 8 when it drops to 0 HP; B's turn at 4
	// finds it still at 8.
	{key: "movement.keep_moved", need: needs(declaring(), withTMR, moves(5, 1)), set: func(rs *rules.Ruleset) { rs.Movement.KeepMoved = true },
		play: duel(next(1), damage("A", 20), next(1), screen(movementOfA)),
		want: []string{"screen: Moved 8 this round, then stopped"}},
	{key: "movement.keep_moved", note: "without movement", need: withTMR,
		set: func(rs *rules.Ruleset) { rs.Movement.KeepMoved = true }, refused: "set stat (TMR)"},
	{key: "movement.penalized", note: "without movement", need: withTMR,
		set: func(rs *rules.Ruleset) { rs.Movement.Penalized = true }, refused: "set stat (TMR)"},
	{key: "movement.to", note: "below order.lowest", need: needs(declaring(), withTMR, moves(5, 1)),
		set: func(rs *rules.Ruleset) { rs.Movement.To = -6 }, refused: "at or above order.lowest"},

	// [withdraw]: A withdraws from B, who takes a free attack (the Combat
	// roll, d20 at 12 or more).
	{key: "withdraw.check", need: needs(combat(), withFled), set: func(rs *rules.Ruleset) { rs.Withdraw.Check = "combat" },
		play: duel(withdraws(false, "B")(15)),
		want: []string{"A withdraws from melee: a free attack for B\nB: Combat roll against A: d20: [15] = 15 vs 12 or more: Hit"}},
	// withdraw.blow: B's free attack is blowBase's blow with its weapon:
	// the Hit, then 1d6 of damage.
	{key: "withdraw.blow", need: needs(blowBase, withFled, func(rs *rules.Ruleset) { rs.Withdraw.Check = "hit" }),
		set:  func(rs *rules.Ruleset) { rs.Withdraw.Blow = "attack" },
		play: cast([]engine.NewCombatant{{Name: "A", HP: 20}, {Name: "B", HP: 20, Weapons: []rules.Weapon{sword()}}}, withdraws(false, "B")(15, 4)),
		want: []string{"B strikes at A with Sword", "A takes 4"}, gone: []string{"refused"}},
	{key: "withdraw.blow", note: "another check", need: needs(blowBase, withFled, func(rs *rules.Ruleset) { rs.Withdraw.Check = "hit2" }),
		set: func(rs *rules.Ruleset) { rs.Withdraw.Blow = "attack" }, refused: `set withdraw.check = "hit"`},
	{key: "withdraw.modifiers", need: needs(combat(), cover("shield", "No shield", "2"), func(rs *rules.Ruleset) { rs.Withdraw.Check = "combat" }),
		set:  func(rs *rules.Ruleset) { rs.Withdraw.Modifiers = []string{"shield"} },
		play: duel(withdraws(false, "B")(10)), want: []string{"B: Combat roll against A (No shield +2): d20: [10] = 10 + 2 = 12 vs 12 or more: Hit"}},
	{key: "withdraw.no_free_attack", need: needs(declaring(rules.Declaration{ID: "full", Name: "Full defense", Lose: rules.LoseAll}), combat(),
		func(rs *rules.Ruleset) { rs.Withdraw.Check = "combat" }),
		set:  func(rs *rules.Ruleset) { rs.Withdraw.NoFreeAttack = []string{"full"} },
		play: duel(declare("B", "full", 0), next(1), withdraws(false, "B")(15)), want: []string{"refused: B declared Full defense: no free attack"}},
	{key: "withdraw.fled_condition", need: needs(combat(), withFled, func(rs *rules.Ruleset) { rs.Withdraw.Check = "combat" }),
		set:  func(rs *rules.Ruleset) { rs.Withdraw.Fled = "fled" },
		play: duel(withdraws(true)(), next(2)), want: []string{"A flees the fight: no free attack\nA is Fled", "Round 2 begins\nA's turn passes: Fled\nB acts"}},
	{key: "withdraw.fled_condition", note: "with turns", need: needs(withConds(rules.ConditionDef{ID: "fled", Name: "Fled"})),
		set: func(rs *rules.Ruleset) { rs.Withdraw.Fled = "fled" }, refused: "no_turn = true"},
}

func withTMR(rs *rules.Ruleset) {
	rs.Stats = append(rs.Stats, rules.StatDef{ID: "TMR", Name: "TMR", Default: 40})
}

func moves(from, to int) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Movement = rules.Movement{Stat: "TMR", From: from, To: to} }
}

func withFled(rs *rules.Ruleset) {
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "fled", Name: "Fled", Duration: rules.UntilRemoved, NoTurn: true})
}

func attackersOfA(rs *rules.Ruleset, f *enginetest.Fight) string {
	melee, ranged, from := engine.AttackerBonus(rs, f.Get("A"))
	var why []string
	for _, b := range from {
		why = append(why, b.From)
	}
	return fmt.Sprintf("melee %+d, ranged %+d (%s)", melee, ranged, strings.Join(why, ", "))
}

func movementOfA(rs *rules.Ruleset, f *enginetest.Fight) string {
	return narrate.Movement(rs, f.Current(), f.Get("A"))
}

// withdraws has A withdraw (or flee) with a free attack for each foe named,
// its faces typed.
func withdraws(flee bool, foes ...string) func(faces ...int) act {
	return func(faces ...int) act {
		return func(t *testing.T, f *enginetest.Fight) string {
			cmd := engine.Withdraw{Flee: flee}
			for _, n := range foes {
				cmd.Foes = append(cmd.Foes, f.ID(n))
			}
			return do("A", cmd, faces...)(t, f)
		}
	}
}
