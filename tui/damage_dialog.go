package tui

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
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
	if items := sourceItems(rs, c); len(items) > 0 {
		return actDialog{newPick("What deals the damage to "+c.Name+"?", "a condition it holds takes some sources otherwise", items, false,
			func(it item[string], _ string) (action, error) {
				return actDialog{newPrompt("Damage to "+c.Name, hint, "", func(s string) (action, error) {
					a, err := amountCommand(engine.OpDamage, c.ID, s)
					if cmd, ok := a.(actCommand); ok && err == nil {
						d := cmd.cmd.(engine.Damage)
						d.Source = it.value
						return actCommand{cmd: d}, nil
					}
					return a, err
				})}, nil
			})}
	}
	return actDialog{newPrompt("Damage to "+c.Name, hint, "", amountPrompt(engine.OpDamage, c.ID))}
}

// sourceItems are the sources of damage the conditions c holds take
// otherwise (conditions.damage_sources), each with its share, and last
// anything else, which does it whole; none when it holds no such condition.
func sourceItems(rs *rules.Ruleset, c *engine.Combatant) []item[string] {
	var items []item[string]
	for _, d := range rs.Conditions {
		if !c.Has(d.ID) {
			continue
		}
		for _, s := range d.DamageSources {
			items = append(items, item[string]{label: s.Name, detail: d.Name + ": " + s.Share, value: s.ID})
		}
	}
	if len(items) == 0 {
		return nil
	}
	return append(items, item[string]{label: "anything else", detail: "whole", value: ""})
}

// healKey is h on the selected: an amount of healing (to a location hurt,
// with hit locations on), or a wound struck off the record.
func (m *Model) healKey(c *engine.Combatant) action {
	rs := m.fight().Rules
	if why := engine.DeadHealRefused(rs, c); why != "" {
		return actError{why} // at once, not after the wound and the amount
	}
	if rs.Recorded() {
		return dialogOr(m.strikeWoundDialog(c))
	}
	if why := engine.HealingBarred(rs, c); why != "" {
		return actError{why} // known at the key (Impaled, BRP l.389): nothing to ask first
	}
	if rs.HP.LocationsOn && len(c.Hits) > 0 {
		return actDialog{m.locationPick(c, engine.OpHeal, "a number, or dice to roll (2d6+3)")}
	}
	if items := harmItems(c); len(items) > 0 {
		all := item[int]{label: "Spread over the wounds", detail: "as evenly as it goes"}
		return actDialog{newPick("Heal which wound of "+c.Name+"?", "a heal aimed at a wound heals no more than it lacks",
			append([]item[int]{all}, items...), false, func(it item[int], _ string) (action, error) {
				title := "Heal " + c.Name
				if it.value > 0 {
					title += fmt.Sprintf(", wound %d", it.value)
				}
				return actDialog{newPrompt(title, "a number, or dice to roll (2d6+3)", "", func(s string) (action, error) {
					a, err := amountCommand(engine.OpHeal, c.ID, s)
					if cmd, ok := a.(actCommand); ok && err == nil {
						h := cmd.cmd.(engine.Heal)
						h.Wound = it.value
						return actCommand{cmd: h}, nil
					}
					return a, err
				})}, nil
			})}
	}
	return actDialog{newPrompt("Heal "+c.Name, "a number, or dice to roll (2d6+3)", "", amountPrompt(engine.OpHeal, c.ID))}
}

// harmItems are the wounds kept apart (hp.wounds_apart) that still lack
// hit points, each with its number (from 1) as its value.
func harmItems(c *engine.Combatant) []item[int] {
	var items []item[int]
	for i, h := range c.Harms {
		if h.Left > 0 {
			items = append(items, item[int]{label: fmt.Sprintf("Wound %d", i+1), detail: harmText(h), value: i + 1})
		}
	}
	return items
}

// harmText is a wound kept apart as the panel and the pickers show it:
// "8, major, round 3: 6 left".
func harmText(h engine.Harm) string {
	s := itoa(h.Dealt)
	if h.Major {
		s += ", major"
	}
	s += fmt.Sprintf(", round %d: %d left", h.Round, h.Left)
	if h.Aided {
		s += " (First Aid given)"
	}
	return s
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
