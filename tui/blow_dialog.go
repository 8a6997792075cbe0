package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// The A key: the selected strikes with one of its weapons, by the
// ruleset's [[blows]]. The GM picks the target (foes first; the marked,
// when some are, each take a blow), the weapon, the defence when the
// defender has a choice, who strikes together with it at the one target,
// the attack's modifiers, and where it lands when the ruleset has hit
// locations; fray rolls every step (or asks for the faces rolled at the
// table, t) and shows the chain. The whole blow is one step: u takes it
// back. A weapon dropped, broken, stuck or empty is readied or reloaded
// from the same list.

// blowDialog starts a blow by c.
func (m Model) blowDialog(c *engine.Combatant) action {
	rs := m.fight().Rules
	switch {
	case len(rs.Blows) == 0:
		return actError{rs.Name + " has no blows: roll the attack with g and type the damage with d"}
	}
	// One who carries nothing may still strike a blow that brings its own
	// weapon (Energy's unarmed attack).
	var items []item[engine.Blow]
	var why string
	hint := ""
	for _, b := range rs.Blows {
		if len(c.Weapons) > 0 || b.Weapon != nil {
			// What is known already refuses it here, not after its dialogs
			// (one attack a rank, BRP l.99); the engine is asked, and judges
			// again as the blow is struck.
			if no := m.strikeRefused(c, b); no != "" {
				why = cmp.Or(why, no)
				continue
			}
			if b.AtGuard() && !m.itemsKeepHP(c) {
				hint = b.Name + ": no weapon or shield here keeps hit points; " + unkeptWhy
			}
			items = append(items, item[engine.Blow]{label: b.Name, detail: b.Summary, value: engine.Blow{Who: c.ID, Blow: b.ID}})
			if a := b.AlsoAs; a != nil {
				// The other way to make it, beside it (a maneuver as a Swift attack).
				act, _ := rs.Action(a.Action)
				detail := "paid as " + act.Name + ": " + narrate.Cost(rs, act)
				if b.OnGuard.Unless != "" && !a.KeepsOnGuard {
					detail += "; no " + condName(rs, b.OnGuard.Unless) + " needed"
				}
				items = append(items, item[engine.Blow]{label: b.Name + " " + a.Name, detail: detail,
					value: engine.Blow{Who: c.ID, Blow: b.ID, As: true}})
			}
		}
	}
	switch {
	case len(items) == 0 && why != "":
		return actError{why}
	case len(items) == 0 && len(c.Weapons) == 0 && m.takenFrom(c) != "":
		return actError{c.Name + " carries no weapon now: " + m.takenFrom(c)}
	case len(items) == 0:
		return actError{c.Name + " carries no weapon (a creature's weapons = [...] in its content)"}
	case len(items) == 1:
		return m.blowFoes(c, items[0].value)
	}
	return actDialog{newPick(c.Name+" strikes: which blow?", hint, items, false, func(it item[engine.Blow], _ string) (action, error) {
		return m.blowFoes(c, it.value), nil
	})}
}

// takenFrom says, as the log does, where c's weapons went that another
// pulled out of itself and kept (BRP l.391), the latest first; "" when
// none did. Only the steps in memory are read (a long history's earlier
// steps are read later): a pull that long ago goes unsaid.
func (m Model) takenFrom(c *engine.Combatant) string {
	f := m.fight()
	var said []string
	for i := len(f.Done) - 1; i >= 0; i-- {
		for _, e := range f.Done[i].Events {
			if t, ok := e.Fact.(engine.WeaponTaken); ok && t.From.ID == c.ID {
				said = append(said, narrate.Line(f.Rules, e)+fmt.Sprintf(" (round %d)", e.Round))
			}
		}
	}
	return strings.Join(said, "; ")
}

