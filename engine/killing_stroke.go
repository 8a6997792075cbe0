package engine

import (
	"fmt"
	"strings"
)

// The killing stroke (flurries.stroke_on, stroke_gives; War & Combat's
// coup-de-grace): a victim holding stroke_on is killed outright, without a
// roll, by one who can act and is engaged with no opponent but the victim.

// killingStroke delivers c's killing stroke on the victim id.
func (t *tx) killingStroke(c *Combatant, id int) error {
	f := t.rs.Flurries
	if f.StrokeOn == "" {
		return fmt.Errorf("%s has no killing stroke", t.rs.Name)
	}
	if id == 0 {
		return fmt.Errorf("the killing stroke needs a victim")
	}
	v, err := t.who(id)
	if err != nil {
		return err
	}
	if v == c {
		return fmt.Errorf("%s cannot strike themselves", c.Name)
	}
	on, _ := t.rs.Condition(f.StrokeOn)
	gives, _ := t.rs.Condition(f.StrokeGives)
	switch {
	case c.Out || t.noTurn(c) || c.Has(f.StrokeGives):
		return fmt.Errorf("%s cannot act", c.Name)
	case v.Has(f.StrokeGives):
		return fmt.Errorf("%s %s already", v.Name, being(gives, "is"))
	case !v.Has(f.StrokeOn):
		return fmt.Errorf("%s %s: %s", v.Name, being(on, "is not"), strings.TrimSuffix(on.Summary, "."))
	}
	if c.Flurry != nil {
		var others []string
		for _, x := range FlurryFighters(&t.enc, c.Flurry.ID) {
			if x.ID != c.ID && x.ID != v.ID {
				others = append(others, x.Name)
			}
		}
		if len(others) > 0 {
			return fmt.Errorf("%s is engaged with %s: the killing stroke needs no other opponent", c.Name, strings.Join(others, ", "))
		}
	}
	// The action it takes: an attack in a flurry fought now, else
	// flurries.stroke_action (War & Combat's quick action).
	if t.fightingFlurry(c) && f.BlowActions > 0 {
		if err := t.blowInFlurry(c); err != nil {
			return err
		}
	} else if a, ok := t.rs.Action(f.StrokeAction); ok {
		if err := t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID}); err != nil {
			return err
		}
	}
	t.log(EvCondition, of(c), nil, KillingStroke{Victim: of(v)})
	g, err := t.ownGrant(v, gives, "", 0)
	if err != nil {
		return err
	}
	if err := t.give(v, f.StrokeGives, g); err != nil {
		return err
	}
	t.leaveFlurry(v)
	t.vitals(v)
	return nil
}
