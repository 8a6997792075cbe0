package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// maxColumns is the widest a line of Go code may be, a tab counted as 4.
const maxColumns = 140

// Every line of fray's Go code (tests aside: their tables of cases quote
// whole rulesets) fits in maxColumns.
func TestGoLinesFit(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			if n := columns(line); n > maxColumns {
				t.Errorf("%s:%d is %d columns wide (at most %d)", path, i+1, n, maxColumns)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// columns is how wide a line is, a tab counted as 4.
func columns(line string) int {
	return utf8.RuneCountInString(line) + 3*strings.Count(line, "\t")
}
