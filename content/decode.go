package content

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"fray/engine/dice"
)

// fieldErr is a problem at a path of a document; col, when set, is a
// column inside the value (a dice expression's own column).
type fieldErr struct {
	path string
	col  int
	key  bool // the key itself is wrong (unknown key)
	msg  string
}

// decoder maps a TOML tree (as toml.Decode gives it into a map) onto Go
// values strictly: unknown keys and wrong types are errors with their path.
// The TOML library reports these too, but without the index of an entry in
// an array of tables, so its line can point at the wrong entry.
type decoder struct{ errs []fieldErr }

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

var exprType = reflect.TypeFor[dice.Expr]()

func (d *decoder) bad(path, format string, args ...any) {
	d.errs = append(d.errs, fieldErr{path: path, msg: fmt.Sprintf(format, args...)})
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "text"
	case int64:
		return "an integer"
	case float64:
		return "a decimal number"
	case bool:
		return "true/false"
	case []any, []map[string]any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

func (d *decoder) decode(path string, data any, rv reflect.Value) {
	t := rv.Type()
	if reflect.PointerTo(t).Implements(textUnmarshaler) {
		d.text(path, data, rv)
		return
	}
	switch t.Kind() {
	case reflect.String:
		s, ok := data.(string)
		if !ok {
			d.bad(path, "expected text, found %s", tomlType(data))
			return
		}
		rv.SetString(s)
	case reflect.Int:
		n, ok := data.(int64)
		if !ok {
			d.bad(path, "expected an integer, found %s", tomlType(data))
			return
		}
		if n > dice.MaxStat*1000 || n < -dice.MaxStat*1000 {
			d.bad(path, "%d is out of range", n)
			return
		}
		rv.SetInt(n)
	case reflect.Pointer: // an optional value: set only when given
		v := reflect.New(t.Elem())
		d.decode(path, data, v.Elem())
		rv.Set(v)
	case reflect.Bool:
		b, ok := data.(bool)
		if !ok {
			d.bad(path, "expected true or false, found %s", tomlType(data))
			return
		}
		rv.SetBool(b)
	case reflect.Slice:
		d.list(path, data, rv)
	case reflect.Map:
		d.table(path, data, rv)
	case reflect.Struct:
		d.fields(path, data, rv)
	default:
		d.bad(path, "cannot read a %s here", t)
	}
}

// text reads a value that unmarshals itself from text: a dice expression
// (which may also be a plain number), a kind.
func (d *decoder) text(path string, data any, rv reflect.Value) {
	s, ok := data.(string)
	if n, isInt := data.(int64); isInt && rv.Type() == exprType {
		s, ok = strconv.FormatInt(n, 10), true // a formula may be a plain number
	}
	if !ok {
		d.bad(path, "expected text, found %s", tomlType(data))
		return
	}
	if err := rv.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
		var se *dice.SyntaxError
		if errors.As(err, &se) {
			d.errs = append(d.errs, fieldErr{path: path, col: se.Col, msg: fmt.Sprintf("bad dice expression %q: %s", s, se.Msg)})
		} else {
			d.bad(path, "%v", err)
		}
	}
}

// list reads an array, or an array of tables.
func (d *decoder) list(path string, data any, rv reflect.Value) {
	var items []any
	switch v := data.(type) {
	case []any:
		items = v
	case []map[string]any:
		for _, m := range v {
			items = append(items, m)
		}
	default:
		d.bad(path, "expected a list, found %s", tomlType(data))
		return
	}
	out := reflect.MakeSlice(rv.Type(), len(items), len(items))
	for i, it := range items {
		d.decode(fmt.Sprintf("%s[%d]", path, i), it, out.Index(i))
	}
	rv.Set(out)
}

// table reads a table into a map: its keys are data, not names.
func (d *decoder) table(path string, data any, rv reflect.Value) {
	m, ok := data.(map[string]any)
	if !ok {
		d.bad(path, "expected a table, found %s", tomlType(data))
		return
	}
	t := rv.Type()
	out := reflect.MakeMapWithSize(t, len(m))
	for _, k := range sortedKeys(m) {
		ev := reflect.New(t.Elem()).Elem()
		d.decode(join(path, k), m[k], ev)
		out.SetMapIndex(reflect.ValueOf(k).Convert(t.Key()), ev)
	}
	rv.Set(out)
}

// fields reads a table into a struct by its toml tags; any other key is an
// error, with the closest known key suggested.
func (d *decoder) fields(path string, data any, rv reflect.Value) {
	m, ok := data.(map[string]any)
	if !ok {
		d.bad(path, "expected a table, found %s", tomlType(data))
		return
	}
	t := rv.Type()
	fields := map[string]int{}
	var names []string
	for i := range t.NumField() {
		tag := strings.Split(t.Field(i).Tag.Get("toml"), ",")[0]
		if tag == "" || tag == "-" || !t.Field(i).IsExported() {
			continue
		}
		fields[tag] = i
		names = append(names, tag)
	}
	for _, k := range sortedKeys(m) {
		i, ok := fields[k]
		if !ok {
			d.errs = append(d.errs, fieldErr{path: join(path, k), key: true, msg: unknownKey(k, names)})
			continue
		}
		d.decode(join(path, k), m[k], rv.Field(i))
	}
}

func unknownKey(k string, known []string) string {
	slices.Sort(known)
	if best := closest(k, known); best != "" {
		return fmt.Sprintf("unknown key %q (did you mean %q?)", k, best)
	}
	return fmt.Sprintf("unknown key %q (known keys: %s)", k, strings.Join(known, ", "))
}

// closest returns the known key within two edits of k, if any.
func closest(k string, known []string) string {
	best, bestD := "", 3
	for _, c := range known {
		if d := editDistance(strings.ToLower(k), c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
