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
	"fray/narrate"
)

// check previews a command, so a dialog can say why the engine would
// refuse it before it closes. Its dice show their lowest faces.
func (m Model) check(cmd engine.Command) error {
	_, err := m.fight().Preview(cmd)
	return err
}

func (m Model) addDialog() dialog {
	enc := m.fight().Current()
	var items []item
	for _, t := range m.lib.Creatures(enc.Ruleset) {
		detail := fmt.Sprintf("%s, %d hp", t.Side, t.HP)
		if m.fight().Rules.Recorded() {
			detail = t.Side // a wound record: no hit points
		}
		items = append(items, item{label: t.Name, detail: detail, value: t})
	}
	taken := map[string]bool{}
	for _, c := range enc.Combatants {
		taken[c.Name] = true
	}
	stat := statOf(m.fight().Rules)
	p := newPick("Add combatants", "Orc x3 adds three (Orc x3 group: on one place in the order); a new name adds one made up here; hp=, init= (a number or dice), side= and any stat (DEX=14) set those", items, true,
		func(it item, q string) (action, error) {
			nc, err := parseNewcomer(q, stat)
			if q == "" {
				nc, err = newcomer{count: 1}, nil
			}
			if err != nil {
				return nil, err
			}
			base := madeUp(nc.name)
			if t, ok := it.value.(rules.Template); ok {
				base = fromTemplate(t, t.Name)
			}
			return actCommand{cmd: engine.Add{Combatants: nc.combatants(base, taken)}}, nil
		})
	p.filterText = func(q string) string {
		if nc, err := parseNewcomer(q, stat); err == nil {
			return nc.name
		}
		return q
	}
	p.extra = func(q string) (item, bool) {
		nc, err := parseNewcomer(q, stat)
		if err != nil {
			return item{}, false
		}
		for _, it := range items {
			if strings.EqualFold(it.label, nc.name) {
				return item{}, false // the template is listed already
			}
		}
		return item{label: "new: " + nc.name, detail: "made up here", value: nil}, true
	}
	return p
}

// holdDialog offers the ruleset's hold maneuvers for the actor.
func (m Model) holdDialog() (dialog, error) {
	f := m.fight()
	enc := f.Current()
	actor := enc.Actor()
	if actor == nil {
		return nil, errors.New("nobody is acting now")
	}
	var items []item
	rs := f.Rules
	if rs.OffersHold(rules.HoldWait) {
		items = append(items, item{label: "Wait", detail: "act later this round", value: rules.HoldWait})
	}
	if rs.OffersHold(rules.HoldDelay) {
		items = append(items, item{label: "Delay", detail: "hold the attack as an interrupt", value: rules.HoldDelay})
	}
	word := countWord(rs)
	if phases := rs.RoundPhases(); enc.Phase < len(phases) && phases[enc.Phase].Order == rules.PhaseStat {
		word = phases[enc.Phase].Stat + " rank" // a power held to a later INT rank
	}
	if rs.OffersHold(rules.HoldLater) {
		items = append(items, item{label: "Hold", detail: "act at a later " + word, value: rules.HoldLater})
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("%s has no wait, delay or hold", rs.Name)
	}
	who := actor.ID
	return newPick(actor.Name+" holds", "", items, false, func(it item, _ string) (action, error) {
		switch it.value {
		case rules.HoldWait:
			targets := []item{{label: "the end of the round", value: 0}}
			seen := false
			for _, e := range enc.Entries {
				if e.Who == who {
					seen = true
					continue
				}
				if c := enc.Combatant(e.Who); seen && c != nil && e.Action == 0 {
					targets = append(targets, item{label: "after " + c.Name, value: c.ID})
				}
			}
			return actDialog{newPick("Wait until", "", targets, false, func(t item, _ string) (action, error) {
				return actCommand{cmd: engine.Wait{Who: who, After: t.value.(int)}}, nil
			})}, nil
		case rules.HoldDelay:
			return actDialog{newPrompt("Delay: the trigger", "what makes "+actor.Name+" strike", "", func(s string) (action, error) {
				return actCommand{cmd: engine.Delay{Who: who, Trigger: s}}, nil
			})}, nil
		}
		return actDialog{newPrompt("Hold until which "+word+"?", "a number below the current one", "", func(s string) (action, error) {
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, errors.New("a whole number")
			}
			return actCommand{cmd: engine.HoldTo{Who: who, To: n}}, nil
		})}, nil
	}), nil
}

func amountPrompt(op engine.Op, who int) func(string) (action, error) {
	return func(s string) (action, error) { return amountCommand(op, who, s) }
}

