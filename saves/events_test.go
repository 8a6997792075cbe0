package saves

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"time"

	"fray/engine/dice"
)

// The names of the facts and of their fields are part of the save format
// (a line holds them: fact = {Damaged = {Amount = 5}}): a fact or a field
// renamed, or changed in type, and the saves written before no longer read
// it. This list is the format; change it only with a way to read the old.
func TestFactsAreTheSaveFormat(t *testing.T) {
	var b strings.Builder
	var describe func(t reflect.Type) string
	describe = func(t reflect.Type) string {
		switch t.Kind() {
		case reflect.Struct:
			if t.PkgPath() != "fray/engine" || t.NumField() == 0 {
				return t.String()
			}
			var fs []string
			for i := range t.NumField() {
				f := t.Field(i)
				fs = append(fs, f.Name+" "+describe(f.Type))
			}
			return "{" + strings.Join(fs, ", ") + "}"
		case reflect.Slice:
			return "[]" + describe(t.Elem())
		case reflect.Pointer:
			return "*" + describe(t.Elem())
		}
		return t.String()
	}
	for _, f := range engine.Facts() {
		t := reflect.TypeOf(f)
		b.WriteString(t.Name() + " " + describe(t) + "\n")
	}
	want, err := os.ReadFile("testdata/facts.txt")
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("the facts are not those of the save format (testdata/facts.txt):\n%s", b.String())
	}
}

// A check rolled with the longest modifier an expression may be keeps the
// modifier's roll, however deep its tree, and reads back as it was.
func TestALongModifierSavesAndReadsBack(t *testing.T) {
	a := randomFight(t, "countdown", 5, 10)
	enc := a.Fight.Current()
	mod := strings.Repeat("1+", dice.MaxExprLen/2-1) + "1"
	if _, err := dice.Parse(mod); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Fight.Do(engine.RollCheck{Who: enc.Combatants[0].ID, Target: enc.Combatants[1].ID, Check: "strike", Expr: mod}, 2); err != nil {
		t.Fatal(err)
	}
	data, err := Encode(a.Snapshot(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	b, err := Decode("x.toml", data, shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	if !sameLog(a.Fight.Log(), b.Fight.Log()) {
		t.Error("the log reads back otherwise")
	}
}
