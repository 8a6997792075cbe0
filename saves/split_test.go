package saves

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

// whole parses a save in one piece, as decodeTOML does for short saves.
func whole(t testing.TB, data []byte) (decoded, error) {
	t.Helper()
	var d decoded
	md, err := toml.Decode(string(data), &d.sf)
	if err == nil {
		d.hasSchema, d.undecoded = md.IsDefined("schema"), md.Undecoded()
	}
	return d, err
}

// A save parsed in parts is the save parsed whole, for every ruleset, with
// undone steps and in as many parts as there are cores or more.
func TestSplitParseIsWholeParse(t *testing.T) {
	for seed, rs := range []string{"pathmaster", "brp", "war-and-combat", "countdown", "energy"} {
		data, err := Encode(randomFight(t, rs, uint64(seed+1), 150).Snapshot(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		want, err := whole(t, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, parts := range []int{2, 3, 7} {
			got, ok := decodeSplit(data, parts, 8)
			if !ok {
				t.Fatalf("%s: a save fray wrote was not parsed in %d parts", rs, parts)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s in %d parts: not the whole file's parse", rs, parts)
			}
		}
	}
}

func TestSplitParseGivesUpOnWhatItCannotPlace(t *testing.T) {
	data, _ := Encode(randomFight(t, "pathmaster", 3, 120).Snapshot(), time.Now())
	s := string(data)
	first := strings.Index(s, "[[steps]]\n")
	mid := first + strings.Index(s[first+1:], "[[steps]]\n") + 1
	cases := map[string]string{
		// A multi-line string holding a line "[[steps]]": a cut there leaves
		// a part that does not parse.
		"a step line in a string": s[:mid] + "note = \"\"\"\n[[steps]]\nstill the note\n\"\"\"\n" + s[mid:],
		// A table after the steps belongs to the top level in no part.
		"a second [current]": s + "\n[current]\nname = \"again\"\n",
		// Steps before the first [[steps]] line, as a top-level array.
		"steps in the head": "undone = [{cmd = {op = \"next\"}}]\n" + s,
	}
	for name, text := range cases {
		if _, ok := decodeSplit([]byte(text), 2, 8); ok {
			t.Errorf("%s: parsed in parts", name)
		}
		// And Decode still reads it as the whole file says.
		_, werr := whole(t, []byte(text))
		_, err := Decode("x.toml", []byte(text), shippedRules)
		if (werr == nil) != (err == nil) && !strings.Contains(errString(err), "history") {
			t.Errorf("%s: whole parse %v, Decode %v", name, werr, err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Whatever the parts make of a save, the whole file must say the same.
func FuzzSplitParse(f *testing.F) {
	data, _ := Encode(randomFight(f, "brp", 5, 20).Snapshot(), time.Now())
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := decodeSplit(data, 3, 2)
		if !ok {
			return
		}
		want, err := whole(t, data)
		if err != nil {
			t.Fatalf("parsed in parts, but the whole file does not parse: %v", err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("the parts read\n%+v\nthe whole file\n%+v", got, want)
		}
	})
}
