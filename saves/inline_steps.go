package saves

import (
	"fmt"
	"reflect"
	"strconv"

	"fray/engine"
)

// A step's line, its events, their subjects and their rolls are read and
// written here by hand, with no reflection: they are every line of a
// history, and the generic reader and writer (inline.go) spent most of a
// long fight's opening and saving on them. They read and write exactly what
// the generic code does: the same keys in the same order, the same values
// left out, the same errors at the same places (TestStepLinesAsGeneric
// holds them to it, FuzzInline the reader to the TOML library). The
// command and the fact stay with the generic code, being one of many types.

// ---------------------------------------------------------------- reading

// enter is what the generic reader checks as it comes to a value.
func (d *inlineDecoder) enter(depth int) bool {
	if d.err != nil {
		return false
	}
	if depth > maxDepth {
		d.fail(d.i, "nested too deep")
		return false
	}
	return true
}

// once marks field n read, refusing it the second time.
func (d *inlineDecoder) once(seen *uint64, n int, key string, at int) bool {
	if *seen&(1<<n) != 0 {
		d.fail(at, "key %q given twice", key)
		return false
	}
	*seen |= 1 << n
	return true
}

func (d *inlineDecoder) readInt(p *int, depth int) {
	if !d.enter(depth) {
		return
	}
	if n, start, ok := d.intWord(); ok {
		if int64(int(n)) != n {
			d.fail(start, "%s is out of range", d.s[start:d.i])
			return
		}
		*p = int(n)
	}
}

func (d *inlineDecoder) readBool(p *bool, depth int) {
	if !d.enter(depth) {
		return
	}
	*p = d.boolean()
}

func (d *inlineDecoder) readString(p *string, depth int) {
	if !d.enter(depth) {
		return
	}
	if s, ok := d.str(); ok {
		*p = s
	}
}

// list reads a list, calling each for its n-th element (d.i then at it).
func (d *inlineDecoder) list(depth int, each func(n int)) {
	if !d.enter(depth) {
		return
	}
	if d.peek() != '[' {
		d.fail(d.i, "expected a list")
		return
	}
	d.i++
	for n := 0; ; n++ {
		d.space()
		if d.peek() == ']' {
			d.i++
			return
		}
		each(n)
		if d.err != nil {
			return
		}
		d.space()
		switch d.peek() {
		case ',':
			d.i++
		case ']':
			d.i++
			return
		default:
			d.fail(d.i, "expected , or ] in a list")
			return
		}
	}
}

func (d *inlineDecoder) readInts(p *[]int, depth int) {
	*p = make([]int, 0, 4)
	d.list(depth, func(int) {
		*p = append(*p, 0)
		d.readInt(&(*p)[len(*p)-1], depth+1)
	})
}

// read reads a step's line from the start of s, as unmarshalInline would,
// and returns what is left of s.
func (l *hline) read(s string) (rest string, err error) {
	d := inlineDecoder{s: s}
	if d.enter(0) {
		l.readInline(&d, 0)
	}
	if d.err != nil {
		return s, d.err
	}
	return s[d.i:], nil
}

func (l *hline) readInline(d *inlineDecoder, depth int) {
	var seen uint64
	d.table(depth, func(key string, at int) {
		switch key {
		case "cmd":
			if d.once(&seen, 0, key, at) {
				d.value(reflect.ValueOf(&l.Cmd).Elem(), depth+1)
			}
		case "faces":
			if d.once(&seen, 1, key, at) {
				d.readInts(&l.Faces, depth+1)
			}
		case "log":
			if d.once(&seen, 2, key, at) {
				l.Log = make([]logged, 0, 4)
				d.list(depth+1, func(n int) {
					l.Log = append(l.Log, logged{})
					if d.enter(depth + 2) {
						l.Log[n].readInline(d, depth+2)
					}
				})
			}
		default:
			d.fail(at, "unknown key %q", key)
		}
	})
}

