package tui

import (
	"errors"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// timersDialog lists the GM's timers under a new one: each to take away,
// and to show the players or keep from them (a timer is the GM's alone
// until shown).
func (m *Model) timersDialog() dialog {
	f := m.fight()
	items := []item[engine.Command]{{label: "New timer", detail: "a message at a round's start or end, or at a " + countWord(f.Rules)}}
	for _, tm := range f.Current().Timers {
		items = append(items, item[engine.Command]{label: "Take away: " + tm.Text, detail: narrate.TimerWhen(f.Rules, tm),
			value: engine.StopTimer{Timer: tm.ID}})
		if tm.Public {
			items = append(items, item[engine.Command]{label: "Keep from the table: " + tm.Text,
				detail: "the players read it now; from here on only the GM does", value: engine.HideTimer{Timer: tm.ID}})
		} else {
			items = append(items, item[engine.Command]{label: "Show the table: " + tm.Text,
				detail: "the GM's alone now; the players read it from here on", value: engine.ShowTimer{Timer: tm.ID}})
		}
	}
	return newPick("Timers", "", items, false, func(it item[engine.Command], _ string) (action, error) {
		if it.value != nil {
			return actCommand{cmd: it.value}, nil
		}
		return actDialog{newPrompt("New timer: the message", "what the log says when it fires", "", func(s string) (action, error) {
			if strings.TrimSpace(s) == "" {
				return nil, errors.New("type a message")
			}
			return actDialog{m.timerWhenDialog(engine.SetTimer{Text: s})}, nil
		})}, nil
	})
}

func (m *Model) timerWhenDialog(cmd engine.SetTimer) dialog {
	rs := m.fight().Rules
	items := []item[rules.EventAt]{
		{label: "At the start of a round", value: rules.EventRoundStart},
		{label: "At the end of a round", value: rules.EventRoundEnd},
	}
	if rs.Order.Kind != rules.OrderNone {
		items = append(items,
			item[rules.EventAt]{label: "At " + withArticle(countWord(rs)), detail: "as the count reaches it, before those at it act",
				value: rules.EventCount})
	}
	return newPick("When does it fire?", "", items, false, func(it item[rules.EventAt], _ string) (action, error) {
		cmd.At = it.value
		rounds := timerRoundsPrompt(cmd)
		if cmd.At != rules.EventCount {
			return actDialog{rounds}, nil
		}
		return actDialog{newPrompt("At which "+countWord(rs)+"?", "a whole number", "", func(s string) (action, error) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return nil, errors.New("a whole number")
			}
			cmd.Count = n
			return actDialog{timerRoundsPrompt(cmd)}, nil
		})}, nil
	})
}

// timerRoundsPrompt asks in how many rounds, and how often: "0" this round
// (or the next, if its point has passed), "3" in three rounds, "1 every 2".
func timerRoundsPrompt(cmd engine.SetTimer) dialog {
	return newPrompt("In how many rounds, how often?",
		"0 this round, 3 in three rounds; add \"every N\" to repeat (0 every 1: each round)", "", func(s string) (action, error) {
			f := strings.Fields(strings.ToLower(s))
			bad := errors.New(`a number of rounds, then "every N" to repeat: 0, 3, 1 every 2`)
			if len(f) != 1 && len(f) != 3 {
				return nil, bad
			}
			n, err := strconv.Atoi(f[0])
			if err != nil || n < 0 {
				return nil, bad
			}
			cmd.Rounds = n
			if len(f) == 3 {
				e, err := strconv.Atoi(f[2])
				if f[1] != "every" || err != nil || e < 1 {
					return nil, bad
				}
				cmd.Every = e
			}
			return actCommand{cmd: cmd}, nil
		})
}

// withArticle is a noun with a or an before it.
func withArticle(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
