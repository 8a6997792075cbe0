package engine_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A command carries only what its op reads. The test reads the engine's
// source: for each payload type, the handlers (*tx).apply sends it to, and
// every function they call in turn, must between them read each of its
// fields. A field no code on that path reads fails the test, naming it.
//
// Why read the source rather than run the commands: a run shows a field
// mattering only where the test builds a fight in which it matters, for
// each field of each op; a field that is carried and never read shows no
// difference in any run, and so passes unseen, which is the fault this
// test is for. The source says it directly, for every field at once, and
// the check cannot drift from the code it reads (it finds the handlers in
// apply's switch itself). TestUnreadFieldsAreFound proves it fails on a
// field nobody reads.
func TestEveryCommandFieldIsRead(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	var srcs []string
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			srcs = append(srcs, f)
		}
	}
	unread, payloads, err := unreadFields(srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if payloads < 45 {
		t.Fatalf("apply sends %d payload types to handlers: is the switch still there?", payloads)
	}
	for _, u := range unread {
		t.Errorf("%s: its op's handlers never read it", u)
	}
}

// The check finds a field no handler reads, one read only by a function
// apply does not reach, and passes those read on the way.
func TestUnreadFieldsAreFound(t *testing.T) {
	src := map[string]string{"x.go": `package engine

type Op string
type Command interface{ Op() Op }

type Damage struct {
	Who, Amount int
	Note        string // carried, never read
	Spare       int    // read, but not by damage's handlers
}

func (Damage) Op() Op { return "damage" }

type tx struct{}

func (t *tx) apply(cmd Command) error {
	switch c := cmd.(type) {
	case Damage:
		return t.damage(c)
	}
	return nil
}

func (t *tx) damage(c Damage) error {
	c.Note = "written, not read"
	_ = c.Who
	return t.more(c)
}

func (t *tx) more(c Damage) error { _ = c.Amount; return nil }

func unused(c Damage) int { return c.Spare }
`}
	unread, n, err := unreadFields(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 || !slices.Equal(unread, []string{"Damage.Note", "Damage.Spare"}) {
		t.Errorf("found %v in %d payloads, want Damage.Note and Damage.Spare in 1", unread, n)
	}
}

// unreadFields type-checks package engine (files, or the sources given by
// name) and lists, for each type apply's switch sends to a handler, the
// fields that neither the handler nor anything it calls reads.
func unreadFields(files []string, srcs map[string]string) ([]string, int, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, f := range files {
		a, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, 0, err
		}
		parsed = append(parsed, a)
	}
	for name, s := range srcs {
		a, err := parser.ParseFile(fset, name, s, 0)
		if err != nil {
			return nil, 0, err
		}
		parsed = append(parsed, a)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: &engineImporter{fset: fset, std: importer.Default(), done: map[string]*types.Package{}}}
	if _, err := conf.Check("fray/engine", fset, parsed, info); err != nil {
		return nil, 0, err
	}
	// Every function and method by its object, and apply.
	bodies := map[*types.Func]*ast.FuncDecl{}
	var apply *ast.FuncDecl
	for _, f := range parsed {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			bodies[info.Defs[fd.Name].(*types.Func)] = fd
			if fd.Name.Name == "apply" && fd.Recv != nil {
				apply = fd
			}
		}
	}
	if apply == nil {
		return nil, 0, nil
	}
	// The handlers of each payload: the functions called in its case.
	handlers := map[*types.Named][]*types.Func{}
	ast.Inspect(apply.Body, func(n ast.Node) bool {
		cc, ok := n.(*ast.CaseClause)
		if !ok || len(cc.List) != 1 {
			return true
		}
		named, ok := info.Types[cc.List[0]].Type.(*types.Named)
		if !ok {
			return true
		}
		if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
			return true
		}
		for _, s := range cc.Body {
			handlers[named] = append(handlers[named], calls(s, info)...)
		}
		return true
	})
	var unread []string
	for named, roots := range handlers {
		// Every function the handlers reach.
		reached := map[*types.Func]bool{}
		var walk func(fn *types.Func)
		walk = func(fn *types.Func) {
			fd, ok := bodies[fn]
			if !ok || reached[fn] {
				return
			}
			reached[fn] = true
			for _, c := range calls(fd.Body, info) {
				walk(c)
			}
		}
		for _, r := range roots {
			walk(r)
		}
		// The fields of the payload read on the way: selected, and not
		// only assigned to.
		read := map[*types.Var]bool{}
		for fn := range reached {
			written := map[*ast.SelectorExpr]bool{}
			ast.Inspect(bodies[fn].Body, func(n ast.Node) bool {
				if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN {
					for _, l := range as.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok {
							written[sel] = true
						}
					}
				}
				return true
			})
			ast.Inspect(bodies[fn].Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || written[sel] {
					return true
				}
				if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal && types.Identical(deref(s.Recv()), named) {
					read[s.Obj().(*types.Var)] = true
				}
				return true
			})
		}
		st := named.Underlying().(*types.Struct)
		for i := range st.NumFields() {
			if f := st.Field(i); !read[f] {
				unread = append(unread, named.Obj().Name()+"."+f.Name())
			}
		}
	}
	slices.Sort(unread)
	return unread, len(handlers), nil
}

// calls are the functions of the package a piece of code calls by name.
func calls(n ast.Node, info *types.Info) []*types.Func {
	var out []*types.Func
	ast.Inspect(n, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var id *ast.Ident
		switch f := ce.Fun.(type) {
		case *ast.Ident:
			id = f
		case *ast.SelectorExpr:
			id = f.Sel
		}
		if fn, ok := info.Uses[id].(*types.Func); ok && id != nil {
			out = append(out, fn)
		}
		return true
	})
	return out
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// engineImporter imports the engine's own packages (rules, dice) from their
// source beside it, and the standard library as the compiler built it.
type engineImporter struct {
	fset *token.FileSet
	std  types.Importer
	done map[string]*types.Package
}

func (im *engineImporter) Import(path string) (*types.Package, error) {
	dir, ok := strings.CutPrefix(path, "fray/engine/")
	if !ok {
		return im.std.Import(path)
	}
	if p, ok := im.done[path]; ok {
		return p, nil
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(im.fset, n, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	p, err := (&types.Config{Importer: im}).Check(path, im.fset, files, nil)
	im.done[path] = p
	return p, err
}
