package saves

import (
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// Pathmaster's braced crossbow allows no movement "at all, including
// taking a Step" (l.551-553): a Step taken while aiming is kept with the
// aims through a save, so the aims taken up again after opening it still
// give no braced +10; aims held still through a save keep it.
// ledger: pathmaster/aim-brace
func TestSaveKeepsAStepTakenWhileAiming(t *testing.T) {
	for _, stepped := range []bool{true, false} {
		rs, hash, _ := shippedRules("pathmaster")
		src := dice.NewSource(5)
		f := engine.NewFight(rs, engine.NewEncounter("Gate", rs), src)
		var add []engine.NewCombatant
		for i, id := range []string{"gavvin", "orc"} {
			c, _ := lib.Creature("pathmaster", id)
			init := 30 - 5*i
			add = append(add, engine.NewCombatant{Name: c.Name + string(rune('A'+i)), Template: id, HP: c.HP, Stats: c.Stats, Init: &init})
		}
		steps := []engine.Command{engine.Add{Combatants: add}, engine.Start{}, engine.Spend{Who: 1, Action: "aim", At: 2}}
		if stepped {
			steps = append(steps, engine.Spend{Who: 1, Action: "single_step"})
		}
		for _, cmd := range steps {
			if _, err := f.Do(cmd); err != nil {
				t.Fatalf("%s: %v", cmd.Op(), err)
			}
		}
		a := session.Saved{Name: "Gate", Fight: f, Source: src, Hash: hash}
		data, err := Encode(a.Snapshot(), time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		b, err := Decode("x.toml", data, shippedRules)
		if err != nil {
			t.Fatal(err)
		}
		g := b.Fight
		for _, cmd := range []engine.Command{engine.Next{}, engine.Next{}, engine.Spend{Who: 1, Action: "aim", At: 2}} {
			if _, err := g.Do(cmd); err != nil {
				t.Fatalf("opened, %s: %v", cmd.Op(), err)
			}
		}
		_, err = g.Do(engine.RollCheck{Who: 1, Check: "ranged", Target: 2, Modifiers: []string{"braced"}}, 50)
		switch {
		case stepped && (err == nil || !strings.Contains(err.Error(), "no Step or move since the first Aim")):
			t.Errorf("opened, braced after a Step while aiming: %v", err)
		case !stepped && err != nil:
			t.Errorf("opened, braced after aims held still: %v", err)
		}
	}
}
