package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// Dice rolled at the table: the prompt that asks for their faces says which
// dice a step rolls, for what, in which order, and counts the faces as
// they are typed.

// diceNeeded lists the dice a command rolls when none comes up high (an
// open-ended or exploding die may want more), or nil when it rolls none or
// the engine would refuse it anyway.
func (m Model) diceNeeded(cmd engine.Command) []int {
	p, err := m.fight().Preview(cmd)
	if err != nil {
		return nil
	}
	return p.Dice
}

// facesPrompt asks for the faces rolled at the table for a command and
// checks them against the rules before it closes.
func (m Model) facesPrompt(title string, cmd engine.Command) *prompt {
	f := m.fight()
	first, _ := f.Preview(cmd)
	order, ties := diceOrder(f.Rules, first, 0)
	more := ""
	if mayGrow(first) {
		more = "; more if an open-ended or exploding die comes up high"
	}
	if ties {
		more += "; then a roll-off for each tie the faces make"
	}
	p := newPrompt(title, "in this order: "+order+more+"; esc rolls nothing", "", func(s string) (action, error) {
		faces, err := parseFaces(s)
		if err != nil {
			return nil, err
		}
		if _, err := f.Preview(cmd, faces...); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd, typed: faces}, nil
	})
	p.live = func(s string) string {
		faces := typedSoFar(s)
		pv, err := f.Preview(cmd, faces...)
		if len(pv.Dice) == 0 || err != nil && len(faces) == 0 {
			pv = first
		}
		// The faces typed may call for more dice: an open-ended die come
		// up high, a tie to roll off.
		need, _ := sureDice(pv, len(faces))
		return fmt.Sprintf("%d of %d typed", len(faces), need)
	}
	return p
}

// sureDice is how many of a preview's dice the step surely rolls with the
// first typed faces as typed: a roll-off for a tie counts only where the
// faces typed make the tie (its try of the roll-off starts within them),
// not where the untyped dice, each at its lowest, would. ties says a
// roll-off was left out. Where the rolls logged do not account for every
// die, all of them count.
func sureDice(p engine.Preview, typed int) (n int, ties bool) {
	k, tryStart := 0, -1
	var inTry []int
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		d := len(termDice(e.Roll.Tree))
		if _, tie := e.Fact.(engine.TieRoll); !tie {
			tryStart, inTry = -1, nil
			k += d
			continue
		}
		if tryStart < 0 || slices.Contains(inTry, e.Who.ID) {
			tryStart, inTry = k, nil
		}
		if tryStart > typed {
			return tryStart, true
		}
		inTry = append(inTry, e.Who.ID)
		k += d
	}
	if k != len(p.Dice) {
		return len(p.Dice), false
	}
	return k, false
}

// typedSoFar reads the faces typed so far, leaving out what is not one yet.
func typedSoFar(s string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		if n, err := strconv.Atoi(f); err == nil && n >= 1 {
			out = append(out, n)
		}
	}
	return out
}

// diceOrder names the dice of a preview that the step surely rolls
// (sureDice) in the order they are rolled, roll by roll: "Gavvin
// initiative (2d10 + QU): d10 d10, Orc 1 initiative (2d10 + QU): d10 d10".
// It names each roll, never its outcome: the faces are not typed yet.
// Where the rolls do not account for every die, it lists the dice alone.
func diceOrder(rs *rules.Ruleset, p engine.Preview, typed int) (string, bool) {
	sure, ties := sureDice(p, typed)
	var parts []string
	counted := 0
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed || counted >= sure {
			continue
		}
		var ds []string
		for _, d := range termDice(e.Roll.Tree) {
			ds = append(ds, "d"+itoa(d.Sides))
		}
		if len(ds) == 0 {
			continue
		}
		counted += len(ds)
		parts = append(parts, fmt.Sprintf("%s (%s): %s", narrate.RollAsked(rs, e), e.Roll.Expr, strings.Join(ds, " ")))
	}
	if counted == sure && len(parts) > 0 {
		return fmt.Sprintf("%d %s, %s", counted, plural(counted, "die", "dice"), strings.Join(parts, ", ")), ties
	}
	ds := make([]string, len(p.Dice))
	for i, n := range p.Dice {
		ds[i] = "d" + itoa(n)
	}
	return fmt.Sprintf("%d %s, %s", len(ds), plural(len(ds), "die", "dice"), strings.Join(ds, " ")), false
}

// termDice are the dice of a roll's tree, in the order they were rolled.
func termDice(t *dice.Term) []dice.Die {
	if t == nil {
		return nil
	}
	out := append([]dice.Die(nil), t.Dice...)
	for _, a := range t.Args {
		out = append(out, termDice(a)...)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// nextTypedPrompt asks for the faces the next step rolls, saying which
// dice they are and in which order.
func (m *Model) nextTypedPrompt() action {
	cmd := m.nextStep()
	if why := m.changing(); why != "" {
		return actError{why}
	}
	if len(m.diceNeeded(cmd)) == 0 {
		return actCommand{cmd: cmd} // nothing to roll: the step is taken
	}
	return actDialog{m.facesPrompt("Next step with dice rolled at the table", cmd)}
}

// growingDie finds an open-ended or exploding die in an expression.
var growingDie = regexp.MustCompile(`(?i)d[0-9]*oe|!`)

// mayGrow says whether a step's rolls may want more dice than they start
// with: an open-ended (d100oe) or exploding (d6!) die among them. A plain
// d100 never does, and its prompt says nothing of it.
func mayGrow(p engine.Preview) bool {
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		if growingDie.MatchString(e.Roll.Expr) {
			return true
		}
	}
	return false
}
