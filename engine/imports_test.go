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
// way: engine -> engine/rules -> engine/dice; their tests import nothing
// outside engine/ either, but package narrate (which imports the engine
// alone), for the words of the log they check. Every package under engine/
// is walked, so a new one is held to this too.
func TestEngineImportsOnlyTheStandardLibrary(t *testing.T) {
	allowed := map[string][]string{
		"fray/engine":       {"fray/engine/rules", "fray/engine/dice"},
		"fray/engine/rules": {"fray/engine/dice"},
		"fray/engine/dice":  nil,
		// Helpers for tests: imported by _test.go files only.
		"fray/engine/enginetest": {"fray/engine", "fray/engine/rules", "fray/engine/dice", "fray/narrate"},
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
		// The engine's tests build the rulesets they need inline: a book's
		// worked examples are tested beside its content, in package content.
		for _, imp := range slices.Concat(pkg.TestImports, pkg.XTestImports) {
			first := strings.Split(imp, "/")[0]
			std := !strings.Contains(first, ".") && first != "fray"
			if !std && imp != "fray/engine" && !strings.HasPrefix(imp, "fray/engine/") && imp != "fray/narrate" {
				t.Errorf("%s's tests import %q: test the engine with inline rulesets (engine/enginetest), a book with its content (package content)", path, imp)
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

// enginetest is for tests: no package of the module imports it outside a
// _test.go file.
func TestEnginetestOnlyInTests(t *testing.T) {
	seen := 0
	err := filepath.WalkDir("..", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); dir != ".." && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		seen++
		if slices.Contains(pkg.Imports, "fray/engine/enginetest") {
			t.Errorf("%s imports fray/engine/enginetest outside its tests", filepath.ToSlash(dir))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 8 {
		t.Errorf("walked %d packages: is .. the module's root?", seen)
	}
}
