package engine

import (
	"fmt"

	"fray/engine/rules"
)

// A critical's offensive bonus for better position ([helpers]
// position_bonus, Pathmaster l.875-878): the GM gives it to the attacker;
// it goes on the attacker's next attack or maneuver roll, and lapses at
// the end of its next own turn if none is made (one attack of an All-Out
// Attack, since the first roll spends it).

// Positioned is what a combatant keeps of a critical's offensive bonus:
// the bonus, and whether its own turn has started since it was given.
type Positioned struct {
	Position     int  `toml:"position,omitzero"`
	PositionTurn bool `toml:"position_turn,omitempty"`
}

// GuardPosition names the bonus where a roll's modifiers list it.
const GuardPosition = "(position)"

// positionReaches reports whether a roll of the kind takes the bonus: an
// attack or a maneuver (a skill roll).
func positionReaches(k rules.RollKind) bool {
	return rules.Reaches(rules.RollAttack, k) || rules.Reaches(rules.RollMelee, k) || rules.Reaches(rules.RollRanged, k) ||
		rules.Reaches(rules.RollManeuver, k)
}

// positionMod is the bonus a roll of the kind takes, if any.
func positionMod(rs *rules.Ruleset, c *Combatant, k rules.RollKind) (CheckMod, bool) {
	if !rs.Helpers.PositionBonus || c.Position == 0 || !positionReaches(k) {
		return CheckMod{}, false
	}
	return CheckMod{Guard: GuardPosition, Value: c.Position}, true
}

// position is the GM giving a combatant a critical's offensive bonus.
func (t *tx) position(cmd Position) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if !t.rs.Helpers.PositionBonus {
		return fmt.Errorf("%s gives no offensive bonus from criticals", t.rs.Name)
	}
	if cmd.Bonus < 1 || cmd.Bonus > 200 {
		return fmt.Errorf("an offensive bonus is 1 to 200")
	}
	c.Position, c.PositionTurn = cmd.Bonus, false
	t.log(EvSpend, of(c), nil, PositionGained{Bonus: cmd.Bonus})
	return nil
}

// positionSpent spends the bonus on a roll that took it.
func (t *tx) positionSpent(c *Combatant, m Modifiers) {
	for _, x := range m.Mods {
		if x.Guard == GuardPosition && !x.Target {
			t.log(EvSpend, of(c), nil, PositionSpent{Bonus: c.Position})
			c.Position, c.PositionTurn = 0, false
			return
		}
	}
}

// positionAt marks the own turn begun, and at its end lets a bonus lapse
// that has seen one.
func (t *tx) positionAt(c *Combatant, m moment) {
	if c.Position == 0 {
		return
	}
	switch m.at {
	case rules.AtOwnTurnStart:
		c.PositionTurn = true
	case rules.AtOwnTurnEnd:
		if c.PositionTurn {
			t.log(EvEnds, of(c), nil, PositionLapses{Bonus: c.Position})
			c.Position, c.PositionTurn = 0, false
		}
	}
}