func (l *logged) readInline(d *inlineDecoder, depth int) {
	var seen uint64
	d.table(depth, func(key string, at int) {
		switch key {
		case "kind":
			if d.once(&seen, 0, key, at) {
				var s string
				d.readString(&s, depth+1)
				l.Kind = engine.EventKind(s)
			}
		case "round":
			if d.once(&seen, 1, key, at) {
				d.readInt(&l.Round, depth+1)
			}
		case "who":
			if d.once(&seen, 2, key, at) && d.enter(depth+1) {
				l.Who.readInline(d, depth+1)
			}
		case "hp":
			if d.once(&seen, 3, key, at) {
				d.readInt(&l.HP, depth+1)
			}
		case "roll":
			if d.once(&seen, 4, key, at) && d.enter(depth+1) && d.enter(depth+2) {
				l.Roll = &rollLine{}
				l.Roll.readInline(d, depth+2)
			}
		case "private":
			if d.once(&seen, 5, key, at) {
				var s string
				d.readString(&s, depth+1)
				l.Private = engine.Privacy(s)
			}
		case "fact":
			if d.once(&seen, 6, key, at) && d.enter(depth+1) {
				l.Fact.readInline(d, depth+1)
			}
		default:
			d.fail(at, "unknown key %q", key)
		}
	})
}

func (s *subject) readInline(d *inlineDecoder, depth int) {
	var seen uint64
	d.table(depth, func(key string, at int) {
		switch key {
		case "id":
			if d.once(&seen, 0, key, at) {
				d.readInt(&s.ID, depth+1)
			}
		case "name":
			if d.once(&seen, 1, key, at) {
				d.readString(&s.Name, depth+1)
			}
		default:
			d.fail(at, "unknown key %q", key)
		}
	})
}

func (r *rollLine) readInline(d *inlineDecoder, depth int) {
	var seen uint64
	d.table(depth, func(key string, at int) {
		switch key {
		case "expr":
			if d.once(&seen, 0, key, at) {
				d.readString(&r.Expr, depth+1)
			}
		case "total":
			if d.once(&seen, 1, key, at) {
				d.readInt(&r.Total, depth+1)
			}
		case "typed":
			if d.once(&seen, 2, key, at) {
				d.readBool(&r.Typed, depth+1)
			}
		case "terms":
			if d.once(&seen, 3, key, at) {
				r.Terms = make([]termLine, 0, 4)
				d.list(depth+1, func(n int) {
					r.Terms = append(r.Terms, termLine{})
					if d.enter(depth + 2) {
						r.Terms[n].readInline(d, depth+2)
					}
				})
			}
		default:
			d.fail(at, "unknown key %q", key)
		}
	})
}

func (t *termLine) readInline(d *inlineDecoder, depth int) {
	var seen uint64
	d.table(depth, func(key string, at int) {
		switch key {
		case "kind":
			if d.once(&seen, 0, key, at) {
				d.readString(&t.Kind, depth+1)
			}
		case "text":
			if d.once(&seen, 1, key, at) {
				d.readString(&t.Text, depth+1)
			}
		case "value":
			if d.once(&seen, 2, key, at) {
				d.readInt(&t.Value, depth+1)
			}
		case "sides":
			if d.once(&seen, 3, key, at) {
				d.readInt(&t.Sides, depth+1)
			}
		case "faces":
			if d.once(&seen, 4, key, at) {
				d.readInts(&t.Faces, depth+1)
			}
		case "flags":
			if d.once(&seen, 5, key, at) {
				d.readInts(&t.Flags, depth+1)
			}
		case "open":
			if d.once(&seen, 6, key, at) {
				d.readBool(&t.Open, depth+1)
			}
		case "args":
			if d.once(&seen, 7, key, at) {
				d.readInt(&t.Args, depth+1)
			}
		default:
			d.fail(at, "unknown key %q", key)
		}
	})
}

