package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Each test builds the small ruleset it needs; a book's own examples are
// tested with its shipped content, in package content.

func TestAddMidFightKeepsTheActor(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Stats: []rules.StatDef{{ID: "QU", Name: "Quickness"}},
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10 + QU")},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	f.Next() // B acts
	// Orcs rolled in above and below the actor.
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Orc 1", HP: 9}, {Name: "Orc 2", HP: 9}, {Name: "Orc 3", HP: 9}}}, 10, 9, 1, 1, 5, 5)
	if f.Actor() != "B" {
		t.Fatalf("actor = %s after adding, want B", f.Actor())
	}
	// Ad hoc orcs have QU 0: Orc 1 19, Orc 2 2, Orc 3 10 (after C, its equal).
	if got := f.Order(); got != "A,Orc 1,B,C,Orc 3,Orc 2" {
		t.Errorf("order = %s", got)
	}
	f.Next()
	f.Next()
	if f.Actor() != "Orc 3" {
		t.Errorf("after C comes Orc 3 (10), got %s", f.Actor())
	}
}

func TestRemoveTheActor(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	f.Next()
	f.Must(engine.Remove{Who: f.ID("B")})
	if f.Actor() != "C" || f.Current().Round != 1 {
		t.Errorf("after removing the actor: %s in round %d, want C in round 1", f.Actor(), f.Current().Round)
	}
	f.Must(engine.Remove{Who: f.ID("C")}) // the last of the round
	if f.Actor() != "A" || f.Current().Round != 2 {
		t.Errorf("after removing the last: %s in round %d, want A in round 2", f.Actor(), f.Current().Round)
	}
	f.Must(engine.Remove{Who: f.ID("A")})
	if f.Actor() != "-" {
		t.Errorf("nobody left, yet %s acts", f.Actor())
	}
	// With nobody able to act, each step is one idle round.
	r := f.Current().Round
	f.Next()
	if f.Current().Round != r+1 || f.Actor() != "-" {
		t.Errorf("idle step: round %d -> %d, actor %s", r, f.Current().Round, f.Actor())
	}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "D", HP: 4}}}, 5, 5)
	f.Next()
	if f.Actor() != "D" {
		t.Errorf("a newcomer in an idle round acts next, got %s", f.Actor())
	}
	f.Refuse(engine.Remove{Who: 99}, "no combatant #99")
}

func TestWaitThisRoundOnly(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10"), Hold: []rules.Hold{rules.HoldWait}},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	f.Refuse(engine.Wait{Who: f.ID("B")}, "only the combatant acting now")
	f.Must(engine.Wait{Who: f.ID("A"), After: f.ID("B")})
	if f.Actor() != "B" || f.Order() != "B,A,C" {
		t.Fatalf("after A waits for B: actor %s, order %s", f.Actor(), f.Order())
	}
	f.Next()
	if f.Actor() != "A" {
		t.Fatalf("A should act after B, got %s", f.Actor())
	}
	f.Next()
	f.Next()
	if f.Current().Round != 2 || f.Order() != "A,B,C" || f.Actor() != "A" {
		t.Errorf("round 2 should restore A's place: round %d, order %s, actor %s", f.Current().Round, f.Order(), f.Actor())
	}
	// Waiting to the end of the round, and for someone who already acted.
	f.Must(engine.Wait{Who: f.ID("A")})
	if f.Order() != "B,C,A" || f.Actor() != "B" {
		t.Errorf("wait to the end: order %s, actor %s", f.Order(), f.Actor())
	}
	f.Next()
	f.Refuse(engine.Wait{Who: f.ID("C"), After: f.ID("B")}, "already acted")
	// A ruleset that offers only holding to a lower rank has no wait.
	ranks := enginetest.Rules(t, rules.Ruleset{ID: "ranks", Name: "Ranks",
		Stats: []rules.StatDef{{ID: "DEX", Name: "Dexterity"}},
		Order: rules.OrderRules{Kind: rules.OrderRank, Initiative: dice.MustParse("DEX"), Hold: []rules.Hold{rules.HoldLater}},
	})
	g := enginetest.Start(t, ranks, nil, "X")
	g.Refuse(engine.Wait{Who: 1}, "has no wait")
}

// ledger: pathmaster/delay
func TestDelayKeepsThePlace(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10"), Hold: []rules.Hold{rules.HoldDelay}},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15}, "A", "B")
	ev := f.Must(engine.Delay{Who: f.ID("A"), Trigger: "if the orc charges"})
	if f.Order() != "A,B" || f.Actor() != "A" || f.Get("A").Delaying != "if the orc charges" {
		t.Errorf("delay changed the order or lost the trigger: %s %s", f.Order(), f.Actor())
	}
	if narrate.Line(f.Rules, ev[0]) != "A delays the attack: if the orc charges" {
		t.Errorf("event: %q", narrate.Line(f.Rules, ev[0]))
	}
	f.Next()
	f.Next() // A's next turn: the unused delay lapses
	if f.Get("A").Delaying != "" {
		t.Errorf("delay did not lapse at A's next turn")
	}
}

