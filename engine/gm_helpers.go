package engine

import (
	"fmt"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Aiming is what the GM's helpers count for a combatant: its consecutive
// aims, the rounds of initiative a critical gave (spent on the next
// action), and its parries since its turn.
type Aiming struct {
	Aim int `toml:"aim,omitzero"`
	// AimAt is the foe the aims are at (0: a place, or none named).
	AimAt int `toml:"aim_at,omitzero"`
	// Aimed is the aims' bonus an attack after them carries to its ranged
	// roll, until that roll or the end of the own turn; AimedAt the foe
	// whose roll alone takes it (0: any).
	Aimed      int `toml:"aimed,omitzero"`
	AimedAt    int `toml:"aimed_at,omitzero"`
	InitRounds int `toml:"init_rounds,omitzero"`
	Parries    int `toml:"parries,omitzero"`
	// ParriedFoes are the foes parried since its turn, each with the
	// place in the count its parry took (parry_share.go).
	ParriedFoes []ParriedFoe `toml:"parried_foes,omitempty"`
	// Distracted: a hurt or a forced move put its spell or aim at stake
	// until a Resistance Roll keeps it (distracted.go).
	Distracted bool `toml:"distracted,omitempty"`
	// AimedNow: it aimed in the own turn under way; a turn that ends
	// without it loses the aims (aimedAt).
	AimedNow bool `toml:"aimed_now,omitempty"`
	// AimStepped: a Step was taken while holding the aims (an action
	// that keeps_aim); AimedStill: the attack after the aims followed
	// them with no Step or move since the first, so a modifier that
	// needs_still_aim may go on its roll (Pathmaster's braced crossbow,
	// l.551-553), until that roll or the end of the own turn.
	AimStepped bool `toml:"aim_stepped,omitempty"`
	AimedStill bool `toml:"aimed_still,omitempty"`
}

// aimAndInitiative keeps the aim count and spends initiative rounds.
func (t *tx) aimAndInitiative(c *Combatant, a rules.ActionDef, at int) {
	switch {
	case a.Aim:
		if c.AimAt != at {
			// Aiming at another target starts the count again (l.547-555).
			c.Aim = 0
		}
		if c.Aim == 0 {
			// The first aim of a series: no Step taken in it yet.
			c.AimStepped = false
		}
		c.Aim++
		c.AimAt = at
		c.AimedNow = true
		if b := AimBonus(t.rs, c.Aim); b > 0 {
			t.log(EvSpend, of(c), nil, Aims{Aims: c.Aim, Bonus: b})
		}
	case a.Attack:
		if c.Aim > 0 {
			t.log(EvSpend, of(c), nil, AttacksAfterAim{Aims: c.Aim, Bonus: AimBonus(t.rs, c.Aim)})
		}
		c.Aimed, c.AimedAt = AimBonus(t.rs, c.Aim), c.AimAt
		c.AimedStill = c.Aim > 0 && !c.AimStepped
		c.Aim, c.AimAt, c.AimStepped = 0, 0, false
	case a.KeepsAim:
		// A single Step while aiming keeps the aims (l.550), but is a move
		// a braced crossbow does not allow (l.551-553).
		c.AimStepped = c.AimStepped || c.Aim > 0
	default:
		// Any other action loses the aim, dropping an item too (l.556).
		c.Aim, c.AimAt = 0, 0
	}
	if !c.AtStake() {
		c.Distracted = false
	}
	if c.InitRounds > 0 && !t.rs.Helpers.InitRoundsOnRoll && !a.Passive && !a.Aim {
		t.log(EvSpend, of(c), nil, SpendsInitRounds{Rounds: c.InitRounds, Bonus: c.InitRounds * t.rs.Helpers.InitRoundBonus})
		c.InitRounds = 0
	}
}

// GuardAim names the aims' bonus where a roll's modifiers list it.
const GuardAim = "(aim)"

// aimedMod is the aims' bonus (helpers.aim_bonus) on the ranged roll of
// the attack that followed them (Pathmaster l.554-555), where it is made
// at the foe they were at.
func aimedMod(c, foe *Combatant, k rules.RollKind) (CheckMod, bool) {
	if c.Aimed == 0 || !rules.Reaches(rules.RollRanged, k) || c.AimedAt != 0 && (foe == nil || foe.ID != c.AimedAt) {
		return CheckMod{}, false
	}
	return CheckMod{Guard: GuardAim, Value: c.Aimed}, true
}

// aimedSpent spends the aims' bonus on the roll that took it.
func (t *tx) aimedSpent(c *Combatant, m Modifiers) {
	for _, x := range m.Mods {
		if x.Guard == GuardAim && !x.Target {
			c.Aimed, c.AimedAt = 0, 0
			return
		}
	}
}

// aimedAt lets the aims' bonus lapse at the end of the own turn whose
// attack did not roll.
func (t *tx) aimedAt(c *Combatant, m moment) {
	if m.at == rules.AtOwnTurnEnd {
		c.Aimed, c.AimedAt, c.AimedStill = 0, 0, false
		// The aims count only "immediately before" the attack (Pathmaster
		// l.417-419): an own turn with no Aim in it (one that stood still,
		// l.222-223) loses them, as any other action would (l.556).
		if c.Aim > 0 && !c.AimedNow {
			t.log(EvSpend, of(c), nil, AimsLapse{Aims: c.Aim})
			c.Aim, c.AimAt = 0, 0
		}
		c.AimedNow = false
	}
}

// GuardInitiative names the initiative rounds' bonus where a roll's
// modifiers list it.
const GuardInitiative = "(initiative)"

// initRoundsMod is the bonus of the rounds of initiative a critical gave
// (helpers.init_round_bonus each, Pathmaster l.871-874): it goes on the
// next attack or maneuver roll, whatever actions come first
// (helpers.init_rounds_on_roll).
func initRoundsMod(rs *rules.Ruleset, c *Combatant, k rules.RollKind) (CheckMod, bool) {
	if c.InitRounds == 0 || rs.Helpers.InitRoundBonus == 0 || !rs.Helpers.InitRoundsOnRoll || !positionReaches(k) {
		return CheckMod{}, false
	}
	return CheckMod{Guard: GuardInitiative, Value: c.InitRounds * rs.Helpers.InitRoundBonus}, true
}

// initRoundsSpent spends the rounds of initiative on a roll that took them.
func (t *tx) initRoundsSpent(c *Combatant, m Modifiers) {
	for _, x := range m.Mods {
		if x.Guard == GuardInitiative && !x.Target {
			t.log(EvSpend, of(c), nil, SpendsInitRounds{Rounds: c.InitRounds, Bonus: x.Value})
			c.InitRounds = 0
			return
		}
	}
}

// AimBonus is the extra bonus for n consecutive aims.
func AimBonus(rs *rules.Ruleset, n int) int {
	b := rs.Helpers.AimBonus
	if n < 1 || len(b) == 0 {
		return 0
	}
	return b[min(n, len(b))-1]
}

// ResistanceTarget is what a Resistance Roll must reach.
func ResistanceTarget(rs *rules.Ruleset, attack, defend int) int {
	h := rs.Helpers
	return h.ResistanceBase + h.ResistanceStep*(attack-defend)
}

// ResistanceTiers are the tiers a margin brings: the best tier alone, or
// every tier from the second best down to the one the margin falls in (the
// effects are cumulative).
func ResistanceTiers(rs *rules.Ruleset, margin int) []string {
	tiers := rs.Helpers.ResistanceTiers
	if len(tiers) == 0 {
		return nil
	}
	if margin >= tiers[0].From {
		return []string{tiers[0].Name}
	}
	var out []string
	for _, x := range tiers[1:] {
		out = append(out, x.Name)
		if margin >= x.From {
			break
		}
	}
	return out
}

func (t *tx) resist(cmd Resist) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if t.rs.Helpers.ResistanceRoll.IsZero() {
		return fmt.Errorf("%s has no resistance rolls", t.rs.Name)
	}
	if cmd.Keep && (!c.Distracted || !c.AtStake()) {
		return fmt.Errorf("%s has no spell or aim at stake: a hurt or a forced move puts them there", c.Name)
	}
	kind, known := t.rs.Helpers.ResistanceKind(cmd.Kind)
	switch {
	case cmd.Kind != "" && !known:
		return fmt.Errorf("%s has no Resistance Roll against %q", t.rs.Name, cmd.Kind)
	case cmd.Kind != "" && cmd.Keep:
		return fmt.Errorf("a Resistance Roll to keep a spell or an aim is against losing it, not against %s", kind.Name)
	}
	if cmd.AttackLevel < 0 || cmd.AttackLevel > 1000 || cmd.DefenceLevel < 0 || cmd.DefenceLevel > 1000 {
		return fmt.Errorf("levels are 0 to 1000")
	}
	src := t.rs.Helpers.ResistanceRoll.String()
	if strings.TrimSpace(cmd.Expr) != "" {
		src += " + (" + cmd.Expr + ")"
	}
	e, err := dice.Parse(src)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Expr, err)
	}
	target := ResistanceTarget(t.rs, cmd.AttackLevel, cmd.DefenceLevel)
	// What reaches a Resistance Roll (Pathmaster's Panicked: -20).
	m, err := t.rollMods(c, Rolling{Kind: rules.RollResistance, Reads: []dice.Expr{t.rs.Helpers.ResistanceRoll}})
	if err != nil {
		return err
	}
	r, err := t.edged(m.Edge).Roll(e, t.statsOf(c))
	if err != nil {
		return err
	}
	margin := r.Total + m.Total - target
	against := cmd.Against
	if cmd.Keep {
		against = c.stakeName()
	}
	if against == "" {
		against = kind.Name
	}
	t.log(EvRoll, of(c), &r, Resisted{Against: Text(against), Attack: cmd.AttackLevel, Defence: cmd.DefenceLevel, Target: target,
		Margin: margin, Mods: namedMods(m), Kind: cmd.Kind, Keep: cmd.Keep})
	if cmd.Keep {
		return t.keptOrLost(c, margin >= 0)
	}
	if margin >= 0 {
		t.resisted(c, kind.Ends)
	}
	return nil
}

