package ledger

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// TestFunc is a test function of the repository, as a ledger names it.
type TestFunc struct {
	Name string
	Dir  string // its package's directory, from the module's root, slash-separated ("content", ".")
	File string // from the module's root
	Line int
	// Ledger is what its comment lines "// ledger: ruleset/rule ..." name.
	Ledger []string
	// Subtests are the names of the subtests it runs by a literal name
	// (t.Run("stun-recovery", ...)).
	Subtests []string
	// Constraint is its file's build constraint (//go:build e2e), if any:
	// such a test does not run in go test ./....
	Constraint string
}

// Proves reports whether the test names the rule: a comment line
// "// ledger: ruleset/rule" in its doc comment or body, or a subtest whose
// name is the rule's id.
func (t TestFunc) Proves(ruleset, rule string) bool {
	return slices.Contains(t.Ledger, ruleset+"/"+rule) || slices.Contains(t.Subtests, rule)
}

// ModuleRoot is the directory holding go.mod at or above dir.
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if st, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !st.IsDir() {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod at or above %s", dir)
		}
		dir = up
	}
}

// FindTests reads every *_test.go file of the module at root (leaving out
// testdata, vendor and hidden directories, and nested modules) and returns
// its test functions, func TestX(t *testing.T), by name: one name may be a
// test in several packages.
func FindTests(root string) (map[string][]TestFunc, error) {
	out := map[string][]TestFunc{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root {
				if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		dir := filepath.ToSlash(filepath.Dir(rel))
		for _, t := range testFuncs(fset, f) {
			t.File, t.Dir = rel, dir
			t.Constraint = constraint(f)
			out[t.Name] = append(out[t.Name], t)
		}
		return nil
	})
	return out, err
}

// testFuncs are a file's func TestX(t *testing.T).
func testFuncs(fset *token.FileSet, f *ast.File) []TestFunc {
	// The names the file gives the testing package.
	var testing []string
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "testing" {
			name := "testing"
			if imp.Name != nil {
				name = imp.Name.Name
			}
			testing = append(testing, name)
		}
	}
	var out []TestFunc
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || fn.Body == nil || !isTestName(fn.Name.Name) || !takesT(fn.Type, testing) {
			continue
		}
		t := TestFunc{Name: fn.Name.Name, Line: fset.Position(fn.Pos()).Line}
		var groups []*ast.CommentGroup
		if fn.Doc != nil {
			groups = append(groups, fn.Doc)
		}
		for _, g := range f.Comments {
			if g.Pos() > fn.Body.Lbrace && g.End() < fn.Body.Rbrace {
				groups = append(groups, g)
			}
		}
		for _, g := range groups {
			for _, c := range g.List {
				t.Ledger = append(t.Ledger, ledgerComment(c.Text)...)
			}
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Run" {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil {
						t.Subtests = append(t.Subtests, s)
					}
				}
			}
			return true
		})
		out = append(out, t)
	}
	return out
}

// ledgerComment reads a comment line "// ledger: brp/armour brp/bleeding".
func ledgerComment(text string) []string {
	s, ok := strings.CutPrefix(text, "//")
	if !ok {
		return nil
	}
	s, ok = strings.CutPrefix(strings.TrimSpace(s), "ledger:")
	if !ok {
		return nil
	}
	return strings.Fields(s)
}

// isTestName is a test function's name: Test, then nothing or a character
// that is not a lower-case letter (as go test has it).
func isTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	if !ok {
		return false
	}
	return rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z')
}

// takesT reports whether the function is func(t *testing.T), with no results.
func takesT(ft *ast.FuncType, testing []string) bool {
	if ft.TypeParams != nil || ft.Results != nil || ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) > 1 {
		return false
	}
	star, ok := ft.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "T" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && slices.Contains(testing, pkg.Name)
}

// constraint is a file's //go:build line, if any.
func constraint(f *ast.File) string {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if s, ok := strings.CutPrefix(c.Text, "//go:build "); ok {
				return strings.TrimSpace(s)
			}
		}
	}
	return ""
}

// CheckTests checks the tests a ledger names: each is a test function of the
// repository that runs in go test ./... and names the rule it proves.
// tests is what FindTests found; ruleset is the ledger's ruleset id.
func (l *Ledger) CheckTests(ruleset string, tests map[string][]TestFunc) Problems {
	var out Problems
	for _, r := range l.Rules {
		at := r.keyAt["tests"]
		if at.Line == 0 {
			at = r.at
		}
		for _, name := range r.Tests {
			found := tests[name]
			bad := func(format string, args ...any) {
				out = append(out, Problem{File: l.File, Line: at.Line, Col: at.Col, Msg: fmt.Sprintf("rule %q: %s", r.ID, fmt.Sprintf(format, args...))})
			}
			switch {
			case len(found) == 0:
				bad("%s is not a test function of the repository (func %s(t *testing.T) in a _test.go file)", name, name)
			case !slices.ContainsFunc(found, func(t TestFunc) bool { return t.Constraint == "" }):
				bad("%s is in %s, built only with %q: a ledger names tests go test ./... runs", name, found[0].File, found[0].Constraint)
			case !slices.ContainsFunc(found, func(t TestFunc) bool { return t.Proves(ruleset, r.ID) }):
				bad("%s (%s:%d) does not name the rule: add the comment line \"// ledger: %s/%s\" to it (or run a subtest named %q)", name, found[0].File, found[0].Line, ruleset, r.ID, r.ID)
			}
		}
	}
	return out
}

// NamedRules checks the other way: every "// ledger: ruleset/rule" comment
// of a test names a rule of the ledger that names the test. A comment left
// behind when a rule is renamed or a test unnamed is a claim nobody checks.
func (l *Ledger) NamedRules(ruleset string, tests map[string][]TestFunc) []string {
	var out []string
	for name, fs := range tests {
		for _, t := range fs {
			for _, id := range t.Ledger {
				rs, rule, ok := strings.Cut(id, "/")
				if !ok || rs != ruleset {
					continue
				}
				r, found := l.Rule(rule)
				switch {
				case !found:
					out = append(out, fmt.Sprintf("%s:%d: %s names %s, which the ledger does not hold", t.File, t.Line, name, id))
				case !slices.Contains(r.Tests, name):
					out = append(out, fmt.Sprintf("%s:%d: %s names %s, but the rule does not name the test", t.File, t.Line, name, id))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