// strikeRefused says why c may not strike the blow b now, as the engine
// knows it before a target is picked: an attack off its own ranks
// (engine.AttackRefused), or "". One with no weapon ready may still ready
// one from the blow's list, unless each readying is refused too
// (readyingRefused).
func (m Model) strikeRefused(c *engine.Combatant, b rules.Blow) string {
	if b.Weapon == nil && !slices.ContainsFunc(c.Weapons, func(w engine.Weapon) bool { return w.Ready() && (w.Ammo == 0 || w.Left > 0) }) {
		return m.readyingRefused(c)
	}
	ch, _ := m.fight().Rules.Check(b.Check)
	return engine.AttackRefused(m.fight().Rules, m.fight().Current(), c, ch)
}

// readyingRefused says why none of c's weapons can be readied or reloaded
// now, the first weapon's refusal (BRP: a dropped one picked up unstated,
// or off its holder's rank), or "" when one can: A then offers it. One who
// carries none is told so by blowDialog.
func (m Model) readyingRefused(c *engine.Combatant) string {
	why := ""
	for i, w := range c.Weapons {
		if w.Lodged {
			continue // what it shot, stuck in another: never readied
		}
		err := m.check(engine.Arm{Who: c.ID, Weapon: i, Reload: w.Ready()})
		if err == nil {
			return ""
		}
		if why == "" {
			why = err.Error()
		}
	}
	return why
}

// blowOf is the blow cmd makes, as it is made (its other way, As).
func (m Model) blowOf(cmd engine.Blow) rules.Blow {
	b, _ := m.fight().Rules.Blow(cmd.Blow)
	if as, err := engine.BlowMadeAs(b, cmd.As); err == nil {
		return as
	}
	return b
}

// blowFoes picks the target: the marked, when some are, or one picked,
// foes of c's side first. With no weapon that can strike, it offers to
// ready one first.
func (m Model) blowFoes(c *engine.Combatant, cmd engine.Blow) action {
	b := m.blowOf(cmd)
	if why := engine.MayStrike(m.fight().Rules, m.fight().Current(), c, b); why != "" {
		return actError{why}
	}
	if b.Weapon == nil && !slices.ContainsFunc(c.Weapons, func(w engine.Weapon) bool { return w.Ready() && (w.Ammo == 0 || w.Left > 0) }) {
		return m.blowWeapon(c, cmd)
	}
	for _, x := range m.order.marked() {
		if x.ID != c.ID && !x.Out {
			cmd.Foes = append(cmd.Foes, x.ID)
		}
	}
	if len(cmd.Foes) > 0 {
		return m.blowWeapon(c, cmd)
	}
	var foes, others []item[int]
	unkept := false
	for _, x := range rows(m.fight().Current()) {
		if x.ID == c.ID || x.Out {
			continue
		}
		it := item[int]{label: x.Name, detail: x.Side, value: x.ID}
		if b.AtGuard() && len(x.Weapons) > 0 && !slices.ContainsFunc(x.Weapons, keepsHP) {
			it.detail += " · no hit points kept on its weapons and shields"
			unkept = true
		}
		if x.Side != c.Side {
			foes = append(foes, it)
		} else {
			others = append(others, it)
		}
	}
	items := append(foes, others...)
	if len(items) == 0 {
		return actError{"nobody to strike at: add a foe first (a)"}
	}
	hint := "foes first; mark several (v) for a blow at each"
	if unkept {
		hint += "; " + unkeptWhy
	}
	return actDialog{newPick(c.Name+" strikes at whom?", hint, items, true,
		func(it item[int], _ string) (action, error) {
			cmd.Foes = []int{it.value}
			return m.blowWeapon(c, cmd), nil
		})}
}

