// Command fray tracks a tabletop fight from the terminal.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"fray/content"
	"fray/engine/dice"
	"fray/saves"
	"fray/session"
)

const version = "0.1.0"

const usage = `fray: a combat tracker for game masters.

Usage:
  fray                      open the tracker: resume, start a new fight, or the demo
  fray FILE                 open a saved fight
  fray demo                 open a new demo fight at once (Pathmaster: Gavvin and three orcs)
  fray ls                   list saved fights: name, ruleset, round, last change
  fray rules                list the rulesets: id, name, where each comes from
  fray check [PATH]         check content files (default: your content directory)
  fray roll EXPR [options]  roll dice and show every die
  fray --help | --version

Roll options:
  --seed N        roll with a fixed seed (the same seed rolls the same dice)
  --rules ID      use that ruleset's open-ended thresholds (default pathmaster)
  --stat NAME=V   give a stat a value for the formula; repeat as needed

Dice: NdX, dX, d%%, + - * / ( ), keep/drop kh kl dh dl k (2d20kh1),
explode ! and !>N (N or more), d100oe (open-ended both ways), min(a, b),
max(a, b), and stat names: fray roll "2d10 + QU" --stat QU=10

Your content directory: %s
Your saved fights:      %s
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// What fray prints quotes names, files and their contents: it is made
// safe to show (session.Safe) on its way out, so a name with an escape
// sequence in it cannot clear the screen or set the clipboard. The tracker
// screen draws through Bubble Tea and makes its own text safe.

// run is the whole command line; it returns the exit code: 0 done, 1 the
// input had problems (bad content, bad expression, a save that does not
// load), 2 the command was wrong.
func run(args []string, stdout, stderr io.Writer) int {
	stdout, stderr = session.SafeWriter(stdout), session.SafeWriter(stderr)
	if len(args) == 0 {
		return cmdTrack("", false, stderr)
	}
	switch args[0] {
	case "demo":
		if len(args) > 1 {
			fmt.Fprintln(stderr, "fray demo: no arguments")
			return 2
		}
		return cmdTrack("", true, stderr)
	case "-h", "--help", "help":
		fmt.Fprintf(stdout, usage, content.UserDir(), saves.Dir())
		return 0
	case "-v", "--version", "version":
		fmt.Fprintln(stdout, "fray", version)
		return 0
	case "rules":
		return cmdRules(args[1:], stdout, stderr)
	case "check":
		return cmdCheck(args[1:], stdout, stderr)
	case "roll":
		return cmdRoll(args[1:], stdout, stderr)
	case "ls":
		return cmdList(args[1:], stdout, stderr)
	}
	if strings.HasPrefix(args[0], "-") || len(args) > 1 {
		fmt.Fprintf(stderr, "fray: unknown command %q (try fray --help)\n", strings.Join(args, " "))
		return 2
	}
	if _, err := os.Stat(args[0]); err != nil {
		fmt.Fprintf(stderr, "fray: %q is neither a command nor a saved fight (try fray --help)\n", args[0])
		return 2
	}
	return cmdTrack(args[0], false, stderr)
}

func cmdList(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "fray ls: takes no arguments")
		return 2
	}
	list, err := saves.List(saves.Dir())
	if err != nil {
		fmt.Fprintln(stderr, "fray ls:", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintf(stdout, "no saved fights in %s\n", saves.Dir())
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tRULESET\tROUND\tLAST CHANGE\tFILE")
	safe := session.Safe
	for _, s := range list {
		if s.Problem != "" {
			fmt.Fprintf(w, "?\t\t\t%s\t%s (%s)\n", s.Changed.Format("2006-01-02 15:04"), safe(s.Path), safe(s.Problem))
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\n", safe(s.Name), safe(s.Ruleset), s.Round, s.Changed.Format("2006-01-02 15:04"), safe(s.Path))
	}
	w.Flush()
	return 0
}

func cmdRules(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "fray rules: takes no arguments")
		return 2
	}
	lib, probs := content.Load(content.UserDir())
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tFROM")
	for _, r := range lib.Rulesets() {
		fmt.Fprintf(w, "%s\t%s\t%s\n", session.Safe(r.ID), session.Safe(r.Name), session.Safe(r.Origin))
	}
	w.Flush()
	return 0
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		fmt.Fprintln(stderr, "fray check: give at most one file or directory")
		return 2
	}
	var probs []content.Problem
	target := content.UserDir()
	if len(args) == 1 {
		target = args[0]
		probs = content.Check(target)
	} else {
		_, probs = content.Load(target)
	}
	for _, p := range probs {
		fmt.Fprintln(stderr, p)
	}
	if len(probs) > 0 {
		fmt.Fprintf(stderr, "%d problem%s found\n", len(probs), plural(len(probs)))
		return 1
	}
	fmt.Fprintf(stdout, "%s: no problems\n", target)
	return 0
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func cmdRoll(args []string, stdout, stderr io.Writer) int {
	seed := uint64(time.Now().UnixNano())
	rulesID := "pathmaster"
	stats := map[string]int{}
	var expr []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		// --stat=QU=5 cuts at the first '=': the flag, then QU=5.
		name, val, hasVal := strings.Cut(a, "=")
		if name != "--seed" && name != "--rules" && name != "--stat" {
			expr = append(expr, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "fray roll: %s needs a value\n", name)
				return 2
			}
			i++
			val = args[i]
		}
		switch name {
		case "--seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				fmt.Fprintf(stderr, "fray roll: --seed takes a whole number, not %q\n", val)
				return 2
			}
			seed = n
		case "--rules":
			rulesID = val
		case "--stat":
			k, v, ok := strings.Cut(val, "=")
			n, err := strconv.Atoi(v)
			if !ok || k == "" || err != nil {
				fmt.Fprintf(stderr, "fray roll: --stat takes NAME=NUMBER, not %q\n", val)
				return 2
			}
			stats[k] = n
		}
	}
	src := strings.Join(expr, " ")
	if strings.TrimSpace(src) == "" {
		fmt.Fprintln(stderr, "fray roll: what should I roll? e.g. fray roll 2d10+5")
		return 2
	}
	lib, _ := content.LoadBuiltin()
	rs, ok := lib.Ruleset(rulesID)
	if !ok {
		fmt.Fprintf(stderr, "fray roll: no ruleset %q\n", rulesID)
		return 2
	}
	e, err := dice.Parse(src)
	if err != nil {
		fmt.Fprintf(stderr, "fray roll: %s\n", describeSyntax(src, err))
		return 1
	}
	for _, name := range e.Stats() {
		if _, ok := stats[name]; !ok {
			fmt.Fprintf(stderr, "fray roll: %q needs a value: add --stat %s=N\n", name, name)
			return 1
		}
	}
	res, err := dice.Roller{Rand: dice.NewSource(seed), OE: rs.OE()}.Roll(e, dice.StatMap(stats))
	if err != nil {
		fmt.Fprintf(stderr, "fray roll: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, res)
	return 0
}

// describeSyntax shows a bad expression with a caret under the column.
func describeSyntax(src string, err error) string {
	se, ok := err.(*dice.SyntaxError)
	if !ok {
		return err.Error()
	}
	return fmt.Sprintf("%s\n  %s\n  %s^ col %d", se.Msg, src, strings.Repeat(" ", se.Col-1), se.Col)
}
