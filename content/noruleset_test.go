package content_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/engine/rules"
)

// No ruleset lives in Go: the engine and the screen never name a shipped
// ruleset's id, nor one of its stats, conditions, stun levels, pools,
// actions or creatures. What the engine needs by name, the ruleset names in
// its TOML (order.wait_action, hp.dead_condition...). The words of the
// schema itself (kinds such as "wait" or "rounds") and the engine's command
// ops are the engine's own.
func TestNoRulesetInGo(t *testing.T) {
	lib := shipped(t)
	named := map[string]string{}
	add := func(what, id string) {
		if len(id) > 1 { // one letter says nothing of a ruleset
			named[id] = what
		}
	}
	for _, r := range lib.Rulesets() {
		rs := r.Ruleset
		add("ruleset", rs.ID)
		for _, s := range rs.Stats {
			add(rs.ID+" stat", s.ID)
		}
		for _, c := range rs.Conditions {
			add(rs.ID+" condition", c.ID)
		}
		for _, l := range rs.Stun.Levels {
			add(rs.ID+" stun level", l.ID)
		}
		for _, p := range rs.Pools {
			add(rs.ID+" pool", p.ID)
		}
		for _, a := range rs.Actions {
			add(rs.ID+" action", a.ID)
		}
		for _, c := range lib.Creatures(rs.ID) {
			add(rs.ID+" creature", c.ID)
		}
	}
	schema := map[string]bool{rules.TiebreakRoll: true}
	for _, k := range rules.OrderKinds {
		schema[string(k)] = true
	}
	for _, k := range rules.Holds {
		schema[string(k)] = true
	}
	for _, k := range rules.PhaseOrders {
		schema[string(k)] = true
	}
	for _, k := range rules.Points {
		schema[string(k)] = true
	}
	for _, k := range rules.StunKinds {
		schema[string(k)] = true
	}
	for _, k := range rules.Effects {
		schema[string(k)] = true
	}
	for _, k := range rules.Durations {
		schema[string(k)] = true
	}
	for _, k := range rules.BuiltinStats {
		schema[k] = true
	}
	for _, k := range rules.RollReaches {
		schema[string(k)] = true
	}
	for _, k := range rules.GuardLimits {
		schema[k] = true
	}
	files := 0
	for _, dir := range []string{"../engine", "../tui", "../playerview"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			files++
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			// Struct tags, and the values of the engine's own vocabularies
			// (command ops such as "move" or "first_aid", what the gate is
			// asked about), are not names.
			tags := map[*ast.BasicLit]bool{}
			ast.Inspect(f, func(n ast.Node) bool {
				if fl, ok := n.(*ast.Field); ok && fl.Tag != nil {
					tags[fl.Tag] = true
				}
				if vs, ok := n.(*ast.ValueSpec); ok {
					if id, ok := vs.Type.(*ast.Ident); ok && (id.Name == "Op" || id.Name == "ActKind") {
						for _, v := range vs.Values {
							if lit, ok := v.(*ast.BasicLit); ok {
								tags[lit] = true
							}
						}
					}
				}
				return true
			})
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || tags[lit] {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || schema[s] {
					return true
				}
				if what, ok := named[s]; ok {
					t.Errorf("%s: %q is a %s: name it in the ruleset's TOML, not in Go", fset.Position(lit.Pos()), s, what)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 20 || !slices.Contains([]string{"ruleset"}, named["pathmaster"]) {
		t.Fatalf("read %d files and %d names: is this the content directory?", files, len(named))
	}
}
