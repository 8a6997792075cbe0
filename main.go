// Command fray tracks a tabletop fight from the terminal.
package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"fray/content"
	"fray/engine/rules"
	"fray/internal/quietstart"
	"fray/narrate"
	"fray/saves"
	"fray/session"
)

const version = "0.1.0"

const usage = `fray: a combat tracker for game masters.

Usage:
  fray                      open the tracker: resume, start a new fight, or the demo
  fray FIGHT                open a saved fight (its file, or its name)
  fray demo                 open a new demo fight at once (Pathmaster: Gavvin and three orcs)
  fray ls [--archived]      list saved fights: name, ruleset, round, last change
  fray new NAME --rules ID [--party PARTY] [--add "Orc x3"]...
                            prepare a fight without opening the screen:
                            --add names a creature as the add key does
                            ("Orc x3 hp=12"), or one of your own with new:
                            ("new: Hero hp=22/58 side=party"); --party brings
                            a kept party; the start screen offers it
  fray rm FIGHT... [--yes]  remove saved fights (asked first; not one open)
  fray rename FIGHT NAME    give a saved fight a new name
  fray archive [--restore] FIGHT...
                            put saved fights away, kept whole (fray ls
                            --archived lists them), or bring them back
  fray party [CMD]          the party kept from fight to fight: ls, show, keep,
                            rest, set, drop, rm (fray party --help)
  fray creature add LINE --rules ID
                            put a creature in your creature file ("Troll
                            hp=84 STR=28"); fray creature ls lists them
  fray export FIGHT [--format md|txt|json] [--player]
                            a fight's record: Markdown for session notes,
                            plain text, or JSON with one event a line;
                            --player leaves out what the players do not see
  fray watch [FILE]         the players' view of a fight, following it as the GM's
                            fray saves it (default: the fight the GM has open,
                            moving with the GM to the next)
  fray serve [FILE] [--listen ADDR] [--max-sessions N] [--idle D] [--max-time D]
                            the same over SSH for players at their own machines
                            (ADDR: 127.0.0.1:2222 unless told; any other address
                            needs authorized_keys or serve-password in your
                            content directory)
  fray rules [ID]           list the rulesets: id, name, where each comes from;
                            with an id, what it is: stats, actions, conditions, the clock,
                            and how many of its book's rules fray tracks
  fray rules ID --coverage [--markdown]
                            the ruleset's ledger: every rule of its book, its
                            lines, what fray does with it (tracked, helper, gm,
                            outside, later), and the counts; --markdown as the
                            docs page has it
  fray check [PATH]         check content files (default: your content directory)
  fray roll EXPR [options]  roll dice and show every die
  fray roll --check CHECK [options]
                            roll a check of the ruleset: the dice, the
                            target number and the outcome
  fray roll --blow BLOW --damage EXPR [options]
                            a blow of the ruleset without a fight: the attack,
                            the defence, the result, the damage, the armour,
                            what gets through and what else it does
  fray --help | --version   fray CMD --help (or fray help CMD): a command's help

Roll options:
  --seed N          roll with a fixed seed (the same seed rolls the same dice)
  --faces N,N...    the faces rolled at the table, used instead of rolling
  --rules ID        the ruleset, yours or built in (default pathmaster): its
                    open-ended thresholds and its checks
  --stat NAME=V     give a stat a value (for a check, the roller's); repeat
  --check CHECK     roll the ruleset's check instead of an expression
  --target NAME=V   a stat of the one a check is rolled against; repeat
  --mod EXPR        a check's modifier: it widens the target of a roll-under
                    check and adds to the roll of the others (a blow's attack)
  --blow BLOW       roll the ruleset's blow (each shipped one has "attack"):
                    --stat the attacker's stats, --target the defender's
                    (its armour stat and HP too), --faces in the order the
                    chain rolls them
  --damage EXPR     the weapon's damage (--blow); --bonus EXPR the wielder's
                    damage bonus, rolled apart (BRP's damage modifier)
  --kind KIND       a kind the weapon is (impaling, crushing...); repeat
  --weapon NAME=V   a field of the weapon (skill, accuracy...); repeat
  --answer CHECK    the defender answers with its check (parry, dodge)
  --location ID     where the blow lands, where the ruleset has hit locations
  --attackers N     how many strike the one target together

Dice: NdX, dX, d%%, + - * / ( ), keep/drop kh kl dh dl k (2d20kh1),
explode ! and !>N (N or more), d100oe (open-ended both ways), min(a, b),
max(a, b), and stat names: fray roll "2d10 + QU" --stat QU=10
Checks: fray roll --rules brp --check skill --stat skill=60 --faces 98
Blows:  fray roll --rules countdown --blow attack --stat SC=112 --target DEF=40 \
          --target PROT=3 --damage 1d8+4 --faces 50,6

Your content directory: %s
Your saved fights:      %s
`

