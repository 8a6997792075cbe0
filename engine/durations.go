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

// Durations merge by meaning. A condition given again while its own grant
// holds keeps whichever lasts longer, comparing like with like: until
// removed (a grant with no clock) outlasts any count; rounds against
// rounds, the end of a round against another's, a turn against another
// turn each by when they end; a count, a round's end, a turn and a save
// that are not alike are all kept, each running on its own, and the grant
// runs out with the last of them. A merged grant never ends sooner than
// either of the two would have.

// clocks reports whether an own grant runs by some clock (rounds, a
// round's end, a turn, a save): one with none lasts until removed.
func (x Condition) clocks() bool { return x.Left > 0 || x.Until > 0 || x.Anchor != 0 || x.Save }

// clocks reports whether a grant runs by some clock.
func (g grant) clocks() bool { return g.left > 0 || g.until > 0 || g.anchor != 0 || g.save }

// mergeOwn gives cur the own grant g, merged with the one it holds.
func (t *tx) mergeOwn(c *Combatant, cur *Condition, def rules.ConditionDef, g grant) {
	skip := 0
	if def.SkipActed && g.left > 0 && t.acted(c) {
		skip = t.enc.Round
	}
	switch {
	case cur.Own && !cur.clocks():
		return // until removed already: nothing lasts longer
	case !g.clocks():
		cur.Own = true
		cur.Left, cur.Until, cur.Skip, cur.Save = 0, 0, 0, false
		cur.Anchor, cur.AnchorAt, cur.AnchorSkip = 0, "", false
		return
	case !cur.Own:
		cur.Own = true
		cur.Left, cur.Until, cur.Skip, cur.Save = g.left, g.until, skip, g.save
		cur.Anchor, cur.AnchorAt, cur.AnchorSkip = g.anchor, g.anchorAt, g.skip
		return
	}
	// Rounds count down at the same points: the one with more points to
	// go (a round skipped counting as one more) ends later.
	if g.left > 0 && g.left+b2i(skip == t.enc.Round) > cur.Left+b2i(cur.Left > 0 && cur.Skip == t.enc.Round) {
		cur.Left, cur.Skip = g.left, skip
	}
	cur.Until = max(cur.Until, g.until)
	// Rounds counted down at the round's end and the end of a round are
	// alike: each ends at some round's end, and the later is kept.
	if expires := def.Expires; (expires == "" || expires == rules.AtRoundEnd) && cur.Left > 0 && cur.Until > 0 {
		last := max(t.enc.Round, 1) + cur.Left - 1 + b2i(cur.Skip == t.enc.Round)
		if last >= cur.Until {
			cur.Until = 0
		} else {
			cur.Left, cur.Skip = 0, 0
		}
	}
	if g.anchor != 0 && (cur.Anchor == 0 ||
		t.turnEnd(g.anchor, g.anchorAt, g.skip).after(t.turnEnd(cur.Anchor, cur.AnchorAt, cur.AnchorSkip))) {
		cur.Anchor, cur.AnchorAt, cur.AnchorSkip = g.anchor, g.anchorAt, g.skip
	}
	cur.Save = cur.Save || g.save
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// when is where in the fight a turn's start or end falls: the round (0
// this one), the place in the round's order, and the end after the start.
type when struct{ round, place, end int }

func (a when) after(b when) bool {
	switch {
	case a.round != b.round:
		return a.round > b.round
	case a.place != b.place:
		return a.place > b.place
	}
	return a.end > b.end
}

// turnEnd is when the next start or end (at) of the anchor's turn falls,
// the one under way not counting with skip. A turn of the next round is
// placed by this round's order (the best guess where the order is rolled
// again); one who has no place in it goes at the round's end.
func (t *tx) turnEnd(anchor int, at rules.Point, skip bool) when {
	a := t.enc.Combatant(anchor)
	w := when{end: b2i(at == rules.AtOwnTurnEnd), place: len(t.enc.Entries)}
	if a == nil {
		return w
	}
	lead := Leader(&t.enc, a)
	started, acting := false, t.enc.Status == StatusRunning && t.enc.Cur.Who == lead.ID
	for i, e := range t.enc.Entries {
		if e.Who != lead.ID {
			continue
		}
		if i < w.place {
			w.place = i
		}
		started = started || e.Started
	}
	switch {
	case at == rules.AtOwnTurnStart && (started || acting):
		w.round = 1
	case at == rules.AtOwnTurnEnd && (skip || started && !acting):
		w.round = 1
	}
	return w
}

// clockRanOut is one clock of a condition's own grant having run out: the
// grant runs out with its last clock; until then the log says how long it
// lasts on.
func (t *tx) clockRanOut(c *Combatant, def rules.ConditionDef, cur *Condition) {
	if cur.clocks() {
		t.log(EvCondition, of(c), nil, LastsOn{Condition: def.ID, Lasts: t.howLong(*cur)})
		return
	}
	t.runOut(c, def)
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
		var buf [8]string // every combatant's, at each turn: on the stack where they fit
		for _, id := range t.enc.Combatants[i].appendConditionIDs(buf[:0]) {
			if cur := t.enc.Combatants[i].condition(id); cur == nil || !cur.Own || cur.Anchor != c.ID || cur.AnchorAt != m.at {
				continue
			}
			x := t.at(i)
			cur := x.condition(id)
			if cur.AnchorSkip {
				cur.AnchorSkip = false
				continue
			}
			def, _ := t.rs.Condition(id)
			cur.Anchor, cur.AnchorAt = 0, ""
			if cur.clocks() {
				t.log(EvCondition, of(x), nil, LastsOn{Condition: id, Lasts: t.howLong(*cur)})
				continue
			}
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
		if cur := c.condition(id); cur != nil {
			cur.Save = false
			if cur.clocks() {
				t.log(EvCondition, of(c), nil, LastsOn{Condition: def.ID, Lasts: t.howLong(*cur)})
				return
			}
		}
		t.endOwn(c, def, SavedFrom{Condition: def.ID})
		t.vitals(c)
		return
	}
	t.log(EvCondition, of(c), nil, StillHeld{Condition: def.ID})
}
