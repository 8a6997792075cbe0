package main

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/narrate"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCLI(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	cases := []struct {
		args []string
		code int
		out  string // contained in stdout
		err  string // contained in stderr
	}{
		{[]string{"--version"}, 0, "fray 0.1.0", ""},
		{[]string{"--help"}, 0, "fray roll EXPR", ""},
		{[]string{"dance"}, 2, "", `"dance" is neither a command nor a saved fight`},
		{[]string{"archve"}, 2, "", `"archve" is neither a command nor a saved fight; did you mean fray archive?`},
		{[]string{"--dance"}, 2, "", `unknown command "--dance"`},
		{[]string{"ls"}, 0, "no saved fights", ""},
		{[]string{"ls", "x"}, 2, "", "no arguments"},
		{[]string{"demo", "x"}, 2, "", "no arguments"},
		{[]string{"rules"}, 0, "War & Combat", ""},
		{[]string{"rules", "x", "y"}, 2, "", "one ruleset id at most"},
		{[]string{"rules", "x"}, 1, "", `no ruleset "x"`},
		{[]string{"roll", "2d10", "+", "QU", "--seed", "7", "--stat", "QU=10"}, 0, "2d10 + QU: [", ""},
		{[]string{"roll", "d100oe", "--seed=1"}, 0, "d100oe: [", ""},
		{[]string{"roll", "2d", "+", "3"}, 1, "", "col 2"},
		{[]string{"roll", "2d10+QU"}, 1, "", "add --stat QU=N"},
		{[]string{"roll"}, 2, "", "what should I roll"},
		{[]string{"roll", "d6", "--seed", "x"}, 2, "", "whole number"},
		{[]string{"roll", "d6", "--seed", "-5"}, 2, "", `whole number from 0 to 18446744073709551615, not "-5"`},
		{[]string{"roll", "d6", "--seed"}, 2, "", "needs a value"},
		{[]string{"roll", "d6", "--stat", "QU"}, 2, "", "NAME=NUMBER"},
		{[]string{"roll", "d6", "--rules", "nope"}, 2, "", `no ruleset "nope"`},
		{[]string{"check"}, 0, "no problems", ""},
		{[]string{"check", "a", "b"}, 2, "", "at most one"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.err) {
			t.Errorf("fray %v: code %d\nstdout: %s\nstderr: %s", c.args, code, out, errs)
		}
	}
}

// A directory where a fight's file belongs is named as one, not waited
// for or looked up as a fight's name; a long bad expression is shown
// around the place it goes wrong, not whole.
func TestCLIDirectoriesAndLongExpressions(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir := t.TempDir()
	for _, cmd := range []string{"export", "watch"} {
		code, _, errs := runCLI(t, cmd, dir)
		if code == 0 || !strings.Contains(errs, dir+" is a directory: name a fight's file, or a fight") {
			t.Errorf("fray %s DIR: code %d, stderr %s", cmd, code, errs)
		}
	}
	long := strings.Repeat("1d6+", 200) + "1"
	code, _, errs := runCLI(t, "roll", long)
	lines := strings.Split(strings.TrimRight(errs, "\n"), "\n")
	if code != 1 || len(lines) != 3 || !strings.Contains(lines[0], "longer than 512 characters") {
		t.Fatalf("a long expression: code %d\n%s", code, errs)
	}
	shown, caret := lines[1], lines[2]
	if n := len([]rune(shown)); n > 70 || !strings.HasPrefix(shown, "  …") {
		t.Errorf("the expression shown whole (%d runes): %s", n, shown)
	}
	at := strings.Index(caret, "^")
	if got := []rune(shown)[at]; at < 0 || got != []rune(long)[512] {
		t.Errorf("the caret at %d points at %q, not at column 513 (%q)", at, got, []rune(long)[512])
	}
	code, _, errs = runCLI(t, "roll", strings.Repeat("1d6+", 20)+"*")
	if code != 1 || !strings.Contains(errs, "…") || !strings.Contains(errs, "^ col 81") {
		t.Errorf("a bad end to a long expression: %d\n%s", code, errs)
	}
}

