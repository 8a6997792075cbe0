package engine

import (
	"reflect"
	"sync"

	"fray/engine/dice"
)

// The log: the events a transition logs, each a fact in fields (facts.go
// lists them), and who may read it.

// Event is something that happened in a transition. It states a fact in
// fields, and holds no English: package narrate says it, for the log, the
// player view and the export alike, and every reader decides from the
// fields (the kind, the fact, who it names, the roll).
type Event struct {
	Kind  EventKind
	Round int
	// Who is the combatant the event is about, named as it was then (ID 0:
	// the fight as a whole).
	Who Subject
	// Roll is the dice rolled, where the event is a roll.
	Roll *dice.Result
	// HP is the change to Who's hit points: damage, healing, bleeding, and
	// joining the fight (from 0), so a combatant's hit points are always the
	// sum of its events'.
	HP int
	// Private says why the players never read it ("": they may).
	Private Privacy
	// Fact is what happened: one of the fact types of facts.go, with the
	// numbers it states, the ruleset's ids it concerns and every other
	// combatant it names.
	Fact Fact
}

// EventKind is the kind of thing an event is: the tracker colours the log
// by it, the player view and the export sort by it.
type EventKind string

// Event kinds.
const (
	EvStart     EventKind = "start"
	EvRound     EventKind = "round"
	EvPhase     EventKind = "phase"
	EvTurn      EventKind = "turn"
	EvRoll      EventKind = "roll"
	EvLost      EventKind = "lost"
	EvOrder     EventKind = "order"
	EvAdd       EventKind = "add"
	EvRemove    EventKind = "remove"
	EvDamage    EventKind = "damage"
	EvHeal      EventKind = "heal"
	EvOut       EventKind = "out"
	EvHold      EventKind = "hold"
	EvEnd       EventKind = "end"
	EvRoundUp   EventKind = "round_end"
	EvPool      EventKind = "pool"
	EvStun      EventKind = "stun"
	EvBleed     EventKind = "bleed"
	EvCondition EventKind = "condition"
	EvSpend     EventKind = "spend"
	EvInjury    EventKind = "injury"
	EvView      EventKind = "view"
	EvTimed     EventKind = "timed" // a timed event's and a timer's lines
	EvGroup     EventKind = "group"
	EvBlow      EventKind = "blow" // a blow's steps that roll nothing
	EvGear      EventKind = "gear" // a weapon readied, dropped, broken, reloaded
	// EvEnds is an effect ending on its own: a duration run out, a check
	// or a save made, the cause gone.
	EvEnds EventKind = "ends"
)

// Subject is a combatant an event names, with the name it had then: a
// combatant renamed or gone since is still said as it was.
type Subject struct {
	ID   int
	Name string
}

// Text is words an event quotes as they were given: the GM's (a timer's
// message, a spell's name, an injury), a timed event's, an error's.
type Text string

// Privacy says why the players never read an event.
type Privacy string

// Why an event is the GM's alone.
const (
	// PrivateHidden: it is about a combatant hidden from the players, or
	// names one (or its words do).
	PrivateHidden Privacy = "hidden"
	// PrivateFoeRoll: it is a foe's roll, and the GM keeps those.
	PrivateFoeRoll Privacy = "foe_roll"
	// PrivateFoeStatement: it is a foe's statement of intent (a
	// declaration made or taken back), kept as its rolls are: what it
	// does on it reaches the players as it acts (BRP, l.25).
	PrivateFoeStatement Privacy = "foe_statement"
	// PrivateGM: it is the GM's own (a setting of the player view).
	PrivateGM Privacy = "gm"
	// PrivateLegacy: it is a line of a save from before events stated
	// facts, kept as its words: whom it names is not known.
	PrivateLegacy Privacy = "legacy"
)

// Fact is what an event states: one of the fact types of facts.go.
type Fact interface{ isFact() }

// Subjects are every combatant the event names: Who first (when it is
// one), then every Subject of its fact, in order, each once.
func (e Event) Subjects() []Subject {
	var out []Subject
	add := func(s Subject) {
		if s.ID == 0 && s.Name == "" {
			return
		}
		for _, x := range out {
			if x == s {
				return
			}
		}
		out = append(out, s)
	}
	add(e.Who)
	if e.Fact != nil {
		for _, f := range factFields(reflect.TypeOf(e.Fact)).subjects {
			walkField(reflect.ValueOf(e.Fact), f, func(v reflect.Value) { add(v.Interface().(Subject)) })
		}
	}
	return out
}

// Quotes are every Text of the event's fact: the words it quotes.
func (e Event) Quotes() []Text {
	var out []Text
	if e.Fact != nil {
		for _, f := range factFields(reflect.TypeOf(e.Fact)).quotes {
			walkField(reflect.ValueOf(e.Fact), f, func(v reflect.Value) {
				if t := Text(v.String()); t != "" {
					out = append(out, t)
				}
			})
		}
	}
	return out
}

// fieldPath leads from a fact to the Subjects or Texts within it: field
// indexes, with -1 standing for each element of a slice.
type fieldPath []int

type factPaths struct{ subjects, quotes []fieldPath }

var factPathCache sync.Map // reflect.Type -> *factPaths

// factFields finds, once for each fact type, where its Subjects and Texts
// are (in its fields, and in the structs and slices of structs they hold).
func factFields(t reflect.Type) *factPaths {
	if p, ok := factPathCache.Load(t); ok {
		return p.(*factPaths)
	}
	p := &factPaths{}
	subject, text := reflect.TypeFor[Subject](), reflect.TypeFor[Text]()
	var walk func(t reflect.Type, path fieldPath)
	walk = func(t reflect.Type, path fieldPath) {
		switch {
		case t == subject:
			p.subjects = append(p.subjects, path)
		case t == text:
			p.quotes = append(p.quotes, path)
		case t.Kind() == reflect.Slice:
			walk(t.Elem(), append(path[:len(path):len(path)], -1))
		case t.Kind() == reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type, append(path[:len(path):len(path)], i))
			}
		}
	}
	walk(t, nil)
	factPathCache.Store(t, p)
	return p
}

// walkField calls fn with each value at a path of v.
func walkField(v reflect.Value, path fieldPath, fn func(reflect.Value)) {
	if len(path) == 0 {
		fn(v)
		return
	}
	if path[0] < 0 {
		for i := range v.Len() {
			walkField(v.Index(i), path[1:], fn)
		}
		return
	}
	walkField(v.Field(path[0]), path[1:], fn)
}

// of is a combatant as an event names it (nil: nobody).
func of(c *Combatant) Subject {
	if c == nil {
		return Subject{}
	}
	return Subject{ID: c.ID, Name: c.Name}
}

// log records an event about who, and returns it so its hit points can be
// set.
func (t *tx) log(kind EventKind, who Subject, roll *dice.Result, fact Fact) *Event {
	e := Event{Kind: kind, Round: t.enc.Round, Who: who, Roll: roll, Fact: fact}
	e.Private = t.private(e)
	t.events = append(t.events, e)
	return &t.events[len(t.events)-1]
}
