package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/content"
	"fray/engine"
	"fray/saves"
	"fray/session"
)

// gmTable gives a test its own content and saves directories; it returns
// the saves directory.
func gmTable(t *testing.T) string {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	return filepath.Join(data, "fray")
}

// play opens a saved fight and makes each change durably, as the tracker
// does.
func play(t *testing.T, path string, cmds ...engine.Command) {
	t.Helper()
	st := saves.NewStore(filepath.Dir(path), shelf(t).Ruleset, time.Now)
	sv, err := st.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	sess := &session.Session{}
	sess.Open(sv)
	for _, cmd := range cmds {
		if _, err := sess.Fight.Do(cmd); err != nil {
			t.Fatalf("%+v: %v", cmd, err)
		}
		if err := sess.Wait(sess.Record(session.OpDo, sess.Fight.Done[len(sess.Fight.Done)-1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
}

// openedFight reads a saved fight's encounter as it stands.
func openedFight(t *testing.T, path string) *engine.Encounter {
	t.Helper()
	fol, err := saves.NewStore(filepath.Dir(path), shelf(t).Ruleset, time.Now).Follow(path)
	if err != nil {
		t.Fatal(err)
	}
	return fol.Saved().Fight.Current()
}

func named(t *testing.T, enc *engine.Encounter, name string) *engine.Combatant {
	t.Helper()
	i := slices.IndexFunc(enc.Combatants, func(c *engine.Combatant) bool { return c.Name == name })
	if i < 0 {
		t.Fatalf("no %s in %s", name, enc.Name)
	}
	return enc.Combatants[i]
}

// Two fights in a row with the same party: the hero ends the first at 22
// of 58 and Confused (until removed) and Evaluating (by rounds); kept, the
// party brings it into the second at 22 of 58 and still Confused, the
// rounds' condition ended with the first fight. A fight made without
// --party has no hero (the GM declines), and a fight of another ruleset
// refuses the party with the reason.
func TestPartyLivesOnAcrossTwoFights(t *testing.T) {
	dir := gmTable(t)
	code, out, errs := runCLI(t, "new", "Crypt", "--rules", "pathmaster", "--add", "new: Hero hp=58 side=party", "--add", "Orc")
	if code != 0 {
		t.Fatalf("fray new: %d %s", code, errs)
	}
	crypt := filepath.Join(dir, "crypt.toml")
	play(t, crypt, engine.Start{}, engine.Damage{Who: 1, Amount: 36},
		engine.GiveCondition{Who: 1, Condition: "confused"},
		engine.GiveCondition{Who: 1, Condition: "evaluating", Rounds: 3},
		engine.End{})

	code, out, errs = runCLI(t, "party", "keep", "Crypt", "The Company")
	if code != 0 || !strings.Contains(out, "Hero") || !strings.Contains(out, "22 of 58") || !strings.Contains(out, "Confused") ||
		!strings.Contains(out, "ended with the fight: Evaluating") || strings.Contains(out, "Orc") {
		t.Fatalf("fray party keep: %d %q\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "party")
	if code != 0 || !strings.Contains(out, "The Company") || !strings.Contains(out, "pathmaster") {
		t.Errorf("fray party:\n%s", out)
	}

	code, out, errs = runCLI(t, "new", "Tower", "--rules", "pathmaster", "--party", "the company", "--add", "Orc x2")
	if code != 0 || !strings.Contains(out, "Hero (22 of 58)") {
		t.Fatalf("fray new --party: %d %q\n%s", code, errs, out)
	}
	hero := named(t, openedFight(t, filepath.Join(dir, "tower.toml")), "Hero")
	if hero.HP != 22 || hero.MaxHP != 58 || hero.Side != "party" || !has(hero, "confused") || has(hero, "evaluating") {
		t.Errorf("the hero in the second fight: %d/%d %s %+v", hero.HP, hero.MaxHP, hero.Side, hero.Conditions)
	}
	play(t, filepath.Join(dir, "tower.toml"), engine.Start{})
	hero = named(t, openedFight(t, filepath.Join(dir, "tower.toml")), "Hero")
	if hero.HP != 22 || hero.MaxHP != 58 || !has(hero, "confused") {
		t.Errorf("the hero once the second fight starts: %d/%d %+v", hero.HP, hero.MaxHP, hero.Conditions)
	}

	if code, out, _ = runCLI(t, "new", "Road", "--rules", "pathmaster", "--add", "Orc"); code != 0 || strings.Contains(out, "Hero") {
		t.Errorf("a fight without the party: %d\n%s", code, out)
	}
	code, _, errs = runCLI(t, "new", "Cave", "--rules", "brp", "--party", "The Company")
	if code == 0 || !strings.Contains(errs, "pathmaster") || !strings.Contains(errs, "The Company") {
		t.Errorf("a party of another ruleset: %d %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "cave.toml")); err == nil {
		t.Error("a refused fight was saved")
	}
	if code, _, errs = runCLI(t, "new", "Cave", "--rules", "pathmaster", "--party", "The Compny"); code == 0 || !strings.Contains(errs, "The Company") {
		t.Errorf("a party misspelt: %d %q", code, errs)
	}
}

// fray party set says what a member is now; drop takes one out; rm
// removes the party (asked first, or --yes).
func TestPartySetDropRemove(t *testing.T) {
	dir := gmTable(t)
	if code, _, errs := runCLI(t, "new", "Crypt", "--rules", "pathmaster", "--add", "new: Hero hp=30/58 side=party", "--add", "new: Sage hp=20 side=party"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "party", "keep", filepath.Join(dir, "crypt.toml"), "Band"); code != 0 {
		t.Fatal(errs)
	}
	if code, out, errs := runCLI(t, "party", "set", "Band", "Hero hp=40"); code != 0 || !strings.Contains(out, "40 of 58") {
		t.Errorf("fray party set: %d %q %s", code, errs, out)
	}
	if code, _, errs := runCLI(t, "party", "set", "Band", "Nobody hp=40"); code == 0 || !strings.Contains(errs, "Nobody") {
		t.Errorf("set on no member: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "party", "drop", "Band", "Sage"); code != 0 {
		t.Errorf("fray party drop: %s", errs)
	}
	_, out, _ := runCLI(t, "party", "show", "Band")
	if !strings.Contains(out, "Hero") || !strings.Contains(out, "40 of 58") || strings.Contains(out, "Sage") {
		t.Errorf("fray party show:\n%s", out)
	}
	askable = func() bool { return false }
	t.Cleanup(func() { askable = func() bool { return false } })
	if code, _, errs := runCLI(t, "party", "rm", "Band"); code != 2 || !strings.Contains(errs, "--yes") {
		t.Errorf("rm with no terminal and no --yes: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "party", "rm", "Band", "--yes"); code != 0 {
		t.Errorf("fray party rm: %s", errs)
	}
	if _, out, _ := runCLI(t, "party"); !strings.Contains(out, "no parties kept") {
		t.Errorf("after rm:\n%s", out)
	}
}

// fray rm removes saved fights by name or file, asked first (--yes where
// no terminal is); one another fray has open stays. fray rename gives one
// a new name, and a name no fight has is answered with the nearest.
func TestRemoveAndRenameFights(t *testing.T) {
	dir := gmTable(t)
	for _, n := range []string{"Demo: Gavvin and the orcs", "Bridge", "Ford"} {
		if code, _, errs := runCLI(t, "new", n, "--rules", "pathmaster", "--add", "Orc"); code != 0 {
			t.Fatal(errs)
		}
	}
	askable = func() bool { return false }
	if code, _, errs := runCLI(t, "rm", "Bridge"); code != 2 || !strings.Contains(errs, "--yes") {
		t.Errorf("rm without asking: %d %q", code, errs)
	}
	askable = func() bool { return true }
	stdin = strings.NewReader("n\n")
	if code, out, _ := runCLI(t, "rm", "Bridge"); code != 0 || !strings.Contains(out, "kept") {
		t.Errorf("rm answered no: %d %s", code, out)
	}
	stdin = strings.NewReader("y\n")
	if code, out, errs := runCLI(t, "rm", "bridge"); code != 0 || !strings.Contains(out, "removed") {
		t.Errorf("rm answered yes: %d %s %s", code, out, errs)
	}
	t.Cleanup(func() { askable = func() bool { return false }; stdin = os.Stdin })
	if _, err := os.Stat(filepath.Join(dir, "bridge.toml")); err == nil {
		t.Error("bridge.toml is still there")
	}
	if code, _, errs := runCLI(t, "rm", "Brige", "--yes"); code == 0 || !strings.Contains(errs, "no saved fight") {
		t.Errorf("rm of no fight: %d %q", code, errs)
	}

	// One open in another fray stays.
	st := saves.NewStore(dir, shelf(t).Ruleset, time.Now)
	sv, err := st.Open(filepath.Join(dir, "ford.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "rm", "Ford", "--yes"); code == 0 || !strings.Contains(errs, "open") {
		t.Errorf("rm of an open fight: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "rename", "Ford", "Ford 2"); code == 0 || !strings.Contains(errs, "open") {
		t.Errorf("rename of an open fight: %d %q", code, errs)
	}
	sv.Journal.Close()

	if code, out, errs := runCLI(t, "rename", "demo: gavvin and the orcs", "Gavvin's last stand"); code != 0 || !strings.Contains(out, "Gavvin's last stand") {
		t.Fatalf("fray rename: %d %q %s", code, errs, out)
	}
	_, out, _ := runCLI(t, "ls")
	if !strings.Contains(out, "Gavvin's last stand") || strings.Contains(out, "Demo:") || strings.Contains(out, "Bridge") {
		t.Errorf("fray ls after rename and rm:\n%s", out)
	}
	if code, _, errs := runCLI(t, "rename", "Gavvins last stand", "X"); code == 0 || !strings.Contains(errs, `did you mean "Gavvin's last stand"`) {
		t.Errorf("rename of a name misspelt: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "Gavvins last stand"); code != 2 || !strings.Contains(errs, `did you mean "Gavvin's last stand"`) {
		t.Errorf("fray FIGHT misspelt: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "rename", "Ford", "  "); code != 2 {
		t.Errorf("rename to nothing: %d %q", code, errs)
	}
	// The name opens it, as a file does.
	if code, out, errs := runCLI(t, "export", "Gavvin's last stand"); code != 0 || !strings.Contains(out, "# Gavvin's last stand") {
		t.Errorf("fray export NAME: %d %q\n%s", code, errs, out)
	}
}

// fray new refuses what it would have made up: an unknown word, a name no
// creature has, a creature of a content file that was skipped; each with
// what is nearest. new: says a name is the GM's own.
func TestNewRefusesUnknownNames(t *testing.T) {
	dir := gmTable(t)
	for _, c := range []struct {
		add, want string
	}{
		{"Orc x3 grup", `Did you mean "Orc x3 group"?`},
		{"Orc x0", "x0 adds none"},
		{"Orc hidden", `"hidden" is not a word of an add line`},
		{"Orc hidden", "H hides one"},
		{"Orcc", `Did you mean "Orc"?`},
		{"Orc 3", `Did you mean "Orc x3"?`},
		{"Dragon", "its creatures: Gavvin, Orc"},
		{"Dragon", `"new: Dragon"`},
	} {
		code, out, errs := runCLI(t, "new", "X", "--rules", "pathmaster", "--add", c.add)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("--add %q: %d %q, want %q", c.add, code, errs, c.want)
		}
	}
	if list, _ := saves.List(dir); len(list) != 0 {
		t.Errorf("a refused fight was saved: %v", list)
	}
	code, out, errs := runCLI(t, "new", "X", "--rules", "pathmaster", "--add", "orc x2 group", "--add", "new: Orc hidden hp=3")
	if code != 0 || !strings.Contains(out, "Orc 1, Orc 2, Orc hidden") {
		t.Errorf("a creature and one of the GM's own: %d %q %s", code, errs, out)
	}

	// A creature file that does not load: its creature is not made up.
	cfg := os.Getenv("XDG_CONFIG_HOME")
	os.MkdirAll(filepath.Join(cfg, "fray", "creatures"), 0o755)
	os.WriteFile(filepath.Join(cfg, "fray", "creatures", "mine.toml"), []byte("ruleset = \"pathmaster\"\n[[creatures]]\nid = \"troll\"\nname = \"Troll\"\nhp = \"lots\"\n"), 0o644)
	code, _, errs = runCLI(t, "new", "Y", "--rules", "pathmaster", "--add", "Troll")
	if code != 1 || !strings.Contains(errs, "mine.toml") || !strings.Contains(errs, "file skipped") || !strings.Contains(errs, "not made up") {
		t.Errorf("a creature of a skipped file: %d %q", code, errs)
	}
	code, _, errs = runCLI(t, "new", "Z", "--rules", "pathmaster", "--add", "Orc")
	if code != 0 || !strings.Contains(errs, "prepared all the same") {
		t.Errorf("a fight needing nothing of the skipped file: %d %q", code, errs)
	}
}

// Every command answers --help, -h and fray help CMD with its own help on
// stdout, and exit 0, whatever else is on the line.
func TestEveryCommandHasHelp(t *testing.T) {
	gmTable(t)
	for cmd, h := range commandHelp {
		first := strings.SplitN(h, "\n", 2)[0]
		for _, args := range [][]string{{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}, {cmd, "X", "--rules", "nope", "--help"}} {
			code, out, errs := runCLI(t, args...)
			if code != 0 || !strings.HasPrefix(out, first) || errs != "" {
				t.Errorf("fray %s: %d %q %q", strings.Join(args, " "), code, out, errs)
			}
		}
	}
	for _, cmd := range []string{"demo", "ls", "new", "export", "watch", "serve", "rules", "check", "roll", "rm", "rename", "archive", "party", "creature"} {
		if _, ok := commandHelp[cmd]; !ok {
			t.Errorf("fray %s has no help", cmd)
		}
		if !strings.Contains(usage, "fray "+cmd) {
			t.Errorf("the usage does not name fray %s", cmd)
		}
	}
	if code, _, errs := runCLI(t, "help", "nope"); code != 2 || !strings.Contains(errs, "nope") {
		t.Errorf("fray help nope: %d %q", code, errs)
	}
	if code, out, _ := runCLI(t, "roll", "--help"); code != 0 || strings.Contains(out, "stat") && strings.Contains(out, `"help"`) {
		t.Errorf("fray roll --help: %d %s", code, out)
	}
}

// fray creature add puts a creature in the GM's creature file from a line
// like the add key's; fray new --add then knows it. Bad lines, names taken
// and files that would not load are refused, and nothing is written.
func TestCreatureQuickAdd(t *testing.T) {
	dir := gmTable(t)
	code, out, errs := runCLI(t, "creature", "add", "Cave troll hp=40/84 CO=28 side=beasts", "--rules", "pathmaster", "--notes", "Regenerates.")
	if code != 0 || !strings.Contains(out, "Cave troll (cave_troll)") {
		t.Fatalf("fray creature add: %d %q %s", code, errs, out)
	}
	file := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "fray", "creatures", "pathmaster.toml")
	data, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(data), `name = "Cave troll"`) || !strings.Contains(string(data), "max_hp = 84") {
		t.Fatalf("the creature file: %v\n%s", err, data)
	}
	if code, _, errs = runCLI(t, "creature", "add", "Goblin hp=7", "--rules", "pathmaster"); code != 0 {
		t.Fatal(errs)
	}
	// The line's weapons go in the file too, a weapon's hit points with
	// it: they were once left out without a word.
	if code, _, errs = runCLI(t, "creature", "add", "Brawler hp=12 DEX=12 weapon=Club:1d6 weapon=Buckler:1d4:hp=8", "--rules", "brp"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs = runCLI(t, "new", "Yard", "--rules", "brp", "--add", "brawler"); code != 0 {
		t.Fatalf("fray new with the brawler: %s", errs)
	}
	yard, err := saves.NewStore(dir, shelf(t).Ruleset, time.Now).Open(filepath.Join(dir, "yard.toml"))
	if err != nil {
		t.Fatal(err)
	}
	yard.Journal.Close()
	if ws := yard.Fight.Current().Combatants[0].Weapons; len(ws) != 2 || ws[0].Name != "Club" || ws[0].Damage.String() != "1d6" ||
		ws[1].Name != "Buckler" || ws[1].HP != 8 {
		t.Errorf("the brawler's weapons: %+v", ws)
	}
	if code, out, _ = runCLI(t, "creature", "ls", "--rules", "pathmaster"); !strings.Contains(out, "cave_troll") || !strings.Contains(out, "40/84") || !strings.Contains(out, "goblin") {
		t.Errorf("fray creature ls:\n%s", out)
	}
	code, out, errs = runCLI(t, "new", "Lair", "--rules", "pathmaster", "--add", "cave troll x2")
	if code != 0 || !strings.Contains(out, "Cave troll 1 (40 of 84), Cave troll 2 (40 of 84)") {
		t.Errorf("fray new with the creature added: %d %q %s", code, errs, out)
	}
	before, _ := os.ReadFile(file)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"Cave troll hp=9"}, "already"},
		{[]string{"Orc hp=9"}, "already"},
		{[]string{"Wolf x3 hp=9"}, "a creature is one"},
		{[]string{"Wolf hp=9 init=3"}, "init="},
		{[]string{"Wolf"}, "hit points"},
		{[]string{"Wolf hp=9 NOPE=2"}, "NOPE"},
	} {
		args := append([]string{"creature", "add"}, c.args...)
		if !slices.Contains(c.args, "--rules") {
			args = append(args, "--rules", "pathmaster")
		}
		code, _, errs := runCLI(t, args...)
		if c.want == "" {
			continue
		}
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("fray %s: %d %q, want %q", strings.Join(args, " "), code, errs, c.want)
		}
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Errorf("a refused creature changed the file:\n%s", after)
	}
	if code, _, _ := runCLI(t, "check"); code != 0 {
		t.Error("fray check finds a problem in the creature files written")
	}
}

// has reports whether c holds the condition.
func has(c *engine.Combatant, id string) bool {
	return slices.ContainsFunc(c.Conditions, func(x engine.Condition) bool { return x.ID == id })
}

// fray party rest takes a rest of the book for the whole party: Energy's
// Short Rest spends Recovery Surges for Aura (--spend N, or NAME=N), its
// Long Rest gives all back; a ruleset without rests says so.
func TestPartyRests(t *testing.T) {
	dir := gmTable(t)
	if code, _, errs := runCLI(t, "new", "Road", "--rules", "energy", "--add", "new: Ash hp=30 aura_mod=3 con_mod=3 side=party", "--add", "new: Bo hp=20 side=party"); code != 0 {
		t.Fatal(errs)
	}
	play(t, filepath.Join(dir, "road.toml"), engine.Start{}, engine.Damage{Who: 1, Amount: 20}, engine.Damage{Who: 2, Amount: 5}, engine.End{})
	if code, _, errs := runCLI(t, "party", "keep", "Road", "Band"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := runCLI(t, "party", "rest", "Band", "short", "--spend", "1", "--spend", "ash=2")
	if code != 0 || !strings.Contains(out, "Ash (party): 16 of 30") || !strings.Contains(out, "2 Recovery Surges spent; 6 healed") ||
		!strings.Contains(out, "Bo (party): 16 of 20") || !strings.Contains(out, "1 Recovery Surges spent; 1 healed") {
		t.Errorf("a Short Rest: %d %q\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "party", "rest", "Band", "Long Rest")
	if code != 0 || !strings.Contains(out, "Ash (party): 30 of 30") || !strings.Contains(out, "Recovery Surges 4 -> 6") {
		t.Errorf("a Long Rest: %d\n%s", code, out)
	}
	if code, _, errs = runCLI(t, "party", "rest", "Band", "nap"); code != 2 || !strings.Contains(errs, "short (Short Rest), long (Long Rest)") {
		t.Errorf("no such rest: %d %q", code, errs)
	}
	if code, _, errs := runCLI(t, "new", "Crypt", "--rules", "pathmaster", "--add", "new: Hero hp=30 side=party"); code != 0 {
		t.Fatal(errs)
	}
	runCLI(t, "party", "keep", "Crypt", "Company")
	if code, _, errs = runCLI(t, "party", "rest", "Company", "short"); code != 2 || !strings.Contains(errs, "gives no rest between fights") {
		t.Errorf("Pathmaster's rest: %d %q", code, errs)
	}
	if code, out, _ := runCLI(t, "party", "set", "Company", "Hero hp=20/40"); code != 0 || !strings.Contains(out, "20 of 40") {
		t.Errorf("a new most: %d %s", code, out)
	}
	if code, _, errs := runCLI(t, "party", "set", "Company", "Hero hp=50"); code == 0 || !strings.Contains(errs, "more than its most") {
		t.Errorf("more than the most: %d %q", code, errs)
	}
}

// The start screen's word of a content file skipped says first that it was
// skipped and which file (below the content directory), so 80 columns
// show both.
func TestSkippedFileNoticeFitsTheScreen(t *testing.T) {
	gmTable(t)
	dir := content.UserDir()
	os.MkdirAll(filepath.Join(dir, "creatures"), 0o755)
	os.WriteFile(filepath.Join(dir, "creatures", "mine.toml"), []byte("ruleset = \"pathmaster\"\n[[creatures]]\nid = \"troll\"\nname = \"Troll\"\nhp = \"lots\"\n"), 0o644)
	lib, probs := openContent()
	if len(probs) != 1 {
		t.Fatalf("problems: %v", probs)
	}
	notes := skippedNotices(dir, probs)
	st := saves.NewStore(t.TempDir(), lib.Tracker().Ruleset, time.Now)
	m := tracker(lib, st, &session.Session{}, false, notes)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "skipped creatures/mine.toml:") {
		t.Errorf("the start screen at 80 columns:\n%s", screen)
	}
}

// fray archive puts a fight away, kept whole (its journal's changes too),
// out of fray ls and the start screen's list; --restore brings it back as it
// was; fray rm finds an archived fight by its name; one another fray has
// open stays where it is.
func TestArchiveFights(t *testing.T) {
	dir := gmTable(t)
	for _, n := range []string{"Bridge", "Ford", "Cave"} {
		if code, _, errs := runCLI(t, "new", n, "--rules", "pathmaster", "--add", "Orc"); code != 0 {
			t.Fatal(errs)
		}
	}
	st := saves.NewStore(dir, shelf(t).Ruleset, time.Now)
	sv, err := st.Open(filepath.Join(dir, "bridge.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var sess session.Session
	sess.Open(sv)
	if _, err := sv.Fight.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Wait(sess.Record(session.OpDo, sv.Fight.Done[len(sv.Fight.Done)-1])); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCLI(t, "archive", "Bridge"); code == 0 || !strings.Contains(errs, "open") {
		t.Errorf("archive of an open fight: %d %q", code, errs)
	}
	sv.Journal.Close()
	if code, out, errs := runCLI(t, "archive", "bridge", "Ford"); code != 0 || strings.Count(out, "archived") != 2 {
		t.Fatalf("fray archive: %d %q %s", code, errs, out)
	}
	_, out, _ := runCLI(t, "ls")
	if strings.Contains(out, "Bridge") || strings.Contains(out, "Ford") || !strings.Contains(out, "Cave") {
		t.Errorf("fray ls after archiving:\n%s", out)
	}
	if list, _ := saves.List(dir); len(list) != 1 {
		t.Errorf("the start screen's list holds %d fights, want Cave alone", len(list))
	}
	if list, err := st.Archived(); err != nil || len(list) != 2 {
		t.Errorf("the start screen's archived fights: %v %v, want Bridge and Ford", list, err)
	}
	_, out, _ = runCLI(t, "ls", "--archived")
	if !strings.Contains(out, "Bridge") || !strings.Contains(out, "Ford") || !strings.Contains(out, "1 ") {
		t.Errorf("fray ls --archived:\n%s", out)
	}
	if code, out, errs := runCLI(t, "archive", "--restore", "Bridge"); code != 0 || !strings.Contains(out, "restored") {
		t.Fatalf("fray archive --restore: %d %q %s", code, errs, out)
	}
	back, err := st.Open(filepath.Join(dir, "bridge.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if back.Fight.Current().Round != 1 {
		t.Errorf("restored, the fight lost its journal's changes: round %d", back.Fight.Current().Round)
	}
	back.Journal.Close()
	if code, _, errs := runCLI(t, "archive", "--restore", "Cave"); code == 0 || !strings.Contains(errs, "no saved fight") {
		t.Errorf("restore of a fight not archived: %d %q", code, errs)
	}
	if code, out, errs := runCLI(t, "rm", "Ford", "--yes"); code != 0 || !strings.Contains(out, "removed") {
		t.Errorf("rm of an archived fight: %d %q %s", code, errs, out)
	}
	if list, _ := saves.List(saves.ArchiveDir(dir)); len(list) != 0 {
		t.Errorf("the archive still holds %d", len(list))
	}
}

// A party kept takes its weapons and armour with it: fray party show lists
// them, and the next fight's heroes carry them (BRP: Kallistor's spear and
// ring mail, AV 3, l.459).
func TestPartyKeepsWeaponsAndArmour(t *testing.T) {
	dir := gmTable(t)
	if code, _, errs := runCLI(t, "new", "Temple", "--rules", "brp", "--add", "Kallistor", "--add", "Cultist"); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := runCLI(t, "party", "keep", filepath.Join(dir, "temple.toml"), "Band", "--who", "Kallistor"); code != 0 {
		t.Fatal(errs)
	}
	if _, out, _ := runCLI(t, "party", "show", "Band"); !strings.Contains(out, "Spear") || !strings.Contains(out, "Ring mail") {
		t.Errorf("fray party show, want the spear and the ring mail:\n%s", out)
	}
	if code, _, errs := runCLI(t, "new", "Ambush", "--rules", "brp", "--party", "Band", "--add", "Cultist"); code != 0 {
		t.Fatal(errs)
	}
	k := named(t, openedFight(t, filepath.Join(dir, "ambush.toml")), "Kallistor")
	if len(k.Weapons) != 1 || k.Weapons[0].Name != "Spear" || len(k.Armor) != 1 || k.Armor[0].Stats["AV"] != 3 {
		t.Errorf("Kallistor joins the next fight with %+v and %+v", k.Weapons, k.Armor)
	}
}

// The dead stay dead (BRP l.577: a fatal wound not healed in time is
// death): kept, Kallistor is Dead in fray party show, and fray new brings
// the party without him, saying so.
func TestPartyKeepsItsDeadOutOfTheNextFight(t *testing.T) {
	dir := gmTable(t)
	if code, _, errs := runCLI(t, "new", "Temple", "--rules", "brp", "--add", "Kallistor", "--add", "Yvarre", "--add", "Cultist"); code != 0 {
		t.Fatal(errs)
	}
	cmds := []engine.Command{engine.Start{}, engine.Damage{Who: 1, Amount: 30, Bare: true}}
	for range 40 {
		cmds = append(cmds, engine.Next{})
	}
	play(t, filepath.Join(dir, "temple.toml"), append(cmds, engine.End{})...)
	if code, _, errs := runCLI(t, "party", "keep", filepath.Join(dir, "temple.toml"), "Band", "--who", "Kallistor", "--who", "Yvarre"); code != 0 {
		t.Fatal(errs)
	}
	if _, out, _ := runCLI(t, "party", "show", "Band"); !strings.Contains(out, ": Dead") {
		t.Errorf("fray party show, want Kallistor Dead:\n%s", out)
	}
	code, _, errs := runCLI(t, "new", "Ambush", "--rules", "brp", "--party", "Band", "--add", "Cultist")
	if code != 0 || !strings.Contains(errs, "Kallistor is dead: kept in the party, left out of the fight") {
		t.Fatalf("fray new with a dead member: %d %q", code, errs)
	}
	enc := openedFight(t, filepath.Join(dir, "ambush.toml"))
	for _, c := range enc.Combatants {
		if c.Name == "Kallistor" {
			t.Errorf("the dead Kallistor joins the next fight: %v", c.Conditions)
		}
	}
}
