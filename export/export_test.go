package export_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/export"
	"fray/narrate"
)

// demoThreeRounds is the demo fight (Gavvin and three orcs) played for
// three rounds with seeded dice: blows on each side, a stun, a bleeding
// wound, an orc cut down, and a heal.
func demoThreeRounds(t *testing.T) (string, *engine.Fight) {
	t.Helper()
	return playDemo(t, false)
}

// playDemo plays the demo for three rounds; with shade, a Shade the
// players never see joins on the foes' side, hidden, and strikes Gavvin
// for 4 in round 1.
func playDemo(t *testing.T, shade bool) (string, *engine.Fight) {
	t.Helper()
	return demoPlay{seed: 42, rounds: 3,
		setup: func(do func(engine.Command), id func(string) int) {
			if shade {
				init := 15
				do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Shade", Side: "foes", HP: 30, Init: &init}}})
				do(engine.Hide{Who: id("Shade")})
			}
		},
		blows: func(id func(string) int) map[int]map[string]engine.Command {
			return map[int]map[string]engine.Command{
				1: {"Gavvin": engine.Damage{Who: id("Orc 1"), Expr: "2d10+5"}, "Orc 2": engine.Damage{Who: id("Gavvin"), Amount: 9}, "Shade": engine.Damage{Who: id("Gavvin"), Amount: 4}},
				2: {"Gavvin": engine.Damage{Who: id("Orc 1"), Amount: 40}, "Orc 3": engine.Bleed{Who: id("Gavvin"), Rate: 2}},
				3: {"Gavvin": engine.Stun{Who: id("Orc 2"), Level: "stunned", Rounds: 2}, "Orc 2": engine.Heal{Who: id("Gavvin"), Amount: 5}},
			}
		},
	}.play(t)
}

// demoPlay is the demo fight (Gavvin and three orcs) played with seeded
// dice for rounds rounds: join added with the demo's combatants, setup
// done before it starts, and each turn the actor's blow (blows, by round
// and name), then the next step.
type demoPlay struct {
	seed   uint64
	rounds int
	join   []engine.NewCombatant
	setup  func(do func(engine.Command), id func(string) int)
	blows  func(id func(string) int) map[int]map[string]engine.Command
}

func (p demoPlay) play(t *testing.T) (string, *engine.Fight) {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	d := lib.Tracker().Demos()[0]
	rs, _, _ := lib.Tracker().Ruleset(d.Ruleset.ID)
	f := engine.NewFight(rs, engine.NewEncounter(d.Name, rs), dice.NewSource(p.seed))
	id := func(name string) int {
		for _, c := range f.Current().Combatants {
			if c.Name == name {
				return c.ID
			}
		}
		t.Fatalf("no %s", name)
		return 0
	}
	do := func(cmd engine.Command) {
		t.Helper()
		if _, err := f.Do(cmd); err != nil {
			t.Fatalf("%+v: %v", cmd, err)
		}
	}
	add, err := d.Roster()
	if err != nil {
		t.Fatal(err)
	}
	do(engine.Add{Combatants: append(add, p.join...)})
	p.setup(do, id)
	do(engine.Start{})
	blows := p.blows(id)
	for steps := 0; steps < 100; steps++ {
		enc := f.Current()
		if a := enc.Actor(); a != nil {
			if cmd, ok := blows[enc.Round][a.Name]; ok {
				do(cmd)
			}
		}
		next, err := f.Preview(engine.Next{})
		if err != nil {
			t.Fatal(err)
		}
		if next.Next.Round > p.rounds {
			return d.Name, f
		}
		do(engine.Next{})
	}
	t.Fatalf("%d rounds never ended", p.rounds)
	return "", nil
}

func TestMarkdownOfTheDemo(t *testing.T) {
	name, f := demoThreeRounds(t)
	var b bytes.Buffer
	if err := export.Write(&b, name, f, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b.String())
}

