package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
)

// fight starts a fight of the ruleset with combatants whose initiative is
// typed in, so the order is known without dice.
func fight(t *testing.T, ruleset string, inits map[string]int, names ...string) *engine.Fight {
	t.Helper()
	rs, ok := shipped(t).Ruleset(ruleset)
	if !ok {
		t.Fatal(ruleset)
	}
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("t", rs.Ruleset), dice.NewSource(3))
	var add []engine.NewCombatant
	for _, n := range names {
		v := inits[n]
		add = append(add, engine.NewCombatant{Name: n, HP: 20, Init: &v})
	}
	must(t, f, engine.Command{Op: engine.OpAdd, Add: add})
	must(t, f, engine.Command{Op: engine.OpStart})
	return f
}

func must(t *testing.T, f *engine.Fight, cmd engine.Command, typed ...int) []engine.Event {
	t.Helper()
	ev, err := f.Do(cmd, typed...)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Op, err)
	}
	return ev
}

func refuse(t *testing.T, f *engine.Fight, cmd engine.Command, msg string) {
	t.Helper()
	if _, err := f.Do(cmd); err == nil || !strings.Contains(err.Error(), msg) {
		t.Errorf("%s: err = %v, want %q", cmd.Op, err, msg)
	}
}

func actor(f *engine.Fight) string {
	if c := f.Current().Actor(); c != nil {
		return c.Name
	}
	return "-"
}

func id(f *engine.Fight, name string) int {
	for _, c := range f.Current().Combatants {
		if c.Name == name {
			return c.ID
		}
	}
	return -1
}

func order(f *engine.Fight) string {
	var s []string
	for _, e := range f.Current().Entries {
		s = append(s, f.Current().Combatant(e.Who).Name)
	}
	return strings.Join(s, ",")
}

func next(t *testing.T, f *engine.Fight) { must(t, f, engine.Command{Op: engine.OpNext}) }

func TestAddMidFightKeepsTheActor(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	next(t, f) // B acts
	// Orcs rolled in above and below the actor.
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "Orc 1", HP: 9}, {Name: "Orc 2", HP: 9}, {Name: "Orc 3", HP: 9}}}, 10, 9, 1, 1, 5, 5)
	if actor(f) != "B" {
		t.Fatalf("actor = %s after adding, want B", actor(f))
	}
	// Ad hoc orcs have QU 0: Orc 1 19, Orc 2 2, Orc 3 10 (after C, its equal).
	if got := order(f); got != "A,Orc 1,B,C,Orc 3,Orc 2" {
		t.Errorf("order = %s", got)
	}
	next(t, f)
	next(t, f)
	if actor(f) != "Orc 3" {
		t.Errorf("after C comes Orc 3 (10), got %s", actor(f))
	}
}

func TestRemoveTheActor(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	next(t, f)
	must(t, f, engine.Command{Op: engine.OpRemove, Who: id(f, "B")})
	if actor(f) != "C" || f.Current().Round != 1 {
		t.Errorf("after removing the actor: %s in round %d, want C in round 1", actor(f), f.Current().Round)
	}
	must(t, f, engine.Command{Op: engine.OpRemove, Who: id(f, "C")}) // the last of the round
	if actor(f) != "A" || f.Current().Round != 2 {
		t.Errorf("after removing the last: %s in round %d, want A in round 2", actor(f), f.Current().Round)
	}
	must(t, f, engine.Command{Op: engine.OpRemove, Who: id(f, "A")})
	if actor(f) != "-" {
		t.Errorf("nobody left, yet %s acts", actor(f))
	}
	// With nobody able to act, each step is one idle round.
	r := f.Current().Round
	next(t, f)
	if f.Current().Round != r+1 || actor(f) != "-" {
		t.Errorf("idle step: round %d -> %d, actor %s", r, f.Current().Round, actor(f))
	}
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "D", HP: 4}}}, 5, 5)
	next(t, f)
	if actor(f) != "D" {
		t.Errorf("a newcomer in an idle round acts next, got %s", actor(f))
	}
	refuse(t, f, engine.Command{Op: engine.OpRemove, Who: 99}, "no combatant #99")
}

func TestWaitThisRoundOnly(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	refuse(t, f, engine.Command{Op: engine.OpWait, Who: id(f, "B")}, "only the combatant acting now")
	must(t, f, engine.Command{Op: engine.OpWait, Who: id(f, "A"), After: id(f, "B")})
	if actor(f) != "B" || order(f) != "B,A,C" {
		t.Fatalf("after A waits for B: actor %s, order %s", actor(f), order(f))
	}
	next(t, f)
	if actor(f) != "A" {
		t.Fatalf("A should act after B, got %s", actor(f))
	}
	next(t, f)
	next(t, f)
	if f.Current().Round != 2 || order(f) != "A,B,C" || actor(f) != "A" {
		t.Errorf("round 2 should restore A's place: round %d, order %s, actor %s", f.Current().Round, order(f), actor(f))
	}
	// Waiting to the end of the round, and for someone who already acted.
	must(t, f, engine.Command{Op: engine.OpWait, Who: id(f, "A")})
	if order(f) != "B,C,A" || actor(f) != "B" {
		t.Errorf("wait to the end: order %s, actor %s", order(f), actor(f))
	}
	next(t, f)
	refuse(t, f, engine.Command{Op: engine.OpWait, Who: id(f, "C"), After: id(f, "B")}, "already acted")
	// BRP has no wait; it holds to a lower rank.
	g := fight(t, "brp", nil, "X")
	refuse(t, g, engine.Command{Op: engine.OpWait, Who: 1}, "has no wait")
}

