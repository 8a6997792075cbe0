package engine_test

import (
	"fray/engine"
	"fray/engine/rules"
)

// checks.spends: an attack roll in one's own turn spends the attack's
// action where none was spent.

// hitting is the Combat roll beside an Attack pool of one a turn and a Hit
// action that spends it.
func hitting(rs *rules.Ruleset) {
	combat()(rs)
	rs.Pools = append(rs.Pools, rules.Pool{ID: "attack", Name: "Attack", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "hit", Name: "Hit", Cost: map[string]int{"attack": 1}, Attack: true},
		rules.ActionDef{ID: "wave", Name: "Wave"})
}

// snapping adds an Interrupt pool and a Snap attack it pays to hitting,
// with the Combat roll spending Hit.
func snapping(rs *rules.Ruleset) {
	hitting(rs)
	rs.Checks[0].Spends = "hit"
	rs.Pools = append(rs.Pools, rules.Pool{ID: "interrupt", Name: "Interrupt", Capacity: ex("1"), Reset: rules.AtOwnTurnStart})
	rs.Actions = append(rs.Actions, rules.ActionDef{ID: "snap", Name: "Snap", Cost: map[string]int{"interrupt": 1}, Attack: true})
}

// manyRolls sets actions.many_rolls on the action with the id.
func manyRolls(id string) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		for i := range rs.Actions {
			if rs.Actions[i].ID == id {
				rs.Actions[i].ManyRolls = true
			}
		}
	}
}

var checkSpendsCases = []schemaCase{
	{key: "checks.spends", need: hitting, set: func(rs *rules.Ruleset) { rs.Checks[0].Spends = "hit" },
		play: duel(rollAt("A", "B"), rollAt("A", "B"), spend("A", "hit")),
		want: []string{"A: Hit\nA: Combat roll against B", "refused: Hit costs 1 Attack; A has Attack 0"}},
	{key: "checks.off_turn_spends", need: snapping, set: func(rs *rules.Ruleset) { rs.Checks[0].OffTurnSpends = "snap" },
		play: duel(rollAt("B", "A"), rollAt("B", "A")),
		want: []string{"B: Snap\nB: Combat roll against A", "refused: B attacks out of its turn with Snap: Snap costs 1 Interrupt"},
		gone: []string{"refused: B has no attack out of its turn"}},
	{key: "checks.off_turn_spends", note: "not an attack", need: snapping, set: func(rs *rules.Ruleset) { rs.Checks[0].OffTurnSpends = "wave" },
		refused: "does not attack"},
	{key: "checks.off_turn_spends", note: "without spends", need: hitting, set: func(rs *rules.Ruleset) { rs.Checks[0].OffTurnSpends = "hit" },
		refused: "set spends too"},
	{key: "actions.many_rolls", need: snapping, set: manyRolls("hit"),
		play: duel(spend("A", "hit"), rollAt("A", "B"), rollAt("A", "B")),
		want: []string{"Miss\nA: Combat roll against B"},
		gone: []string{"refused: A has made the attack rolls its attacks pay for this turn"}},
	{key: "actions.many_rolls", note: "not an attack", need: snapping, set: manyRolls("wave"),
		refused: "set attack = true"},
	// One holding a delayed attack makes it when it rolls out of its turn:
	// the action that fires the delay, not the Snap.
	{key: "actions.fires_delay", note: "an attack roll out of turn", need: needs(snapping, func(rs *rules.Ruleset) {
		rs.Order.Hold = []rules.Hold{rules.HoldDelay}
		rs.Checks[0].OffTurnSpends = "snap"
		rs.Actions = append(rs.Actions, rules.ActionDef{ID: "fire", Name: "Fire", Cost: map[string]int{"interrupt": 1}, Attack: true})
	}), set: func(rs *rules.Ruleset) { rs.Actions[len(rs.Actions)-1].FiresDelay = true },
		play: duel(do("A", engine.Delay{Trigger: "a foe comes near"}), next(1), rollAt("A", "B")),
		want: []string{"A: Fire\nA fires the delayed attack (a foe comes near)\nA: Combat roll against B"}, not: []string{"A: Snap"}},
	{key: "checks.spends", note: "unknown", need: hitting, set: func(rs *rules.Ruleset) { rs.Checks[0].Spends = "swing" },
		refused: `unknown action "swing"`},
}

func init() { schemaCases = append(schemaCases, checkSpendsCases...) }
