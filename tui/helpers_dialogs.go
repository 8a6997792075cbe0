package tui

import (
	"errors"
	"fmt"
	"slices"
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

// checkHelper is one of the ruleset's checks, in the helpers' list.
type checkHelper string

// checkChosen rolls a check for c: against a target it picks (where the
// check reads or acts on one), with a modifier the GM may type. With table
// dice on, fray then asks for the faces rolled at the table.
func (m Model) checkChosen(c *engine.Combatant, id string) action {
	rs := m.fight().Rules
	ch, _ := rs.Check(id)
	answer := ""
	typed := func(target int, against string, mods []string) action {
		return actDialog{newPrompt(ch.Name+": "+c.Name+against, "a modifier (+10, -20), or empty for none", "", func(s string) (action, error) {
			cmd := engine.RollCheck{Who: c.ID, Target: target, Check: id, Expr: strings.TrimSpace(s), Modifiers: mods, Answer: answer}
			if cmd.Expr != "" {
				if _, err := dice.Parse(cmd.Expr); err != nil {
					return nil, exprError(cmd.Expr, err)
				}
			}
			return actCommand{cmd: cmd}, nil
		})}
	}
	// The check's own modifiers first, as choices; "Roll" goes on to the
	// typed modifier.
	modifier := func(target int, against string, mods []string) action {
		return modifierPick(ch, ch.Name+": "+c.Name+against, mods, func(mods []string) action {
			return typed(target, against, mods)
		})
	}
	if !ch.NeedsTarget() && len(ch.Against) == 0 {
		return modifier(0, "", nil)
	}
	var targets []item
	if !ch.NeedsTarget() {
		targets = append(targets, item{label: "nobody", detail: "no one answers it", value: 0})
	}
	for _, x := range rows(m.fight().Current()) {
		if x.ID != c.ID {
			targets = append(targets, item{label: x.Name, detail: x.Side, value: x.ID})
		}
	}
	if len(targets) == 0 {
		return actError{ch.Name + " is rolled against someone: add a combatant first"}
	}
	return actDialog{newPick(ch.Name+": "+c.Name+" against whom?", "", targets, true, func(it item, _ string) (action, error) {
		x := m.fight().Current().Combatant(it.value.(int))
		if x == nil {
			return modifier(0, "", nil), nil
		}
		if len(ch.Against) == 0 {
			return modifier(x.ID, " against "+x.Name, nil), nil
		}
		// The target's answer, rolled if the check succeeds: the matrix reads both.
		answers := []item{{label: "No answer", detail: x.Name + " does not parry or dodge", value: ""}}
		for _, a := range ch.Against {
			if ac, ok := rs.Check(a); ok {
				answers = append(answers, item{label: ac.Name, detail: answerDetail(rs, x, ac), value: a})
			}
		}
		return actDialog{newPick(ch.Name+": "+c.Name+" against "+x.Name+": answered with", "rolled by "+x.Name+" if it succeeds", answers, false, func(a item, _ string) (action, error) {
			answer = a.value.(string)
			return modifier(x.ID, " against "+x.Name, nil), nil
		})}, nil
	})}
}

// modifierPick offers a check's own modifiers as choices: each picked is
// marked, picked again unmarked; "Roll" goes on with those marked.
func modifierPick(ch rules.Check, title string, mods []string, then func([]string) action) action {
	if len(ch.Modifiers) == 0 {
		return then(nil)
	}
	var names []string
	items := []item{{label: "Roll", value: ""}}
	for _, md := range ch.Modifiers {
		label := md.Name
		if slices.Contains(mods, md.ID) {
			label = "✓ " + label
			names = append(names, md.Name)
		}
		detail := md.Mod.String()
		if n, err := strconv.Atoi(detail); err == nil && n > 0 {
			detail = "+" + detail
		}
		if md.Free {
			detail = strings.TrimSpace(detail + " free: no step, and none counted")
		}
		items = append(items, item{label: label, detail: detail, value: md.ID})
	}
	items[0].detail = "with " + strings.Join(names, ", ")
	if len(names) == 0 {
		items[0].detail = "with none of these"
	}
	return actDialog{newPick(title+": modifiers", "pick each that applies, then Roll", items, true, func(it item, _ string) (action, error) {
		mid := it.value.(string)
		if mid == "" {
			return then(mods), nil
		}
		next := slices.Clone(mods)
		if i := slices.Index(next, mid); i >= 0 {
			next = slices.Delete(next, i, i+1)
		} else {
			next = append(next, mid)
		}
		return modifierPick(ch, title, next, then), nil
	})}
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

// answerDetail says what the target's answer would be rolled at: its next
// defence's step where the check is a defence.
func answerDetail(rs *rules.Ruleset, x *engine.Combatant, ac rules.Check) string {
	if d := engine.DefenceMod(rs, x); ac.Defence && d != 0 {
		return fmt.Sprintf("%s, %s this round", ac.Summary, strconv.Itoa(d))
	}
	return ac.Summary
}

// maneuverChosen is the maneuver table for one it is made on: the kind,
// the column the attack reached (each cell named: Restrict-16), then a
// modifier to the roll it makes.
func (m Model) maneuverChosen(c *engine.Combatant) action {
	rs := m.fight().Rules
	var rows []item
	for _, r := range rs.Maneuvers.Rows {
		var cells []string
		for _, cell := range r.Cells {
			cells = append(cells, maneuverCell(rs, r, cell))
		}
		rows = append(rows, item{label: r.Name, detail: strings.Join(cells, " · "), value: r.ID})
	}
	return actDialog{newPick("Maneuver on "+c.Name, "which kind", rows, true, func(it item, _ string) (action, error) {
		r, _ := rs.Maneuver(it.value.(string))
		var cols []item
		for i, cell := range r.Cells {
			cols = append(cols, item{label: rs.Maneuvers.Columns[i], detail: maneuverCell(rs, r, cell), value: i})
		}
		return actDialog{newPick(r.Name+" on "+c.Name, "how far it landed", cols, false, func(col item, _ string) (action, error) {
			cmd := engine.Maneuver{Who: c.ID, Row: r.ID, Column: col.value.(int)}
			if r.Check == "" || r.Cells[cmd.Column].Target == 0 {
				return actCommand{cmd: cmd}, nil
			}
			return actDialog{newPrompt(r.Name+" on "+c.Name, "a modifier to "+c.Name+"'s roll (+2, -1), or empty for none", "", func(s string) (action, error) {
				cmd.Expr = strings.TrimSpace(s)
				if cmd.Expr != "" {
					if _, err := dice.Parse(cmd.Expr); err != nil {
						return nil, exprError(cmd.Expr, err)
					}
				}
				return actCommand{cmd: cmd}, nil
			})}, nil
		})}, nil
	})}
}

// maneuverCell says what a cell of the maneuver table does: its level and
// the conditions it gives.
func maneuverCell(rs *rules.Ruleset, r rules.ManeuverRow, cell rules.ManeuverCell) string {
	var parts []string
	if cell.Target != 0 {
		parts = append(parts, fmt.Sprintf("%s-%d", r.Effect, cell.Target))
	}
	for _, id := range []string{cell.Give, r.Give} {
		if d, ok := rs.Condition(id); ok {
			parts = append(parts, d.Name)
		}
	}
	return strings.Join(parts, ", ")
}
