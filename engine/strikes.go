package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// A full round of attacks (actions.strikes; Pathmaster l.230-259, 442-444):
// taking the action counts the strikes it gives, and each attack roll the
// attacker makes in that turn takes the next strike's modifier, named in
// its log line. The multi-strike gives one strike and one more for each
// helpers.multi_strike_ranks ranks in the attack skill, each a further
// helpers.multi_strike_penalty; two weapons give a strike with each hand,
// both at the lower of the attack skill and the Two-Weapon Combat skill,
// the off-hand's with helpers.off_hand, and with more than
// multi_strike_ranks ranks in both, the multi-strike's strikes beside the
// off-hand's one; a double-tap gives two shots at no penalty. The
// multi-strike and two weapons strike in melee: a weapon with a reload or
// a spell's casting time cannot be used in them (l.236). What is left of
// the strikes lapses at the end of the turn.

// Striking is what a combatant keeps of a full round of attacks: its kind,
// the strikes it gave and how many are rolled, how many are the primary
// weapon's (the rest is the off-hand's one), each primary strike's step,
// and the skill cut and off-hand modifier worked out as it was taken.
type Striking struct {
	Strikes    string `toml:"strikes,omitempty"`
	StrikeOf   int    `toml:"strike_of,omitzero"`
	StrikeNext int    `toml:"strike_next,omitzero"`
	Primaries  int    `toml:"primaries,omitzero"`
	StrikeStep int    `toml:"strike_step,omitzero"`
	StrikeCut  int    `toml:"strike_cut,omitzero"`
	OffHandMod int    `toml:"off_hand_mod,omitzero"`
}

// StrikeMod is the modifier of the i-th strike (from 0), and whether it is
// the off-hand's.
func (s Striking) StrikeMod(i int) (int, bool) {
	if i >= s.Primaries {
		return s.StrikeCut + s.OffHandMod, true
	}
	return i*s.StrikeStep + s.StrikeCut, false
}

// strikeReaches reports whether a roll of the kind takes the strikes of kind.
func strikeReaches(kind string, k rules.RollKind) bool {
	if kind == rules.StrikesDouble {
		return rules.Reaches(rules.RollRanged, k)
	}
	return rules.Reaches(rules.RollMelee, k)
}

// strikeMod is the modifier an attack roll of the kind takes from the
// strike it is, if any.
func strikeMod(c *Combatant, ch *rules.Check, k rules.RollKind) (CheckMod, bool) {
	if ch == nil || ch.Defence || c.Strikes == "" || c.StrikeNext >= c.StrikeOf || !strikeReaches(c.Strikes, k) {
		return CheckMod{}, false
	}
	v, off := c.StrikeMod(c.StrikeNext)
	name := fmt.Sprintf("strike %d of %d", c.StrikeNext+1, c.StrikeOf)
	if off {
		name += ", off-hand"
	}
	return CheckMod{Strike: name, Value: v}, true
}

// strikeSpent counts the strike a roll took.
func (t *tx) strikeSpent(c *Combatant, m Modifiers) {
	for _, x := range m.Mods {
		if x.Strike != "" {
			c.StrikeNext++
			return
		}
	}
}

// strikesRefuse refuses a ranged attack roll in the middle of a melee
// round of strikes: a weapon with a reload time has no part in it.
func strikesRefuse(c *Combatant, k rules.RollKind) error {
	if c.Strikes == "" || c.Strikes == rules.StrikesDouble || c.StrikeNext >= c.StrikeOf || !rules.Overlaps(rules.RollRanged, k) {
		return nil
	}
	return fmt.Errorf("%s is in a Full-Round Attack (%d of %d strikes left): its strikes are in melee, and no weapon with a reload "+
		"time is used in one", c.Name, c.StrikeOf-c.StrikeNext, c.StrikeOf)
}

