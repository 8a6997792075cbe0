package engine_test

import (
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// A schemaCase shows one key of the schema, or one value of a kind, at
// work. The same fight is played under two rulesets built from baseRules
// and need: one without the key, and one where set has put it in. What the
// GM sees (the log, what the screen reads, the state) must differ as want
// and gone say. A case with refused shows instead that the loader refuses
// the key in that context, at the key. A case with gap is a probe of a
// known gap: the key, set in its context, changes nothing, and the probe
// fails once the engine closes the gap, so it is moved to the cases.
//
// need is called once for each ruleset and must make what it adds afresh:
// set may change the elements of what need made.
type schemaCase struct {
	key  string // "ticks.skip_new", or for a kind "order.kind=rank"
	note string // which of several cases of a key
	need func(*rules.Ruleset)
	set  func(*rules.Ruleset)
	play func(*testing.T, *rules.Ruleset) string
	// want are shown with the key, and at least one of them not without it;
	// gone are shown without the key and not with it; not are shown with
	// it by no means (where else the effect must not be).
	want, gone, not []string
	refused         string
	gap             string
}

func baseRules() rules.Ruleset {
	return rules.Ruleset{ID: "base", Name: "Base", Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")}}
}

func (c schemaCase) rulesets() (without, with rules.Ruleset) {
	without, with = baseRules(), baseRules()
	if c.need != nil {
		c.need(&without)
		c.need(&with)
	}
	c.set(&with)
	return without, with
}

var indexes = regexp.MustCompile(`\[\d+\]`)

func (c schemaCase) check(t *testing.T) {
	without, with := c.rulesets()
	if c.refused != "" {
		enginetest.Rules(t, without)
		for _, e := range with.Validate() {
			if path := indexes.ReplaceAllString(e.Path, ""); (path == keyOf(c.key) || strings.HasPrefix(path, keyOf(c.key)+".")) && strings.Contains(e.Msg, c.refused) {
				return
			}
		}
		t.Errorf("%s: the ruleset with it is not refused at %s with %q; Validate says %v", c.key, keyOf(c.key), c.refused, with.Validate())
		return
	}
	a := c.play(t, enginetest.Rules(t, without))
	b := c.play(t, enginetest.Rules(t, with))
	label := c.key
	if c.gap != "" {
		label = c.gap
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s: "+format+"\n--- without it:\n%s\n--- with it:\n%s", append([]any{label}, append(args, a, b)...)...)
	}
	if c.gap != "" {
		if a != b {
			fail("the gap is closed: the fight differs now. Take %q out of knownGaps and make this probe a case", c.gap)
		}
		return
	}
	if len(c.want)+len(c.gone) == 0 {
		t.Fatalf("%s: a case says what it shows (want or gone)", c.key)
	}
	differs := len(c.gone) > 0
	for _, w := range c.want {
		if !strings.Contains(b, w) {
			fail("with it the fight should show %q", w)
		}
		differs = differs || !strings.Contains(a, w)
	}
	if !differs {
		fail("the fight shows %q without it too: the case shows no effect", c.want)
	}
	for _, g := range c.gone {
		if !strings.Contains(a, g) || strings.Contains(b, g) {
			fail("%q should be shown without it and not with it", g)
		}
	}
	for _, n := range c.not {
		if strings.Contains(b, n) {
			fail("with it the fight should not show %q", n)
		}
	}
}

// An act is a step of a case's fight; it returns what it adds to what the
// GM sees besides the log (a refusal, a value the screen reads).
type act func(t *testing.T, f *enginetest.Fight) string

// duel is a fight of A (initiative 20) and B (10), 20 hit points each.
func duel(acts ...act) func(*testing.T, *rules.Ruleset) string {
	return func(t *testing.T, rs *rules.Ruleset) string {
		return played(t, enginetest.Start(t, rs, map[string]int{"A": 20, "B": 10}, "A", "B"), acts)
	}
}

// trio is a fight of X (30), A (20) and Y (10): A's turn is neither the
// first nor the last of the round.
func trio(acts ...act) func(*testing.T, *rules.Ruleset) string {
	return func(t *testing.T, rs *rules.Ruleset) string {
		return played(t, enginetest.Start(t, rs, map[string]int{"X": 30, "A": 20, "Y": 10}, "X", "A", "Y"), acts)
	}
}

// cast is a fight of the combatants given, started.
func cast(add []engine.NewCombatant, acts ...act) func(*testing.T, *rules.Ruleset) string {
	return func(t *testing.T, rs *rules.Ruleset) string {
		f := enginetest.New(t, rs, dice.NewSource(3))
		var notes string
		if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
			notes = "\nrefused: " + err.Error()
		} else {
			f.Must(engine.Start{})
		}
		return played(t, f, append([]act{func(*testing.T, *enginetest.Fight) string { return notes }}, acts...))
	}
}

func who(name string, init int, hp int, stats map[string]int) engine.NewCombatant {
	return engine.NewCombatant{Name: name, HP: hp, Init: &init, Stats: stats}
}

// narrow plays a duel but shows only what its acts return: for a probe
// that asks one question of a fight.
func narrow(acts ...act) func(*testing.T, *rules.Ruleset) string {
	return func(t *testing.T, rs *rules.Ruleset) string {
		f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 10}, "A", "B")
		var b strings.Builder
		for _, a := range acts {
			b.WriteString(a(t, f))
		}
		return b.String()
	}
}

