package engine_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The engine and its packages use the standard library only, and point one
// way: engine -> engine/rules -> engine/dice. Every package under engine/ is
// walked, so a new one is held to this too.
func TestEngineImportsOnlyTheStandardLibrary(t *testing.T) {
	allowed := map[string][]string{
		"fray/engine":       {"fray/engine/rules", "fray/engine/dice"},
		"fray/engine/rules": {"fray/engine/dice"},
		"fray/engine/dice":  nil,
		// Helpers for tests: imported by _test.go files only.
		"fray/engine/enginetest": {"fray/engine", "fray/engine/rules", "fray/engine/dice"},
	}
	seen := 0
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		pkg, err := build.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		path := filepath.ToSlash(filepath.Join("fray/engine", dir))
		ok, known := allowed[path]
		if !known {
			t.Errorf("%s: a package under engine/ that this test does not place: add it to the allowed map", path)
		}
		seen++
		for _, imp := range pkg.Imports {
			first := strings.Split(imp, "/")[0]
			std := !strings.Contains(first, ".") && first != "fray"
			if !std && !slices.Contains(ok, imp) {
				t.Errorf("%s imports %q: the engine uses the standard library only, and imports point engine -> rules -> dice", path, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen != len(allowed) {
		t.Errorf("walked %d packages, want %d: is this the engine directory?", seen, len(allowed))
	}
}
