package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A stat split over the round's actions (order.split: BRP's skill over
// 100%, l.429-431): a combatant states shares of it, each at least
// order.split_least and all of it assigned, one for each of its actions
// this round at most; each action's rolls then read its own share of the
// stat in place of the whole. The shares last the round, and divide the
// skill of the weapon in hand as they are stated: the split's attacks are
// "separate attacks with the same weapon" (l.431), another refused.

// split takes a combatant's shares for the round, or refuses them with why.
func (t *tx) split(cmd Split) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	o := t.rs.Order
	if o.Split == "" {
		return fmt.Errorf("%s splits no stat over a round's actions (order.split)", t.rs.Name)
	}
	whole := SplitWhole(t.rs, c)
	actions := 0
	for _, e := range t.enc.Entries {
		if e.Who == c.ID && !e.Lost {
			actions++
		}
	}
	sum := 0
	for _, n := range cmd.Shares {
		if n < o.SplitLeast || n > dice.MaxStat {
			return fmt.Errorf("%s: each share of %s is at least %d (got %d)", c.Name, o.Split, o.SplitLeast, n)
		}
		sum += n
	}
	switch {
	case len(cmd.Shares) == 0:
		c.Shares, c.SplitWith = nil, ""
		t.log(EvSpend, of(c), nil, SplitsStat{Stat: o.Split})
		return nil
	case len(cmd.Shares) < 2:
		return fmt.Errorf("%s: a split is two shares or more", c.Name)
	case sum != whole:
		return fmt.Errorf("%s: the shares add up to %d; all of %s %d is assigned", c.Name, sum, o.Split, whole)
	case len(cmd.Shares) > actions:
		return fmt.Errorf("%s has %d action%s this round: no more shares than that", c.Name, actions, plural(actions))
	case o.SplitFirst && len(c.Struck) > 0:
		return fmt.Errorf("%s has attacked this round: a split is stated before the first attack", c.Name)
	}
	c.Shares, c.SplitWith = slices.Clone(cmd.Shares), inHand(c).Name
	t.log(EvSpend, of(c), nil, SplitsStat{Stat: o.Split, Shares: slices.Clone(cmd.Shares)})
	return nil
}

// SplitWhole is what c splits: the field of the split stat's name of the
// weapon in its hand (gear.go's inHand), where weapons have such a field
// (BRP's skill with the weapon, l.429: the spear's own 110, or the skill
// stat by default), else the stat itself.
func SplitWhole(rs *rules.Ruleset, c *Combatant) int {
	if v, ok := HandStat(rs, c, rs.Order.Split); ok {
		return v
	}
	v, _ := statsOf(rs, c)(rs.Order.Split)
	return v
}

// share is c's share of the split stat for the action under way, where c
// is the actor and has split it this round (ok false: none).
func (t *tx) share(c *Combatant) (int, bool) {
	if t.rs.Order.Split == "" || len(c.Shares) == 0 || t.enc.Cur.Who != c.ID {
		return 0, false
	}
	i := t.enc.Cur.Action
	if i < 0 || i >= len(c.Shares) {
		return 0, false
	}
	return c.Shares[i], true
}

// shareOf is s with the split stat read as the share of the action under
// way, where c is the actor and has split it this round: the stat, and the
// weapon field of its name (weapon_X, hand_X), a weapon's own value too.
func (t *tx) shareOf(c *Combatant, s dice.StatFunc) dice.StatFunc {
	share, ok := t.share(c)
	if !ok {
		return s
	}
	stat := t.rs.Order.Split
	return func(name string) (int, bool) {
		if name == stat || name == rules.WeaponPrefix+stat || name == rules.HandPrefix+stat {
			return share, true
		}
		return s(name)
	}
}

// SharesText is a split as the panel shows it: "60 / 50".
func SharesText(shares []int) string {
	var out []string
	for _, n := range shares {
		out = append(out, fmt.Sprint(n))
	}
	return strings.Join(out, " / ")
}

// splitWith refuses an attack of c's with another weapon than the one
// whose skill its split divides (BRP's "separate attacks with the same
// weapon, resolving each using one of the divided skill rating", l.431).
func (t *tx) splitWith(c *Combatant, w rules.Weapon) error {
	if len(c.Shares) == 0 || w.Name == c.SplitWith {
		return nil
	}
	with := "no weapon"
	if c.SplitWith != "" {
		with = "its " + c.SplitWith
	}
	return fmt.Errorf("%s split the skill of %s this round (%s): its attacks are with it, not %s",
		c.Name, with, SharesText(c.Shares), weaponWord(w))
}

// weaponWord names a weapon in a refusal: "its Dagger", or "bare-handed".
func weaponWord(w rules.Weapon) string {
	if w.Name == "" {
		return "bare-handed"
	}
	return "its " + w.Name
}
