package engine

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"fray/engine/dice"
	"fray/engine/rules"
)

// What the players may read of the log is decided here, in one place,
// PlayersRead, from the events' data alone: who an event names (its
// subjects, and the words it quotes), the kind of its fact and what each
// of the fact's fields says of itself, and what the GM lets the players see
// (visibility.go). The player view of fray watch and fray serve and the
// record fray export --player writes read the log through it; none of them
// reads an event's words to decide.
//
// Every number a fact states, and every Text it quotes, says whose it is in
// a `players` tag (facts.go), so the players' view knows whether they may
// read it:
//
//	public   anyone who may read the event may: a round, a count, a place in the order
//	hp       it tells the hit points of those the event names (an amount of damage,
//	         a wound's bleeding, armour): read where each one's side shows its hit
//	         points as numbers
//	rolled:F it is part of the roll of the combatant the fact's Subject field F names
//	         (its place in the order): read where that one is on the players' side, or
//	         the GM shows the foes' rolls
//	roll     it is part of Who's roll, or the target it was rolled against: read where
//	         Who is on the players' side, or the GM shows the foes' rolls, and the
//	         roll read no hit points or pool the players may not read, nor the
//	         numbers of the one it was against where that one's rolls are not
//	         theirs to read (a foe's Defense in the target: CheckRolled.ReadsTheirs)
//	pool:F   it tells Who's pool, the one the fact's field F names: read where the
//	         ruleset makes the pool public ([[pools]] public), or Who is on the players'
//	         side and its hit points show as numbers (where F names no pool, as public)
//	casting  the same, for the pool spells are cast from (spells.power)
//	if:F     read only where the fact's bool field F is set (a GM's timer marked
//	         for the table)
//	unless:F read only where the fact's bool field F is not set (a place in the
//	         order taken from another: Acts.Taken)
//	own:F    where the fact's bool field F is set, the number was worked out from
//	         Who's own numbers (a duration that reads its hit points): read where
//	         Who's side shows its hit points as numbers; otherwise as public
//	gm       the GM's alone (an error's words, a count that takes in the hidden)
//
// Several, with commas, must all hold. A tag on a field that holds a struct,
// a slice or a map holds for what is in it, unless that says otherwise. A
// number or a Text with no tag is one the players' view has not been told
// of, and it reads nothing of a fact that has one (a test walks every fact
// type): a new fact cannot reach the players by default.

// Read is what the players read of an event.
type Read int

// What the players read of an event.
const (
	ReadNothing Read = iota // nothing
	ReadAll                 // all of it
	// ReadWithout: what happened, without the numbers and words they may
	// not read (package narrate says it so, where it can).
	ReadWithout
)

// PlayersRead is what the players read of an event as the fight stands in
// enc: nothing of one kept from them as it happened (private), of a fact
// whose fields do not all say whose they are, or of one that names a
// combatant they do not see (hidden now, gone while hidden, or unknown to
// the fight) or quotes its name; of the rest, all of it where they may read
// every number and word it states, and what happened without them where
// they may not.
func PlayersRead(rs *rules.Ruleset, enc *Encounter, ev Event) Read {
	if ev.Private != "" || ev.Fact == nil {
		return ReadNothing
	}
	plan := readPlanOf(reflect.TypeOf(ev.Fact))
	if plan.undeclared != "" || namesHidden(enc, ev) {
		return ReadNothing
	}
	j := judge{rs: rs, enc: enc, ev: &ev}
	if !plan.check(reflect.ValueOf(ev.Fact), false, &j) ||
		ev.HP != 0 && !j.hp() ||
		ev.Roll != nil && (!j.roll() || rollTellsHP(ev.Fact) && !j.hp()) {
		return ReadWithout
	}
	return ReadAll
}

// PlayersSee is an event as the players may read it, and what they read
// of it (PlayersRead): an order of the round lists only the places of
// those they see, so that neither a name nor a line missing tells them of
// one hidden, and stands as it stood before the foes' statements the GM
// keeps (Order.Players).
func PlayersSee(rs *rules.Ruleset, enc *Encounter, ev Event) (Event, Read) {
	if o, ok := ev.Fact.(Order); ok {
		places := o.Places
		if o.Players != nil {
			places = o.Players // a foe's kept statement moves it in the GM's alone
		}
		var seen []Place
		for _, p := range places {
			if Seen(enc, p.Who.ID) {
				seen = append(seen, p)
			}
		}
		if len(seen) == 0 {
			return ev, ReadNothing
		}
		ev.Fact = Order{Places: seen}
	}
	return ev, PlayersRead(rs, enc, ev)
}

