package saves

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/engine/dice"
)

// What a step logged is kept with the facts each event states (schema 4):
// its kind, round and subject, the change to hit points, the roll, why the
// players may not read it, and the fact, under the name of its type, with
// its fields as the engine names them:
//
//	{kind = "damage", round = 2, who = {id = 3, name = "Orc 1"}, hp = -5, fact = {Damaged = {Amount = 5, Before = 12, After = 7}}}
//
// A roll keeps its expression, its total and its terms, each with the
// dice it rolled, in the order the tree has them (a term, then its
// arguments), so it reads back as the tree it was; its line is made anew
// from it. The names of a fact's fields are part of the format (a test
// holds them to a list): rename one and old saves no longer read.
//
// Saves of schema 3 kept each event as the line it showed (logged3); they
// are read by replaying their history, which states every fact again, and
// where it does not replay to the saved state, as those lines, private.

// logged is an event as a save keeps it.
type logged struct {
	Kind    engine.EventKind `toml:"kind"`
	Round   int              `toml:"round"`
	Who     subject          `toml:"who,omitzero"`
	HP      int              `toml:"hp,omitzero"`
	Roll    *rollLine        `toml:"roll,omitempty"`
	Private engine.Privacy   `toml:"private,omitempty"`
	Fact    factLine         `toml:"fact,omitempty"`
}

// subject is a combatant an event is about.
type subject struct {
	ID   int    `toml:"id"`
	Name string `toml:"name"`
}

// logged3 is an event as a save of schema 3 kept it: the line it showed.
type logged3 struct {
	Kind  engine.EventKind `toml:"kind"`
	Round int              `toml:"round"`
	Who   int              `toml:"who,omitzero"`
	HP    int              `toml:"hp,omitzero"`
	Text  string           `toml:"text"`
	// Private: the players never read it.
	Private bool `toml:"private,omitempty"`
}

func loggedOf(e engine.Event) (logged, error) {
	l := logged{Kind: e.Kind, Round: e.Round, Who: subject(e.Who), HP: e.HP, Private: e.Private, Fact: factLine{e.Fact}}
	if e.Roll != nil {
		r, err := rollLineOf(*e.Roll)
		if err != nil {
			return l, err
		}
		l.Roll = &r
	}
	if e.Fact == nil {
		return l, errors.New("an event with no fact")
	}
	return l, nil
}

func (l logged) event() (engine.Event, error) {
	e := engine.Event{Kind: l.Kind, Round: l.Round, Who: engine.Subject(l.Who), HP: l.HP, Private: l.Private, Fact: l.Fact.Fact}
	if l.Roll != nil {
		r, err := l.Roll.result()
		if err != nil {
			return e, err
		}
		e.Roll = &r
	}
	if e.Fact == nil {
		return e, errors.New("an event with no fact")
	}
	return e, nil
}

// event is an event of schema 3, its line kept as it was: private, since
// whom it names is not known.
func (l logged3) event() engine.Event {
	return engine.Event{Kind: l.Kind, Round: l.Round, Who: engine.Subject{ID: l.Who}, HP: l.HP, Private: engine.PrivateLegacy,
		Fact: engine.Legacy{Line: engine.Text(l.Text)}}
}

// ---------------------------------------------------------------- facts

// factLine is a fact as a line holds it: {Name = {fields}}.
type factLine struct{ engine.Fact }

// factTypes are the engine's facts by the name a line gives them.
var factTypes = sync.OnceValue(func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, f := range engine.Facts() {
		t := reflect.TypeOf(f)
		m[t.Name()] = t
	}
	return m
})

func (f factLine) appendInline(b []byte) ([]byte, error) {
	if f.Fact == nil {
		return b, errors.New("no fact")
	}
	v := reflect.ValueOf(f.Fact)
	name := v.Type().Name()
	if factTypes()[name] != v.Type() {
		return b, fmt.Errorf("a fact of type %T has no line", f.Fact)
	}
	b = append(b, '{')
	b = appendKey(b, name)
	b = append(b, " = "...)
	b, err := appendValue(b, v)
	return append(b, '}'), err
}

func (f *factLine) readInline(d *inlineDecoder, depth int) {
	n := 0
	d.table(depth, func(key string, at int) {
		t, ok := factTypes()[key]
		switch {
		case n > 0:
			d.fail(at, "a fact is one table: %q is a second", key)
			return
		case !ok:
			d.fail(at, "unknown fact %q", key)
			return
		}
		n++
		v := reflect.New(t).Elem()
		d.value(v, depth+1)
		f.Fact = v.Interface().(engine.Fact)
	})
	if n == 0 && d.err == nil {
		d.fail(d.i, "a fact names its kind: {Damaged = {...}}")
	}
}

