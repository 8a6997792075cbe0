package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/rules"
)

// Timed events: the ruleset's (a lair acting at count 20, a hazard every
// few rounds) and the GM's own timers, firing at their point of the clock
// (eventsAt is a listener of clock.go) and logged.

// Timer is a GM's timer: a message at a point of a round, once or every
// few rounds.
type Timer struct {
	ID   int           `toml:"id"`
	Text string        `toml:"text"`
	At   rules.EventAt `toml:"at"`
	// Count is the initiative value, rank or segment of a timer at a count.
	Count int `toml:"count,omitzero"`
	// Round is the round it first fires in; Every the rounds between
	// firings (0: once, and then it is gone).
	Round int `toml:"round"`
	Every int `toml:"every,omitzero"`
	// Public: the GM marked it for the table; the players read it as it
	// is set, fires and is taken away. Otherwise it is the GM's alone.
	Public bool `toml:"public,omitempty"`
}

// due reports whether the timer fires in a round.
func (tm Timer) due(round int) bool {
	if round < tm.Round {
		return false
	}
	if tm.Every == 0 {
		return round == tm.Round
	}
	return (round-tm.Round)%tm.Every == 0
}

// eventAt is the event point a moment of the clock is, if any.
func eventAt(m moment) (rules.EventAt, bool) {
	switch m.at {
	case rules.AtRoundStart:
		return rules.EventRoundStart, true
	case rules.AtRoundEnd:
		return rules.EventRoundEnd, true
	case rules.AtRank:
		return rules.EventCount, true
	}
	return "", false
}

// eventsAt fires the ruleset's events and the GM's timers due at a moment.
func (t *tx) eventsAt(m moment) {
	at, ok := eventAt(m)
	if !ok {
		return
	}
	round := t.enc.Round
	for _, e := range t.rs.Events {
		if e.When != at || (at == rules.EventCount && e.Count != m.count) || !e.Due(round) {
			continue
		}
		t.log(EvTimed, Subject{}, nil, EventFires{Name: Text(e.Name), Text: Text(e.Text)})
		t.eventEffects(e)
	}
	var gone []int
	for _, tm := range t.enc.Timers {
		if tm.At != at || (at == rules.EventCount && tm.Count != m.count) || !tm.due(round) {
			continue
		}
		t.log(EvTimed, Subject{}, nil, TimerFires{Timer: tm.ID, Text: Text(tm.Text), Public: tm.Public})
		if tm.Every == 0 {
			gone = append(gone, tm.ID)
		}
	}
	if len(gone) > 0 {
		t.enc.Timers = slices.DeleteFunc(slices.Clone(t.enc.Timers), func(tm Timer) bool { return slices.Contains(gone, tm.ID) })
		if len(t.enc.Timers) == 0 {
			t.enc.Timers = nil
		}
	}
}

// eventEffects rolls an event's check and gives its condition to each
// combatant it concerns: those of its side (all when none) still in the fight.
func (t *tx) eventEffects(e rules.TimedEvent) {
	if e.Check == "" && e.Condition == "" {
		return
	}
	for i, c := range t.enc.Combatants {
		if (e.Side != "" && c.Side != e.Side) || c.Out {
			continue
		}
		c = t.at(i)
		if e.Check != "" {
			if err := t.check(RollCheck{Who: c.ID, Check: e.Check}); err != nil {
				t.log(EvTimed, of(c), nil, EventFailed{Event: Text(e.Name), Err: Text(err.Error())})
			}
		}
		if e.Condition != "" {
			def, _ := t.rs.Condition(e.Condition)
			g, err := t.ownGrant(c, def, "", 0)
			if err == nil {
				err = t.give(c, e.Condition, g)
			}
			if err != nil {
				t.log(EvTimed, of(c), nil, EventFailed{Event: Text(e.Name), Err: Text(err.Error())})
			}
			t.vitals(c)
		}
	}
}

// eventCounts are the counts the events and timers fire at, for the clock's
// count to stop at.
func (t *tx) eventCounts() []int {
	var out []int
	for _, e := range t.rs.Events {
		if e.When == rules.EventCount {
			out = append(out, e.Count)
		}
	}
	for _, tm := range t.enc.Timers {
		if tm.At == rules.EventCount {
			out = append(out, tm.Count)
		}
	}
	return out
}

// countPassed reports whether this round's count has passed v already.
func (t *tx) countPassed(v int) bool {
	return t.enc.Count.Started && v >= t.enc.Count.Reached
}

// stopTimer is the GM taking a timer away.
func (t *tx) stopTimer(cmd StopTimer) error {
	i := slices.IndexFunc(t.enc.Timers, func(tm Timer) bool { return tm.ID == cmd.Timer })
	if i < 0 {
		return fmt.Errorf("there is no timer #%d", cmd.Timer)
	}
	tm := t.enc.Timers[i]
	t.log(EvTimed, Subject{}, nil, TimerStopped{Timer: tm.ID, Text: Text(tm.Text), Public: tm.Public})
	t.enc.Timers = slices.Delete(slices.Clone(t.enc.Timers), i, i+1)
	if len(t.enc.Timers) == 0 {
		t.enc.Timers = nil
	}
	return nil
}

