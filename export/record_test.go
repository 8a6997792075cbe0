package export_test

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/engine"
	"fray/export"
)

// The record a GM pastes into notes: a turn is an item with a line under
// it for each thing done; the Fatigue every combatant loses as round 3
// ends is one line, not one for each; a group's members show their
// group's initiative; damage dealt is credited to the one whose doing it
// was: not to the one acting when the GM hurts its own side, nor to
// anyone for bleeding.
func TestRecordForSessionNotes(t *testing.T) {
	_, f := demoPlay{seed: 42, rounds: 4,
		join:  []engine.NewCombatant{{Name: "Wolf 1", Side: "foes", HP: 20, Group: true}, {Name: "Wolf 2", Side: "foes", HP: 20, Group: true}},
		setup: func(func(engine.Command), func(string) int) {},
		blows: func(id func(string) int) map[int]map[string]engine.Command {
			return map[int]map[string]engine.Command{
				1: {"Gavvin": engine.Damage{Who: id("Orc 1"), Amount: 10}, "Orc 2": engine.Damage{Who: id("Orc 3"), Amount: 6}},
				2: {"Orc 3": engine.Bleed{Who: id("Gavvin"), Rate: 2}, "Orc 1": engine.Damage{Who: id("Gavvin"), Amount: 5}},
			}
		},
	}.play(t)
	var b bytes.Buffer
	if err := export.Write(&b, "Wolves", f, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"- **Gavvin**: Gavvin acts at initiative",
		"\n  - Orc 1 takes 10 (45 -> 35 Hits)\n",
		"\n- Fatigue: Gavvin, Orc 1, Orc 2, Orc 3, Wolf 1 and Wolf 2 lose 1 Fatigue each (64 -> 63, ",
		"| Gavvin | 10 |", "| Orc 2 | 0 |", "| Orc 1 | 5 |", "| Orc 3 | 0 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the record lacks %q:\n%s", want, md)
		}
	}
	if n := strings.Count(md, "Fatigue: loses"); n != 0 {
		t.Errorf("%d lines of Fatigue lost one by one:\n%s", n, md)
	}
	// The combatants' table is in the order's own order, a group's
	// members beside their leader, as the screen has them.
	var inits []int
	for _, line := range strings.Split(md[:strings.Index(md, "## Round")], "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSpace(cells[3])); err == nil {
			inits = append(inits, n)
		}
	}
	if len(inits) != 6 || !slices.IsSortedFunc(inits, func(a, b int) int { return b - a }) {
		t.Errorf("the combatants not in the order's order (initiatives %v):\n%s", inits, md)
	}
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| Wolf ") && strings.Contains(line, "| - |") {
			t.Errorf("a group's member without its initiative: %s", line)
		}
		if strings.HasPrefix(line, "- ") && strings.Count(line, "; ") > 1 && !strings.Contains(line, "initiative:") {
			t.Errorf("a run of lines joined: %s", line)
		}
	}
	b.Reset()
	if err := export.Write(&b, "Wolves", f, "txt", export.Options{}); err != nil {
		t.Fatal(err)
	}
	if txt := b.String(); !strings.Contains(txt, "\n      Orc 1 takes 10 (45 -> 35 Hits)\n") {
		t.Errorf("the text record:\n%s", txt)
	}
}
