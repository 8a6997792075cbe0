package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestBuiltinLoads(t *testing.T) {
	l, probs := LoadBuiltin()
	for _, p := range probs {
		t.Errorf("shipped content: %v", p)
	}
	var ids []string
	for _, r := range l.Rulesets() {
		ids = append(ids, r.ID)
		if r.Origin != Builtin || len(r.Hash) != 16 {
			t.Errorf("%s: origin %q hash %q", r.ID, r.Origin, r.Hash)
		}
		if len(l.Creatures(r.ID)) < 2 {
			t.Errorf("%s ships %d creatures, want at least 2", r.ID, len(l.Creatures(r.ID)))
		}
	}
	want := []string{"brp", "countdown", "energy", "pathmaster", "war-and-combat"}
	if !slices.Equal(ids, want) {
		t.Errorf("rulesets = %v, want %v", ids, want)
	}
	if c, ok := l.Creature("pathmaster", "Orc"); !ok || c.HP < 1 || c.Stats["OB"] != 40 {
		t.Errorf("orc: %+v %v", c, ok)
	}
	if c, ok := l.Creature("pathmaster", "gavvin"); !ok || c.Stats["OB"] != 80 || c.Stats["DB"] != 15 {
		t.Errorf("gavvin: %+v %v", c, ok)
	}
}

// A minimal good ruleset the broken cases below are made from.
const goodRuleset = `id = "house"
name = "House rules"

[[stats]]
id = "QU"
name = "Quickness"

[order]
kind = "fixed"
initiative = "2d10 + QU"

[[conditions]]
id = "prone"
name = "Prone"

[[conditions]]
id = "dazed"
name = "Dazed"
implies = ["prone"]
`

