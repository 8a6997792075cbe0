package engine

import (
	"fmt"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Durations the GM gives besides the ruleset's: until the start or the end
// of a named combatant's next turn (a blessing to the end of the caster's
// next turn), and until a save (the ruleset's save_ends check, rolled by
// the holder at the point it gives). The anchor is GiveCondition.Anchor,
// the holder itself when 0.
const (
	UntilTurnEnd   rules.Duration = "end_of_turn"
	UntilTurnStart rules.Duration = "start_of_turn"
	SaveEnds       rules.Duration = "save_ends"
)

// TurnDurations are the durations the GM may give that the ruleset's
// conditions do not name.
var TurnDurations = []rules.Duration{UntilTurnEnd, UntilTurnStart, SaveEnds}

// giveUntilTurn gives a condition until a turn's start or end, or a save.
func (t *tx) giveUntilTurn(c *Combatant, cmd GiveCondition) error {
	g := grant{own: true}
	switch cmd.Duration {
	case SaveEnds:
		if t.rs.SaveEnds.Check == "" {
			return fmt.Errorf("%s has no save that ends an effect (save_ends.check)", t.rs.Name)
		}
		g.save = true
	default:
		if t.rs.Order.Kind == rules.OrderNone {
			return fmt.Errorf("%s has no turns", t.rs.Name)
		}
		anchor := c
		if cmd.Anchor != 0 {
			var err error
			if anchor, err = t.who(cmd.Anchor); err != nil {
				return err
			}
		}
		g.anchor, g.anchorAt = anchor.ID, rules.AtOwnTurnStart
		if cmd.Duration == UntilTurnEnd {
			g.anchorAt = rules.AtOwnTurnEnd
			// The turn under way is not its next one: it ends at the end
			// of the one after.
			g.skip = t.enc.Status == StatusRunning && t.enc.Cur.Who == Leader(&t.enc, anchor).ID
		}
	}
	if err := t.give(c, cmd.Condition, g); err != nil {
		return err
	}
	t.vitals(c)
	return nil
}

// anchorOf is the combatant at whose turn a condition ends, as the log
// names it (a name "": it has left the fight).
func (t *tx) anchorOf(id int) Subject {
	if a := t.enc.Combatant(id); a != nil {
		return of(a)
	}
	return Subject{ID: id}
}

// turnDurationsAt ends, at c's own turn's start or end, the grants anchored
// there (on anyone), and rolls c's saves where the ruleset rolls them.
func (t *tx) turnDurationsAt(c *Combatant, m moment) {
	if m.at != rules.AtOwnTurnStart && m.at != rules.AtOwnTurnEnd {
		return
	}
	for i := range t.enc.Combatants {
		x := &t.enc.Combatants[i]
		for _, id := range x.conditionIDs() {
			cur := x.condition(id)
			if cur == nil || !cur.Own || cur.Anchor != c.ID || cur.AnchorAt != m.at {
				continue
			}
			if cur.AnchorSkip {
				cur.AnchorSkip = false
				continue
			}
			def, _ := t.rs.Condition(id)
			t.endOwn(x, def, TurnOver{Condition: id, Turn: of(c), End: m.at == rules.AtOwnTurnEnd})
			t.vitals(x)
		}
	}
	if t.rs.SaveEnds.Check == "" || m.at != t.rs.SaveEnds.SavePoint() {
		return
	}
	for _, id := range c.conditionIDs() {
		if cur := c.condition(id); cur != nil && cur.Own && cur.Save {
			t.save(c, id)
		}
	}
}

// save rolls the ruleset's save for a condition held until one: on a
// success it ends.
func (t *tx) save(c *Combatant, id string) {
	ch, _ := t.rs.Check(t.rs.SaveEnds.Check)
	def, _ := t.rs.Condition(id)
	res, err := RunCheck(t.rs, ch, t.statsOf(c), nil, dice.Expr{}, t.roller.Rand)
	if err != nil {
		t.log(EvRoll, of(c), nil, SaveError{Check: ch.ID, Condition: def.ID, Err: Text(err.Error())})
		return
	}
	t.log(EvRoll, of(c), &res.Roll, SaveRolled{Check: ch.ID, Condition: def.ID, Result: resultOf(res)})
	if res.Success {
		t.endOwn(c, def, SavedFrom{Condition: def.ID})
		t.vitals(c)
		return
	}
	t.log(EvCondition, of(c), nil, StillHeld{Condition: def.ID})
}