func TestRollSeedRepeats(t *testing.T) {
	_, a, _ := runCLI(t, "roll", "4d6dl1", "+", "d100oe", "--seed", "42")
	_, b, _ := runCLI(t, "roll", "4d6dl1 + d100oe", "--seed=42")
	if a != b || a == "" {
		t.Errorf("same seed, different rolls:\n%s%s", a, b)
	}
}

func TestCheckReportsEveryProblem(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.toml"), []byte("id = \"a\"\nname = 3\n[order]\nkind = \"fixed\"\ninitiative = \"2d\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.toml"), []byte("id = \"b\"\nname = \"B\n"), 0o644)
	code, _, errs := runCLI(t, "check", dir)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{
		filepath.Join(dir, "a.toml") + ":2:8: name: expected text",
		filepath.Join(dir, "a.toml") + ":5:16: order.initiative: bad dice expression",
		filepath.Join(dir, "b.toml") + ":2:",
		"3 problems found",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	// A user directory with a bad file: rules still lists, and says what it skipped.
	t.Setenv("XDG_CONFIG_HOME", filepath.Dir(dir))
	os.Rename(dir, filepath.Join(filepath.Dir(dir), "fray"))
	code, out, errs := runCLI(t, "rules")
	if code != 0 || !strings.Contains(out, "brp") || !strings.Contains(errs, "file skipped") {
		t.Errorf("rules with bad user content: %d\n%s\n%s", code, out, errs)
	}
	if code, _, _ := runCLI(t, "check"); code != 1 {
		t.Errorf("check of the user directory: exit %d, want 1", code)
	}
}

// The example content of docs/content.md must pass fray check, so the page
// cannot rot.
func TestContentExamplesCheck(t *testing.T) {
	page, err := os.ReadFile("docs/content.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n := 0
	for _, part := range strings.Split(string(page), "<!-- example: ")[1:] {
		name, rest, _ := strings.Cut(part, " -->")
		_, body, ok := strings.Cut(rest, "```toml\n")
		body, _, ok2 := strings.Cut(body, "```")
		if !ok || !ok2 {
			t.Fatalf("example %s has no toml block", name)
		}
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
		n++
	}
	if n < 2 {
		t.Fatalf("found %d examples in docs/content.md, want the ruleset and its creatures", n)
	}
	if code, out, errs := runCLI(t, "check", dir); code != 0 {
		t.Fatalf("the examples of docs/content.md fail fray check (%d):\n%s%s", code, out, errs)
	}
	// And they load as a usable ruleset with its creature.
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	os.Rename(dir, filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "fray"))
	if _, out, _ := runCLI(t, "rules"); !strings.Contains(out, "skirmish") {
		t.Errorf("the ruleset of docs/content.md is not listed:\n%s", out)
	}
}

// A save that does not load is reported with its line, never touched, and
// its backup offered when that loads; fray ls lists the good one.
func TestBadSaveIsReportedAndKept(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib, _ := content.LoadBuiltin()
	rs, _ := lib.Ruleset("brp")
	src := dice.NewSource(1)
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("Cellar", rs.Ruleset), src)
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Rat", HP: 3}}})
	f.Do(engine.Start{})
	good, err := saves.Encode(session.Saved{Name: "Cellar", Fight: f, Source: src, Hash: rs.Hash}.Snapshot(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(data, "fray")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "cellar.toml")
	bad := strings.Replace(string(good), fmt.Sprintf("schema = %d", saves.Schema), "schema = 9", 1)
	os.WriteFile(path, []byte(bad), 0o644)
	os.WriteFile(path+".bak", good, 0o644)

	code, _, errs := runCLI(t, path)
	if code != 1 || !strings.Contains(errs, path+":7:1: saved by a newer fray") || !strings.Contains(errs, "its backup "+path+".bak opens") ||
		!strings.Contains(errs, "open it, with the changes made since from the journal: fray "+path+".bak") || !strings.Contains(errs, "not changed") {
		t.Errorf("fray BADFILE: %d\n%s", code, errs)
	}
	if b, _ := os.ReadFile(path); string(b) != bad {
		t.Error("the bad save was changed")
	}
	os.WriteFile(path, good, 0o644)
	code, out, _ := runCLI(t, "ls")
	if code != 0 || !strings.Contains(out, "Cellar") || !strings.Contains(out, "brp") || !strings.Contains(out, path) {
		t.Errorf("fray ls: %d\n%s", code, out)
	}
}

