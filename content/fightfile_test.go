package content

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/session"
)

// The shipped demo is the fight fray demo has always made: Gavvin and three
// orcs, from the shipped creatures, in this order.
func TestShippedDemo(t *testing.T) {
	l, probs := LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	demos := l.Tracker().Demos()
	var ids []string
	for _, d := range demos {
		ids = append(ids, d.ID+"/"+d.Ruleset.ID)
	}
	// The default's first, the others by id.
	wantIDs := "pathmaster-demo/pathmaster raiders-on-the-bridge/energy skirmish-at-the-ford/countdown the-serpent-temple/brp war-and-combat-demo/war-and-combat"
	if strings.Join(ids, " ") != wantIDs {
		t.Fatalf("demos:\n got  %s\n want %s", strings.Join(ids, " "), wantIDs)
	}
	d := demos[0]
	if d.ID != "pathmaster-demo" || d.Name != "Demo: Gavvin and the orcs" || d.Description != "Gavvin and three orcs" ||
		d.Ruleset != (session.RulesetInfo{ID: "pathmaster", Name: "Pathmaster"}) {
		t.Errorf("demo: %+v", d)
	}
	gavvin, _ := l.Creature("pathmaster", "gavvin")
	orc, _ := l.Creature("pathmaster", "orc")
	from := func(c Creature, name string) engine.NewCombatant {
		return engine.FromTemplate(c.Template, name)
	}
	want := []engine.NewCombatant{from(gavvin, "Gavvin"), from(orc, "Orc 1"), from(orc, "Orc 2"), from(orc, "Orc 3")}
	if got, err := d.Roster(); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("combatants:\n got  %+v (%v)\n want %+v", got, err, want)
	}
}

// A fight of the GM's own, with creatures of their own beside it: every key
// of a roster line does what it says. Names are made as the add dialog makes
// them: numbered when there are several, the plain name while it is free.
func TestFightFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "wolves.toml"), []byte("ruleset = \"pathmaster\"\n[[creatures]]\nid = \"wolf\"\nname = \"Wolf\"\nside = \"beasts\"\nhp = 30\nstats = { QU = 15 }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ambush.toml"), []byte(`id = "ambush"
name = "Ambush at the ford"
ruleset = "pathmaster"
description = "Gavvin, a friendly orc and wolves"

[[roster]]
creature = "gavvin"
initiative = 25

[[roster]]
creature = "orc"
names = ["Grub"]
side = "party"

[[roster]]
creature = "wolf"
count = 2

[[roster]]
creature = "wolf"
`), 0o644)
	if probs := Check(dir); len(probs) > 0 {
		t.Fatalf("fray check: %v", probs)
	}
	l, probs := Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	demos := l.Tracker().Demos()
	if len(demos) != 6 || demos[0].ID != "ambush" || demos[1].ID != "pathmaster-demo" {
		t.Fatalf("demos, by id: %+v", demos)
	}
	d := demos[0]
	if d.Name != "Ambush at the ford" || d.Description != "Gavvin, a friendly orc and wolves" || d.Ruleset.Name != "Pathmaster" {
		t.Errorf("demo: %+v", d)
	}
	add, err := d.Roster()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range add {
		s := c.Name + "/" + c.Template + "/" + c.Side
		if c.Init != nil {
			s += "/" + string(rune('0'+*c.Init/10)) + string(rune('0'+*c.Init%10))
		}
		got = append(got, s)
	}
	want := "Gavvin/gavvin/party/25 Grub/orc/party Wolf 1/wolf/beasts Wolf 2/wolf/beasts Wolf 3/wolf/beasts"
	if strings.Join(got, " ") != want {
		t.Errorf("combatants:\n got  %s\n want %s", strings.Join(got, " "), want)
	}
	if add[2].HP != 30 || add[2].Stats["QU"] != 15 {
		t.Errorf("a wolf is not made from its creature: %+v", add[2])
	}
}