// ledger: pathmaster/round-length
func TestTextOfTheDemo(t *testing.T) {
	name, f := demoThreeRounds(t)
	var b bytes.Buffer
	if err := export.Write(&b, name, f, "txt", export.Options{}); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b.String())
}

// The JSON is one event a line: each line decodes by itself, in the order
// the log has them, and the hit points add up to the fight's.
func TestJSONOneEventALine(t *testing.T) {
	_, f := demoThreeRounds(t)
	var b bytes.Buffer
	if err := export.Write(&b, "x", f, "json", export.Options{}); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, s := range f.Done {
		for _, e := range s.Events {
			want = append(want, narrate.Line(f.Rules, e))
		}
	}
	hp := map[int]int{}
	sc := bufio.NewScanner(&b)
	n := 0
	for sc.Scan() {
		var ev struct {
			Step, Round, Who, HP   int
			Kind, Name, Turn, Text string
		}
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("line %d: %v: %s", n+1, err, sc.Text())
		}
		if n >= len(want) || ev.Text != want[n] || ev.Kind == "" || ev.Step < 1 {
			t.Fatalf("line %d: %+v, want %q", n+1, ev, want[min(n, len(want)-1)])
		}
		hp[ev.Who] += ev.HP
		n++
	}
	if n != len(want) {
		t.Fatalf("%d lines, %d events", n, len(want))
	}
	played, err := engine.Restore(f.Rules, f.Base, f.Done, nil, dice.NewSource(0))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range played.Current().Combatants {
		if hp[c.ID] != c.HP {
			t.Errorf("%s: the lines add up to %d hit points, the fight has %d", c.Name, hp[c.ID], c.HP)
		}
	}
}

// A filter slotted in through Options.Keep leaves out what it hides, in
// every format.
func TestKeepFiltersEveryFormat(t *testing.T) {
	name, f := demoThreeRounds(t)
	keep := func(ev engine.Event, _ *engine.Encounter) bool { return ev.Kind != engine.EvRoll }
	for _, format := range export.Formats {
		var b bytes.Buffer
		if err := export.Write(&b, name, f, format, export.Options{Keep: keep}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "2d10 + QU: [") {
			t.Errorf("%s: a roll the filter hides is written", format)
		}
	}
}

// --player leaves out what the player view hides, in every format: the
// hidden Shade (its row, its turn, the 4 it dealt), the orcs' hit points
// as numbers (they read as words), the foes' rolls; the party's own hit
// points stay numbers.
func TestPlayerRecordLeavesOutWhatPlayersDoNotSee(t *testing.T) {
	name, f := playDemo(t, true)
	var gm bytes.Buffer
	if err := export.Write(&gm, name, f, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(gm.String(), "Shade") {
		t.Fatalf("the GM's record lacks the Shade:\n%s", gm.String())
	}
	for _, format := range export.Formats {
		var b bytes.Buffer
		if err := export.Write(&b, name, f, format, export.Options{Player: true}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, hidden := range []string{"Shade", "45/45", "/45 ", "(45 -> ", "Orc 1 initiative", "Orc 3 initiative"} {
			if strings.Contains(out, hidden) {
				t.Errorf("%s: the players' record shows %q:\n%s", format, hidden, out)
			}
		}
		for _, shown := range []string{"Gavvin", "Orc 1 is hurt", "Orc 2"} {
			if !strings.Contains(out, shown) {
				t.Errorf("%s: the players' record lacks %q:\n%s", format, shown, out)
			}
		}
		if format == "json" {
			sc := bufio.NewScanner(&b)
			for sc.Scan() {
				var ev map[string]any
				if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
					t.Fatalf("json line %q: %v", sc.Text(), err)
				}
				if ev["name"] != "Gavvin" && ev["hp"] != nil {
					t.Errorf("a foe's hit points as a number: %v", ev)
				}
			}
		}
	}
	var md bytes.Buffer
	if err := export.Write(&md, name, f, "md", export.Options{Player: true}); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, md.String())
}
