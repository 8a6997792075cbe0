package tui

import (
	"errors"
	"fmt"
	"maps"
	"slices"
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
	weapons  []rules.Weapon // weapon=Axe:1d8+2, before the creature's own
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
	if len(words) > 1 {
		last := strings.ToLower(words[len(words)-1])
		if k, err := strconv.Atoi(strings.TrimPrefix(last, "x")); err == nil && strings.HasPrefix(last, "x") && k < 1 {
			return n, fmt.Errorf("%s adds none: a count is from 1 to %d", words[len(words)-1], maxAddCount)
		}
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
	case "weapon":
		w, err := typedWeapon(v)
		if err != nil {
			return err
		}
		n.weapons = append(n.weapons, w)
	default:
		id, ok := "", false
		if stat != nil {
			id, ok = stat(k)
		}
		if !ok {
			return fmt.Errorf("%s=%s: say hp=, init=, side=, weapon= or one of the ruleset's stats", k, v)
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

// typedWeapon reads a weapon typed in the add line: "Axe:1d8+2", or the
// damage alone ("1d8+2": a weapon called Weapon), with ":hp=12" after it
// for one whose hit points are kept (a weapon's hp: BRP's attack on a
// parrying weapon or shield, l.490). What it reads of the ruleset (its
// stats, kinds) is checked as the combatant joins.
func typedWeapon(v string) (rules.Weapon, error) {
	body, hp := v, 0
	if i := strings.LastIndex(v, ":hp="); i >= 0 {
		n, err := strconv.Atoi(v[i+len(":hp="):])
		if err != nil || n < 1 || n > dice.MaxStat {
			return rules.Weapon{}, fmt.Errorf("weapon=%s: a weapon's hit points are a whole number from 1 to %d (weapon=Shield:1d4:hp=12)",
				v, dice.MaxStat)
		}
		body, hp = v[:i], n
	}
	name, dmg, ok := strings.Cut(body, ":")
	if !ok {
		name, dmg = "Weapon", body
	}
	e, err := dice.Parse(dmg)
	if err != nil || strings.TrimSpace(name) == "" {
		return rules.Weapon{}, fmt.Errorf("weapon=%s: a weapon is its name and damage, weapon=Axe:1d8+2 (weapon=Shield:1d4:hp=12 keeps "+
			"its hit points)", v)
	}
	return rules.Weapon{Name: strings.ReplaceAll(name, "_", " "), Damage: e, HP: hp}, nil
}

// ParseHP reads the hit points typed as hp=: "20" (of 20), or "22/58" (22
// of 58: one joining wounded; from 0, or below for one already down, to
// the most). most is 0 when only one number is typed.
func ParseHP(v string) (hp, most int, err error) {
	now, of, wounded := strings.Cut(v, "/")
	if !wounded {
		hp, err := strconv.Atoi(v)
		if err != nil || hp < 1 || hp > dice.MaxStat {
			return 0, 0, fmt.Errorf("hp=%s: hit points are a whole number from 1 to %d, or what is left of the most "+
				"(hp=22/58)", v, dice.MaxStat)
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
	if len(n.weapons) > 0 {
		base.Weapons = append(slices.Clone(n.weapons), base.Weapons...)
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

// Newcomers reads a line of the add dialog typed where no list of the
// creatures shows (fray new --add) for a fight of ruleset rs whose
// combatants are named taken: "Orc x3", "Orc x3 group hp=12". Its name is
// a creature of the ruleset, by its name or id in any case; a name of the
// GM's own is said with new: ("new: Hero hp=20 side=party"), as the
// dialog's "new:" row says it. A name no creature has, or a word an add
// line does not know, is refused (*UnknownName) with what is nearest.
func Newcomers(lib session.Library, rs *rules.Ruleset, taken map[string]bool, line string) ([]engine.NewCombatant, error) {
	own, isNew := cutNew(line)
	if isNew {
		n, err := parseNewcomer(own, statOf(rs))
		if err != nil {
			return nil, err
		}
		return n.combatants(madeUp(n.name), taken), nil
	}
	n, err := parseNewcomer(line, statOf(rs))
	if err != nil {
		return nil, err
	}
	creatures := lib.Creatures(rs.ID)
	find := func(name string) (rules.Template, bool) {
		for _, t := range creatures {
			if strings.EqualFold(t.Name, name) || strings.EqualFold(t.ID, name) {
				return t, true
			}
		}
		return rules.Template{}, false
	}
	if t, ok := find(n.name); ok {
		return n.combatants(fromTemplate(t, t.Name), taken), nil
	}
	return nil, unknownName(rs, creatures, find, line, n.name)
}

// cutNew cuts "new:" off the start of a line that says its name is the
// GM's own.
func cutNew(line string) (string, bool) {
	s := strings.TrimSpace(line)
	if len(s) >= 4 && strings.EqualFold(s[:4], "new:") {
		return strings.TrimSpace(s[4:]), true
	}
	return line, false
}

// UnknownName is an add line whose name is no creature of the ruleset, or
// which holds a word an add line does not know; Near is the line it may
// have meant ("" when nothing is near).
type UnknownName struct {
	Line, Name, Ruleset string
	// Word is the word not known, when the line begins with a creature's
	// name ("grup" of "Orc x3 grup").
	Word string
	Near string
	// Creatures are some of the ruleset's, when nothing is near.
	Creatures []string
}

func (e *UnknownName) Error() string {
	var b strings.Builder
	if e.Word != "" {
		fmt.Fprintf(&b, "%q is not a word of an add line (x3, group, hp=, init=, side=, STAT=)", e.Word)
		if strings.EqualFold(e.Word, "hidden") || strings.EqualFold(e.Word, "hide") {
			b.WriteString("; H hides one from the players once it has joined")
		}
	} else {
		fmt.Fprintf(&b, "no creature %q in %s", e.Name, e.Ruleset)
		if e.Near == "" && len(e.Creatures) > 0 {
			fmt.Fprintf(&b, " (its creatures: %s)", strings.Join(e.Creatures, ", "))
		}
	}
	b.WriteString(".")
	if e.Near != "" {
		fmt.Fprintf(&b, " Did you mean %q?", e.Near)
	}
	fmt.Fprintf(&b, " A combatant of your own is typed \"new: %s\".", strings.TrimSpace(e.Line))
	return b.String()
}

// unknownName says what an add line that names no creature may have
// meant: the creature its first words name, with the word after them not
// known replaced by the nearest word it may be, or else the nearest
// creature.
func unknownName(rs *rules.Ruleset, creatures []rules.Template, find func(string) (rules.Template, bool), line, name string) error {
	e := &UnknownName{Line: line, Name: name, Ruleset: rs.Name}
	words := strings.Fields(name)
	for k := len(words) - 1; k >= 1; k-- {
		if _, ok := find(strings.Join(words[:k], " ")); !ok {
			continue
		}
		for _, w := range words[k:] {
			if _, _, count := splitCount("x " + w); count || strings.EqualFold(w, "group") {
				continue
			}
			e.Word = w
			if _, err := strconv.Atoi(w); err == nil {
				e.Near = replaceWord(line, w, "x"+w) // "Orc 3": three orcs
			} else if near := session.Nearest(w, []string{"group"}); near != "" {
				e.Near = replaceWord(line, w, near)
			}
			return e
		}
	}
	var names []string
	for _, t := range creatures {
		names = append(names, t.Name)
	}
	if near := session.Nearest(name, names); near != "" {
		e.Near = replaceWord(line, name, near)
	} else {
		e.Creatures = names[:min(len(names), 8)]
	}
	return e
}

// replaceWord replaces the first whole word (or words) old of line by new.
func replaceWord(line, old, new string) string {
	f := strings.Fields(line)
	o := strings.Fields(old)
	for i := 0; i+len(o) <= len(f); i++ {
		if strings.EqualFold(strings.Join(f[i:i+len(o)], " "), old) {
			return strings.Join(append(append(append([]string{}, f[:i]...), new), f[i+len(o):]...), " ")
		}
	}
	return line
}

// CreatureOf reads a line like the add dialog's as a creature of rs to
// keep in the GM's content (fray creature add): "Troll hp=84 STR=28
// side=foes". Its words are its name; hp= (hp=22/58: one that joins
// wounded), side= and the ruleset's stats set the rest; a count, group or
// init= are about adding combatants, not a creature, and are refused. Its
// id is made from its name.
func CreatureOf(rs *rules.Ruleset, line string) (rules.Template, error) {
	if own, isNew := cutNew(line); isNew {
		line = own
	}
	n, err := parseNewcomer(line, statOf(rs))
	if err != nil {
		return rules.Template{}, err
	}
	switch {
	case n.count > 1 || n.group:
		return rules.Template{}, fmt.Errorf("a creature is one: leave out the count and group (fray new --add %q adds several)", line)
	case n.init != nil || n.initRoll != "":
		return rules.Template{}, fmt.Errorf("init= is a fight's, not a creature's: the ruleset rolls its initiative")
	case n.hp == 0 && !rs.Recorded():
		return rules.Template{}, fmt.Errorf("say its hit points: %s hp=20", n.name)
	case n.hp != 0 && rs.Recorded():
		return rules.Template{}, fmt.Errorf("%s keeps a wound record: a creature has no hit points", rs.Name)
	}
	side := n.side
	if side == "" {
		side = "foes"
	}
	return rules.Template{ID: creatureID(n.name), Name: n.name, Ruleset: rs.ID, Side: side, HP: n.hp, MaxHP: n.maxHP, Stats: n.stats,
		Weapons: n.weapons}, nil
}

// creatureID makes an id of a name: its letters and digits, lower case,
// words joined by _ ("Goblin archer": goblin_archer).
func creatureID(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	id := strings.Trim(b.String(), "_")
	if id == "" || id[0] >= '0' && id[0] <= '9' {
		id = "creature_" + id
	}
	return strings.TrimSuffix(id, "_")
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
	first := 1
	if taken[base] {
		first = 2 // beside a "Mage", the next is "Mage 2"
	}
	for i := first; len(out) < count; i++ {
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

func exprError(s string, err error) error {
	var se *dice.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("%s at col %d", se.Msg, se.Col)
	}
	return err
}

func fromTemplate(t rules.Template, name string) engine.NewCombatant {
	return engine.FromTemplate(t, name) // with its weapons and armour
}