func TestDelayKeepsThePlace(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15}, "A", "B")
	ev := must(t, f, engine.Command{Op: engine.OpDelay, Who: id(f, "A"), Text: "if the orc charges"})
	if order(f) != "A,B" || actor(f) != "A" || f.Current().Combatant(id(f, "A")).Delaying != "if the orc charges" {
		t.Errorf("delay changed the order or lost the trigger: %s %s", order(f), actor(f))
	}
	if ev[0].Text != "A delays the attack: if the orc charges" {
		t.Errorf("event: %q", ev[0].Text)
	}
	next(t, f)
	next(t, f) // A's next turn: the unused delay lapses
	if f.Current().Combatant(id(f, "A")).Delaying != "" {
		t.Errorf("delay did not lapse at A's next turn")
	}
}

func TestHoldToALaterRank(t *testing.T) {
	rs, _ := shipped(t).Ruleset("brp")
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("t", rs.Ruleset), dice.NewSource(1))
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{
		{Name: "Fast", HP: 9, Stats: map[string]int{"DEX": 18}},
		{Name: "Mid", HP: 9, Stats: map[string]int{"DEX": 12}},
		{Name: "Slow", HP: 9, Stats: map[string]int{"DEX": 6}},
	}})
	must(t, f, engine.Command{Op: engine.OpStart})
	for f.Current().Phase != 2 { // to the action phase
		next(t, f)
	}
	if actor(f) != "Fast" {
		t.Fatalf("actor %s", actor(f))
	}
	refuse(t, f, engine.Command{Op: engine.OpHold, Who: id(f, "Fast"), To: 18}, "later point")
	must(t, f, engine.Command{Op: engine.OpHold, Who: id(f, "Fast"), To: 8})
	if actor(f) != "Mid" || order(f) != "Mid,Fast,Slow" {
		t.Errorf("after holding to 8: actor %s, order %s", actor(f), order(f))
	}
	next(t, f)
	if actor(f) != "Fast" {
		t.Errorf("Fast should act at 8, got %s", actor(f))
	}
	// Holding past rank 1 loses the action.
	next(t, f)
	ev := must(t, f, engine.Command{Op: engine.OpHold, Who: id(f, "Slow"), To: 0})
	if !strings.Contains(ev[0].Text, "the action is lost") || f.Current().Phase != 3 {
		t.Errorf("hold past rank 1: %v, phase %d", ev, f.Current().Phase)
	}
}

func TestSetInitiativeAndMove(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	must(t, f, engine.Command{Op: engine.OpSetInit, Who: id(f, "C"), Init: 25})
	if f.Current().Order[0] != id(f, "C") || actor(f) != "A" {
		t.Errorf("C at 25 should lead the fight's order without taking A's turn: %v, actor %s", f.Current().Order, actor(f))
	}
	must(t, f, engine.Command{Op: engine.OpMove, Who: id(f, "B"), Dir: -1})
	if order(f) != "C,B,A" {
		t.Errorf("B moved earlier: %s", order(f))
	}
	refuse(t, f, engine.Command{Op: engine.OpMove, Who: id(f, "C"), Dir: -1}, "cannot move further")
	next(t, f) // A was acting: round 2 begins
	// The fixed order keeps the GM's moves in the next round.
	if f.Current().Round != 2 || order(f) != "C,B,A" || actor(f) != "C" {
		t.Errorf("round 2 order %s", order(f))
	}
	g := fight(t, "energy", nil, "X")
	refuse(t, g, engine.Command{Op: engine.OpSetInit, Who: 1, Init: 3}, "no initiative order")
}