// played runs the acts and returns the whole log, what the acts returned
// and the combatants' state. The fight must stay sound throughout.
func played(t *testing.T, f *enginetest.Fight, acts []act) string {
	t.Helper()
	var notes strings.Builder
	for _, a := range acts {
		notes.WriteString(a(t, f))
	}
	if err := f.Verify(); err != nil {
		t.Errorf("the fight is not sound: %v", err)
	}
	var b strings.Builder
	for _, e := range f.Log() {
		b.WriteString(narrate.Line(f.Rules, e) + "\n")
	}
	b.WriteString("--" + notes.String() + "\n--\n")
	for _, c := range f.Current().Combatants {
		b.WriteString(stateOf(f.Rules, c) + "\n")
	}
	return b.String()
}

// stateOf is what the screen shows of a combatant, in one line.
func stateOf(rs *rules.Ruleset, c *engine.Combatant) string {
	var pools, conds []string
	for _, k := range slices.Sorted(maps.Keys(c.Pools)) {
		pools = append(pools, fmt.Sprintf("%s=%d", k, c.Pools[k]))
	}
	for _, x := range c.Conditions {
		var why []string
		if x.Own {
			why = append(why, "own")
		}
		why = append(why, x.Cause...)
		for _, p := range x.Parents {
			why = append(why, "from "+p)
		}
		conds = append(conds, x.ID+"("+strings.Join(why, ", ")+")")
	}
	return fmt.Sprintf("%s: hp %d/%d out %v pools [%s] conds [%s] stun %d penalty %d band %q",
		c.Name, c.HP, c.MaxHP, c.Out, strings.Join(pools, " "), strings.Join(conds, " "), c.StunTotal(), engine.Penalty(rs, c), engine.InjuryBand(rs, c))
}

// do does a command about the named combatant (none: ""), with faces typed
// when given; a refusal is shown.
func do(name string, cmd engine.Command, faces ...int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		if name != "" {
			// Every payload about a combatant names it Who.
			v := reflect.New(reflect.TypeOf(cmd)).Elem()
			v.Set(reflect.ValueOf(cmd))
			v.FieldByName("Who").SetInt(int64(f.ID(name)))
			cmd = v.Interface().(engine.Command)
		}
		if _, err := f.Do(cmd, faces...); err != nil {
			return "\nrefused: " + err.Error()
		}
		return ""
	}
}

func next(n int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		for range n {
			f.Next()
		}
		return ""
	}
}

// turns steps on n times, marking in the log each step it leaves ("turn of
// A"), so a point at a turn's end is told from one at the next turn's start.
func turns(n int) act {
	return func(t *testing.T, f *enginetest.Fight) string {
		for range n {
			f.Must(engine.Roll{Expr: "0", For: "turn of " + f.Actor()})
			f.Next()
		}
		return ""
	}
}

func damage(name string, n int) act { return do(name, engine.Damage{Amount: n}) }
func wound(name string, n int) act  { return do(name, engine.Bleed{Rate: n}) }
func injury(name string, n int) act { return do(name, engine.Injure{Penalty: n}) }
func give(name, cond string) act {
	return do(name, engine.GiveCondition{Condition: cond})
}
func spend(name, action string) act {
	return do(name, engine.Spend{Action: action})
}
func stun(name, level string, n int) act {
	return do(name, engine.Stun{Level: level, Rounds: n})
}