func TestHoldToALaterRank(t *testing.T) {
	// Ranks counted down in an action phase, between two others.
	rs := enginetest.Rules(t, rules.Ruleset{ID: "ranks", Name: "Ranks",
		Stats: []rules.StatDef{{ID: "DEX", Name: "Dexterity"}},
		Order: rules.OrderRules{Kind: rules.OrderRank, Initiative: dice.MustParse("DEX"), Lowest: 1, Hold: []rules.Hold{rules.HoldLater}},
		Phases: []rules.Phase{
			{ID: "statements", Name: "Statements", Order: rules.PhaseInitiative},
			{ID: "action", Name: "Action", Order: rules.PhaseInitiative, Actions: true},
			{ID: "resolution", Name: "Resolution", Order: rules.PhaseOnce},
		},
	})
	phase := func(f *enginetest.Fight) string { return rs.Phases[f.Current().Phase].ID }
	f := enginetest.New(t, rs, dice.NewSource(1))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Fast", HP: 9, Stats: map[string]int{"DEX": 18}},
		{Name: "Mid", HP: 9, Stats: map[string]int{"DEX": 12}},
		{Name: "Slow", HP: 9, Stats: map[string]int{"DEX": 6}},
	}})
	f.Must(engine.Start{})
	for phase(f) != "action" {
		f.Next()
	}
	if f.Actor() != "Fast" {
		t.Fatalf("actor %s", f.Actor())
	}
	f.Refuse(engine.HoldTo{Who: f.ID("Fast"), To: 18}, "later point")
	f.Must(engine.HoldTo{Who: f.ID("Fast"), To: 8})
	if f.Actor() != "Mid" || f.Order() != "Mid,Fast,Slow" {
		t.Errorf("after holding to 8: actor %s, order %s", f.Actor(), f.Order())
	}
	f.Next()
	if f.Actor() != "Fast" {
		t.Errorf("Fast should act at 8, got %s", f.Actor())
	}
	// Holding past the lowest rank loses the action.
	f.Next()
	ev := f.Must(engine.HoldTo{Who: f.ID("Slow"), To: 0})
	if !strings.Contains(narrate.Line(f.Rules, ev[0]), "the action is lost") || phase(f) != "resolution" {
		t.Errorf("hold past rank 1: %v, phase %s", ev, phase(f))
	}
}

func TestSetInitiativeAndMove(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15, "C": 10}, "A", "B", "C")
	f.Must(engine.SetInit{Who: f.ID("C"), Init: 25})
	if f.Current().Order[0] != f.ID("C") || f.Actor() != "A" {
		t.Errorf("C at 25 should lead the fight's order without taking A's turn: %v, actor %s", f.Current().Order, f.Actor())
	}
	f.Must(engine.Move{Who: f.ID("B"), Dir: -1})
	if f.Order() != "C,B,A" {
		t.Errorf("B moved earlier: %s", f.Order())
	}
	f.Refuse(engine.Move{Who: f.ID("C"), Dir: -1}, "cannot move further")
	f.Next() // A was acting: round 2 begins
	// The fixed order keeps the GM's moves in the next round.
	if f.Current().Round != 2 || f.Order() != "C,B,A" || f.Actor() != "C" {
		t.Errorf("round 2 order %s", f.Order())
	}
	none := enginetest.Rules(t, rules.Ruleset{ID: "none", Name: "No order", Order: rules.OrderRules{Kind: rules.OrderNone}})
	g := enginetest.Start(t, none, nil, "X")
	g.Refuse(engine.SetInit{Who: 1, Init: 3}, "no initiative order")
}

func TestDamageAndHeal(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")},
	})
	f := enginetest.Start(t, rs, map[string]int{"A": 20, "B": 15}, "A", "B")
	ev := f.Must(engine.Damage{Who: f.ID("B"), Amount: 25})
	b := f.Get("B")
	if b.HP != -5 || !b.Out || narrate.Line(f.Rules, ev[1]) != "B is down" {
		t.Fatalf("B at %d out=%v, events %v", b.HP, b.Out, ev)
	}
	f.Next()
	if f.Actor() != "A" || f.Current().Round != 2 {
		t.Errorf("a downed combatant is skipped: actor %s, round %d", f.Actor(), f.Current().Round)
	}
	f.Must(engine.Heal{Who: f.ID("B"), Expr: "3d6"}, 6, 6, 6)
	if b := f.Get("B"); b.HP != 13 || b.Out {
		t.Errorf("healed 18: HP %d out=%v", b.HP, b.Out)
	}
	f.Must(engine.Heal{Who: f.ID("B"), Amount: 50})
	if b := f.Get("B"); b.HP != 20 {
		t.Errorf("healing past max: HP %d", b.HP)
	}
	f.Refuse(engine.Damage{Who: f.ID("B"), Expr: "2d"}, "2d")
	f.Refuse(engine.Damage{Who: f.ID("B"), Amount: -3}, "between 0")
	// hp.keep_acting: hit points never take a combatant out.
	keep := enginetest.Rules(t, rules.Ruleset{ID: "keep", Name: "Keep acting",
		HP: rules.HPRules{Name: "Aura", KeepActing: true}, Order: rules.OrderRules{Kind: rules.OrderNone},
	})
	g := enginetest.Start(t, keep, nil, "X")
	g.Must(engine.Damage{Who: 1, Amount: 40})
	if g.Current().Combatant(1).Out {
		t.Error("keep_acting keeps combatants at 0 hit points in the fight")
	}
}

