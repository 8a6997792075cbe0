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

// checkChosen rolls a check for c: against a target it picks (where the
// check reads or acts on one), with a modifier the GM may type. With table
// dice on, fray then asks for the faces rolled at the table.
func (m Model) checkChosen(c *engine.Combatant, id string) action {
	rs := m.fight().Rules
	ch, _ := rs.Check(id)
	// One that takes the whole round, after an attack or a defence this
	// round: refused at once, before its target and its chance are asked.
	if why := engine.RoundTaken(rs, m.fight().Current(), c, ch); why != "" {
		return actError{why}
	}
	// One a condition forbids (a second pull in the round, the unconscious'
	// pull): refused as it is picked, before its chance is asked.
	if why := engine.CheckForbidden(rs, c, ch); why != "" {
		return actError{why}
	}
	answer := ""
	hint := "a modifier (+10, -20), or empty for none"
	// A roll under a target of 0 is made at the chance typed (BRP's
	// resistance rolls: the chance read off the table): asked for as such,
	// and never left empty, which only fails.
	chance := ch.Succeeds == rules.AtMost && ch.Target.String() == "0"
	if chance {
		hint = "the chance (55), as the check's summary says where to read it"
	}
	typed := func(target int, against string, mods []string) action {
		return actDialog{newPrompt(ch.Name+": "+c.Name+against, hint, "",
			func(s string) (action, error) {
				cmd := engine.RollCheck{Who: c.ID, Target: target, Check: id, Expr: strings.TrimSpace(s), Modifiers: mods, Answer: answer}
				if chance && cmd.Expr == "" {
					return nil, fmt.Errorf("the chance, typed: at 0 the roll can only fail")
				}
				if cmd.Expr != "" {
					if _, err := dice.Parse(cmd.Expr); err != nil {
						return nil, exprError(cmd.Expr, err)
					}
				}
				if answer != "" {
					// An answer the target may not make (a dodge after its
					// parry, BRP l.145) is refused here, before any die, the
					// dialog open for another.
					if err := m.check(cmd); err != nil {
						return nil, err
					}
				}
				return actCommand{cmd: cmd}, nil
			})}
	}
	// The check's own modifiers first, as choices; "Roll" goes on to the
	// typed modifier.
	modifier := func(target int, against string, mods []string) action {
		// Only those that go with its weapon in hand (weapon_kinds).
		fit := ch
		if w := engine.RollWeapon(c, nil); w.Name != "" {
			fit = ch.Fitting(w.Kinds)
		}
		// Not those that only choose a blow's results: here they do nothing.
		fit.Modifiers = slices.DeleteFunc(slices.Clone(fit.Modifiers), func(md rules.CheckModifier) bool { return rs.BlowOnly(ch.ID, md) })
		return modifierPick(fit, ch.Name+": "+c.Name+against, mods, func(mods []string) action {
			return typed(target, against, mods)
		})
	}
	if !ch.NeedsTarget() && len(ch.Against) == 0 {
		return modifier(0, "", nil)
	}
	var targets []item[int]
	if !ch.NeedsTarget() {
		targets = append(targets, item[int]{label: "nobody", detail: "no one answers it", value: 0})
	}
	for _, x := range foesFirst(m.fight().Current(), c) {
		// A weapon pulled back out: from the one it is stuck in alone.
		if x.ID != c.ID && engine.PullsNothing(ch, c, x) == "" {
			targets = append(targets, item[int]{label: x.Name, detail: x.Side, value: x.ID})
		}
	}
	if len(targets) == 0 && len(m.fight().Current().Combatants) > 1 {
		return actError{c.Name + " has no weapon stuck in anyone: no " + ch.Name}
	}
	if len(targets) == 0 {
		return actError{ch.Name + " is rolled against someone: add a combatant first"}
	}
	return actDialog{newPick(ch.Name+": "+c.Name+" against whom?", "", targets, true, func(it item[int], _ string) (action, error) {
		x := m.fight().Current().Combatant(it.value)
		if x == nil {
			return modifier(0, "", nil), nil
		}
		// At a foe it is an attack: one off c's own ranks is refused here,
		// before the answer and the modifiers (one a rank, BRP l.99).
		if why := engine.AttackRefused(rs, m.fight().Current(), c, ch); why != "" {
			return nil, errors.New(why)
		}
		if len(ch.Against) == 0 {
			return modifier(x.ID, " against "+x.Name, nil), nil
		}
		// The target's answer, rolled if the check succeeds: the matrix reads both.
		answers := []item[string]{{label: "No answer", detail: x.Name + " does not parry or dodge", value: ""}}
		var refused []string
		notNow := ""
		for _, a := range ch.Against {
			ac, ok := rs.Check(a)
			if !ok {
				continue
			}
			if engine.HandAnswerRefused(rs, c, ch, a) != "" {
				// Against a missile in hand the blow (A) asks for the
				// choice the answer needs: not offered here.
				refused = append(refused, ac.Name)
				continue
			}
			if why := engine.AnswerCombines(rs, m.fight().Current(), x, a); why != "" {
				// Not one x may make now (a dodge after its parry, l.145).
				notNow = why
				continue
			}
			answers = append(answers, item[string]{label: ac.Name, detail: answerDetail(rs, x, ac), value: a})
		}
		sub := "rolled by " + x.Name + " if it succeeds"
		if len(refused) > 0 {
			sub = fmt.Sprintf("its %s: %s in the blow (A)", engine.RollWeapon(c, nil).Name, strings.Join(refused, ", "))
		}
		if notNow != "" {
			sub = notNow
		}
		return actDialog{newPick(ch.Name+": "+c.Name+" against "+x.Name+": answered with", sub, answers,
			false, func(a item[string], _ string) (action, error) {
				answer = a.value
				return modifier(x.ID, " against "+x.Name, nil), nil
			})}, nil
	})}
}

