package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every state of a fight shares its combatants' Stats (Identity.Clone does
// not copy them), so nothing in the engine may write to a combatant's
// stats once it has joined: the one place that fills them is the join
// itself (roster.go's add, on the map it has just made, with the derived
// stats the ruleset works out there). This reads the engine's source for
// every write into a Stats map (an index assigned or stepped, delete,
// clear, maps.Copy, maps.DeleteFunc, DeriveStats) and names any other.
func TestStatsAreWrittenOnlyAsOneJoins(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "rules"} {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if !strings.HasSuffix(n, "_test.go") {
				files = append(files, n)
			}
		}
	}
	fset := token.NewFileSet()
	allowed := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			join := filepath.Base(name) == "roster.go" && fn.Name.Name == "add"
			for _, at := range statsWrites(fn.Body) {
				if join {
					allowed++
					continue
				}
				t.Errorf("%s: %s writes to a combatant's stats, which every state shares: set them as it joins (roster.go), or make a new map",
					fset.Position(at), fn.Name.Name)
			}
		}
	}
	if allowed == 0 {
		t.Error("the join's own writes to the stats were not found: the test finds nothing")
	}
}

// statsWrites are the places under n that write into a map named by a
// selector .Stats.
func statsWrites(n ast.Node) []token.Pos {
	var out []token.Pos
	isStats := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Stats"
	}
	indexed := func(e ast.Expr) bool {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		return ok && isStats(ix.X)
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if indexed(l) {
					out = append(out, l.Pos())
				}
			}
		case *ast.IncDecStmt:
			if indexed(n.X) {
				out = append(out, n.X.Pos())
			}
		case *ast.CallExpr:
			name := ""
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			switch name {
			case "delete", "clear", "Copy", "DeleteFunc", "DeriveStats":
				if len(n.Args) > 0 && isStats(n.Args[0]) {
					out = append(out, n.Pos())
				}
			}
		}
		return true
	})
	return out
}
