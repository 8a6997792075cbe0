package ledger

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A key names a part of a ruleset's TOML as it is written: dotted names,
// an element of an array of tables picked by its id in brackets:
// "stun", "stun.hit_over", "checks[strike].outcomes[grievous]",
// "declarations[defending].stats.DEF", "thresholds" (the whole array).

// Step is one step of a key: a name, and the id of the element of the array
// of tables it names, if any.
type Step struct{ Name, ID string }

// stepPattern is compiled when first used, not as every command starts.
var stepPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([A-Za-z0-9_-]+)(?:\[([A-Za-z0-9_-]+)\])?$`)
})

// ParseKey reads a key.
func ParseKey(k string) ([]Step, error) {
	if k == "" {
		return nil, errors.New("empty")
	}
	var out []Step
	for part := range strings.SplitSeq(k, ".") {
		m := stepPattern().FindStringSubmatch(part)
		if m == nil {
			return nil, fmt.Errorf("%q is not a name or a name[id] (stun.hit_over, checks[strike])", part)
		}
		out = append(out, Step{Name: m[1], ID: m[2]})
	}
	return out, nil
}

// Resolve finds what key names in a TOML document decoded into a map; it
// says how far it got when it cannot.
func Resolve(data map[string]any, key string) (any, error) {
	steps, err := ParseKey(key)
	if err != nil {
		return nil, err
	}
	var cur any = data
	for i, st := range steps {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s is not a table", joinSteps(steps[:i]))
		}
		v, ok := m[st.Name]
		if !ok {
			return nil, fmt.Errorf("no %s", joinSteps(steps[:i+1]))
		}
		if st.ID != "" {
			elems := tables(v)
			j := slices.IndexFunc(elems, func(e map[string]any) bool { return e["id"] == st.ID })
			if j < 0 {
				return nil, fmt.Errorf("%s has no element with id %q", joinSteps(append(steps[:i:i], Step{Name: st.Name})), st.ID)
			}
			v = elems[j]
		}
		cur = v
	}
	return cur, nil
}

// Drop takes what key names out of a TOML document decoded into a map:
// a table's key, or an element of an array of tables. It reports whether
// there was anything to take.
func Drop(data map[string]any, key string) bool {
	steps, err := ParseKey(key)
	if err != nil {
		return false
	}
	cur := data
	for i, st := range steps {
		last := i == len(steps)-1
		v, ok := cur[st.Name]
		if !ok {
			return false
		}
		if st.ID == "" {
			if last {
				delete(cur, st.Name)
				return true
			}
			if cur, ok = v.(map[string]any); !ok {
				return false
			}
			continue
		}
		elems := tables(v)
		j := slices.IndexFunc(elems, func(e map[string]any) bool { return e["id"] == st.ID })
		if j < 0 {
			return false
		}
		if last {
			cur[st.Name] = slices.Delete(slices.Clone(elems), j, j+1)
			return true
		}
		cur = elems[j]
	}
	return false
}

// tables is an array of tables as a list of maps (nil when v is not one).
func tables(v any) []map[string]any {
	switch v := v.(type) {
	case []map[string]any:
		return v
	case []any:
		var out []map[string]any
		for _, e := range v {
			m, ok := e.(map[string]any)
			if !ok {
				return nil
			}
			out = append(out, m)
		}
		return out
	}
	return nil
}

func joinSteps(steps []Step) string {
	s := make([]string, len(steps))
	for i, st := range steps {
		s[i] = st.Name
		if st.ID != "" {
			s[i] += "[" + st.ID + "]"
		}
	}
	return strings.Join(s, ".")
}

// MissingKeys checks every key of the ledger against its ruleset's TOML
// decoded into a map.
func (l *Ledger) MissingKeys(data map[string]any) Problems {
	var out Problems
	for _, r := range l.Rules {
		for _, k := range r.Keys {
			if _, err := Resolve(data, k); err != nil {
				at := r.keyAt["keys"]
				if at.Line == 0 {
					at = r.at
				}
				out = append(out,
					Problem{File: l.File, Line: at.Line, Col: at.Col,
						Msg: fmt.Sprintf("rule %q: key %q is not in the ruleset: %v", r.ID, k, err)})
			}
		}
	}
	return out
}

// Names reports whether key names the element at path, a part of it, or a
// table that holds it: for the element "conditions[stunned]", the keys
// "conditions[stunned]" and "conditions[stunned].summary"; for
// "stun.levels[dazed]", "stun" too. The array that holds it ("conditions")
// does not: it names every element alike.
func Names(key, path string) bool {
	return key == path || strings.HasPrefix(key, path+".") || strings.HasPrefix(path, key+".")
}
