package tui

import (
	"errors"
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
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
					// Blunt, then penetrating: as the weapon kinds the ruleset
					// names (a cut, a puncture), or else just penetrating.
					kinds := []item[string]{{label: "Blunt", detail: "bruises, broken bones: no bleeding", value: ""}}
					for _, k := range rs.Gear.WeaponKinds {
						kinds = append(kinds, item[string]{label: k.Name,
							detail: "penetrating: " + woundBleeds(rs, loc.value, sev.value, k.ID),
							value:  k.ID})
					}
					if len(rs.Gear.WeaponKinds) == 0 {
						kinds = append(kinds, item[string]{label: "Penetrating",
							detail: "cuts and punctures: " + woundBleeds(rs, loc.value, sev.value, ""),
							value:  penetrating})
					}
					return actDialog{newPick(loc.label+", "+strings.ToLower(sev.label)+": blunt or penetrating?", "", kinds, false,
						func(k item[string], _ string) (action, error) {
							cmd := engine.RecordWound{Who: c.ID, Location: loc.value, Severity: sev.value, Penetrating: k.value != ""}
							if k.value != penetrating {
								cmd.Kind = k.value
							}
							return actCommand{cmd: cmd}, nil
						})}, nil
				})}, nil
		})
}

// penetrating is the wound dialog's penetrating wound of no named kind.
const penetrating = "-"

// woundBleeds says what a penetrating wound bleeds, for the wound dialog.
func woundBleeds(rs *rules.Ruleset, loc, sev, kind string) string {
	if b := rs.Bleeding(loc, sev, kind); b != "" {
		return b
	}
	return "no bleeding"
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
