package engine_test

import (
	"encoding"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/engine/rules"
)

// The schema is a promise: every key and value a ruleset file may hold has
// an effect in a fight, or is refused when the file loads. These tests walk
// the schema (rules.Ruleset, through the same toml tags the loader reads)
// and hold each key, and each value of each kind, to a case in
// schemaCases (schema_cases_test.go) that shows its effect. A key added to
// the schema with no case fails here, by name.
//
// They live in package engine, not engine/rules: an effect is seen in a
// fight, and the engine is what runs fights. rules stays a schema that
// imports nothing but dice.

// schemaKey is a key a ruleset file may hold: the path of toml tags to it
// ("stun.levels.actions") and, when its values are a kind of package rules
// (alone or in a list), that kind's name.
type schemaKey struct {
	path string
	kind string
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// schemaKeys walks rules.Ruleset as the loader decodes it: a field with a
// toml tag is a key; a struct, or a list of structs, holds keys of its own.
func schemaKeys(t *testing.T) []schemaKey {
	t.Helper()
	rulesPkg := reflect.TypeFor[rules.Ruleset]().PkgPath()
	leaf := func(typ reflect.Type) bool {
		if reflect.PointerTo(typ).Implements(textUnmarshaler) {
			return true
		}
		switch typ.Kind() {
		case reflect.String, reflect.Int, reflect.Bool:
			return true
		}
		return false
	}
	var keys []schemaKey
	var walk func(prefix string, typ reflect.Type)
	walk = func(prefix string, typ reflect.Type) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			tag := strings.Split(f.Tag.Get("toml"), ",")[0]
			if tag == "" || tag == "-" || !f.IsExported() {
				continue
			}
			path := tag
			if prefix != "" {
				path = prefix + "." + tag
			}
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			elem := ft
			if ft.Kind() == reflect.Slice {
				elem = ft.Elem()
			}
			switch {
			case leaf(elem):
				k := schemaKey{path: path}
				if elem.Kind() == reflect.String && elem.PkgPath() == rulesPkg && !elem.Implements(textUnmarshaler) {
					k.kind = elem.Name()
				}
				keys = append(keys, k)
			case elem.Kind() == reflect.Struct:
				walk(path, elem)
			case ft.Kind() == reflect.Map && ft.Key().Kind() == reflect.String && leaf(ft.Elem()):
				keys = append(keys, schemaKey{path: path}) // cost = { ap = 1 }
			case ft.Kind() == reflect.Map && ft.Key().Kind() == reflect.String && ft.Elem().Kind() == reflect.Slice && leaf(ft.Elem().Elem()):
				keys = append(keys, schemaKey{path: path}) // counts_for = { belly = ["left_leg", "right_leg"] }
			default:
				t.Fatalf("%s: the schema walker does not know a %s yet: teach it (and the table in docs/content.md) how such a key is written", path, f.Type)
			}
		}
	}
	walk("", reflect.TypeFor[rules.Ruleset]())
	return keys
}

// kindValues reads the values of each kind from package rules' source:
// every constant declared with the kind's type (OrderRank OrderKind =
// "rank"), so a value added to a kind is held to a case too, even one left
// out of the kind's list (pools reset "never", which ticks refuse).
func kindValues(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("rules", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("cannot find package rules' source: %v", err)
	}
	out := map[string][]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				typ, ok := vs.Type.(*ast.Ident)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					out[typ.Name] = append(out[typ.Name], s)
				}
			}
		}
	}
	return out
}

// schemaItems is what must have a case: every key, and for a key of a kind
// each of its values ("order.kind=rank") in place of the key itself.
func schemaItems(t *testing.T) []string {
	t.Helper()
	values := kindValues(t)
	var items []string
	for _, k := range schemaKeys(t) {
		if k.kind == "" {
			items = append(items, k.path)
			continue
		}
		vs := values[k.kind]
		if len(vs) == 0 {
			t.Errorf("%s: the kind %s declares no values in package rules", k.path, k.kind)
		}
		for _, v := range vs {
			items = append(items, k.path+"="+v)
		}
	}
	return items
}