// blowWeapon picks the weapon; one not ready is readied (or reloaded)
// instead, as its own step.
func (m Model) blowWeapon(c *engine.Combatant, cmd engine.Blow) action {
	rs, enc := m.fight().Rules, m.fight().Current()
	if b := m.blowOf(cmd); b.Weapon != nil {
		return m.blowDefence(c, cmd) // it strikes with its own
	}
	chosen := func(i int) action {
		w := c.Weapons[i]
		if !w.Ready() {
			// Not asked when the answer can only be refused (BRP: a dropped
			// weapon picked up in a round needs its statement, l.103): why, at once.
			if err := m.check(engine.Arm{Who: c.ID, Weapon: i}); err != nil {
				return actError{err.Error()}
			}
		}
		switch {
		case w.State == rules.FateDropped && rs.Gear.PickUp != "":
			a, _ := rs.Action(rs.Gear.PickUp)
			return actDialog{&confirm{question: fmt.Sprintf("%s's %s is dropped. Pick it up (%s: %s)?", c.Name, w.Name, a.Name,
				narrate.Cost(rs, a)),
				yes: actCommand{cmd: engine.Arm{Who: c.ID, Weapon: i}}}}
		case !w.Ready():
			return actDialog{&confirm{question: fmt.Sprintf("%s's %s is %s. Ready it again (picked up, pulled out, mended)?", c.Name,
				w.Name, w.State),
				yes: actCommand{cmd: engine.Arm{Who: c.ID, Weapon: i}}}}
		case w.Ammo > 0 && w.Left == 0:
			return actDialog{&confirm{question: fmt.Sprintf("%s's %s is empty. Reload it?", c.Name, w.Name),
				yes: actCommand{cmd: engine.Arm{Who: c.ID, Weapon: i, Reload: true}}}}
		}
		cmd.Weapon = i
		return m.blowDefence(c, cmd)
	}
	var items []item[int]
	for i, w := range c.Weapons {
		if w.Lodged {
			continue // what it shot, stuck in another: never struck with nor readied (BRP's arrow)
		}
		items = append(items, item[int]{label: w.Name, detail: strings.TrimPrefix(narrate.Weapon(rs, enc, w), w.Name+" "), value: i})
	}
	// A split's attacks are with the weapon whose skill it divides (BRP,
	// l.431): only that one is offered.
	if same := slices.DeleteFunc(slices.Clone(items), func(it item[int]) bool { return it.label != c.SplitWith }); len(c.Shares) > 0 &&
		len(same) > 0 {
		items = same
	}
	if len(items) == 1 {
		return chosen(items[0].value)
	}
	return actDialog{newPick(c.Name+" strikes with", "one not ready is readied instead", items, false, func(it item[int],
		_ string) (action, error) {
		return chosen(it.value), nil
	})}
}