// fray ls shows a backup whose save is gone, and the journals kept aside
// beside a save: neither was listed.
func TestListShowsBackupsAndKeptJournals(t *testing.T) {
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib, _ := content.LoadBuiltin()
	rs, _ := lib.Ruleset("brp")
	src := dice.NewSource(1)
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("Cellar", rs.Ruleset), src)
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Rat", HP: 3}}})
	good, err := saves.Encode(session.Saved{Name: "Cellar", Fight: f, Source: src, Hash: rs.Hash}.Snapshot(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(data, "fray")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "gone.toml.bak"), good, 0o644)
	os.WriteFile(filepath.Join(dir, "cellar.toml"), good, 0o644)
	body := `{version = 1, fight = "0123456789abcdef", after = 0}`
	line := fmt.Sprintf("journal %08x %s\n", crc32.Checksum([]byte("journal "+body), crc32.MakeTable(crc32.Castagnoli)), body)
	kept := filepath.Join(dir, "cellar.toml.journal.kept-20300101-200000.000")
	os.WriteFile(kept, []byte(line), 0o644)
	code, out, errs := runCLI(t, "ls")
	if code != 0 || !strings.Contains(out, filepath.Join(dir, "gone.toml.bak")+" (a backup: its save is gone; opening it goes on in a new file)") ||
		!strings.Contains(out, kept+" (changes kept aside: the start screen recovers them)") {
		t.Errorf("fray ls: %d\n%s%s", code, out, errs)
	}
}

// fray draws its first frame before Bubble Tea's first tick: on the
// alternate screen, from the top left, with the cursor hidden, exactly the
// frame the model shows at the terminal's size, in the terminal's colours.
func TestPrepaint(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	lib, _ := content.LoadBuiltin()
	newDemo := func() tea.Model {
		return tui.New(lib.Tracker(), saves.NewStore(t.TempDir(), lib.Tracker().Ruleset, time.Now), &session.Session{}, tui.Options{Seed: func() uint64 { return 7 }, Demo: true})
	}
	var out bytes.Buffer
	m := prepaint(&out, colorprofile.TrueColor, newDemo(), 100, 30)
	frame := m.View().Content
	want := "\x1b[?1049h\x1b[?25l\x1b[H" + frame
	if out.String() != want {
		t.Fatalf("prepaint wrote\n%q\nwant\n%q", out.String(), want)
	}
	if lines := strings.Split(ansi.Strip(frame), "\n"); len(lines) != 30 || ansi.StringWidth(lines[0]) != 100 {
		t.Errorf("the frame is %d lines of %d cells, not the terminal's 100x30", len(lines), ansi.StringWidth(lines[0]))
	}
	if !strings.Contains(frame, "Gavvin") {
		t.Errorf("not the demo fight:\n%s", ansi.Strip(frame))
	}

	// On a terminal without colour, the frame goes without.
	if !strings.Contains(frame, "38;") {
		t.Fatal("the demo frame has no colours to leave out")
	}
	out.Reset()
	prepaint(&out, colorprofile.Ascii, newDemo(), 100, 30)
	if strings.Contains(out.String(), "38;") || strings.Contains(out.String(), "48;") {
		t.Error("colours written to a terminal that has none")
	}

	out.Reset()
	unpaint(&out)
	if out.String() != "\x1b[?1049l\x1b[?25h" {
		t.Errorf("unpaint wrote %q", out.String())
	}
}

