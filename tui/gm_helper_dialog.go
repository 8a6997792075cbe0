package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// helper is one of the GM's mid-fight helpers a ruleset may offer.
type helper int

const (
	helpResist helper = iota
	helpParry
	helpInitRounds
	helpInjury
	helpAbandon
	helpMulti
	helpManeuver
	helpNone
)

// helpersDialog offers the ruleset's mid-fight helpers for the selected combatant.
func (m Model) helpersDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	h := rs.Helpers
	var items []item
	if c != nil {
		for _, ch := range rs.Checks {
			items = append(items, item{label: ch.Name, detail: m.book.detail(rs, "checks["+ch.ID+"]", "roll for "+c.Name+": "+ch.Summary), value: checkHelper(ch.ID)})
		}
		if !h.ResistanceRoll.IsZero() {
			items = append(items, item{label: "Resistance Roll", detail: c.Name + " resists", value: helpResist})
		}
		if len(h.ParryFactors) > 0 {
			items = append(items, item{label: "Parry", detail: fmt.Sprintf("count a parry: %s's next is at %d%%", c.Name, engine.ParryFactor(rs, c.Parries+1)), value: helpParry})
		}
		if h.InitRoundBonus != 0 {
			items = append(items, item{label: "Initiative rounds", detail: "from a critical: +" + itoa(h.InitRoundBonus) + " each on the next action", value: helpInitRounds})
		}
		items = append(items, item{label: "Critical injury", detail: "a lasting penalty", value: helpInjury})
		if len(rs.Maneuvers.Rows) > 0 {
			items = append(items, item{label: "Maneuver", detail: "made on " + c.Name + ": disarming, grappling, tackling ... by how far it landed", value: helpManeuver})
		}
	}
	if h.MultiStrikeRanks > 0 {
		items = append(items, item{label: "Multi-strike penalties", detail: "by ranks in the attack skill", value: helpMulti})
	}
	// Last, so that the list keeps its shape whether or not it is there.
	if c != nil && c.Ext != nil {
		name := c.Ext.Action
		if a, ok := rs.Action(name); ok {
			name = a.Name
		}
		items = append(items, item{label: "Give up " + name, detail: "stop the extended action under way", value: helpAbandon})
	}
	if len(items) == 0 {
		items = append(items, item{label: "(no helpers in " + rs.Name + ")", value: helpNone})
	}
	return newPick("GM helpers", "type to narrow the list", items, true, func(it item, _ string) (action, error) {
		if id, ok := it.value.(checkHelper); ok {
			return m.checkChosen(c, string(id)), nil
		}
		if it.value == helpManeuver {
			return m.maneuverChosen(c), nil
		}
		return helperChosen(rs, c, it.value.(helper)), nil
	})
}

// helperChosen is what picking a helper does: a command, or a prompt for
// what the helper needs to know.
func helperChosen(rs *rules.Ruleset, c *engine.Combatant, h helper) action {
	switch h {
	case helpResist:
		return actDialog{newPrompt("Resistance Roll for "+c.Name, "attack level, defender level, then the modifier formula: 5 3 3*CO", "", func(s string) (action, error) {
			return resistCommand(c.ID, s)
		})}
	case helpParry:
		return actCommand{cmd: engine.Parry{Who: c.ID}}
	case helpInitRounds:
		return actDialog{roundsPrompt("Rounds of initiative for "+c.Name, func(n int) engine.Command {
			return engine.InitRounds{Who: c.ID, Rounds: n}
		})}
	case helpInjury:
		return actDialog{newPrompt("Critical injury on "+c.Name, "the penalty, then what it is: -25 broken arm", "", func(s string) (action, error) {
			f := strings.Fields(s)
			n, err := strconv.Atoi(strings.Join(f[:min(len(f), 1)], ""))
			if err != nil || n >= 0 {
				return nil, errors.New("start with the penalty, a negative number")
			}
			return actCommand{cmd: engine.Injure{Who: c.ID, Penalty: n, Text: strings.Join(f[1:], " ")}}, nil
		})}
	case helpAbandon:
		return actCommand{cmd: engine.Abandon{Who: c.ID}}
	case helpMulti:
		return actDialog{newPrompt("Multi-strike", "ranks in the attack skill", "", func(s string) (action, error) {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return nil, errors.New("a whole number of ranks")
			}
			var p []string
			for _, v := range engine.MultiStrike(rs, n) {
				p = append(p, fmt.Sprintf("%+d", v))
			}
			return actInfo{fmt.Sprintf("%d ranks: %d attacks at %s", n, len(p), strings.Join(p, ", "))}, nil
		})}
	}
	return actCancel{}
}

// resistCommand reads "5 3 3*CO": the attack level, the defender's level and
// a modifier formula.
func resistCommand(who int, s string) (action, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return nil, errors.New("give the attack level and the defender level")
	}
	a, err1 := strconv.Atoi(f[0])
	d, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil, errors.New("levels are whole numbers")
	}
	expr := strings.Join(f[2:], " ")
	if expr != "" {
		if _, err := dice.Parse(expr); err != nil {
			return nil, exprError(expr, err)
		}
	}
	return actCommand{cmd: engine.Resist{Who: who, AttackLevel: a, DefenceLevel: d, Expr: expr}}, nil
}