// blowDefence picks how the target answers, when the blow lets it choose.
func (m Model) blowDefence(c *engine.Combatant, cmd engine.Blow) action {
	rs, b := m.fight().Rules, m.blowOf(cmd)
	if b.Defence.Kind != rules.DefenceCheck {
		return m.blowTogether(c, cmd, nil)
	}
	x := m.fight().Current().Combatant(cmd.Foes[0])
	who := x.Name
	if len(cmd.Foes) > 1 {
		who = fmt.Sprintf("each of the %d", len(cmd.Foes))
	}
	items := []item[string]{{label: "No defence", detail: who + " does not answer it", value: ""}}
	for _, id := range b.Defence.Checks {
		if len(cmd.Foes) == 1 && engine.AnswerCombines(rs, m.fight().Current(), x, id) != "" {
			// Not one x may make now (a dodge after its parry, BRP l.145).
			continue
		}
		if ac, ok := rs.Check(id); ok {
			if w, ok := m.blowWeaponOf(c, cmd); ok && engine.AnswerNeeds(rs, id, modifierIDs(m.answerOffered(ac, c, x, b, cmd)), w) != nil {
				// Never allowed against this weapon with any choice x has
				// (BRP's plain parry against a missile, l.517): not offered.
				continue
			}
			detail := ac.Summary
			if len(cmd.Foes) == 1 {
				detail = answerDetail(rs, x, ac)
			}
			items = append(items, item[string]{label: ac.Name, detail: detail, value: id})
		}
	}
	answers := newPick(c.Name+" strikes at "+x.Name+": answered with", "rolled by "+who+" unless the attack needs none", items,
		false, func(it item[string], _ string) (action, error) {
			cmd.Answer = it.value
			if cmd.Answer == "" {
				if b.AtGuard() && len(cmd.Foes) == 1 && len(x.Weapons) > 1 {
					return m.blowAimedAt(c, x, cmd), nil
				}
				return m.blowTogether(c, cmd, nil), nil
			}
			// The defence's own modifiers (fighting defensively, a shield
			// against missiles), then which of its weapons or shields meets it.
			ac, _ := rs.Check(cmd.Answer)
			ac = m.answerOffered(ac, c, x, b, cmd)
			need := ""
			if w, ok := m.blowWeaponOf(c, cmd); ok {
				if err := engine.AnswerNeeds(rs, cmd.Answer, nil, w); err != nil {
					need = err.Error()
				}
			}
			return modifierPickThen(ac, x.Name+": "+ac.Name, need, nil, func(mods []string) (action, error) {
				// One the weapon needs and none picked (a missile's parry,
				// l.119, 517): refused here, the list still open.
				if w, ok := m.blowWeaponOf(c, cmd); ok {
					if err := engine.AnswerNeeds(rs, cmd.Answer, mods, w); err != nil {
						return nil, fmt.Errorf("none of the choices it needs is picked (%s)", w.Name)
					}
				}
				return m.blowGuard(c, x, ac, cmd, mods), nil
			}), nil
		})
	// The usual answer first under the cursor (Energy: Evasion), so enter
	// alone does not let a blow land undefended.
	usual := engine.UsualAnswer(rs, cmd.Blow)
	answers.sel = max(slices.IndexFunc(items, func(it item[string]) bool { return usual != "" && it.value == usual }), 0)
	return actDialog{answers}
}

// blowWeaponOf is the weapon the blow cmd strikes with: the blow's own,
// or the one of c's picked.
func (m Model) blowWeaponOf(c *engine.Combatant, cmd engine.Blow) (rules.Weapon, bool) {
	if b := m.blowOf(cmd); b.Weapon != nil {
		return b.Weapon.Weapon(), true
	}
	if cmd.Weapon >= 0 && cmd.Weapon < len(c.Weapons) {
		return c.Weapons[cmd.Weapon].Weapon, true
	}
	return rules.Weapon{}, false
}

// modifierIDs are the ids of ch's modifiers.
func modifierIDs(ch rules.Check) []string {
	ids := make([]string, len(ch.Modifiers))
	for i, md := range ch.Modifiers {
		ids[i] = md.ID
	}
	return ids
}

// blowGuard picks which of x's weapons or shields meets the blow, its
// answer ac rolled with the modifiers mods.
func (m Model) blowGuard(c, x *engine.Combatant, ac rules.Check, cmd engine.Blow, mods []string) action {
	rs := m.fight().Rules
	cmd.Guards = mods
	if len(cmd.Foes) > 1 || len(x.Weapons) < 2 {
		return m.blowTogether(c, cmd, nil)
	}
	// A weapon or shield x may not parry with (a useless shield arm)
	// is not offered; none left, the blow says why.
	var guards []item[int]
	unkept := false
	for i, w := range x.Weapons {
		if engine.UsesGuard(ac) && engine.WeaponForbidden(rs, x, w.Weapon) != "" {
			continue
		}
		if engine.UsesGuard(ac) && slices.ContainsFunc(mods, func(id string) bool {
			md, ok := ac.Modifier(id)
			return ok && !md.Fits(w.Kinds)
		}) {
			// Not the item a picked row goes with (a shield's base chance
			// met with a mace, BRP l.119, 484).
			continue
		}
		detail := narrate.Weapon(rs, m.fight().Current(), w)
		if m.blowOf(cmd).AtGuard() && !keepsHP(w) {
			detail, unkept = "no hit points kept · "+detail, true
		}
		guards = append(guards, item[int]{label: w.Name, detail: detail, value: i})
	}
	switch len(guards) {
	case 0:
		return m.blowTogether(c, cmd, nil)
	case 1:
		cmd.Guard = guards[0].value
		return m.blowTogether(c, cmd, nil)
	}
	hint := "the weapon or shield that takes what the blow does to it"
	if unkept {
		hint += "; " + unkeptWhy
	}
	return actDialog{newPick(x.Name+" answers with", hint, guards, false,
		func(g item[int], _ string) (action, error) {
			cmd.Guard = g.value
			return m.blowTogether(c, cmd, nil), nil
		})}
}

