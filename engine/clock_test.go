package engine_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// clockRules is a small ruleset of an order kind with a tick at every point
// its order has, each a note for the combatants holding "marked", named
// after its point, and one at rank 10 where the count has ranks.
func clockRules(t *testing.T, kind rules.OrderKind, phases []rules.Phase) *rules.Ruleset {
	rs := rules.Ruleset{ID: "clock", Name: "Clock",
		Stats:      []rules.StatDef{{ID: "INI", Name: "Initiative"}},
		Order:      rules.OrderRules{Kind: kind, Initiative: dice.MustParse("INI")},
		Phases:     phases,
		Pools:      []rules.Pool{{ID: "p", Name: "P", Capacity: dice.MustParse("1"), Reset: rules.AtNever}},
		Actions:    []rules.ActionDef{{ID: "use", Name: "Use", Cost: map[string]int{"p": 1}}},
		Conditions: []rules.ConditionDef{{ID: "marked", Name: "Marked", Duration: rules.UntilRemoved}},
	}
	switch kind {
	case rules.OrderRank:
		rs.Order.Actions, rs.Order.ActionStep, rs.Order.Lowest = dice.MustParse("2"), -5, 1
	case rules.OrderSegments:
		rs.Order.Initiative, rs.Order.Actions, rs.Order.Lowest = dice.Expr{}, dice.MustParse("2"), 1
		rs.Order.ActionInitiative = []dice.Expr{dice.MustParse("INI"), dice.MustParse("INI - 4")}
	case rules.OrderNone:
		rs.Order.Initiative = dice.Expr{}
	}
	for _, p := range rules.Points {
		tk := rules.Tick{ID: string(p), Name: string(p), Summary: "tick", When: p, Condition: "marked"}
		switch {
		case kind == rules.OrderNone && (p == rules.AtOwnTurnStart || p == rules.AtOwnTurnEnd || p == rules.AtPhaseStart || p == rules.AtPhaseEnd):
			continue // no turns and no phases: refused when the ruleset loads
		case p == rules.AtRank && kind != rules.OrderRank && kind != rules.OrderSegments:
			continue
		case p == rules.AtRank:
			tk.Rank = 10
		}
		rs.Ticks = append(rs.Ticks, tk)
	}
	return enginetest.Rules(t, rs)
}

// trace is the log in short: S the fight's start, R and /R a round's start
// and end, a name alone its step, name.point a tick for it, "phase:" a
// phase's start, name-marked-off the end of a condition.
func trace(f *enginetest.Fight, from int) string {
	var out []string
	for _, e := range f.Log()[from:] {
		name := ""
		if c := f.Current().Combatant(e.Who.ID); c != nil {
			name = c.Name
		}
		switch {
		case e.Kind == engine.EvStart:
			out = append(out, "S")
		case e.Kind == engine.EvRound && strings.HasPrefix(narrate.Line(f.Rules, e), "Round "):
			out = append(out, "R")
		case e.Kind == engine.EvRoundUp:
			out = append(out, "/R")
		case e.Kind == engine.EvTurn:
			out = append(out, name)
		case e.Kind == engine.EvPhase:
			out = append(out, "phase:"+strings.Fields(narrate.Line(f.Rules, e))[0])
		case e.Kind == engine.EvRound && strings.HasSuffix(narrate.Line(f.Rules, e), ": tick"):
			out = append(out, name+"."+strings.Split(strings.TrimPrefix(narrate.Line(f.Rules, e), name+": "), ":")[0])
		case (e.Kind == engine.EvCondition || e.Kind == engine.EvEnds) && strings.Contains(narrate.Line(f.Rules, e), "no longer"):
			out = append(out, name+"-off")
		}
	}
	return strings.Join(out, " ")
}

// clockFight starts A (initiative 15) and B (12), both marked, and steps
// through two rounds.
func clockFight(t *testing.T, rs *rules.Ruleset, steps int) *enginetest.Fight {
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 10, Stats: map[string]int{"INI": 15}}, {Name: "B", HP: 10, Stats: map[string]int{"INI": 12}},
	}})
	for _, n := range []string{"A", "B"} {
		f.Must(engine.GiveCondition{Who: f.ID(n), Condition: "marked"})
	}
	f.Must(engine.Start{})
	for range steps {
		f.Next()
	}
	return f
}