// ---------------------------------------------------------------- writing

func appendInts(b []byte, s []int) []byte {
	b = append(b, '[')
	for i, n := range s {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return append(b, ']')
}

// sep starts a key of a table: a comma before all but the first.
func sep(b []byte, first *bool, key string) []byte {
	if !*first {
		b = append(b, ", "...)
	}
	*first = false
	b = append(b, key...)
	return append(b, " = "...)
}

func (l hline) appendInline(b []byte) ([]byte, error) {
	first := true
	b = append(b, '{')
	b = sep(b, &first, "cmd")
	b, err := marshalInline(b, l.Cmd)
	if err != nil {
		return b, fmt.Errorf("cmd: %w", err)
	}
	if len(l.Faces) > 0 {
		b = appendInts(sep(b, &first, "faces"), l.Faces)
	}
	if len(l.Log) > 0 {
		b = append(sep(b, &first, "log"), '[')
		for i := range l.Log {
			if i > 0 {
				b = append(b, ", "...)
			}
			if b, err = l.Log[i].appendTo(b); err != nil {
				return b, fmt.Errorf("log: %w", err)
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func (l *logged) appendTo(b []byte) ([]byte, error) {
	first := true
	b = append(b, '{')
	b = appendString(sep(b, &first, "kind"), string(l.Kind))
	b = strconv.AppendInt(sep(b, &first, "round"), int64(l.Round), 10)
	if l.Who != (subject{}) {
		b = l.Who.appendTo(sep(b, &first, "who"))
	}
	if l.HP != 0 {
		b = strconv.AppendInt(sep(b, &first, "hp"), int64(l.HP), 10)
	}
	if l.Roll != nil {
		b = l.Roll.appendTo(sep(b, &first, "roll"))
	}
	if l.Private != "" {
		b = appendString(sep(b, &first, "private"), string(l.Private))
	}
	if l.Fact.Fact != nil {
		var err error
		if b, err = l.Fact.appendInline(sep(b, &first, "fact")); err != nil {
			return b, fmt.Errorf("fact: %w", err)
		}
	}
	return append(b, '}'), nil
}

func (s subject) appendTo(b []byte) []byte {
	b = append(b, "{id = "...)
	b = strconv.AppendInt(b, int64(s.ID), 10)
	b = appendString(append(b, ", name = "...), s.Name)
	return append(b, '}')
}

func (r *rollLine) appendTo(b []byte) []byte {
	first := true
	b = append(b, '{')
	b = appendString(sep(b, &first, "expr"), r.Expr)
	b = strconv.AppendInt(sep(b, &first, "total"), int64(r.Total), 10)
	if r.Typed {
		b = append(sep(b, &first, "typed"), "true"...)
	}
	if len(r.Terms) > 0 {
		b = append(sep(b, &first, "terms"), '[')
		for i := range r.Terms {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = r.Terms[i].appendTo(b)
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (t *termLine) appendTo(b []byte) []byte {
	first := true
	b = append(b, '{')
	b = appendString(sep(b, &first, "kind"), t.Kind)
	if t.Text != "" {
		b = appendString(sep(b, &first, "text"), t.Text)
	}
	b = strconv.AppendInt(sep(b, &first, "value"), int64(t.Value), 10)
	if t.Sides != 0 {
		b = strconv.AppendInt(sep(b, &first, "sides"), int64(t.Sides), 10)
	}
	if len(t.Faces) > 0 {
		b = appendInts(sep(b, &first, "faces"), t.Faces)
	}
	if len(t.Flags) > 0 {
		b = appendInts(sep(b, &first, "flags"), t.Flags)
	}
	if t.Open {
		b = append(sep(b, &first, "open"), "true"...)
	}
	if t.Args != 0 {
		b = strconv.AppendInt(sep(b, &first, "args"), int64(t.Args), 10)
	}
	return append(b, '}')
}
