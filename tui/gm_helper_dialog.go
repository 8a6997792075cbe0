package tui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// helper is one of the GM's mid-fight helpers a ruleset may offer.
type helper int

const (
	helpCheck helper = iota // a check of the ruleset (check_dialog.go)
	helpResist
	helpParry
	helpInitRounds
	helpAllot
	helpPosition
	helpInjury
	helpAbandon
	helpMulti
	helpManeuver
	helpRepairArmor
	helpKeep
	helpForced
	helpDrain
	helpNone
)

// gmHelper is an item of the helpers' list: the helper, and for a check
// the check's id.
type gmHelper struct {
	helper helper
	check  string
}

// helpersDialog offers the ruleset's mid-fight helpers for the selected combatant.
func (m Model) helpersDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	h := rs.Helpers
	var items []item[gmHelper]
	add := func(label, detail string, h gmHelper) {
		items = append(items, item[gmHelper]{label: label, detail: detail, value: h})
	}
	if c != nil {
		for _, ch := range rs.Checks {
			if ch.ID == rs.Wounds.Roll {
				continue // First Aid's own roll, made with b
			}
			if ch.ByTick {
				continue // rolled by its tick alone (checks.by_tick)
			}
			add(ch.Name, m.book.detail(rs, "checks["+ch.ID+"]", "roll for "+c.Name+": "+ch.Summary),
				gmHelper{helper: helpCheck, check: ch.ID})
		}
		if !h.ResistanceRoll.IsZero() {
			add("Resistance Roll", c.Name+" resists", gmHelper{helper: helpResist})
		}
		if c.Distracted && c.AtStake() {
			add("Resistance Roll to keep the spell or aim", c.Name+" was hurt or forced to move: failed, they are lost",
				gmHelper{helper: helpKeep})
		}
		if h.HurtResists && c.AtStake() {
			add("Forced to move", c.Name+" is knocked back or pushed: the aim is lost, a spell being prepared is at stake",
				gmHelper{helper: helpForced})
		}
		if len(h.ParryFactors) > 0 {
			add("Parry", fmt.Sprintf("count a parry: %s's next is at %d%%", c.Name, engine.ParryFactor(rs, c.Parries+1)),
				gmHelper{helper: helpParry})
		}
		if g := rs.Guard; g.ParryFrom != "" {
			add("Allot parry",
				fmt.Sprintf("%s's parry from its %s, kept until changed on its turn: %d allotted", c.Name, g.ParryFrom, c.Allotted),
				gmHelper{helper: helpAllot})
		}
		if h.PositionBonus {
			add("Offensive bonus", "from a critical: on "+c.Name+"'s next attack or maneuver roll, until the end of its next turn",
				gmHelper{helper: helpPosition})
		}
		if h.InitRoundBonus != 0 {
			add("Rounds of initiative", "from a critical: +"+itoa(h.InitRoundBonus)+" each on the next attack or maneuver roll",
				gmHelper{helper: helpInitRounds})
		}
		add("Critical injury", "a lasting penalty", gmHelper{helper: helpInjury})
		if drains := drainable(rs); len(drains) > 0 {
			add("Drain a stat", c.Name+"'s "+strings.Join(drains, " or ")+" lowered for the fight (Energy Drained)",
				gmHelper{helper: helpDrain})
		}
		if len(rs.Maneuvers.Rows) > 0 {
			add("Maneuver", "made on "+c.Name+": disarming, grappling, tackling ... by how far it landed", gmHelper{helper: helpManeuver})
		}
	}
	if h.MultiStrikeRanks > 0 {
		add("Multi-strike penalties", "by ranks in the attack skill", gmHelper{helper: helpMulti})
	}
	// Last, so that the list keeps its shape whether or not they are there.
	if c != nil && c.ArmorLost > 0 && rs.HP.Armor != "" {
		a := rs.HP.Armor
		now := engine.StatNow(rs, c, a)
		add("Repair armour", fmt.Sprintf("%s's %s back from %d to %d", c.Name, a, now, now+c.ArmorLost), gmHelper{helper: helpRepairArmor})
	}
	if c != nil && c.Ext != nil {
		name := c.Ext.Action
		if a, ok := rs.Action(name); ok {
			name = a.Name
		}
		add("Give up "+name, "stop the extended action under way", gmHelper{helper: helpAbandon})
	}
	if len(items) == 0 {
		add("(no helpers in "+rs.Name+")", "", gmHelper{helper: helpNone})
	}
	return newPick("GM helpers", "type to narrow the list", items, true, func(it item[gmHelper], _ string) (action, error) {
		switch it.value.helper {
		case helpCheck:
			return m.checkChosen(c, it.value.check), nil
		case helpManeuver:
			return m.maneuverChosen(c), nil
		}
		return helperChosen(rs, c, it.value.helper), nil
	})
}

