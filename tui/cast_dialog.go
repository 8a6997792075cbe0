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
	castSubconscious
)

// concentrateDialog is C where spells are prepared by concentrating. On the
// caster's own turn with no spell under way it begins one ("Sleep 3"); with
// one, it casts it (the check's modifiers picked: voice, hands, helmet; any
// other typed), concentrates a round more, or gives it up. Where the
// ruleset has instantaneous spells, one is cast from here at any time.
func (m Model) concentrateDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	acting := m.fight().Current().Cur.Who == c.ID
	if v := engine.May(rs, m.fight().Current(), c, engine.Act{Kind: engine.ActCast}); !v.Allowed() && rs.Spells.Subconscious {
		// Stunned or out, only a subconscious spell goes off (l.1509-1514).
		detail := safe(v.Why) + "; at once, no action"
		items := []item[castChoice]{{label: "A subconscious spell goes off", detail: detail, value: castSubconscious}}
		return newPick(safe(c.Name+": spells"), "", items, false, func(item[castChoice], string) (action, error) {
			return actDialog{m.spellPrompt(c, "", true)}, nil
		}), nil
	}
	var items []item[castChoice]
	switch {
	case c.Casting != nil && !acting:
		// Off its turn: nothing but to give it up, or an instant spell.
		items = append(items, item[castChoice]{label: "Give up " + c.Casting.Spell, detail: "the spell is cancelled", value: castGiveUp})
	case c.Casting != nil:
		detail := fmt.Sprintf("%d %s prepared: %+d", c.Casting.Rounds, plural(c.Casting.Rounds, "round", "rounds"), engine.CastMod(rs, c))
		items = append(items, item[castChoice]{label: "Cast " + c.Casting.Spell + " now", detail: detail, value: castNow})
		if a, ok := rs.Action(rs.Spells.Concentrate); ok {
			items = append(items, item[castChoice]{label: "Concentrate a round", detail: narrate.Cost(rs, a), value: castConcentrate})
		}
		items = append(items, item[castChoice]{label: "Give it up", detail: "the spell is cancelled", value: castGiveUp})
	case acting:
		items = append(items, item[castChoice]{label: "Begin a spell", detail: "concentrate on it, then cast it", value: castBegin})
	}
	if a, ok := rs.Action(rs.Spells.Instant); ok {
		detail := narrate.Cost(rs, a) + ", at any time"
		if c.Casting != nil {
			detail += "; spoils " + c.Casting.Spell
		}
		items = append(items, item[castChoice]{label: "Cast an instantaneous spell", detail: safe(detail), value: castInstant})
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s is not acting now: a spell is begun on the caster's own turn", safe(c.Name))
	}
	if len(items) == 1 && items[0].value == castBegin {
		return m.spellPrompt(c, "", false), nil
	}
	title := c.Name + ": spells"
	if c.Casting != nil {
		title = c.Name + ": " + c.Casting.Spell
	}
	return newPick(safe(title), "", items, false, func(it item[castChoice], _ string) (action, error) {
		switch it.value {
		case castBegin:
			return actDialog{m.spellPrompt(c, "", false)}, nil
		case castInstant:
			return actDialog{m.spellPrompt(c, rs.Spells.Instant, false)}, nil
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
// (with the instant action) to cast it at once, or (subconscious) to have
// it go off by itself.
func (m Model) spellPrompt(c *engine.Combatant, instant string, subconscious bool) dialog {
	what := "the spell and its level (Sleep 3)"
	title := c.Name + " begins a spell"
	switch {
	case subconscious:
		title = c.Name + "'s subconscious spell goes off"
	case instant != "":
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
		cmd := engine.Cast{Who: c.ID, Rank: n, Name: strings.Join(f[:len(f)-1], " "), Instant: instant, Subconscious: subconscious}
		if len(m.fight().Rules.Spells.Classes) > 0 {
			return actDialog{m.spellClassPick(c, cmd)}, nil
		}
		return m.spellBegun(c, cmd)
	})
}

// spellClassPick asks what class of spell it is, where the ruleset's
// classes cost otherwise (a free spell, an informational one).
func (m Model) spellClassPick(c *engine.Combatant, cmd engine.Cast) dialog {
	items := []item[string]{{label: "Normal", detail: "costs as the spell casting table says"}}
	for _, k := range m.fight().Rules.Spells.Classes {
		items = append(items, item[string]{label: safe(k.Name), detail: safe(narrate.SpellClass(m.fight().Rules, k)), value: k.ID})
	}
	return newPick(safe(cmd.Name)+": what kind of spell", "", items, false, func(it item[string], _ string) (action, error) {
		cmd.Kind = it.value
		return m.spellBegun(c, cmd)
	})
}

// spellBegun begins the spell, or casts the instantaneous one.
func (m Model) spellBegun(c *engine.Combatant, cmd engine.Cast) (action, error) {
	if cmd.Instant != "" || cmd.Subconscious {
		return m.castRoll(c, cmd), nil
	}
	if err := m.check(cmd); err != nil {
		return nil, err
	}
	return actCommand{cmd: cmd}, nil
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

// castDialog begins a spell on the acting caster's initiative: the kind
// (its casting time by rank) or a casting time typed as it is, then the
// spell and the rank or time ("Bolt 8"). On a caster with a spell under
// way it offers to interrupt it.
func (m Model) castDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if rs.Spells.Concentrated() {
		return m.concentrateDialog(c)
	}
	if c.Casting != nil {
		return &confirm{question: "Interrupt " + c.Name + "'s " + c.Casting.Spell + "? The spell and the action are lost.",
			yes: actCommand{cmd: engine.DropSpell{Who: c.ID}}}, nil
	}
	// The kind "" is a casting time typed as it is.
	items := []item[string]{{label: "Casting time", detail: "type the spell and its casting time in segments (a 1-round spell: 10)"}}
	for _, k := range rs.Spells.Kinds {
		var ts []string
		for _, r := range k.Times {
			ts = append(ts, fmt.Sprintf("%d+: %d", r.From, r.Segments))
		}
		items = append(items, item[string]{label: k.Name, detail: "by rank: " + strings.Join(ts, ", "), value: k.ID})
	}
	return newPick(c.Name+" casts"+outOfTurn(m.fight().Current(), c), "the spell begins on "+c.Name+"'s initiative", items, false,
		func(it item[string], _ string) (action, error) {
			kind := it.value
			what := "the spell and the rank (Bolt 8)"
			if kind == "" {
				what = "the spell and the casting time (Bless 5)"
			}
			return actDialog{newPrompt(c.Name+" casts "+it.label, what, "", func(s string) (action, error) {
				f := strings.Fields(s)
				if len(f) == 0 {
					return nil, fmt.Errorf("%s", what)
				}
				n, err := strconv.Atoi(f[len(f)-1])
				if err != nil {
					return nil, fmt.Errorf("end with a number: %s", what)
				}
				cmd := engine.Cast{Who: c.ID, Kind: kind, Rank: n, Name: strings.Join(f[:len(f)-1], " ")}
				if err := m.check(cmd); err != nil {
					return nil, err
				}
				return actCommand{cmd: cmd}, nil
			})}, nil
		}), nil
}
