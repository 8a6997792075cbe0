package tui

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
)

// damageKey is d on the selected: an amount of damage, where it fell with
// hit locations on, or a wound on the record where the ruleset keeps one.
func (m *Model) damageKey(c *engine.Combatant) action {
	rs := m.fight().Rules
	if rs.Recorded() {
		return actDialog{m.recordWoundDialog(c)}
	}
	hint := "a number, or dice to roll (2d6+3)"
	switch a := rs.HP.Armor; {
	case a != "" && rs.HP.CriticalDoubles:
		hint = fmt.Sprintf("a number or dice, less %s %d; start with ! for a critical (doubled, no %s)", a, engine.StatNow(rs, c, a), a)
	case a != "":
		hint = fmt.Sprintf("a number or dice, less %s %d; start with ! to ignore %s (a critical)", a, engine.StatNow(rs, c, a), a)
	case rs.HP.CriticalDoubles:
		hint += "; start with ! for a critical (doubled)"
	}
	if hp := rs.HP; hp.NonlethalGives != "" || len(hp.NonlethalCosts) > 0 || hp.NonlethalApart {
		hint += "; start with ~ for non-lethal damage"
	}
	if rs.HP.LocationsOn {
		return actDialog{m.locationPick(c, engine.OpDamage, hint)}
	}
	return actDialog{newPrompt("Damage to "+c.Name, hint, "", amountPrompt(engine.OpDamage, c.ID))}
}

// healKey is h on the selected: an amount of healing (to a location hurt,
// with hit locations on), or a wound struck off the record.
func (m *Model) healKey(c *engine.Combatant) action {
	rs := m.fight().Rules
	if rs.Recorded() {
		return dialogOr(m.strikeWoundDialog(c))
	}
	if rs.HP.LocationsOn && len(c.Hits) > 0 {
		return actDialog{m.locationPick(c, engine.OpHeal, "a number, or dice to roll (2d6+3)")}
	}
	return actDialog{newPrompt("Heal "+c.Name, "a number, or dice to roll (2d6+3)", "", amountPrompt(engine.OpHeal, c.ID))}
}

func amountPrompt(op engine.Op, who int) func(string) (action, error) {
	return func(s string) (action, error) { return amountCommand(op, who, s) }
}

// amountCommand reads a number or a dice expression typed into a prompt:
// an amount of damage or healing, or an initiative.
// Damage typed with a leading ! is a critical: it ignores armour (hp.armor)
// and is doubled where hp.critical_doubles says so; with
// a leading ~ it is non-lethal (hp.nonlethal_gives); both may be typed.
func amountCommand(op engine.Op, who int, s string) (action, error) {
	crit, soft := false, false
	for op == engine.OpDamage {
		t := strings.TrimSpace(s)
		if rest, ok := strings.CutPrefix(t, "!"); ok && !crit {
			crit, s = true, rest
		} else if rest, ok := strings.CutPrefix(t, "~"); ok && !soft {
			soft, s = true, rest
		} else {
			s = t
			break
		}
	}
	n, err := strconv.Atoi(s)
	expr := ""
	if err == nil && op != engine.OpSetInit && (n < 0 || n > dice.MaxStat) {
		// Refused here, the dialog stays open with what was typed.
		return nil, fmt.Errorf("an amount is a whole number from 0 to %d", dice.MaxStat)
	}
	if err != nil {
		if _, err := dice.Parse(s); err != nil {
			return nil, exprError(s, err)
		}
		n, expr = 0, s
	}
	switch op {
	case engine.OpSetInit:
		return actCommand{cmd: engine.SetInit{Who: who, Init: n, Expr: expr}}, nil
	case engine.OpHeal:
		return actCommand{cmd: engine.Heal{Who: who, Amount: n, Expr: expr}}, nil
	}
	return actCommand{cmd: engine.Damage{Who: who, Amount: n, Expr: expr, Critical: crit, NonLethal: soft}}, nil
}
