package tui

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
)

// The dialogs of a wound record (vitality.kind = "wound_record") and of
// flurries: `d` records a wound by location, severity and kind, `h`
// strikes one off, `F` engages, counts actions and disengages.

// recordDialog asks where a wound is, how bad, and whether it cuts.
func (m Model) recordDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var locs []item
	for _, l := range rs.Vitality.Locations {
		worst := "unhurt"
		for _, w := range engine.WorstAt(rs, c) {
			if w.Location == l.ID {
				s, _ := rs.Severity(w.Severity)
				worst = fmt.Sprintf("worst: %s (%d)", strings.ToLower(s.Name), s.Penalty)
			}
		}
		locs = append(locs, item{label: l.Name, detail: worst, value: l.ID})
	}
	return newPick("Wound to "+c.Name+": where?", "the location struck; then the severity", locs, true, func(loc item, _ string) (action, error) {
		var sevs []item
		for _, s := range rs.Vitality.Severities {
			detail := fmt.Sprintf("%d", s.Penalty)
			if s.NoAction {
				detail += ", no action at all"
			}
			sevs = append(sevs, item{label: s.Name, detail: detail, value: s.ID})
		}
		return actDialog{newPick(loc.label+": how bad?", "only the worst wound at a location counts", sevs, false, func(sev item, _ string) (action, error) {
			kinds := []item{{label: "Blunt", detail: "bruises, broken bones: no bleeding", value: false}, {label: "Penetrating", detail: "cuts and punctures: bleeds", value: true}}
			return actDialog{newPick(loc.label+", "+strings.ToLower(sev.label)+": blunt or penetrating?", "", kinds, false, func(k item, _ string) (action, error) {
				return actCommand{cmd: engine.RecordWound{Who: c.ID, Location: loc.value.(string), Severity: sev.value.(string), Penetrating: k.value.(bool)}}, nil
			})}, nil
		})}, nil
	})
}

// strikeDialog strikes a wound off the record (healed, or recorded by mistake).
func (m Model) strikeDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if len(c.Record) == 0 {
		return nil, errors.New(c.Name + " has no wounds")
	}
	var items []item
	for i, w := range c.Record {
		l, _ := rs.Location(w.Location)
		s, _ := rs.Severity(w.Severity)
		items = append(items, item{label: fmt.Sprintf("%s: %s", l.Name, strings.ToLower(s.Name)), detail: fmt.Sprintf("round %d", w.Round), value: i})
	}
	return newPick("Strike a wound off "+c.Name+"'s record", "healed, or recorded by mistake", items, false, func(it item, _ string) (action, error) {
		return actCommand{cmd: engine.StrikeWound{Who: c.ID, Wound: it.value.(int)}}, nil
	}), nil
}

// flurryDialog engages the selected fighter, or acts in its flurry.
func (m Model) flurryDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if !rs.HasFlurries() {
		return nil, fmt.Errorf("%s has no flurries", rs.Name)
	}
	enc := m.fight().Current()
	var items []item
	hint := c.Name + " is engaged with nobody"
	if f := c.Flurry; f != nil {
		hint = flurryText(enc, c)
		if f.Rolled {
			items = append(items, item{label: "Use an action", detail: fmt.Sprintf("%d left", f.Left), value: engine.Flurry{Who: c.ID, Step: "action"}})
			if n := rs.Flurries.Obstacle; n > 0 {
				items = append(items, item{label: "Foe against an obstacle", detail: fmt.Sprintf("%+d action", n), value: engine.Flurry{Who: c.ID, Step: "obstacle"}})
			}
		}
		items = append(items,
			item{label: "Next flurry", detail: "everyone in it rolls initiative and has their actions again", value: engine.Flurry{Who: c.ID, Step: "again"}},
			item{label: "Disengage", detail: "leave flurry " + fmt.Sprint(f.ID), value: engine.Disengage{Who: c.ID}})
	}
	for _, o := range rows(enc) {
		if o.ID == c.ID || c.Flurry != nil && o.Flurry != nil && o.Flurry.ID == c.Flurry.ID {
			continue
		}
		detail := safe(o.Side)
		if o.Flurry != nil {
			detail += fmt.Sprintf(", in flurry %d", o.Flurry.ID)
		}
		items = append(items, item{label: "Engage " + o.Name, detail: detail, value: engine.Engage{Who: c.ID, Foe: o.ID}})
	}
	if len(items) == 0 {
		return nil, errors.New("nobody to engage")
	}
	return newPick("Flurries: "+c.Name, hint, items, true, func(it item, _ string) (action, error) {
		cmd := it.value.(engine.Command)
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	}), nil
}
