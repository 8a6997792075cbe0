package saves

import (
	"reflect"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/engine/rules"
)

// viaTOML decodes a line as the TOML library does, as the value of a key.
func viaTOML[T any](line string) (T, error) {
	var v struct{ X T }
	_, err := toml.Decode("X = "+line, &v)
	return v.X, err
}

// sampleCommands are lines of commands: the inline writer and reader are
// tested on the line as written, whatever its op reads (commands.go reads
// the command out of it).
func sampleCommands() []cmdLine {
	init := 7
	return []cmdLine{
		{Op: engine.OpNext},
		{Op: engine.OpDamage, Who: 2, Expr: "1d6 + 2"},
		{Op: engine.OpHeal, Who: 1, Amount: -3},
		{Op: engine.OpCondition, Who: 3, Condition: "prone", Amount: 2, Duration: rules.UntilRoundEnd, Remove: true},
		{Op: engine.OpAdd, Add: []engine.NewCombatant{
			{Name: "Orc \"the\" 1", Template: "orc", Side: "foes", HP: 9, Stats: map[string]int{"QU": 5, "Odd key": -1, "": 3}, Notes: "tab\there\nnew line", Init: &init},
			{Name: "Zero", HP: 0},
		}},
		{Op: engine.OpNotes, Who: 1, Text: "escape \x1b[2J bell \a nul \x00 del \x7f c1 \u009b bidi \u202e zw \u200b bom \ufeff sep \u2028 ünï 🐉 bad \xff end"},
		{Op: engine.OpResist, Who: 4, AttackLevel: 3, DefenceLevel: 5, Expr: "-10", Text: "poison"},
	}
}

// What fray writes, it reads back as it was (text that is not UTF-8 comes
// back as U+FFFD), and so does the TOML library.
func TestInlineRoundTrip(t *testing.T) {
	for _, c := range sampleCommands() {
		b, err := marshalInline(nil, c)
		if err != nil {
			t.Fatal(err)
		}
		line := string(b)
		for _, r := range line {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == '\u202e' || r == '\u200b' || r == '\ufeff' {
				t.Fatalf("%q: a character a terminal would act on is written raw", line)
			}
		}
		want := c
		want.Text = strings.ToValidUTF8(c.Text, "\ufffd")
		var got cmdLine
		rest, err := unmarshalInline(line, &got)
		if err != nil || rest != "" {
			t.Fatalf("%s: %v (left %q)", line, err, rest)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("read back\n%+v\nwrote\n%+v", got, want)
		}
		lib, err := viaTOML[cmdLine](line)
		if err != nil || !reflect.DeepEqual(lib, want) {
			t.Fatalf("the TOML library reads %s as\n%+v (%v)", line, lib, err)
		}
	}
	l, _ := lineOf(engine.Damage{Who: 2, Expr: "1d6"})
	b, _ := marshalInline(nil, l)
	if string(b) != `{op = "damage", who = 2, expr = "1d6"}` {
		t.Errorf("written as %s", b)
	}
}

func TestInlineRefuses(t *testing.T) {
	for _, line := range []string{
		`{op = "next"`, `{op = "next",}`, `{op = next}`, `{OP = "next"}`, `{op = "next", op = "end"}`,
		`{who = 01}`, `{who = 1_0}`, `{who = 99999999999999999999}`, `{who = 1.5}`, `{who = 0x10}`,
		`{remove = yes}`, `{remove = truely}`, `{text = "a` + "\x1b" + `b"}`, `{text = "\q"}`, `{text = "\uD800"}`,
		`{text = "` + "\xff" + `"}`, `{add = [{name = "A"}, ]x}`, `{add.name = "A"}`, `{text = 'literal'}`,
		strings.Repeat(`{add = [`, 40),
	} {
		var c cmdLine
		if _, err := unmarshalInline(line, &c); err == nil {
			t.Errorf("%s: read as %+v", line, c)
		}
	}
}

// Whatever the inline reader takes, the TOML library reads the same; and
// what it reads, it writes back to a line that reads the same again.
func FuzzInline(f *testing.F) {
	for _, c := range sampleCommands() {
		b, _ := marshalInline(nil, c)
		f.Add(string(b))
	}
	f.Add(`{faces = [1, 2, 3], cmd = {op = "start"}}`)
	f.Add(`{cmd = {op = "damage", who = 3, expr = "1d6"}, faces = [6], log = [{kind = "roll", round = 2, who = {id = 3, name = "Orc"}, roll = {expr = "1d6", total = 6, terms = [{kind = "dice", text = "1d6", value = 6, sides = 6, faces = [6]}]}, private = "foe_roll", fact = {DamageRoll = {}}}, {kind = "damage", round = 2, who = {id = 3, name = "Orc"}, hp = -6, fact = {Damaged = {Amount = 6, Before = 34, After = 28}}}]}`)
	f.Add(`{cmd = {op = "next"}, log = [{kind = "order", round = 1, fact = {Order = {Places = [{Who = {ID = 1, Name = "A"}, Value = 9}]}}}]}`)
	f.Fuzz(func(t *testing.T, line string) {
		var got hline
		rest, err := unmarshalInline(line, &got)
		if err != nil {
			return
		}
		lib, lerr := viaTOML[hline](line[:len(line)-len(rest)])
		if lerr != nil {
			t.Fatalf("%q read here, but the TOML library says %v", line, lerr)
		}
		if !engine.Same(lib, got) {
			t.Fatalf("%q: read as\n%#v\nthe TOML library\n%#v", line, got, lib)
		}
		if cmd, err := got.Cmd.command(); err == nil {
			// A command read from a line writes back as that line.
			back, err := lineOf(cmd)
			if err != nil || !engine.Same(back, got.Cmd) {
				t.Fatalf("%q: the command %#v writes back as %#v (%v)", line, cmd, back, err)
			}
		}
		b, err := marshalInline(nil, got)
		if err != nil {
			t.Fatal(err)
		}
		var again hline
		if _, err := unmarshalInline(string(b), &again); err != nil || !engine.Same(again, got) {
			t.Fatalf("%q written as %s, read back as %#v (%v)", line, b, again, err)
		}
	})
}
