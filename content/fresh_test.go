package content

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// A tracker's catalog takes in the GM's directory as it changes (a creature
// fray creature add wrote, one changed or taken out) when asked, reading it
// again only when a file's name, size or time changed; a file that stops
// loading leaves the catalog as it was, and says why.
func TestRefreshTakesInWhatChangedInTheDirectory(t *testing.T) {
	wolf := "ruleset = \"pathmaster\"\n[[creatures]]\nid = \"wolf\"\nname = \"Wolf\"\nhp = 12\n"
	dir := writeDir(t, map[string]string{"beasts.toml": wolf, "old.toml": "id = \"x\"\nname = \"X\nkind = 3\n"})
	c, probs := Open(dir, t.TempDir())
	if len(probs) != 1 || !strings.HasSuffix(probs[0].File, "old.toml") {
		t.Fatalf("problems as it opens: %v", probs)
	}
	hp := func(id string) int {
		t.Helper()
		i := slices.IndexFunc(c.Creatures("pathmaster"), func(c Creature) bool { return c.ID == id })
		if i < 0 {
			return -1
		}
		return c.Creatures("pathmaster")[i].HP
	}
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		before, statErr := os.Stat(p)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if statErr == nil { // a second later, on a file system with coarse times too
			later := before.ModTime().Add(time.Second)
			os.Chtimes(p, later, later)
		}
	}
	if hp("wolf") != 12 {
		t.Fatalf("the wolf as it opens: %d", hp("wolf"))
	}
	lib := c.lib("pathmaster")
	if ps := c.Refresh(); ps != nil || c.lib("pathmaster") != lib {
		t.Errorf("nothing changed, yet the directory was read again (%v)", ps)
	}

	write("more.toml", "ruleset = \"pathmaster\"\n[[creatures]]\nid = \"bear\"\nname = \"Bear\"\nhp = 30\n")
	if ps := c.Refresh(); ps != nil || hp("bear") != 30 || hp("wolf") != 12 {
		t.Errorf("a file added: bear %d, wolf %d (%v)", hp("bear"), hp("wolf"), ps)
	}
	write("beasts.toml", strings.Replace(wolf, "hp = 12", "hp = 19", 1)) // the same size
	if ps := c.Refresh(); ps != nil || hp("wolf") != 19 {
		t.Errorf("a creature changed: wolf %d (%v)", hp("wolf"), ps)
	}

	write("beasts.toml", wolf+"[[creatures]]\nid = \"ogre\"\nname = \"Ogre\"\nhp = \"lots\"\n")
	ps := c.Refresh()
	if len(ps) != 1 || !strings.HasSuffix(ps[0].File, "beasts.toml") || !strings.Contains(ps[0].Msg, "hp") {
		t.Errorf("a file that does not load now: %v", ps)
	}
	if hp("wolf") != 19 || hp("bear") != 30 || hp("ogre") != -1 {
		t.Errorf("the creatures were not kept as they were: wolf %d, bear %d, ogre %d", hp("wolf"), hp("bear"), hp("ogre"))
	}
	lib = c.lib("pathmaster")
	if again := c.Refresh(); len(again) != 1 || c.lib("pathmaster") != lib {
		t.Errorf("asked again, the same file: %v", again)
	}

	// Mended, with a file taken out: taken in, though old.toml, bad from
	// the start, is bad still.
	write("beasts.toml", wolf)
	os.Remove(filepath.Join(dir, "more.toml"))
	if ps := c.Refresh(); ps != nil || hp("wolf") != 12 || hp("bear") != -1 {
		t.Errorf("mended, the bear taken out: wolf %d, bear %d (%v)", hp("wolf"), hp("bear"), ps)
	}
}

// A directory that was not there as the catalog opened is taken in once it
// is: the first creature fray creature add writes makes it.
func TestRefreshTakesInADirectoryMadeLater(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "fray")
	c, _ := Open(dir, "")
	if ps := c.Refresh(); ps != nil || len(c.Creatures("brp")) == 0 {
		t.Fatalf("no directory: %v", ps)
	}
	n := len(c.Creatures("brp"))
	os.MkdirAll(filepath.Join(dir, "creatures"), 0o755)
	brawler := "ruleset = \"brp\"\n[[creatures]]\nid = \"brawler\"\nname = \"Brawler\"\nhp = 12\n"
	os.WriteFile(filepath.Join(dir, "creatures", "brp.toml"), []byte(brawler), 0o644)
	if ps := c.Refresh(); ps != nil || len(c.Creatures("brp")) != n+1 {
		t.Errorf("the directory made: %d creatures, want %d (%v)", len(c.Creatures("brp")), n+1, ps)
	}
}