// What a ruleset holds only for the GM to read (engine's schema test lists
// these keys as onTheCard) is on its card: fray rules ID.
func TestRuleCardShowsWhatTheGMReads(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	os.MkdirAll(filepath.Join(dir, "fray"), 0o755)
	os.WriteFile(filepath.Join(dir, "fray", "card.toml"), []byte(`id = "card"
name = "Card"
description = "A ruleset to read."
round_seconds = 10
[[stats]]
id = "AG"
name = "Agility"
default = 3
[order]
kind = "fixed"
initiative = "1d20 + AG"
[[pools]]
id = "acts"
name = "Actions"
capacity = "2"
reset = "own_turn_start"
[[actions]]
id = "swing"
name = "Swing"
summary = "A wide cut."
cost = { acts = 1 }
[[checks]]
id = "dodge"
name = "Dodge"
summary = "Out of the way."
roll = "d20"
target = "10 + AG"
succeeds = "at_least"
[[checks.outcomes]]
id = "clear"
name = "Clear"
summary = "Untouched."
result = "success"
[[checks.outcomes]]
id = "hit"
name = "Hit"
summary = "Take the blow."
result = "failure"
[[ticks]]
id = "gasp"
name = "Gasp"
summary = "Everyone breathes."
when = "round_end"
`), 0o644)
	code, out, errs := runCLI(t, "rules", "card")
	if code != 0 {
		t.Fatalf("fray rules card: %d %s", code, errs)
	}
	for _, want := range []string{"Card (card)", "A ruleset to read.", "A round is 10 seconds.",
		"AG  Agility  (default 3)", "Swing  1 Actions  A wide cut.", "Gasp  round_end (gasp)  Everyone breathes.",
		"Dodge (dodge)", "Out of the way.", "Clear (clear)", "Untouched.", "Hit (hit)", "Take the blow."} {
		if !strings.Contains(out, want) {
			t.Errorf("the card lacks %q:\n%s", want, out)
		}
	}
	if code, _, errs := runCLI(t, "rules", "nope"); code != 1 || !strings.Contains(errs, `no ruleset "nope"`) {
		t.Errorf("fray rules nope: %d %s", code, errs)
	}
}

// Countdown's card has its declarations, movement and withdrawing.
// The card says, for each condition, which rolls its penalties reach and
// what it forbids, as the tracker applies them.
func TestRuleCardSaysWhatConditionsDo(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		want    []string
	}{
		{"pathmaster", []string{"Shaken          Rattled: -10 to attacks and maneuvers.\n    rolls:        attack -10; casting -10; maneuver -10; perception -10\n",
			"Deafened        Cannot hear: -4 initiative (on a roll made while deafened), fails hearing Perception, -20 to spell casting.\n    rolls:        initiative -4; Spell casting -20\n",
			"Petrified       Turned to stone: counts as unconscious; pieces broken off and not rejoined stay lost on returning to flesh.\n    forbids:      no turn\n"}},
		{"brp", []string{"rolls:", "attack against it +target", "defence rolls only after a successful Idea roll", "no defence rolls"}},
		{"energy", []string{"no attack rolls; no movement"}},
	} {
		code, out, errs := runCLI(t, "rules", c.ruleset)
		if code != 0 {
			t.Fatalf("fray rules %s: %d %s", c.ruleset, code, errs)
		}
		// The columns' widths follow the longest name: spaces are spaces.
		spaces := regexp.MustCompile(` +`)
		for _, want := range c.want {
			if !strings.Contains(spaces.ReplaceAllString(out, " "), spaces.ReplaceAllString(want, " ")) {
				t.Errorf("the %s card lacks %q:\n%s", c.ruleset, want, out)
			}
		}
	}
}

func TestRuleCardCountdown(t *testing.T) {
	code, out, errs := runCLI(t, "rules", "countdown")
	if code != 0 {
		t.Fatalf("fray rules countdown: %d %s", code, errs)
	}
	for _, want := range []string{"Declarations (D, before initiative)", "Careful aim", "Segments 10 to 1  an equal share of TMR each segment",
		"each foe picked takes a free attack (strike); none from one who declared Full defense or Desperate defense", "Fleeing (f)       gives Fled until taken away",
		// An outcome a chosen modifier keeps away says which (checks.outcomes.unless).
		"Goes to a friend (05 or less always does) (not with Specialist or Double specialist) (friend_05)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the card lacks %q:\n%s", want, out)
		}
	}
}

