// Package enginetest helps tests of code that uses the engine, as
// net/http/httptest helps tests of HTTP code. It is for tests only: nothing
// but a _test.go file imports it.
//
// Rules checks a ruleset written inline in a test the way the loader checks a
// file, so a mistake in it fails the test instead of testing nonsense. A
// Fight is an engine.Fight whose steps fail the test when they go wrong, with
// short answers to "who acts?", "in what order?" and "what did the log say?".
//
// The engine's own tests build the small ruleset each needs inline; a book's
// worked examples are tested with its shipped content, in package content.
package enginetest

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// Every step a test of a package that imports this one takes checks that
// it wrote into nothing of the state before it, which the states after
// share (engine.CheckSteps); a benchmark's steps do not, or its figure
// would be the check's.
func init() { engine.CheckSteps(notBenchmarking) }

// notBenchmarking reports whether the test binary runs no benchmarks.
func notBenchmarking() bool {
	f := flag.Lookup("test.bench")
	return f == nil || f.Value.String() == ""
}

// Rules returns the ruleset after checking it with rules.Ruleset.Validate; a
// problem fails the test at once.
func Rules(t testing.TB, rs rules.Ruleset) *rules.Ruleset {
	t.Helper()
	if errs := rs.Validate(); len(errs) > 0 {
		var b strings.Builder
		for _, e := range errs {
			fmt.Fprintf(&b, "\n\t%v", e)
		}
		t.Fatalf("ruleset %q does not validate:%s", rs.ID, b.String())
	}
	return &rs
}

// Fight is an engine.Fight under test. The methods of engine.Fight are
// there as they are; the ones added here fail the test when a step does not
// go as the test says it must.
type Fight struct {
	*engine.Fight
	t testing.TB
}

// New begins an empty fight of the ruleset, in setup, rolling with rnd.
func New(t testing.TB, rs *rules.Ruleset, rnd dice.Rand) *Fight {
	return &Fight{Fight: engine.NewFight(rs, engine.NewEncounter("test", rs), rnd), t: t}
}

// Start begins a fight of the ruleset with a combatant of 20 hit points for
// each name, whose initiative is typed in from inits (0 when it has none) so
// the order is known without dice, and starts it. Any other roll comes from
// a source seeded with 3.
func Start(t testing.TB, rs *rules.Ruleset, inits map[string]int, names ...string) *Fight {
	t.Helper()
	f := New(t, rs, dice.NewSource(3))
	var add []engine.NewCombatant
	for _, n := range names {
		v := inits[n]
		add = append(add, engine.NewCombatant{Name: n, HP: 20, Init: &v})
	}
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	return f
}

// Must does the command, with the faces typed when there are any, and
// returns its events; an error fails the test at once.
func (f *Fight) Must(cmd engine.Command, typed ...int) []engine.Event {
	f.t.Helper()
	ev, err := f.Do(cmd, typed...)
	if err != nil {
		f.t.Fatalf("%s: %v", cmd.Op(), err)
	}
	return ev
}

// Refuse checks that the command is refused with an error that contains msg.
func (f *Fight) Refuse(cmd engine.Command, msg string) {
	f.t.Helper()
	if _, err := f.Do(cmd); err == nil || !strings.Contains(err.Error(), msg) {
		f.t.Errorf("%s: err = %v, want %q", cmd.Op(), err, msg)
	}
}

// Next steps the fight on.
func (f *Fight) Next() {
	f.t.Helper()
	f.Must(engine.Next{})
}

// ToTurnOf steps the fight until the named combatant acts, feeding the faces
// to the one step that begins its turn (the rolls its turn start makes:
// recovery, checks, tables). It fails the test after 20 steps.
func (f *Fight) ToTurnOf(name string, faces ...int) {
	f.t.Helper()
	var cmd engine.Command = engine.Next{}
	for range 20 {
		if f.Actor() == name {
			return
		}
		// Only the step into name's turn gets the faces: probe it on a copy.
		probe, _, _ := engine.Apply(f.Rules, *f.Current(), cmd, dice.Script(faces...))
		if a := probe.Actor(); a != nil && a.Name == name {
			f.Must(cmd, faces...)
			return
		}
		f.Must(cmd)
	}
	f.t.Fatalf("%s never acts", name)
}

// Actor is the name of the combatant acting now, or "-".
func (f *Fight) Actor() string {
	if c := f.Current().Actor(); c != nil {
		return c.Name
	}
	return "-"
}

// ID is the id of the first combatant with the name, or -1.
func (f *Fight) ID(name string) int {
	for _, c := range f.Current().Combatants {
		if c.Name == name {
			return c.ID
		}
	}
	return -1
}

// Get is the combatant with the name as it is now, or nil.
func (f *Fight) Get(name string) *engine.Combatant { return f.Current().Combatant(f.ID(name)) }

// Order is this round's order: the names of its entries, comma-separated.
func (f *Fight) Order() string {
	var s []string
	for _, e := range f.Current().Entries {
		s = append(s, f.Current().Combatant(e.Who).Name)
	}
	return strings.Join(s, ",")
}

// LastLog is the line (as package narrate says it) of the latest event
// whose line contains the text, or "".
func (f *Fight) LastLog(contains string) string {
	log := f.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if line := narrate.Line(f.Rules, log[i]); strings.Contains(line, contains) {
			return line
		}
	}
	return ""
}

// Lines are the lines of events, as package narrate says them.
func (f *Fight) Lines(events []engine.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = narrate.Line(f.Rules, e)
	}
	return out
}

// LogText is the whole log, a line an event.
func (f *Fight) LogText() string {
	var b strings.Builder
	for _, line := range f.Lines(f.Log()) {
		b.WriteString(line + "\n")
	}
	return b.String()
}