// UnmarshalTOML reads a fact as the TOML library gives it: the one key
// names the type, whose table the library reads again into it (refusing a
// key the type does not have, as the line reader does).
func (f *factLine) UnmarshalTOML(data any) error {
	m, ok := data.(map[string]any)
	if !ok || len(m) != 1 {
		return errors.New("a fact is a table of one key")
	}
	for name, body := range m {
		t, ok := factTypes()[name]
		if !ok {
			return fmt.Errorf("unknown fact %q", name)
		}
		var b strings.Builder
		if err := toml.NewEncoder(&b).Encode(map[string]any{"X": body}); err != nil {
			return err
		}
		v := reflect.New(t)
		holder := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "X", Type: t}}))
		md, err := toml.Decode(b.String(), holder.Interface())
		if err != nil {
			return err
		}
		if u := md.Undecoded(); len(u) > 0 {
			return fmt.Errorf("%s has no key %q", name, u[0].String())
		}
		v.Elem().Set(holder.Elem().Field(0))
		f.Fact = v.Elem().Interface().(engine.Fact)
	}
	return nil
}

// ---------------------------------------------------------------- rolls

// rollLine is a roll as a line holds it: its terms in the order of the tree
// (each term, then its arguments), with no nesting a long expression could
// take past what a line may hold.
type rollLine struct {
	Expr  string     `toml:"expr"`
	Total int        `toml:"total"`
	Typed bool       `toml:"typed,omitempty"`
	Terms []termLine `toml:"terms,omitempty"`
}

// termLine is a node of a roll's tree: Args of the terms after it are its
// arguments; a dice group's dice are Faces of Sides (and their Flags,
// where any has one).
type termLine struct {
	Kind  string `toml:"kind"`
	Text  string `toml:"text,omitempty"`
	Value int    `toml:"value"`
	Sides int    `toml:"sides,omitzero"`
	Faces []int  `toml:"faces,omitempty"`
	Flags []int  `toml:"flags,omitempty"`
	Open  bool   `toml:"open,omitempty"`
	Args  int    `toml:"args,omitzero"`
}

func rollLineOf(r dice.Result) (rollLine, error) {
	l := rollLine{Expr: r.Expr, Total: r.Total, Typed: r.Typed}
	var walk func(t *dice.Term) error
	walk = func(t *dice.Term) error {
		tl := termLine{Kind: t.Kind, Text: t.Text, Value: t.Value, Open: t.Open, Args: len(t.Args)}
		for i, d := range t.Dice {
			if tl.Sides == 0 {
				tl.Sides = d.Sides
			}
			if d.Sides != tl.Sides {
				return fmt.Errorf("a term of dice with %d and %d sides", tl.Sides, d.Sides)
			}
			if tl.Faces == nil {
				tl.Faces = make([]int, 0, len(t.Dice))
			}
			tl.Faces = append(tl.Faces, d.Face)
			if d.Flags != 0 && tl.Flags == nil {
				tl.Flags = make([]int, i, len(t.Dice)) // the dice before had none
			}
			if tl.Flags != nil {
				tl.Flags = append(tl.Flags, int(d.Flags))
			}
		}
		l.Terms = append(l.Terms, tl)
		for _, a := range t.Args {
			if err := walk(a); err != nil {
				return err
			}
		}
		return nil
	}
	if r.Tree != nil {
		if err := walk(r.Tree); err != nil {
			return l, err
		}
	}
	return l, nil
}

func (l rollLine) result() (dice.Result, error) {
	r := dice.Result{Expr: l.Expr, Total: l.Total, Typed: l.Typed}
	next := 0
	var build func() (*dice.Term, error)
	build = func() (*dice.Term, error) {
		if next >= len(l.Terms) {
			return nil, errors.New("a roll's terms end too soon")
		}
		tl := l.Terms[next]
		next++
		if tl.Args < 0 || tl.Args > len(l.Terms) {
			return nil, fmt.Errorf("a term with %d arguments", tl.Args)
		}
		if len(tl.Flags) > 0 && len(tl.Flags) != len(tl.Faces) {
			return nil, errors.New("a term's dice and flags do not match")
		}
		t := &dice.Term{Kind: tl.Kind, Text: tl.Text, Value: tl.Value, Open: tl.Open}
		for i, f := range tl.Faces {
			d := dice.Die{Sides: tl.Sides, Face: f}
			if len(tl.Flags) > 0 {
				d.Flags = dice.DieFlag(tl.Flags[i])
			}
			t.Dice = append(t.Dice, d)
		}
		for range tl.Args {
			a, err := build()
			if err != nil {
				return nil, err
			}
			t.Args = append(t.Args, a)
		}
		return t, nil
	}
	if len(l.Terms) > 0 {
		tree, err := build()
		if err != nil {
			return r, err
		}
		if next != len(l.Terms) {
			return r, errors.New("a roll has terms past its tree")
		}
		r.Tree = tree
	}
	return r, nil
}
