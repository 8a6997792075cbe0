package narrate_test

import (
	"fmt"
	"go/build"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
	"fray/saves"
)

var lib = func() *content.Library {
	l, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return l
}()

func shipped(id string) (*rules.Ruleset, string, bool) {
	r, ok := lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

// schema3 are the rulesets the saves' schema 3 fixtures were played under
// (saves/testdata/schema3-rulesets), laid over the shipped ones.
var schema3 = func() *content.Library {
	l, probs := content.Load("../saves/testdata/schema3-rulesets")
	if len(probs) > 0 {
		panic(fmt.Sprint(probs))
	}
	return l
}()

func schema3Rules(id string) (*rules.Ruleset, string, bool) {
	r, ok := schema3.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

// fixtureFights are the fights saved in saves/testdata by an earlier fray,
// replayed under the rulesets they were played with: every event states
// its facts anew (five rulesets, most ops).
func fixtureFights(t *testing.T) []*engine.Fight {
	files, _ := filepath.Glob("../saves/testdata/schema3-*-ops.toml")
	if len(files) != 5 {
		t.Fatalf("%d fixtures", len(files))
	}
	var out []*engine.Fight
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sf, err := saves.Decode(p, data, schema3Rules)
		if err != nil {
			t.Fatal(err)
		}
		f := sf.Fight
		if log := f.Log(); len(log) > 0 {
			if _, words := log[0].Fact.(engine.Legacy); words {
				// A history that no longer reaches its saved state (a
				// condition given again was cut short then) is kept as its
				// words: played again by this fray's rules, its steps state
				// their facts all the same.
				if f, err = engine.Restore(f.Rules, f.Base, f.Done, nil, nil); err != nil {
					t.Fatalf("%s: %v", p, err)
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// Every fact the engine has is said: none falls through to the line that
// only names its type.
func TestEveryFactHasALine(t *testing.T) {
	rs, _, _ := shipped("pathmaster")
	r, _ := dice.Roller{Rand: dice.Script(3, 4)}.Roll(dice.MustParse("2d6"), nil)
	for _, f := range engine.Facts() {
		// Every field set: a word said is never empty.
		v := reflect.New(reflect.TypeOf(f)).Elem()
		for i := range v.NumField() {
			switch fv := v.Field(i); fv.Kind() {
			case reflect.String:
				fv.SetString("x")
			case reflect.Int:
				fv.SetInt(2)
			}
		}
		e := engine.Event{Who: engine.Subject{ID: 1, Name: "Ann"}, Roll: &r, Fact: v.Interface().(engine.Fact)}
		line := narrate.Line(rs, e)
		if line == "" || strings.Contains(line, "engine.") {
			t.Errorf("%T: %q", f, line)
		}
	}
}

// What a roll's line says was rolled is the line up to its dice: the dice
// prompt names each roll by it.
func TestRollWhatIsTheLineBeforeItsDice(t *testing.T) {
	rolls := 0
	for _, f := range fixtureFights(t) {
		for _, e := range f.Log() {
			if e.Roll == nil {
				continue
			}
			rolls++
			line := narrate.Line(f.Rules, e)
			before, _, _ := strings.Cut(line, ": "+e.Roll.Expr)
			if got := narrate.RollWhat(f.Rules, e); got != before {
				t.Errorf("%T: %q, the line %q", e.Fact, got, line)
			}
		}
	}
	if rolls < 100 {
		t.Errorf("%d rolls: too few to test", rolls)
	}
}

// Every combatant an event's line names is one of its subjects: the
// players' view decides by them.
func TestTheSubjectsAreWhomTheLineNames(t *testing.T) {
	named := 0
	for _, f := range fixtureFights(t) {
		for _, e := range f.Log() {
			line := narrate.Line(f.Rules, e)
			var ids []int
			var names []string
			for _, s := range e.Subjects() {
				ids, names = append(ids, s.ID), append(names, s.Name)
			}
			for _, c := range f.Current().Combatants {
				// A name inside another's ("Fighter 1" in "Fighter 12") is
				// not that one named.
				if !strings.Contains(line, c.Name) || slices.Contains(ids, c.ID) || strings.Contains(strings.Join(names, "|"), c.Name) {
					continue
				}
				t.Errorf("%q names %s, who is none of %v", line, c.Name, names)
			}
			named += len(ids)
		}
	}
	if named < 500 {
		t.Errorf("%d subjects in all: too few to test", named)
	}
}

// Package narrate imports the engine and the standard library only: it is
// the engine's words, and nothing else's.
func TestNarrateImportsTheEngineOnly(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		first := strings.Split(imp, "/")[0]
		std := !strings.Contains(first, ".") && first != "fray"
		if !std && imp != "fray/engine" && !strings.HasPrefix(imp, "fray/engine/") {
			t.Errorf("narrate imports %q", imp)
		}
	}
}

// An action's cost names what it uses up of a pool (actions.uses_up), not
// "nothing": War & Combat's stop in a zone of danger, Pathmaster's Move.
func TestCostNamesWhatIsUsedUp(t *testing.T) {
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	for _, c := range []struct{ ruleset, action, want string }{
		{"pathmaster", "step", "1 Move + what is left of 5' Step"},
		{"war-and-combat", "danger", "what is left of "},
	} {
		r, _ := lib.Ruleset(c.ruleset)
		a, ok := r.Ruleset.Action(c.action)
		if !ok {
			t.Fatalf("%s has no action %q", c.ruleset, c.action)
		}
		if got := narrate.Cost(r.Ruleset, a); !strings.HasPrefix(got, c.want) || strings.Contains(got, "nothing") {
			t.Errorf("%s %s costs %q, want %q", c.ruleset, c.action, got, c.want)
		}
	}
}
