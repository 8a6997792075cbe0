package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// The dead stay dead (docs/states.md): what the book gives the living, a
// wound's bleeding, First Aid, the party's next fight, the dead are given no
// more.

// l.333-337: a bleeding wound costs 1 hit point a round "until the target
// receives successful medical attention ... or dies from blood loss". The
// bleeding ends with death: the dead's hit points stay where death left
// them, and the log (the GM's and the players') has no bleeding after it.
// ledger: brp/bleeding
func TestBRPDeadBleedNoMore(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Bled", hp: 2, stats: map[string]int{"DEX": 12, "CON": 10}},
		{name: "Foe", hp: 14, stats: map[string]int{"DEX": 10}},
	})
	f.Must(engine.Bleed{Who: f.ID("Bled"), Rate: 1})
	for i := 0; !f.Get("Bled").Has("dead"); i++ {
		if i > 400 {
			t.Fatalf("Bled never died of the bleeding:\n%s", logText(f))
		}
		f.Next()
	}
	hp := f.Get("Bled").HP
	toRound(t, f, f.Current().Round+4)
	if got := f.Get("Bled").HP; got != hp {
		t.Errorf("the dead go on bleeding: %d HP at death, %d four rounds on\n%s", hp, got, logText(f))
	}
	text := logText(f)
	if after := text[strings.Index(text, "Bled is Dead"):]; strings.Contains(after, "Bled bleeds") {
		t.Errorf("bleeding logged after death:\n%s", after)
	}
}

// l.447-449: the dying blow is struck, and then the fighter dies. Its end
// is logged once, and truly: "is Dead" is the last word on it, not "is
// down" after it.
// ledger: brp/dying-blows
func TestBRPDyingBlowEndsInDeathAlone(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members)
	for i := 0; where(f.Rules, f.Current()) != "r1 action Yvarre@15"; i++ {
		if i > 30 {
			t.Fatalf("Yvarre's rank never came: %s", where(f.Rules, f.Current()))
		}
		f.Next()
	}
	g := f.ID("Guard")
	f.Must(engine.Damage{Who: g, Amount: 20, Bare: true})
	f.Must(engine.RollCheck{Who: g, Check: "dying_blow"}, 70)
	f.Next()
	f.Next()
	f.Must(engine.Blow{Who: g, Blow: "attack", Foes: []int{f.ID("Yvarre")}}, 30, 1, 1)
	f.Next()
	text := logText(f)
	i := strings.LastIndex(text, "Guard is Dead")
	if i < 0 {
		t.Fatalf("the guard's death is not logged:\n%s", text)
	}
	if strings.Contains(text[i:], "Guard is down") {
		t.Errorf("the dead guard is logged down after its death:\n%s", text[i:])
	}
}