// UntoldPrivacy says what of a fact's type no `players` tag covers, or
// why one does not parse ("" when every number and word says whose it is).
func UntoldPrivacy(f Fact) string { return UntoldPrivacyOf(f) }

// UntoldPrivacyOf is UntoldPrivacy of a value of any struct type (tests
// show the walk finds what it must).
func UntoldPrivacyOf(v any) string {
	return readPlanOf(reflect.TypeOf(v)).undeclared
}

// hpRoll is a fact whose roll is an amount of hit points (damage, healing):
// the players read its dice where they read the numbers of those it names.
type hpRoll interface{ rollTellsHP() bool }

func rollTellsHP(f Fact) bool {
	h, ok := f.(hpRoll)
	return ok && h.rollTellsHP()
}

func (DamageRoll) rollTellsHP() bool     { return true }
func (HealingRoll) rollTellsHP() bool    { return true }
func (EffectDamage) rollTellsHP() bool   { return true }
func (StuckMoveHurts) rollTellsHP() bool { return true }
func (TableDamage) rollTellsHP() bool    { return true }
func (AidHealRoll) rollTellsHP() bool    { return true }
func (m MarkedRoll) rollTellsHP() bool   { return m.For != OpStun }

// Seen reports whether the players see a combatant: one in the fight and
// not hidden, or one that left the fight while they saw it.
func Seen(enc *Encounter, id int) bool {
	_, shown, known := sideOf(enc, id)
	return known && shown
}

// sideOf is a combatant's side and whether the players see it, for one in
// the fight or one that has left it (known false: the fight knows no such
// combatant, as a save from before fray kept those that left).
func sideOf(enc *Encounter, id int) (side string, shown, known bool) {
	if c := enc.Combatant(id); c != nil {
		return c.Side, !c.Hidden, true
	}
	for _, d := range enc.Gone {
		if d.ID == id {
			return d.Side, !d.Hidden, true
		}
	}
	return "", false, false
}

// RollShown reports whether the players read the rolls of the combatant
// id (its initiative among them): one on their side, or any where the GM
// shows the foes' rolls.
func RollShown(enc *Encounter, id int) bool {
	side, _, known := sideOf(enc, id)
	return known && (side == PlayersSide || enc.View.FoeRolls)
}

// theirsRead is a fact of a roll that may have read the numbers of the
// one it was rolled against (CheckRolled.ReadsTheirs).
type theirsRead interface{ readsTheirs() (Subject, bool) }

func (f CheckRolled) readsTheirs() (Subject, bool) { return f.Against, f.ReadsTheirs }

// judge answers, for one event, whether the players may read what a tag
// says a number or word is.
type judge struct {
	rs  *rules.Ruleset
	enc *Encounter
	ev  *Event
}

// hp: every combatant the event names shows its hit points as numbers.
func (j *judge) hp() bool {
	for _, s := range j.ev.Subjects() {
		side, _, known := sideOf(j.enc, s.ID)
		if !known || HPShowOf(j.rs, j.enc, side) != rules.HPExact {
			return false
		}
	}
	return true
}

// roll: Who's rolls reach the players (nobody's, the GM's own, do), and
// the numbers the roll read are ones they may: a roll that reads hit
// points reads them where they show as numbers, one that reads a pool
// where its numbers show.
func (j *judge) roll() bool {
	if j.ev.Who.ID != 0 {
		side, _, known := sideOf(j.enc, j.ev.Who.ID)
		if !known || side != PlayersSide && !j.enc.View.FoeRolls {
			return false
		}
	}
	if f, ok := j.ev.Fact.(theirsRead); ok {
		// A roll that read the numbers of the one it was against (a foe's
		// Defense in the target) tells them: read as that one's rolls are.
		if s, reads := f.readsTheirs(); reads && !RollShown(j.enc, s.ID) {
			return false
		}
	}
	if j.ev.Roll != nil {
		return j.reads(j.ev.Roll.Tree)
	}
	return true
}

// reads reports whether the players may read the stats a roll's term and
// those under it read.
func (j *judge) reads(t *dice.Term) bool {
	if t == nil {
		return true
	}
	if t.Kind == "stat" {
		switch {
		case t.Text == "HP" || t.Text == "MAX_HP":
			if !j.hp() {
				return false
			}
		case slices.ContainsFunc(j.rs.Pools, func(p rules.Pool) bool { return p.ID == t.Text }):
			if !j.pool(t.Text) {
				return false
			}
		}
	}
	for _, a := range t.Args {
		if !j.reads(a) {
			return false
		}
	}
	return true
}