// fray new prepares a fight without the screen; fray ls and the start
// screen list it (two of the same name told apart by their files); fray
// export writes its record.
func TestNewThenListAndExport(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	code, out, errs := runCLI(t, "new", "Bridge", "--rules", "pathmaster", "--add", "Orc x3", "--add", "new: Hero hp=20 QU=14 side=party")
	if code != 0 || !strings.Contains(out, "Orc 1, Orc 2, Orc 3, Hero") {
		t.Fatalf("fray new: %d %q %q", code, out, errs)
	}
	if code, _, errs = runCLI(t, "new", "Bridge", "--rules=brp", "--add", "new: Goblin init=2d6 DEX=14"); code != 0 {
		t.Fatalf("a second Bridge: %d %q", code, errs)
	}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"new"}, "give the fight a name"},
		{[]string{"new", "X"}, "--rules ID"},
		{[]string{"new", "X", "--rules", "nope"}, `no ruleset "nope"`},
		{[]string{"new", "X", "--rules", "brp", "--add", "Orc NOPE=1"}, "NOPE=1"},
		{[]string{"new", "X", "--rules", "brp", "--add", "Orc hp=x"}, "hp=x"},
		{[]string{"new", "X", "--rules", "brp", "--bogus", "1"}, "unknown flag --bogus"},
		{[]string{"export"}, "which fight?"},
		{[]string{"export", "x.toml", "--format", "pdf"}, `no format "pdf"`},
		{[]string{"export", filepath.Join(data, "none.toml")}, "none.toml"},
	} {
		if code, _, errs := runCLI(t, c.args...); code == 0 || !strings.Contains(errs, c.err) {
			t.Errorf("fray %s: %d %q, want %q", strings.Join(c.args, " "), code, errs, c.err)
		}
	}
	_, out, _ = runCLI(t, "ls")
	if !strings.Contains(out, "bridge.toml") || !strings.Contains(out, "bridge-2.toml") || strings.Count(out, "prepared") != 2 {
		t.Errorf("fray ls:\n%s", out)
	}
	path := filepath.Join(data, "fray", "bridge.toml")
	st := saves.NewStore(filepath.Join(data, "fray"), shelf(t).Ruleset, time.Now)
	s, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	enc := s.Fight.Current()
	if enc.Status != engine.StatusSetup || len(enc.Combatants) != 4 || enc.Combatants[3].Stats["QU"] != 14 || enc.Combatants[3].Side != "party" {
		t.Errorf("the prepared fight: %+v", enc.Combatants)
	}
	s.Journal.Close()
	code, out, errs = runCLI(t, "export", path)
	if code != 0 || !strings.Contains(out, "# Bridge") || !strings.Contains(out, "| Hero | party | - | 20/20 | standing |") {
		t.Errorf("fray export: %d %q\n%s", code, errs, out)
	}
	if code, out, _ = runCLI(t, "export", path, "--format", "json"); code != 0 || strings.Count(out, "\n") != 4 {
		t.Errorf("fray export --format json: %d\n%s", code, out)
	} // The players' record: the orcs' hit points as words, Hero's as numbers.
	if code, out, errs = runCLI(t, "export", path, "--player"); code != 0 || !strings.Contains(out, "| Hero | party | - | 20/20 | standing |") || !strings.Contains(out, "| Orc 1 | foes | - | unhurt |") {
		t.Errorf("fray export --player: %d %q\n%s", code, errs, out)
	}
	if code, _, errs = runCLI(t, "export", path, "--player=yes"); code == 0 || !strings.Contains(errs, "--player takes no value") {
		t.Errorf("fray export --player=yes: %d %q", code, errs)
	}
	// --player: the orcs' hit points as the player view shows foes' (a word).
	code, out, errs = runCLI(t, "export", "--player", path, "--format", "txt")
	if code != 0 || strings.Contains(out, "45/45") || !strings.Contains(out, "unhurt") || !strings.Contains(out, "20/20") {
		t.Errorf("fray export --player: %d %q\n%s", code, errs, out)
	}
}

func shelf(t *testing.T) session.Library {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return lib.Tracker()
}

// Pathmaster's card has how spells are prepared and cast, and the casting
// table by level difference (the book's l.1337-1345).
// ledger: pathmaster/casting-table
func TestRuleCardSpells(t *testing.T) {
	code, out, errs := runCLI(t, "rules", "pathmaster")
	if code != 0 {
		t.Fatalf("fray rules pathmaster: %d %s", code, errs)
	}
	for _, want := range []string{"Spells (C)", "Concentrate on consecutive own turns", "Spell Casting - Standard, rolling Spell casting",
		"Spell Casting - Instant, at any time", "+2                      +10; +0 +5 +10 +15 +15 +20 +20 +25 +25 +30",
		"-5                      -50; -105 -80 -50 -45 -45 -40 -40 -35 -35 -30"} {
		if !strings.Contains(out, want) {
			t.Errorf("the card lacks %q:\n%s", want, out)
		}
	}
}