// helperChosen is what picking a helper does: a command, or a prompt for
// what the helper needs to know.
func helperChosen(rs *rules.Ruleset, c *engine.Combatant, h helper) action {
	switch h {
	case helpResist:
		if len(rs.Helpers.ResistanceKinds) > 0 {
			return actDialog{resistKinds(rs, c)}
		}
		return actDialog{newPrompt("Resistance Roll for "+c.Name, "attack level, defender level, then the modifier formula: 5 3 3*CO", "",
			func(s string) (action, error) {
				return resistCommand(c.ID, s)
			})}
	case helpKeep:
		return actDialog{newPrompt("Resistance Roll for "+c.Name+" to keep its spell or aim",
			"attack level, defender level, then the modifier formula: 5 3 3*SD", "",
			func(s string) (action, error) {
				a, err := resistCommand(c.ID, s)
				if cmd, ok := a.(actCommand); ok {
					r := cmd.cmd.(engine.Resist)
					r.Keep = true
					return actCommand{cmd: r}, nil
				}
				return a, err
			})}
	case helpForced:
		return actCommand{cmd: engine.ForcedMove{Who: c.ID}}
	case helpDrain:
		return actDialog{newPrompt("Drain a stat of "+c.Name, "the stat and how much: "+strings.Join(drainable(rs), " or ")+
			" 10 (-10 gives it back)", "", func(s string) (action, error) {
			f := strings.Fields(s)
			if len(f) != 2 {
				return nil, errors.New("the stat, then how much: CON 10")
			}
			n, err := strconv.Atoi(f[1])
			if err != nil || n == 0 {
				return nil, errors.New("how much: a whole number, not 0")
			}
			return actCommand{cmd: engine.Drain{Who: c.ID, Stat: strings.ToUpper(f[0]), Amount: n}}, nil
		})}
	case helpParry:
		return actCommand{cmd: engine.Parry{Who: c.ID}}
	case helpInitRounds:
		return actDialog{roundsPrompt("Rounds of initiative for "+c.Name, func(n int) engine.Command {
			return engine.InitRounds{Who: c.ID, Rounds: n}
		})}
	case helpAllot:
		return actDialog{newPrompt("Parry for "+c.Name, fmt.Sprintf("how much of its %s goes to its parry (0 to %d)", rs.Guard.ParryFrom,
			c.Stats[rs.Guard.ParryFrom]), "", func(s string) (action, error) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 0 {
				return nil, errors.New("a whole number, 0 or more")
			}
			return actCommand{cmd: engine.Allot{Who: c.ID, Parry: n}}, nil
		})}
	case helpPosition:
		return actDialog{newPrompt("Offensive bonus for "+c.Name, "the critical's bonus: 20", "", func(s string) (action, error) {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 1 {
				return nil, errors.New("a whole number, 1 or more")
			}
			return actCommand{cmd: engine.Position{Who: c.ID, Bonus: n}}, nil
		})}
	case helpInjury:
		return actDialog{newPrompt("Critical injury on "+c.Name, "the penalty, then what it is: -25 broken arm", "",
			func(s string) (action, error) {
				f := strings.Fields(s)
				n, err := strconv.Atoi(strings.Join(f[:min(len(f), 1)], ""))
				if err != nil || n >= 0 {
					return nil, errors.New("start with the penalty, a negative number")
				}
				return actCommand{cmd: engine.Injure{Who: c.ID, Penalty: n, Text: strings.Join(f[1:], " ")}}, nil
			})}
	case helpAbandon:
		return actCommand{cmd: engine.Abandon{Who: c.ID}}
	case helpRepairArmor:
		return actCommand{cmd: engine.Arm{Who: c.ID, Armor: true}}
	case helpMulti:
		return actDialog{newPrompt("Multi-strike", "ranks in the attack skill", "", func(s string) (action, error) {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return nil, errors.New("a whole number of ranks")
			}
			var p []string
			for _, v := range engine.MultiStrike(rs, n) {
				p = append(p, fmt.Sprintf("%+d", v))
			}
			return actInfo{fmt.Sprintf("%d ranks: %d attacks at %s", n, len(p), strings.Join(p, ", "))}, nil
		})}
	}
	return actCancel{}
}

// resistKinds asks what a Resistance Roll is against (helpers.resistance_kinds),
// which says how it is read, then its levels and modifier.
func resistKinds(rs *rules.Ruleset, c *engine.Combatant) dialog {
	var items []item[rules.ResistanceKind]
	for _, k := range rs.Helpers.ResistanceKinds {
		detail := "made: " + k.Success + "; missed: " + k.Failure
		if k.Tiers {
			detail = "the margin read on the tiers"
		}
		items = append(items, item[rules.ResistanceKind]{label: k.Name, detail: detail, value: k})
	}
	return newPick("Resistance Roll for "+c.Name+": against what?", "what it is against says how the roll is read", items, true,
		func(it item[rules.ResistanceKind], _ string) (action, error) {
			k := it.value
			return actDialog{newPrompt("Resistance Roll for "+c.Name+" against "+k.Name,
				"attack level, defender level, then the modifier formula: 5 3 3*CO", "", func(s string) (action, error) {
					a, err := resistCommand(c.ID, s)
					if cmd, ok := a.(actCommand); ok {
						r := cmd.cmd.(engine.Resist)
						r.Kind = k.ID
						return actCommand{cmd: r}, nil
					}
					return a, err
				})}, nil
		})
}

// resistCommand reads "5 3 3*CO": the attack level, the defender's level and
// a modifier formula.
func resistCommand(who int, s string) (action, error) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return nil, errors.New("give the attack level and the defender level")
	}
	a, err1 := strconv.Atoi(f[0])
	d, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil {
		return nil, errors.New("levels are whole numbers")
	}
	expr := strings.Join(f[2:], " ")
	if expr != "" {
		if _, err := dice.Parse(expr); err != nil {
			return nil, exprError(expr, err)
		}
	}
	return actCommand{cmd: engine.Resist{Who: who, AttackLevel: a, DefenceLevel: d, Expr: expr}}, nil
}

// drainable are the stats the ruleset lets drain in a fight.
func drainable(rs *rules.Ruleset) []string {
	var out []string
	for _, s := range rs.Stats {
		if s.Drains {
			out = append(out, s.ID)
		}
	}
	return out
}
