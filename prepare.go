package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// cmdNew prepares a fight without opening the screen: fray new NAME --rules
// ID [--party PARTY] [--add "Orc x3"]... It is saved, not started, and the
// start screen offers it first (enter opens it); n then rolls initiative.
// An --add names a creature of the ruleset, or says its name is new ("new:
// Hero hp=20"); anything else is refused with what is nearest, and nothing
// is saved. Content files that were skipped are named: a creature of one
// is not invented, and fray exits 1.
func cmdNew(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"rules": true, "add": true, "party": true})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray new:", msg)
		return 2
	case len(rest) != 1 || strings.TrimSpace(rest[0]) == "":
		fmt.Fprintln(stderr, `fray new: give the fight a name: fray new NAME --rules ID [--party PARTY] [--add "Orc x3"]...`)
		return 2
	case len(fl["rules"]) != 1:
		fmt.Fprintln(stderr, "fray new: say which ruleset, once: --rules ID (fray rules lists them)")
		return 2
	case len(fl["party"]) > 1:
		fmt.Fprintln(stderr, "fray new: one --party")
		return 2
	}
	name, id := strings.TrimSpace(rest[0]), fl["rules"][0]
	lib, probs := openContent()
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray new: %v (file skipped)\n", p)
	}
	shelf := lib.Tracker()
	rs, hash, ok := shelf.Ruleset(id)
	if !ok {
		fmt.Fprintf(stderr, "fray new: no ruleset %q (fray rules lists them", id)
		if len(probs) > 0 {
			fmt.Fprintf(stderr, "; %d problem%s in your content: run fray check", len(probs), plural(len(probs)))
		}
		fmt.Fprintln(stderr, ")")
		return 2
	}
	src := dice.NewSource(uint64(time.Now().UnixNano()))
	f := engine.NewFight(rs, engine.NewEncounter(name, rs), src)
	taken := map[string]bool{}
	if len(fl["party"]) == 1 {
		p, _, err := parties().Load(fl["party"][0])
		var members []engine.NewCombatant
		if err == nil {
			members, err = p.Joining(rs)
		}
		if err == nil {
			for _, n := range p.Dead(rs) {
				fmt.Fprintf(stderr, "fray new: %s is dead: kept in the party, left out of the fight\n", session.Safe(n))
			}
		}
		if err == nil {
			_, err = f.Do(engine.Add{Combatants: members})
		}
		if err != nil {
			fmt.Fprintf(stderr, "fray new: --party %q: %v\n", fl["party"][0], err)
			return 1
		}
		for _, m := range members {
			taken[m.Name] = true
		}
	}
	for _, line := range fl["add"] {
		add, err := tui.Newcomers(shelf, rs, taken, line)
		if err == nil {
			_, err = f.Do(engine.Add{Combatants: add})
		}
		if err != nil {
			fmt.Fprintf(stderr, "fray new: --add %q: %v\n", line, err)
			var unknown *tui.UnknownName
			if errors.As(err, &unknown) && len(probs) > 0 {
				fmt.Fprintf(stderr, "fray new: %d content file%s skipped (above): a creature of one is not made up; fray check "+
					"says what to mend\n", len(probs), plural(len(probs)))
				return 1
			}
			return 2
		}
	}
	dir := saves.Dir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "fray new:", err)
		return 1
	}
	st := saves.NewStore(dir, shelf.Ruleset, time.Now)
	s := &session.Saved{Name: name, Fight: f, Source: src, Hash: hash, Path: st.NewPath(name)}
	j, err := st.Create(s.Path, s.Snapshot(), false)
	if err == nil {
		err = j.Close()
	}
	if err != nil {
		fmt.Fprintf(stderr, "fray new: %s: %v\n", s.Path, err)
		return 1
	}
	var who []string
	for _, c := range f.Current().Combatants {
		w := c.Name
		if c.MaxHP != c.HP && !rs.Recorded() {
			w += fmt.Sprintf(" (%d of %d)", c.HP, c.MaxHP)
		}
		who = append(who, w)
	}
	if len(who) == 0 {
		who = []string{"nobody yet (a adds combatants)"}
	}
	fmt.Fprintf(stdout, "prepared %q (%s): %s\nsaved in %s; fray opens it from the start screen (or fray %s), and n starts it\n",
		name, rs.Name, strings.Join(who, ", "), s.Path, s.Path)
	if len(probs) > 0 {
		fmt.Fprintf(stderr, "fray new: prepared all the same: nothing it needs was in the %d file%s "+
			"skipped\n", len(probs), plural(len(probs)))
	}
	return 0
}

// parseFlags reads --name value and --name=value for the flags named in
// known with true (each may repeat), --name alone for those with false
// (read as "true"), and the other words in order.
func parseFlags(args []string, known map[string]bool) (map[string][]string, []string, string) {
	fl := map[string][]string{}
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, ok := strings.CutPrefix(a, "--")
		if !ok || a == "--" {
			rest = append(rest, a)
			continue
		}
		name, val, hasVal := strings.Cut(name, "=")
		takes, ok := known[name]
		switch {
		case !ok:
			return nil, nil, fmt.Sprintf("unknown flag --%s", name)
		case !takes && hasVal:
			return nil, nil, fmt.Sprintf("--%s takes no value", name)
		case !takes:
			val = "true"
		case !hasVal:
			if i+1 >= len(args) {
				return nil, nil, fmt.Sprintf("--%s needs a value", name)
			}
			i++
			val = args[i]
		}
		fl[name] = append(fl[name], val)
	}
	return fl, rest, ""
}