func TestDamageAndHeal(t *testing.T) {
	f := fight(t, "pathmaster", map[string]int{"A": 20, "B": 15}, "A", "B")
	ev := must(t, f, engine.Command{Op: engine.OpDamage, Who: id(f, "B"), Amount: 25})
	b := f.Current().Combatant(id(f, "B"))
	if b.HP != -5 || !b.Out || ev[1].Text != "B is down" {
		t.Fatalf("B at %d out=%v, events %v", b.HP, b.Out, ev)
	}
	next(t, f)
	if actor(f) != "A" || f.Current().Round != 2 {
		t.Errorf("a downed combatant is skipped: actor %s, round %d", actor(f), f.Current().Round)
	}
	must(t, f, engine.Command{Op: engine.OpHeal, Who: id(f, "B"), Expr: "3d6"}, 6, 6, 6)
	if b := f.Current().Combatant(id(f, "B")); b.HP != 13 || b.Out {
		t.Errorf("healed 18: HP %d out=%v", b.HP, b.Out)
	}
	must(t, f, engine.Command{Op: engine.OpHeal, Who: id(f, "B"), Amount: 50})
	if b := f.Current().Combatant(id(f, "B")); b.HP != 20 {
		t.Errorf("healing past max: HP %d", b.HP)
	}
	refuse(t, f, engine.Command{Op: engine.OpDamage, Who: id(f, "B"), Expr: "2d"}, "2d")
	refuse(t, f, engine.Command{Op: engine.OpDamage, Who: id(f, "B"), Amount: -3}, "between 0")
	g := fight(t, "energy", nil, "X")
	must(t, g, engine.Command{Op: engine.OpDamage, Who: 1, Amount: 40})
	if g.Current().Combatant(1).Out {
		t.Error("energy keeps combatants at 0 Aura in the fight")
	}
}

func TestLifecycleErrors(t *testing.T) {
	rs, _ := shipped(t).Ruleset("pathmaster")
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("t", rs.Ruleset), dice.NewSource(1))
	refuse(t, f, engine.Command{Op: engine.OpNext}, "not started")
	refuse(t, f, engine.Command{Op: engine.OpStart}, "add combatants")
	refuse(t, f, engine.Command{Op: engine.OpAdd}, "nobody to add")
	refuse(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: " ", HP: 3}}}, "needs a name")
	refuse(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "X", HP: 0}}}, "hit points")
	refuse(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "X", HP: 3, Stats: map[string]int{"STR": 3}}}}, `no stat "STR"`)
	refuse(t, f, engine.Command{Op: "fly"}, `unknown command "fly"`)
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "X", HP: 3}}})
	must(t, f, engine.Command{Op: engine.OpStart})
	refuse(t, f, engine.Command{Op: engine.OpStart}, "already running")
	must(t, f, engine.Command{Op: engine.OpRename, Who: 1, Text: "Xavier"})
	ev := must(t, f, engine.Command{Op: engine.OpRoll, Expr: "2d6 + 1"}, 3, 4)
	if ev[0].Text != "rolls: 2d6 + 1: [3, 4] + 1 = 8" {
		t.Errorf("free roll: %q", ev[0].Text)
	}
	ev = must(t, f, engine.Command{Op: engine.OpRoll, Who: 1, Expr: "d100oe + QU", Text: "Perception"}, 40)
	if ev[0].Text != "Xavier Perception: d100oe + QU: [40] + 0 = 40" {
		t.Errorf("roll with stats: %q", ev[0].Text)
	}
	refuse(t, f, engine.Command{Op: engine.OpRoll, Expr: "d"}, "d")
	must(t, f, engine.Command{Op: engine.OpEnd})
	refuse(t, f, engine.Command{Op: engine.OpNext}, "is over")
	if f.Log()[len(f.Log())-1].Text != "The fight ends after 1 round" {
		t.Errorf("last event %q", f.Log()[len(f.Log())-1].Text)
	}
	other, _ := shipped(t).Ruleset("brp")
	if _, _, err := engine.Apply(other.Ruleset, *f.Current(), engine.Command{Op: engine.OpNext}, dice.NewSource(1)); err == nil {
		t.Error("an encounter ran under another ruleset")
	}
}

// A round where nobody can act waits; the first who can, acts at once.
func TestIdleRoundWakes(t *testing.T) {
	rs, _ := shipped(t).Ruleset("pathmaster")
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("t", rs.Ruleset), dice.NewSource(3))
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "A", HP: 20, Stats: map[string]int{"CON": 50}}}})
	must(t, f, engine.Command{Op: engine.OpStart})
	must(t, f, engine.Command{Op: engine.OpDamage, Who: id(f, "A"), Amount: 40})
	must(t, f, engine.Command{Op: engine.OpNext})
	if actor(f) != "-" {
		t.Fatalf("a downed fighter acts: %s", actor(f))
	}
	must(t, f, engine.Command{Op: engine.OpHeal, Who: id(f, "A"), Amount: 40})
	if actor(f) != "A" {
		t.Fatalf("healed back into the fight, A does not act (%s)", actor(f))
	}
	must(t, f, engine.Command{Op: engine.OpDamage, Who: id(f, "A"), Amount: 40})
	must(t, f, engine.Command{Op: engine.OpNext})
	if actor(f) != "-" {
		t.Fatalf("a downed fighter acts: %s", actor(f))
	}
	seven := 7
	must(t, f, engine.Command{Op: engine.OpAdd, Add: []engine.NewCombatant{{Name: "B", HP: 9, Init: &seven}}})
	if actor(f) != "B" {
		t.Fatalf("B joins an idle round and does not act (%s)", actor(f))
	}
	if err := f.Verify(); err != nil {
		t.Fatal(err)
	}
}
