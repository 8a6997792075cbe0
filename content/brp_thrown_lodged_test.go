package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.387: "For thrown weapons such as javelins, daggers, or even arrows, the
// attacker must close with the target and succeed in a Difficult Agility
// roll to grab the weapon." A javelin (a thrown weapon) that impales is
// lodged in the target, out of the thrower's hand; the grab (half DEX x 5:
// 35 at DEX 14) fails at 40 and leaves it there, succeeds at 30 and puts it
// back in hand, the target no longer Impaled. Undone, it is lodged again.
// ledger: brp/impaled-weapon
func TestBRPThrownWeaponLodgedUntilGrabbedBack(t *testing.T) {
	javelin := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile", "thrown"},
		Fields: map[string]int{"skill": 60}}
	f := onRankAgainst(t, "Thrower", javelin, engine.NewCombatant{Name: "Target", HP: 20, Stats: map[string]int{"DEX": 10}})
	th, tg := f.ID("Thrower"), f.ID("Target")
	f.Must(engine.Blow{Who: th, Blow: "attack", Foes: []int{tg}}, 5, 4, 4) // a special: impaled
	if !f.Get("Target").Has("impaled") {
		t.Fatalf("no impale:\n%s", logText(f))
	}
	if w := f.Get("Thrower").Weapons[0]; w.State != rules.FateStuck || w.In != tg {
		t.Fatalf("the javelin is lodged in the target (l.387): %q in %d", w.State, w.In)
	}
	f.Must(engine.RollCheck{Who: th, Check: "grab_thrown", Target: tg}, 40)
	if got := f.LastLog("Grab"); !strings.Contains(got, "vs 35 or less") {
		t.Errorf("Difficult Agility at DEX 14: %q", got)
	}
	if !f.Get("Target").Has("impaled") || f.Get("Thrower").Weapons[0].Ready() {
		t.Errorf("a failed grab leaves the javelin lodged: impaled %v, javelin %q",
			f.Get("Target").Has("impaled"), f.Get("Thrower").Weapons[0].State)
	}
	f.Must(engine.RollCheck{Who: th, Check: "grab_thrown", Target: tg}, 30)
	if f.Get("Target").Has("impaled") || !f.Get("Thrower").Weapons[0].Ready() {
		t.Errorf("grabbed back (l.387): target impaled %v, javelin %q",
			f.Get("Target").Has("impaled"), f.Get("Thrower").Weapons[0].State)
	}
	f.Undo()
	if !f.Get("Target").Has("impaled") || f.Get("Thrower").Weapons[0].State != rules.FateStuck {
		t.Errorf("the grab undone: impaled %v, javelin %q", f.Get("Target").Has("impaled"), f.Get("Thrower").Weapons[0].State)
	}
}

// l.387, 389: an arrow is lodged too, but the bow stays in the archer's
// hand: a missile weapon not thrown impales (the target Impaled) and is
// ready for the next shot.
// ledger: brp/impaled-weapon
func TestBRPBowStaysInHandWhenItsArrowImpales(t *testing.T) {
	bow := rules.Weapon{Name: "Bow", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	f := onRankAgainst(t, "Archer", bow, engine.NewCombatant{Name: "Target", HP: 20, Stats: map[string]int{"DEX": 10}})
	f.Must(engine.Blow{Who: f.ID("Archer"), Blow: "attack", Foes: []int{f.ID("Target")}}, 5, 4, 4)
	if !f.Get("Target").Has("impaled") || !f.Get("Archer").Weapons[0].Ready() {
		t.Errorf("an arrow's impale: target impaled %v, bow %q", f.Get("Target").Has("impaled"), f.Get("Archer").Weapons[0].State)
	}
}
