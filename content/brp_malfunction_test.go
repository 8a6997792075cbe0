package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// Some weapons malfunction on a high roll whatever the skill (l.218-226):
// the book's musket jams on 95-00; at 60% it fumbles on 98-00, so 99 is
// both (the fumble's table first, then the jam), 95 only a malfunction (a
// failure), and 94 neither. A jammed musket strikes no more until readied.
// ledger: brp/malfunctions
func TestBRPMusketMalfunctions(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	musket := rules.Weapon{Name: "Musket", Damage: dice.MustParse("1d10+4"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60, "malfunction": 95}}
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Soldier", HP: 12, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{musket}},
		{Name: "Guard", HP: 14, Stats: map[string]int{"DEX": 10}},
	}})
	f.Must(engine.Start{})
	s, g := f.ID("Soldier"), f.ID("Guard")
	onRank(t, f, "Soldier")
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 94)
	if w := f.Get("Soldier").Weapons[0]; !w.Ready() {
		t.Fatalf("94 jams the musket: %s", w.State)
	}
	onRank(t, f, "Soldier")
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 95)
	if got := f.LastLog("Musket"); got != "Soldier's Musket malfunctions (95, at 95 or more): jammed until readied again" {
		t.Errorf("95: %q\n%s", got, logText(f))
	}
	onRank(t, f, "Soldier")
	if _, err := f.Do(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 50); err == nil || !strings.Contains(err.Error(), "jammed") {
		t.Errorf("a jammed musket fires: %v", err)
	}
	f.Must(engine.Arm{Who: s})
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 99, 30)
	log := logText(f)
	fumble, jam := strings.LastIndex(log, "Fumbled (missile attack)"), strings.LastIndex(log, "malfunctions (99")
	if fumble < 0 || jam < fumble {
		t.Errorf("99 at 60%%: the fumble, then the jam:\n%s", log)
	}
}

// Missile weapons attack at their own rate (l.502): a crossbow that
// shoots every other round is refused in the round after it shot, and
// shoots again the round after that.
// ledger: brp/missile-rate
func TestBRPCrossbowEveryOtherRound(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	crossbow := rules.Weapon{Name: "Crossbow", Damage: dice.MustParse("2d4+2"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 50, "rate": 2}}
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Soldier", HP: 12, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{crossbow}},
		{Name: "Guard", HP: 14, Stats: map[string]int{"DEX": 10}},
	}})
	f.Must(engine.Start{})
	s, g := f.ID("Soldier"), f.ID("Guard")
	onRank(t, f, "Soldier")
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 80)
	toRound(t, f, 2)
	if _, err := f.Do(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 80); err == nil ||
		err.Error() != "Soldier's Crossbow strikes once in 2 rounds: next in round 3" {
		t.Errorf("the crossbow shoots in round 2: %v", err)
	}
	toRound(t, f, 3)
	onRank(t, f, "Soldier")
	f.Must(engine.Blow{Who: s, Blow: "attack", Foes: []int{g}}, 80)
}
