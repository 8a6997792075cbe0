package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"fray/content"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// fray creature: a GM's own creatures, added from a line like the add
// key's to their creature file, and listed.

func cmdCreature(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "fray creature: add or ls (fray creature --help)")
		return 2
	}
	switch args[0] {
	case "add":
		return creatureAdd(args[1:], stdout, stderr)
	case "ls":
		return creatureList(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "fray creature: no command %q: add or ls (fray creature --help)\n", args[0])
	return 2
}

// creatureAdd puts a creature in the GM's creature file: fray creature add
// LINE --rules ID [--id ID] [--notes TEXT].
func creatureAdd(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"rules": true, "id": true, "notes": true})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray creature add:", msg)
		return 2
	case len(rest) != 1 || strings.TrimSpace(rest[0]) == "":
		fmt.Fprintln(stderr, `fray creature add: fray creature add "Troll hp=84 SIZ=30 side=foes" --rules ID`)
		return 2
	case len(fl["rules"]) != 1:
		fmt.Fprintln(stderr, "fray creature add: say which ruleset, once: --rules ID (fray rules lists them)")
		return 2
	case len(fl["id"]) > 1 || len(fl["notes"]) > 1:
		fmt.Fprintln(stderr, "fray creature add: one --id and one --notes at most")
		return 2
	}
	dir := content.UserDir()
	if dir == "" {
		fmt.Fprintln(stderr, "fray creature add: no content directory (set XDG_CONFIG_HOME or HOME)")
		return 1
	}
	lib, probs := content.Load(dir)
	rs, _, ok := lib.Tracker().Ruleset(fl["rules"][0])
	if !ok {
		fmt.Fprintf(stderr, "fray creature add: no ruleset %q (fray rules lists them)\n", fl["rules"][0])
		return 2
	}
	t, err := tui.CreatureOf(rs, rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "fray creature add: %q: %v\n", rest[0], err)
		return 2
	}
	if len(fl["id"]) == 1 {
		t.ID = fl["id"][0]
	}
	if len(fl["notes"]) == 1 {
		t.Notes = fl["notes"][0]
	}
	if c, ok := lib.Creature(rs.ID, t.ID); ok {
		fmt.Fprintf(stderr, "fray creature add: %s has a creature %q already (%s, %s): --id gives this one another "+
			"id\n", rs.Name, t.ID, session.Safe(c.Name), session.Safe(c.Origin))
		return 1
	}
	if c, ok := lib.Creature(rs.ID, t.Name); ok {
		fmt.Fprintf(stderr, "fray creature add: %s has a creature named %q already (%s): name this one "+
			"otherwise\n", rs.Name, session.Safe(c.Name), session.Safe(c.Origin))
		return 1
	}
	file := content.CreatureFile(dir, rs.ID)
	for _, p := range probs {
		if p.File == file {
			fmt.Fprintf(stderr, "fray creature add: %v: the file does not load now, so nothing is added to it (fray check %s)\n", p, file)
			return 1
		}
	}
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintln(stderr, "fray creature add:", err)
		return 1
	}
	data, err := content.WithCreature(old, rs.ID, t)
	if err != nil {
		fmt.Fprintln(stderr, "fray creature add:", err)
		return 1
	}
	check := func(b []byte) error {
		if ps := lib.CheckCreatures(dir, file, b); len(ps) > 0 {
			return ps[0]
		}
		return nil
	}
	if err := check(data); err != nil {
		fmt.Fprintf(stderr, "fray creature add: %q: %v (nothing was written)\n", rest[0], err)
		return 1
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		fmt.Fprintln(stderr, "fray creature add:", err)
		return 1
	}
	if err := saves.WriteFile(file, data, check); err != nil {
		fmt.Fprintln(stderr, "fray creature add:", err)
		return 1
	}
	fmt.Fprintf(stdout, "added %s (%s) to %s: the add key and fray new --add %q know it now\n", session.Safe(t.Name), t.ID, file, t.Name)
	return 0
}

// creatureList lists the creatures: fray creature ls [--rules ID].
func creatureList(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"rules": true})
	if msg != "" || len(rest) > 0 || len(fl["rules"]) > 1 {
		fmt.Fprintln(stderr, "fray creature ls: fray creature ls [--rules ID]")
		return 2
	}
	lib, probs := content.Load(content.UserDir())
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "RULESET\tID\tNAME\tSIDE\tHP\tFROM")
	for _, r := range lib.Rulesets() {
		if len(fl["rules"]) == 1 && r.ID != fl["rules"][0] {
			continue
		}
		for _, c := range lib.Creatures(r.ID) {
			hp := fmt.Sprint(c.HP)
			if c.MaxHP != 0 {
				hp = fmt.Sprintf("%d/%d", c.HP, c.MaxHP)
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, session.Safe(c.ID), session.Safe(c.Name),
				session.Safe(c.Side), hp, session.Safe(c.Origin))
		}
	}
	w.Flush()
	return 0
}
