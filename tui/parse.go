package tui

import (
	"fmt"
	"strconv"
	"strings"
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

// newcomer is what the add dialog parses from "Orc x3 hp=12 init=15".
type newcomer struct {
	name  string
	count int
	hp    int // 0: the template's, or 10 ad hoc
	init  *int
	side  string
	group bool // those added act as one group
}

// maxAddCount is the most combatants one add makes.
const maxAddCount = 50

func parseNewcomer(s string) (newcomer, error) {
	n := newcomer{count: 1}
	var words []string
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			words = append(words, f)
			continue
		}
		switch strings.ToLower(k) {
		case "hp":
			hp, err := strconv.Atoi(v)
			if err != nil || hp < 1 {
				return n, fmt.Errorf("hp=%s: hit points are a whole number from 1", v)
			}
			n.hp = hp
		case "init":
			iv, err := strconv.Atoi(v)
			if err != nil {
				return n, fmt.Errorf("init=%s: initiative is a whole number", v)
			}
			n.init = &iv
		case "side":
			n.side = v
		default:
			return n, fmt.Errorf("%s: say hp=, init= or side=", f)
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