// strikesAllow refuses a full round of attacks while a spell or a load is
// under way, and a multi-strike without the ranks for a second strike.
func (t *tx) strikesAllow(c *Combatant, a rules.ActionDef) error {
	if a.Strikes == "" {
		return nil
	}
	if c.Casting != nil {
		return fmt.Errorf("%s is preparing %s: %s cannot be used with a casting time", c.Name, c.Casting.Spell, a.Name)
	}
	if c.Ext != nil {
		if x, ok := t.rs.Action(c.Ext.Action); ok && x.Resumable {
			return fmt.Errorf("%s is in the middle of %s: %s cannot be used with a reload time", c.Name, x.Name, a.Name)
		}
	}
	if a.Strikes == rules.StrikesMulti {
		h := t.rs.Helpers
		if ranks := c.Stats[h.StrikeRanks]; ranks < h.MultiStrikeRanks {
			return fmt.Errorf("%s has %d ranks in %s: a multi-strike needs %d", c.Name, ranks, h.StrikeRanks, h.MultiStrikeRanks)
		}
	}
	return nil
}

// countStrikes counts the strikes of a full round of attacks as it is taken.
func (t *tx) countStrikes(c *Combatant, a rules.ActionDef) error {
	if a.Strikes == "" {
		return nil
	}
	h := t.rs.Helpers
	s := Striking{Strikes: a.Strikes}
	switch a.Strikes {
	case rules.StrikesDouble:
		s.Primaries = 2
	case rules.StrikesMulti:
		s.Primaries, s.StrikeStep = len(MultiStrike(t.rs, c.Stats[h.StrikeRanks])), h.MultiStrikePenalty
	case rules.StrikesTwoWeapons:
		skill := c.Stats[h.StrikeSkill]
		s.StrikeCut = min(skill, c.Stats[h.TwoWeaponSkill]) - skill
		s.Primaries = 1
		if h.StrikeRanks != "" && c.Stats[h.StrikeRanks] > h.MultiStrikeRanks && c.Stats[h.TwoWeaponRanks] > h.MultiStrikeRanks {
			s.Primaries, s.StrikeStep = len(MultiStrike(t.rs, c.Stats[h.StrikeRanks])), h.MultiStrikePenalty
		}
		if !h.OffHand.IsZero() {
			v, err := formula(h.OffHand, t.statsOf(c))
			if err != nil {
				return fmt.Errorf("helpers.off_hand: %w", err)
			}
			s.OffHandMod = v
		}
	}
	s.StrikeOf = s.Primaries
	if a.Strikes == rules.StrikesTwoWeapons {
		s.StrikeOf++
	}
	c.Striking = s
	f := StrikesCounted{Action: a.ID, OffHand: a.Strikes == rules.StrikesTwoWeapons}
	for i := range s.StrikeOf {
		v, _ := s.StrikeMod(i)
		f.Mods = append(f.Mods, v)
	}
	t.log(EvSpend, of(c), nil, f)
	return nil
}

// onStrikes marks what the outcome of a roll made as a strike gave its
// roller at the foe as reaching the strikes left of that round alone
// (Pathmaster's Feint among a Full-Round Attack's strikes, l.234-235).
func (t *tx) onStrikes(c *Combatant, out rules.Outcome) {
	for _, e := range out.Effects {
		if x := c.condition(e.Give); e.AtFoe && e.To != rules.ToTarget && x != nil && x.Own {
			x.OnStrikes = true
		}
	}
}

// strikesAt lets what is left of the strikes lapse at the end of the turn,
// and what a strike gave for them (onStrikes).
func (t *tx) strikesAt(c *Combatant, m moment) {
	if m.at != rules.AtOwnTurnEnd {
		return
	}
	for _, x := range slices.Clone(c.Conditions) {
		if def, ok := t.rs.Condition(x.ID); ok && x.OnStrikes && x.Own {
			t.endOwn(c, def, StrikesOver{Condition: x.ID})
		}
	}
	if c.Strikes == "" {
		return
	}
	if left := c.StrikeOf - c.StrikeNext; left > 0 {
		t.log(EvEnds, of(c), nil, StrikesLapse{Left: left})
	}
	c.Striking = Striking{}
}

// StrikesCounted: Who took Action, a full round of attacks, and has the
// strikes whose modifiers are Mods (the last the off-hand's where OffHand).
type StrikesCounted struct {
	Action  string
	Mods    []int `players:"roll"`
	OffHand bool
}

// StrikesOver: Who's Condition, given by a strike for the strikes left of
// its full round, ends with them.
type StrikesOver struct {
	Condition string
}

// StrikesLapse: Who's turn ended with Left strikes of its full round unrolled.
type StrikesLapse struct {
	Left int `players:"public"`
}

func (StrikesCounted) isFact() {}
func (StrikesLapse) isFact()   {}
func (StrikesOver) isFact()    {}
