package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// The keys of a party kept between fights: what a condition does after its
// fight, and the rests between fights.

func init() {
	schemaCases = append(schemaCases, partyCases...)
	onTheCard["rests.summary"] = "the ruleset's card, under Rests; fray party rest and the party dialog beside each rest's name"
}

var partyCases = []schemaCase{
	{key: "conditions.after_fight=ends", need: withConds(rules.ConditionDef{ID: "flanked", Name: "Flanked", Duration: rules.UntilRemoved}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].AfterFight = rules.EndsWithFight },
		play: duel(give("A", "flanked"), nextFight("", 0)), want: []string{"A leaves flanked behind"}, gone: []string{"next A: hp 20/20 out false pools [] conds [flanked(own)]"}},
	{key: "conditions.after_fight=stays", need: withConds(rules.ConditionDef{ID: "shock", Name: "Shock", Duration: rules.ForRounds, Rounds: ex("3")}),
		set:  func(rs *rules.Ruleset) { rs.Conditions[0].AfterFight = rules.StaysAfterFight },
		play: duel(give("A", "shock"), next(2), nextFight("", 0)), want: []string{"A joins the fight (20 HP)\nA is Shock for 2 rounds", "next A: hp 20/20 out false pools [] conds [shock(own)]"},
		gone: []string{"A leaves shock behind"}},

	{key: "rests.id", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}), set: func(rs *rules.Ruleset) { rs.Rests[0].ID = "nap" },
		play: duel(damage("A", 5), nextFight("nap", 0)), want: []string{"next A: hp 20/20"}, gone: []string{"no rest nap"}},
	{key: "rests.name", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}), set: func(rs *rules.Ruleset) { rs.Rests[0].Name = "Nap" },
		play: duel(damage("A", 5), nextFight("short", 0)), want: []string{"A after a Nap: healed 5"}},
	{key: "rests.refills", need: needs(pool(rules.AtNever), withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true})),
		set:  func(rs *rules.Ruleset) { rs.Rests[0].Refills = []string{"ap"} },
		play: duel(spend("A", "act"), spend("A", "act"), nextFight("short", 0)), want: []string{"A after a Short rest: ap 1 -> 3", "next A: hp 20/20 out false pools [ap=3]"},
		gone: []string{"next A: hp 20/20 out false pools [ap=1]"}},
	{key: "rests.takes", need: needs(withConds(rules.ConditionDef{ID: "shaken", Name: "Shaken", Duration: rules.UntilRemoved}), withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true})),
		set:  func(rs *rules.Ruleset) { rs.Rests[0].Takes = []string{"shaken"} },
		play: duel(give("A", "shaken"), nextFight("short", 0)), want: []string{"A after a Short rest: no longer shaken"}, gone: []string{"next A: hp 20/20 out false pools [] conds [shaken(own)]"}},
	{key: "rests.heals_all", need: withRest(rules.Rest{ID: "short", Name: "Short rest", Takes: []string{"x"}}, rules.ConditionDef{ID: "x", Name: "X"}),
		set:  func(rs *rules.Ruleset) { rs.Rests[0].HealsAll = true },
		play: duel(damage("A", 5), nextFight("short", 0)), want: []string{"next A: hp 20/20"}, gone: []string{"next A: hp 15/20"}},
	{key: "rests.spend", need: needs(surges, withRest(rules.Rest{ID: "short", Name: "Short rest", Refills: []string{"surges"}})),
		set:  func(rs *rules.Ruleset) { rs.Rests[0].Spend, rs.Rests[0].SpendHeals = "surges", ex("4") },
		play: duel(damage("A", 10), nextFight("short", 2)), want: []string{"A after a Short rest: spent 2 surges, healed 8", "next A: hp 18/20 out false pools [surges=1]"},
		gone: []string{"next A: hp 10/20"}},
	{key: "rests.spend_heals", need: needs(surges, withRest(rules.Rest{ID: "short", Name: "Short rest", Spend: "surges", SpendHeals: ex("1")})),
		set:  func(rs *rules.Ruleset) { rs.Rests[0].SpendHeals = ex("1d6 + 10") },
		play: duel(damage("A", 15), nextFight("short", 3)), want: []string{"A after a Short rest: spent 1 surges, healed 15", "next A: hp 20/20 out false pools [surges=2]"},
		gone: []string{"next A: hp 8/20"}},

	{key: "rests.spend", note: "on a wound record", need: needs(surges, withRest(rules.Rest{ID: "short", Name: "Short rest", Refills: []string{"surges"}})),
		set: func(rs *rules.Ruleset) {
			rs.Vitality.Kind = rules.VitalityRecord
			rs.Vitality.Locations = []rules.Location{{ID: "body", Name: "Body"}}
			rs.Vitality.Severities = []rules.Severity{{ID: "light", Name: "Light"}}
			rs.Rests[0].Spend, rs.Rests[0].SpendHeals = "surges", ex("4")
		}, refused: "a rest heals no hit points"},
	{key: "rests.refills", note: "a pool", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}),
		set: func(rs *rules.Ruleset) { rs.Rests[0].Refills = []string{"nope"} }, refused: `unknown pool "nope"`},
	{key: "rests.takes", note: "a condition", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}),
		set: func(rs *rules.Ruleset) { rs.Rests[0].Takes = []string{"nope"} }, refused: `unknown condition "nope"`},
	{key: "rests.spend_heals", note: "with nothing spent", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}),
		set: func(rs *rules.Ruleset) { rs.Rests[0].SpendHeals = ex("4") }, refused: "say which pool is spent"},
	{key: "rests.refills", note: "a rest that gives nothing", need: withRest(rules.Rest{ID: "short", Name: "Short rest", HealsAll: true}),
		set: func(rs *rules.Ruleset) { rs.Rests[0].HealsAll = false }, refused: "a rest that gives nothing back"},
}

