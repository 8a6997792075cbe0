package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.131-133: "Dodges can be attempted against all melee attacks or thrown
// weapons"; against "high-speed projectile weapons (arrows ...)" only
// Difficult, the round's first. l.119: a thrown weapon parried with a hand
// weapon only on a special. The thrown weapon's rows ("A thrown weapon: the
// full skill", "A thrown weapon, parried with a hand weapon") are refused
// against a fired bow, and taken against a thrown javelin at the full 50.
// ledger: brp/missile-dodge-difficult brp/missile-parry
func TestBRPThrownWeaponRowsNotAgainstAFiredArrow(t *testing.T) {
	bow := rules.Weapon{Name: "Short bow", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	target := engine.NewCombatant{Name: "Target", HP: 40, Stats: map[string]int{"DEX": 10, "dodge": 50, "parry": 50}}
	f := onRankAgainst(t, "Archer", bow, target)
	a, tg := f.ID("Archer"), f.ID("Target")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{tg}, Answer: "dodge", Guards: []string{"thrown"}},
		"A thrown weapon: the full skill is only against a thrown weapon, not Short bow")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{tg}, Answer: "parry", Guards: []string{"thrown_hand_weapon"}},
		"is only against a thrown weapon, not Short bow")
	if got := engine.AnswerFitting(mustCheck(t, f.Rules, "dodge"), bow.Kinds); hasModifier(got, "thrown") {
		t.Errorf("the blow's dodge offers the thrown weapon's full skill against a bow")
	}

	javelin := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile", "thrown"},
		Fields: map[string]int{"skill": 60}}
	f = onRankAgainst(t, "Thrower", javelin, target)
	f.Must(engine.Blow{Who: f.ID("Thrower"), Blow: "attack", Foes: []int{f.ID("Target")}, Answer: "dodge", Guards: []string{"thrown"}},
		30, 45)
	if got := f.LastLog("Target: Dodge"); !strings.Contains(got, "vs 50 or less") {
		t.Errorf("a thrown javelin dodged at the full 50 (l.131): %q", got)
	}
}

func mustCheck(t *testing.T, rs *rules.Ruleset, id string) rules.Check {
	t.Helper()
	ch, ok := rs.Check(id)
	if !ok {
		t.Fatalf("no check %s", id)
	}
	return ch
}

func hasModifier(ch rules.Check, id string) bool {
	for _, m := range ch.Modifiers {
		if m.ID == id {
			return true
		}
	}
	return false
}
