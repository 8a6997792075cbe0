package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// "You cannot dodge an attack you are unaware of" (l.1066-1067), nor parry
// it (l.1101: "any melee attacks you are aware of"): the attack roll's
// "Foe unaware of the attack" puts the foe's dodge back, once, whatever
// else would (an aimer keeping its aim, an invisible attacker), takes no
// parry, and with no dodge Prone's dodge bonuses count for nothing
// (l.971-974). The shield, passive, still counts.
// ledger: pathmaster/dodge-bonus
func TestUnawareFoeCannotDodge(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	roll := func(check string, face int, want string, mods ...string) {
		t.Helper()
		f.Must(engine.RollCheck{Who: g, Check: check, Target: o, Modifiers: mods}, face)
		if line := f.LastLog("Gavvin: "); !strings.Contains(line, want) {
			t.Errorf("%s %v: %q, want %q", check, mods, line, want)
		}
	}
	again := func() { f.ToTurnOf("Orc 1"); f.ToTurnOf("Gavvin") }
	// Aware, the orc's dodge of 10 comes off; unaware, it does not.
	roll("attack", 50, "[50] + 80 - 10 = 120")
	again()
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"unaware", "parry"}}, "cannot be picked with")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"unaware", "tumbled_move"}}, "cannot be picked with")
	roll("attack", 50, "= 130", "unaware")
	// Lying down: no dodge, so neither Prone's +20 against a blade nor its
	// -20 against a shot.
	f.Must(engine.GiveCondition{Who: o, Condition: "prone"})
	again()
	roll("attack", 50, "= 130", "unaware")
	again()
	roll("ranged", 50, "= 130", "unaware")
	again()
	roll("directed", 50, "[50] + 0 - 10 = 40 + 10 = 50", "unaware")
	f.Must(engine.TakeCondition{Who: o, Condition: "prone"})
	// An aimer that keeps its aim does not dodge: unaware, its dodge is
	// put back once, not twice.
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: o, Action: "aim", At: g})
	f.ToTurnOf("Gavvin")
	roll("attack", 50, "= 130", "unaware")
	// So for an invisible attacker, which ignores the dodge already.
	f.Must(engine.GiveCondition{Who: g, Condition: "invisible"})
	again()
	roll("attack", 50, "= 150", "unaware")
}
