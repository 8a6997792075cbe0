package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// atFoe is the foe a test takes a Pathmaster action at: a Retreat or a
// Dodge and Drop is taken at the attacker (Orc 1), whose rolls alone it
// changes; any other action at no one.
func atFoe(f *enginetest.Fight, action string) int {
	if action == "retreat" || action == "dodge_and_drop" {
		return f.ID("Orc 1")
	}
	return 0
}

// Retreat's +20 Dodge is "only versus the attack that prompted the
// retreat" and "against all of his attacks until your next turn"
// (l.725-730): taken at Orc 1 as it attacks, its roll and its opportunity
// attack later in the round take -20; Orc 2's attack takes nothing; at
// Gavvin's next turn it is over. Named at no one it is refused: it would
// help against everyone.
// ledger: pathmaster/retreat
func TestRetreatCountsAgainstItsAttackerAlone(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	attack := func(who int) string {
		f.Must(engine.RollCheck{Who: who, Check: "attack", Target: g}, 50)
		return f.LastLog(f.Current().Combatant(who).Name + ": Melee attack")
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: o1, Action: "melee_attack"})
	f.Refuse(engine.Spend{Who: g, Action: "retreat"}, "Retreat is taken at a foe, whose rolls alone it changes: name which")
	f.Must(engine.Spend{Who: g, Action: "retreat", At: o1})
	if line := attack(o1); !strings.Contains(line, "target Retreating -20") || !strings.Contains(line, "[50] + 40 - 15 = 75 - 20 = 55") {
		t.Errorf("the attack that prompted the Retreat: %q", line)
	}
	f.ToTurnOf("Orc 2")
	if line := attack(o2); strings.Contains(line, "Retreating") || !strings.Contains(line, "[50] + 40 - 15 = 75 vs") {
		t.Errorf("another orc's attack: %q, want no Retreating", line)
	}
	// Orc 1's opportunity attack, out of its turn: still against its foe.
	if line := attack(o1); !strings.Contains(line, "target Retreating -20") {
		t.Errorf("the retreated-from orc's later attack: %q", line)
	}
	f.ToTurnOf("Gavvin")
	if f.Get("Gavvin").Has("retreating") {
		t.Errorf("the Retreat outlasts Gavvin's next turn's start")
	}
}

// Dodge and Drop's +20 Dodge is "only versus a single ranged attack (or all
// ranged attacks from a single foe)" (l.740-741): taken at Orc 1 as it
// shoots, its shots take -20 and no Prone (the drop is the ground it hits,
// l.744-745); Orc 2's shot meets Prone's +20 at range and no drop; the
// prone dodger is +20 easier in melee to Orc 3. At Gavvin's next turn the
// drop is over and he is still prone.
// ledger: pathmaster/dodge-and-drop
func TestDodgeAndDropCountsAgainstItsShooterAlone(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	roll := func(who int, check string) string {
		f.Must(engine.RollCheck{Who: who, Check: check, Target: g}, 50)
		return f.LastLog(f.Current().Combatant(who).Name + ": ")
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.Spend{Who: o1, Action: "ranged_attack"})
	f.Refuse(engine.Spend{Who: g, Action: "dodge_and_drop"}, "name which")
	f.Must(engine.Spend{Who: g, Action: "dodge_and_drop", At: o1})
	if line := roll(o1, "ranged"); !strings.Contains(line, "target Dodged and Dropped -20") || strings.Contains(line, "Prone") {
		t.Errorf("the shot that prompted the drop: %q", line)
	}
	f.ToTurnOf("Orc 2")
	if line := roll(o2, "ranged"); strings.Contains(line, "Dropped") || !strings.Contains(line, "Prone -20") {
		t.Errorf("another orc's shot: %q, want Prone and no drop", line)
	}
	if line := roll(o1, "ranged"); !strings.Contains(line, "target Dodged and Dropped -20") {
		t.Errorf("the shooter's next shot: %q", line)
	}
	f.ToTurnOf("Orc 3")
	if line := roll(f.ID("Orc 3"), "attack"); !strings.Contains(line, "Prone +20") {
		t.Errorf("another orc's melee attack: %q, want Prone +20", line)
	}
	f.ToTurnOf("Gavvin")
	if c := f.Get("Gavvin"); c.Has("dodge_dropped") || !c.Has("prone") {
		t.Errorf("at Gavvin's turn: dropped %v prone %v, want prone alone", c.Has("dodge_dropped"), c.Has("prone"))
	}
}

// An Acrobatics Tumble gives its +20 (a Move) or +40 (a Run) Dodge
// "versus any Opportunity Attacks" (l.316-317, 542-543): refused before a
// Tumble is made, on a foe who did not tumble, and once the tumbler's turn
// is over (Orc 1's own attack in its turn is no opportunity attack), and
// on a Delayed attack fired at it; an opportunity attack picked on it
// spends the Interrupt.
// ledger: pathmaster/run-tumble-and-defences pathmaster/move-tumble
func TestTumbleCountsOnOpportunityAttacksAlone(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2, o3 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	opp := func(who, at int) engine.RollCheck {
		return engine.RollCheck{Who: who, Check: "attack", Target: at, Modifiers: []string{"tumbled_move"}}
	}
	f.Must(engine.Spend{Who: g, Action: "step"})
	f.Refuse(opp(o1, g), "Gavvin is not Tumbling")
	f.Must(engine.RollCheck{Who: g, Check: "tumble"}, 97, 40)
	f.Refuse(opp(o3, o2), "Orc 2 is not Tumbling")
	f.Must(opp(o1, g), 50)
	if line := f.LastLog("Orc 1: Melee attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 - 20 = 55") {
		t.Errorf("the opportunity attack on the tumbler: %q", line)
	}
	if c := f.Get("Orc 1"); c.Pools["interrupt"] != 0 {
		t.Errorf("the opportunity attack left Orc 1's Interrupt %d", c.Pools["interrupt"])
	}
	f.ToTurnOf("Orc 1")
	f.Refuse(opp(o1, g), "Gavvin is not Tumbling")

	// A Delayed attack fired at the tumbler is no opportunity attack.
	f.ToTurnOf("Orc 2")
	f.Must(engine.Delay{Who: o2, Trigger: "Gavvin moves"})
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "step"})
	f.Must(engine.RollCheck{Who: g, Check: "tumble"}, 97, 40)
	f.Must(engine.Spend{Who: o2, Action: "delayed_attack"})
	f.Refuse(opp(o2, g), "needs Orc 2 to have taken Attack - Opportunity")
}
