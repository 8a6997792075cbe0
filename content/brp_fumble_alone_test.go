package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// The melee attack fumble table's 76-98 hit the nearest ally, "or use
// result 41-50 / 51-60 / 61-65 if no ally nearby" (l.263-265; the missile
// table's 86-98 and the natural table's 86-94 likewise, l.295-297,
// 312-313). A, alone on its side, fumbles: an 80 drops its sword (41-50),
// a 95 takes 1D10 off it (61-65). With an ally in the fight, who is nearest
// is the GM's: the 80 is only logged, the sword stays in hand.
// ledger: brp/fumble-melee-table
func TestBRPFumbleHitsAnAllyOrFallsBackWhenAlone(t *testing.T) {
	sw := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"melee"}, Fields: map[string]int{"skill": 60}, HP: 10}
	for _, c := range []struct {
		ally  bool
		faces []int
		want  func(w engine.Weapon) bool
		what  string
	}{
		{false, []int{99, 80}, func(w engine.Weapon) bool { return w.State == rules.FateDropped }, "80, no ally: the sword dropped (41-50)"},
		{false, []int{99, 95, 4}, func(w engine.Weapon) bool { return w.Lost == 4 }, "95, no ally: 1D10 off the sword (61-65)"},
		{true, []int{99, 80}, func(w engine.Weapon) bool { return w.State == "" && w.Lost == 0 }, "80, an ally: the GM's, the sword kept"},
	} {
		cs := []engine.NewCombatant{
			{Name: "A", HP: 20, Side: "foes", Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sw}},
			{Name: "D", HP: 40, Side: "party", Stats: map[string]int{"DEX": 7}}}
		if c.ally {
			cs = append(cs, engine.NewCombatant{Name: "B", HP: 20, Side: "foes", Stats: map[string]int{"DEX": 5}})
		}
		f := enginetest.New(t, brpRules(t), dice.Script())
		f.Must(engine.Add{Combatants: cs})
		f.Must(engine.Start{})
		toPhase(t, f, 2)
		f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{f.ID("D")}}, c.faces...)
		if w := f.Get("A").Weapons[0]; !c.want(w) {
			t.Errorf("%s: weapon %+v\n%s", c.what, w, logText(f))
		}
		if got := strings.Contains(logText(f), "A has no ally in the fight, so instead"); got == c.ally {
			t.Errorf("%s: the fallback logged %v\n%s", c.what, got, logText(f))
		}
	}
}
