package content

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
)

// userDirs are GMs' directories the catalog must read as Load does.
var userDirs = map[string]map[string]string{
	"none": nil,
	"a house ruleset, a creature of it and one of Pathmaster's, a fight": {
		"house.toml": goodRuleset,
		"beasts.toml": `ruleset = "house"
[[creatures]]
id = "wolf"
name = "Wolf"
hp = 12
[[creatures]]
id = "orc"
ruleset = "pathmaster"
name = "Big orc"
hp = 90
`,
		"fights/den.toml": "id = \"den\"\nname = \"The den\"\nruleset = \"house\"\n[[roster]]\ncreature = \"wolf\"\ncount = 2\n",
	},
	"Pathmaster replaced, its demo replaced, a broken file, one id twice": {
		"pm.toml":           strings.Replace(strings.Replace(shippedFile("rulesets/pathmaster.toml"), "oe_high = 96", "oe_high = 91", 1), `name = "Pathmaster"`, `name = "My Pathmaster"`, 1),
		"demo.toml":         "id = \"pathmaster-demo\"\nname = \"My demo\"\nruleset = \"pathmaster\"\n[[roster]]\ncreature = \"orc\"\n",
		"demo2.toml":        "id = \"pathmaster-demo\"\nname = \"My demo\"\nruleset = \"pathmaster\"\n[[roster]]\ncreature = \"orc\"\n",
		"broken.toml":       "id = \"x\"\nname = \"X\nkind = 3\n",
		"bad.toml":          strings.Replace(goodRuleset, "2d10 + QU", "2d10 + QX", 1),
		"notes.txt":         "not content",
		"house.ledger.toml": "not read at all: [[[",
	},
}

func shippedFile(name string) string {
	b, err := builtin.ReadFile(name)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func writeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// sameAsLoad fails unless the catalog holds what Load makes of dir.
func sameAsLoad(t *testing.T, c *Catalog, probs []Problem, dir string) {
	t.Helper()
	l, want := Load(dir)
	if !slices.Equal(probs, want) {
		t.Errorf("problems:\n got  %v\n want %v", probs, want)
	}
	var ids []string
	for _, r := range l.Rulesets() {
		ids = append(ids, r.ID)
		info, ok := c.Info(r.ID)
		if want := (RulesetInfo{ID: r.ID, Name: r.Name, Description: r.Description, Origin: r.Origin, OE: r.OE()}); !ok || info != want {
			t.Errorf("%s: %+v, want %+v", r.ID, info, want)
		}
		got, ok := c.Ruleset(r.ID)
		if !ok || !reflect.DeepEqual(got.Ruleset, r.Ruleset) || got.Hash != r.Hash || got.Origin != r.Origin {
			t.Errorf("%s: the catalog's ruleset differs from Load's", r.ID)
		}
		if !reflect.DeepEqual(c.Creatures(r.ID), l.Creatures(r.ID)) {
			t.Errorf("%s: creatures\n got  %+v\n want %+v", r.ID, c.Creatures(r.ID), l.Creatures(r.ID))
		}
	}
	var got []string
	for _, r := range c.Rulesets() {
		got = append(got, r.ID)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("rulesets %v, want %v", got, ids)
	}
	if _, ok := c.Ruleset("nope"); ok {
		t.Error("a ruleset that is not there")
	}
	cd, ld := c.Tracker().Demos(), l.Tracker().Demos()
	if len(cd) != len(ld) {
		t.Fatalf("%d demos, want %d", len(cd), len(ld))
	}
	for i := range ld {
		if cd[i].ID != ld[i].ID || cd[i].Name != ld[i].Name || cd[i].Description != ld[i].Description || cd[i].Ruleset != ld[i].Ruleset {
			t.Errorf("demo %d: %+v, want %+v", i, cd[i], ld[i])
		}
		a, errA := cd[i].Roster()
		b, errB := ld[i].Roster()
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("demo %s: roster %+v (%v), want %+v (%v)", ld[i].ID, a, errA, b, errB)
		}
	}
}

// The catalog holds what Load would, whether its index was just made or
// read from the cache; from the cache, nothing is parsed until a ruleset
// is asked for, and then only what it needs.
func TestCatalogIsLoad(t *testing.T) {
	for name, files := range userDirs {
		t.Run(name, func(t *testing.T) {
			dir, cache := writeDir(t, files), t.TempDir()
			if files == nil {
				dir = filepath.Join(dir, "missing")
			}
			c, probs := Open(dir, cache)
			if c.Cached || c.all == nil {
				t.Fatal("the first start found an index")
			}
			for _, p := range probs {
				if strings.Contains(p.File, ".ledger.toml") {
					t.Errorf("a ledger was read: %v", p)
				}
			}
			sameAsLoad(t, c, probs, dir)

			c, probs = Open(dir, cache)
			if !c.Cached || c.all != nil || len(c.libs) != 0 {
				t.Fatalf("the second start did not use the index (cached %v) or parsed at once", c.Cached)
			}
			if _, ok := c.Info("pathmaster"); !ok || len(c.libs) != 0 {
				t.Error("what there is was parsed to tell")
			}
			if _, ok := c.Ruleset("countdown"); !ok || len(c.libs) != 1 {
				t.Errorf("one ruleset asked for: %d parsed", len(c.libs))
			}
			if l := c.libs["countdown"]; len(l.rulesets) != 1 || len(l.fights) != 1 {
				t.Errorf("countdown needs itself and its demo: %d rulesets, %d fights", len(l.rulesets), len(l.fights))
			}
			sameAsLoad(t, c, probs, dir)

			// Each ruleset asked for was kept as parsed: the third start
			// reads each back, and holds what Load does all the same.
			c, probs = Open(dir, cache)
			sameAsLoad(t, c, probs, dir)
			var ids []string
			for _, r := range c.Rulesets() {
				ids = append(ids, r.ID)
			}
			if kept := slices.Sorted(slices.Values(c.Kept)); !slices.Equal(kept, ids) {
				t.Errorf("read back as parsed before: %v, want every ruleset, %v", kept, ids)
			}
		})
	}
}