// surges is a pool no fight refills, of 3.
func surges(rs *rules.Ruleset) {
	rs.Pools = append(rs.Pools, rules.Pool{ID: "surges", Name: "Surges", Capacity: ex("3"), Reset: rules.AtNever})
}

// withRest gives the ruleset a rest (and the conditions it names).
func withRest(r rules.Rest, conds ...rules.ConditionDef) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		rs.Rests = append(rs.Rests, r)
		rs.Conditions = append(rs.Conditions, conds...)
	}
}

// nextFight keeps the fight's combatants as a party (engine.Carry), rests
// them when rest is set (each spending up to spend of its pool), and shows
// the next fight they start: what each left behind and got back, that
// fight's log, and each one's state there ("next A: ...").
func nextFight(rest string, spend int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		enc := f.Current()
		var b strings.Builder
		var party []engine.NewCombatant
		for _, c := range enc.Combatants {
			nc, ended := engine.Carry(f.Rules, enc.Round, *c)
			for _, id := range ended {
				fmt.Fprintf(&b, "\n%s leaves %s behind", c.Name, id)
			}
			if rest != "" {
				r, ok := f.Rules.Rest(rest)
				if !ok {
					fmt.Fprintf(&b, "\nno rest %s", rest)
				} else {
					var done engine.Rested
					var err error
					if nc, done, err = engine.Rest(f.Rules, nc, r, spend, dice.NewSource(3)); err != nil {
						b.WriteString("\nthe rest is refused: " + err.Error())
					} else {
						b.WriteString("\n" + restText(c.Name, r, done))
					}
				}
			}
			party = append(party, nc)
		}
		g := enginetest.New(t, f.Rules, dice.NewSource(3))
		if _, err := g.Do(engine.Add{Combatants: party}); err != nil {
			return b.String() + "\nthe next fight refuses them: " + err.Error()
		}
		g.Must(engine.Start{})
		b.WriteString("\n-- the next fight")
		for _, e := range g.Log() {
			b.WriteString("\n" + narrate.Line(g.Rules, e))
		}
		for _, c := range g.Current().Combatants {
			b.WriteString("\nnext " + stateOf(g.Rules, c))
		}
		if err := g.Verify(); err != nil {
			t.Errorf("the next fight is not sound: %v", err)
		}
		return b.String()
	}
}

// restText says what a rest gave one of the party.
func restText(name string, r rules.Rest, d engine.Rested) string {
	var parts []string
	for _, p := range d.Refilled {
		parts = append(parts, fmt.Sprintf("%s %d -> %d", p.Pool, p.Before, p.After))
	}
	for _, id := range d.Ended {
		parts = append(parts, "no longer "+id)
	}
	if d.Spent > 0 {
		parts = append(parts, fmt.Sprintf("spent %d %s", d.Spent, r.Spend))
	}
	if d.Healed > 0 {
		parts = append(parts, fmt.Sprintf("healed %d", d.Healed))
	}
	return fmt.Sprintf("%s after a %s: %s", name, r.Name, strings.Join(parts, ", "))
}

