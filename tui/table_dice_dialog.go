package tui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

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
// checks them against the rules before it closes. It counts the dice the
// step needs: a roll-off for a tie is counted once the faces typed make
// the tie, not before (with no faces yet, every die would tie).
func (m Model) facesPrompt(title string, cmd engine.Command) *prompt {
	f := m.fight()
	first, _ := f.Preview(cmd)
	var more []string
	if mayGrow(first) {
		more = append(more, "more if an open-ended or exploding die comes up high")
	}
	if rollsOff(first) {
		more = append(more, "more for a roll-off where two tie")
	}
	sure, after := sureRolls(f, cmd, first)
	hint := "in this order: " + diceOrder(f.Rules, first, sure)
	switch {
	case after:
		more = append(more, "then the rolls the faces typed call for (which, and in which order, the faces decide), "+
			"each named above as it comes")
	case len(first.Dice) > 1:
		more = append(more, "others as the faces typed call for them, each named above as it comes")
	}
	if len(more) > 0 {
		hint += "; " + strings.Join(more, "; ")
	}
	hint += "; esc rolls nothing"
	p := newPrompt(title, hint, "", func(s string) (action, error) {
		faces, err := parseFaces(s)
		if err != nil {
			return nil, err
		}
		if pv, err := f.Preview(cmd, faces...); err != nil {
			// Short, the count is the live line's (the faces not typed
			// read as the lowest, which can tie again and again).
			if need, _ := needed(pv, len(faces)); len(pv.Dice) > 0 && len(faces) < need {
				count := fmt.Sprintf("%d of %d typed", len(faces), need)
				if after { // as the live line counts them
					count = fmt.Sprintf("%d typed, %d called for so far", len(faces), min(need, calledFor(f, cmd, pv, faces)))
				}
				return nil, fmt.Errorf("too few faces: %s; next, %s", count, nextDie(f.Rules, pv, len(faces)))
			}
			return nil, err
		}
		return actCommand{cmd: cmd, typed: faces}, nil
	})
	var said, line string // the last line made and what was typed for it: a redraw of the same reuses it
	p.live = func(s string) string {
		if s != said || line == "" {
			said, line = s, countLine(f, cmd, first, after, s)
		}
		return line
	}
	return p
}

// countLine is the faces prompt's live line: how many faces are typed, how
// many the step calls for so far, and which die the next is for.
func countLine(f *engine.Fight, cmd engine.Command, first engine.Preview, after bool, s string) string {
	faces := typedSoFar(s)
	if bad := noFace(f, cmd, first, faces); bad != "" {
		return bad
	}
	pv := first
	if typed, _ := f.Preview(cmd, faces...); len(typed.Dice) > 0 {
		pv = typed // the faces typed may call for more dice, or others
	}
	need, offs := needed(pv, len(faces))
	line := fmt.Sprintf("%d of %d typed", len(faces), need)
	if after {
		// The faces decide what follows (a hit's damage, a failed Luck
		// roll's table): the count is what those typed call for so far,
		// and it moves as they come, so it is not given as a total.
		need = min(need, calledFor(f, cmd, pv, faces))
		line = fmt.Sprintf("%d typed, %d called for so far", len(faces), need)
	}
	if len(offs) > 0 {
		line += "; the ties typed roll off: " + strings.Join(offs, ", ")
	}
	if len(faces) < need {
		line += "; next, " + nextDie(f.Rules, pv, len(faces))
	}
	return line
}

// noFace says which face typed no die it goes to can show (an 11 for a
// d10), counting only the faces before it ("": every face is one). The
// faces typed so far decide which die the next goes to.
func noFace(f *engine.Fight, cmd engine.Command, first engine.Preview, faces []int) string {
	for i, face := range faces {
		pv := first
		if i > 0 {
			if p, _ := f.Preview(cmd, faces[:i]...); len(p.Dice) > 0 {
				pv = p
			}
		}
		if i < len(pv.Dice) && face > pv.Dice[i] {
			return fmt.Sprintf("%d typed; %d is no face of the next, %s: type it again", i, face, nextDie(f.Rules, pv, i))
		}
	}
	return ""
}

// nextDie names the die the next face typed is for, its roll and its size
// ("Yvarre: Stamina against a crushing blow (d100), d100"), by what the
// roll is for, never by what it comes to (a thrown weapon's "metres it
// flies", not "lands 0 m away"). The faces typed so far decide which rolls
// a step makes past those sure to come first (sureRolls: a hit's damage, a
// wound's table), and the GM reads where the next face goes before typing
// it.
func nextDie(rs *rules.Ruleset, p engine.Preview, typed int) string {
	if typed >= len(p.Dice) {
		return "one more die"
	}
	at := 0
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		ds := rollSides(e.Roll.Tree)
		if typed < at+len(ds) {
			what := narrate.RollAsked(rs, e)
			if _, ok := e.Fact.(engine.TieRoll); ok {
				what = safe(e.Who.Name) + " rolling off"
			}
			return fmt.Sprintf("%s (%s), d%d", what, e.Roll.Expr, ds[typed-at])
		}
		at += len(ds)
	}
	return "d" + itoa(p.Dice[typed])
}