// screen shows a value the tracker's screen reads.
func screen(fn func(rs *rules.Ruleset, f *enginetest.Fight) string) act {
	return func(t *testing.T, f *enginetest.Fight) string { return "\nscreen: " + fn(f.Rules, f) }
}

// Pieces of rulesets the cases share.

var ex = dice.MustParse

func needs(fs ...func(*rules.Ruleset)) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		for _, f := range fs {
			f(rs)
		}
	}
}

func withConds(ds ...rules.ConditionDef) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Conditions = append(rs.Conditions, ds...) }
}

func withActions(ds ...rules.ActionDef) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Actions = append(rs.Actions, ds...) }
}

func withTicks(ts ...rules.Tick) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) { rs.Ticks = append(rs.Ticks, ts...) }
}

func withKind(k rules.OrderKind) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		rs.Order.Kind = k
		if k == rules.OrderSegments {
			rs.Order.ActionInitiative = []dice.Expr{ex("1d6")}
		}
	}
}

func withStats(ids ...string) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		for _, id := range ids {
			rs.Stats = append(rs.Stats, rules.StatDef{ID: id, Name: id})
		}
	}
}

// twoPhases splits the round into First and Second, each in initiative order.
func twoPhases(rs *rules.Ruleset) {
	rs.Phases = []rules.Phase{
		{ID: "first", Name: "First", Order: rules.PhaseInitiative},
		{ID: "second", Name: "Second", Order: rules.PhaseInitiative},
	}
}

// ladder is a stun ladder of one level, Dazed, never recovered from.
func ladder(rs *rules.Ruleset) {
	rs.Stun = rules.StunRules{Kind: rules.StunLadder, Levels: []rules.StunLevel{{ID: "dazed", Name: "Dazed", Summary: "reels"}},
		Recovery: ex("0"), Target: 100}
}

// mark is a note: "Mark: here" in the log at its point.
func mark(when rules.Point) rules.Tick {
	return rules.Tick{ID: "mark", Name: "Mark", Summary: "here", When: when}
}

// firstAid is first aid that always works, to a wound of 5 on A.
func firstAid(rs *rules.Ruleset) {
	rs.Wounds = rules.WoundRules{Check: ex("100"), Target: 50}
}

// aidCheck is a check First Aid may be rolled as: d100 at or under 40,
// 96-00 a fumble.
func aidCheck(rs *rules.Ruleset) {
	rs.Checks = append(rs.Checks, rules.Check{ID: "aid", Name: "First Aid", Roll: ex("d100"), Target: ex("40"), Succeeds: rules.AtMost,
		Outcomes: []rules.Outcome{{ID: "fumble", Name: "Fumble", AtLeast: ex("96"), Fails: true},
			{ID: "success", Name: "Success", Result: rules.Success}, {ID: "failure", Name: "Failure", Result: rules.Failure}}})
}

var prone = rules.ConditionDef{ID: "prone", Name: "Prone"}
var dazed = rules.ConditionDef{ID: "dazed", Name: "Dazed"}

func resist(rs *rules.Ruleset) {
	rs.Helpers.ResistanceRoll, rs.Helpers.ResistanceBase = ex("100"), 50
}

var resistA = do("A", engine.Resist{AttackLevel: 5, DefenceLevel: 3})

// seen is what the players see of a combatant: hidden or not, how its hit
// points show (the word, for a word), and the log's last line as they read it.
func seen(name string) func(rs *rules.Ruleset, f *enginetest.Fight) string {
	return func(rs *rules.Ruleset, f *enginetest.Fight) string {
		enc := f.Current()
		c := enc.Combatant(f.ID(name))
		show := engine.HPShowOf(rs, enc, c.Side)
		out := fmt.Sprintf("%s hidden %v hp %s", name, c.Hidden, show)
		if show == rules.HPWords {
			out += " " + narrate.HPWord(rs, c)
		}
		log := f.Log()
		for i := len(log) - 1; i >= 0; i-- {
			if text, ok := narrate.Public(rs, enc, log[i]); ok {
				return out + "\npublic: " + text
			}
		}
		return out
	}
}
