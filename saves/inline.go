package saves

import (
	"encoding"
	"errors"
	"fmt"
	"fray/engine/dice"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// A step of a fight's history and a change in its journal are each one line
// of text: a TOML inline table, such as
//
//	{cmd = {op = "damage", who = 2, expr = "1d6"}, faces = [4]}
//
// The TOML library takes some 24 µs to decode a line that short (it is built
// for documents), so a long history would take longer to read than the
// whole screen may take to open; these read and write the subset of TOML
// fray writes, some twenty times faster. What they read, the TOML library
// reads the same (a fuzz test holds them to it), so a save stays a TOML
// document any tool can read. The subset: basic strings, integers, true and
// false, arrays and inline tables, on one line; keys bare or quoted; a key
// must name a field exactly (the TOML library would take "OP" for "op").

// marshalInline appends v as an inline table (or any other value) to b.
// Fields follow their toml tags, with omitempty and omitzero as the TOML
// library has them.
func marshalInline(b []byte, v any) ([]byte, error) {
	return appendValue(b, reflect.ValueOf(v))
}

// unmarshalInline reads one value from the start of s into v (a pointer)
// and returns what is left of s.
func unmarshalInline(s string, v any) (rest string, err error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return s, errors.New("unmarshalInline needs a pointer")
	}
	d := inlineDecoder{s: s}
	d.value(rv.Elem(), 0)
	if d.err != nil {
		return s, d.err
	}
	return s[d.i:], nil
}

// InlineError is a line that does not read: where (a byte offset) and why.
type InlineError struct {
	Off int
	Msg string
}

func (e *InlineError) Error() string { return fmt.Sprintf("column %d: %s", e.Off+1, e.Msg) }

// ---------------------------------------------------------------- writing

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// A value of a type with a line form of its own (a fact: one of several
// types, by name) writes and reads itself.
type inlineAppender interface {
	appendInline(b []byte) ([]byte, error)
}

type inlineReader interface {
	readInline(d *inlineDecoder, depth int)
}

var appenderType = reflect.TypeFor[inlineAppender]()
var readerType = reflect.TypeFor[inlineReader]()

// own says how a type writes and reads itself, if it does: asked of every
// value of every line, so it is kept per type.
type own struct {
	appender, marshaler bool // the type's value
	reader, unmarshaler bool // a pointer to it
}

var ownCache typeCache[own]

func ownOf(t reflect.Type) own {
	if o, ok := ownCache.load(t); ok {
		return o
	}
	p := reflect.PointerTo(t)
	o := own{
		appender: t.Implements(appenderType), marshaler: t.Implements(textMarshaler),
		reader: p.Implements(readerType), unmarshaler: p.Implements(textUnmarshaler),
	}
	ownCache.store(t, o)
	return o
}

// A typeCache keeps what is worked out once per type. It is read for every
// value of every line and written once per type, so a read is a plain map
// lookup (a sync.Map's cost the profile of a fight's opening showed) and a
// write copies the map.
type typeCache[V any] struct {
	mu sync.Mutex
	m  atomic.Pointer[map[reflect.Type]V]
}

func (c *typeCache[V]) load(t reflect.Type) (V, bool) {
	if m := c.m.Load(); m != nil {
		v, ok := (*m)[t]
		return v, ok
	}
	var zero V
	return zero, false
}

func (c *typeCache[V]) store(t reflect.Type, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := map[reflect.Type]V{t: v}
	if old := c.m.Load(); old != nil {
		for k, w := range *old {
			m[k] = w
		}
	}
	c.m.Store(&m)
}

