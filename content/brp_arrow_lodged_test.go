package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// arrowInTheLeg has the archer S (DEX 16, a bow of its own 60%) impale
// Yvarre's left leg with a special (1 + 1), hit locations on.
func arrowInTheLeg(t *testing.T) *enginetest.Fight {
	t.Helper()
	f := brpWithLocations(t)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "S", HP: 14, Stats: map[string]int{"DEX": 16},
		Weapons: []rules.Weapon{{Name: "Bow", Damage: dice.MustParse("1d6"), Kinds: []string{"impaling", "missile"},
			Fields: map[string]int{"skill": 60}}}}}})
	onRank(t, f, "S")
	f.Must(engine.Blow{Who: f.ID("S"), Blow: "attack", Foes: []int{f.ID("Yvarre")}, Location: "left_leg"}, 5, 1, 1)
	if !f.Get("Yvarre").Has("impaled") || f.Get("Yvarre").Hits["left_leg"] != 2 {
		t.Fatalf("the arrow did not impale the left leg: %v\n%s", f.Get("Yvarre").Hits, logText(f))
	}
	return f
}

// l.387, 391, 395: an arrow that impales stays in the wound ("thrown
// weapons such as javelins, daggers, or even arrows"; "usually done with
// arrows, removing the shafts"), and the impaled's failed pull takes "an
// additional 1D3 hit points of damage (to the same hit location, if
// used)". S's arrow is stuck in Yvarre's left leg, the bow ready in S's
// hands; her failed pull's 2 lands on the left leg, no location rolled
// anew (19 would be the head); S can neither ready it nor strike with it. Saved and resumed, the arrow is still in the
// leg. Her pull that succeeds takes it out of the fight (an arrow is no
// weapon to strike with): neither she nor S holds it after. Grabbed back by
// S (l.387), it is out of her too and Impaled is taken. Undone, it is stuck
// again; a kept party's archer does not carry it into the next fight.
// ledger: brp/impaled-weapon
func TestBRPImpalingArrowStaysInTheWound(t *testing.T) {
	f := arrowInTheLeg(t)
	s, y := f.ID("S"), f.ID("Yvarre")
	ws := f.Get("S").Weapons
	if len(ws) != 2 || !ws[0].Ready() || ws[1].State != rules.FateStuck || ws[1].In != y || ws[1].At != "left_leg" {
		t.Fatalf("the arrow is not stuck in Yvarre's left leg, the bow in hand: %+v\n%s", ws, logText(f))
	}
	if !strings.Contains(logText(f), "S's Bow arrow is stuck in Yvarre") {
		t.Errorf("the log does not say the arrow is stuck:\n%s", logText(f))
	}
	// The arrow is no weapon of S's: neither readied nor struck with.
	if _, err := f.Do(engine.Arm{Who: s, Weapon: 1}); err == nil {
		t.Errorf("S readied the arrow stuck in Yvarre")
	}
	if _, err := f.Do(engine.Blow{Who: s, Blow: "attack", Weapon: 1, Foes: []int{y}}, 50, 1); err == nil ||
		!strings.Contains(err.Error(), "no weapon to strike with") {
		t.Errorf("S struck with the arrow stuck in Yvarre: %v", err)
	}
	if _, err := f.Do(engine.RollCheck{Who: y, Check: "pull_impaled", Expr: "10"}, 90, 2, 19); err == nil {
		t.Fatalf("the failed pull rolled a location:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: y, Check: "pull_impaled", Expr: "10"}, 90, 2)
	if hits := f.Get("Yvarre").Hits; hits["left_leg"] != 4 || hits["head"] != 0 {
		t.Errorf("the failed pull's 2: hits %v, want left_leg 4 (2 + 2), head 0\n%s", hits, logText(f))
	}
	if r := handResumed(t, f); len(r.Get("S").Weapons) != 2 || r.Get("S").Weapons[1].At != "left_leg" {
		t.Errorf("saved and resumed: S's weapons %+v", r.Get("S").Weapons)
	}
	f.Undo()

	f.Must(engine.RollCheck{Who: y, Check: "pull_impaled", Expr: "50"}, 10)
	if f.Get("Yvarre").Has("impaled") || len(f.Get("S").Weapons) != 1 || len(f.Get("Yvarre").Weapons) != 0 {
		t.Errorf("pulled out: Yvarre impaled %v, S's weapons %+v, hers %+v", f.Get("Yvarre").Has("impaled"), f.Get("S").Weapons,
			f.Get("Yvarre").Weapons)
	}
	if !strings.Contains(logText(f), "S's Bow arrow is out of Yvarre") {
		t.Errorf("the log does not say the arrow is out:\n%s", logText(f))
	}
	f.Undo()
	if ws := f.Get("S").Weapons; len(ws) != 2 || ws[1].State != rules.FateStuck {
		t.Errorf("the pull undone: S's weapons %+v", ws)
	}

	f.Must(engine.RollCheck{Who: s, Check: "grab_thrown", Target: y}, 10)
	if f.Get("Yvarre").Has("impaled") || len(f.Get("S").Weapons) != 1 || !f.Get("S").Weapons[0].Ready() {
		t.Errorf("grabbed back: Yvarre impaled %v, S's weapons %+v", f.Get("Yvarre").Has("impaled"), f.Get("S").Weapons)
	}
	f.Undo()

	// Kept in a party, S carries its bow alone into the next fight.
	f.Must(engine.End{})
	p, _, err := engine.Party{}.Keep(f.Rules, f.Current(), []int{s})
	if err != nil {
		t.Fatal(err)
	}
	joining, err := p.Joining(f.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(joining) != 1 || len(joining[0].Weapons) != 1 || joining[0].Weapons[0].Name != "Bow" {
		t.Errorf("kept, S joins the next fight with %+v, want its bow alone", joining)
	}
}

// l.391: the arrow is in the one it struck; that one gone from the fight,
// the arrow goes with it, not to the ground for the archer to pick up.
// ledger: brp/impaled-weapon
func TestBRPArrowGoesWithTheOneItIsIn(t *testing.T) {
	f := arrowInTheLeg(t)
	f.Must(engine.Remove{Who: f.ID("Yvarre")})
	if ws := f.Get("S").Weapons; len(ws) != 1 || !ws[0].Ready() {
		t.Errorf("Yvarre gone, S's weapons %+v, want its bow alone", ws)
	}
	if !strings.Contains(logText(f), "S's Bow arrow is out of Yvarre") {
		t.Errorf("the log does not say the arrow went:\n%s", logText(f))
	}
}