// answerOffered is the defence ac with only the modifiers x may pick
// against this blow: none needs_against keeps for other weapons than the
// one striking (a missile's dodge against a sword, BRP l.131-133), none
// for a stance x has not declared (the free dodge, l.13).
func (m Model) answerOffered(ac rules.Check, c, x *engine.Combatant, b rules.Blow, cmd engine.Blow) rules.Check {
	switch {
	case b.Weapon != nil:
		ac = engine.AnswerFitting(ac, b.Weapon.Kinds)
	case cmd.Weapon >= 0 && cmd.Weapon < len(c.Weapons):
		ac = engine.AnswerFitting(ac, c.Weapons[cmd.Weapon].Kinds)
	}
	ac.Modifiers = slices.DeleteFunc(ac.Modifiers, func(md rules.CheckModifier) bool {
		return md.Declared != "" && !x.HasDeclared(md.Declared)
	})
	if engine.UsesGuard(ac) && len(x.Weapons) > 0 {
		// A row for an item x does not carry (a shield's base chance
		// against a missile, BRP l.119, 484) is not offered.
		ac.Modifiers = slices.DeleteFunc(ac.Modifiers, func(md rules.CheckModifier) bool {
			return !slices.ContainsFunc(x.Weapons, func(w engine.Weapon) bool { return w.Ready() && md.Fits(w.Kinds) })
		})
	}
	return ac
}

// An attack on a parrying weapon or shield (at_guard: BRP l.490) takes
// its damage off the item's hit points, and only what goes past them
// strikes the holder; an item that keeps none (no hp: the book gives
// weapons theirs in its equipment chapter, and no shipped creature's
// carries them) takes it all, only logged. The blow's lists say so before
// the attack is spent, and how to give an item its hit points.
const unkeptWhy = "an item that keeps no hit points takes all the damage, only logged, and none goes past it to the holder " +
	"(give it hp: weapons = [{ ..., hp = 12 }] in the creature, or weapon=Shield:1d4:hp=12 as it is added, a)"

// keepsHP says whether a weapon or shield keeps hit points (its hp).
func keepsHP(w engine.Weapon) bool { return w.HP > 0 }

// itemsKeepHP says whether anyone but c still up carries a weapon or
// shield that keeps hit points.
func (m Model) itemsKeepHP(c *engine.Combatant) bool {
	return slices.ContainsFunc(m.fight().Current().Combatants, func(x *engine.Combatant) bool {
		return x.ID != c.ID && !x.Out && slices.ContainsFunc(x.Weapons, keepsHP)
	})
}

// blowAimedAt picks the weapon or shield of x an unanswered blow that
// strikes the item (at_guard: BRP's aimed attack on a shield, l.490) is
// aimed at.
func (m Model) blowAimedAt(c, x *engine.Combatant, cmd engine.Blow) action {
	rs := m.fight().Rules
	var items []item[int]
	hint := "the weapon or shield the blow strikes"
	for i, w := range x.Weapons {
		detail := narrate.Weapon(rs, m.fight().Current(), w)
		if !keepsHP(w) {
			detail = "no hit points kept · " + detail
			hint = "the weapon or shield the blow strikes; " + unkeptWhy
		}
		items = append(items, item[int]{label: w.Name, detail: detail, value: i})
	}
	return actDialog{newPick(c.Name+" aims at "+x.Name+"'s", hint, items, false,
		func(g item[int], _ string) (action, error) {
			cmd.Guard = g.value
			return m.blowTogether(c, cmd, nil), nil
		})}
}