// A fight from the GM's directory replaces the shipped one with its id; two
// of theirs with one id are an error.
func TestFightOverlay(t *testing.T) {
	dir := t.TempDir()
	mine := "id = \"pathmaster-demo\"\nname = \"My demo\"\nruleset = \"pathmaster\"\n[[roster]]\ncreature = \"orc\"\n"
	os.WriteFile(filepath.Join(dir, "a.toml"), []byte(mine), 0o644)
	l, probs := Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	d := l.Tracker().Demos()
	if len(d) != 5 || d[0].Name != "My demo" {
		t.Fatalf("the GM's demo does not replace the shipped one: %+v", d)
	}
	if add, err := d[0].Roster(); err != nil || len(add) != 1 || add[0].Name != "Orc" {
		t.Errorf("the GM's demo's roster: %+v (%v)", add, err)
	}
	os.WriteFile(filepath.Join(dir, "b.toml"), []byte(mine), 0o644)
	if _, probs := Load(dir); len(probs) != 1 || !strings.Contains(probs[0].Error(), "b.toml:1:6: id: fight \"pathmaster-demo\" is defined twice") {
		t.Errorf("one id twice in the GM's directory: %v", probs)
	}
}

func TestFightFileErrors(t *testing.T) {
	const good = `id = "ford"
name = "The ford"
ruleset = "pathmaster"
description = "Two orcs"

[[roster]]
creature = "orc"
count = 2
`
	cases := []struct {
		name, src string
		want      []string // each problem, file:line:col: message
	}{
		{"unknown key", strings.Replace(good, "count = 2", "count = 2\nhp = 9", 1),
			[]string{`f.toml:9:1: unknown key "hp" (known keys: count, creature, initiative, names, side)`}},
		{"misspelt key", strings.Replace(good, "description", "descripton", 1),
			[]string{`f.toml:4:1: unknown key "descripton" (did you mean "description"?)`}},
		{"unknown creature", strings.Replace(good, `creature = "orc"`, `creature = "orcs"`, 1),
			[]string{`f.toml:7:12: roster[0].creature: pathmaster has no creature "orcs" (did you mean "orc"?)`}},
		{"a creature is named by id", strings.Replace(good, `creature = "orc"`, `creature = "Orc"`, 1),
			[]string{`f.toml:7:12: roster[0].creature: pathmaster has no creature "Orc" (did you mean "orc"?)`}},
		{"a creature of another ruleset", strings.Replace(good, `creature = "orc"`, `creature = "broo"`, 1),
			[]string{`f.toml:7:12: roster[0].creature: pathmaster has no creature "broo" (its creatures: gavvin, orc,`}},
		{"unknown ruleset", strings.Replace(good, `ruleset = "pathmaster"`, `ruleset = "gurps"`, 1),
			[]string{`f.toml:3:11: ruleset: unknown ruleset "gurps" (known: brp, countdown, energy, pathmaster, war-and-combat)`}},
		{"wrong type", strings.Replace(good, "count = 2", `count = "two"`, 1),
			[]string{`f.toml:8:9: roster[0].count: expected an integer, found text`}},
		{"count and names disagree", strings.Replace(good, "count = 2", "count = 2\nnames = [\"Grub\"]", 1),
			[]string{`f.toml:8:9: roster[0].count: count is 2 but 1 names are given`}},
		{"a name twice", strings.Replace(good, "count = 2", "names = [\"Grub\", \"Grub\"]", 1),
			[]string{`f.toml:8:18: roster[0].names[1]: "Grub" is in the fight already`}},
		{"no roster", good[:strings.Index(good, "[[roster]]")] + "roster = []\n",
			[]string{`f.toml:6:10: roster: a fight needs at least one [[roster]] line`}},
		{"no id, no name", strings.Replace(strings.Replace(good, `id = "ford"`, `id = "the ford"`, 1), `name = "The ford"`, `name = ""`, 1),
			[]string{`f.toml:1:6: id: "the ford" is not a valid id`, `f.toml:2:8: name: a fight needs a name`}},
		{"initiative out of range", strings.Replace(good, "count = 2", "initiative = 2000000", 1),
			[]string{`f.toml:8:14: roster[0].initiative: 2000000 is out of range`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "f.toml"), []byte(c.src), 0o644)
			var got []string
			for _, p := range Check(dir) {
				got = append(got, strings.TrimPrefix(p.Error(), dir+string(filepath.Separator)))
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d problems, want %d:\n%s", len(got), len(c.want), strings.Join(got, "\n"))
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("problem %d:\n got  %s\n want %s...", i, got[i], c.want[i])
				}
			}
		})
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f.toml"), []byte(good), 0o644)
	if probs := Check(dir); len(probs) > 0 {
		t.Fatalf("the good fight: %v", probs)
	}
}