func appendValue(b []byte, v reflect.Value) ([]byte, error) {
	o := ownOf(v.Type())
	if o.appender {
		return v.Interface().(inlineAppender).appendInline(b)
	}
	if o.marshaler && (v.Kind() != reflect.Pointer || !v.IsNil()) {
		t, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return b, err
		}
		return appendString(b, string(t)), nil
	}
	switch v.Kind() {
	case reflect.String:
		return appendString(b, v.String()), nil
	case reflect.Bool:
		return strconv.AppendBool(b, v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10), nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return b, errors.New("a nil value has no TOML form")
		}
		return appendValue(b, v.Elem())
	case reflect.Slice, reflect.Array:
		b = append(b, '[')
		for i := range v.Len() {
			if i > 0 {
				b = append(b, ", "...)
			}
			var err error
			if b, err = appendValue(b, v.Index(i)); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return b, fmt.Errorf("a map keyed by %s has no TOML form", v.Type().Key())
		}
		keys := v.MapKeys()
		strs := make([]string, len(keys))
		for i, k := range keys {
			strs[i] = k.String()
		}
		sortStrings(strs)
		b = append(b, '{')
		for i, k := range strs {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendKey(b, k)
			b = append(b, " = "...)
			var err error
			if b, err = appendValue(b, v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key()))); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	case reflect.Struct:
		b = append(b, '{')
		first := true
		for _, f := range fieldsOf(v.Type()).list {
			fv := f.of(v)
			if f.omitted(fv) {
				continue
			}
			if !first {
				b = append(b, ", "...)
			}
			first = false
			b = appendKey(b, f.name)
			b = append(b, " = "...)
			var err error
			if b, err = appendValue(b, fv); err != nil {
				return b, fmt.Errorf("%s: %w", f.name, err)
			}
		}
		return append(b, '}'), nil
	}
	return b, fmt.Errorf("a %s has no TOML form here", v.Type())
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func appendKey(b []byte, k string) []byte {
	if k != "" && strings.IndexFunc(k, func(r rune) bool { return !isBareKey(r) }) < 0 {
		return append(b, k...)
	}
	return appendString(b, k)
}

func isBareKey(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-'
}

// appendString writes a TOML basic string. Besides what TOML must escape
// (quotes, backslashes, control characters), it escapes every character
// that would not show as itself on a terminal, so a save is safe to cat;
// bytes that are not UTF-8 become U+FFFD (TOML holds only UTF-8).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i, r := range s {
		switch {
		case r == '"':
			b = append(b, `\"`...)
		case r == '\\':
			b = append(b, `\\`...)
		case r >= 0x20 && r < 0x7f:
			b = append(b, byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == utf8.RuneError:
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				b = append(b, `\uFFFD`...)
			} else {
				b = utf8.AppendRune(b, r)
			}
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			if r > 0xffff {
				b = fmt.Appendf(b, `\U%08X`, r)
			} else {
				b = fmt.Appendf(b, `\u%04X`, r)
			}
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return append(b, '"')
}

// field is a struct field as a TOML key. A field with no toml tag (the
// engine's facts) is written under its Go name, and left out when zero. An
// embedded struct with no tag has its fields promoted, as the TOML library
// has them (a combatant's parts): path leads to one of those.
type field struct {
	name                string
	index               int
	path                []int
	omitEmpty, omitZero bool
}

// of is the field's value in v.
func (f field) of(v reflect.Value) reflect.Value {
	if f.path != nil {
		return v.FieldByIndex(f.path)
	}
	return v.Field(f.index)
}

type structFields struct {
	list   []field
	byName map[string]int // name -> index in list
}

var fieldCache typeCache[*structFields]

func fieldsOf(t reflect.Type) *structFields {
	if f, ok := fieldCache.load(t); ok {
		return f
	}
	sf := &structFields{byName: map[string]int{}}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("toml")
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			for _, pf := range fieldsOf(f.Type).list {
				if _, taken := sf.byName[pf.name]; taken {
					continue
				}
				pf.path = append([]int{i}, pf.pathOrIndex()...)
				sf.byName[pf.name] = len(sf.list)
				sf.list = append(sf.list, pf)
			}
			continue
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		if tag == "" {
			opts = "omitzero"
		}
		sf.byName[name] = len(sf.list)
		sf.list = append(sf.list,
			field{name: name, index: i, omitEmpty: strings.Contains(opts, "omitempty"), omitZero: strings.Contains(opts, "omitzero")})
	}
	fieldCache.store(t, sf)
	return sf
}

// pathOrIndex is the path to the field from its struct.
func (f field) pathOrIndex() []int {
	if f.path != nil {
		return f.path
	}
	return []int{f.index}
}

// omitted reports whether the TOML library would leave the field out.
func (f field) omitted(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	if f.omitZero && v.IsZero() {
		return true
	}
	if !f.omitEmpty {
		return false
	}
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Map, reflect.Array:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Struct:
		return v.IsZero()
	}
	return false
}

// ---------------------------------------------------------------- reading

type inlineDecoder struct {
	s   string
	i   int
	err error
}

// maxDepth is as deep as a line may nest: a check's modifier keeps its
// roll's tree, as deep as its expression (dice.MaxExprLen characters at
// most) makes it, two levels a term.
const maxDepth = 4*dice.MaxExprLen + 16

func (d *inlineDecoder) fail(off int, format string, args ...any) {
	if d.err == nil {
		d.err = &InlineError{Off: off, Msg: fmt.Sprintf(format, args...)}
	}
}