// blowTogether picks who strikes the one target together with c (each
// picked is marked, picked again unmarked): the blow's multiple attackers
// bonus goes to each, and they strike one after another.
func (m Model) blowTogether(c *engine.Combatant, cmd engine.Blow, with []int) action {
	// A cut through the item that holds c, too soon (BRP's Just entangled,
	// l.369): refused as the item is picked, before the modifiers and dice.
	if why := engine.CutRefused(m.fight().Rules, m.fight().Current(), c, cmd); why != "" {
		return actError{why}
	}
	b, _ := m.fight().Rules.Blow(cmd.Blow)
	if b.MultipleAttackers.IsZero() || len(cmd.Foes) != 1 {
		return m.blowModifiers(c, cmd)
	}
	var names []string
	items := []item[int]{{label: "Strike", value: 0}}
	for _, x := range rows(m.fight().Current()) {
		if x.ID == c.ID || x.ID == cmd.Foes[0] || x.Out || len(x.Weapons) == 0 {
			continue
		}
		label := x.Name
		if slices.Contains(with, x.ID) {
			label = "✓ " + label
			names = append(names, x.Name)
		}
		items = append(items, item[int]{label: label, detail: x.Side, value: x.ID})
	}
	if len(items) == 1 {
		return m.blowModifiers(c, cmd)
	}
	items[0].detail = c.Name + " alone"
	if len(names) > 0 {
		items[0].detail = fmt.Sprintf("%s, then %s: %d on the one target", c.Name, strings.Join(names, ", "), 1+len(names))
	}
	return actDialog{newPick(c.Name+": who strikes together with it?", "pick each who joins (their first ready weapon), then Strike",
		items, true, func(it item[int], _ string) (action, error) {
			id := it.value
			if id == 0 {
				cmd.With = with
				return m.blowModifiers(c, cmd), nil
			}
			if i := slices.Index(with, id); i >= 0 {
				return m.blowTogether(c, cmd, slices.Delete(slices.Clone(with), i, i+1)), nil
			}
			return m.blowTogether(c, cmd, append(slices.Clone(with), id)), nil
		})}
}

// blowModifiers offers the attack check's own modifiers and those of the
// checks the blow's results roll (engine.BlowModifiers), then a typed one.
func (m Model) blowModifiers(c *engine.Combatant, cmd engine.Blow) action {
	rs := m.fight().Rules
	b := m.blowOf(cmd)
	ch, _ := rs.Check(b.Check)
	ch.Modifiers = engine.BlowModifiers(rs, b)
	// Only those that go with the weapon it strikes with (weapon_kinds).
	if b.Weapon != nil {
		ch = ch.Fitting(b.Weapon.Kinds)
	} else if cmd.Weapon >= 0 && cmd.Weapon < len(c.Weapons) {
		ch = ch.Fitting(c.Weapons[cmd.Weapon].Kinds)
	}
	title := c.Name + ": " + b.Name
	return modifierPick(ch, title, nil, func(mods []string) action {
		cmd.Modifiers = mods
		hint := "a modifier to the attack (+10, -20), or empty for none"
		if on := b.Defence.TypedOn; on != "" {
			// The ruleset puts the GM's modifier on the defence's number.
			hint = fmt.Sprintf("a modifier to the %s (a number: -3 is %s 3 lower), or empty for none", on, on)
		}
		return actDialog{newPrompt(title, hint, "", func(s string) (action, error) {
			cmd.Expr = strings.TrimSpace(s)
			if cmd.Expr != "" {
				if _, err := dice.Parse(cmd.Expr); err != nil {
					return nil, exprError(cmd.Expr, err)
				}
			}
			return m.blowWhere(cmd), nil
		})}
	})
}