// modifierPick offers a check's own modifiers as choices: each picked is
// marked, picked again unmarked; "Roll" goes on with those marked.
func modifierPick(ch rules.Check, title string, mods []string, then func([]string) action) action {
	return modifierPickThen(ch, title, "", mods, func(mods []string) (action, error) { return then(mods), nil })
}

// modifierPickThen is modifierPick whose then may refuse the modifiers
// picked: the list stays open, saying why. need, if any, says first
// what must be picked.
func modifierPickThen(ch rules.Check, title, need string, mods []string, then func([]string) (action, error)) action {
	if len(ch.Modifiers) == 0 {
		act, err := then(nil)
		if err != nil {
			return actError{err.Error()}
		}
		return act
	}
	var names []string
	items := []item[string]{{label: "Roll", value: ""}}
	for _, md := range ch.Modifiers {
		label := md.Name
		if slices.Contains(mods, md.ID) {
			label = "✓ " + label
			names = append(names, md.Name)
		}
		detail := modText(md.Mod)
		if md.Free {
			detail = strings.TrimSpace(detail + " free: no step, and none counted")
		}
		if md.Damage != 0 {
			detail = strings.TrimSpace(fmt.Sprintf("%s, damage %+d", detail, md.Damage))
		}
		if md.NonLethal {
			detail = strings.TrimSpace(detail + " the damage non-lethal")
		}
		items = append(items, item[string]{label: label, detail: detail, value: md.ID})
	}
	items[0].detail = "with " + strings.Join(names, ", ")
	if len(names) == 0 {
		items[0].detail = "with none of these"
	}
	hint := "pick each that applies, then Roll"
	if need != "" {
		hint = need + "; then Roll"
	}
	return actDialog{newPick(title+": modifiers", hint, items, true,
		func(it item[string], _ string) (action, error) {
			mid := it.value
			if mid == "" {
				return then(mods)
			}
			next := slices.Clone(mods)
			if i := slices.Index(next, mid); i >= 0 {
				next = slices.Delete(next, i, i+1)
			} else {
				// Marking one unmarks those it cannot be picked with.
				next = slices.DeleteFunc(next, func(x string) bool { return ch.Excluded(mid, x) })
				next = append(next, mid)
			}
			return modifierPickThen(ch, title, need, next, then), nil
		})}
}

// answerDetail says what the target's answer would be rolled at: its next
// defence's step where the check is a defence.
func answerDetail(rs *rules.Ruleset, x *engine.Combatant, ac rules.Check) string {
	if d := engine.DefenceMod(rs, x); ac.Defence && d != 0 {
		return fmt.Sprintf("%s, %s this round", ac.Summary, strconv.Itoa(d))
	}
	return ac.Summary
}

// modText says what a modifier adds: "+10", or, for one of the check's
// target number alone, what it does to the chance ("the chance doubled"
// for BRP's Easy, where the formula reads "target"); any other formula as
// it is written.
func modText(e dice.Expr) string {
	text := e.String()
	if n, err := strconv.Atoi(text); err == nil && n > 0 {
		return "+" + text
	}
	if e.HasDice() || !slices.Equal(e.Stats(), []string{rules.TargetNumber}) {
		return text
	}
	at := func(t int) (int, bool) {
		lo, hi, err := e.Bounds(func(string) (int, bool) { return t, true })
		return lo, err == nil && lo == hi
	}
	a, ok1 := at(100)
	b, ok2 := at(1000)
	switch {
	case !ok1 || !ok2:
		return text
	case a == 100 && b == 1000:
		return "the chance doubled"
	case a == -50 && b == -500:
		if c, ok := at(101); ok && c == -50 {
			return "the chance halved, rounded up"
		}
		return "the chance halved"
	}
	return text
}
