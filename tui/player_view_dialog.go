package tui

import (
	"fmt"
	"slices"

	"fray/engine"
	"fray/engine/rules"
)

// The GM's side of the player view (fray watch, fray serve): H hides the
// selected combatant from the players or shows it, P sets what they see.
// Each change is an engine command, so it is saved with the fight, logged
// for the GM and undone like any step.

// hideKey is H: the selected hidden from the players, or shown again.
func (m *Model) hideKey(c *engine.Combatant) action {
	if c.Hidden {
		return actCommand{cmd: engine.Show{Who: c.ID}}
	}
	return actCommand{cmd: engine.Hide{Who: c.ID}}
}

// viewChoice is an item of the player view's settings: a command at once,
// or a side whose hit points the GM then picks how to show.
type viewChoice struct {
	cmd  engine.Command
	side string
}

// playerViewDialog lists the settings of the player view; enter changes one.
func (m Model) playerViewDialog() dialog {
	f := m.fight()
	enc, rs := f.Current(), f.Rules
	onOff := func(on bool, yes, no string) string {
		if on {
			return yes
		}
		return no
	}
	items := []item[viewChoice]{
		{label: "New foes join " + onOff(enc.View.HideNewFoes, "hidden, shown on their first turn", "shown"),
			value: viewChoice{cmd: engine.View{Setting: engine.ViewHideNewFoes, Off: enc.View.HideNewFoes}}},
		{label: "The foes' rolls and statements are " + onOff(enc.View.FoeRolls, "shown to the players", "kept from the players"),
			value: viewChoice{cmd: engine.View{Setting: engine.ViewFoeRolls, Off: enc.View.FoeRolls}}},
	}
	for _, side := range viewSides(enc) {
		show := engine.HPShowOf(rs, enc, side)
		items = append(items,
			item[viewChoice]{label: fmt.Sprintf("Hit points of %s: %s", side, show), detail: "exact, word, bar or none",
				value: viewChoice{side: side}})
	}
	if enc.Status == engine.StatusRunning {
		items = append(items, item[viewChoice]{label: "End the fight", detail: "the players' screens say it is over (u takes it back)",
			value: viewChoice{cmd: engine.End{}}})
	}
	hidden := 0
	for _, c := range enc.Combatants {
		if c.Hidden {
			hidden++
		}
	}
	hint := fmt.Sprintf("%d hidden (H hides or shows the selected) · %d watching · fray watch / fray serve show the players' screen",
		hidden, m.watching)
	return newPick("What the players see", hint, items, false, func(it item[viewChoice], _ string) (action, error) {
		if _, end := it.value.cmd.(engine.End); end {
			return actEndFight{}, nil // and the party kept, if the GM says (party_dialog.go)
		}
		if it.value.cmd != nil {
			return actCommand{cmd: it.value.cmd}, nil
		}
		return actDialog{m.hpShowDialog(it.value.side)}, nil
	})
}

// hpShowDialog picks how one side's hit points show.
func (m Model) hpShowDialog(side string) dialog {
	cur := engine.HPShowOf(m.fight().Rules, m.fight().Current(), side)
	var items []item[rules.HPShow]
	for _, s := range rules.HPShows {
		label := "  " + string(s)
		if s == cur {
			label = "✓ " + string(s)
		}
		items = append(items, item[rules.HPShow]{label: label, detail: hpShowHelp[s], value: s})
	}
	return newPick("Hit points of "+side+", as the players see them", "enter chooses", items, false,
		func(it item[rules.HPShow], _ string) (action, error) {
			return actCommand{cmd: engine.ViewHP{Side: side, Show: it.value}}, nil
		})
}

var hpShowHelp = map[rules.HPShow]string{
	rules.HPExact: "the numbers: 24/45",
	rules.HPWords: "a word from the ruleset: unhurt, wounded, bloodied ...",
	rules.HPBar:   "a bar, no numbers",
	rules.HPNone:  "nothing",
}

// viewSides are the sides whose hit points the GM may set: the players',
// the foes', and any other side in the fight.
func viewSides(enc *engine.Encounter) []string {
	sides := []string{engine.PlayersSide, "foes"}
	for _, c := range enc.Combatants {
		if c.Side != "" && !slices.Contains(sides, c.Side) {
			sides = append(sides, c.Side)
		}
	}
	return sides
}
