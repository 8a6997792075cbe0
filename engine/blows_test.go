package engine_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// blowFight is blowBase's ruleset with several attackers given +10 for
// each past the first, and a fight of A, C (each with a Sword) and B.
func blowFight(t *testing.T) *enginetest.Fight {
	t.Helper()
	rs := baseRules()
	blowBase(&rs)
	rs.Blows[0].MultipleAttackers = ex("10 * (attackers - 1)")
	f := enginetest.New(t, enginetest.Rules(t, rs), dice.NewSource(3))
	init := func(n int) *int { return &n }
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 20, Init: init(20), Weapons: []rules.Weapon{sword()}},
		{Name: "B", HP: 20, Init: init(15)},
		{Name: "C", HP: 20, Init: init(10), Weapons: []rules.Weapon{sword()}},
	}})
	f.Must(engine.Start{})
	return f
}

// Two on one: A and then C strike B, each at +10, as one step that one
// undo takes back; a blow at two foes is a blow at each.
func TestBlowsTogetherAndAtEach(t *testing.T) {
	f := blowFight(t)
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("B")}, With: []int{f.ID("C")}}, 1, 4, 5, 3)
	var lines []string
	for _, want := range []string{"A strikes at B with Sword (Attack), one of 2 on B: +10", "d20: [1] = 1 + 10 = 11 vs 10 or more: Hit",
		"C strikes at B with Sword (Attack), one of 2 on B: +10", "d20: [5] = 5 + 10 = 15 vs 10 or more: Hit"} {
		if f.LastLog(want) == "" {
			lines = append(lines, want)
		}
	}
	if len(lines) > 0 {
		t.Errorf("not logged: %q", lines)
	}
	if hp := f.Get("B").HP; hp != 13 {
		t.Errorf("B has %d HP, want 13 (4 and 3)", hp)
	}
	f.Undo()
	if hp := f.Get("B").HP; hp != 20 {
		t.Errorf("one undo left B at %d HP", hp)
	}
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("B"), f.ID("C")}}, 12, 2, 13, 6)
	if b, c := f.Get("B").HP, f.Get("C").HP; b != 18 || c != 14 {
		t.Errorf("a blow at each: B %d, C %d HP, want 18 and 14", b, c)
	}
}

// What a blow refuses before it rolls anything.
func TestBlowsRefused(t *testing.T) {
	f := blowFight(t)
	a, b, c := f.ID("A"), f.ID("B"), f.ID("C")
	cases := []struct {
		cmd engine.Blow
		msg string
	}{
		{engine.Blow{Who: a, Blow: "attack"}, "strikes at whom?"},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{a}}, "does not strike itself"},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b, b}}, "is a target twice"},
		{engine.Blow{Who: a, Blow: "swing", Foes: []int{b}}, `has no blow "swing"`},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b, c}, With: []int{c}}, "one target together"},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Answer: "parry"}, `is not answered with "parry"`},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Modifiers: []string{"cover"}}, `has no modifier "cover"`},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Weapon: 1}, "no weapon 2"},
		{engine.Blow{Who: b, Blow: "attack", Foes: []int{a}}, "B carries no weapon"},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Expr: "2+"}, "2+"},
		{engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Location: "head"}, "no hit locations"},
	}
	for _, x := range cases {
		if _, err := f.Do(x.cmd); err == nil || !strings.Contains(err.Error(), x.msg) {
			t.Errorf("%+v: err %v, want %q", x.cmd, err, x.msg)
		}
	}
	// A weapon is readied by hand, dropped or broken, never stuck by hand.
	f.Must(engine.Arm{Who: a, State: rules.FateDropped})
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{b}}, "A's Sword is dropped: ready it first")
	f.Refuse(engine.Arm{Who: a, State: rules.FateStuck}, "left stuck by a blow")
	f.Refuse(engine.Arm{Who: a, Reload: true}, "counts no rounds")
	f.Must(engine.Arm{Who: a})
	if f.LastLog("A's Sword is ready again (it was dropped)") == "" {
		t.Error("readying is not logged")
	}
	f.Refuse(engine.Arm{Who: a}, "ready to strike already")
}