// resisted takes away what others hold at c that its Resistance Roll made
// ends (helpers.resistance_kinds.ends): Pathmaster's Feint (l.511-513).
func (t *tx) resisted(c *Combatant, ends []string) {
	for _, o := range t.enc.Combatants {
		if o.ID == c.ID {
			continue
		}
		for _, id := range ends {
			if x := o.condition(id); x != nil && x.On == c.ID {
				t.checkTake(t.mine(o), id)
			}
		}
	}
}

// ParryFactor is the percent of the parry bonus for the n-th parry in a round.
func ParryFactor(rs *rules.Ruleset, n int) int {
	f := rs.Helpers.ParryFactors
	if n < 1 || len(f) == 0 {
		return 100
	}
	if n <= len(f) {
		return f[n-1]
	}
	v := f[len(f)-1]
	for range n - len(f) {
		v /= 2
	}
	return v
}

func (t *tx) parry(cmd Parry) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if len(t.rs.Helpers.ParryFactors) == 0 {
		return fmt.Errorf("%s does not reduce multiple parries", t.rs.Name)
	}
	c.Parries++
	t.log(EvSpend, of(c), nil, Parries{Nth: c.Parries, Percent: ParryFactor(t.rs, c.Parries)})
	return nil
}

// MultiStrike lists the penalty of each attack a multi-strike gives at ranks.
func MultiStrike(rs *rules.Ruleset, ranks int) []int {
	h := rs.Helpers
	if h.MultiStrikeRanks <= 0 {
		return []int{0}
	}
	out := make([]int, min(1+max(ranks, 0)/h.MultiStrikeRanks, 20))
	for i := range out {
		out[i] = i * h.MultiStrikePenalty
	}
	return out
}