func TestContentErrors(t *testing.T) {
	cases := []struct {
		name string
		file string
		src  string
		want []string // each problem, file:line:col: message (a prefix of the message)
	}{
		{"syntax error", "r.toml", "id = \"house\"\nname = \"House\nkind = 3\n",
			[]string{"r.toml:2:14: TOML syntax: "}},
		{"unknown key", "r.toml", strings.Replace(goodRuleset, "kind = \"fixed\"", "kind = \"fixed\"\nreroll = true", 1),
			[]string{"r.toml:10:1: unknown key \"reroll\""}},
		{"misspelt key suggests", "r.toml", strings.Replace(goodRuleset, "initiative =", "initative =", 1),
			[]string{"r.toml:8:1: order.initiative: the fixed order needs an initiative formula", "r.toml:10:1: unknown key \"initative\" (did you mean \"initiative\"?)"}},
		{"unknown table", "r.toml", goodRuleset + "\n[theme.colors]\nfg = \"red\"\n",
			[]string{"r.toml:21:1: unknown key \"theme\""}},
		{"bad dice expression", "r.toml", strings.Replace(goodRuleset, "2d10 + QU", "2d10 + * QU", 1),
			[]string{"r.toml:10:22: order.initiative: bad dice expression \"2d10 + * QU\": unexpected '*'"}},
		{"runaway dice", "r.toml", strings.Replace(goodRuleset, "2d10 + QU", "d6!>1", 1),
			[]string{"r.toml:10:15: order.initiative: bad dice expression \"d6!>1\": dice that explode on every face would never stop"}},
		{"unknown stat in a formula", "r.toml", strings.Replace(goodRuleset, "2d10 + QU", "2d10 + QX", 1),
			[]string{"r.toml:10:14: order.initiative: unknown stat \"QX\""}},
		{"unknown condition", "r.toml", strings.Replace(goodRuleset, `implies = ["prone"]`, `implies = ["prone", "staggered"]`, 1),
			[]string{"r.toml:19:21: conditions[1].implies[1]: unknown condition \"staggered\""}},
		{"wrong type", "r.toml", strings.Replace(goodRuleset, `name = "Quickness"`, `name = 7`, 1),
			[]string{"r.toml:6:8: stats[0].name: expected text, found an integer"}},
		{"wrong type in the second of an array of tables", "r.toml", strings.Replace(goodRuleset, "id = \"dazed\"\nname = \"Dazed\"", "id = \"dazed\"\nname = true", 1),
			[]string{"r.toml:18:8: conditions[1].name: expected text, found true/false"}},
		{"bad enum", "r.toml", strings.Replace(goodRuleset, `kind = "fixed"`, `kind = "random"`, 1),
			[]string{"r.toml:9:8: order.kind: \"random\" is not one of"}},
		{"implies cycle", "r.toml", strings.Replace(goodRuleset, "id = \"prone\"\nname = \"Prone\"", "id = \"prone\"\nname = \"Prone\"\nimplies = [\"dazed\"]", 1),
			[]string{"conditions: conditions imply each other in a circle: prone -> dazed -> prone"}},
		{"several problems at once", "r.toml", strings.Replace(strings.Replace(goodRuleset, `name = "Quickness"`, `name = 7`, 1), `kind = "fixed"`, `kind = "random"`, 1),
			[]string{"r.toml:6:8: stats[0].name", "r.toml:9:8: order.kind"}},
		{"creature with unknown ruleset", "c.toml", "ruleset = \"nope\"\n\n[[creatures]]\nid = \"x\"\nname = \"X\"\nhp = 3\n",
			[]string{"c.toml:1:11: ruleset: unknown ruleset \"nope\""}},
		{"creature with unknown stat", "c.toml", "ruleset = \"pathmaster\"\n\n[[creatures]]\nid = \"x\"\nname = \"X\"\nhp = 3\n\n[[creatures]]\nid = \"y\"\nname = \"Y\"\nhp = 3\nstats = { QU = 1, STR = 2 }\n",
			[]string{"c.toml:12:19: pathmaster has no stat \"STR\""}},
		{"creature with no hits", "c.toml", "ruleset = \"brp\"\n[[creatures]]\nid = \"x\"\nname = \"X\"\n",
			[]string{"c.toml:2:1: creatures[0].hp: hit points must be at least 1"}},
		{"an escape sequence in a creature's name", "c.toml", "ruleset = \"brp\"\n[[creatures]]\nid = \"x\"\nname = \"Orc\\u001b[2J\"\nhp = 3\n",
			[]string{"c.toml:4:8: creatures[0].name: the text has an escape (ESC), U+001B, at its character 4"}},
		{"a bidi override in a summary", "r.toml", strings.Replace(goodRuleset, `name = "Prone"`, "name = \"Prone\"\nsummary = \"\"\"\nOn the ground.\n\u202eReversed.\"\"\"", 1),
			[]string{"r.toml:15:11: conditions[0].summary: the text has U+202E at its character 16"}},
		{"a carriage return alone in a multi-line summary", "r.toml", strings.Replace(goodRuleset, `name = "Prone"`, "name = \"Prone\"\nsummary = \"\"\"\nOn the\\rground.\"\"\"", 1),
			[]string{"r.toml:15:11: conditions[0].summary: the text has a carriage return"}},
		{"a zero-width character in a key", "c.toml", "ruleset = \"pathmaster\"\n[[creatures]]\nid = \"x\"\nname = \"X\"\nhp = 3\nstats = { \"QU\u200b\" = 1 }\n",
			[]string{"c.toml:6:11: the key has U+200B"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			probs := Check(dir)
			var got []string
			for _, p := range probs {
				got = append(got, strings.TrimPrefix(p.Error(), dir+string(filepath.Separator)))
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d problems, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) && !strings.Contains(got[i], c.want[i]) {
					t.Errorf("problem %d:\n got  %s\n want %s...", i, got[i], c.want[i])
				}
			}
		})
	}
}

func TestGoodRulesetChecksClean(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "house.toml"), []byte(goodRuleset), 0o644)
	if probs := Check(dir); len(probs) != 0 {
		t.Fatalf("good ruleset: %v", probs)
	}
	if probs := Check(filepath.Join(dir, "house.toml")); len(probs) != 0 {
		t.Fatalf("good ruleset as a file: %v", probs)
	}
	if probs := Check(filepath.Join(dir, "missing.toml")); len(probs) != 1 || !strings.Contains(probs[0].Error(), "cannot read") {
		t.Fatalf("missing file: %v", probs)
	}
}