// rollsOff says whether a step's preview rolls off for a tie.
func rollsOff(p engine.Preview) bool {
	for _, e := range p.Events {
		if _, ok := e.Fact.(engine.TieRoll); ok && e.Roll != nil {
			return true
		}
	}
	return false
}

// needed is how many dice a preview with typed faces wants: every die but
// those of a roll-off the faces typed have not reached yet (the faces
// after the typed ones show the lowest face, and tie). A roll-off is
// everyone who tied at one value rolling once: reached, all its dice are
// wanted. Where its rolls do not account for every die, all of them. offs
// are the roll-offs wanted, each its roller and dice ("Brigand 1 d6").
func needed(p engine.Preview, typed int) (n int, offs []string) {
	at, skip := 0, 0
	start, counts := 0, true // the roll-off under way: its first die, and whether it is wanted
	var in map[int]bool      // who rolls in it
	tie := -1                // the value it is for (-1: none under way)
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		n := len(rollSides(e.Roll.Tree))
		if f, ok := e.Fact.(engine.TieRoll); ok {
			if f.At != tie || in[e.Who.ID] {
				tie, start, in = f.At, at, map[int]bool{}
				counts = start <= typed
			}
			in[e.Who.ID] = true
			if !counts {
				skip += n
			} else {
				var ds []string
				for _, d := range rollSides(e.Roll.Tree) {
					ds = append(ds, "d"+itoa(d))
				}
				offs = append(offs, safe(e.Who.Name)+" "+strings.Join(ds, " "))
			}
		} else {
			tie = -1
		}
		at += n
	}
	if at != len(p.Dice) {
		return len(p.Dice), nil
	}
	return len(p.Dice) - skip, offs
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

// diceOrder names the dice of a preview's first sure rolls (see
// sureRolls) in the order they are rolled, roll by roll: "Gavvin
// initiative (2d10 + QU): d10 d10, Orc 1 initiative (2d10 + QU): d10 d10".
// Where the rolls do not account for every die, it lists the dice alone.
func diceOrder(rs *rules.Ruleset, p engine.Preview, sure int) string {
	var parts []string
	counted, listed := 0, 0
	offs := 0
	for i, r := range rollsOf(rs, p) {
		counted += len(r.dice)
		if i >= sure {
			continue
		}
		listed += len(r.dice)
		var ds []string
		for _, d := range r.dice {
			ds = append(ds, "d"+itoa(d))
		}
		parts = append(parts, fmt.Sprintf("%s (%s): %s", r.what, r.expr, strings.Join(ds, " ")))
	}
	for _, e := range p.Events {
		if _, ok := e.Fact.(engine.TieRoll); ok && e.Roll != nil && !e.Roll.Typed {
			offs += len(rollSides(e.Roll.Tree)) // each only if a tie calls for it
		}
	}
	if counted+offs == len(p.Dice) && len(parts) > 0 {
		return fmt.Sprintf("%d %s, %s", listed, plural(listed, "die", "dice"), strings.Join(parts, ", "))
	}
	ds := make([]string, len(p.Dice))
	for i, n := range p.Dice {
		ds[i] = "d" + itoa(n)
	}
	return fmt.Sprintf("%d %s, %s", len(ds), plural(len(ds), "die", "dice"), strings.Join(ds, " "))
}

// askedRoll is one roll a step makes, as the prompt names it before its
// dice are typed: what it is for, its expression and the sides of its
// dice.
type askedRoll struct {
	what, expr string
	dice       []int
}

// rollsOf lists the rolls of a preview that want faces, in the order they
// are rolled: not a roll-off for a tie (counted apart, only once the
// faces make the tie), nor a roll with no dice, nor a total typed.
func rollsOf(rs *rules.Ruleset, p engine.Preview) []askedRoll {
	var out []askedRoll
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		if _, ok := e.Fact.(engine.TieRoll); ok {
			continue
		}
		ds := rollSides(e.Roll.Tree)
		if len(ds) == 0 {
			continue
		}
		out = append(out, askedRoll{what: narrate.RollAsked(rs, e), expr: e.Roll.Expr, dice: ds})
	}
	return out
}

