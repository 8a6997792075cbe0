package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The resistance rolls (l.349, 369, 391, 401): the table is not in this
// chapter, so the GM types the chance read off it as the roll's modifier.
// An entangled fighter wrenches the weapon away (and is free: the holder's
// weapon in hand dropped), or stays caught, and may not state a move (l.357); a knockback is stood or not;
// an impaling hand weapon's special leaves the target Impaled (no healing,
// l.389) until STR pulls it out, a failure costing 1D3 more (l.391).
// ledger: brp/entangle brp/knockback brp/impaled-weapon
func TestBRPResistanceRollsTyped(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}, {name: "Kallistor", creature: "kallistor"}}
	f, _ := startFight(t, "brp", members)
	y, g, k := f.ID("Yvarre"), f.ID("Guard"), f.ID("Kallistor")

	f.Must(engine.GiveCondition{Who: y, Condition: "entangled"})
	for _, move := range []string{"move_half", "move_full", "disengage"} {
		if _, err := f.Do(engine.Declare{Who: y, Declaration: move}); err == nil || !strings.Contains(err.Error(), "cannot move") {
			t.Errorf("entangled, %s: %v", move, err)
		}
	}
	f.Must(engine.RollCheck{Who: y, Check: "wrench_entangle", Target: g, Expr: "45"}, 60)
	if !f.Get("Yvarre").Has("entangled") || !strings.Contains(logText(f), "d100: [60] = 60 vs 45 or less (0 + 45): Holds") {
		t.Errorf("60 against a typed 45: should hold\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: y, Check: "wrench_entangle", Target: g, Expr: "45"}, 30)
	if f.Get("Yvarre").Has("entangled") {
		t.Errorf("30 against a typed 45: still entangled")
	}
	// The weapon comes out of the holder's hands (l.369, 371).
	if w := f.Get("Guard").Weapons[0]; w.Ready() {
		t.Errorf("wrenched away, the Guard's %s is still ready\n%s", w.Name, logText(f))
	}
	f.Must(engine.Declare{Who: g, Declaration: "extra", Amount: 1}) // to pick it up again: stated (l.103)
	f.Must(engine.Declare{Who: y, Declaration: "move_half"})

	f.Must(engine.RollCheck{Who: g, Check: "resist_knockback", Expr: "55"}, 70)
	if got := f.LastLog("Guard: Resist"); !strings.Contains(got, "vs 55 or less (0 + 55): Knocked back") {
		t.Errorf("the knockback resisted: %q", got)
	}

	// Kallistor's spear impales the guard (a special, 14 on 70%): Impaled.
	onRank(t, f, "Kallistor")
	f.Must(engine.Blow{Who: k, Blow: "attack", Foes: []int{g}}, 14, 3, 3, 1)
	if !f.Get("Guard").Has("impaled") {
		t.Fatalf("an impaling special with a spear leaves no Impaled:\n%s", logText(f))
	}
	// The attacker's own pull at once is Difficult: 70% to 35%.
	f.Must(engine.RollCheck{Who: k, Check: "pull_weapon", Target: g}, 36)
	if got := f.LastLog("Kallistor: Pull"); !strings.Contains(got, "against Guard: d100: [36] = 36 vs 35 or less: Stays stuck") {
		t.Errorf("the pull at once: %q", got)
	}
	// The mace picked up again on the guard's own rank (l.69, 103).
	f.Refuse(engine.Arm{Who: g}, "Guard picks its Mace up on its own rank: this step is Kallistor's")
	onRank(t, f, "Guard")
	f.Must(engine.Arm{Who: g})
	if _, err := f.Do(engine.Heal{Who: g, Amount: 2}); err == nil || !strings.Contains(err.Error(), "no healing") {
		t.Errorf("healing the impaled: %v", err)
	}
	hp := f.Get("Guard").HP
	f.Must(engine.RollCheck{Who: g, Check: "pull_impaled", Expr: "40"}, 80, 2)
	if c := f.Get("Guard"); !c.Has("impaled") || c.HP != hp-2 {
		t.Errorf("a failed pull: %d HP (want %d), impaled %v\n%s", c.HP, hp-2, c.Has("impaled"), logText(f))
	}
	// Failed, the pull takes the round (l.391): the next try is the next round's.
	f.Refuse(engine.RollCheck{Who: g, Check: "pull_impaled", Expr: "40"}, "no Pull out an impaling weapon")
	toRound(t, f, f.Current().Round+1)
	f.Must(engine.RollCheck{Who: g, Check: "pull_impaled", Expr: "40"}, 10)
	if f.Get("Guard").Has("impaled") {
		t.Errorf("a pull made: still impaled")
	}
	f.Must(engine.Heal{Who: g, Amount: 2})
	// Pulled out by the guard, the spear is no longer Kallistor's to pull
	// back out (l.383, 391).
	f.Refuse(engine.RollCheck{Who: k, Check: "pull_weapon", Target: g}, "Kallistor holds no Hand weapon just stuck")
}

// A crushing special parried (l.349-351): the attacker's damage against the
// item's hit points, the chance typed off the resistance table.
// ledger: brp/crushing-parry
func TestBRPCrushingParryRoll(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, {name: "Kallistor", creature: "kallistor"}})
	g := f.ID("Guard")
	f.Must(engine.RollCheck{Who: g, Check: "crush_parried", Target: f.ID("Kallistor"), Expr: "65"}, 40)
	if got := f.LastLog("Guard: A parried crushing"); !strings.Contains(got, "vs 65 or less (0 + 65): Through the parry") {
		t.Errorf("40 against a typed 65: %q", got)
	}
	f.Must(engine.RollCheck{Who: g, Check: "crush_parried", Target: f.ID("Kallistor"), Expr: "65"}, 90)
	if got := f.LastLog("Guard: A parried crushing"); !strings.Contains(got, "The item holds") {
		t.Errorf("90 against a typed 65: %q", got)
	}
}
