package tui

import (
	"errors"
	"fmt"
	"strconv"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// aidPick is a First Aid the bleeding dialog offers: what it treats.
type aidPick struct {
	treat engine.Treat
	i     int
}

// bleedChoice is what an item of the bleeding dialog does: a command at
// once (a missile stuck or taken out, an injury healed), First Aid once its
// healer is picked, or, neither, a new wound once its rate is typed.
type bleedChoice struct {
	cmd engine.Command
	aid *aidPick
}

// bleedDialog opens a wound or treats one: First Aid on a wound, a critical
// injury or hits, as the ruleset's First Aid allows; a healed injury taken
// away; a missile stuck or taken out.
func (m Model) bleedDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[bleedChoice]
	if rs.KeepsWounds() {
		items = append(items, item[bleedChoice]{label: "New bleeding wound", detail: "hits a round"})
	}
	items = append(items, bleedingCondition(rs, c)...)
	items = append(items, aidItems(rs, c)...)
	for i, w := range c.Wounds {
		if !engine.WoundOpen(rs, w) {
			continue // stopped for good: closing it ends nothing
		}
		items = append(items, item[bleedChoice]{label: upperFirst(bleedName(c, i)) + " closed by magic",
			detail: fmt.Sprintf("stop its %d a round at once and for good", w.Rate),
			value:  bleedChoice{cmd: engine.CloseWound{Who: c.ID, Wound: i}}})
	}
	for i, in := range c.Injuries {
		items = append(items,
			item[bleedChoice]{label: fmt.Sprintf("Injury %d healed", i+1),
				detail: fmt.Sprintf("take away %s (%d)", safe(in.Text), in.Now()),
				value:  bleedChoice{cmd: engine.HealInjury{Who: c.ID, Injury: i}}})
	}
	// Missiles: stick one (critical or grievous), or take one out (First Aid).
	for _, ms := range rs.Missiles {
		items = append(items,
			item[bleedChoice]{label: "Stuck " + ms.Name, detail: narrate.Stuck(rs, engine.Stuck{ID: ms.ID}),
				value: bleedChoice{cmd: engine.StickMissile{Who: c.ID, Missile: ms.ID}}},
			item[bleedChoice]{label: "Stuck " + ms.Name + ", grievous", detail: narrate.Stuck(rs, engine.Stuck{ID: ms.ID, Grievous: true}),
				value: bleedChoice{cmd: engine.StickMissile{Who: c.ID, Missile: ms.ID, Grievous: true}}})
	}
	for _, st := range c.Stuck {
		if ms, ok := rs.Missile(st.ID); ok {
			items = append(items, item[bleedChoice]{label: "Take out the " + ms.Name + " (First Aid)", detail: narrate.Stuck(rs, st),
				value: bleedChoice{cmd: engine.PullMissile{Who: c.ID, Missile: ms.ID}}})
		}
	}
	return newPick("Bleeding: "+c.Name, "", items, false, func(it item[bleedChoice], _ string) (action, error) {
		switch v := it.value; {
		case v.cmd != nil:
			return actCommand{cmd: v.cmd}, nil
		case v.aid != nil:
			return actDialog{m.healerPick(c, *v.aid)}, nil
		}
		hint := "hits lost a round"
		for _, tk := range rs.Ticks {
			if tk.Effect == rules.EffectBleed && tk.Summary != "" {
				hint += ": " + tk.Summary // when the ruleset bleeds them: a turn's start, a rank, the round's end
				break
			}
		}
		return actDialog{newDefault("New wound on "+c.Name, hint, "1",
			func(s string) (action, error) {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 {
					return nil, errors.New("a whole number of hits a round")
				}
				return actCommand{cmd: engine.Bleed{Who: c.ID, Rate: n}}, nil
			})}, nil
	})
}

