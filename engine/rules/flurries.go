package rules

import (
	"fmt"
	"slices"

	"fray/engine/dice"
)

// Flurries parameterise close combat kept as flurries: fighters engaged
// with each other roll an initiative of their own for each flurry and have
// a count of actions in it.
type Flurries struct {
	// Initiative is rolled by each fighter at the start of each flurry
	// ("3d6 + fighter_rank"); Actions is how many actions each has in it
	// ("2 + fighter_rank / 5"). A ruleset with flurries sets both.
	Initiative dice.Expr `toml:"initiative"`
	Actions    dice.Expr `toml:"actions"`
	// Phase is the phase whose start begins a new flurry for every fighter
	// engaged (each rolls again and has its actions again).
	Phase string `toml:"phase"`
	// Obstacle is the actions an attacker gains when the defender is forced
	// against an obstacle.
	Obstacle int `toml:"obstacle"`
	// Indefensible is the actions a fighter needs left to make the
	// indefensible attack on a foe with none.
	Indefensible int `toml:"indefensible"`
	// Condition is held by each fighter for as long as it is in a flurry
	// (War & Combat's Engaged: movement stops).
	Condition string `toml:"condition"`
	// ObstacleCondition is held by the foe forced against an obstacle for
	// the rest of that flurry (War & Combat's -1 Defense).
	ObstacleCondition string `toml:"obstacle_condition"`
	// BlowActions are the actions a blow (A) uses from the attacker's
	// flurry, when it is in one that has begun (War & Combat: as many
	// attacks as actions).
	BlowActions int `toml:"blow_actions"`
	// AttackChecks are checks that are attacks: rolled by the GM (g) for
	// a fighter in a flurry that has begun, each uses BlowActions of its
	// actions, as a blow does (War & Combat's maneuvers, l.393: the attack
	// roll of a disarm or a grapple).
	AttackChecks []string `toml:"attack_checks"`
	// Undefended names the modifier of a blow's check given by itself to
	// a blow on a fighter in a flurry with no actions left: by a foe in
	// its flurry with Indefensible actions or more left, or by one outside
	// its flurry (War & Combat l.238, 277: no defence).
	Undefended string `toml:"undefended"`
	// StrokeOn is the condition a victim holds to be open to the killing
	// stroke (Flurry "stroke"), StrokeGives the condition the stroke gives
	// it (War & Combat's coup-de-grace, l.389: dead). The striker may be
	// engaged with no opponent but the victim. Both or neither.
	StrokeOn    string `toml:"stroke_on"`
	StrokeGives string `toml:"stroke_gives"`
	// StrokeAction is the action the killing stroke takes out of a
	// flurry (War & Combat's quick action, the action table l.170),
	// spent as m spends it; in a flurry that has begun it uses
	// BlowActions of the striker's actions instead, as an attack.
	StrokeAction string `toml:"stroke_action"`
}

// HasFlurries reports whether the ruleset keeps flurries.
func (rs *Ruleset) HasFlurries() bool { return !rs.Flurries.Initiative.IsZero() }

func (c *checker) flurries() {
	f := c.rs.Flurries
	if f.Initiative.IsZero() {
		if !f.Actions.IsZero() || f.Phase != "" || f.Obstacle != 0 || f.Indefensible != 0 || f.Condition != "" ||
			f.ObstacleCondition != "" || f.BlowActions != 0 || f.Undefended != "" || f.StrokeOn != "" || f.StrokeGives != "" ||
			len(f.AttackChecks) > 0 || f.StrokeAction != "" {
			c.bad("flurries.initiative", "flurries need an initiative formula")
		}
		return
	}
	c.expr("flurries.initiative", f.Initiative)
	c.expr("flurries.actions", f.Actions)
	if f.Actions.IsZero() {
		c.bad("flurries.actions", "flurries need a count of actions")
	}
	if f.Phase != "" && !slicesContainsPhase(c.rs.Phases, f.Phase) {
		c.bad("flurries.phase", "unknown phase %q", f.Phase)
	}
	if f.Condition != "" {
		c.ref("flurries.condition", "condition", f.Condition, c.conds)
	}
	c.ref("flurries.obstacle_condition", "condition", f.ObstacleCondition, c.conds)
	if f.ObstacleCondition != "" && f.Obstacle == 0 {
		c.bad("flurries.obstacle_condition", "there is no obstacle without flurries.obstacle (the attacker's actions for it)")
	}
	switch {
	case f.BlowActions < 0 || f.BlowActions > 100:
		c.bad("flurries.blow_actions", "a blow uses 0 to 100 actions")
	case f.BlowActions > 0 && len(c.rs.Blows) == 0:
		c.bad("flurries.blow_actions", "the ruleset has no [[blows]] to use them")
	}
	for j, id := range f.AttackChecks {
		p := fmt.Sprintf("flurries.attack_checks[%d]", j)
		switch _, ok := c.rs.Check(id); {
		case !ok:
			c.bad(p, "unknown check %q", id)
		case f.BlowActions == 0:
			c.bad(p, "an attack check uses flurries.blow_actions, which is 0")
		}
	}
	if f.Undefended != "" {
		found := false
		for _, b := range c.rs.Blows {
			for _, ch := range c.rs.Checks {
				if ch.ID == b.Check && slices.ContainsFunc(ch.Modifiers, func(m CheckModifier) bool { return m.ID == f.Undefended }) {
					found = true
				}
			}
		}
		switch {
		case !found:
			c.bad("flurries.undefended", "no blow's check has a modifier %q", f.Undefended)
		case f.Indefensible == 0:
			c.bad("flurries.undefended", "an undefended blow needs flurries.indefensible (the actions the striker needs left)")
		}
	}
	c.ref("flurries.stroke_on", "condition", f.StrokeOn, c.conds)
	c.ref("flurries.stroke_gives", "condition", f.StrokeGives, c.conds)
	switch {
	case (f.StrokeOn == "") != (f.StrokeGives == ""):
		c.bad("flurries.stroke_on", "flurries.stroke_on (who is open to the killing stroke) goes with flurries.stroke_gives")
	case f.StrokeOn != "" && f.StrokeOn == f.StrokeGives:
		c.bad("flurries.stroke_gives", "the killing stroke gives %q, which its victim holds already", f.StrokeGives)
	}
	if f.StrokeAction != "" {
		if _, ok := c.rs.Action(f.StrokeAction); !ok {
			c.bad("flurries.stroke_action", "unknown action %q", f.StrokeAction)
		} else if f.StrokeOn == "" {
			c.bad("flurries.stroke_action", "an action for the killing stroke, but no stroke (flurries.stroke_on)")
		}
	}
	if f.Obstacle < 0 || f.Indefensible < 0 {
		c.bad("flurries.obstacle", "obstacle and indefensible are 0 or more")
	}
}

func slicesContainsPhase(ps []Phase, id string) bool {
	for _, p := range ps {
		if p.ID == id {
			return true
		}
	}
	return false
}
