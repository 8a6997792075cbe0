package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

// conditionsDialog toggles conditions: held ones are marked and removed on
// enter, others given (a duration in rounds asks how long).
func (m Model) conditionsDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[rules.ConditionDef]
	for _, d := range rs.Conditions {
		label := "  " + d.Name
		if c.Has(d.ID) {
			label = "✓ " + d.Name
		}
		items = append(items,
			item[rules.ConditionDef]{label: label, detail: m.book.detail(rs, "conditions["+d.ID+"]", d.Summary), value: d})
	}
	return newPick("Conditions: "+c.Name, "enter gives or takes away; ✓ marks those held", items, true,
		func(it item[rules.ConditionDef], _ string) (action, error) {
			d := it.value
			if c.Has(d.ID) {
				cmd := engine.TakeCondition{Who: c.ID, Condition: d.ID}
				if err := m.check(cmd); err != nil {
					return nil, err
				}
				return actCommand{cmd: cmd}, nil
			}
			hint, letters := "rounds, e end of round, n end of next round, u until removed", "e, n, u"
			if rs.Order.Kind != rules.OrderNone {
				hint, letters = hint+", t/s end/start of someone's next turn", letters+", t, s"
			}
			if rs.SaveEnds.Check != "" {
				hint, letters = hint+", v save ends", letters+", v"
			}
			hint += "; empty: its own (" + ownDuration(d) + ")"
			return actDialog{newPrompt(d.Name+" for how long?", hint, "", func(s string) (action, error) {
				cmd := engine.GiveCondition{Who: c.ID, Condition: d.ID}
				switch s = strings.ToLower(strings.TrimSpace(s)); s {
				case "":
				case "e":
					cmd.Duration = rules.UntilRoundEnd
				case "n":
					cmd.Duration = rules.UntilNextRoundEnd
				case "u":
					cmd.Duration = rules.UntilRemoved
				case "t", "s":
					cmd.Duration = engine.UntilTurnEnd
					if s == "s" {
						cmd.Duration = engine.UntilTurnStart
					}
					if rs.Order.Kind == rules.OrderNone {
						return nil, fmt.Errorf("%s has no turns", rs.Name)
					}
					return actDialog{m.untilTurnPick(cmd)}, nil
				case "v":
					if rs.SaveEnds.Check == "" {
						return nil, fmt.Errorf("%s has no save that ends an effect", rs.Name)
					}
					cmd.Duration = engine.SaveEnds
				default:
					v, err := strconv.Atoi(s)
					if err != nil || v < 1 {
						return nil, errors.New("a whole number of rounds, " + letters + ", or empty")
					}
					cmd.Duration, cmd.Rounds = rules.ForRounds, v
				}
				return actCommand{cmd: cmd}, nil
			})}, nil
		})
}

// ownDuration says how long a condition lasts when given its own way.
func ownDuration(d rules.ConditionDef) string {
	switch d.Duration {
	case rules.ForRounds:
		return d.Rounds.String() + " rounds"
	case rules.UntilRoundEnd:
		return "to the end of the round"
	case rules.UntilNextRoundEnd:
		return "to the end of the next round"
	}
	return "until removed"
}

// untilTurnPick asks whose next turn a condition lasts to (its start or end).
func (m Model) untilTurnPick(cmd engine.GiveCondition) dialog {
	which := "end"
	if cmd.Duration == engine.UntilTurnStart {
		which = "start"
	}
	enc := m.fight().Current()
	var items []item[int]
	if a := enc.Actor(); a != nil {
		items = append(items, item[int]{label: a.Name, detail: "acting now", value: a.ID})
	}
	for _, c := range rows(enc) {
		if a := enc.Actor(); a == nil || c.ID != a.ID {
			items = append(items, item[int]{label: c.Name, detail: c.Side, value: c.ID})
		}
	}
	return newPick("Until the "+which+" of whose next turn?", "", items, true, func(it item[int], _ string) (action, error) {
		cmd.Anchor = it.value
		return actCommand{cmd: cmd}, nil
	})
}