// A weapon that counts its rounds spends one a blow, strikes no more when
// empty, and is reloaded by Arm.
func TestBlowsCountRounds(t *testing.T) {
	rs := baseRules()
	blowBase(&rs)
	f := enginetest.New(t, enginetest.Rules(t, rs), dice.NewSource(3))
	init := func(n int) *int { return &n }
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 20, Init: init(20), Weapons: []rules.Weapon{sword(func(w *rules.Weapon) { w.Name, w.Ammo = "Pistol", 1 })}},
		{Name: "B", HP: 20, Init: init(15)},
	}})
	f.Must(engine.Start{})
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("B")}}, 3)
	if f.LastLog("A strikes at B with Pistol (Attack), 0 rounds left") == "" {
		t.Error("the round spent is not logged")
	}
	f.Refuse(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("B")}}, "A's Pistol is empty: reload it first")
	f.Must(engine.Arm{Who: f.ID("A"), Reload: true})
	if f.LastLog("A reloads the Pistol: 1 round") == "" || f.Get("A").Weapons[0].Left != 1 {
		t.Error("not reloaded")
	}
}

// The players' screen reads what came of a blow, never a foe's numbers:
// a foe's attack roll, its damage roll and its armour are the GM's; the
// players read that it struck, what the blow came to, and that it is hurt.
func TestBlowsKeepFoeNumbers(t *testing.T) {
	rs := baseRules()
	blowBase(&rs)
	f := enginetest.New(t, enginetest.Rules(t, rs), dice.NewSource(3))
	init := func(n int) *int { return &n }
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", Side: "party", HP: 20, Init: init(20), Weapons: []rules.Weapon{sword()}},
		{Name: "Orc", Side: "foes", HP: 20, Init: init(10), Stats: map[string]int{"AV": 2}, Weapons: []rules.Weapon{sword(func(w *rules.Weapon) { w.Name = "Axe" })}},
	}})
	f.Must(engine.Start{})
	f.Must(engine.Blow{Who: f.ID("Orc"), Blow: "attack", Foes: []int{f.ID("Ann")}}, 13, 5)
	f.Must(engine.Blow{Who: f.ID("Ann"), Blow: "attack", Foes: []int{f.ID("Orc")}}, 12, 6)
	got := strings.Join(public(f), "\n")
	for _, want := range []string{"Orc strikes at Ann with Axe", "Orc's Attack on Ann: Hit", "Ann takes 5", "Ann's Attack on Orc: Hit", "Orc is hurt"} {
		if !strings.Contains(got, want) {
			t.Errorf("the players do not read %q:\n%s", want, got)
		}
	}
	for _, never := range []string{"[13]", "Orc Attack damage", "Orc's AV", "4 gets through", "Orc takes"} {
		if strings.Contains(got, never) {
			t.Errorf("the players read %q:\n%s", never, got)
		}
	}
}

// Armour worn at a hit location counts where the blow lands there, on top
// of what is worn all over; the GM may call the location, or it is rolled.
func TestBlowsArmourByLocation(t *testing.T) {
	rs := baseRules()
	blowBase(&rs)
	rs.Gear.Armor = []string{"AV"}
	rs.HP.LocationsOn, rs.HP.LocationRoll = true, ex("1d2")
	rs.HP.Locations = []rules.HitLocation{
		{ID: "head", Name: "Head", Roll: rules.Span{Lo: 1, Hi: 1, HasLo: true, HasHi: true}, HP: ex("10")},
		{ID: "body", Name: "Body", Roll: rules.Span{Lo: 2, Hi: 2, HasLo: true, HasHi: true}, HP: ex("20")},
	}
	f := enginetest.New(t, enginetest.Rules(t, rs), dice.NewSource(3))
	init := func(n int) *int { return &n }
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Init: init(20), Weapons: []rules.Weapon{sword()}},
		{Name: "B", HP: 30, Init: init(10), Armor: []rules.Armor{
			{Name: "Helm", Stats: map[string]int{"AV": 3}, Locations: []string{"head"}},
			{Name: "Padding", Stats: map[string]int{"AV": 1}},
		}},
	}})
	f.Must(engine.Start{})
	a, b := f.ID("A"), f.ID("B")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{b}, Location: "head"}, 12, 6)
	if f.LastLog("B's AV 4 at the head takes 4 off 6: 2 gets through") == "" {
		t.Errorf("the helm and the padding at the head: %q", f.LastLog("AV"))
	}
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{b}}, 12, 2, 6)
	if f.LastLog("B's AV 1 at the body takes 1 off 6: 5 gets through") == "" {
		t.Errorf("the padding alone at the body, rolled: %q", f.LastLog("AV"))
	}
}
