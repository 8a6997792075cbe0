package tui

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
)

// The dialogs of a wound record (vitality.kind = "wound_record"; the
// engine's wound_record.go): d records a wound by location, severity and
// kind, h strikes one off.

// recordWoundDialog asks where a wound is, how bad, and whether it cuts.
func (m Model) recordWoundDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var locs []item[string]
	for _, l := range rs.Vitality.Locations {
		worst := "unhurt"
		for _, w := range engine.WorstAt(rs, c) {
			if w.Location == l.ID {
				s, _ := rs.Severity(w.Severity)
				worst = fmt.Sprintf("worst: %s (%d)", strings.ToLower(s.Name), s.Penalty)
			}
		}
		locs = append(locs, item[string]{label: l.Name, detail: worst, value: l.ID})
	}
	return newPick("Wound to "+c.Name+": where?", "the location struck; then the severity", locs, true,
		func(loc item[string], _ string) (action, error) {
			var sevs []item[string]
			for _, s := range rs.Vitality.Severities {
				detail := fmt.Sprintf("%d", s.Penalty)
				if s.NoAction {
					detail += ", no action at all"
				}
				sevs = append(sevs, item[string]{label: s.Name, detail: detail, value: s.ID})
			}
			return actDialog{newPick(loc.label+": how bad?", "only the worst wound at a location counts", sevs, false,
				func(sev item[string], _ string) (action, error) {
					kinds := []item[bool]{{label: "Blunt", detail: "bruises, broken bones: no bleeding", value: false},
						{label: "Penetrating", detail: "cuts and punctures: bleeds", value: true}}
					return actDialog{newPick(loc.label+", "+strings.ToLower(sev.label)+": blunt or penetrating?", "", kinds, false,
						func(k item[bool], _ string) (action, error) {
							cmd := engine.RecordWound{Who: c.ID, Location: loc.value, Severity: sev.value, Penetrating: k.value}
							return actCommand{cmd: cmd}, nil
						})}, nil
				})}, nil
		})
}

// strikeWoundDialog strikes a wound off the record (healed, or recorded by mistake).
func (m Model) strikeWoundDialog(c *engine.Combatant) (dialog, error) {
	rs := m.fight().Rules
	if len(c.Record) == 0 {
		return nil, errors.New(c.Name + " has no wounds")
	}
	var items []item[int]
	for i, w := range c.Record {
		l, _ := rs.Location(w.Location)
		s, _ := rs.Severity(w.Severity)
		items = append(items,
			item[int]{label: fmt.Sprintf("%s: %s", l.Name, strings.ToLower(s.Name)), detail: fmt.Sprintf("round %d", w.Round), value: i})
	}
	return newPick("Strike a wound off "+c.Name+"'s record", "healed, or recorded by mistake", items, false,
		func(it item[int], _ string) (action, error) {
			return actCommand{cmd: engine.StrikeWound{Who: c.ID, Wound: it.value}}, nil
		}), nil
}