// amountCommand reads a number or a dice expression typed into a prompt:
// an amount of damage or healing, or an initiative.
// Damage typed with a leading ! ignores armour (hp.armor): a critical; with
// a leading ~ it is non-lethal (hp.nonlethal_gives); both may be typed.
func amountCommand(op engine.Op, who int, s string) (action, error) {
	bare, soft := false, false
	for op == engine.OpDamage {
		t := strings.TrimSpace(s)
		if rest, ok := strings.CutPrefix(t, "!"); ok && !bare {
			bare, s = true, rest
		} else if rest, ok := strings.CutPrefix(t, "~"); ok && !soft {
			soft, s = true, rest
		} else {
			s = t
			break
		}
	}
	n, err := strconv.Atoi(s)
	expr := ""
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
	return actCommand{cmd: engine.Damage{Who: who, Amount: n, Expr: expr, Bare: bare, NonLethal: soft}}, nil
}

func exprError(s string, err error) error {
	var se *dice.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s at col %d", se.Msg, se.Col)
	}
	return err
}

// stunDialog asks how to stun where the ruleset keeps rounds of it: a level
// of the ladder and rounds, or rounds of no action, a number or dice (1d6)
// fray rolls. (Stun for the rest of the round asks nothing.)
func (m Model) stunDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	switch rs.Stun.Kind {
	case rules.StunNoAction:
		hint := "a number, or dice fray rolls (1d6)"
		def, _ := rs.Condition(rs.Stun.Stunned)
		own := !def.Rounds.IsZero()
		if own {
			hint = fmt.Sprintf("a number, dice fray rolls, or enter for %s's own %s", def.Name, def.Rounds)
		}
		return newPrompt("Stun "+c.Name+": rounds of no action", hint, "", func(s string) (action, error) {
			if s == "" && own {
				return actCommand{cmd: engine.Stun{Who: c.ID}}, nil
			}
			if n, err := strconv.Atoi(s); err == nil {
				return actCommand{cmd: engine.Stun{Who: c.ID, Rounds: n}}, nil
			}
			if _, err := dice.Parse(s); err != nil {
				return nil, exprError(s, err)
			}
			return actCommand{cmd: engine.Stun{Who: c.ID, Expr: s}}, nil
		}), nil
	case rules.StunLadder:
	default:
		return nil, fmt.Errorf("%s keeps no stun", rs.Name)
	}
	var items []item
	for _, l := range rs.Stun.Levels {
		items = append(items, item{label: l.Name, detail: m.book.detail(rs, "stun.levels["+l.ID+"]", l.Summary), value: l.ID})
	}
	return newPick("Stun "+c.Name, "pick the level, then the rounds", items, false, func(it item, _ string) (action, error) {
		return actDialog{roundsPrompt(it.label+": how many rounds?", func(n int) engine.Command {
			return engine.Stun{Who: c.ID, Level: it.value.(string), Rounds: n}
		})}, nil
	}), nil
}

func roundsPrompt(title string, cmd func(int) engine.Command) *prompt {
	return newDefault(title, "a whole number of rounds", "1", func(s string) (action, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return nil, errors.New("a whole number of rounds, 1 or more")
		}
		return actCommand{cmd: cmd(n)}, nil
	})
}

// conditionsDialog toggles conditions: held ones are marked and removed on
// enter, others given (a duration in rounds asks how long).
func (m Model) conditionsDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if len(rs.Conditions) == 0 {
		return nil, fmt.Errorf("%s has no conditions", rs.Name)
	}
	var items []item
	for _, d := range rs.Conditions {
		label := "  " + d.Name
		if c.Has(d.ID) {
			label = "✓ " + d.Name
		}
		items = append(items, item{label: label, detail: m.book.detail(rs, "conditions["+d.ID+"]", d.Summary), value: d})
	}
	return newPick("Conditions: "+c.Name, "enter gives or takes away; ✓ marks those held", items, true, func(it item, _ string) (action, error) {
		d := it.value.(rules.ConditionDef)
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
	}), nil
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

