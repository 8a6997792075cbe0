package content_test

import (
	"testing"

	"fray/engine"
)

// Incorporeal (l.940-944): immune to nonmagical attacks, half damage from
// spells, spell-like abilities and supernatural effects unless force
// based; magic weapons, force and other incorporeal creatures do full.
// The GM names what deals the damage as it is entered (d).
// ledger: pathmaster/incorporeal
func TestIncorporealTakesBySource(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o, Condition: "incorporeal"})
	hp := func() int { return f.Get("Orc 1").HP }
	was := hp()
	f.Must(engine.Damage{Who: o, Amount: 12, Source: "nonmagical"})
	if hp() != was {
		t.Errorf("a sword: %d hits taken, want none", was-hp())
	}
	was = hp()
	f.Must(engine.Damage{Who: o, Amount: 13, Source: "spell"})
	if hp() != was-6 {
		t.Errorf("a spell's 13: %d taken, want 6", was-hp())
	}
	if line := f.LastLog("Incorporeal"); line != "Orc 1 is Incorporeal: a spell, spell-like ability or supernatural effect (not force) does half" {
		t.Errorf("the log: %q", line)
	}
	was = hp()
	f.Must(engine.Damage{Who: o, Amount: 13})
	if hp() != was-13 {
		t.Errorf("a magic weapon's 13: %d taken, want all", was-hp())
	}
	f.Refuse(engine.Damage{Who: f.ID("Orc 2"), Amount: 5, Source: "spell"}, "Orc 2 holds nothing")
}
