package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// "If you select the Aim maneuver, your normal Dodge and Shield defenses
// apply, but only if you cancel your aim" (l.558-559): an attack on one
// who is aiming does not take its dodge off, and the aim is kept; the GM
// picking that the aimer gives the aim up (or uses its shield) takes the
// dodge (and the shield) off, and the aim is lost.
// ledger: pathmaster/aim-defences-and-injury
func TestAimerDodgesOnlyByGivingUpTheAim(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "aim", At: o})
	// Orc 1 (OB 40) attacks Gavvin (DB 15) while it aims: 50 + 40, its
	// dodge not taken off.
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	line := f.LastLog("Orc 1: Melee attack")
	if !strings.Contains(line, "= 90") || !strings.Contains(line, "aiming") {
		t.Errorf("an attack on the aiming Gavvin: %q, want 50 + 40 - 15 + 15 (aiming, no dodge) = 90", line)
	}
	if f.Get("Gavvin").Aim != 1 {
		t.Errorf("an attack on the aimer cost it the aim it did not give up: %d aims left", f.Get("Gavvin").Aim)
	}
	f.Must(engine.RollCheck{Who: o, Check: "ranged", Target: g}, 50)
	if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, "= 90") {
		t.Errorf("a shot at the aiming Gavvin: %q, want = 90", line)
	}
	f.Undo() // the shot was the other way to ask: Orc 1 has one Interrupt left for the next
	// Gavvin gives the aim up to dodge: 50 + 40 - 15 = 75, and the aim is gone.
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"aim_given_up"}}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "= 75") {
		t.Errorf("the aimer gave its aim up: %q, want 50 + 40 - 15 = 75", line)
	}
	if n := f.Get("Gavvin").Aim; n != 0 {
		t.Errorf("Gavvin dodged by giving its aim up and still has %d aims", n)
	}
	if line := f.LastLog("Gavvin gives up"); !strings.Contains(line, "aim") {
		t.Errorf("the log does not say Gavvin gave its aim up: %q", line)
	}
	// No aim now: the dodge counts, with nothing picked (Orc 1's own Attack).
	f.ToTurnOf("Orc 1")
	f.Must(engine.RollCheck{Who: o, Check: "attack", Target: g}, 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "= 75") {
		t.Errorf("no aim held: %q, want the dodge taken off (= 75)", line)
	}

	// The shield is the other defence the aim is given up for: 50 + 40 - 15 - 20.
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "aim", At: o})
	h.Must(engine.RollCheck{Who: o, Check: "attack", Target: g, Modifiers: []string{"shield"}}, 50)
	if line := h.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "= 55") {
		t.Errorf("the aimer used its shield: %q, want 50 + 40 - 15 - 20 = 55", line)
	}
	if n := h.Get("Gavvin").Aim; n != 0 {
		t.Errorf("Gavvin used its shield while aiming and still has %d aims", n)
	}
}
