package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// rollArgs is what fray roll was asked.
type rollArgs struct {
	expr   []string
	seed   uint64
	seeded bool
	rules  string
	named  bool // --rules was given
	check  string
	mod    string   // a check's modifier
	picks  []string // the check's own modifiers picked (--pick)
	faces  []int
	typed  bool
	stats  map[string]int // the roller's
	target map[string]int // the one a check is rolled against
	// statMax and targetMax are the most hit points of each side where
	// HP=N/MOST gave them (0: HP is both).
	statMax, targetMax int
	targets            bool
	blow               blowArgs // --blow and its flags (roll_blow.go)
}

// cmdRoll rolls an expression, or a check of a ruleset, with dice or with
// the faces rolled at the table.
func cmdRoll(args []string, stdout, stderr io.Writer) int {
	a, msg := parseRoll(args)
	if msg != "" {
		fmt.Fprintln(stderr, "fray roll:", msg)
		return 2
	}
	// The content is opened only for what the roll needs of its ruleset: a
	// check, the whole ruleset; d100oe, its thresholds (known unparsed);
	// 2d6, nothing. A ruleset named is looked for all the same.
	var lib *content.Catalog
	var info content.RulesetInfo
	ruleset := func() int {
		var probs []content.Problem
		lib, probs = openContent()
		var ok bool
		if info, ok = lib.Info(a.rules); !ok {
			fmt.Fprintf(stderr, "fray roll: no ruleset %q", a.rules)
			if len(probs) > 0 {
				fmt.Fprintf(stderr, " (%d problem%s in your content: run fray check)", len(probs), plural(len(probs)))
			}
			fmt.Fprintln(stderr)
			return 2
		}
		return 0
	}
	if a.named || a.check != "" || a.blow.blow != "" {
		if code := ruleset(); code != 0 {
			return code
		}
	}
	var e dice.Expr
	if a.check == "" && a.blow.blow == "" {
		text := strings.Join(a.expr, " ")
		var err error
		if e, err = dice.Parse(text); err != nil {
			fmt.Fprintf(stderr, "fray roll: %s\n", describeSyntax(text, err))
			return 1
		}
		if e.OpenEnded() && lib == nil {
			if code := ruleset(); code != 0 {
				return code
			}
		}
	}
	oe := dice.DefaultOpenEnded
	if lib != nil {
		oe = info.OE
	}
	var src dice.Rand = dice.NewSource(a.seed)
	var typed *dice.Typed
	if a.typed {
		typed = dice.TypedFaces(oe, a.faces...)
		src = typed
	}
	var out string
	var code int
	if a.blow.blow != "" || a.check != "" {
		rs, ok := lib.Ruleset(a.rules)
		if !ok {
			fmt.Fprintf(stderr, "fray roll: the ruleset %q did not load (run fray check)\n", a.rules)
			return 1
		}
		if a.blow.blow != "" {
			out, code = rollBlow(rs.Ruleset, a, src, stderr)
		} else {
			out, code = rollCheck(rs.Ruleset, a, src, stderr)
		}
	} else {
		out, code = rollExpr(e, oe, a, src, stderr)
	}
	if code != 0 {
		return code
	}
	if typed != nil {
		if err := typed.Check(); err != nil {
			fmt.Fprintln(stderr, "fray roll: --faces:", err)
			return 1
		}
	}
	fmt.Fprint(stdout, out)
	return 0
}

// rollFlags are fray roll's flags: from --blow on, a blow's alone (its
// help names each).
var rollFlags = []string{"--seed", "--rules", "--stat", "--faces", "--check", "--target", "--mod", "--pick",
	"--blow", "--damage", "--bonus", "--kind", "--weapon", "--answer", "--location", "--attackers", "--guard"}

