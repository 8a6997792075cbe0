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
