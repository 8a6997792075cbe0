package content_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// What every shipped ruleset must keep, tested with each of them.

// randomCommand makes a command that may or may not be allowed now.
func randomCommand(r *rand.Rand, rs *rules.Ruleset, enc *engine.Encounter, late bool) engine.Command {
	who := 0
	if n := len(enc.Combatants); n > 0 && r.IntN(10) > 0 {
		who = enc.Combatants[r.IntN(n)].ID
	} else {
		who = r.IntN(5)
	}
	if k := r.IntN(10); k < 3 {
		var ids []string
		for _, c := range rs.Conditions {
			ids = append(ids, c.ID)
		}
		var levels []string
		for _, l := range rs.Stun.Levels {
			levels = append(levels, l.ID)
		}
		var actions []string
		for _, a := range rs.Actions {
			actions = append(actions, a.ID)
		}
		pickOf := func(xs []string) string {
			if len(xs) == 0 {
				return "none"
			}
			return xs[r.IntN(len(xs))]
		}
		other := 0
		if n := len(enc.Combatants); n > 0 {
			other = enc.Combatants[r.IntN(n)].ID
		}
		switch r.IntN(9) {
		case 7:
			if r.IntN(4) == 0 {
				return engine.Disengage{Who: who}
			}
			return engine.Engage{Who: who, Foe: other}
		case 8:
			return engine.Flurry{Who: who, Step: []engine.FlurryStep{engine.FlurryAction, engine.FlurryObstacle, engine.FlurryAgain}[r.IntN(3)], Actions: r.IntN(3)}
		case 0:
			return engine.Stun{Who: who, Level: pickOf(levels), Rounds: 1 + r.IntN(3)}
		case 1:
			return engine.Bleed{Who: who, Rate: 1 + r.IntN(8)}
		case 2:
			return engine.FirstAid{Who: who, Wound: r.IntN(2)}
		case 3:
			if r.IntN(2) == 1 {
				return engine.TakeCondition{Who: who, Condition: pickOf(ids)}
			}
			return engine.GiveCondition{Who: who, Condition: pickOf(ids), Rounds: r.IntN(3)}
		case 4:
			return engine.Injure{Who: who, Penalty: -5 * (1 + r.IntN(5)), Text: "cut"}
		default:
			return engine.Spend{Who: who, Action: pickOf(actions)}
		}
	}
	switch k := r.IntN(20); {
	case k < 7:
		return engine.Next{}
	case k < 9:
		var add []engine.NewCombatant
		for i := range 1 + r.IntN(3) {
			stats := map[string]int{}
			for _, s := range rs.Stats {
				stats[s.ID] = r.IntN(20) - 5
			}
			add = append(add, engine.NewCombatant{Name: fmt.Sprintf("C%d-%d", len(enc.Combatants), i), HP: 1 + r.IntN(40), Stats: stats})
		}
		return engine.Add{Combatants: add}
	case k == 9:
		return engine.Remove{Who: who}
	case k == 10 && rs.Recorded():
		v := rs.Vitality
		return engine.RecordWound{Who: who, Location: v.Locations[r.IntN(len(v.Locations))].ID, Severity: v.Severities[r.IntN(len(v.Severities))].ID, Penetrating: r.IntN(2) == 0}
	case k == 12 && rs.Recorded():
		return engine.StrikeWound{Who: who, Wound: r.IntN(3)}
	case k == 10:
		return engine.Damage{Who: who, Amount: r.IntN(30)}
	case k == 11:
		return engine.Damage{Who: who, Expr: "2d6"}
	case k == 12:
		return engine.Heal{Who: who, Expr: "1d8"}
	case k == 13:
		return engine.SetInit{Who: who, Init: r.IntN(30) - 8}
	case k == 14:
		return engine.Move{Who: who, Dir: []int{-1, 1}[r.IntN(2)]}
	case k == 15:
		after := 0
		if len(enc.Combatants) > 0 {
			after = enc.Combatants[r.IntN(len(enc.Combatants))].ID
		}
		return engine.Wait{Who: enc.Cur.Who, After: after}
	case k == 16:
		return engine.HoldTo{Who: enc.Cur.Who, To: r.IntN(16) - 7}
	case k == 17:
		return engine.Delay{Who: who, Trigger: "if charged"}
	case k == 18:
		if late && r.IntN(8) == 0 {
			return engine.End{}
		}
		return engine.Notes{Who: who, Text: "note"}
	}
	return engine.Start{}
}

// checkInvariants holds after every step of any fight.
func checkInvariants(t *testing.T, f *engine.Fight) {
	t.Helper()
	if err := f.Verify(); err != nil {
		t.Fatalf("after %+v: %v", f.Done[len(f.Done)-1].Cmd, err)
	}
}