// Every point fires where it falls, for every combatant it concerns, and
// nowhere else, in each kind of order.
func TestClockPointsFireWhereTheyFall(t *testing.T) {
	cases := []struct {
		kind  rules.OrderKind
		steps int
		want  string
	}{
		{rules.OrderFixed, 4, "S A.fight_start B.fight_start" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start A.own_turn_end B B.own_turn_start B.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start A.own_turn_end B B.own_turn_start B.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start"},
		{rules.OrderRound, 2, "S A.fight_start B.fight_start" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start A.own_turn_end B B.own_turn_start B.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start"},
		// A acts at 15 and 10, B at 12 and 7: rank 10 is reached after B's
		// 12, before A's 10; A's own turn ends after its last step.
		{rules.OrderRank, 4, "S A.fight_start B.fight_start" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start B B.own_turn_start A.rank B.rank A A.own_turn_end B B.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start"},
		// Segments 15 and 11 for A, 12 and 8 for B: A's turn ends with its
		// 11, then the count passes 10 on its way to B's 8.
		{rules.OrderSegments, 4, "S A.fight_start B.fight_start" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start B B.own_turn_start A A.own_turn_end A.rank B.rank B B.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
			" R A.round_start B.round_start A.phase_start B.phase_start A A.own_turn_start"},
		// No order: the round is the only step, with no turns and no phases.
		{rules.OrderNone, 2, "S A.fight_start B.fight_start R A.round_start B.round_start A.round_end B.round_end /R R A.round_start B.round_start A.round_end B.round_end /R R A.round_start B.round_start"},
	}
	for _, c := range cases {
		t.Run(string(c.kind), func(t *testing.T) {
			f := clockFight(t, clockRules(t, c.kind, nil), c.steps)
			if got := trace(f, 0); got != c.want {
				t.Errorf("\n got %s\nwant %s", got, c.want)
			}
		})
	}
}

// In a reverse phase the combatants step backwards, and each one's turn
// ends after its last step of the round, wherever that falls.
func TestClockReversePhase(t *testing.T) {
	rs := clockRules(t, rules.OrderFixed, []rules.Phase{
		{ID: "move", Name: "Move", Order: rules.PhaseInitiative},
		{ID: "adjust", Name: "Adjust", Order: rules.PhaseReverse},
	})
	f := clockFight(t, rs, 4)
	want := "S A.fight_start B.fight_start R A.round_start B.round_start A.phase_start B.phase_start" +
		" phase:Move A A.own_turn_start B B.own_turn_start A.phase_end B.phase_end A.phase_start B.phase_start" +
		" phase:Adjust B B.own_turn_end A A.own_turn_end A.phase_end B.phase_end A.round_end B.round_end /R" +
		" R A.round_start B.round_start A.phase_start B.phase_start phase:Move A A.own_turn_start"
	if got := trace(f, 0); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

// A tick that names a phase fires at that phase's start or end only.
func TestClockPhaseTickNamesItsPhase(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "phases", Name: "Phases",
		Order:  rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("15")},
		Phases: []rules.Phase{{ID: "move", Name: "Move", Order: rules.PhaseInitiative}, {ID: "adjust", Name: "Adjust", Order: rules.PhaseReverse, Summary: "Step back."}},
		Ticks:  []rules.Tick{{ID: "shock", Name: "Shock", Summary: "check it", When: rules.AtPhaseStart, Phase: "adjust"}},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 15}, "A")
	f.Next()
	var got []string
	for _, e := range f.Log() {
		got = append(got, narrate.Line(f.Rules, e))
	}
	want := []string{"Move phase", "A acts at initiative 15", "Shock: check it", "Adjust phase: Step back.", "A acts at initiative 15"}
	if i := slices.Index(got, "Move phase"); i < 0 || !slices.Equal(got[i:], want) {
		t.Errorf("log %q\nwant it to end %q", got, want)
	}
}

// Each point that ends a duration or refills a pool does so there and
// nowhere else: the round it comes in and the step it comes with.
func TestClockExpiryAndResetAtTheirPoint(t *testing.T) {
	for _, kind := range []rules.OrderKind{rules.OrderFixed, rules.OrderRound, rules.OrderNone} {
		for _, p := range []rules.Point{rules.AtOwnTurnStart, rules.AtOwnTurnEnd, rules.AtRoundStart, rules.AtRoundEnd} {
			if kind == rules.OrderNone && (p == rules.AtOwnTurnStart || p == rules.AtOwnTurnEnd) {
				continue // no turns: refused when the ruleset loads
			}
			t.Run(string(kind)+"/"+string(p), func(t *testing.T) { expiryAt(t, kind, p) })
		}
	}
}

func expiryAt(t *testing.T, kind rules.OrderKind, p rules.Point) {
	rs := rules.Ruleset{ID: "expiry", Name: "Expiry",
		Stats:   []rules.StatDef{{ID: "INI", Name: "Initiative"}},
		Order:   rules.OrderRules{Kind: kind, Initiative: dice.MustParse("INI")},
		Pools:   []rules.Pool{{ID: "p", Name: "P", Capacity: dice.MustParse("1"), Reset: p}},
		Actions: []rules.ActionDef{{ID: "use", Name: "Use", Cost: map[string]int{"p": 1}}},
		Conditions: []rules.ConditionDef{
			{ID: "marked", Name: "Marked", Duration: rules.UntilRemoved},
			{ID: "brief", Name: "Brief", Duration: rules.ForRounds, Rounds: dice.MustParse("1"), Expires: p},
		},
	}
	if kind == rules.OrderNone {
		rs.Order.Initiative = dice.Expr{}
	}
	f := clockFight(t, enginetest.Rules(t, rs), 0)
	a := f.ID("A")
	f.Must(engine.GiveCondition{Who: a, Condition: "brief"})
	f.Must(engine.Spend{Who: a, Action: "use"})
	// Step until both have come back, noting the step each came in.
	mark := len(f.Log())
	var refilled, expired string
	for i := 0; i < 8 && (refilled == "" || expired == ""); i++ {
		before := len(f.Log())
		f.Next()
		step := trace(f, before)
		if refilled == "" && f.Get("A").Pools["p"] == 1 {
			refilled = step
		}
		if expired == "" && !f.Get("A").Has("brief") {
			expired = step
		}
	}
	// A-off: Brief ends; the pool refills in the same step, at the
	// same point.
	want := map[rules.Point]string{
		rules.AtOwnTurnEnd:   "A-off B",      // A's turn ends, then B's step begins
		rules.AtRoundEnd:     "A-off /R R A", // before the round's end is logged
		rules.AtRoundStart:   "/R R A-off A", // as the next round begins, before A acts
		rules.AtOwnTurnStart: "/R R A A-off", // as A's next turn begins
	}[p]
	if kind == rules.OrderNone { // each step is a round, with no turns
		want = strings.TrimSuffix(want, " A")
	}
	if expired != want || refilled != want {
		t.Errorf("Brief ended with %q and the pool refilled with %q, want both %q (the whole run: %s)", expired, refilled, want, trace(f, mark))
	}
}