// setTimer is the GM setting a timer.
func (t *tx) setTimer(cmd SetTimer) error {
	if t.enc.Status == StatusEnded {
		return fmt.Errorf("the fight is over")
	}
	text := strings.TrimSpace(cmd.Text)
	switch {
	case text == "":
		return fmt.Errorf("a timer needs a message")
	case !slices.Contains(rules.EventAts, cmd.At):
		return fmt.Errorf("a timer fires at round_start, round_end or a count, not %q", cmd.At)
	case cmd.At == rules.EventCount && t.rs.Order.Kind == rules.OrderNone:
		return fmt.Errorf("%s has no order to count", t.rs.Name)
	case cmd.At != rules.EventCount && cmd.Count != 0:
		return fmt.Errorf("only a timer at a count has one")
	case cmd.Rounds < 0 || cmd.Rounds > 10000 || cmd.Every < 0 || cmd.Every > 10000:
		return fmt.Errorf("rounds are 0 to 10000")
	case len(t.enc.Timers) >= 100:
		return fmt.Errorf("at most 100 timers")
	}
	if e := t.enc.Entry(t.enc.Cur); cmd.At == rules.EventCount && e != nil && !t.enc.Count.Started && t.enc.Status == StatusRunning {
		// An order whose values were not counted yet (nothing waited at
		// one) has come as far as the step under way.
		t.enc.Count = Count{Reached: e.Value, Started: true}
	}
	now := max(t.enc.Round, 1)
	round := now + cmd.Rounds
	if t.enc.Status == StatusRunning && round == now {
		// Its point this round has passed: it fires at the next one.
		if cmd.At == rules.EventRoundStart || (cmd.At == rules.EventCount && t.countPassed(cmd.Count)) {
			round++
		}
	}
	id := 1
	for _, tm := range t.enc.Timers {
		id = max(id, tm.ID+1)
	}
	tm := Timer{ID: id, Text: text, At: cmd.At, Count: cmd.Count, Round: round, Every: cmd.Every, Public: cmd.Public}
	t.enc.Timers = append(slices.Clip(t.enc.Timers), tm)
	t.log(EvTimed, Subject{}, nil,
		TimerSet{Timer: tm.ID, Text: Text(tm.Text), At: tm.At, Count: tm.Count, Round: tm.Round, Every: tm.Every, Public: tm.Public})
	return nil
}

// showTimer marks a GM's timer for the table.
func (t *tx) showTimer(cmd ShowTimer) error { return t.markTimer(cmd.Timer, true) }

// hideTimer makes a GM's timer the GM's own again.
func (t *tx) hideTimer(cmd HideTimer) error { return t.markTimer(cmd.Timer, false) }

// markTimer marks a GM's timer for the table (show), or the GM's own.
func (t *tx) markTimer(id int, show bool) error {
	i := slices.IndexFunc(t.enc.Timers, func(tm Timer) bool { return tm.ID == id })
	if i < 0 {
		return fmt.Errorf("there is no timer #%d", id)
	}
	tm := t.enc.Timers[i]
	switch {
	case show && tm.Public:
		return fmt.Errorf("timer #%d is for the table already", id)
	case !show && !tm.Public:
		return fmt.Errorf("timer #%d is the GM's already", id)
	}
	t.enc.Timers = slices.Clone(t.enc.Timers)
	t.enc.Timers[i].Public = show
	if show {
		t.log(EvTimed, Subject{}, nil,
			TimerShown{Timer: tm.ID, Text: Text(tm.Text), At: tm.At, Count: tm.Count, Round: tm.Round, Every: tm.Every})
	} else {
		t.log(EvTimed, Subject{}, nil, TimerHidden{Timer: tm.ID, Text: Text(tm.Text)})
	}
	return nil
}

// Pending is a timed event or timer still to fire this round, for the
// order pane: its name, and its point (with the count).
type Pending struct {
	Name  string
	At    rules.EventAt
	Count int
}

// Upcoming lists the events and timers still to fire this round, in the
// order they fall, and those at the next round's start; with no fight
// running, those of round 1.
func Upcoming(rs *rules.Ruleset, enc *Encounter) []Pending {
	round, started := max(enc.Round, 1), enc.Status == StatusRunning
	var out []Pending
	add := func(name string, at rules.EventAt, count int, due func(int) bool) {
		r := round
		switch {
		case at == rules.EventRoundStart && started:
			r++
		case at == rules.EventCount && started && enc.Count.Started && count >= enc.Count.Reached:
			return
		}
		if enc.Status != StatusEnded && due(r) {
			out = append(out, Pending{Name: name, At: at, Count: count})
		}
	}
	for _, e := range rs.Events {
		add(e.Name, e.When, e.Count, e.Due)
	}
	for _, tm := range enc.Timers {
		add(tm.Text, tm.At, tm.Count, tm.due)
	}
	return out
}