// own: the number was worked out from Who's own numbers (a formula that
// reads its stats or hit points): read where Who's side shows its hit
// points as numbers.
func (j *judge) own() bool {
	side, _, known := sideOf(j.enc, j.ev.Who.ID)
	return known && HPShowOf(j.rs, j.enc, side) == rules.HPExact
}

// pool: Who's pool's numbers reach the players; a field that names
// something else than a pool (a flurry, the order) is no pool's.
func (j *judge) pool(id string) bool {
	if !slices.ContainsFunc(j.rs.Pools, func(p rules.Pool) bool { return p.ID == id }) {
		return true
	}
	return PoolShown(j.rs, j.enc, j.ev.Who.ID, id)
}

// PoolShown reports whether the players may read the numbers of a
// combatant's pool: the ruleset makes the pool public, or the combatant is
// on the players' side and its hit points show as numbers.
func PoolShown(rs *rules.Ruleset, enc *Encounter, who int, pool string) bool {
	for _, p := range rs.Pools {
		if p.ID == pool && p.Public {
			return true
		}
	}
	side, _, known := sideOf(enc, who)
	return known && side == PlayersSide && HPShowOf(rs, enc, side) == rules.HPExact
}

// whose is one word of a `players` tag.
type whose struct {
	kind  string // public, hp, roll, rolled, pool, power, if, gm
	field int    // pool, if, own and rolled: the index of the field they read
}

// may reports whether the players may read what w says, of a fact (or a
// part of one) whose value is in.
func (j *judge) may(w whose, in reflect.Value) bool {
	switch w.kind {
	case "public":
		return true
	case "hp":
		return j.hp()
	case "roll":
		return j.roll()
	case "pool":
		return j.pool(in.Field(w.field).String())
	case "casting":
		return j.pool(j.rs.Spells.Power)
	case "if":
		return in.Field(w.field).Bool()
	case "unless":
		return !in.Field(w.field).Bool()
	case "own":
		return !in.Field(w.field).Bool() || j.own()
	case "rolled":
		s, _ := in.Field(w.field).Interface().(Subject)
		return RollShown(j.enc, s.ID)
	}
	return false
}

// readPlan is what a fact type says of the privacy of its fields.
type readPlan struct {
	// undeclared names a number or word no tag covers, or a tag that does
	// not parse ("": none).
	undeclared string
	// check reports whether the players may read every number and word of
	// a value of the type; inherited is what a tag above it said.
	check reader
}

type reader func(v reflect.Value, inherited bool, j *judge) bool

var readPlans sync.Map // reflect.Type -> *readPlan

func readPlanOf(t reflect.Type) *readPlan {
	if p, ok := readPlans.Load(t); ok {
		return p.(*readPlan)
	}
	p := &readPlan{}
	p.check = compileReader(t, false, t.Name(), &p.undeclared)
	readPlans.Store(t, p)
	return p
}

var (
	textType    = reflect.TypeFor[Text]()
	subjectType = reflect.TypeFor[Subject]()
	resultType  = reflect.TypeFor[*dice.Result]()
)

