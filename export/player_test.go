package export_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"fray/engine"
	"fray/engine/rules"
	"fray/export"
)

// shamanFight is the demo fight with a hidden foe: a Shaman (83 hit
// points, hidden from the players all fight) who hits Gavvin and is hit by
// him; the orcs' hit points show to the players as words. Two rounds,
// seeded dice.
func shamanFight(t *testing.T) (string, *engine.Fight) {
	t.Helper()
	init := 15
	return demoPlay{seed: 7, rounds: 2,
		join: []engine.NewCombatant{{Name: "Shaman", Side: "foes", HP: 83, Init: &init}},
		setup: func(do func(engine.Command), id func(string) int) {
			do(engine.Hide{Who: id("Shaman")})
			do(engine.ViewHP{Side: "foes", Show: rules.HPWords})
		},
		blows: func(id func(string) int) map[int]map[string]engine.Command {
			return map[int]map[string]engine.Command{
				1: {"Gavvin": engine.Damage{Who: id("Shaman"), Amount: 12}, "Shaman": engine.Damage{Who: id("Gavvin"), Amount: 7}, "Orc 1": engine.Damage{Who: id("Gavvin"), Amount: 4}},
				2: {"Gavvin": engine.Damage{Who: id("Orc 1"), Amount: 9}, "Shaman": engine.Heal{Who: id("Shaman"), Amount: 5}},
			}
		},
	}.play(t)
}

func TestMarkdownForThePlayers(t *testing.T) {
	name, f := shamanFight(t)
	var b bytes.Buffer
	if err := export.Write(&b, name, f, "md", export.Options{Player: true}); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b.String())
}

// The GM's record of the same fight has the Shaman and every number.
func TestMarkdownForTheGMWithAHiddenFoe(t *testing.T) {
	name, f := shamanFight(t)
	var b bytes.Buffer
	if err := export.Write(&b, name, f, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, b.String())
}

// No format of the players' record names the hidden Shaman or gives its
// hit points, and none gives a foe's hit points as numbers: the orcs show
// as words.
func TestPlayerRecordHidesInEveryFormat(t *testing.T) {
	name, f := shamanFight(t)
	final := f.Current()
	var secrets []*regexp.Regexp
	for _, c := range final.Combatants {
		if c.Side == engine.PlayersSide {
			continue
		}
		// n/max in the table, "n/max" or "to n" in a log line.
		secrets = append(secrets, regexp.MustCompile(fmt.Sprintf(`\b%d/%d\b`, c.HP, c.MaxHP)))
		if c.Name == "Shaman" {
			secrets = append(secrets, regexp.MustCompile(`\b(83|71|76)\b`))
		}
	}
	for _, format := range export.Formats {
		var gm, pl bytes.Buffer
		if err := export.Write(&gm, name, f, format, export.Options{}); err != nil {
			t.Fatal(err)
		}
		if err := export.Write(&pl, name, f, format, export.Options{Player: true}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(gm.String(), "Shaman") {
			t.Fatalf("%s: the GM's record lacks the Shaman: the test proves nothing", format)
		}
		out := pl.String()
		if strings.Contains(out, "Shaman") {
			t.Errorf("%s: the players' record names the hidden Shaman:\n%s", format, out)
		}
		for _, re := range secrets {
			if re.MatchString(out) && re.MatchString(gm.String()) {
				t.Errorf("%s: the players' record gives %s:\n%s", format, re, out)
			}
		}
		if !strings.Contains(out, "Gavvin") || !strings.Contains(out, "Orc 1") {
			t.Errorf("%s: the players' record lacks what they see:\n%s", format, out)
		}
	}
}
