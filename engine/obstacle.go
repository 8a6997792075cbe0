package engine

import "fmt"

// The obstacle in a flurry: a fighter who forces its foe against an
// impassable obstacle gains actions for that flurry (flurries.obstacle),
// and the foe holds flurries.obstacle_condition (War & Combat's -1
// Defense, l.273) until the flurry ends: the next flurry, or leaving it.

// obstacleFoe is the foe c forces against the obstacle: named where the
// ruleset gives the foe something for it, and in c's flurry.
func (t *tx) obstacleFoe(c *Combatant, id int) (*Combatant, error) {
	cond := t.rs.Flurries.ObstacleCondition
	switch {
	case cond == "" && id != 0:
		return nil, fmt.Errorf("%s gives the foe nothing for an obstacle (flurries.obstacle_condition): name none", t.rs.Name)
	case cond == "":
		return nil, nil
	case id == 0:
		return nil, fmt.Errorf("whom does %s force against the obstacle? name the foe", c.Name)
	}
	foe, err := t.who(id)
	if err != nil {
		return nil, err
	}
	if foe == c || foe.Flurry == nil || foe.Flurry.ID != c.Flurry.ID {
		return nil, fmt.Errorf("%s is not %s's foe in flurry %d", foe.Name, c.Name, c.Flurry.ID)
	}
	return foe, nil
}

// corner marks the foe forced against the obstacle for the rest of the
// flurry.
func (t *tx) corner(foe *Combatant) {
	if foe == nil {
		return
	}
	foe.Flurry.Cornered = true
	t.cornerHolds(foe)
}

// cornerHolds keeps flurries.obstacle_condition held exactly while c is
// cornered in its flurry.
func (t *tx) cornerHolds(c *Combatant) {
	if id := t.rs.Flurries.ObstacleCondition; id != "" {
		t.causeHolds(c, id, "obstacle", c.Flurry != nil && c.Flurry.Cornered, NoLonger{Condition: id})
	}
}