// keyOf is the key a case or a gap is about: "ticks.when" for
// "ticks.when=rank", "stun.unconscious_at" for "stun.unconscious_at @ ...".
func keyOf(item string) string {
	item, _, _ = strings.Cut(item, " @ ")
	key, _, _ := strings.Cut(item, "=")
	return key
}

func TestSchemaWalk(t *testing.T) {
	keys := schemaKeys(t)
	paths := map[string]bool{}
	for _, k := range keys {
		paths[k.path] = true
	}
	// A few the walk must reach: nested tables, lists of tables, kinds in lists.
	for _, want := range []string{"id", "order.kind", "order.hold", "order.bands.from", "ticks.when", "conditions.implies",
		"conditions.table.upto", "stun.levels.actions", "helpers.resistance_tiers.from", "actions.cost"} {
		if !paths[want] {
			t.Errorf("the walk misses %s", want)
		}
	}
	items := schemaItems(t)
	for _, want := range []string{"order.kind=rank", "ticks.when=phase_end", "order.hold=delay", "pools.reset=never", "conditions.duration=end_of_next_round"} {
		if !slices.Contains(items, want) {
			t.Errorf("the walk misses the value %s", want)
		}
	}
	t.Logf("%d keys, %d keys and values to show", len(keys), len(items))
}

// TestSchemaIsAPromise plays every case, and fails for each key or value of
// the schema that has neither a case nor a place in knownGaps.
// ledger: brp/round-and-dex brp/dex-ties brp/defence-step brp/locations-vs-major brp/head-at-hp
func TestSchemaIsAPromise(t *testing.T) {
	items := schemaItems(t)
	keys := map[string]bool{}
	for _, it := range items {
		keys[keyOf(it)] = true
	}
	covered := map[string]int{}
	for _, c := range schemaCases {
		if c.gap != "" {
			continue
		}
		if !slices.Contains(items, c.key) {
			t.Errorf("a case for %q, which is not a key or value of the schema (renamed? a kind's key needs key=value)", c.key)
		}
		covered[c.key]++
	}
	for _, it := range items {
		_, gap := knownGaps[it]
		if _, read := onTheCard[it]; read {
			if covered[it] > 0 {
				t.Errorf("%s: has a case and is on the card: one or the other", it)
			}
			continue
		}
		switch {
		case covered[it] == 0 && !gap:
			t.Errorf("%s: no case shows what it does in a fight (add one to schemaCases), and it is not a known gap", it)
		case covered[it] > 0 && gap:
			t.Errorf("%s: has a case and is listed in knownGaps: take it out of knownGaps", it)
		}
	}
	probes := map[string]bool{}
	for _, c := range schemaCases {
		if c.gap != "" {
			probes[c.gap] = true
			if _, ok := knownGaps[c.gap]; !ok {
				t.Errorf("a probe for %q, which knownGaps does not list", c.gap)
			}
		}
	}
	for _, g := range slices.Sorted(maps.Keys(knownGaps)) {
		switch {
		case !keys[keyOf(g)]:
			t.Errorf("knownGaps lists %q: the schema has no such key", g)
		case strings.Contains(g, " @ ") && !probes[g]:
			t.Errorf("knownGaps lists %q: a gap in a context needs a probe in schemaCases", g)
		case !strings.Contains(g, " @ ") && !slices.Contains(items, g):
			t.Errorf("knownGaps lists %q: a key of a kind is listed with its value (key=value)", g)
		}
		t.Logf("known gap: %s: %s", g, knownGaps[g])
	}
	t.Logf("%d keys and values, %d cases, %d known gaps", len(items), len(schemaCases), len(knownGaps))
	for _, c := range schemaCases {
		name := c.key
		if c.note != "" {
			name += " " + c.note
		}
		if c.gap != "" {
			name = "gap " + c.gap
		}
		t.Run(name, c.check)
	}
}