// TestUndoRedoIsExact drives a fight of every shipped ruleset with random
// commands: each step keeps the invariants, a refused one changes nothing,
// undo and redo return exactly the states seen without rolling a die, and a
// fight restored from its steps is the same fight.
func TestUndoRedoIsExact(t *testing.T) {
	lib := shipped(t)
	for _, rs := range lib.Rulesets() {
		for seed := range uint64(8) {
			t.Run(fmt.Sprintf("%s/%d", rs.ID, seed), func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 99))
				src := dice.NewSource(seed)
				f := engine.NewFight(rs.Ruleset, engine.NewEncounter("prop", rs.Ruleset), src)
				states := []engine.Encounter{f.Current().Clone()}
				for tries := 0; len(states) < 150 && tries < 3000; tries++ {
					cmd := randomCommand(r, rs.Ruleset, f.Current(), len(states) > 130)
					before := f.Current().Clone()
					if _, err := f.Do(cmd); err != nil {
						if !reflect.DeepEqual(before, *f.Current()) {
							t.Fatalf("%+v failed (%v) but changed the state", cmd, err)
						}
						continue
					}
					checkInvariants(t, f)
					states = append(states, f.Current().Clone())
				}
				if len(states) < 150 {
					t.Fatalf("only %d steps were allowed", len(states))
				}
				rngState := src.State()
				for i := len(states) - 2; i >= 0; i-- {
					if _, ok := f.Undo(); !ok {
						t.Fatalf("undo %d refused", i)
					}
					if !reflect.DeepEqual(states[i], *f.Current()) {
						t.Fatalf("undo to step %d differs:\n got  %+v\n want %+v", i, *f.Current(), states[i])
					}
				}
				if _, ok := f.Undo(); ok {
					t.Fatal("undo past the beginning")
				}
				for i := 1; i < len(states); i++ {
					if _, err := f.Redo(); err != nil {
						t.Fatalf("redo %d: %v", i, err)
					}
					if !reflect.DeepEqual(states[i], *f.Current()) {
						t.Fatalf("redo to step %d differs", i)
					}
				}
				if src.State() != rngState {
					t.Fatal("redo rolled dice: the random source moved")
				}
				// A fight restored from its steps is the same fight.
				g, err := engine.Restore(rs.Ruleset, f.Base, f.Done, nil, dice.NewSource(0))
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(*g.Current(), states[len(states)-1]) || len(g.Log()) != len(f.Log()) {
					t.Fatal("restored fight differs")
				}
			})
		}
	}
}

// BenchmarkRoundOf100 steps through one whole round of 100 combatants in the
// shipped Pathmaster, War & Combat and Countdown: what a GM waits for on a
// big fight.
func BenchmarkRoundOf100(b *testing.B) {
	lib := shipped(b)
	for _, id := range []string{"pathmaster", "war-and-combat", "countdown"} {
		b.Run(id, func(b *testing.B) {
			rs, _ := lib.Ruleset(id)
			f := engine.NewFight(rs.Ruleset, engine.NewEncounter("bench", rs.Ruleset), dice.NewSource(1))
			var add []engine.NewCombatant
			for i := range 100 {
				add = append(add, engine.NewCombatant{Name: fmt.Sprintf("C%d", i), HP: 30, Stats: map[string]int{}})
			}
			f.Do(engine.Add{Combatants: add})
			f.Do(engine.Start{})
			enc := *f.Current()
			dice := dice.NewSource(2)
			b.ResetTimer()
			for b.Loop() {
				cur := enc
				round := cur.Round
				for cur.Round == round {
					next, _, err := engine.Apply(rs.Ruleset, cur, engine.Next{}, dice)
					if err != nil {
						b.Fatal(err)
					}
					cur = next
				}
			}
		})
	}
}

// BenchmarkPathmasterNext is the engine's part of a durable change in
// saves' BenchmarkChange: one step of a four-fighter Pathmaster fight (the
// n key) and its undo, so the fight stays the size it is.
func BenchmarkPathmasterNext(b *testing.B) {
	rs, _ := shipped(b).Ruleset("pathmaster")
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("bench", rs.Ruleset), dice.NewSource(4))
	r := rand.New(rand.NewPCG(4, 7))
	var add []engine.NewCombatant
	for i := range 4 {
		stats := map[string]int{}
		for _, s := range rs.Stats {
			stats[s.ID] = r.IntN(15)
		}
		add = append(add, engine.NewCombatant{Name: fmt.Sprintf("Fighter %d", i+1), Side: "foes", HP: 10 + r.IntN(30), Stats: stats})
	}
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}, engine.Damage{Who: 2, Expr: "1d4"}} {
		if _, err := f.Do(cmd); err != nil {
			b.Fatal(err)
		}
	}
	for range 10 {
		if _, err := f.Do(engine.Next{}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := f.Do(engine.Next{}); err != nil {
			b.Fatal(err)
		}
		if _, ok := f.Undo(); !ok {
			b.Fatal("no undo")
		}
	}
}
