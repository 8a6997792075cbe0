package content

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sync"
	"unsafe"
)

// The parsed rulesets' cache is written in a small binary form of our own,
// read by walking the types it fills, and exact: a nil list or map is told
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
// type.
func (r *reader) value(v reflect.Value) error {
	if !v.CanAddr() {
		return fmt.Errorf("a %s that cannot be set", v.Type())
	}
	return readerOf(v.Type())(r, v.Addr().UnsafePointer())
}

// A readFunc reads a value of its type into the memory at p. Reading a
// ruleset back through reflect.Value, field by field, was most of the time
// it took (half a millisecond for Pathmaster's, on the way to the first
// frame): each type's readFunc is worked out once, and then writes each
// field where it lies.
type readFunc func(r *reader, p unsafe.Pointer) error

var (
	readFuncs sync.Map   // reflect.Type -> readFunc, each whole
	building  sync.Mutex // one goroutine works read functions out at a time
)

// readerOf is the readFunc of values of type t.
func readerOf(t reflect.Type) readFunc {
	if f, ok := readFuncs.Load(t); ok {
		return f.(readFunc)
	}
	building.Lock()
	defer building.Unlock()
	made := map[reflect.Type]*readFunc{}
	f := build(t, made)
	for t, f := range made {
		readFuncs.Store(t, *f)
	}
	return f
}

// build is the readFunc of t, made with those of the types it holds; made
// holds the ones made so far, published when all are whole. A type may
// hold itself (through a pointer or a list): inside its own, its readFunc
// is reached through the pointer to it, set by the time anything reads.
func build(t reflect.Type, made map[reflect.Type]*readFunc) readFunc {
	if f, ok := readFuncs.Load(t); ok {
		return f.(readFunc)
	}
	if f := made[t]; f != nil {
		return func(r *reader, p unsafe.Pointer) error { return (*f)(r, p) }
	}
	f := new(readFunc)
	made[t] = f
	*f = makeReadFunc(t, func(t reflect.Type) readFunc { return build(t, made) })
	return *f
}

func makeReadFunc(t reflect.Type, readerOf func(reflect.Type) readFunc) readFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(r *reader, p unsafe.Pointer) error {
			x, err := r.uvarint()
			*(*bool)(p) = x != 0
			return err
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return func(r *reader, p unsafe.Pointer) error {
			x, err := r.varint()
			if err != nil || (bits < 64 && (x < -1<<(bits-1) || x >= 1<<(bits-1))) {
				return errShort
			}
			switch bits {
			case 8:
				*(*int8)(p) = int8(x)
			case 16:
				*(*int16)(p) = int16(x)
			case 32:
				*(*int32)(p) = int32(x)
			default:
				*(*int64)(p) = x
			}
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := t.Bits()
		return func(r *reader, p unsafe.Pointer) error {
			x, err := r.uvarint()
			if err != nil || (bits < 64 && x >= 1<<bits) {
				return errShort
			}
			switch bits {
			case 8:
				*(*uint8)(p) = uint8(x)
			case 16:
				*(*uint16)(p) = uint16(x)
			case 32:
				*(*uint32)(p) = uint32(x)
			default:
				*(*uint64)(p) = x
			}
			return nil
		}
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return func(r *reader, p unsafe.Pointer) error {
			x, err := r.uvarint()
			if bits == 32 {
				*(*float32)(p) = float32(math.Float64frombits(x))
			} else {
				*(*float64)(p) = math.Float64frombits(x)
			}
			return err
		}
	case reflect.String:
		return func(r *reader, p unsafe.Pointer) error {
			s, err := r.text()
			*(*string)(p) = s
			return err
		}
	case reflect.Slice:
		read, size := readerOf(t.Elem()), t.Elem().Size()
		return func(r *reader, p unsafe.Pointer) error {
			n, err := r.count()
			if err != nil || n == 0 {
				return err // nil
			}
			n--
			s := reflect.NewAt(t, p).Elem()
			s.Set(reflect.MakeSlice(t, n, n))
			if n == 0 {
				return nil
			}
			base := s.Index(0).Addr().UnsafePointer()
			for i := range n {
				if err := read(r, unsafe.Add(base, uintptr(i)*size)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Array:
		read, size, n := readerOf(t.Elem()), t.Elem().Size(), t.Len()
		return func(r *reader, p unsafe.Pointer) error {
			for i := range n {
				if err := read(r, unsafe.Add(p, uintptr(i)*size)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Map:
		dk, de := readerOf(t.Key()), readerOf(t.Elem())
		return func(r *reader, p unsafe.Pointer) error {
			n, err := r.count()
			if err != nil || n == 0 {
				return err // nil
			}
			n--
			m := reflect.MakeMapWithSize(t, n)
			for range n {
				k, e := reflect.New(t.Key()), reflect.New(t.Elem())
				if err := dk(r, k.UnsafePointer()); err != nil {
					return err
				}
				if err := de(r, e.UnsafePointer()); err != nil {
					return err
				}
				m.SetMapIndex(k.Elem(), e.Elem())
			}
			reflect.NewAt(t, p).Elem().Set(m)
			return nil
		}
	case reflect.Pointer:
		elem, read := t.Elem(), readerOf(t.Elem())
		return func(r *reader, p unsafe.Pointer) error {
			set, err := r.uvarint()
			if err != nil || set == 0 {
				return err
			}
			v := reflect.New(elem)
			if err := read(r, v.UnsafePointer()); err != nil {
				return err
			}
			*(*unsafe.Pointer)(p) = v.UnsafePointer()
			return nil
		}
	case reflect.Struct:
		sh := shapeOf(t)
		if sh.text {
			return func(r *reader, p unsafe.Pointer) error {
				text, err := r.text()
				if err != nil {
					return err
				}
				return reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text))
			}
		}
		type field struct {
			off  uintptr
			read readFunc
		}
		fields := make([]field, len(sh.exported))
		for i, f := range sh.exported {
			fields[i] = field{t.Field(f).Offset, readerOf(t.Field(f).Type)}
		}
		return func(r *reader, p unsafe.Pointer) error {
			for _, f := range fields {
				if err := f.read(r, unsafe.Add(p, f.off)); err != nil {
					return err
				}
			}
			return nil
		}
	case reflect.Interface, reflect.Func, reflect.Chan:
		return func(r *reader, p unsafe.Pointer) error {
			set, err := r.uvarint()
			if err == nil && set != 0 {
				err = errors.New("a kept interface")
			}
			return err
		}
	}
	return func(*reader, unsafe.Pointer) error { return fmt.Errorf("a %s cannot be read back", t) }
}