// sureRolls is how many of a step's first rolls (rollsOf first, its
// preview with no faces typed) come in that order whatever faces are
// typed: the rest hang on the faces (a hit's damage only on a hit, a
// major wound's table before the Stamina roll, an attack's fumble table
// in place of the parry). It tries the step with the faces spread over
// every die's range, each die alike and every other die from the other
// end (an attack that hits against a parry that fails), and keeps the
// rolls all of them make first. The first roll is always sure. more says
// whether some faces call for rolls past those sure ones, though the
// preview with none typed makes none (a pull that fails rolls its 1D3).
func sureRolls(f *engine.Fight, cmd engine.Command, first engine.Preview) (sure int, more bool) {
	base := rollsOf(f.Rules, first)
	sure = len(base)
	if sure == 0 {
		return 0, false
	}
	for k := 100; k >= 1; k-- {
		if !probed(k) {
			continue
		}
		for _, crossed := range []bool{false, true} {
			n, got, ok := probeRolls(f, cmd, &probe{at: k, crossed: crossed}, base, sure)
			if !ok {
				continue
			}
			more = more || got > n
			if sure = max(n, 1); sure == 1 && more {
				return 1, true
			}
		}
	}
	return sure, more || sure < len(base)
}

// probeRolls tries the step with a probe's faces: n is how many of base's
// first rolls, up to sure, it makes in the same order, got how many rolls
// it makes in all (ok false: the faces make a step the engine refuses).
func probeRolls(f *engine.Fight, cmd engine.Command, p *probe, base []askedRoll, sure int) (n, got int, ok bool) {
	_, events, err := engine.Apply(f.Rules, *f.Current(), cmd, p)
	if err != nil {
		return 0, 0, false
	}
	rolls := rollsOf(f.Rules, engine.Preview{Events: events})
	for n < sure && n < len(rolls) && rolls[n].what == base[n].what && rolls[n].expr == base[n].expr {
		n++
	}
	return n, len(rolls), true
}

// calledFor counts the dice the faces typed so far call for: those of the
// rolls that come first, in that order, whatever the faces still to come
// (tried as sureRolls tries them, after the faces typed), and at least
// those up to the roll the next face is for. The preview reads the faces
// not typed as the lowest, which a d100 may show as a critical and its
// damage: those are not called for until a face makes them so.
func calledFor(f *engine.Fight, cmd engine.Command, pv engine.Preview, typed []int) int {
	base := rollsOf(f.Rules, pv)
	floor, at := 0, 0 // the rolls up to the one the next face is for
	for floor < len(base) && at <= len(typed) {
		at += len(base[floor].dice)
		floor++
	}
	sure := len(base)
	for k := 100; k >= 1 && sure > floor; k-- {
		if !probed(k) {
			continue
		}
		for _, crossed := range []bool{false, true} {
			if n, _, ok := probeRolls(f, cmd, &probe{at: k, crossed: crossed, typed: typed}, base, sure); ok {
				sure = n
			}
		}
	}
	dice := 0
	for _, r := range base[:max(sure, floor)] {
		dice += len(r.dice)
	}
	return dice
}

// probed says whether the dice of a probe show at k hundredths of their
// range, tried from the high end down (fumbles, which change most first):
// every hundredth at both ends (criticals and specials at any skill), the
// middle by fives.
func probed(k int) bool { return k > 90 || k <= 10 || k%5 == 0 }

// probe is a dice source showing every die at the same place in its range
// (at hundredths: 100 is the highest face), or with crossed every other
// die from the other end, after the faces typed, if any. Past a bound it
// shows faces that add no die, so no explosion runs on.
type probe struct {
	at      int
	crossed bool
	n       int
	typed   []int
}

func (p *probe) IntN(sides int) int {
	if p.n < len(p.typed) {
		p.n++
		return min(max(p.typed[p.n-1], 1), sides) - 1
	}
	i := p.n - len(p.typed)
	p.n++
	at := p.at
	if p.crossed && i%2 == 1 {
		at = 101 - at
	}
	if i >= 256 && sides == 100 {
		return 49 // a d100's 50: no open-ended roll goes on from it
	} else if i >= 256 {
		return 0 // a 1 never explodes
	}
	return max((at*sides+99)/100, 1) - 1
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

// rollSides are the sides of every die a roll's tree took a face for, in
// the order they were rolled: a die rolled with an edge (Advantage) took
// two.
func rollSides(t *dice.Term) []int {
	var out []int
	for _, d := range termDice(t) {
		out = append(out, d.Sides)
		if d.Other != 0 {
			out = append(out, d.Sides)
		}
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
var growingDie = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)d[0-9]*oe|!`) })

// mayGrow says whether a step's rolls may want more dice than they start
// with: an open-ended (d100oe) or exploding (d6!) die among them. A plain
// d100 never does, and its prompt says nothing of it.
func mayGrow(p engine.Preview) bool {
	for _, e := range p.Events {
		if e.Roll == nil || e.Roll.Typed {
			continue
		}
		if growingDie().MatchString(e.Roll.Expr) {
			return true
		}
	}
	return false
}
