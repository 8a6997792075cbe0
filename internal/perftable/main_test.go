package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// benchmarks are the Benchmark functions of the package in dir, whatever
// their build tags.
func benchmarks(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s: no test files (%v)", dir, err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Benchmark") {
				out = append(out, strings.TrimPrefix(fn.Name.Name, "Benchmark"))
			}
		}
	}
	return out
}

// tableNames are the benchmarks the README's table names, with the package
// of each row: "./saves Change/100_events".
func tableNames(t *testing.T, readme string) (rows [][]string) {
	t.Helper()
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("the README has no %s ... %s", begin, end)
	}
	pkgRE := regexp.MustCompile("^`(\\.[^`]*)` ")
	nameRE := regexp.MustCompile("`Benchmark([^`]+)`")
	for line := range strings.SplitSeq(readme[i:j], "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.Contains(line, "`Benchmark") {
			continue
		}
		cell := strings.TrimSpace(cells[len(cells)-2])
		m := pkgRE.FindStringSubmatch(cell)
		if m == nil {
			t.Errorf("a row names no package: %s", line)
			continue
		}
		row := []string{strings.TrimSpace(cells[1])}
		for _, n := range nameRE.FindAllStringSubmatch(cell, -1) {
			row = append(row, m[1]+" "+n[1])
		}
		rows = append(rows, row)
	}
	return rows
}

func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "performance.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// missing are the names (as "pkg Name/sub") whose benchmark function is
// not in its package.
func missing(t *testing.T, names []string) []string {
	var out []string
	found := map[string][]string{}
	for _, n := range names {
		pkg, name, _ := strings.Cut(n, " ")
		if found[pkg] == nil {
			found[pkg] = benchmarks(t, filepath.Join("..", "..", pkg))
		}
		if !slices.Contains(found[pkg], strings.SplitN(name, "/", 2)[0]) {
			out = append(out, n)
		}
	}
	return out
}

// The README's table names only benchmarks that exist, and exactly the
// rows perftable writes: it is never edited by hand. (Sub-benchmarks are
// made as a benchmark runs: -verify checks them against a run of every
// benchmark, which CI makes.)
func TestTableNamesRealBenchmarks(t *testing.T) {
	got := tableNames(t, readme(t))
	var want [][]string
	var all []string
	for _, r := range rows {
		row := []string{r.what}
		for _, n := range r.names() {
			row = append(row, r.pkg+" "+n)
		}
		want = append(want, row)
		all = append(all, row[1:]...)
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the README's table is not perftable's: run go run ./internal/perftable\n got  %q\n want %q", got, want)
	}
	for _, r := range got {
		if m := missing(t, r[1:]); len(m) > 0 {
			t.Errorf("the README's table names benchmarks that do not exist: %v", m)
		}
	}
	if m := missing(t, all); len(m) > 0 {
		t.Errorf("perftable names benchmarks that do not exist: %v", m)
	}
	// The check can fail.
	if m := missing(t, []string{"./saves Change/100_events", "./saves Chnage/100_events"}); !slices.Equal(m, []string{"./saves Chnage/100_events"}) {
		t.Errorf("a benchmark that does not exist is not found missing: %v", m)
	}
}

func TestVerifyRan(t *testing.T) {
	var out strings.Builder
	pkg := ""
	for _, b := range allBenches() {
		if p := importPath(b.pkg); p != pkg {
			out.WriteString("goos: linux\npkg: " + p + "\n")
			pkg = p
		}
		out.WriteString("Benchmark" + b.name + "-2   \t       1\t   3187980 ns/op\n")
	}
	if m := verifyRan([]byte(out.String())); len(m) > 0 {
		t.Errorf("all ran, yet missing: %v", m)
	}
	cut := strings.Replace(out.String(), "BenchmarkChange/1000_events-2", "BenchmarkChange/1000_evnts-2", 1)
	if m := verifyRan([]byte(cut)); !slices.Equal(m, []string{"./saves BenchmarkChange/1000_events"}) {
		t.Errorf("one did not run: %v", m)
	}
	got := parseBench([]byte("pkg: fray\nBenchmarkTmuxFirstFrame/fray-demo-2   \t      40\t  99847754 ns/op\t        85.73 ms-median\n"))
	if r := got[bench{"fray", "TmuxFirstFrame/fray-demo"}]; r.metrics["ms-median"] != 85.73 || r.metrics["ns/op"] != 99847754 {
		t.Errorf("parsed %+v", got)
	}
}

func TestReplaceTable(t *testing.T) {
	in := "# fray\n\n## Performance\n\n" + begin + "\nold\n" + end + "\n\nafter\n"
	got, err := replaceTable(in, "new\n")
	if err != nil || got != "# fray\n\n## Performance\n\n"+begin+"\nnew\n"+end+"\n\nafter\n" {
		t.Errorf("%q %v", got, err)
	}
	if _, err := replaceTable("no markers", "x"); err == nil {
		t.Error("no markers, no error")
	}
}
