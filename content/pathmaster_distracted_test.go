package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A caster hurt while it prepares a spell, or an archer hurt while it
// aims, must make a Resistance Roll or lose it (l.294-296, 558-560): the
// log says so as the damage lands; a hurt with neither under way, none.
// ledger: pathmaster/concentration-broken pathmaster/aim-defences-and-injury pathmaster/casting-distraction
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

// The Resistance Roll the hurt or the forced move asks for, rolled from g
// (Resist with Keep): failed, the spell is ruined at a spell ruined's cost
// (none: lost before its casting action, l.1432); made, the aim is kept. A forced move loses an aim
// outright (l.556) and puts a spell under preparation at stake (l.294-296,
// 1425); with nothing at stake both are refused with the reason.
// ledger: pathmaster/casting-distraction pathmaster/aim-lost-otherwise pathmaster/concentration-broken
// ledger: pathmaster/aim-defences-and-injury
func TestDistractedResistanceRoll(t *testing.T) {
	f, _ := pm(t)
	lib := shipped(t)
	cr, _ := lib.Creature("pathmaster", "caster")
	ar, _ := lib.Creature("pathmaster", "archer")
	i1, i2 := 27, 26
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &i1},
		{Name: "Bowman", Template: "archer", HP: ar.HP, Stats: ar.Stats, Init: &i2}}})
	m, b := f.ID("Mage"), f.ID("Bowman")
	f.Refuse(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, "Mage has no spell or aim at stake")
	f.Refuse(engine.ForcedMove{Who: m}, "Mage prepares no spell and aims at nothing")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Must(engine.Damage{Who: m, Amount: 5})
	f.Must(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, 30)
	if line := f.LastLog("Mage Resistance Roll"); !strings.Contains(line, "against losing Sleep") || !strings.Contains(line, "failure by 20") {
		t.Errorf("the roll: %q", line)
	}
	if line := f.LastLog("Mage loses"); line != "Mage loses Sleep" {
		t.Errorf("the spell: %q", line)
	}
	if c := f.Get("Mage"); c.Casting != nil || c.Pools["mana"] != 20 {
		t.Errorf("a lost spell: casting %v, Mana %d (want none, 20)", c.Casting, c.Pools["mana"])
	}
	f.Refuse(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, "Mage has no spell or aim at stake")
	f.ToTurnOf("Bowman")
	f.Must(engine.Spend{Who: b, Action: "aim"})
	f.Must(engine.Damage{Who: b, Amount: 5})
	f.Must(engine.Resist{Who: b, AttackLevel: 1, DefenceLevel: 1, Keep: true}, 70)
	if line := f.LastLog("Bowman keeps"); line != "Bowman keeps the aim" || f.Get("Bowman").Aim != 1 {
		t.Errorf("the aim kept: %q, %d aims", line, f.Get("Bowman").Aim)
	}
	f.Must(engine.ForcedMove{Who: b})
	if line := f.LastLog("forced"); line != "Bowman is forced to move: the aim is lost" || f.Get("Bowman").Aim != 0 {
		t.Errorf("the forced move: %q, %d aims", line, f.Get("Bowman").Aim)
	}
	f.Next()
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Must(engine.ForcedMove{Who: m})
	if line := f.LastLog("forced"); line != "Mage is forced to move: a Resistance Roll, or Sleep is lost" {
		t.Errorf("the caster forced to move: %q", line)
	}
	f.Must(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, 60)
	if line := f.LastLog("Mage keeps"); line != "Mage keeps Sleep" || f.Get("Mage").Casting == nil {
		t.Errorf("the spell kept: %q", line)
	}
}

// Knocked down while preparing a spell (l.294-296, 1425): Prone given by
// the GM, or a Downed stun's, puts the spell at stake as a hurt does, and
// g's Resistance Roll keeps or loses it. Falling prone by one's own action
// is no knock-down.
// ledger: pathmaster/concentration-broken pathmaster/casting-distraction
func TestKnockedDownWhilePreparing(t *testing.T) {
	for _, how := range []engine.Command{engine.GiveCondition{Condition: "prone"}, engine.Stun{Level: "downed", Rounds: 1}} {
		f, m := preparingSleep(t)
		switch c := how.(type) {
		case engine.GiveCondition:
			c.Who = m
			how = c
		case engine.Stun:
			c.Who = m
			how = c
		}
		f.Must(how)
		if !f.Get("Mage").Distracted {
			t.Errorf("%T: knocked down, the spell is not at stake\n%s", how, logText(f))
		}
		if line := f.LastLog("knocked down"); line != "Mage is knocked down while preparing Sleep: a Resistance Roll, or the spell is lost" {
			t.Errorf("%T: the log: %q", how, line)
		}
		f.Must(engine.Resist{Who: m, AttackLevel: 5, DefenceLevel: 5, Keep: true}, 30)
		if f.Get("Mage").Casting != nil {
			t.Errorf("%T: the Resistance Roll failed, the spell kept", how)
		}
	}
	f, m := preparingSleep(t)
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Spend{Who: m, Action: "fall_prone"})
	if f.Get("Mage").Distracted || strings.Contains(logText(f), "knocked down") {
		t.Errorf("falling prone by choice is a knock-down:\n%s", logText(f))
	}
}