// initRounds gives rounds of initiative from a critical, spent by the next attack or maneuver roll.
func (t *tx) initRounds(cmd InitRounds) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Rounds < 1 || cmd.Rounds > 100 {
		return fmt.Errorf("1 to 100 rounds of initiative")
	}
	c.InitRounds += cmd.Rounds
	t.log(EvSpend, of(c), nil, GainsInitRounds{Rounds: cmd.Rounds, Bonus: c.InitRounds * t.rs.Helpers.InitRoundBonus})
	return nil
}

// helpersAt starts the count of parries afresh at each own turn: the
// parries are those between one's own turns, and what is left of them is
// lost when one's next turn starts (Pathmaster l.1107, 1116).
func (t *tx) helpersAt(c *Combatant, m moment) {
	switch m.at {
	case rules.AtOwnTurnStart:
		c.Parries, c.ParriedFoes = 0, nil
		if t.rs.Guard.AllotLapses && c.Allotted != 0 {
			t.log(EvSpend, of(c), nil, ParryLapses{Was: c.Allotted})
			c.Allotted = 0
		}
	case rules.AtRoundStart:
		// BRP's parries and dodges are counted by the round.
		c.Defending = Defending{}
	}
}

// DefenceMod is what the combatant's next defence check takes: the step
// for each defence it rolled this round (helpers.defence_step).
func DefenceMod(rs *rules.Ruleset, c *Combatant) int {
	return c.Defences * rs.Helpers.DefenceStep
}
