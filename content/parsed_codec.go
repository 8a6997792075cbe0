package content

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sync"
)

// The parsed rulesets' cache (and the content's index) is written in a
// small binary form of our own, by walking the types it holds, and read
// back by a function generated for each of them (parsed_readers.go: read
// through reflection, Pathmaster's library took half a millisecond of the
// first frame, in a new process more). It is exact: a nil list or map is told
// from an empty one, and a pointer to a zero value from nil (encoding/gob
// keeps neither, and registering its types cost every command a fifth of
// a millisecond as it started). A value with no exported fields that reads
// and writes itself as text (a dice expression) is kept as its text and
// read back through it. A field that is not exported must be empty (it is
// not kept); a function, a channel or an interface that is set cannot be
// kept: encode fails, and the ruleset is parsed at each start.

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()

// A shape is what the codec needs of a struct type, worked out once: a
// ruleset holds thousands of structs of a few dozen types, and asking
// reflect for each field's name at each one was half of reading it back.
type shape struct {
	text     bool  // kept as its text
	exported []int // the fields kept, in order
}

var shapes sync.Map // reflect.Type -> *shape

func shapeOf(t reflect.Type) *shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*shape)
	}
	s := &shape{text: asText(t)}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			s.exported = append(s.exported, i)
		}
	}
	shapes.Store(t, s)
	return s
}

// asText reports whether values of t are kept as their text.
func asText(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || !t.Implements(textMarshaler) || !reflect.PointerTo(t).Implements(textUnmarshaler) {
		return false
	}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			return false
		}
	}
	return true
}

// appendValue appends the binary form of v.
func appendValue(b []byte, v reflect.Value) ([]byte, error) {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			return append(b, 1), nil
		}
		return append(b, 0), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return binary.AppendVarint(b, v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return binary.AppendUvarint(b, v.Uint()), nil
	case reflect.Float32, reflect.Float64:
		return binary.AppendUvarint(b, math.Float64bits(v.Float())), nil
	case reflect.String:
		b = binary.AppendUvarint(b, uint64(v.Len()))
		return append(b, v.String()...), nil
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			return append(b, 0), nil
		}
		b = binary.AppendUvarint(b, uint64(v.Len())+1)
		if v.Kind() == reflect.Map {
			var err error
			for it := v.MapRange(); it.Next(); {
				if b, err = appendValue(b, it.Key()); err != nil {
					return nil, err
				}
				if b, err = appendValue(b, it.Value()); err != nil {
					return nil, err
				}
			}
			return b, nil
		}
		fallthrough
	case reflect.Array:
		var err error
		for i := range v.Len() {
			if b, err = appendValue(b, v.Index(i)); err != nil {
				return nil, err
			}
		}
		return b, nil
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, 0), nil
		}
		return appendValue(append(b, 1), v.Elem())
	case reflect.Struct:
		if shapeOf(v.Type()).text {
			text, err := v.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return nil, err
			}
			b = binary.AppendUvarint(b, uint64(len(text)))
			return append(b, text...), nil
		}
		var err error
		for i := range v.NumField() {
			switch f := v.Field(i); {
			case v.Type().Field(i).IsExported():
				if b, err = appendValue(b, f); err != nil {
					return nil, err
				}
			case !f.IsZero():
				return nil, fmt.Errorf("%s.%s is not exported and not empty", v.Type(), v.Type().Field(i).Name)
			}
		}
		return b, nil
	case reflect.Interface, reflect.Func, reflect.Chan:
		if v.IsNil() {
			return append(b, 0), nil
		}
	}
	return nil, fmt.Errorf("a %s cannot be kept", v.Type())
}

var errShort = errors.New("the kept file ends early")

// reader reads what appendValue wrote. It reads a string, not bytes: every
// string read back is a piece of it, so the thousand strings of a ruleset
// share the one copy of the file rather than each being copied out of it.
type reader struct{ s string }

// uvarint reads what binary.AppendUvarint wrote.
func (r *reader) uvarint() (uint64, error) {
	var x uint64
	for i := 0; i < len(r.s) && i < binary.MaxVarintLen64; i++ {
		c := r.s[i]
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				return 0, errShort // overflows 64 bits
			}
			r.s = r.s[i+1:]
			return x | uint64(c)<<(7*i), nil
		}
		x |= uint64(c&0x7f) << (7 * i)
	}
	return 0, errShort
}

// varint reads what binary.AppendVarint wrote.
func (r *reader) varint() (int64, error) {
	ux, err := r.uvarint()
	x := int64(ux >> 1)
	if ux&1 != 0 {
		x = ^x
	}
	return x, err
}

// count reads a length, no more than the bytes left could hold.
func (r *reader) count() (int, error) {
	n, err := r.uvarint()
	if err != nil || n > uint64(len(r.s)) {
		return 0, errShort
	}
	return int(n), nil
}

func (r *reader) text() (string, error) {
	n, err := r.count()
	if err != nil {
		return "", err
	}
	out := r.s[:n]
	r.s = r.s[n:]
	return out, nil
}

// value reads into v (settable) what appendValue wrote of a value of its
// type, through reflection: the reference the generated readers
// (parsed_readers.go) are held to, and the reader of types they do not
// cover.
func (r *reader) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Bool:
		x, err := r.uvarint()
		v.SetBool(x != 0)
		return err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x, err := r.varint()
		if err != nil || v.OverflowInt(x) {
			return errShort
		}
		v.SetInt(x)
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x, err := r.uvarint()
		if err != nil || v.OverflowUint(x) {
			return errShort
		}
		v.SetUint(x)
		return nil
	case reflect.Float32, reflect.Float64:
		x, err := r.uvarint()
		v.SetFloat(math.Float64frombits(x))
		return err
	case reflect.String:
		s, err := r.text()
		v.SetString(s)
		return err
	case reflect.Slice, reflect.Map:
		n, err := r.count()
		if err != nil || n == 0 {
			return err // nil
		}
		n--
		if v.Kind() == reflect.Map {
			m := reflect.MakeMapWithSize(v.Type(), n)
			for range n {
				k := reflect.New(v.Type().Key()).Elem()
				e := reflect.New(v.Type().Elem()).Elem()
				if err := r.value(k); err != nil {
					return err
				}
				if err := r.value(e); err != nil {
					return err
				}
				m.SetMapIndex(k, e)
			}
			v.Set(m)
			return nil
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		fallthrough
	case reflect.Array:
		for i := range v.Len() {
			if err := r.value(v.Index(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Pointer:
		set, err := r.uvarint()
		if err != nil || set == 0 {
			return err
		}
		p := reflect.New(v.Type().Elem())
		if err := r.value(p.Elem()); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.Struct:
		sh := shapeOf(v.Type())
		if sh.text {
			text, err := r.text()
			if err != nil {
				return err
			}
			return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text))
		}
		for _, i := range sh.exported {
			if err := r.value(v.Field(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Interface, reflect.Func, reflect.Chan:
		set, err := r.uvarint()
		if err == nil && set != 0 {
			err = errors.New("a kept interface")
		}
		return err
	}
	return fmt.Errorf("a %s cannot be read back", v.Type())
}
