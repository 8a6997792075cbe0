package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/narrate"
)

// A foe's initiative is its roll's, the GM's (docs/player-view.md): the
// players read the order with their own side's initiative and the foes'
// places only, until the GM shows the foes' rolls. It was: "Order: Veteran
// 19, Brigand 13" told them the brigand's 3d6 + Fighter rank.
func TestPlayersReadNoFoesInitiative(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("war-and-combat")
	f := enginetest.New(t, rs.Ruleset, dice.Script(6, 6, 6, 1, 2, 3))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Veteran", HP: 10, Side: engine.PlayersSide}, {Name: "Brigand", HP: 10, Side: "foes"},
	}})
	f.Must(engine.Start{})
	for range 10 {
		if strings.Contains(f.LogText(), "Order: ") {
			break
		}
		f.Next()
	}
	read := func() string {
		t.Helper()
		for _, e := range f.Log() {
			if _, ok := e.Fact.(engine.Order); ok {
				s, _ := narrate.Public(f.Rules, f.Current(), e)
				return s
			}
		}
		t.Fatalf("no order in the log:\n%s", f.LogText())
		return ""
	}
	if got := read(); !strings.HasPrefix(got, "Order: ") || !strings.Contains(got, "Brigand") || strings.Contains(got, "Brigand ") ||
		!strings.Contains(got, "Veteran ") {
		t.Errorf("the players read %q: the Veteran's initiative and the Brigand's place, not its number", got)
	}
	f.Must(engine.View{Setting: engine.ViewFoeRolls})
	if got := read(); !strings.Contains(got, "Brigand ") {
		t.Errorf("with the foes' rolls shown, the players read %q", got)
	}
}

// One of the party who waits until after a foe, or is moved past one in the
// order, takes the foe's number as its place: the players read that it
// acts, and its row shows no number, as the foe's own does not.
func TestPlayersReadNoFoesInitiativeThroughAWait(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("pathmaster")
	init := func(n int) *int { return &n }
	for _, c := range []struct {
		name string
		move func(f *enginetest.Fight)
	}{
		{"a wait", func(f *enginetest.Fight) { f.Must(engine.Wait{Who: f.ID("Hero"), After: f.ID("Orc")}) }},
		{"a move in the order", func(f *enginetest.Fight) {
			f.Next() // the orc acts first; the Hero is moved past the archer
			f.Must(engine.Move{Who: f.ID("Hero"), Dir: -1})
		}},
	} {
		f := enginetest.New(t, rs.Ruleset, dice.NewSource(1))
		heroInit := 20
		if c.name != "a wait" {
			heroInit = 5
		}
		f.Must(engine.Add{Combatants: []engine.NewCombatant{
			{Name: "Hero", HP: 40, Side: engine.PlayersSide, Init: init(heroInit)},
			{Name: "Orc", HP: 40, Side: "foes", Init: init(14)},
			{Name: "Archer", HP: 40, Side: "foes", Init: init(9)},
		}})
		f.Must(engine.Start{})
		c.move(f)
		for range 4 {
			if f.Actor() == "Hero" {
				break
			}
			f.Next()
		}
		var line string
		for _, e := range f.Log() {
			if a, ok := e.Fact.(engine.Acts); ok && e.Who.Name == "Hero" && a.Taken {
				line, _ = narrate.Public(f.Rules, f.Current(), e)
			}
		}
		if line == "" || strings.ContainsAny(line, "0123456789") {
			t.Errorf("%s: the players read %q of the Hero's turn at a foe's number\n%s", c.name, line, f.LogText())
		}
	}
}
