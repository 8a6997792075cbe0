package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"fray/content"
	"fray/saves"
)

// Every command says how it is used: fray CMD --help (or -h), or fray help
// CMD, prints its help on stdout and exits 0, whatever else is given.

// commandHelp is each command's help, by name.
var commandHelp = map[string]string{
	"demo": `Usage: fray demo

Opens the tracker on a new demo fight at once (Pathmaster: Gavvin and three
orcs). The start screen (fray) offers every demo.
`,
	"ls": `Usage: fray ls [--archived]

Lists the saved fights, the most recently changed first: name, ruleset,
round ("prepared" for one not started), last change and file; --archived,
the fights put away with fray archive.
`,
	"new": `Usage: fray new NAME --rules ID [--party PARTY] [--add LINE]...

Prepares a fight without opening the screen: saved, not started; the start
screen offers it first (enter opens it, n starts it).

  --rules ID     its ruleset (fray rules lists them)
  --party PARTY  brings a kept party in, as it left its last fight
                 (fray party lists them; a party of another ruleset is refused)
  --add LINE     what the add key takes: a creature of the ruleset by its
                 name or id, "Orc x3" for three, "Orc x3 group" for three on
                 one place in the order, hp= (hp=22/58: 22 of 58), init= (a
                 number or dice), side= and any stat (DEX=14). A combatant of
                 your own starts with new: --add "new: Hero hp=20 side=party".
                 A name no creature has, or a word an add line does not know,
                 is refused with what is nearest.

Example: fray new "Hobgoblin ambush" --rules pathmaster --party "The Company" --add "Orc x3"
`,
	"export": `Usage: fray export FIGHT [--format md|txt|json] [--player]

Writes the record of a saved fight on stdout. FIGHT is its name (fray ls) or
its file; one open in another fray is read as it stands.

  --format md    Markdown for session notes (the default): the combatants, a
                 part for each round with a line for each action, who went
                 down, and damage dealt, taken and healed
  --format txt   the same as plain text
  --format json  one event a line, for other tools
  --player       only what the players see
`,
	"watch": `Usage: fray watch [FIGHT]

The players' view of a fight, following it as the GM's fray saves it: the
fight the GM has open, moving with the GM to the next, unless a file is named.
`,
	"serve": `Usage: fray serve [FIGHT] [--listen ADDR] [--max-sessions N] [--idle D] [--max-time D]

The players' view over SSH, for players at their own machines.

  --listen ADDR       where to listen (127.0.0.1:2222); any other address needs
                      authorized_keys or serve-password in your content directory
  --max-sessions N    the most players watching at once
  --idle D            end a session idle this long (10m)
  --max-time D        end any session after this long
`,
	"rules": `Usage: fray rules [ID] [--coverage [--markdown]]

Without an id, lists the rulesets: id, name, where each comes from. With one,
its card: stats, actions, conditions, checks, rests, the clock, and how many of
its book's rules fray tracks. --coverage prints its ledger, every rule of its
book and what fray does with it; --markdown as the docs page has it.
`,
	"check": `Usage: fray check [PATH]

Checks content files (default: your content directory), printing every
problem as file:line:col: what. Exits 1 if there are any.
`,
	"roll": `Usage: fray roll EXPR [--seed N | --faces N,N...] [--rules ID] [--stat NAME=V]...
       fray roll --rules ID --check CHECK [--stat NAME=V]... [--target NAME=V]... [--mod EXPR] [--pick MOD]...
                 [--faces N,N...]
       fray roll --rules ID --blow BLOW --damage EXPR [--bonus EXPR] [--kind KIND]... [--weapon FIELD=V]...
                 [--stat NAME=V]... [--target NAME=V]... [--answer CHECK [--guard MOD]...] [--attackers N]
                 [--location ID] [--mod EXPR] [--pick MOD]... [--faces N,N...]

Rolls dice and shows every die, a check of a ruleset with its target and
outcome, or a blow of a ruleset (each shipped blow is called attack) as the
tracker's A shows it: attack, defence, result, damage, armour, what gets
through, what else it does.

  --seed N          roll with a fixed seed (the same seed rolls the same dice)
  --faces N,N...    the faces rolled at the table, used instead of rolling
  --rules ID        the ruleset (pathmaster): its open-ended thresholds, its checks
  --stat NAME=V     a stat's value (for a check, the roller's); repeat
  --check CHECK     roll the ruleset's check instead of an expression
  --target NAME=V   a stat of the one a check is rolled against; repeat
  --mod EXPR        a check's modifier
  --pick MOD        one of the check's own modifiers, as A and g offer them
                    (BRP: long_range, darkness...); repeat
  --blow BLOW       roll the ruleset's blow: the attacker's stats with --stat,
                    the defender's (its armour, HP: 100 unless given) with --target;
                    HP=13/17 is one already hurt, 13 left of 17
  --damage EXPR     the blow's weapon damage
  --bonus EXPR      a damage bonus rolled apart (BRP's damage modifier)
  --kind KIND       a kind of the weapon (melee, missile, impaling...); repeat
  --weapon FIELD=V  a field of the weapon; repeat
  --answer CHECK    the defender's answer (BRP: parry, dodge)
  --guard MOD       one of the answer's own modifiers, as A offers them (BRP's
                    dodge against a missile: missile, Difficult); repeat
  --attackers N     how many strike the one target together (countdown)
  --location ID     where the blow lands, where the ruleset has hit locations

Dice: NdX, dX, d%, + - * / ( ), keep/drop kh kl dh dl k (2d20kh1), explode !
and !>N, d100oe, min(a, b), max(a, b), and stat names.
`,
	"rm": `Usage: fray rm FIGHT... [--yes]

Removes saved fights (a name from fray ls, or a file): the save, its backup,
its journal and any changes kept aside. Each is asked about first (--yes: not
asked; with no terminal to ask on, --yes is needed). A fight another fray has
open is left alone. It cannot be undone.
`,
	"archive": `Usage: fray archive FIGHT...
       fray archive --restore FIGHT...

Puts saved fights away (a name from fray ls, or a file): the save, its
backup and journals move whole to the archive directory beside the saves,
out of fray ls and the start screen. --restore brings them back (a name
from fray ls --archived). fray rm removes an archived fight too. A fight
another fray has open is left alone.
`,
	"rename": `Usage: fray rename FIGHT NAME

Gives a saved fight a new name (FIGHT: its name from fray ls, or its file).
The file stays where it is; the save is written anew with the name, its old
one kept as the backup. A fight another fray has open is left alone.
`,
	"party": `Usage: fray party [ls]
       fray party show PARTY
       fray party keep FIGHT PARTY [--who NAME]...
       fray party rest PARTY REST [--spend N | --spend NAME=N]... [--seed N]
       fray party set PARTY "NAME hp=40/58 POOL=N STAT=N side=S"
       fray party drop PARTY NAME
       fray party rm PARTY [--yes]

A party lives on from one fight to the next (docs/party.md): keep carries its
members out of a fight (its side party, or those named) with their hit points
of their most, pools no fight refills, lasting conditions, wounds and missiles;
the fight's own effects end with it. rest takes a rest of the ruleset's book
(Energy: short, long), spending --spend of its pool to heal; set says what a
member is now, as the GM rules. fray new --party PARTY, or the start screen,
brings it into the next fight. Parties are kept in:
  %s
`,
	"creature": `Usage: fray creature add LINE --rules ID [--id ID] [--notes TEXT]
       fray creature ls [--rules ID]

add puts a creature in your creature file for the ruleset (your content
directory's creatures/ID.toml), from a line like the add key's:
  fray creature add "Troll hp=84 SIZ=30 side=foes" --rules brp
Its name is the line's words; hp= (hp=22/58: one that joins wounded), side=
and the ruleset's stats (by id or name) set the rest. A line fray cannot read,
a name a creature has already, or a file that would not load, is refused with
the reason; the file is written durably. ls lists the creatures.
`,
}

// helpFor prints a command's help; one with none is not a command.
func helpFor(cmd string, stdout, stderr io.Writer) int {
	h, ok := commandHelp[cmd]
	if !ok {
		fmt.Fprintf(stderr, "fray help: no command %q (fray --help lists them)\n", cmd)
		return 2
	}
	if strings.Contains(h, "%s") {
		h = fmt.Sprintf(h, saves.PartyDir(saves.Dir()))
	}
	fmt.Fprint(stdout, h)
	if cmd == "new" || cmd == "roll" || cmd == "check" || cmd == "creature" {
		fmt.Fprintf(stdout, "\nYour content directory: %s\n", content.UserDir())
	}
	return 0
}

// asksHelp reports whether a command's arguments ask for its help.
func asksHelp(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return a == "--help" || a == "-h" })
}