// blowWhere asks where the blow lands, where the ruleset has hit
// locations: rolled, or one the GM calls.
func (m Model) blowWhere(cmd engine.Blow) action {
	rs := m.fight().Rules
	if rs.Recorded() {
		return m.blowOnRecord(cmd)
	}
	if !rs.HP.LocationsOn {
		return m.blowCommand(cmd)
	}
	items := []item[string]{{label: "Roll it", detail: "the hit location roll", value: ""}}
	for _, l := range rs.HP.Locations {
		items = append(items, item[string]{label: l.Name, value: l.ID})
	}
	return actDialog{newPick("Where does it land?", "", items, true, func(it item[string], _ string) (action, error) {
		cmd.Location = it.value
		return m.blowCommand(cmd), nil
	})}
}

// blowOnRecord asks where a blow on a wound record lands: the GM calls
// one of the record's locations (the wound is recorded there).
func (m Model) blowOnRecord(cmd engine.Blow) action {
	var items []item[string]
	for _, l := range m.fight().Rules.Vitality.Locations {
		items = append(items, item[string]{label: l.Name, value: l.ID})
	}
	return actDialog{newPick("Where does it land?", "the wound is recorded there if it gets through", items, true,
		func(it item[string], _ string) (action, error) {
			cmd.Location = it.value
			return m.blowCommand(cmd), nil
		})}
}

// blowCommand checks the blow before it goes.
func (m Model) blowCommand(cmd engine.Blow) action {
	if err := m.check(cmd); err != nil {
		return actError{err.Error()}
	}
	return actCommand{cmd: cmd}
}

// blowChain is the chain of the blows a step struck, to show once it is
// done (nil: it struck none).
func blowChain(rs *rules.Ruleset, events []engine.Event) dialog {
	chains := narrate.Chain(rs, events)
	if len(chains) == 0 {
		return nil
	}
	return &chainDialog{chains: chains}
}

// chainDialog shows each blow's chain, step by step; any key closes it.
type chainDialog struct {
	frame
	chains [][]narrate.ChainStep
}

func (d *chainDialog) Update(msg tea.KeyPressMsg) (dialog, action) {
	if key.Matches(msg, d.keys.Undo) {
		return nil, actUndo{} // the whole blow, one step
	}
	return nil, actCancel{}
}

func (d *chainDialog) View() string {
	st, w := &d.st, min(max(d.width-8, 30), 100)
	var out []string
	for i, chain := range d.chains {
		if i > 0 {
			out = append(out, "")
		}
		for _, s := range chain {
			for j, line := range s.Lines {
				name := s.Step
				if j > 0 {
					name = ""
				}
				text := strings.ReplaceAll(wrap(safe(line), w-9), "\n", "\n"+strings.Repeat(" ", 9)) // under the step's words
				out = append(out, st.Header.Render(fmt.Sprintf("%-8s", name))+" "+text)
			}
		}
	}
	body := strings.Join(out, "\n")
	if d.height > 0 {
		lines := strings.Split(body, "\n")
		if room := d.height - 6; room > 0 && len(lines) > room {
			body = strings.Join(lines[len(lines)-room:], "\n") // the last blow's end: the log holds the rest
		}
	}
	foot := st.Muted.Render("u takes it all back · any other key closes")
	return st.DialogBox.Boxed(w+4, st.Title.Render("The blow")+"\n"+body+"\n"+foot)
}

// gearLines are the panel's lines for what c carries.
func gearLines(rs *rules.Ruleset, enc *engine.Encounter, c *engine.Combatant, w int) []string {
	var l []string
	for _, x := range c.Weapons {
		l = append(l, wrap(safe(narrate.Weapon(rs, enc, x)), w))
	}
	for _, a := range c.Armor {
		l = append(l, wrap(safe(narrate.Armor(rs, a)), w))
	}
	if len(c.Multipliers) > 0 {
		l = append(l, wrap(safe(narrate.Takes(rs, c.Multipliers)), w))
	}
	return l
}