// powersPhase is a rank order whose round is Declare, Powers (in QU
// order) and Act, with a Power that may be declared.
func powersPhase(rs *rules.Ruleset) {
	withKind(rules.OrderRank)(rs)
	withStats("QU")(rs)
	rs.Phases = []rules.Phase{{ID: "declare", Name: "Declare", Order: rules.PhaseInitiative},
		{ID: "powers", Name: "Powers", Order: rules.PhaseStat, Stat: "QU"}, {ID: "act", Name: "Act", Order: rules.PhaseInitiative, Actions: true}}
	rs.Order.DeclarePhase = "declare"
	rs.Declarations = []rules.Declaration{{ID: "power", Name: "Uses a power", Summary: "on its QU rank"}}
}

func init() {
	schemaCases = append(schemaCases,
		schemaCase{key: "phases.declared", need: powersPhase, set: func(rs *rules.Ruleset) { rs.Phases[1].Declared = "power" },
			play: duel(declare("A", "power", 0), next(3)),
			want: []string{"Powers phase\nA acts at QU 0\n"}, gone: []string{"B acts at QU 0"}},
		schemaCase{key: "phases.declared", note: "no declaration", need: powersPhase, set: func(rs *rules.Ruleset) { rs.Phases[1].Declared = "nope" },
			refused: "unknown declaration"},
		schemaCase{key: "phases.declared", note: "not a stat phase", need: powersPhase, set: func(rs *rules.Ruleset) { rs.Phases[2].Declared = "power" },
			refused: "only a phase in stat order"},
		schemaCase{key: "phases.declared", note: "before the declarations", need: powersPhase,
			set: func(rs *rules.Ruleset) { rs.Phases[1].Declared, rs.Order.DeclarePhase = "power", "act" }, refused: "must come before this phase"},
		schemaCase{key: "declarations.pays", need: needs(powersPhase, func(rs *rules.Ruleset) {
			rs.Phases[1].Declared = "power"
			rs.Pools = []rules.Pool{{ID: "pp", Name: "Power points", Capacity: ex("10"), Reset: rules.AtNever}}
			rs.Declarations[0].Amount = ex("pp")
		}), set: func(rs *rules.Ruleset) { rs.Declarations[0].Pays = "pp" },
			play: duel(declare("A", "power", 4), next(3)),
			want: []string{"Powers phase\nA acts at QU 0\nA: Power points 10 -> 6 (Uses a power)"}},
		// Placed on its rank in the action countdown, the power pays as
		// that step is done (BRP's option, l.63).
		schemaCase{key: "declarations.pays", note: "on its rank", need: needs(rankDeclare, withStats("IN"), func(rs *rules.Ruleset) {
			rs.Order.DeclarePhase = "declare"
			rs.Declarations = []rules.Declaration{{ID: "power", Name: "Uses a power", Amount: ex("pp"), Lose: rules.LoseKeepOne, Rank: "IN"}}
			rs.Pools = []rules.Pool{{ID: "pp", Name: "Power points", Capacity: ex("10"), Reset: rules.AtNever}}
		}), set: func(rs *rules.Ruleset) { rs.Declarations[0].Pays = "pp" },
			play: cast([]engine.NewCombatant{who("A", 20, 20, map[string]int{"IN": 5}), who("B", 10, 20, nil)}, declare("A", "power", 4), next(4)),
			want: []string{"A acts at rank 5", "A: Power points 10 -> 6 (Uses a power)"}},
		schemaCase{key: "declarations.pays", note: "no phase", need: needs(powersPhase, func(rs *rules.Ruleset) {
			rs.Pools = []rules.Pool{{ID: "pp", Name: "Power points", Capacity: ex("10"), Reset: rules.AtNever}}
			rs.Declarations[0].Amount = ex("pp")
		}), set: func(rs *rules.Ruleset) { rs.Declarations[0].Pays = "pp" }, refused: "no phase has declared"},
		schemaCase{key: "declarations.pays", note: "no pool", need: needs(powersPhase, func(rs *rules.Ruleset) {
			rs.Phases[1].Declared = "power"
			rs.Declarations[0].Amount = ex("5")
		}), set: func(rs *rules.Ruleset) { rs.Declarations[0].Pays = "pp" }, refused: "unknown pool"},
	)
}
