package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A caster hurt while it prepares a spell, or an archer hurt while it
// aims, must make a Resistance Roll or lose it (l.294-296, 558-560): the
// log says so as the damage lands; a hurt with neither under way, none.
// ledger: pathmaster/concentration-broken pathmaster/aim-defences-and-injury
func TestHurtWhileConcentratingOrAiming(t *testing.T) {
	f, _ := pm(t)
	lib := shipped(t)
	cr, _ := lib.Creature("pathmaster", "caster")
	init := 27
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
	m, o := f.ID("Mage"), f.ID("Orc 1")
	f.Must(engine.Damage{Who: m, Amount: 1})
	if strings.Contains(logText(f), "is hurt while") {
		t.Fatal("a hurt with nothing under way calls for a Resistance Roll")
	}
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Must(engine.Damage{Who: m, Amount: 5})
	if line := f.LastLog("Mage is hurt"); line != "Mage is hurt while preparing Sleep: a Resistance Roll, or the spell is lost" {
		t.Errorf("the caster: %q", line)
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: o, Action: "aim"})
	f.Must(engine.Damage{Who: o, Amount: 5})
	if line := f.LastLog("Orc 1 is hurt"); line != "Orc 1 is hurt while aiming: a Resistance Roll, or the aim is lost" {
		t.Errorf("the archer: %q", line)
	}
}
