package tui

import (
	"errors"
	"strconv"

	"fray/engine"
	"fray/engine/rules"
)

// holdDialog offers the ruleset's hold maneuvers for the actor.
func (m Model) holdDialog() (dialog, error) {
	f := m.fight()
	enc := f.Current()
	actor := enc.Actor()
	if actor == nil {
		return nil, errors.New("nobody is acting now")
	}
	var items []item[rules.Hold]
	rs := f.Rules
	if rs.OffersHold(rules.HoldWait) {
		items = append(items, item[rules.Hold]{label: "Wait", detail: "act later this round", value: rules.HoldWait})
	}
	if rs.OffersHold(rules.HoldDelay) {
		items = append(items, item[rules.Hold]{label: "Delay", detail: "hold the attack as an interrupt", value: rules.HoldDelay})
	}
	word := countWord(rs)
	if phases := rs.RoundPhases(); enc.Phase < len(phases) && phases[enc.Phase].Order == rules.PhaseStat {
		word = phases[enc.Phase].Stat + " rank" // a power held to a later INT rank
	}
	if rs.OffersHold(rules.HoldLater) {
		items = append(items, item[rules.Hold]{label: "Hold", detail: "act at a later " + word, value: rules.HoldLater})
	}
	who := actor.ID
	return newPick(actor.Name+" holds", "", items, false, func(it item[rules.Hold], _ string) (action, error) {
		switch it.value {
		case rules.HoldWait:
			targets := []item[int]{{label: "the end of the round", value: 0}}
			seen := false
			for _, e := range enc.Entries {
				if e.Who == who {
					seen = true
					continue
				}
				if c := enc.Combatant(e.Who); seen && c != nil && e.Action == 0 {
					targets = append(targets, item[int]{label: "after " + c.Name, value: c.ID})
				}
			}
			if len(targets) == 1 && rs.Order.WaitLasts {
				// Nobody left to wait for: the Wait lasts on (order.wait_lasts).
				targets[0].label = "the next round (keep waiting)"
			}
			return actDialog{newPick("Wait until", "", targets, false, func(t item[int], _ string) (action, error) {
				return actCommand{cmd: engine.Wait{Who: who, After: t.value}}, nil
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
