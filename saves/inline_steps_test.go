package saves

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"fray/engine"
)

// The generic reader and writer's view of a step's line: the same fields
// and tags as hline and the types under it, with no code of their own.
type (
	gHline struct {
		Cmd   cmdLine   `toml:"cmd"`
		Faces []int     `toml:"faces,omitempty"`
		Log   []gLogged `toml:"log,omitempty"`
	}
	gLogged struct {
		Kind    engine.EventKind `toml:"kind"`
		Round   int              `toml:"round"`
		Who     gSubject         `toml:"who,omitzero"`
		HP      int              `toml:"hp,omitzero"`
		Roll    *gRoll           `toml:"roll,omitempty"`
		Private engine.Privacy   `toml:"private,omitempty"`
		Fact    factLine         `toml:"fact,omitempty"`
	}
	gSubject struct {
		ID   int    `toml:"id"`
		Name string `toml:"name"`
	}
	gRoll struct {
		Expr  string  `toml:"expr"`
		Total int     `toml:"total"`
		Typed bool    `toml:"typed,omitempty"`
		Terms []gTerm `toml:"terms,omitempty"`
	}
	gTerm struct {
		Kind  string `toml:"kind"`
		Text  string `toml:"text,omitempty"`
		Value int    `toml:"value"`
		Sides int    `toml:"sides,omitzero"`
		Faces []int  `toml:"faces,omitempty"`
		Flags []int  `toml:"flags,omitempty"`
		Open  bool   `toml:"open,omitempty"`
		Args  int    `toml:"args,omitzero"`
	}
)

// asGeneric checks that a line reads by hand as it reads by reflection:
// the same error at the same place, or values that write the same line
// (by hand and by reflection).
func asGeneric(t *testing.T, line string) {
	t.Helper()
	var h hline
	hrest, herr := h.read(line)
	var g gHline
	grest, gerr := unmarshalInline(line, &g)
	if (herr == nil) != (gerr == nil) || herr != nil && herr.Error() != gerr.Error() || hrest != grest {
		t.Fatalf("%q: read by hand: %v (left %q); by reflection: %v (left %q)", line, herr, hrest, gerr, grest)
	}
	if herr != nil {
		return
	}
	hb, herr := h.appendInline(nil)
	gb, gerr := marshalInline(nil, g)
	if (herr == nil) != (gerr == nil) || herr != nil && herr.Error() != gerr.Error() || !bytes.Equal(hb, gb) {
		t.Fatalf("%q: written by hand:\n%s (%v)\nby reflection:\n%s (%v)", line, hb, herr, gb, gerr)
	}
}

// stepLines are the history lines of random fights of every ruleset.
func stepLines(t *testing.T) []string {
	var out []string
	for _, id := range []string{"pathmaster", "war-and-combat", "brp", "countdown", "energy"} {
		data, err := Encode(randomFight(t, id, 3, 40).Snapshot(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		_, hist, _ := strings.Cut(string(data), "\n[history]\n")
		for l := range strings.SplitSeq(hist, "\n") {
			if strings.HasPrefix(l, "{") {
				out = append(out, strings.TrimSuffix(l, ","))
			}
		}
	}
	return out
}

func TestStepLinesAsGeneric(t *testing.T) {
	lines := stepLines(t)
	if len(lines) < 100 {
		t.Fatalf("only %d lines", len(lines))
	}
	for _, l := range append(lines,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, roll = {expr = "d6", total = 7, typed = true, terms = [{kind = "dice", value = 7, sides = 6, faces = [1, 6], flags = [0, 1], open = true, args = 0}]}, fact = {Acts = {Value = 3}}}]}`,
		`{log = [], faces = [], cmd = {op = "next"}}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, round = 2}]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 99999999999999999999}]}`,
		`{cmd = {op = "next"}, faces = [01]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, who = {id = 1, name = "A", nick = "B"}}]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, roll = {expr = "d6", total = 1, typed = yes}}]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, roll = 3}]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, fact = {Acts = {Value = 3}, Acts = {}}}]}`,
		`{cmd = {op = "next"}, log = [{kind = "x", round = 1, hp = -0}] , faces = [+3, -4]} # a comment`,
		`{cmd = {op = "next"}, log = {}}`,
		`{cmd = {op = "next"}, faces = [1 2]}`,
	) {
		asGeneric(t, l)
	}
	// Lines cut short, and with a byte taken out or doubled, read alike:
	// every error is the same, at the same place. One line in 25 is cut
	// every way (one in 250 under the race detector, ten times slower).
	every := 25
	if raceBuild {
		every = 250
	}
	for i, l := range lines {
		if i%every != every/2 {
			continue
		}
		for n := range len(l) {
			asGeneric(t, l[:n])
			asGeneric(t, l[:n]+l[n+1:])
			asGeneric(t, l[:n]+l[n:n+1]+l[n:])
		}
	}
}
