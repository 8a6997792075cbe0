package rules

import "fray/engine/dice"

// Declaration is a choice a combatant declares at the start of a round,
// before initiative is rolled (order.roll_after): how it moves, a weapon
// drawn, a stance. It holds for the round.
type Declaration struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Initiative is added to every action's initiative this round.
	Initiative int `toml:"initiative"`
	// Divide divides a rank order's rank this round, rounded up, before
	// anything else is added (BRP's movement: 2, 4).
	Divide int `toml:"divide"`
	// PerAmount is added to the initiative for each of the amount declared
	// (BRP: -5 a rank for each extra non-combat action).
	PerAmount int `toml:"per_amount"`
	// Lose is how many of the round's actions it gives up; several
	// declarations' losses add up, to all the round's actions at most.
	Lose Lose `toml:"lose"`
	// Amount, when set, is the most the GM may declare of it (a formula:
	// "weapon_rank * 5"); the declaration then takes an amount from 1 up.
	Amount dice.Expr `toml:"amount"`
	// Stats are added to the combatant's stats for the round: formulas of
	// its stats and of amount ("-amount", "amount / 2").
	Stats map[string]dice.Expr `toml:"stats"`
	// Movement, when set, is the combatant's movement this round in place
	// of movement.stat: a formula of its stats ("TMR / 2", "0").
	Movement dice.Expr `toml:"movement"`
	// RangedBonus is what ranged attackers gain against it this round
	// (careful aim, no movement: a stationary target, +10).
	RangedBonus int `toml:"ranged_bonus"`
	// Repeat lets it be declared more than once a round, each counting on
	// its own (another free action: an action for each).
	Repeat bool `toml:"repeat"`
	// Excludes are declarations it cannot be made with, whichever comes
	// first (no movement: not with run and attack).
	Excludes []string `toml:"excludes"`
	// Alone: nothing else may be declared beside it (desperate defense:
	// no other actions in the round).
	Alone bool `toml:"alone"`
	// Pays is a pool the amount declared is paid from (0 allowed: nothing
	// paid), as its step in the phase that names it (phases.declared) is
	// left, not held: BRP's power points, spent on the INT rank the power
	// is used (l.59). A power held past the last rank costs nothing.
	Pays string `toml:"pays"`
	// Carries: when the round's actions are all given up and this is
	// among what gave them up, it holds into the next round once, giving
	// up nothing there (countdown's careful aim with a single attack: the
	// round spent aiming, the shot the next).
	Carries bool `toml:"carries"`
	// Moves: declaring it moves its maker this round (BRP's movement and
	// Disengage): a condition with no_movement refuses it (BRP's Entangled).
	Moves bool `toml:"moves"`
	// Disengages: its maker leaves the melee if every defence it rolls
	// this round succeeds (BRP's Disengage, l.111): the first that fails
	// is logged as the disengage failing, and the round's end says the
	// others are free to move away.
	Disengages bool `toml:"disengages"`
	// Rank is a stat: the round's action of its maker goes on that stat's
	// rank in the action countdown, in place of its initiative (BRP's
	// option, l.63: a power on its INT rank beside the DEX ranks). Its
	// pays are paid as that step is done.
	Rank string `toml:"rank"`
}

// Lose says how many of a round's n actions a declaration gives up.
type Lose string

// Losses.
const (
	LoseOne      Lose = "one"       // one action
	LoseHalfDown Lose = "half_down" // half, rounded down (move and attack)
	LoseHalfUp   Lose = "half_up"   // half, rounded up (ready a shield)
	LoseKeepHalf Lose = "keep_half" // all but half, rounded down, keeping at least one (run and attack)
	LoseKeepOne  Lose = "keep_one"  // all but one (picking up a dropped weapon)
	LoseAll      Lose = "all"       // every action (full defense)
)

// Losses are the losses a declaration may choose.
var Losses = []Lose{LoseOne, LoseHalfDown, LoseHalfUp, LoseKeepHalf, LoseKeepOne, LoseAll}

// Of is how many of n actions the loss gives up.
func (l Lose) Of(n int) int {
	switch l {
	case LoseOne:
		return min(1, n)
	case LoseHalfDown:
		return n / 2
	case LoseHalfUp:
		return (n + 1) / 2
	case LoseKeepHalf:
		return n - min(n, max(1, n/2))
	case LoseKeepOne:
		return max(n-1, 0)
	case LoseAll:
		return n
	}
	return 0
}

// DeclaredAmount is the name a declaration's stat formulas read its amount by.
const DeclaredAmount = "amount"

// Declaration returns the ruleset's declaration with the id.
func (rs *Ruleset) Declaration(id string) (Declaration, bool) {
	for _, d := range rs.Declarations {
		if d.ID == id {
			return d, true
		}
	}
	return Declaration{}, false
}