func (d *inlineDecoder) space() {
	for d.i < len(d.s) && (d.s[d.i] == ' ' || d.s[d.i] == '\t') {
		d.i++
	}
}

func (d *inlineDecoder) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

// value reads a value into v: one case for each kind of Go value the
// history holds.
func (d *inlineDecoder) value(v reflect.Value, depth int) {
	if d.err != nil {
		return
	}
	if depth > maxDepth {
		d.fail(d.i, "nested too deep")
		return
	}
	start := d.i
	if v.Kind() == reflect.Pointer {
		p := reflect.New(v.Type().Elem())
		d.value(p.Elem(), depth+1)
		v.Set(p)
		return
	}
	o := ownOf(v.Type())
	if o.reader && v.CanAddr() {
		v.Addr().Interface().(inlineReader).readInline(d, depth)
		return
	}
	if o.unmarshaler {
		s, ok := d.str()
		if !ok {
			return
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			d.fail(start, "%v", err)
		}
		return
	}
	switch v.Kind() {
	case reflect.String:
		if s, ok := d.str(); ok {
			v.SetString(s)
		}
	case reflect.Bool:
		if d.boolean() {
			v.SetBool(true)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n, start, ok := d.intWord(); ok {
			if v.OverflowInt(n) {
				d.fail(start, "%s is out of range", d.s[start:d.i])
				return
			}
			v.SetInt(n)
		}
	case reflect.Slice:
		d.array(v, depth)
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			d.fail(start, "cannot read a %s", v.Type())
			return
		}
		m := reflect.MakeMap(v.Type())
		d.table(depth, func(key string, at int) {
			if m.MapIndex(reflect.ValueOf(key).Convert(v.Type().Key())).IsValid() {
				d.fail(at, "key %q given twice", key)
				return
			}
			e := reflect.New(v.Type().Elem()).Elem()
			d.value(e, depth+1)
			m.SetMapIndex(reflect.ValueOf(key).Convert(v.Type().Key()), e)
		})
		v.Set(m)
	case reflect.Struct:
		fs := fieldsOf(v.Type())
		var seen bitset
		if len(fs.list) > 64 {
			seen.more = make([]bool, len(fs.list))
		}
		d.table(depth, func(key string, at int) {
			n, ok := fs.byName[key]
			if !ok {
				d.fail(at, "unknown key %q", key)
				return
			}
			if seen.has(n) {
				d.fail(at, "key %q given twice", key)
				return
			}
			seen.set(n)
			d.value(fs.list[n].of(v), depth+1)
		})
	default:
		d.fail(start, "cannot read a %s", v.Type())
	}
}

// bitset is the fields of a struct already read: a word for most structs,
// a slice for those of more than 64 fields.
type bitset struct {
	word uint64
	more []bool
}

func (b *bitset) has(n int) bool {
	if b.more != nil {
		return b.more[n]
	}
	return b.word&(1<<n) != 0
}

func (b *bitset) set(n int) {
	if b.more != nil {
		b.more[n] = true
	} else {
		b.word |= 1 << n
	}
}

// endOfWord checks that a bare value ends where a value may end.
func (d *inlineDecoder) endOfWord(start int) {
	if d.err == nil && d.i < len(d.s) && !strings.ContainsRune(" \t,]}#", rune(d.s[d.i])) {
		d.fail(start, "a value runs into %q", d.s[d.i])
	}
}

// boolean reads true or false.
func (d *inlineDecoder) boolean() bool {
	start := d.i
	t := false
	switch {
	case strings.HasPrefix(d.s[d.i:], "true"):
		d.i += 4
		t = true
	case strings.HasPrefix(d.s[d.i:], "false"):
		d.i += 5
	default:
		d.fail(start, "expected true or false")
	}
	d.endOfWord(start)
	return t && d.err == nil
}

// intWord reads an integer, and where it starts.
func (d *inlineDecoder) intWord() (n int64, start int, ok bool) {
	start = d.i
	if c := d.peek(); c == '+' || c == '-' {
		d.i++
	}
	digits := d.i
	for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
		d.i++
	}
	switch {
	case d.i == digits:
		d.fail(start, "expected a number")
		return 0, start, false
	case d.s[digits] == '0' && d.i > digits+1:
		d.fail(start, "a number may not start with 0")
		return 0, start, false
	}
	d.endOfWord(start)
	if d.err != nil {
		return 0, start, false
	}
	n, err := strconv.ParseInt(d.s[start:d.i], 10, 64)
	if err != nil {
		d.fail(start, "%s is out of range", d.s[start:d.i])
		return 0, start, false
	}
	return n, start, true
}