// bleedingCondition is the ruleset's bleeding where it is a condition
// (wounds.bleeding_condition): given, or taken away from one who has it.
func bleedingCondition(rs *rules.Ruleset, c *engine.Combatant) []item[bleedChoice] {
	def, ok := rs.Condition(rs.Wounds.BleedingCondition)
	if !ok {
		return nil
	}
	if c.Has(def.ID) {
		return []item[bleedChoice]{{label: "Stops " + def.Name, detail: "take it away",
			value: bleedChoice{cmd: engine.TakeCondition{Who: c.ID, Condition: def.ID}}}}
	}
	return []item[bleedChoice]{{label: def.Name, detail: safe(def.Summary),
		value: bleedChoice{cmd: engine.GiveCondition{Who: c.ID, Condition: def.ID}}}}
}

// aidItems are the First Aids the ruleset allows on c: each wound, each
// injury not braced to nothing, and hits lost.
func aidItems(rs *rules.Ruleset, c *engine.Combatant) []item[bleedChoice] {
	wr := rs.Wounds
	if _, dead := engine.Death(rs, c); !wr.Given() || dead {
		return nil // the dead are past First Aid (BRP l.577)
	}
	var items []item[bleedChoice]
	for i, w := range c.Wounds {
		if engine.AidRefused(rs, c, engine.TreatWound, i) != "" {
			continue // stopped, or First Aid failed on it: none would do anything
		}
		state := fmt.Sprintf("%d a round", w.Rate)
		if w.Treated {
			state += ", treated"
		}
		// The same roll heals the wound its hit made (BRP l.337, 619).
		switch h, ok := engine.BleedingHeals(rs, c, i); {
		case ok && wr.HealsBleeding && engine.HealingBarred(rs, c) != "":
			state += "; heals nothing (" + barredBy(rs, c) + ")"
		case ok && h > 0 && h != engine.BleedHarm(c, i):
			state += fmt.Sprintf("; heals wound %d: %s", h, wr.Heals)
		case ok:
			state += "; heals " + wr.Heals.String()
		case wr.HealsBleeding:
			state += fmt.Sprintf("; wound %d healed once already", w.Harm)
		}
		items = append(items,
			item[bleedChoice]{label: "First Aid on " + bleedName(c, i), detail: state,
				value: bleedChoice{aid: &aidPick{engine.TreatWound, i}}})
	}
	for i, in := range c.Injuries {
		if wr.Brace > 0 && in.Now() < 0 {
			detail := fmt.Sprintf("%s (%d): %d%% of it off", safe(in.Text), in.Now(), wr.Brace)
			items = append(items,
				item[bleedChoice]{label: fmt.Sprintf("First Aid: brace injury %d", i+1), detail: detail,
					value: bleedChoice{aid: &aidPick{engine.TreatInjury, i}}})
		}
	}
	if !wr.Heals.IsZero() && c.HP < c.MaxHP && len(c.Harms) > 0 {
		// Wounds kept apart: First Aid heals one of them (from 0 here).
		for _, h := range harmItems(c) {
			// Not one healed once, one whose bleeding's First Aid failed, nor
			// while healing is barred (Impaled, BRP l.389): the healer would
			// only be refused.
			if engine.AidRefused(rs, c, engine.TreatHits, h.value-1) == "" {
				items = append(items, item[bleedChoice]{label: "First Aid on wound " + itoa(h.value),
					detail: h.detail + "; heals " + wr.Heals.String(), value: bleedChoice{aid: &aidPick{engine.TreatHits, h.value - 1}}})
			}
		}
		return items
	}
	if !wr.Heals.IsZero() && engine.AidRefused(rs, c, engine.TreatHits, 0) == "" {
		name := rs.HP.Name
		if name == "" {
			name = "HP"
		}
		items = append(items,
			item[bleedChoice]{label: "First Aid on " + name, detail: "heals " + wr.Heals.String(),
				value: bleedChoice{aid: &aidPick{engine.TreatHits, 0}}})
	}
	return items
}

