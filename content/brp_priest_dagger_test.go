package content_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// l.649-655: the serpent priest throws a dagger and draws "another dagger
// from his sleeve"; l.387: a dagger thrown is a thrown weapon ("javelins,
// daggers, or even arrows"), lodged in the one it impales until grabbed
// back; l.131: dodged at the full skill. The shipped priest's Thrown dagger
// is of kind thrown: an impale lodges the dagger itself (no "arrow"), out
// of his hand until g's Grab, and the missile dodge's Difficult half is
// not asked against it.
// ledger: brp/impaled-weapon
func TestBRPSerpentPriestsThrownDaggerIsAThrownWeapon(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	c, ok := lib.Creature("brp", "serpent_priest")
	if !ok {
		t.Fatal("no serpent_priest")
	}
	priest := engine.FromTemplate(c.Template, "Priest")
	priest.Stats = maps.Clone(priest.Stats)
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{priest, {Name: "Target", HP: 20, Stats: map[string]int{"DEX": 10}}}})
	f.Must(engine.Start{})
	onRank(t, f, "Priest")
	wi := slices.IndexFunc(f.Get("Priest").Weapons, func(w engine.Weapon) bool { return w.Name == "Thrown dagger" })
	if wi < 0 {
		t.Fatal("the priest carries no Thrown dagger")
	}
	if k := f.Get("Priest").Weapons[wi].Kinds; !slices.Contains(k, "thrown") {
		t.Fatalf("the priest's Thrown dagger is of kinds %v: not thrown (l.387)", k)
	}
	f.Must(engine.Blow{Who: f.ID("Priest"), Blow: "attack", Foes: []int{f.ID("Target")}, Weapon: wi}, 5, 1, 1, 1)
	log := logText(f)
	if strings.Contains(log, "arrow") {
		t.Errorf("a thrown dagger is no arrow:\n%s", log)
	}
	if w := f.Get("Priest").Weapons[wi]; w.State != rules.FateStuck || w.In != f.ID("Target") {
		t.Errorf("the thrown dagger is lodged in the target, out of the priest's hand (l.387): %q in %d\n%s", w.State, w.In, log)
	}
}
