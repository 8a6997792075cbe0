package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/narrate"
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
	onRank(t, f, "Yvarre")
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

// l.543, 683: at 2 hit points or fewer the fighter collapses, knocked out
// ("At 2 hit points, Yvarre automatically falls unconscious"). First Aid or
// healing that lifts one with a fatal wound to 2 saves the wound (l.577)
// into a knock-out: the log says that, and not that it is back in the
// fight, comes to, or stands up, only to be knocked out in the next line;
// it stays Prone throughout.
// ledger: brp/knocked-out-at-two
func TestBRPFatalWoundHealedToTwoIsKnockedOut(t *testing.T) {
	for _, path := range []string{"first aid", "heal"} {
		f, _ := startFight(t, "brp", []member{
			{name: "Hero", hp: 10, stats: map[string]int{"DEX": 12}},
			{name: "Medic", hp: 10, stats: map[string]int{"DEX": 10}},
		})
		hero := f.ID("Hero")
		f.Must(engine.Damage{Who: hero, Amount: 11, Bare: true})
		if c := f.Get("Hero"); c.HP != -1 || !c.Has("fatal_wound") {
			t.Fatalf("Hero at %d HP, %v: want -1 and a fatal wound", c.HP, c.Conditions)
		}
		n := len(f.Log())
		if path == "first aid" {
			f.Must(engine.FirstAid{Who: hero, Healer: f.ID("Medic"), Treat: engine.TreatHits, Wound: 0}, 10, 3)
		} else {
			f.Must(engine.Heal{Who: hero, Amount: 3})
		}
		c := f.Get("Hero")
		if c.HP != 2 || c.Has("fatal_wound") || !c.Has("knocked_out") || !c.Has("prone") {
			t.Errorf("%s: Hero at %d HP with %v: want 2, knocked out and prone, the fatal wound gone", path, c.HP, c.Conditions)
		}
		var lines []string
		for _, e := range f.Log()[n:] {
			lines = append(lines, narrate.Line(f.Rules, e))
		}
		text := strings.Join(lines, "\n")
		for _, no := range []string{"back in the fight", "comes to", "no longer Prone"} {
			if strings.Contains(text, no) {
				t.Errorf("%s: healed to 2 HP, the log says %q:\n%s", path, no, text)
			}
		}
		if !strings.Contains(text, "Hero is Knocked out") || !strings.Contains(text, "Hero no longer has a Fatal wound") {
			t.Errorf("%s: the log does not say the fatal wound is saved into a knock-out:\n%s", path, text)
		}
	}
}

// l.577: a fatal wound not healed by the end of the next round is death.
// A kept party keeps its dead dead: the death goes with the member (fray
// party show says Dead), and the member joins no later fight (Joining
// leaves it out, Dead names it), rather than coming back with a fresh
// fatal wound and two more rounds to be saved. Impaled (l.389) goes with
// the weapon stuck in the wound, pulled out once the fight is over: a kept
// party does not carry it.
// ledger: brp/fatal-wound brp/impaled-weapon
func TestBRPKeptPartyKeepsItsDeadDead(t *testing.T) {
	f, _ := startFight(t, "brp", []member{
		{name: "Kallistor", hp: 15, stats: map[string]int{"DEX": 12}},
		{name: "Yvarre", hp: 13, stats: map[string]int{"DEX": 15}},
		{name: "Foe", hp: 10, stats: map[string]int{"DEX": 10}},
	})
	k, y := f.ID("Kallistor"), f.ID("Yvarre")
	f.Must(engine.Damage{Who: k, Amount: 22, Bare: true})
	f.Must(engine.GiveCondition{Who: y, Condition: "impaled"})
	for i := 0; !f.Get("Kallistor").Has("dead"); i++ {
		if i > 100 {
			t.Fatalf("Kallistor never died of his fatal wound:\n%s", logText(f))
		}
		f.Next()
	}
	f.Must(engine.End{})
	p, _, err := engine.Party{Name: "Band"}.Keep(f.Rules, f.Current(), []int{k, y})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Members {
		switch {
		case m.Name == "Kallistor" && (m.Carried == nil || !m.Carried.Has("dead")):
			t.Errorf("kept, the dead Kallistor carries no death: %+v", m.Carried)
		case m.Name == "Yvarre" && m.Carried != nil && m.Carried.Has("impaled"):
			t.Errorf("kept, Yvarre carries Impaled with nothing stuck in her")
		}
	}
	if dead := p.Dead(f.Rules); len(dead) != 1 || dead[0] != "Kallistor" {
		t.Errorf("the party's dead: %v, want Kallistor", dead)
	}
	joining, err := p.Joining(f.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if len(joining) != 1 || joining[0].Name != "Yvarre" {
		t.Fatalf("joining the next fight: %d members, want Yvarre alone", len(joining))
	}
	g := enginetest.New(t, f.Rules, dice.Script())
	g.Must(engine.Add{Combatants: append(joining, engine.NewCombatant{Name: "Guard", HP: 12, Stats: map[string]int{"DEX": 10}})})
	g.Must(engine.Start{})
	if g.Get("Yvarre").Has("impaled") {
		t.Errorf("Yvarre comes into the next fight Impaled")
	}
	if _, err := (engine.Party{Name: "Gone", Ruleset: p.Ruleset, Members: p.Members[:1]}).Joining(f.Rules); err == nil {
		t.Errorf("a party of the dead alone joins a fight")
	}
}