// bleedName is how the bleeding list names c's bleeding wound i: by the
// wound kept apart it was cut with where wounds are kept apart ("the
// bleeding of wound 3", the panel's numbering), so that no two rows share a
// name; else by its own number ("wound 1").
func bleedName(c *engine.Combatant, i int) string {
	if h := engine.BleedHarm(c, i); h > 0 {
		return fmt.Sprintf("the bleeding of wound %d", h)
	}
	if len(c.Harms) > 0 {
		return fmt.Sprintf("bleeding %d", i+1)
	}
	return fmt.Sprintf("wound %d", i+1)
}

// upperFirst is s with its first letter a capital (s is ASCII here).
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// barredBy is the name of the condition that bars c's healing
// (conditions.no_healing), "" when none does.
func barredBy(rs *rules.Ruleset, c *engine.Combatant) string {
	for _, x := range c.Conditions {
		if d, ok := rs.Condition(x.ID); ok && d.NoHealing {
			return d.Name
		}
	}
	return ""
}

// checkedHealers is how many combatants the First Aid list tries each of.
const checkedHealers = 40

// healerPick asks who gives the First Aid: where the ruleset makes it an
// extended action, the healer begins (or goes on with) that action, and the
// roll comes when the work is done; otherwise it is rolled at once.
func (m Model) healerPick(c *engine.Combatant, aim aidPick) dialog {
	rs := m.fight().Rules
	cmdOf := func(id int) engine.Command {
		wound, injury := aim.index()
		if rs.Wounds.Action != "" {
			return engine.Spend{Who: id, Action: rs.Wounds.Action, Patient: c.ID, Treat: aim.treat, Wound: wound, Injury: injury}
		}
		if id == c.ID {
			id = 0
		}
		return engine.FirstAid{Who: c.ID, Healer: id, Treat: aim.treat, Wound: wound, Injury: injury}
	}
	// Those who cannot give it now (down, unconscious, out of actions) are
	// listed after the others with the reason, as choosing one says.
	// Each is tried on a copy of the fight: in a crowd of more than
	// checkedHealers, choosing one says it instead.
	var healers, cannot []item[int]
	all := rows(m.fight().Current())
	for _, h := range all {
		it := item[int]{label: h.Name, detail: healerSkill(rs, h), value: h.ID}
		if len(all) > checkedHealers {
			healers = append(healers, it)
			continue
		}
		if err := m.check(cmdOf(h.ID)); err != nil {
			it.detail = "cannot: " + err.Error()
			cannot = append(cannot, it)
			continue
		}
		healers = append(healers, it)
	}
	healers = append(healers, cannot...)
	roll := rs.Wounds.Check.String()
	if ch, ok := rs.Check(rs.Wounds.Roll); ok && rs.Wounds.Roll != "" {
		roll = ch.Roll.String() + " against " + ch.Target.String()
	}
	hint := "fray rolls " + roll + " for them (t: type the roll made at the table)"
	if a, ok := rs.Action(rs.Wounds.Action); ok && rs.Wounds.Action != "" {
		hint = fmt.Sprintf("%s: %s, then fray rolls %s", a.Name, narrate.Cost(rs, a), roll)
	}
	return newPick("Who gives First Aid?", hint, healers, true, func(h item[int], _ string) (action, error) {
		cmd := cmdOf(h.value)
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})
}

// index is the wound or the injury First Aid is aimed at (from 0).
func (aim aidPick) index() (wound, injury int) {
	if aim.treat == engine.TreatInjury {
		return 0, aim.i
	}
	return aim.i, 0
}

// healerSkill is what the pick of healers shows beside each: the skill the
// first aid roll reads, where the ruleset names one.
func healerSkill(rs *rules.Ruleset, h *engine.Combatant) string {
	if rs.Wounds.Skill == "" {
		return ""
	}
	name := rs.Wounds.Skill
	if st, ok := rs.Stat(name); ok && st.Name != "" {
		name = st.Name
	}
	return fmt.Sprintf("%s %d", name, h.Stats[rs.Wounds.Skill])
}