func parseRoll(args []string) (rollArgs, string) {
	a := rollArgs{seed: uint64(time.Now().UnixNano()), rules: "pathmaster", stats: map[string]int{}, target: map[string]int{}}
	flags := rollFlags
	blowOnly := ""
	for i := 0; i < len(args); i++ {
		// --stat=QU=5 cuts at the first '=': the flag, then QU=5.
		name, val, hasVal := strings.Cut(args[i], "=")
		if !slices.Contains(flags, name) {
			a.expr = append(a.expr, args[i])
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return a, name + " needs a value"
			}
			i++
			val = args[i]
		}
		if name != "--blow" && slices.Contains(flags[slices.Index(flags, "--blow"):], name) {
			blowOnly = name
		}
		switch name {
		case "--blow":
			a.blow.blow = val
		case "--damage":
			a.blow.damage = val
		case "--bonus":
			a.blow.bonus = val
		case "--kind":
			a.blow.kinds = append(a.blow.kinds, val)
		case "--answer":
			a.blow.answer = val
		case "--guard":
			a.blow.guards = append(a.blow.guards, val)
		case "--location":
			a.blow.location = val
		case "--attackers":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 100 {
				return a, fmt.Sprintf("--attackers takes how many strike the one target, 1 to 100, not %q", val)
			}
			a.blow.attack = n
		case "--weapon":
			k, v, ok := strings.Cut(val, "=")
			n, err := strconv.Atoi(v)
			if !ok || k == "" || err != nil {
				return a, fmt.Sprintf("--weapon takes FIELD=NUMBER, not %q", val)
			}
			if a.blow.weapon == nil {
				a.blow.weapon = map[string]int{}
			}
			a.blow.weapon[k] = n
		case "--seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return a, fmt.Sprintf("--seed takes a whole number from 0 to %d, not %q", uint64(math.MaxUint64), val)
			}
			a.seed, a.seeded = n, true
		case "--rules":
			a.rules, a.named = val, true
		case "--check":
			a.check = val
		case "--mod":
			a.mod = val
		case "--pick":
			a.picks = append(a.picks, val)
		case "--faces":
			for f := range strings.SplitSeq(val, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					return a, fmt.Sprintf("--faces takes the faces rolled, N,N..., not %q", val)
				}
				a.faces = append(a.faces, n)
			}
			a.typed = true
		case "--stat", "--target":
			k, v, ok := strings.Cut(val, "=")
			// HP=13/17: 13 hit points left of 17, as the tracker's add
			// line types a wounded fighter (what is left and the most).
			most := 0
			if cur, top, wounded := strings.Cut(v, "/"); ok && k == "HP" && wounded {
				n, err1 := strconv.Atoi(cur)
				m, err2 := strconv.Atoi(top)
				if err1 != nil || err2 != nil || m < 1 || n > m {
					return a, fmt.Sprintf("%s HP takes the hit points, or those left of the most: HP=13/17, not %q", name, val)
				}
				v, most = cur, m
			}
			n, err := strconv.Atoi(v)
			if !ok || k == "" || err != nil {
				return a, fmt.Sprintf("%s takes NAME=NUMBER, not %q", name, val)
			}
			if name == "--stat" {
				a.stats[k] = n
				a.statMax = most
			} else {
				a.target[k], a.targets = n, true
				a.targetMax = most
			}
		}
	}
	blow := a.blow.blow != ""
	switch {
	case blow && a.check != "":
		return a, "--blow rolls its own checks: drop --check"
	case blow && len(a.expr) > 0:
		return a, fmt.Sprintf("a blow rolls its own dice: drop %q, or drop --blow", strings.Join(a.expr, " "))
	case !blow && blowOnly != "":
		return a, blowOnly + " is a blow's: add --blow BLOW"
	case a.seeded && a.typed:
		return a, "--seed and --faces: the faces typed are the roll, there is nothing to seed"
	case a.check == "" && a.targets && !blow:
		return a, "--target gives the stats of the one a check is rolled against: add --check"
	case a.check == "" && a.mod != "" && !blow:
		return a, "--mod is a check's modifier: add --check, or add it to the expression"
	case a.check == "" && len(a.picks) > 0 && !blow:
		return a, "--pick is a check's modifier: add --check"
	case a.check != "" && len(a.expr) > 0:
		return a, fmt.Sprintf("a check rolls its own dice: drop %q, or drop --check", strings.Join(a.expr, " "))
	case a.check == "" && !blow && strings.TrimSpace(strings.Join(a.expr, " ")) == "":
		return a, "what should I roll? e.g. fray roll 2d10+5"
	}
	return a, ""
}

// rollExpr rolls an expression with the stats given, d100oe by the
// thresholds oe.
func rollExpr(e dice.Expr, oe dice.OpenEnded, a rollArgs, src dice.Rand, stderr io.Writer) (string, int) {
	for _, name := range e.Stats() {
		if _, ok := a.stats[name]; !ok {
			fmt.Fprintf(stderr, "fray roll: %q needs a value: add --stat %s=N\n", name, name)
			return "", 1
		}
	}
	res, err := dice.Roller{Rand: src, OE: oe}.Roll(e, dice.StatMap(a.stats))
	if err != nil {
		fmt.Fprintf(stderr, "fray roll: %v\n", err)
		return "", 1
	}
	return res.String() + "\n", 0
}

