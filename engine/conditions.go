package engine

import (
	"fmt"
	"fray/engine/rules"
	"slices"
)

// Condition is a condition a combatant has.
type Condition struct {
	ID string `toml:"id"`
	// Left is the rounds left of a condition that lasts rounds.
	Left int `toml:"left,omitzero"`
	// Until is the round at whose end the condition ends (end_of_round kinds).
	Until int `toml:"until,omitzero"`
	// Parent names the condition that brought this one with it.
	Parent string `toml:"parent,omitempty"`
	// Cause is set when the rules gave the condition (hp, stun, penalty) and
	// will take it away again when the cause ends.
	Cause string `toml:"cause,omitempty"`
	// Turns counts the own turns begun under the condition.
	Turns int `toml:"turns,omitzero"`
}

// Has reports whether the combatant has the condition.
func (c *Combatant) Has(id string) bool {
	return slices.ContainsFunc(c.Conditions, func(x Condition) bool { return x.ID == id })
}

// addCondition gives a condition and the ones it implies.
func (t *tx) addCondition(c *Combatant, id string, rounds int, parent, cause string) error {
	def, ok := t.rs.Condition(id)
	if !ok {
		return fmt.Errorf("%s has no condition %q", t.rs.Name, id)
	}
	if c.Has(id) {
		if rounds > 0 {
			for i := range c.Conditions {
				if c.Conditions[i].ID == id {
					c.Conditions[i].Left = max(c.Conditions[i].Left, rounds)
				}
			}
		}
		return nil
	}
	cond := Condition{ID: id, Parent: parent, Cause: cause}
	switch def.Duration {
	case rules.ForRounds:
		cond.Left = def.Rounds
		if rounds > 0 {
			cond.Left = rounds
		}
	case rules.UntilRoundEnd:
		cond.Until = max(t.enc.Round, 1)
	case rules.UntilNextRoundEnd:
		cond.Until = max(t.enc.Round, 1) + 1
	default:
		if rounds > 0 { // a duration the GM gave
			cond.Left = rounds
		}
	}
	c.Conditions = append(c.Conditions, cond)
	how := ""
	if cond.Left > 0 {
		how = fmt.Sprintf(" for %d round%s", cond.Left, plural(cond.Left))
	}
	if parent == "" {
		t.log(EvCondition, c.ID, nil, "%s is %s%s", c.Name, def.Name, how)
	}
	for _, imp := range def.Implies {
		if err := t.addCondition(c, imp, 0, id, ""); err != nil {
			return err
		}
	}
	return nil
}

// removeCondition takes a condition away with the ones it brought. A
// condition another one still implies stays.
func (t *tx) removeCondition(c *Combatant, id string, quiet bool) error {
	i := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == id })
	if i < 0 {
		return fmt.Errorf("%s is not %s", c.Name, t.condName(id))
	}
	if p := c.Conditions[i].Parent; p != "" && c.Has(p) {
		return fmt.Errorf("%s comes with %s: remove that instead", t.condName(id), t.condName(p))
	}
	c.Conditions = slices.Delete(c.Conditions, i, i+1)
	if !quiet {
		t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, t.condName(id))
	}
	for _, d := range slices.Clone(c.Conditions) {
		if d.Parent == id {
			t.removeCondition(c, d.ID, true)
		}
	}
	return nil
}

func (t *tx) condName(id string) string {
	if d, ok := t.rs.Condition(id); ok {
		return d.Name
	}
	return id
}

func (t *tx) condition(cmd Command) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Remove {
		return t.removeCondition(c, cmd.Condition, false)
	}
	if cmd.Amount < 0 || cmd.Amount > 10000 {
		return fmt.Errorf("a duration is between 1 and 10000 rounds")
	}
	if c.Has(cmd.Condition) && cmd.Amount == 0 {
		return fmt.Errorf("%s is %s already", c.Name, t.condName(cmd.Condition))
	}
	if err := t.addCondition(c, cmd.Condition, cmd.Amount, "", ""); err != nil {
		return err
	}
	t.vitals(c)
	return nil
}

// conditionsAt runs what conditions do at a point of the clock: checks and
// tables at the start of an own turn, expiry where their duration says.
func (t *tx) conditionsAt(c *Combatant, at rules.Point) {
	for _, cond := range slices.Clone(c.Conditions) {
		def, ok := t.rs.Condition(cond.ID)
		if !ok || !c.Has(cond.ID) {
			continue
		}
		idx := slices.IndexFunc(c.Conditions, func(x Condition) bool { return x.ID == cond.ID })
		cur := &c.Conditions[idx]
		if at == rules.AtOwnTurnStart && cond.Parent == "" {
			cur.Turns++
			if def.Turns > 0 && cur.Turns >= def.Turns {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s (turn %d)", c.Name, def.Name, cur.Turns)
				continue
			}
			if !def.Check.IsZero() {
				r, err := t.roll(c, def.Check, def.Name+" check")
				if err == nil && r.Total >= def.CheckTarget {
					t.removeCondition(c, cond.ID, true)
					t.log(EvCondition, c.ID, nil, "%s recovers: no longer %s", c.Name, def.Name)
					continue
				}
				if err == nil {
					t.log(EvCondition, c.ID, nil, "%s is still %s", c.Name, def.Name)
				}
			}
			if !def.TableRoll.IsZero() {
				if r, err := t.roll(c, def.TableRoll, def.Name); err == nil {
					for _, row := range def.Table {
						if r.Total <= row.UpTo {
							t.log(EvCondition, c.ID, nil, "%s (%s): %s", c.Name, def.Name, row.Text)
							break
						}
					}
				}
			}
		}
		expires := def.Expires
		if expires == "" {
			expires = rules.AtRoundEnd
		}
		switch {
		case cond.Parent != "":
		case def.Duration == rules.UntilRoundEnd || def.Duration == rules.UntilNextRoundEnd:
			if at == rules.AtRoundEnd && cur.Until <= t.enc.Round {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, def.Name)
			}
		case cur.Left > 0 && at == expires:
			cur.Left--
			if cur.Left == 0 {
				t.removeCondition(c, cond.ID, true)
				t.log(EvCondition, c.ID, nil, "%s is no longer %s", c.Name, def.Name)
			}
		}
	}
}
