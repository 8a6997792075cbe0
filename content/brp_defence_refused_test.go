package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// A defence the defender may not make is refused before any die is
// rolled, so that the GM picks another (a second parry at -30%, l.139),
// not rolled as no defence at all: the free dodge or parry of one who did
// not state the defensive stance (l.13, 137), a dodge after a parry and a
// parry after a dodge (l.145: "Parries and dodges cannot be combined in a
// round unless your character is in a completely defensive state"), on A's
// blow and on g's skill roll answered alike.
// ledger: brp/fight-defensively-limits brp/parry-dodge-combine
func TestBRPDefenceNotAllowedIsRefusedNotNone(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"},
		{name: "Kallistor", creature: "kallistor"}})
	sm, cu, inv := f.ID("Swordmaster"), f.ID("Cultist"), f.ID("Kallistor")
	free := []string{"defensive"}
	toPhase(t, f, 2)
	f.ToTurnOf("Kallistor")
	before := len(f.Log())
	// The free parry or dodge of one who stated nothing (l.13).
	for _, answer := range []string{"parry", "dodge"} {
		f.Refuse(engine.Blow{Who: inv, Blow: "attack", Foes: []int{cu}, Answer: answer, Guards: free},
			"only for one who declared Fights defensively this round")
	}
	if len(f.Log()) != before {
		t.Errorf("a refused defence left the blow in the log:\n%s", logText(f))
	}
	// A parry rolled: a dodge after it is refused on A and on g (l.145);
	// a second parry is open.
	f.Must(engine.Blow{Who: inv, Blow: "attack", Foes: []int{sm}, Answer: "parry"}, 30, 10)
	f.ToTurnOf("Cultist")
	before = len(f.Log())
	f.Refuse(engine.Blow{Who: cu, Blow: "attack", Foes: []int{sm}, Answer: "dodge"}, "a Dodge does not go with it unless fighting defensively")
	f.Refuse(engine.RollCheck{Who: cu, Check: "skill", Target: sm, Answer: "dodge"}, "a Dodge does not go with it")
	if len(f.Log()) != before {
		t.Errorf("a refused dodge left a roll in the log:\n%s", logText(f))
	}
	f.Must(engine.RollCheck{Who: cu, Check: "skill", Target: sm, Answer: "parry"}, 30, 10)
	if got := f.LastLog("Swordmaster: Parry"); !strings.Contains(got, "-30") {
		t.Errorf("the second parry: %q\n%s", got, logText(f))
	}
}

// Fighting defensively, a parry in the same DEX rank as the round's free
// dodge is refused, not turned into none (l.145, 409): the GM may take a
// second dodge instead.
// ledger: brp/fight-defensively-limits brp/parry-dodge-combine
func TestBRPDefensiveParrySameRankRefused(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"},
		{name: "Cultist 2", creature: "cultist"}})
	sm, cu, cu2 := f.ID("Swordmaster"), f.ID("Cultist"), f.ID("Cultist 2")
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	toPhase(t, f, 2)
	f.ToTurnOf("Cultist")
	f.Must(engine.Blow{Who: cu, Blow: "attack", Foes: []int{sm}, Answer: "dodge", Guards: []string{"defensive"}}, 30, 10)
	f.ToTurnOf("Cultist 2")
	if a, b := f.Current().Entry(f.Current().Cur), f.Current().Combatant(cu2); a == nil || a.Who != b.ID {
		t.Fatalf("not Cultist 2's turn")
	}
	before := len(f.Log())
	f.Refuse(engine.RollCheck{Who: cu2, Check: "skill", Target: sm, Answer: "parry"}, "a Parry does not go with it at the same place")
	f.Refuse(engine.Blow{Who: cu2, Blow: "attack", Foes: []int{sm}, Answer: "parry"}, "a Parry does not go with it at the same place")
	if len(f.Log()) != before {
		t.Errorf("a refused parry left a roll in the log:\n%s", logText(f))
	}
	f.Must(engine.Blow{Who: cu2, Blow: "attack", Foes: []int{sm}, Answer: "dodge"}, 30, 10)
}

// The missile choices of the dodge (Difficult, the round's first only:
// l.133) and of the parry (a shield's base chance, a thrown weapon on a
// special: l.119, 484) are for a missile or thrown weapon: against a
// melee blow the dodge is at the full skill (l.131: "Dodges can be
// attempted against all melee attacks"). Picked against one, refused
// before any die; the blow's answer does not offer them.
// ledger: brp/missile-dodge-difficult brp/missile-parry
func TestBRPMissileDefenceChoicesNotAgainstMelee(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"},
		{name: "Kallistor", creature: "kallistor"}})
	cu, inv := f.ID("Cultist"), f.ID("Kallistor")
	toPhase(t, f, 2)
	f.ToTurnOf("Kallistor")
	before := len(f.Log())
	f.Refuse(engine.Blow{Who: inv, Blow: "attack", Foes: []int{cu}, Answer: "dodge", Guards: []string{"missile"}},
		"is only against a missile weapon, not Spear")
	f.Refuse(engine.Blow{Who: inv, Blow: "attack", Foes: []int{cu}, Answer: "parry", Guards: []string{"small_shield_missile"}},
		"is only against a missile weapon, not Spear")
	if len(f.Log()) != before {
		t.Errorf("a refused missile choice left a roll in the log:\n%s", logText(f))
	}
	spear := f.Current().Combatant(inv).Weapons[0].Kinds
	for _, id := range []string{"parry", "dodge"} {
		ch, _ := f.Rules.Check(id)
		offered := engine.AnswerFitting(ch, spear)
		for _, m := range offered.Modifiers {
			if strings.Contains(m.Name, "missile") || strings.Contains(m.Name, "thrown") {
				t.Errorf("%s against a spear offers %q", ch.Name, m.Name)
			}
		}
		if !slices.ContainsFunc(offered.Modifiers, func(m rules.CheckModifier) bool { return m.ID == "defensive" }) {
			t.Errorf("%s against a spear lost its free defensive choice", ch.Name)
		}
	}
}