func TestUserContentOverlays(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755)
	// A house rule: Pathmaster with initiative rolled every round.
	pm, err := builtin.ReadFile("rulesets/pathmaster.toml")
	if err != nil {
		t.Fatal(err)
	}
	house := strings.Replace(string(pm), `kind = "fixed"`, `kind = "round"`, 1)
	os.WriteFile(filepath.Join(dir, "rulesets", "pathmaster.toml"), []byte(house), 0o644)
	os.WriteFile(filepath.Join(dir, "house.toml"), []byte(goodRuleset), 0o644)
	os.WriteFile(filepath.Join(dir, "orcs.toml"), []byte("ruleset = \"house\"\n[[creatures]]\nid = \"orc\"\nname = \"House orc\"\nhp = 9\nstats = { QU = 2 }\n"), 0o644)
	// A broken replacement for brp must not replace the good one.
	os.WriteFile(filepath.Join(dir, "rulesets", "brp.toml"), []byte("id = \"brp\"\nname = 4\n"), 0o644)

	l, probs := Load(dir)
	if len(probs) != 2 || !strings.Contains(probs[1].Error(), "brp.toml:2:8: name: expected text") ||
		!strings.Contains(probs[0].Error(), "brp.toml:1:1: order.kind") {
		t.Fatalf("problems: %v", probs)
	}
	pmr, _ := l.Ruleset("pathmaster")
	if pmr.Order.Kind != "round" || pmr.Origin != filepath.Join(dir, "rulesets", "pathmaster.toml") {
		t.Errorf("pathmaster not replaced: %s from %s", pmr.Order.Kind, pmr.Origin)
	}
	if b, _ := l.Ruleset("brp"); b == nil || b.Origin != Builtin {
		t.Errorf("the broken brp replaced the shipped one")
	}
	if _, ok := l.Ruleset("house"); !ok {
		t.Errorf("house ruleset missing")
	}
	if c, ok := l.Creature("house", "orc"); !ok || c.Name != "House orc" {
		t.Errorf("house orc: %+v", c)
	}
	if _, probs := Load(filepath.Join(dir, "nope")); len(probs) != 0 {
		t.Errorf("a missing user dir is not a problem: %v", probs)
	}
}

func TestUserDir(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/tmp/xdg")
	if got := UserDir(); got != "/tmp/xdg/fray" {
		t.Errorf("UserDir = %q", got)
	}
	t.Setenv("XDG_CONFIG_HOME", "relative")
	t.Setenv("HOME", "/home/gm")
	if got := UserDir(); got != "/home/gm/.config/fray" {
		t.Errorf("UserDir with a relative XDG_CONFIG_HOME = %q", got)
	}
}

func TestLocator(t *testing.T) {
	src := "a = 1\n[t]\nb = \"x\" # c\n[[arr]]\nk = [1,\n  2]\n[[arr]]\nk = { q = 3 }\n[arr.sub]\nz = '''\nmulti\n'''\nafter = 1\n"
	l := locate(src)
	for path, want := range map[string]pos{
		"a": {1, 5}, "t.b": {3, 5}, "arr[0].k[1]": {6, 3}, "arr[1].k.q": {8, 11},
		"arr[1].sub.z": {10, 5}, "arr[1].sub.after": {13, 9}, "arr[1]": {7, 1}, "nope": {1, 1},
	} {
		if got := l.find(path); got != want {
			t.Errorf("%s: %v, want %v", path, got, want)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte(goodRuleset))
	pm, _ := builtin.ReadFile("rulesets/pathmaster.toml")
	f.Add(pm)
	cr, _ := builtin.ReadFile("creatures/pathmaster.toml")
	f.Add(cr)
	fi, _ := builtin.ReadFile("fights/pathmaster.toml")
	f.Add(fi)
	f.Add([]byte("[[a]]\nb = [1, {c = 2}]\n"))
	base, _ := LoadBuiltin()
	f.Fuzz(func(t *testing.T, data []byte) {
		l := &Library{rulesets: base.rulesets, creatures: base.creatures}
		probs := l.addFiles(fstest.MapFS{"f.toml": {Data: data}}, []string{"f.toml"}, "user")
		lines := strings.Count(string(data), "\n") + 1
		for _, p := range probs {
			if p.Line < 1 || p.Col < 1 || p.Line > lines+1 {
				t.Fatalf("problem out of the file: %v (%d lines)", p, lines)
			}
		}
	})
}

// A house rule written on Windows loads: its line endings are newlines, in a
// multi-line summary too (the carriage returns reached the log and stopped
// every save).
func TestWindowsLineEndingsLoad(t *testing.T) {
	dir := t.TempDir()
	src := strings.Replace(goodRuleset, `name = "Prone"`, "name = \"Prone\"\nsummary = \"\"\"\nOn the ground.\nStands up as an action.\"\"\"", 1)
	os.WriteFile(filepath.Join(dir, "house.toml"), []byte(strings.ReplaceAll(src, "\n", "\r\n")), 0o644)
	if probs := Check(dir); len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	l, probs := Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, _ := l.Ruleset("house")
	c, _ := rs.Condition("prone")
	if c.Summary != "On the ground.\nStands up as an action." {
		t.Errorf("summary %q", c.Summary)
	}
}
