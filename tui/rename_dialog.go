package tui

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
)

// renameDialog is R: the selected's name, or its most hit points, changed
// mid-fight. The log says "is now called", never that it joins.
func (m *Model) renameDialog(c *engine.Combatant) dialog {
	name := m.renamePrompt(c)
	if c.MaxHP == 0 {
		return name // a wound record: there are no hit points to change
	}
	hp := hpWord(m.fight().Rules.HP.Name)
	items := []item[int]{
		{label: "Name", detail: c.Name, value: 0},
		{label: "Most " + hp, detail: fmt.Sprintf("%d of %d now", c.HP, c.MaxHP), value: 1},
	}
	return newPick("Change "+c.Name, "", items, false, func(it item[int], _ string) (action, error) {
		if it.value == 0 {
			return actDialog{name}, nil
		}
		return actDialog{m.maxHPPrompt(c)}, nil
	})
}

func (m *Model) renamePrompt(c *engine.Combatant) dialog {
	return newPrompt("Rename "+c.Name, "the new name", c.Name, func(s string) (action, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return nil, fmt.Errorf("a name cannot be empty")
		}
		// Two of one name could not be told apart, in the order, the
		// lists, the log or fray new's lines.
		for _, o := range m.fight().Current().Combatants {
			if o.ID != c.ID && strings.EqualFold(o.Name, s) {
				return nil, fmt.Errorf("%s is the name of another combatant already", safe(o.Name))
			}
		}
		return actCommand{cmd: engine.Rename{Who: c.ID, Name: s}}, nil
	})
}

func (m *Model) maxHPPrompt(c *engine.Combatant) dialog {
	hp := hpWord(m.fight().Rules.HP.Name)
	hint := fmt.Sprintf("the most %s: raised, %s rise by as much; lowered, they are cut to it", hp, hp)
	return newPrompt(fmt.Sprintf("Most %s of %s", hp, c.Name), hint, strconv.Itoa(c.MaxHP), func(s string) (action, error) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("a whole number, 1 or more")
		}
		cmd := engine.SetMaxHP{Who: c.ID, Amount: n}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})
}

// hpWord is what the ruleset calls hit points.
func hpWord(name string) string {
	if name == "" {
		return "hit points"
	}
	return name
}
