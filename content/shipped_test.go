package content_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// The tests in <ruleset>_test.go run each book's worked examples with its
// shipped content; rulesets_test.go holds what every shipped ruleset must
// keep. These are their helpers; the engine's own are in engine/enginetest.

// shipped is the built-in content, which must load without a problem. It
// is loaded once for all the tests (nothing changes a loaded ruleset):
// loaded for each roll and fight, it was most of the package's test time.
func shipped(t testing.TB) *content.Library {
	t.Helper()
	lib, probs := shippedOnce()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return lib
}

var shippedOnce = sync.OnceValues(content.LoadBuiltin)

// member is a combatant for a test fight: a shipped creature (by id) or an
// ad hoc one, under a name of its own.
type member struct {
	name     string
	creature string
	hp       int
	stats    map[string]int
}

// startFight starts a fight of the shipped ruleset with the members, rolling
// the scripted faces.
func startFight(t *testing.T, ruleset string, members []member, faces ...int) (*enginetest.Fight, *dice.Scripted) {
	t.Helper()
	return startFightWith(t, ruleset, nil, members, faces...)
}

// startFightWith is startFight under the shipped ruleset as edit leaves a
// copy of it (its checks and their modifiers copied: a GM's other
// reading); with no edit, under the shipped ruleset itself.
func startFightWith(t *testing.T, ruleset string, edit func(*rules.Ruleset), members []member, faces ...int) (*enginetest.Fight, *dice.Scripted) {
	t.Helper()
	lib := shipped(t)
	rs, ok := lib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	played := rs.Ruleset
	if edit != nil {
		house := *rs.Ruleset
		house.Checks = slices.Clone(house.Checks)
		for i := range house.Checks {
			house.Checks[i].Modifiers = slices.Clone(house.Checks[i].Modifiers)
		}
		edit(&house)
		played = enginetest.Rules(t, house)
	}
	var add []engine.NewCombatant
	for _, m := range members {
		n := engine.NewCombatant{Name: m.name, HP: m.hp, Stats: m.stats}
		if m.creature != "" {
			c, ok := lib.Creature(ruleset, m.creature)
			if !ok {
				t.Fatalf("no creature %s", m.creature)
			}
			n = engine.FromTemplate(c.Template, m.name)
		}
		add = append(add, n)
	}
	dice := dice.Script(faces...)
	f := enginetest.New(t, played, dice)
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	return f, dice
}

// where describes the current step: round, phase, actor, value and action.
func where(rs *rules.Ruleset, enc *engine.Encounter) string {
	ph := "-"
	if phases := rs.RoundPhases(); len(phases) > 0 {
		ph = phases[enc.Phase].ID
	}
	if enc.Cur.Who == 0 {
		return fmt.Sprintf("r%d %s", enc.Round, ph)
	}
	c := enc.Combatant(enc.Cur.Who)
	s := fmt.Sprintf("r%d %s %s@%d", enc.Round, ph, c.Name, enc.Entry(enc.Cur).Value)
	if enc.Cur.Action > 0 {
		s += fmt.Sprintf("#%d", enc.Cur.Action+1)
	}
	return s
}

// twoRounds steps the fight until round 3 begins and returns every step.
func twoRounds(t *testing.T, f *enginetest.Fight) []string {
	t.Helper()
	var steps []string
	for i := 0; f.Current().Round <= 2; i++ {
		if i > 200 {
			t.Fatal("two rounds never ended")
		}
		steps = append(steps, where(f.Rules, f.Current()))
		f.Next()
	}
	return steps
}

func checkSteps(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("steps:\n got  %s\n want %s", strings.Join(got, " | "), strings.Join(want, " | "))
	}
}

func logText(f *enginetest.Fight) string {
	var b strings.Builder
	for _, e := range f.Log() {
		b.WriteString(narrate.Line(f.Rules, e) + "\n")
	}
	return b.String()
}

// onRank steps the fight on to the next step of the action phase that is
// name's own and not yet attacked on: BRP's attacks are made on the
// attacker's own DEX ranks (order.attacks_on_ranks).
func onRank(t *testing.T, f *enginetest.Fight, name string) {
	t.Helper()
	id := f.ID(name)
	for i := 0; ; i++ {
		enc := f.Current()
		phases := f.Rules.RoundPhases()
		if enc.Cur.Who == id && phases[enc.Phase].Actions && !slices.Contains(enc.Combatant(id).Struck, enc.Cur.Action) {
			return
		}
		if i > 200 {
			t.Fatalf("%s's rank never came", name)
		}
		f.Next()
	}
}
