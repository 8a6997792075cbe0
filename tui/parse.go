package tui

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/session"
)

// What the GM types into prompts and filters, read: "Orc x3 hp=12 init=15"
// for the add dialog, "7 3" for dice rolled at the table.

// splitCount splits "Orc x3" into "Orc" and 3.
func splitCount(s string) (string, int, bool) {
	f := strings.Fields(s)
	if len(f) < 2 {
		return s, 1, false
	}
	last := strings.ToLower(f[len(f)-1])
	if n, err := strconv.Atoi(strings.TrimPrefix(last, "x")); err == nil && strings.HasPrefix(last, "x") && n >= 1 {
		return strings.Join(f[:len(f)-1], " "), n, true
	}
	return s, 1, false
}

// newcomer is what the add dialog parses from "Orc x3 hp=12 init=15 DEX=14".
type newcomer struct {
	name     string
	count    int
	hp       int // 0: the template's, or 10 ad hoc
	maxHP    int // hp=22/58: 58 (0: hp is its most)
	init     *int
	initRoll string // init=2d6: rolled as it joins
	side     string
	stats    map[string]int // by the ruleset's stat id
	group    bool           // those added act as one group
}

// maxAddCount is the most combatants one add makes.
const maxAddCount = 50

// parseNewcomer reads "Orc x3 hp=12 init=15 side=party DEX=14"; stat
// finds the ruleset's stat id a name= means (nil: none).
func parseNewcomer(s string, stat func(string) (string, bool)) (newcomer, error) {
	n := newcomer{count: 1}
	var words []string
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			words = append(words, f)
			continue
		}
		if err := n.set(k, v, stat); err != nil {
			return n, err
		}
	}
	if len(words) > 1 && strings.EqualFold(words[len(words)-1], "group") {
		// "Orc x6 group": the six share one place in the order.
		n.group, words = true, words[:len(words)-1]
	}
	name, count, _ := splitCount(strings.Join(words, " "))
	if count > maxAddCount {
		return n, fmt.Errorf("at most %d at once", maxAddCount)
	}
	n.name, n.count = strings.TrimSpace(name), count
	if n.name == "" {
		return n, fmt.Errorf("a combatant needs a name")
	}
	return n, nil
}

// set reads one key=value of a newcomer.
func (n *newcomer) set(k, v string, stat func(string) (string, bool)) error {
	switch strings.ToLower(k) {
	case "hp":
		hp, most, err := ParseHP(v)
		if err != nil {
			return err
		}
		n.hp, n.maxHP = hp, most
	case "init":
		if iv, err := strconv.Atoi(v); err == nil {
			n.init = &iv
			return nil
		}
		if _, err := dice.Parse(v); err != nil {
			return fmt.Errorf("init=%s: initiative is a number or dice (init=2d6): %w", v, err)
		}
		n.initRoll = v
	case "side":
		n.side = v
	default:
		id, ok := "", false
		if stat != nil {
			id, ok = stat(k)
		}
		if !ok {
			return fmt.Errorf("%s=%s: say hp=, init=, side= or one of the ruleset's stats", k, v)
		}
		sv, err := strconv.Atoi(v)
		if err != nil || sv > dice.MaxStat || sv < -dice.MaxStat {
			return fmt.Errorf("%s=%s: a stat is a whole number", k, v)
		}
		if n.stats == nil {
			n.stats = map[string]int{}
		}
		n.stats[id] = sv
	}
	return nil
}