func main() {
	quietstart.Restore()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// openContent opens the shipped content and the GM's own, with the index
// that spares parsing what a command does not use (content.Catalog).
// Commands open it only when they need it: fray --version and fray roll 2d6
// never do.
var openContent = func() (*content.Catalog, []content.Problem) {
	return content.Open(content.UserDir(), content.CacheDir())
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
	if _, isCmd := commandHelp[args[0]]; isCmd && asksHelp(args[1:]) {
		return helpFor(args[0], stdout, stderr)
	}
	switch args[0] {
	case "demo":
		if len(args) > 1 {
			fmt.Fprintln(stderr, "fray demo: no arguments")
			return 2
		}
		return cmdTrack("", true, stderr)
	case "-h", "--help", "help":
		if len(args) == 2 && args[0] == "help" {
			return helpFor(args[1], stdout, stderr)
		}
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
	case "new":
		return cmdNew(args[1:], stdout, stderr)
	case "export":
		return cmdExport(args[1:], stdout, stderr)
	case "rm":
		return cmdRemove(args[1:], stdout, stderr)
	case "rename":
		return cmdRename(args[1:], stdout, stderr)
	case "archive":
		return cmdArchive(args[1:], stdout, stderr)
	case "party":
		return cmdParty(args[1:], stdout, stderr)
	case "creature":
		return cmdCreature(args[1:], stdout, stderr)
	case "watch":
		return cmdWatch(args[1:], stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	}
	if strings.HasPrefix(args[0], "-") || len(args) > 1 {
		fmt.Fprintf(stderr, "fray: unknown command %q (try fray --help)\n", strings.Join(args, " "))
		return 2
	}
	path, err := fightPath(args[0])
	if err != nil {
		// The nearest command or fight's name, as fray rm and fray export say.
		hint := ""
		if near := session.Nearest(args[0], slices.Sorted(maps.Keys(commandHelp))); near != "" {
			hint = fmt.Sprintf("; did you mean fray %s?", near)
		} else if _, near, ok := strings.Cut(err.Error(), "; did you mean "); ok {
			hint = "; did you mean " + near
		} else if strings.Contains(err.Error(), "saved fights are named") {
			hint = ": " + err.Error()
		}
		fmt.Fprintf(stderr, "fray: %q is neither a command nor a saved fight%s (try fray --help)\n", args[0], hint)
		return 2
	}
	return cmdTrack(path, false, stderr)
}

func cmdList(args []string, stdout, stderr io.Writer) int {
	dir := saves.Dir()
	switch {
	case len(args) == 1 && args[0] == "--archived":
		dir = saves.ArchiveDir(dir)
	case len(args) > 0:
		fmt.Fprintln(stderr, "fray ls: takes no arguments but --archived")
		return 2
	}
	list, err := saves.List(dir)
	if err != nil {
		fmt.Fprintln(stderr, "fray ls:", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintf(stdout, "no saved fights in %s\n", dir)
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
		round := strconv.Itoa(s.Round)
		if s.Round == 0 {
			round = "prepared"
		}
		file := safe(s.Path)
		if s.Backup {
			file += " (a backup: its save is gone; opening it goes on in a new file)"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", safe(s.Name), safe(s.Ruleset), round, s.Changed.Format("2006-01-02 15:04"), file)
		for _, k := range s.Kept {
			fmt.Fprintf(w, "\t\t\t\t%s (changes kept aside: the start screen recovers them)\n", safe(k))
		}
	}
	w.Flush()
	return 0
}

func cmdRules(args []string, stdout, stderr io.Writer) int {
	var id string
	coverage, markdown := false, false
	for _, a := range args {
		switch {
		case a == "--coverage":
			coverage = true
		case a == "--markdown":
			markdown = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "fray rules: unknown flag %s (--coverage, --markdown)\n", a)
			return 2
		case id != "":
			fmt.Fprintln(stderr, "fray rules: one ruleset id at most")
			return 2
		default:
			id = a
		}
	}
	if (coverage || markdown) && id == "" {
		fmt.Fprintln(stderr, "fray rules: --coverage shows one ruleset's ledger: fray rules ID --coverage")
		return 2
	}
	if markdown && !coverage {
		fmt.Fprintln(stderr, "fray rules: --markdown goes with --coverage")
		return 2
	}
	lib, probs := openContent()
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
	if id != "" {
		r, ok := lib.Ruleset(id)
		if !ok {
			fmt.Fprintf(stderr, "fray rules: no ruleset %q (fray rules lists them)\n", id)
			return 1
		}
		lg, err := lib.Ledger(id)
		if coverage {
			if err != nil {
				fmt.Fprintf(stderr, "fray rules: %v\n", err)
				return 1
			}
			if markdown {
				fmt.Fprint(stdout, lg.Markdown(r.LedgerPath()))
			} else {
				fmt.Fprint(stdout, lg.Table(80))
			}
			return 0
		}
		ruleCard(stdout, r.Ruleset)
		fmt.Fprintln(stdout)
		switch {
		case err == nil:
			fmt.Fprintf(stdout, "The book, %s, rule by rule: %s. fray rules %s --coverage shows each.\n", lg.Book, lg.CountsText(), id)
		case errors.Is(err, content.ErrNoLedger):
			fmt.Fprintf(stdout, "No ledger says what fray does with each rule of its book (%s).\n", r.LedgerPath())
		default:
			fmt.Fprintf(stdout, "Its ledger does not load: fray rules %s --coverage says why.\n", id)
		}
		return 0
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
		var lib *content.Library
		lib, probs = content.Load(target)
		probs = append(probs, lib.CheckLedgers(target)...)
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

// segmentsCard prints a segments order's declarations, movement and
// withdrawing from melee, for the rule card.
func segmentsCard(w io.Writer, rs *rules.Ruleset, section func(string)) {
	if len(rs.Declarations) > 0 {
		section("Declarations (D, before initiative)")
		for _, d := range rs.Declarations {
			fmt.Fprintf(w, "  %s\t%s\n", session.Safe(d.Name), session.Safe(d.Summary))
		}
	}
	mv, wd := rs.Movement, rs.Withdraw
	if mv.Stat == "" && !wd.Offered() {
		return
	}
	section("Movement")
	if mv.Stat != "" {
		fmt.Fprintf(w, "  Segments %d to %d\tan equal share of %s each segment\n", mv.From, mv.To, session.Safe(mv.Stat))
	}
	if wd.Check != "" {
		var none []string
		for _, id := range wd.NoFreeAttack {
			if d, ok := rs.Declaration(id); ok {
				none = append(none, d.Name)
			}
		}
		barred := ""
		if len(none) > 0 {
			barred = "; none from one who declared " + strings.Join(none, " or ")
		}
		fmt.Fprintf(w, "  Withdrawing (f)\teach foe picked takes a free attack (%s)%s\n", session.Safe(wd.Check), session.Safe(barred))
	}
	if c, ok := rs.Condition(wd.Fled); ok {
		fmt.Fprintf(w, "  Fleeing (f)\tgives %s until taken away\n", session.Safe(c.Name))
	}
}

// spellsCard prints how spells prepared by concentrating are cast, and the
// casting table.
func spellsCard(w io.Writer, rs *rules.Ruleset, section func(string)) {
	sp := rs.Spells
	if !sp.Concentrated() {
		return
	}
	name := func(id string) string {
		a, _ := rs.Action(id)
		return session.Safe(a.Name)
	}
	section("Spells (C)")
	if sp.Concentrate != "" {
		fmt.Fprintf(w, "  Prepare	%s on consecutive own turns, a round each\n", name(sp.Concentrate))
	}
	fmt.Fprintf(w, "  Cast	%s", name(sp.Cast))
	if ch, ok := rs.Check(sp.Check); ok {
		fmt.Fprintf(w, ", rolling %s", session.Safe(ch.Name))
	}
	fmt.Fprintln(w)
	if sp.Instant != "" {
		fmt.Fprintf(w, "  Instantaneous\t%s, at any time\n", name(sp.Instant))
	}
	if len(sp.Prep) > 0 {
		fmt.Fprintf(w, "  Levels above the spell\tinstant; 0, 1, 2 ... rounds of concentration\n")
		for _, r := range sp.Prep {
			mods := make([]string, len(r.Mods))
			for i, v := range r.Mods {
				mods[i] = fmt.Sprintf("%+d", v)
			}
			fmt.Fprintf(w, "  %+d\t%+d; %s\n", r.Diff, r.Instant, strings.Join(mods, " "))
		}
	}
}

// ruleCard prints what a GM looks up in a ruleset: what it is, its stats,
// actions, conditions and what happens on the clock.
func ruleCard(out io.Writer, rs *rules.Ruleset) {
	fmt.Fprintf(out, "%s (%s)\n", session.Safe(rs.Name), session.Safe(rs.ID))
	if rs.Description != "" {
		fmt.Fprintln(out, session.Safe(rs.Description))
	}
	if rs.RoundSeconds > 0 {
		fmt.Fprintf(out, "A round is %d seconds.\n", rs.RoundSeconds)
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	section := func(title string) { fmt.Fprintf(w, "\n%s\n", title) }
	if len(rs.Stats) > 0 {
		section("Stats")
		for _, s := range rs.Stats {
			fmt.Fprintf(w, "  %s\t%s\t(default %d)\n", session.Safe(s.ID), session.Safe(s.Name), s.Default)
		}
	}
	if len(rs.Actions) > 0 {
		section("Actions")
		for _, a := range rs.Actions {
			fmt.Fprintf(w, "  %s\t%s\t%s\n", session.Safe(a.Name), session.Safe(narrate.Cost(rs, a)), session.Safe(a.Summary))
		}
	}
	if len(rs.Conditions) > 0 {
		section("Conditions")
		for _, c := range rs.Conditions {
			fmt.Fprintf(w, "  %s\t%s\n", session.Safe(c.Name), session.Safe(c.Summary))
			// What its penalties reach and what it forbids, as the
			// tracker applies them.
			reaches, forbids := narrate.ConditionRules(rs, c)
			if len(reaches) > 0 {
				fmt.Fprintf(w, "    rolls:\t%s\n", session.Safe(strings.Join(reaches, "; ")))
			}
			if len(forbids) > 0 {
				fmt.Fprintf(w, "    forbids:\t%s\n", session.Safe(strings.Join(forbids, "; ")))
			}
		}
	}
	if len(rs.Checks) > 0 {
		section("Checks")
		for _, ch := range rs.Checks {
			fmt.Fprintf(w, "  %s (%s)\t%s\t%s\n", session.Safe(ch.Name), session.Safe(ch.ID), session.Safe(ch.Roll.String()),
				session.Safe(ch.Summary))
			for _, o := range ch.Outcomes {
				name := o.Name
				if len(o.Unless) > 0 {
					var not []string
					for _, id := range o.Unless {
						if md, ok := ch.Modifier(id); ok {
							not = append(not, md.Name)
						}
					}
					name += " (not with " + strings.Join(not, " or ") + ")"
				}
				fmt.Fprintf(w, "    %s (%s)\t\t%s\n", session.Safe(name), session.Safe(o.ID), session.Safe(o.Summary))
			}
		}
	}
	segmentsCard(w, rs, section)
	spellsCard(w, rs, section)
	blowsCard(w, rs, section) // roll_blow.go
	if len(rs.Ticks) > 0 {
		section("On the clock")
		for _, t := range rs.Ticks {
			fmt.Fprintf(w, "  %s\t%s (%s)\t%s\n", session.Safe(t.Name), t.When, session.Safe(t.ID), session.Safe(t.Summary))
		}
	}
	w.Flush()
}
