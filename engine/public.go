package engine

import (
	"fmt"
	"strings"

	"fray/engine/rules"
)

// HPText is a combatant's hit points as show has them: "12/20", the
// ruleset's word, a bar of ten, or nothing. A wound record has no hit
// points: the numbers show its penalty, words and the bar its worst wound.
func HPText(rs *rules.Ruleset, show rules.HPShow, c *Combatant) string {
	if rs.Recorded() {
		return recordText(rs, show, c)
	}
	switch show {
	case rules.HPExact:
		return fmt.Sprintf("%d/%d", c.HP, c.MaxHP)
	case rules.HPWords:
		return HPWord(rs, c)
	case rules.HPBar:
		full := 0
		if c.MaxHP > 0 {
			full = min(max(c.HP*10/c.MaxHP, 0), 10)
			if c.HP > 0 && full == 0 {
				full = 1
			}
		}
		return strings.Repeat("█", full) + strings.Repeat("░", 10-full)
	}
	return ""
}

// recordText is a wound record as HPText shows it.
func recordText(rs *rules.Ruleset, show rules.HPShow, c *Combatant) string {
	if show == rules.HPNone {
		return ""
	}
	if len(c.Record) == 0 {
		return "unhurt"
	}
	if show == rules.HPExact {
		return fmt.Sprintf("penalty %d", Penalty(rs, c))
	}
	worst := -1
	for _, w := range WorstAt(rs, c) {
		for i, s := range rs.Vitality.Severities {
			if s.ID == w.Severity {
				worst = max(worst, i)
			}
		}
	}
	if worst < 0 {
		return "wounded"
	}
	return strings.ToLower(rs.Vitality.Severities[worst].Name) + " wound"
}