// rollCheck rolls a check of the ruleset: each side has the ruleset's
// defaults, with the stats given laid over them.
func rollCheck(rs *rules.Ruleset, a rollArgs, src dice.Rand, stderr io.Writer) (string, int) {
	ch, ok := rs.Check(a.check)
	if !ok {
		if len(rs.Checks) == 0 {
			fmt.Fprintf(stderr, "fray roll: %s has no checks\n", rs.ID)
			return "", 2
		}
		fmt.Fprintf(stderr, "fray roll: %s has no check %q; its checks:\n", rs.ID, a.check)
		for _, c := range rs.Checks {
			fmt.Fprintf(stderr, "  %-10s %s: %s\n", c.ID, c.Name, c.Summary)
		}
		return "", 2
	}
	side := func(flag string, given map[string]int) (dice.StatFunc, bool) {
		m := map[string]int{}
		for _, s := range rs.Stats {
			m[s.ID] = s.Default
		}
		for k, v := range given {
			if _, ok := rs.Stat(k); !ok {
				fmt.Fprintf(stderr, "fray roll: %s %s: %s has no stat %q (its stats: %s)\n", flag, k, rs.ID, k, statIDs(rs))
				return nil, false
			}
			m[k] = v
		}
		// No weapon in hand: hand_X is the field's default.
		hand := func(name string) (int, bool) {
			f, ok := strings.CutPrefix(name, rules.HandPrefix)
			if !ok {
				return 0, false
			}
			c := engine.Combatant{}
			c.Stats = m
			return engine.WeaponStat(rs, &c, rules.Weapon{}, f)
		}
		if err := rs.DeriveStats(m, func(id string) bool { _, ok := given[id]; return ok }, hand); err != nil {
			fmt.Fprintf(stderr, "fray roll: %s: %v\n", flag, err)
			return nil, false
		}
		return dice.StatMap(m), true
	}
	actor, ok := side("--stat", a.stats)
	if !ok {
		return "", 2
	}
	target, ok := side("--target", a.target)
	if !ok {
		return "", 2
	}
	var mod dice.Expr
	if a.mod != "" {
		var err error
		if mod, err = dice.Parse(a.mod); err != nil {
			fmt.Fprintf(stderr, "fray roll: --mod: %s\n", describeSyntax(a.mod, err))
			return "", 1
		}
	}
	if !knownPicks(ch.Name, ch.Modifiers, a.picks, stderr) {
		return "", 2
	}
	var res engine.CheckRoll
	var picked engine.Modifiers
	var err error
	if len(a.picks) > 0 {
		// The check's own modifiers, as A and g pick them (BRP's range:
		// a long-range hit is a plain success, l.509).
		res, picked, err = engine.RunCheckPicked(rs, ch, actor, target, a.mod, a.picks, src)
	} else {
		res, err = engine.RunCheck(rs, ch, actor, target, mod, src)
	}
	if err != nil {
		fmt.Fprintf(stderr, "fray roll: %v\n", err)
		return "", 1
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", ch.Name, narrate.Check(rs, ch.ID, res.Roll, res.Result()))
	for _, m := range picked.Mods {
		if md, ok := ch.Modifier(m.Modifier); ok && m.Modifier != "" {
			fmt.Fprintf(&b, "  %s: %+d\n", md.Name, m.Value)
		}
	}
	if res.Outcome.Summary != "" {
		fmt.Fprintf(&b, "  %s\n", res.Outcome.Summary)
	}
	for _, e := range res.Outcome.Effects {
		fmt.Fprintf(&b, "  %s\n", rs.Describe(e))
	}
	return b.String(), 0
}

// knownPicks reports whether every modifier picked (--pick) is one the
// check (or the blow) offers, saying on stderr which it offers where not.
func knownPicks(what string, offered []rules.CheckModifier, picks []string, stderr io.Writer) bool {
	for _, id := range picks {
		if slices.ContainsFunc(offered, func(m rules.CheckModifier) bool { return m.ID == id }) {
			continue
		}
		ids := make([]string, len(offered))
		for i, m := range offered {
			ids[i] = m.ID
		}
		if len(ids) == 0 {
			fmt.Fprintf(stderr, "fray roll: --pick: %s has no modifier %q; it has none\n", what, id)
		} else {
			fmt.Fprintf(stderr, "fray roll: --pick: %s has no modifier %q; its modifiers: %s\n", what, id, strings.Join(ids, ", "))
		}
		return false
	}
	return true
}

func statIDs(rs *rules.Ruleset) string {
	ids := make([]string, len(rs.Stats))
	for i, s := range rs.Stats {
		ids[i] = s.ID
	}
	return strings.Join(ids, ", ")
}

// describeSyntax shows a bad expression with a caret under the column.
func describeSyntax(src string, err error) string {
	se, ok := err.(*dice.SyntaxError)
	if !ok {
		return err.Error()
	}
	shown, at := excerpt(src, se.Col-1)
	return fmt.Sprintf("%s\n  %s\n  %s^ col %d", se.Msg, shown, strings.Repeat(" ", at), se.Col)
}

// excerptWidth is how much of a long expression an error shows: the part
// around the column it points at, not a screenful of dice.
const excerptWidth = 60

// excerpt is the part of src an error shows around rune i, marked with
// an ellipsis where it is cut, and where i falls in it.
func excerpt(src string, i int) (string, int) {
	r := []rune(src)
	if len(r) <= excerptWidth {
		return src, i
	}
	start := max(0, min(i-excerptWidth/2, len(r)-excerptWidth))
	end := min(len(r), start+excerptWidth)
	shown, at := string(r[start:end]), i-start
	if start > 0 {
		shown, at = "…"+shown, at+1
	}
	if end < len(r) {
		shown += "…"
	}
	return shown, at
}
