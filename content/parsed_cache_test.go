package content

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/engine/dice"
)

// A ruleset kept as parsed is read back only while it is what its files
// hold: a change to a file the GM made, whatever its size and time, is
// parsed at the next start; a kept file damaged, cut short or replaced by
// another ruleset's is parsed again and kept anew.
func TestParsedRulesetsNeverStale(t *testing.T) {
	dir, cache := writeDir(t, map[string]string{"house.toml": goodRuleset}), t.TempDir()
	house := filepath.Join(dir, "house.toml")
	start := func() (name string, kept bool) {
		t.Helper()
		c, probs := Open(dir, cache)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		r, ok := c.Ruleset("house")
		if !ok {
			t.Fatal("no house ruleset")
		}
		return r.Name, slices.Contains(c.Kept, "house")
	}
	start() // the index made
	if name, kept := start(); name != "House rules" || kept {
		t.Fatalf("the first start from the index: %q, read back %v", name, kept)
	}
	if name, kept := start(); name != "House rules" || !kept {
		t.Fatalf("the ruleset is not read back as parsed: %q, read back %v", name, kept)
	}

	st, _ := os.Stat(house)
	os.WriteFile(house, []byte(strings.Replace(goodRuleset, "House rules", "Hovse rules", 1)), 0o644)
	os.Chtimes(house, st.ModTime(), st.ModTime())
	for i, want := range []bool{false, false, true} { // the index made again, the ruleset parsed, then read back
		if name, kept := start(); name != "Hovse rules" || kept != want {
			t.Errorf("start %d after a change of the same size and time: %q, read back %v (want %v)", i+1, name, kept, want)
		}
	}

	kept := parsedPath(cache, "house")
	data, err := os.ReadFile(kept)
	if err != nil {
		t.Fatal(err)
	}
	for what, bad := range map[string][]byte{
		"cut short": data[:len(data)/2],
		"damaged":   append(slices.Clone(data[:len(data)-40]), strings.Repeat("\xff", 40)...),
		"empty":     nil,
		"not gob":   []byte("house = 'rules'\n"),
	} {
		os.WriteFile(kept, bad, 0o644)
		if name, k := start(); name != "Hovse rules" || k {
			t.Errorf("%s: %q, read back %v", what, name, k)
		}
		if name, k := start(); name != "Hovse rules" || !k {
			t.Errorf("%s, then kept anew: %q, read back %v", what, name, k)
		}
	}
	// Another ruleset's, kept under this one's name, is not this one.
	other := t.TempDir()
	Open("", other)
	c, _ := Open("", other)
	c.Ruleset("countdown")
	countdown, err := os.ReadFile(parsedPath(other, "countdown"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(kept, countdown, 0o644)
	if name, k := start(); name != "Hovse rules" || k {
		t.Errorf("another ruleset's kept file: %q, read back %v", name, k)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(cache, "*tmp*")); len(leftovers) > 0 {
		t.Errorf("temp files left: %v", leftovers)
	}
}

// Pathmaster's threshold at 0% (at_most = 0, a pointer to a zero value)
// comes back as it was parsed, not as no threshold.
func TestParsedKeepsAPointerToZero(t *testing.T) {
	cache := t.TempDir()
	Open("", cache)
	c, _ := Open("", cache)
	want, _ := c.Ruleset("pathmaster")
	zero := false
	for _, th := range want.Thresholds {
		zero = zero || th.AtMostPct != nil && *th.AtMostPct == 0
	}
	if !zero {
		t.Fatal("Pathmaster has no threshold at 0%: the test checks nothing")
	}
	c, _ = Open("", cache)
	got, _ := c.Ruleset("pathmaster")
	if !slices.Contains(c.Kept, "pathmaster") {
		t.Fatal("Pathmaster is not read back as parsed")
	}
	for i, th := range got.Thresholds {
		if (th.AtMostPct == nil) != (want.Thresholds[i].AtMostPct == nil) {
			t.Errorf("threshold %d: at_most set %v, parsed %v", i, th.AtMostPct != nil, want.Thresholds[i].AtMostPct != nil)
		}
	}
}

// What is kept reads back exactly: a nil list or map and an empty one, a
// pointer to zero and nil, a dice expression, numbers at their limits; a
// value that cannot be kept (a field not exported and set, a function) is
// refused, and a file cut short anywhere does not read.
func TestParsedCodecIsExact(t *testing.T) {
	type inner struct {
		N *int
		S []string
	}
	type value struct {
		A, B     []int
		M, E     map[string]inner
		P, Z     *int
		X        dice.Expr
		Min, Max int64
		U        uint8
		F        float64
		In       []inner
		Arr      [2]bool
		T        string
	}
	zero, x := 0, dice.MustParse("2d10 + QU")
	want := value{A: []int{}, M: map[string]inner{"a": {N: &zero, S: []string{}}, "b": {}}, P: &zero, X: x,
		Min: math.MinInt64, Max: math.MaxInt64, U: 255, F: -1.5, In: []inner{{}, {N: &zero}}, Arr: [2]bool{false, true}, T: "héllo"}
	data, err := appendValue(nil, reflect.ValueOf(want))
	if err != nil {
		t.Fatal(err)
	}
	var got value
	r := &reader{s: string(data)}
	if err := r.value(reflect.ValueOf(&got).Elem()); err != nil || len(r.s) != 0 {
		t.Fatalf("read back: %v, %d bytes left", err, len(r.s))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n got  %+v\n want %+v", got, want)
	}
	for n := range len(data) {
		var v value
		if err := (&reader{s: string(data[:n])}).value(reflect.ValueOf(&v).Elem()); err == nil {
			t.Errorf("cut at %d of %d bytes, it reads", n, len(data))
		}
	}
	type hidden struct{ a int }
	type fn struct{ F func() }
	for _, bad := range []any{hidden{a: 1}, fn{F: func() {}}} {
		if _, err := appendValue(nil, reflect.ValueOf(bad)); err == nil {
			t.Errorf("%T was kept", bad)
		}
	}
	if _, err := appendValue(nil, reflect.ValueOf(hidden{})); err != nil {
		t.Errorf("an empty field not exported: %v", err)
	}
}
