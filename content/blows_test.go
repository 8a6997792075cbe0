package content_test

import (
	"testing"

	"fray/engine"
)

// BRP's matrix rows that damage weapons, on the shipped creatures: a
// critical barely parried (the parry a success) leaves the parrying weapon
// 4 points the worse and is a special hit (Yvarre's dagger impales and
// sticks); an attack parried critically in melee does 2 to the attacking
// weapon (the guard's second parry of the round is at -30%: 15%, a
// critical on 01). Neither weapon keeps hit points (no hp in their
// content), and the log says so.
// ledger: brp/attack-defence-matrix brp/special-kinds
func TestBRPBlowsDamageWeapons(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}, Answer: "parry"}, 2, 30, 1, 1, 1)
	for _, want := range []string{
		"Yvarre's Attack on Guard: Barely deflected: a special hit, armour counts; a parrying weapon or shield takes 4",
		"Guard's Mace takes 4 damage (its hit points are not kept)",
		"weapon twice (impaled) 6 + bonus 1 = 7",
		"Guard's AV 3 takes 3 off 7: 4 gets through",
		"Yvarre's Dagger is stuck in Guard",
	} {
		if f.LastLog(want) == "" {
			t.Errorf("not logged: %q", want)
		}
	}
	f.Must(engine.Arm{Who: y})
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}, Answer: "parry"}, 40, 1)
	if f.LastLog("Yvarre's Dagger takes 2 damage") == "" || f.LastLog("Blocked or dodged: no harm; a parry in melee does 2") == "" {
		t.Errorf("a critical parry of a melee attack: %q", f.LastLog("Yvarre's"))
	}
}

// A shield strikes at the Shield skill (its own skill, 45%), with
// knockback as its special (l.488): 5 is a special, 1D4 and the damage
// modifier's 1D4 roll 4 and 4, 8 in all, a metre back (and 7 through her
// tunic, a major wound: its table's 50, her Luck roll's 40).
// ledger: brp/shield-attack
func TestBRPShieldAttack(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, {name: "Yvarre", creature: "yvarre"}})
	onRank(t, f, "Guard")
	f.Must(engine.Blow{Who: f.ID("Guard"), Blow: "attack", Foes: []int{f.ID("Yvarre")}, Weapon: 1}, 5, 4, 4, 50, 40)
	for _, want := range []string{
		"Guard strikes at Yvarre with Medium shield (Attack)",
		"Guard: Skill roll against Yvarre: d100: [5] = 5 vs 45 or less: Special success",
		"Guard's damage: weapon 4 + bonus 4 = 8",
		"Yvarre is knocked back 1 m by 8 damage rolled, unless it resists",
	} {
		if f.LastLog(want) == "" {
			t.Errorf("not logged: %q\n%s", want, logText(f))
		}
	}
}
