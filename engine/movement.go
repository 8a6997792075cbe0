package engine

import (
	"fmt"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// AttackAndMove is attack and move this round: set by it, a combatant's
// movement begins at segment MoveFrom, at half the rate.
type AttackAndMove struct {
	MoveLate bool `toml:"move_late,omitempty"`
	MoveFrom int  `toml:"move_from,omitzero"`
	// Stopped: kept from moving since mid-round (stunned, down), with
	// movement.keep_moved; Moved is what it had covered by then.
	Stopped bool `toml:"stopped,omitempty"`
	Moved   int  `toml:"moved,omitzero"`
	// Rerated: its rate changed mid-movement (movement.penalized: a wound
	// or healing moved its wound modifier); Kept is what it had covered
	// by then, the count at KeptAt, and the new rate goes on from there.
	Rerated bool `toml:"rerated,omitempty"`
	Kept    int  `toml:"kept,omitzero"`
	KeptAt  int  `toml:"kept_at,omitzero"`
}

// Movement: in a segments order with movement (countdown: segments 10 to
// 1), each combatant covers an equal share of its round's movement every
// segment of it. A declaration may change the round's movement (move and
// attack: half; no movement: none); attack and move (a check's move_after)
// starts it later, at half the rate, and gives up the actions after it.

// Moving is how a combatant moves this round, as the count stands.
type Moving struct {
	// Amount is what it would cover over the whole of movement (from
	// movement.from to movement.to); From is the segment it begins at.
	Amount, From int
	// Round is what it covers this round; Done what it has covered by the
	// segment the count has reached.
	Round, Done int
	// Why names what changed it: a declaration, attack and move.
	Why string
	// Stopped: it was kept from moving mid-round, after moving Done.
	Stopped bool
	// Rerated: its rate changed at segment KeptAt, Kept covered by then;
	// Amount is the rate from there on.
	Rerated      bool
	Kept, KeptAt int
}

// MovementOf works out how c moves this round; ok is false where the
// ruleset has no movement.
func MovementOf(rs *rules.Ruleset, enc *Encounter, c *Combatant) (Moving, bool) {
	return movementOf(rs, enc, c, true)
}

// movementOf is MovementOf, asking the gate or not.
func movementOf(rs *rules.Ruleset, enc *Encounter, c *Combatant, gate bool) (Moving, bool) {
	mv := rs.Movement
	n := mv.Segments()
	if n <= 0 {
		return Moving{}, false
	}
	stats := statsOf(rs, c)
	base, _ := stats(mv.Stat)
	var why []string
	if p := Penalty(rs, c); mv.Penalized && p != 0 {
		// The wound modifiers come off the stat itself: a declaration's
		// share of it (TMR / 2) is a share of what is left.
		base = max(base+p, 0)
		why = append(why, fmt.Sprintf("wounds %d", p))
		stats = withStat(stats, mv.Stat, base)
	}
	m := Moving{Amount: base, From: mv.From}
	for _, x := range c.Declared {
		d, ok := rs.Declaration(x.ID)
		if !ok || d.Movement.IsZero() {
			continue
		}
		if v, err := formula(d.Movement, stats); err == nil {
			m.Amount = min(m.Amount, max(v, 0))
			why = append(why, d.Name)
		}
	}
	if c.MoveLate {
		// Attack and move: 1/20 of the base a segment, from its segment.
		m.Amount, m.From = min(m.Amount, base/2), min(c.MoveFrom, mv.From)
		why = append(why, "attack and move")
	}
	if gate && enc.Status == StatusRunning {
		// The gate: one who is down, immobile or has no turn moves not at all,
		// or no further than it had moved when it was stopped (keep_moved).
		if v := May(rs, enc, c, Act{Kind: ActMove}); !v.Allowed() {
			if mv.KeepMoved && c.Stopped && c.Moved > 0 {
				return Moving{Amount: m.Amount, From: m.From, Round: c.Moved, Done: c.Moved, Why: v.Why, Stopped: true}, true
			}
			m.Amount, why = 0, []string{v.Why}
		}
	}
	m.Why = strings.Join(why, ", ")
	segs := max(m.From-mv.To+1, 0)
	m.Round = m.Amount * segs / n
	m.Done = m.Amount * passed(enc, m.From, mv.To) / n
	if c.Rerated {
		// What was covered before the rate changed stays covered; the new
		// rate counts from the segment after.
		at := passed(&Encounter{Count: Count{Reached: c.KeptAt, Started: true}}, m.From, mv.To)
		m.Rerated, m.Kept, m.KeptAt = true, c.Kept, c.KeptAt
		m.Round = c.Kept + m.Amount*max(segs-at, 0)/n
		m.Done = c.Kept + m.Amount*max(passed(enc, m.From, mv.To)-at, 0)/n
	}
	return m, true
}

// keepMovedAtNewRate keeps, after each change to the fight, what a
// combatant had moved this round when its wound modifier changed
// mid-movement (movement.penalized): the new rate goes on from the
// segment reached, not from the round's first (countdown l.67-69: TMR
// less the wound modifier, the feet already moved not taken back).
func (t *tx) keepMovedAtNewRate(before *Encounter) {
	mv := t.rs.Movement
	if !mv.Penalized || mv.Segments() <= 0 || t.enc.Status != StatusRunning || before.Status != StatusRunning ||
		t.enc.Round != before.Round || !t.enc.Count.Started {
		return
	}
	for i, c := range t.enc.Combatants {
		was := before.Combatant(c.ID)
		if was == nil || was == c || c.Stopped || Penalty(t.rs, c) == Penalty(t.rs, was) {
			continue
		}
		m, ok := movementOf(t.rs, &t.enc, was, false)
		if !ok || passed(&t.enc, m.From, mv.To) == 0 {
			continue // not moving yet: the new rate is the round's
		}
		c = t.at(i)
		c.Rerated, c.Kept, c.KeptAt = true, m.Done, t.enc.Count.Reached
	}
}

// withStat is stats with name read as v.
func withStat(stats dice.StatFunc, name string, v int) dice.StatFunc {
	return func(s string) (int, bool) {
		if s == name {
			return v, true
		}
		return stats(s)
	}
}

// passed is how many of the segments from..to the count has reached.
func passed(enc *Encounter, from, to int) int {
	if from < to || !enc.Count.Started {
		return 0
	}
	return min(max(from-enc.Count.Reached+1, 0), from-to+1)
}

// MovementShare is the share of the round's movement done by the segment
// the count has reached, in percent; ok is false where the ruleset has no
// movement or the count is not in it.
func MovementShare(rs *rules.Ruleset, enc *Encounter) (pct int, ok bool) {
	mv := rs.Movement
	n := mv.Segments()
	r := enc.Count.Reached
	if n <= 0 || !enc.Count.Started || r > mv.From || r < mv.To {
		return 0, false
	}
	return passed(enc, mv.From, mv.To) * 100 / n, true
}

// attackMove is attack and move: c begins to move k segments after its
// last action this round, at half the rate, and gives up the actions
// after it. After an action before movement it moves from movement's
// first segment; one that would begin after movement's last does not move.
func (t *tx) attackMove(c *Combatant, k int) error {
	mv := t.rs.Movement
	last, ok := 0, false
	var rest []*Entry
	for i := range t.enc.Entries {
		e := &t.enc.Entries[i]
		if e.Who != c.ID || e.Lost {
			continue
		}
		if e.Started {
			if !ok || e.Value < last {
				last, ok = e.Value, true
			}
			continue
		}
		rest = append(rest, e)
	}
	if !ok {
		return fmt.Errorf("%s has not acted this round: attack and move is rolled after its last attack", c.Name)
	}
	from := last - k
	if last > mv.From {
		from = mv.From
	}
	c.MoveFrom, c.MoveLate = from, true
	for _, e := range rest {
		e.Lost = true
	}
	if len(rest) > 0 {
		t.log(EvLost, of(c), nil, GivesUpToMove{Actions: len(rest)})
	}
	if from < mv.To {
		t.log(EvHold, of(c), nil, CannotMove{After: k, Last: last, To: mv.To})
		return nil
	}
	m, _ := MovementOf(t.rs, &t.enc, c)
	t.log(EvHold, of(c), nil, MovesLate{From: from, Tenths: m.Amount * 10 / mv.Segments(), Round: m.Round})
	return nil
}

// movementAt clears attack and move as the next round starts, and what was
// moved: one still kept from moving has moved nothing this round.
func (t *tx) movementAt(c *Combatant, _ moment) {
	c.MoveFrom, c.MoveLate = 0, false
	c.Rerated, c.Kept, c.KeptAt = false, 0, 0
	c.Stopped, c.Moved = t.rs.Movement.KeepMoved && !t.may(c, Act{Kind: ActMove}).Allowed(), 0
}

// stopMoving keeps, after each change to the fight (movement.keep_moved),
// what a combatant had moved when it was kept from moving (stunned, down):
// the rest of the round's movement is lost, not what was made.
func (t *tx) stopMoving() {
	if !t.rs.Movement.KeepMoved || t.enc.Status != StatusRunning {
		return
	}
	for i, c := range t.enc.Combatants {
		switch stopped := !t.may(c, Act{Kind: ActMove}).Allowed(); {
		case stopped && !c.Stopped:
			m, _ := movementOf(t.rs, &t.enc, c, false)
			c = t.at(i)
			c.Stopped, c.Moved = true, m.Done
		case !stopped && c.Stopped:
			c = t.at(i)
			c.Stopped, c.Moved = false, 0
		}
	}
}