// ParseHP reads the hit points typed as hp=: "20" (of 20), or "22/58" (22
// of 58: one joining wounded; from 0, or below for one already down, to
// the most). most is 0 when only one number is typed.
func ParseHP(v string) (hp, most int, err error) {
	now, of, wounded := strings.Cut(v, "/")
	if !wounded {
		hp, err := strconv.Atoi(v)
		if err != nil || hp < 1 || hp > dice.MaxStat {
			return 0, 0, fmt.Errorf("hp=%s: hit points are a whole number from 1 to %d, or what is left of the most (hp=22/58)", v, dice.MaxStat)
		}
		return hp, 0, nil
	}
	most, err = strconv.Atoi(of)
	if err != nil || most < 1 || most > dice.MaxStat {
		return 0, 0, fmt.Errorf("hp=%s: the most hit points (after the /) are a whole number from 1 to %d", v, dice.MaxStat)
	}
	hp, err = strconv.Atoi(now)
	if err != nil || hp > most || hp < -dice.MaxStat {
		return 0, 0, fmt.Errorf("hp=%s: what is left (before the /) is a whole number, at most the most", v)
	}
	return hp, most, nil
}

// statOf finds the stat of rs a GM's name= means: its id or its name, in
// any case.
func statOf(rs *rules.Ruleset) func(string) (string, bool) {
	return func(k string) (string, bool) {
		for _, st := range rs.Stats {
			if strings.EqualFold(st.ID, k) || (st.Name != "" && strings.EqualFold(st.Name, k)) {
				return st.ID, true
			}
		}
		return "", false
	}
}

// combatants are the newcomers made from base (a creature of the
// ruleset, or one made up), named and numbered beside those taken.
func (n newcomer) combatants(base engine.NewCombatant, taken map[string]bool) []engine.NewCombatant {
	switch {
	case n.maxHP > 0:
		base.HP, base.MaxHP = n.hp, n.maxHP
	case n.hp > 0:
		base.HP, base.MaxHP = n.hp, 0
	}
	if n.side != "" {
		base.Side = n.side
	}
	if len(n.stats) > 0 {
		stats := maps.Clone(base.Stats)
		if stats == nil {
			stats = map[string]int{}
		}
		maps.Copy(stats, n.stats)
		base.Stats = stats
	}
	var add []engine.NewCombatant
	for _, name := range numbered(base.Name, n.count, taken) {
		c := base
		c.Name, c.Init, c.InitRoll = name, n.init, n.initRoll
		c.Group = n.group && n.count > 1
		add = append(add, c)
	}
	return add
}

// Newcomers reads a line of the add dialog ("Orc x3", "Hero hp=20 DEX=14
// side=party") for a fight of ruleset rs whose combatants are named taken:
// a creature of the ruleset by its name or id, or else one made up.
func Newcomers(lib session.Library, rs *rules.Ruleset, taken map[string]bool, line string) ([]engine.NewCombatant, error) {
	n, err := parseNewcomer(line, statOf(rs))
	if err != nil {
		return nil, err
	}
	base := madeUp(n.name)
	for _, t := range lib.Creatures(rs.ID) {
		if strings.EqualFold(t.Name, n.name) || strings.EqualFold(t.ID, n.name) {
			base = fromTemplate(t, t.Name)
			break
		}
	}
	return n.combatants(base, taken), nil
}

// madeUp is a combatant made up on the spot, before what the GM typed.
func madeUp(name string) engine.NewCombatant {
	return engine.NewCombatant{Name: name, HP: 10, Side: "foes"}
}

// numbered names count combatants "Orc 1".."Orc n", skipping names in use;
// one alone keeps the bare name unless some "Orc N" is already there.
func numbered(base string, count int, taken map[string]bool) []string {
	if count == 1 && !taken[base] && !numberedTaken(base, taken) {
		return []string{base}
	}
	var out []string
	for i := 1; len(out) < count; i++ {
		name := fmt.Sprintf("%s %d", base, i)
		if !taken[name] {
			out = append(out, name)
			taken[name] = true
		}
	}
	return out
}

// parseFaces reads dice faces typed at the table: "7 3" or "7,3".
func parseFaces(s string) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a die face", f)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("type the faces rolled, e.g. 7 3")
	}
	return out, nil
}

// numberedTaken reports whether a name "base N" is taken.
func numberedTaken(base string, taken map[string]bool) bool {
	for name, ok := range taken {
		if n, found := strings.CutPrefix(name, base+" "); ok && found {
			if _, err := strconv.Atoi(n); err == nil {
				return true
			}
		}
	}
	return false
}
