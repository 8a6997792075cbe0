package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deepCreatures is a creature file of 40 KB whose one creature's stats
// are inline tables 10,000 deep: the TOML library took 7 s and 4 GB over
// it, at every start and every command.
func deepCreatures() string {
	return "[[creatures]]\nid = \"deep\"\nname = \"Deep\"\nruleset = \"brp\"\nhp = 9\nstats = " +
		strings.Repeat("{a=", 10000) + "1" + strings.Repeat("}", 10000) + "\n"
}

// It is refused before the library reads it, with where and why.
func TestDeepNestingIsRefused(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "deep.toml"), []byte(deepCreatures()), 0o644)
	// A key of 10,000 dotted parts costs the library as much.
	os.WriteFile(filepath.Join(dir, "dotted.toml"), []byte("[[creatures]]\nid = \"x\"\n"+"a"+strings.Repeat(".b", 10000)+" = 1\n"), 0o644)
	_, probs := Load(dir)
	if len(probs) != 2 {
		t.Fatalf("problems: %v", probs)
	}
	for _, p := range probs {
		if !strings.Contains(p.Msg, "nested more than 32 deep") {
			t.Errorf("%v", p)
		}
		switch filepath.Base(p.File) {
		case "deep.toml":
			if p.Line != 6 || p.Col != 9+3*32 {
				t.Errorf("%v: want line 6, column %d", p, 9+3*32)
			}
		case "dotted.toml":
			if p.Line != 3 || p.Col != 2+2*32 {
				t.Errorf("%v: want line 3, column %d", p, 2+2*32)
			}
		default:
			t.Errorf("%v", p)
		}
	}
}

// BenchmarkDeepContent is the start of a fray whose content directory holds
// the deep creature file: the file is refused in a scan of its 40 KB.
func BenchmarkDeepContent(b *testing.B) {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "deep.toml"), []byte(deepCreatures()), 0o644)
	for b.Loop() {
		if _, probs := Load(dir); len(probs) != 1 {
			b.Fatal(probs)
		}
	}
}
