package export_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"fray/engine"
	"fray/export"
	"fray/session"
)

// names a GM may type, or a file hold: escapes, bidi overrides, joiners,
// controls, a Markdown link, stars and line breaks.
var hostileNames = []string{
	"Orc\x1b[2J\u202eevil",
	"Ghoul\x7f\u0085\u200b",
	"👨\u200d👩\u200d👧 family",
	"می\u200cخواهم",
	"Tag\U000E0041\U000E0042",
	"[l](javascript:alert(1))",
	"Orc **boss**",
	"two\nlines\r\nthree",
}

// hostilePlay is the demo with a combatant of each hostile name, each
// taking a blow in round 1.
func hostilePlay(t *testing.T) (string, *engine.Fight) {
	var join []engine.NewCombatant
	for _, n := range hostileNames {
		join = append(join, engine.NewCombatant{Name: n, Side: "foes", HP: 10})
	}
	_, f := demoPlay{seed: 7, rounds: 1, join: join,
		setup: func(do func(engine.Command), id func(string) int) {
			for _, n := range hostileNames {
				do(engine.Damage{Who: id(n), Amount: 1})
			}
		},
		blows: func(func(string) int) map[int]map[string]engine.Command { return nil },
	}.play(t)
	return "Bridge\n# ambush [x](javascript:y)", f
}

// The JSON record, printed as fray prints (made safe to show), gives every
// name back exactly: what a terminal would not show as itself is escaped,
// not replaced.
func TestJSONGivesNamesBackExactly(t *testing.T) {
	name, f := hostilePlay(t)
	var out bytes.Buffer
	w := session.SafeWriter(&out) // as fray export prints to its stdout
	if err := export.Write(w, name, f, "json", export.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, _, bad := session.Unsafe(out.String()); bad {
		t.Fatal("the JSON is not safe to show as it is")
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		var e struct{ Name, Text string }
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		seen[e.Name] = true
		for _, n := range hostileNames {
			if strings.Contains(e.Text, n+" takes 1") {
				seen["text:"+n] = true
			}
		}
	}
	for _, n := range hostileNames {
		if !seen[n] || !seen["text:"+n] {
			t.Errorf("%q does not come back exactly (as a name %v, in a line %v)", n, seen[n], seen["text:"+n])
		}
	}
}

// The Markdown record reads every name as text: no link, no bold, no line
// break that ends a heading or an item.
func TestMarkdownEscapesNames(t *testing.T) {
	name, f := hostilePlay(t)
	var b bytes.Buffer
	if err := export.Write(&b, name, f, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if first := strings.SplitN(md, "\n", 2)[0]; first != `# Bridge # ambush [x\](javascript:y)` {
		t.Errorf("the heading: %q", first)
	}
	if link := regexp.MustCompile(`[^\\]\]\(`).FindString(md); link != "" {
		t.Errorf("the record has a link: %q", link)
	}
	for _, bad := range []string{"**boss**", "\nlines", "\nthree", "\n# ambush"} {
		if strings.Contains(md, bad) {
			t.Errorf("the record has %q:\n%s", bad, md)
		}
	}
	for _, want := range []string{`[l\](javascript:alert(1))`, `Orc \*\*boss\*\*`, "two lines three", "- **Gavvin**: "} {
		if !strings.Contains(md, want) {
			t.Errorf("the record lacks %q:\n%s", want, md)
		}
	}
	// Every line is a heading, an item, a table row, text, or empty.
	for _, l := range strings.Split(md, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "- ") && !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "Pathmaster") && !strings.HasPrefix(l, "Damage dealt") {
			t.Errorf("a line broken out of its place: %q", l)
		}
	}
}