// A file of the GM's changed, added or taken away is seen at the next
// start, whatever its size and time; so is another program, or an index
// that does not read.
func TestCatalogNeverStale(t *testing.T) {
	dir, cache := writeDir(t, map[string]string{"house.toml": goodRuleset}), t.TempDir()
	house := filepath.Join(dir, "house.toml")
	name := func() string {
		t.Helper()
		c, _ := Open(dir, cache)
		info, _ := c.Info("house")
		return info.Name
	}
	cached := func() bool {
		c, _ := Open(dir, cache)
		return c.Cached
	}
	if name() != "House rules" || !cached() {
		t.Fatal("the index is not used")
	}
	st, _ := os.Stat(house)
	// The same size, and the time it had: only the bytes tell.
	os.WriteFile(house, []byte(strings.Replace(goodRuleset, "House rules", "Hovse rules", 1)), 0o644)
	os.Chtimes(house, st.ModTime(), st.ModTime())
	if got := name(); got != "Hovse rules" {
		t.Errorf("a changed file: %q", got)
	}
	if !cached() || name() != "Hovse rules" {
		t.Error("the index made anew is not used")
	}
	os.WriteFile(filepath.Join(dir, "more.toml"), []byte(strings.Replace(goodRuleset, `"house"`, `"more"`, 1)), 0o644)
	if c, _ := Open(dir, cache); c.Cached {
		t.Error("a file added")
	} else if _, ok := c.Info("more"); !ok {
		t.Error("the file added is not there")
	}
	os.Remove(house)
	if c, _ := Open(dir, cache); c.Cached {
		t.Error("a file taken away")
	} else if _, ok := c.Info("house"); ok {
		t.Error("the file taken away is still there")
	}

	idx := filepath.Join(cache, indexFile)
	data, _ := os.ReadFile(idx)
	another := strings.Repeat("x", len(programID())) // the same length: the file reads, and names another program
	os.WriteFile(idx, []byte(strings.Replace(string(data), programID(), another, 1)), 0o644)
	if cached() {
		t.Error("another program's index")
	}
	os.WriteFile(idx, data[:len(data)/2], 0o644)
	if cached() {
		t.Error("half an index")
	}
	os.Remove(idx)
	if err := syscall.Mkfifo(idx, 0o644); err != nil {
		t.Skip("no named pipes here")
	}
	if c, probs := Open(dir, cache); c.Cached || len(probs) > 0 {
		t.Errorf("a pipe for an index: cached %v, %v", c.Cached, probs)
	}
	if !cached() {
		t.Error("the pipe is not replaced by an index")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(cache, ".*tmp*")); len(leftovers) > 0 {
		t.Errorf("temp files left: %v", leftovers)
	}
}

// The index fray kept as JSON before is never read, and goes when the
// index is written: a cache directory holds one index.
func TestCatalogOldIndexGoes(t *testing.T) {
	cache := t.TempDir()
	old := filepath.Join(cache, oldIndexFile)
	os.WriteFile(old, []byte(`{"Format":1}`), 0o644)
	if c, _ := Open("", cache); c.Cached {
		t.Error("opened from the old index")
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("the old index is still there")
	}
	if c, _ := Open("", cache); !c.Cached {
		t.Error("the new index is not used")
	}
}

// Ledgers are not content: no listing of content files names one.
func TestLedgersAreNotContent(t *testing.T) {
	fsys := fstest.MapFS{
		"rulesets/a.toml": {}, "rulesets/a.ledger.toml": {}, "b.toml": {}, "c.txt": {}, "d/e.toml": {},
	}
	if got := tomlFiles(fsys, ".", false); !slices.Equal(got, []string{"b.toml", "d/e.toml", "rulesets/a.toml"}) {
		t.Errorf("content files: %v", got)
	}
}

// A ruleset asked for at once from many places is read once, and all of
// them get that one; what there is is known meanwhile.
func TestCatalogReadsARulesetOnce(t *testing.T) {
	cache := t.TempDir()
	Open("", cache) // the index
	c, _ := Open("", cache)
	c.Ruleset("pathmaster") // kept as parsed
	c, _ = Open("", cache)
	got := make([]*Ruleset, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			got[i], _ = c.Ruleset("pathmaster")
			if _, ok := c.Info("pathmaster"); !ok || len(c.Rulesets()) == 0 {
				t.Error("what there is is not known")
			}
		})
	}
	wg.Wait()
	for _, r := range got {
		if r == nil || r != got[0] {
			t.Fatalf("rulesets read: %p", got)
		}
	}
	if !slices.Equal(c.Kept, []string{"pathmaster"}) {
		t.Errorf("read back as parsed: %v", c.Kept)
	}
}
