package content

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fray/engine"
	"fray/engine/dice"
)

// fight is a ready-made fight, one a file (fights/*.toml): a ruleset and who
// is in it, added in the roster's order, then started. The shipped ones are
// the demos. A file with a [[roster]] is a fight file.
type fight struct {
	ID          string       `toml:"id"`
	Name        string       `toml:"name"`
	Ruleset     string       `toml:"ruleset"`
	Description string       `toml:"description"`
	Roster      []rosterLine `toml:"roster"`
	origin      string
}

// rosterLine is one line of a roster: some creatures of one kind.
type rosterLine struct {
	// Creature is the id of a creature of the fight's ruleset.
	Creature string `toml:"creature"`
	// Count is how many (1 when unset, or as many as Names).
	Count int `toml:"count"`
	// Names are their names; unset, the creature's name, numbered when
	// there are several ("Orc 1", "Orc 2") or the name is taken.
	Names []string `toml:"names"`
	// Side, when set, replaces the creature's side.
	Side string `toml:"side"`
	// Initiative, when set, is each one's initiative instead of a roll.
	Initiative *int `toml:"initiative"`
}

// maxRosterCount is the most creatures one roster line adds.
const maxRosterCount = 100

// fightID is compiled when first used, not as every command starts.
var fightID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`) })

// check finds what is wrong with a fight file on its own.
func (f *fight) check() []fieldErr {
	var errs []fieldErr
	bad := func(path, format string, args ...any) {
		errs = append(errs, fieldErr{path: path, msg: fmt.Sprintf(format, args...)})
	}
	if !fightID().MatchString(f.ID) {
		bad("id", "%q is not a valid id (letters, digits, _ and -)", f.ID)
	}
	if strings.TrimSpace(f.Name) == "" {
		bad("name", "a fight needs a name")
	}
	if f.Ruleset == "" {
		bad("ruleset", "a fight needs a ruleset")
	}
	if len(f.Roster) == 0 {
		bad("roster", "a fight needs at least one [[roster]] line")
	}
	for i, r := range f.Roster {
		at := fmt.Sprintf("roster[%d]", i)
		if r.Creature == "" {
			bad(at, "a roster line needs a creature")
		}
		switch {
		case r.Count < 0 || r.Count > maxRosterCount:
			bad(at+".count", "count must be between 1 and %d", maxRosterCount)
		case r.Names != nil && r.Count > 0 && r.Count != len(r.Names):
			bad(at+".count", "count is %d but %d names are given", r.Count, len(r.Names))
		case r.Names != nil && len(r.Names) == 0:
			bad(at+".names", "no names: leave names out to use the creature's")
		}
		for j, n := range r.Names {
			if strings.TrimSpace(n) == "" {
				bad(fmt.Sprintf("%s.names[%d]", at, j), "a combatant needs a name")
			}
		}
		if r.Initiative != nil && (*r.Initiative > dice.MaxStat || *r.Initiative < -dice.MaxStat) {
			bad(at+".initiative", "%d is out of range", *r.Initiative)
		}
	}
	return errs
}

// roster makes the fight's combatants from the library's creatures, in
// order, with the problems found: a creature the ruleset lacks, a name given
// twice.
func (l *Library) roster(f *fight) ([]engine.NewCombatant, []fieldErr) {
	var out []engine.NewCombatant
	var errs []fieldErr
	taken := map[string]bool{}
	for i, r := range f.Roster {
		at := fmt.Sprintf("roster[%d]", i)
		c, ok := l.creatureByID(f.Ruleset, r.Creature)
		if !ok {
			errs = append(errs, fieldErr{path: at + ".creature", msg: l.unknownCreature(f.Ruleset, r.Creature)})
			continue
		}
		names := r.Names
		if names == nil {
			names = numbered(c.Name, max(r.Count, 1), taken)
		}
		for j, name := range names {
			name = strings.TrimSpace(name)
			if r.Names != nil && taken[name] {
				errs = append(errs,
					fieldErr{path: fmt.Sprintf("%s.names[%d]", at, j), msg: fmt.Sprintf("%q is in the fight already", name)})
			}
			taken[name] = true
			nc := engine.FromTemplate(c.Template, name)
			if r.Side != "" {
				nc.Side = r.Side
			}
			if r.Initiative != nil {
				v := *r.Initiative
				nc.Init = &v
			}
			out = append(out, nc)
		}
	}
	return out, errs
}

// numbered names count creatures called base: base alone when it is one and
// free and no "base N" is there, else "base 1", "base 2"...
// skipping names taken.
func numbered(base string, count int, taken map[string]bool) []string {
	if count == 1 && !taken[base] && !numberedTaken(base, taken) {
		return []string{base}
	}
	var out []string
	for i := 1; len(out) < count; i++ {
		if name := fmt.Sprintf("%s %d", base, i); !taken[name] {
			out = append(out, name)
		}
	}
	return out
}

func (l *Library) creatureByID(ruleset, id string) (Creature, bool) {
	i := slices.IndexFunc(l.creatures, func(c Creature) bool { return c.Ruleset == ruleset && c.ID == id })
	if i < 0 {
		return Creature{}, false
	}
	return l.creatures[i], true
}

func (l *Library) unknownCreature(ruleset, id string) string {
	var ids []string
	for _, c := range l.Creatures(ruleset) {
		ids = append(ids, c.ID)
	}
	if best := closest(id, ids); best != "" {
		return fmt.Sprintf("%s has no creature %q (did you mean %q?)", ruleset, id, best)
	}
	return fmt.Sprintf("%s has no creature %q (its creatures: %s)", ruleset, id, strings.Join(ids, ", "))
}

// addFight adds a fight whose ruleset and creatures the library has; one
// from the GM's directory replaces a shipped one with its id.
func (l *Library) addFight(p parsed, origin string) []Problem {
	if p.fight == nil {
		return p.probs
	}
	f := p.fight
	if _, ok := l.Ruleset(f.Ruleset); !ok {
		return p.problems([]fieldErr{{path: "ruleset",
			msg: fmt.Sprintf("unknown ruleset %q (known: %s)", f.Ruleset, strings.Join(l.rulesetIDs(), ", "))}})
	}
	if _, errs := l.roster(f); len(errs) > 0 {
		return p.problems(errs)
	}
	f.origin = origin
	if origin != Builtin {
		f.origin = p.name
	}
	if i := slices.IndexFunc(l.fights, func(x *fight) bool { return x.ID == f.ID }); i >= 0 {
		if l.fights[i].origin != Builtin || origin == Builtin {
			return p.problems([]fieldErr{{path: "id",
				msg: fmt.Sprintf("fight %q is defined twice (also in %s)", f.ID, l.fights[i].origin)}})
		}
		l.fights[i] = f
		return nil
	}
	l.fights = append(l.fights, f)
	slices.SortFunc(l.fights, func(a, b *fight) int { return strings.Compare(a.ID, b.ID) })
	return nil
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
