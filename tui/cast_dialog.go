package tui

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
)

// castChoice is what the dialog of spells prepared by concentrating does.
type castChoice int

const (
	castBegin castChoice = iota
	castInstant
	castNow
	castConcentrate
	castGiveUp
)

// concentrateDialog is C where spells are prepared by concentrating. On the
// caster's own turn with no spell under way it begins one ("Sleep 3"); with
// one, it casts it (the check's modifiers picked: voice, hands, helmet; any
// other typed), concentrates a round more, or gives it up. Where the
// ruleset has instantaneous spells, one is cast from here at any time.
func (m Model) concentrateDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	acting := m.fight().Current().Cur.Who == c.ID
	var items []item
	switch {
	case c.Casting != nil && !acting:
		// Off its turn: nothing but to give it up, or an instant spell.
		items = append(items, item{label: "Give up " + c.Casting.Spell, detail: "the spell is cancelled", value: castGiveUp})
	case c.Casting != nil:
		detail := fmt.Sprintf("%d round%s prepared: %+d", c.Casting.Rounds, map[bool]string{true: "", false: "s"}[c.Casting.Rounds == 1], engine.CastMod(rs, c))
		items = append(items, item{label: "Cast " + c.Casting.Spell + " now", detail: detail, value: castNow})
		if a, ok := rs.Action(rs.Spells.Concentrate); ok {
			items = append(items, item{label: "Concentrate a round", detail: narrate.Cost(rs, a), value: castConcentrate})
		}
		items = append(items, item{label: "Give it up", detail: "the spell is cancelled", value: castGiveUp})
	case acting:
		items = append(items, item{label: "Begin a spell", detail: "concentrate on it, then cast it", value: castBegin})
	}
	if a, ok := rs.Action(rs.Spells.Instant); ok {
		detail := narrate.Cost(rs, a) + ", at any time"
		if c.Casting != nil {
			detail += "; spoils " + c.Casting.Spell
		}
		items = append(items, item{label: "Cast an instantaneous spell", detail: safe(detail), value: castInstant})
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s is not acting now: a spell is begun on the caster's own turn", safe(c.Name))
	}
	if len(items) == 1 && items[0].value == castBegin {
		return m.spellPrompt(c, ""), nil
	}
	title := c.Name + ": spells"
	if c.Casting != nil {
		title = c.Name + ": " + c.Casting.Spell
	}
	return newPick(safe(title), "", items, false, func(it item, _ string) (action, error) {
		switch it.value.(castChoice) {
		case castBegin:
			return actDialog{m.spellPrompt(c, "")}, nil
		case castInstant:
			return actDialog{m.spellPrompt(c, rs.Spells.Instant)}, nil
		case castConcentrate:
			cmd := engine.Spend{Who: c.ID, Action: rs.Spells.Concentrate}
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		case castGiveUp:
			return actCommand{cmd: engine.DropSpell{Who: c.ID}}, nil
		}
		return m.castRoll(c, engine.Cast{Who: c.ID}), nil
	}), nil
}

// spellPrompt asks for the spell and its level: to begin preparing it, or
// (with the instant action) to cast it at once.
func (m Model) spellPrompt(c *engine.Combatant, instant string) dialog {
	what := "the spell and its level (Sleep 3)"
	title := c.Name + " begins a spell"
	if instant != "" {
		title = c.Name + " casts an instantaneous spell"
	}
	return newPrompt(safe(title), what, "", func(s string) (action, error) {
		f := strings.Fields(s)
		if len(f) < 2 {
			return nil, fmt.Errorf("%s", what)
		}
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil {
			return nil, fmt.Errorf("end with the level: %s", what)
		}
		cmd := engine.Cast{Who: c.ID, Rank: n, Name: strings.Join(f[:len(f)-1], " "), Instant: instant}
		if instant != "" {
			return m.castRoll(c, cmd), nil
		}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})
}

// castRoll picks the spell check's modifiers, then asks for any other
// (material worn by the pound, the GM's own) and casts.
func (m Model) castRoll(c *engine.Combatant, cmd engine.Cast) action {
	rs := m.fight().Rules
	ch, _ := rs.Check(rs.Spells.Check)
	spell := cmd.Name
	if spell == "" && c.Casting != nil {
		spell = c.Casting.Spell
	}
	title := safe("Cast " + spell)
	return modifierPick(ch, title, nil, func(mods []string) action {
		return actDialog{newPrompt(title, "another modifier (+10, -20), or empty for none", "", func(s string) (action, error) {
			next := cmd
			next.Modifiers, next.Expr = mods, strings.TrimSpace(s)
			if next.Expr != "" {
				if _, err := dice.Parse(next.Expr); err != nil {
					return nil, exprError(next.Expr, err)
				}
			}
			if err := m.check(next); err != nil {
				return nil, err
			}
			return actCommand{cmd: next}, nil
		})}
	})
}