// leafType reports whether values of a type are what a tag must cover: a
// number, a Text, a roll, or a list or map of numbers.
func leafType(t reflect.Type) bool {
	switch {
	case t == textType, t == resultType:
		return true
	case t.Kind() == reflect.Map:
		return leafType(t.Elem())
	case t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Struct:
		return leafType(t.Elem())
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

// compileReader makes the reader of a type. tagged says whether a tag
// above covers it; where nothing does, undeclared is set to path.
func compileReader(t reflect.Type, tagged bool, path string, undeclared *string) reader {
	switch {
	case t == subjectType:
		// Whom it names is judged as a whole (namesHidden).
		return func(reflect.Value, bool, *judge) bool { return true }
	case leafType(t):
		if !tagged && *undeclared == "" {
			*undeclared = path + ": no players tag says whose it is"
		}
		return func(_ reflect.Value, inherited bool, _ *judge) bool { return inherited }
	case t.Kind() == reflect.Struct:
		return compileStruct(t, tagged, path, undeclared)
	case t.Kind() == reflect.Slice:
		elem := compileReader(t.Elem(), tagged, path+"[]", undeclared)
		return func(v reflect.Value, inherited bool, j *judge) bool {
			for i := range v.Len() {
				if !elem(v.Index(i), inherited, j) {
					return false
				}
			}
			return true
		}
	case t.Kind() == reflect.Pointer:
		elem := compileReader(t.Elem(), tagged, path, undeclared)
		return func(v reflect.Value, inherited bool, j *judge) bool {
			return v.IsNil() || elem(v.Elem(), inherited, j)
		}
	case t.Kind() == reflect.String, t.Kind() == reflect.Bool:
		// An id of the ruleset's, a kind, a flag: nothing of anyone's.
		return func(reflect.Value, bool, *judge) bool { return true }
	}
	if *undeclared == "" {
		*undeclared = fmt.Sprintf("%s: a %s the players' view cannot judge", path, t.Kind())
	}
	return func(reflect.Value, bool, *judge) bool { return false }
}

// compileStruct makes the reader of a struct: each field by its own tag,
// or by what covers the struct.
func compileStruct(t reflect.Type, tagged bool, path string, undeclared *string) reader {
	type field struct {
		index int
		own   []whose // nil: the tag above holds
		read  reader
		leaf  bool // read only by its tag (a string or flag tagged for what it tells)
	}
	var fields []field
	for i := range t.NumField() {
		sf := t.Field(i)
		f := field{index: i}
		fpath := path + "." + sf.Name
		if tag, ok := sf.Tag.Lookup("players"); ok {
			ws, err := parseWhose(t, tag)
			if err != nil && *undeclared == "" {
				*undeclared = fmt.Sprintf("%s: %v", fpath, err)
			}
			f.own = ws
			if k := sf.Type.Kind(); k == reflect.String && sf.Type != textType || k == reflect.Bool {
				f.leaf = true
			}
		}
		f.read = compileReader(sf.Type, tagged || f.own != nil, fpath, undeclared)
		fields = append(fields, f)
	}
	return func(v reflect.Value, inherited bool, j *judge) bool {
		for _, f := range fields {
			ok := inherited
			if f.own != nil {
				ok = true
				for _, w := range f.own {
					if !j.may(w, v) {
						ok = false
						break
					}
				}
				if f.leaf {
					if !ok {
						return false
					}
					continue
				}
			}
			if !f.read(v.Field(f.index), ok, j) {
				return false
			}
		}
		return true
	}
}

// parseWhose reads a `players` tag of a field of struct t.
func parseWhose(t reflect.Type, tag string) ([]whose, error) {
	var out []whose
	for _, w := range strings.Split(tag, ",") {
		kind, arg, _ := strings.Cut(strings.TrimSpace(w), ":")
		switch kind {
		case "public", "hp", "roll", "casting", "gm":
			if arg != "" {
				return nil, fmt.Errorf("players tag %q: %s takes nothing after it", tag, kind)
			}
			out = append(out, whose{kind: kind})
		case "pool", "if", "unless", "own":
			f, ok := t.FieldByName(arg)
			want := reflect.String
			if kind != "pool" {
				want = reflect.Bool
			}
			if !ok || len(f.Index) != 1 || f.Type.Kind() != want {
				return nil, fmt.Errorf("players tag %q: %s has no %s field %q", tag, t.Name(), want, arg)
			}
			out = append(out, whose{kind: kind, field: f.Index[0]})
		case "rolled":
			f, ok := t.FieldByName(arg)
			if !ok || len(f.Index) != 1 || f.Type != reflect.TypeFor[Subject]() {
				return nil, fmt.Errorf("players tag %q: %s has no Subject field %q", tag, t.Name(), arg)
			}
			out = append(out, whose{kind: kind, field: f.Index[0]})
		default:
			return nil, fmt.Errorf("players tag %q: %q is not one of "+
				"public, hp, roll, rolled:F, pool:F, casting, if:F, unless:F, own:F, gm", tag, kind)
		}
	}
	return out, nil
}

// namesHidden reports whether an event names a combatant the players do
// not see as the fight stands in enc: one of its subjects is hidden, left
// the fight hidden, or is unknown to it; or, in the words it quotes (a
// timer's message, a spell's name), a hidden one's name stands as a whole
// word ("Orc 1" is not in "Orc 12").
func namesHidden(enc *Encounter, e Event) bool {
	for _, s := range e.Subjects() {
		if _, shown, known := sideOf(enc, s.ID); !known || !shown {
			return true
		}
	}
	quotes := e.Quotes()
	if len(quotes) == 0 {
		return false
	}
	hidden := func(name string) bool {
		return name != "" && slices.ContainsFunc(quotes, func(q Text) bool { return containsWord(string(q), name) })
	}
	for _, c := range enc.Combatants {
		if c.Hidden && hidden(c.Name) {
			return true
		}
	}
	for _, d := range enc.Gone {
		if d.Hidden && hidden(d.Name) {
			return true
		}
	}
	return false
}