// spendDialog spends an action from the ruleset's list, showing its cost
// and refusing, with the reason, what the budget cannot pay.
func (m Model) spendDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if len(rs.Actions) == 0 {
		return nil, fmt.Errorf("%s has no action list", rs.Name)
	}
	var items []item
	if c.Ext != nil {
		if a, ok := rs.Action(c.Ext.Action); ok {
			detail := fmt.Sprintf("%d of %d done", c.Ext.Paid, c.Ext.Total)
			if c.Ext.Treat != "" {
				detail = "on " + narrate.Aim(m.fight().Current(), c.Ext) + ", " + detail
			}
			items = append(items, item{label: "Continue " + a.Name, detail: detail, value: a})
		}
	}
	for _, a := range rs.Actions {
		detail := narrate.Cost(rs, a)
		if a.Summary != "" {
			detail += " · " + a.Summary
		}
		items = append(items, item{label: a.Name, detail: detail, value: a})
	}
	return newPick(c.Name+" spends", "the budget: "+budget(rs, c, false), items, true, func(it item, _ string) (action, error) {
		a := it.value.(rules.ActionDef)
		cmd := engine.Spend{Who: c.ID, Action: a.ID}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	}), nil
}

// initDialog sets an initiative: of the one action a combatant has, or,
// where it has several this round (segments, ranks), of the one picked.
func (m Model) initDialog(c *engine.Combatant) dialog {
	enc := m.fight().Current()
	var items []item
	for _, e := range enc.Entries {
		if e.Who == c.ID {
			items = append(items, item{label: fmt.Sprintf("Action %d", e.Action+1), detail: "now at " + narrate.Count(m.fight().Rules, e.Value), value: e.Action})
		}
	}
	slices.SortFunc(items, func(a, b item) int { return a.value.(int) - b.value.(int) })
	prompt := func(entry int) dialog {
		return newPrompt("Initiative of "+c.Name, "a number, or dice to roll", "", func(s string) (action, error) {
			a, err := amountCommand(engine.OpSetInit, c.ID, s)
			if ac, ok := a.(actCommand); ok {
				set := ac.cmd.(engine.SetInit)
				set.Entry = entry
				ac.cmd = set
				return ac, nil
			}
			return a, err
		})
	}
	if len(items) < 2 {
		return prompt(0)
	}
	return newPick("Initiative of "+c.Name+": which action?", "", items, false, func(it item, _ string) (action, error) {
		return actDialog{prompt(it.value.(int))}, nil
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
	if len(rs.Spells.Kinds) == 0 && rs.Spells.CarryTo == 0 {
		return nil, fmt.Errorf("%s casts no spells", rs.Name)
	}
	if c.Casting != nil {
		return &confirm{question: "Interrupt " + c.Name + "'s " + c.Casting.Spell + "? The spell and the action are lost.",
			yes: actCommand{cmd: engine.DropSpell{Who: c.ID}}}, nil
	}
	items := []item{{label: "Casting time", detail: "type the spell and its casting time in segments (a 1-round spell: 10)", value: ""}}
	for _, k := range rs.Spells.Kinds {
		var ts []string
		for _, r := range k.Times {
			ts = append(ts, fmt.Sprintf("%d+: %d", r.From, r.Segments))
		}
		items = append(items, item{label: k.Name, detail: "by rank: " + strings.Join(ts, ", "), value: k.ID})
	}
	return newPick(c.Name+" casts", "the spell begins on "+c.Name+"'s initiative", items, false, func(it item, _ string) (action, error) {
		kind := it.value.(string)
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

// declareDialog offers the ruleset's declarations before initiative is
// rolled: picking one declared already takes it back; one with an amount
// (Defending) asks for it.
func (m Model) declareDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if len(rs.Declarations) == 0 {
		return nil, fmt.Errorf("%s has no declarations", rs.Name)
	}
	var items []item
	for _, d := range rs.Declarations {
		label, detail := d.Name, d.Summary
		if i := slices.IndexFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID }); i >= 0 {
			label = "✓ " + narrate.Declared(rs, c, c.Declared[i])
			detail = "declared: pick to take it back"
		}
		items = append(items, item{label: label, detail: m.book.detail(rs, "declarations["+d.ID+"]", detail), value: d})
	}
	return newPick(c.Name+" declares", "this round, before initiative", items, true, func(it item, _ string) (action, error) {
		d := it.value.(rules.Declaration)
		cmd := engine.Declare{Who: c.ID, Declaration: d.ID}
		if slices.ContainsFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID }) {
			back := engine.Undeclare{Who: c.ID, Declaration: d.ID}
			if err := m.check(back); err != nil {
				return nil, err
			}
			return actCommand{cmd: back}, nil
		} else if !d.Amount.IsZero() {
			return actDialog{newPrompt(c.Name+": "+d.Name, "how much ("+d.Amount.String()+" at most)", "", func(s string) (action, error) {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil {
					return nil, fmt.Errorf("a whole number")
				}
				cmd.Amount = n
				if err := m.check(cmd); err != nil {
					return nil, err
				}
				return actCommand{cmd: cmd}, nil
			})}, nil
		}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	}), nil
}