// The house rules of docs/content.md play as it says: the ruins shake as
// the count reaches 20, before those at 20 or less act, and a grapple given
// until a save ends on an Escape roll at the end of the holder's turn.
func TestContentHouseRulesPlay(t *testing.T) {
	page, err := os.ReadFile("docs/content.md")
	if err != nil {
		t.Fatal(err)
	}
	_, part, _ := strings.Cut(string(page), "<!-- example: house.toml -->")
	_, body, _ := strings.Cut(part, "```toml\n")
	body, _, _ = strings.Cut(body, "```")
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755)
	os.WriteFile(filepath.Join(dir, "rulesets", "house.toml"), []byte(body), 0o644)
	lib, probs := content.Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, ok := lib.Ruleset("skirmish")
	if !ok {
		t.Fatal("no skirmish")
	}
	f := enginetest.New(t, rs.Ruleset, dice.Script(18, 10, 15, 9, 9))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Vex", HP: 11, Stats: map[string]int{"agility": 5}}, {Name: "Rook", HP: 11}}})
	f.Must(engine.Start{})
	f.Must(engine.GiveCondition{Who: f.ID("Rook"), Condition: "grappled", Duration: engine.SaveEnds})
	f.Next()
	f.Next()
	var log []string
	for _, e := range f.Log() {
		log = append(log, narrate.Line(f.Rules, e))
	}
	text := strings.Join(log, "\n")
	for _, want := range []string{"Vex acts at initiative 23", "The ruins shake: Dust and stones fall: mind your footing.\nRook acts at initiative 10", "Rook: Escape against Grappled: 1d20 + agility: [15] + 0 = 15 vs 12 or more: Free"} {
		if !strings.Contains(text, want) {
			t.Errorf("the log lacks %q:\n%s", want, text)
		}
	}
	if f.Get("Rook").Has("grappled") {
		t.Errorf("the save did not end the grapple:\n%s", text)
	}
}

// fray roll --help names every flag fray roll takes.
func TestRollHelpNamesEveryFlag(t *testing.T) {
	for _, f := range rollFlags {
		if !strings.Contains(commandHelp["roll"], "  "+f+" ") {
			t.Errorf("fray roll --help does not explain %s", f)
		}
	}
}

// Where the content directory is the saves directory too (XDG_CONFIG_HOME
// and XDG_DATA_HOME the same), the fights fray saves there are not read as
// content: it was "skipped fight.toml:1:1: id: a ruleset needs an id" on
// every start.
func TestSavedFightsAreNotContent(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", home)
	t.Setenv("XDG_DATA_HOME", home)
	if code, _, errs := runCLI(t, "new", "Bridge", "--rules", "pathmaster", "--add", "Orc x2"); code != 0 {
		t.Fatalf("fray new: %d %s", code, errs)
	}
	if m, _ := filepath.Glob(filepath.Join(home, "fray", "*.toml")); len(m) == 0 {
		t.Fatal("no fight saved in the shared directory")
	}
	code, out, errs := runCLI(t, "check")
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("fray check: %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCLI(t, "rules"); code != 0 || errs != "" {
		t.Errorf("fray rules: %d %s", code, errs)
	}
}

// Once tmux has told fray its colours, the screen is drawn again, whole,
// in them; when they are the ones it drew in, nothing is sent.
func TestRecolour(t *testing.T) {
	var sent []tea.Msg
	send := func(m tea.Msg) { sent = append(sent, m) }
	recolour(send, colorprofile.ANSI256, colorprofile.ANSI256)
	if len(sent) != 0 {
		t.Fatalf("the same colours sent %v", sent)
	}
	recolour(send, colorprofile.ANSI256, colorprofile.TrueColor)
	if len(sent) != 2 || sent[0] != (tea.ColorProfileMsg{Profile: colorprofile.TrueColor}) || fmt.Sprintf("%T", sent[1]) != fmt.Sprintf("%T", tea.ClearScreen()) {
		t.Fatalf("24-bit colour found: sent %#v", sent)
	}
}
