package engine_test

import (
	"fmt"
	"reflect"
	"testing"

	"fray/engine"
)

// An encounter's Clone shares nothing with it that a later state may
// write to: every field of every part of a combatant, and of the
// encounter, is filled (through maps, slices and pointers), the clone is
// changed everywhere it can be, and the original must still be what it
// was. A field added to a part and missed by its Clone (or a part missed
// by the combatant's) fails here, naming the path: undo history can never
// be changed through a later state. The one thing shared is a combatant's
// Stats, which no state writes to once it has joined
// (TestStatsAreWrittenOnlyAsOneJoins): the clone's are replaced, as the
// only change a state could make to them, and must still be shared.
func TestCloneSharesNothing(t *testing.T) {
	var orig, want engine.Encounter
	fill(reflect.ValueOf(&orig).Elem(), new(int))
	fill(reflect.ValueOf(&want).Elem(), new(int))
	if len(orig.Combatants) == 0 || len(orig.Combatants[0].Conditions[0].Parents) == 0 || orig.Combatants[0].Casting == nil {
		t.Fatal("the encounter is not filled")
	}
	if path := unset(reflect.ValueOf(orig), "enc"); path != "" {
		t.Fatalf("%s is left zero: fill it", path)
	}
	clone := orig.Clone()
	for i := range clone.Combatants {
		if reflect.ValueOf(clone.Combatants[i].Stats).UnsafePointer() != reflect.ValueOf(orig.Combatants[i].Stats).UnsafePointer() {
			t.Error("a clone's stats are not shared: the clone copies what no state writes to")
		}
	}
	changed := change(reflect.ValueOf(&clone).Elem())
	if changed < 100 {
		t.Fatalf("only %d values changed in the clone", changed)
	}
	if path := engine.FirstDifference(reflect.ValueOf(orig), reflect.ValueOf(want), "enc"); path != "" {
		t.Errorf("changing the clone changed the original at %s: the clone shares it", path)
	}
	if path := engine.FirstDifference(reflect.ValueOf(orig), reflect.ValueOf(clone), "enc"); path == "" {
		t.Error("the clone was not changed: the test changes nothing")
	}
}

// fill sets every value under v: numbers and text to values no other has,
// true, a map of two entries, a slice of two elements, a pointer to a
// filled value. The same n gives the same values.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i), n)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for range 2 {
			k := reflect.New(v.Type().Key()).Elem()
			fill(k, n)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, n)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), n)
		v.Set(p)
	default:
		panic(fmt.Sprintf("fill: a %s: teach the test to fill it", v.Type()))
	}
}

// unset is the path to the first zero value under v, or "".
func unset(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				if p := unset(v.Field(i), path+"."+f.Name); p != "" {
					return p
				}
			}
		}
		return ""
	case reflect.Slice:
		if v.Len() == 0 {
			return path
		}
		return unset(v.Index(0), path+"[0]")
	case reflect.Map:
		if v.Len() == 0 {
			return path
		}
		for _, k := range v.MapKeys() {
			return unset(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return path
		}
		return unset(v.Elem(), path)
	}
	if v.IsZero() {
		return path
	}
	return ""
}

// change changes every value under v in place (through maps, slices and
// pointers, as a later state of the fight might) and counts them.
func change(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1000)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 100)
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				if v.Type() == reflect.TypeFor[engine.Identity]() && f.Name == "Stats" {
					// Shared: never written, only ever replaced.
					stats := reflect.MakeMap(f.Type)
					iter := v.Field(i).MapRange()
					for iter.Next() {
						stats.SetMapIndex(iter.Key(), iter.Value())
					}
					v.Field(i).Set(stats)
				}
				n += change(v.Field(i))
			}
		}
		return n
	case reflect.Slice:
		n := 0
		for i := range v.Len() {
			n += change(v.Index(i))
		}
		return n
	case reflect.Map:
		n := 0
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			n += change(e)
			v.SetMapIndex(k, e)
		}
		return n
	case reflect.Pointer:
		return change(v.Elem())
	}
	return 1
}