func (d *inlineDecoder) array(v reflect.Value, depth int) {
	start := d.i
	if d.peek() != '[' {
		d.fail(start, "expected a list")
		return
	}
	d.i++
	// Each element is read in its place in the slice, grown as it goes.
	v.SetZero()
	v.Grow(4)
	for n := 0; ; n++ {
		d.space()
		if d.peek() == ']' {
			d.i++
			return
		}
		if n == v.Cap() {
			v.Grow(1)
		}
		v.SetLen(n + 1)
		d.value(v.Index(n), depth+1)
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

// table reads an inline table, calling each for every key (d.i then at its
// value).
func (d *inlineDecoder) table(depth int, each func(key string, at int)) {
	if d.peek() != '{' {
		d.fail(d.i, "expected a table")
		return
	}
	d.i++
	d.space()
	if d.peek() == '}' {
		d.i++
		return
	}
	for {
		d.space()
		at := d.i
		key, ok := d.key()
		if !ok {
			return
		}
		d.space()
		if d.peek() != '=' {
			d.fail(d.i, "expected = after %q", key)
			return
		}
		d.i++
		d.space()
		each(key, at)
		if d.err != nil {
			return
		}
		d.space()
		switch d.peek() {
		case ',':
			d.i++
		case '}':
			d.i++
			return
		default:
			d.fail(d.i, "expected , or } in a table")
			return
		}
	}
}

func (d *inlineDecoder) key() (string, bool) {
	if d.peek() == '"' {
		return d.str()
	}
	start := d.i
	for d.i < len(d.s) && isBareKey(rune(d.s[d.i])) {
		d.i++
	}
	if d.i == start {
		d.fail(start, "expected a key")
		return "", false
	}
	if d.peek() == '.' {
		d.fail(d.i, "dotted keys are not read here")
		return "", false
	}
	return d.s[start:d.i], true
}

// str reads a basic string.
func (d *inlineDecoder) str() (string, bool) {
	start := d.i
	if d.peek() != '"' {
		d.fail(start, "expected text in double quotes")
		return "", false
	}
	d.i++
	// Most strings have nothing to unescape.
	plain := d.i
	for plain < len(d.s) {
		c := d.s[plain]
		if c == '"' {
			s := d.s[d.i:plain]
			d.i = plain + 1
			return s, true
		}
		if c == '\\' || c < 0x20 || c >= 0x7f {
			break
		}
		plain++
	}
	var b strings.Builder
	b.WriteString(d.s[d.i:plain])
	d.i = plain
	for d.i < len(d.s) {
		c := d.s[d.i]
		switch {
		case c == '"':
			d.i++
			return b.String(), true
		case c == '\\':
			d.escape(&b)
			if d.err != nil {
				return "", false
			}
		case c < 0x20 && c != '\t' || c == 0x7f:
			d.fail(d.i, "a control character (%#02x) in text: it must be escaped", c)
			return "", false
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(d.s[d.i:])
			if r == utf8.RuneError && n == 1 {
				d.fail(d.i, "text that is not UTF-8")
				return "", false
			}
			b.WriteString(d.s[d.i : d.i+n])
			d.i += n
		default:
			b.WriteByte(c)
			d.i++
		}
	}
	d.fail(start, "text with no closing quote")
	return "", false
}

func (d *inlineDecoder) escape(b *strings.Builder) {
	at := d.i
	d.i++
	if d.i >= len(d.s) {
		d.fail(at, "a backslash at the end of the line")
		return
	}
	c := d.s[d.i]
	d.i++
	switch c {
	case '"', '\\':
		b.WriteByte(c)
	case 'b':
		b.WriteByte('\b')
	case 't':
		b.WriteByte('\t')
	case 'n':
		b.WriteByte('\n')
	case 'f':
		b.WriteByte('\f')
	case 'r':
		b.WriteByte('\r')
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if d.i+n > len(d.s) {
			d.fail(at, "a short \\%c escape", c)
			return
		}
		hex := d.s[d.i : d.i+n]
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || strings.ContainsAny(hex, "+-") || !utf8.ValidRune(rune(v)) {
			d.fail(at, "\\%c%s is not a character", c, hex)
			return
		}
		d.i += n
		b.WriteRune(rune(v))
	default:
		d.fail(at, "unknown escape \\%c", c)
	}
}