func TestLifecycleErrors(t *testing.T) {
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		Stats: []rules.StatDef{{ID: "QU", Name: "Quickness"}},
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10 + QU")},
	})
	f := enginetest.New(t, rs, dice.NewSource(1))
	f.Refuse(engine.Next{}, "not started")
	f.Refuse(engine.Start{}, "add combatants")
	f.Refuse(engine.Add{}, "nobody to add")
	f.Refuse(engine.Add{Combatants: []engine.NewCombatant{{Name: " ", HP: 3}}}, "needs a name")
	f.Refuse(engine.Add{Combatants: []engine.NewCombatant{{Name: "X", HP: 0}}}, "hit points")
	f.Refuse(engine.Add{Combatants: []engine.NewCombatant{{Name: "X", HP: 3, Stats: map[string]int{"STR": 3}}}}, `no stat "STR"`)
	f.Refuse(nil, "no command")
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "X", HP: 3}}})
	f.Must(engine.Start{})
	f.Refuse(engine.Start{}, "already running")
	f.Must(engine.Rename{Who: 1, Name: "Xavier"})
	ev := f.Must(engine.Roll{Expr: "2d6 + 1"}, 3, 4)
	if narrate.Line(f.Rules, ev[0]) != "rolls: 2d6 + 1: [3, 4] + 1 = 8" {
		t.Errorf("free roll: %q", narrate.Line(f.Rules, ev[0]))
	}
	ev = f.Must(engine.Roll{Who: 1, Expr: "d100oe + QU", For: "Perception"}, 40)
	if narrate.Line(f.Rules, ev[0]) != "Xavier Perception: d100oe + QU: [40] + 0 = 40" {
		t.Errorf("roll with stats: %q", narrate.Line(f.Rules, ev[0]))
	}
	f.Refuse(engine.Roll{Expr: "d"}, "d")
	f.Must(engine.End{})
	f.Refuse(engine.Next{}, "is over")
	if narrate.Line(f.Rules, f.Log()[len(f.Log())-1]) != "The fight ends after 1 round" {
		t.Errorf("last event %q", narrate.Line(f.Rules, f.Log()[len(f.Log())-1]))
	}
	other := enginetest.Rules(t, rules.Ruleset{ID: "other", Name: "Another", Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")}})
	if _, _, err := engine.Apply(other, *f.Current(), engine.Next{}, dice.NewSource(1)); err == nil {
		t.Error("an encounter ran under another ruleset")
	}
}

// A round where nobody can act waits; the first who can, acts at once.
func TestIdleRoundWakes(t *testing.T) {
	// Down at 0 hit points, and out cold (no turns) while down.
	rs := enginetest.Rules(t, rules.Ruleset{ID: "fixed", Name: "Fixed order",
		HP:         rules.HPRules{OutCondition: "unconscious"},
		Order:      rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("2d10")},
		Conditions: []rules.ConditionDef{{ID: "unconscious", Name: "Unconscious", NoTurn: true}},
	})
	f := enginetest.New(t, rs, dice.NewSource(3))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 20}}})
	f.Must(engine.Start{})
	f.Must(engine.Damage{Who: f.ID("A"), Amount: 40})
	f.Must(engine.Next{})
	if f.Actor() != "-" {
		t.Fatalf("a downed fighter acts: %s", f.Actor())
	}
	f.Must(engine.Heal{Who: f.ID("A"), Amount: 40})
	if f.Actor() != "A" {
		t.Fatalf("healed back into the fight, A does not act (%s)", f.Actor())
	}
	f.Must(engine.Damage{Who: f.ID("A"), Amount: 40})
	f.Must(engine.Next{})
	if f.Actor() != "-" {
		t.Fatalf("a downed fighter acts: %s", f.Actor())
	}
	seven := 7
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "B", HP: 9, Init: &seven}}})
	if f.Actor() != "B" {
		t.Fatalf("B joins an idle round and does not act (%s)", f.Actor())
	}
	if err := f.Verify(); err != nil {
		t.Fatal(err)
	}
}
