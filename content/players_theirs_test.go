package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/narrate"
)

// A foe's numbers are the GM's (docs/player-view.md): a party member's
// roll against a foe that reads the foe's stats (countdown's SC -
// target_DEF, Pathmaster's OB - target_DB, War & Combat's and Energy's
// target numbers, a modifier that reads the foe's shield) tells them in
// its total or its target, so the players read what came of it, not its
// numbers, until the GM shows the foes' rolls. It was: "Hero: Attack
// against Orc: 61 against 654331" told them the orc's Defense.
func TestPlayersReadNoFoesNumbersInARoll(t *testing.T) {
	lib := shipped(t)
	const secret = "654"
	rolledIn := 0
	defer func() {
		if rolledIn < 4 {
			t.Errorf("rolls against a foe that read its stats in %d rulesets: countdown, Energy, Pathmaster and War & Combat have them", rolledIn)
		}
	}()
	for _, info := range lib.Rulesets() {
		rs := info.Ruleset
		t.Run(rs.ID, func(t *testing.T) {
			stats := map[string]int{}
			for _, s := range rs.Stats {
				stats[s.ID] = 654321
			}
			init := 20
			f := enginetest.New(t, rs, dice.NewSource(5))
			f.Must(engine.Add{Combatants: []engine.NewCombatant{
				{Name: "Hero", HP: 30, Side: engine.PlayersSide, Init: &init},
				{Name: "Orc", HP: 30, Side: "foes", Stats: stats},
			}})
			f.Must(engine.Start{})
			hero, orc := f.ID("Hero"), f.ID("Orc")
			rolled, told := 0, 0
			for _, ch := range rs.Checks {
				if !strings.Contains(ch.Roll.String()+ch.Target.String(), "target_") {
					continue
				}
				evs, err := f.Do(engine.RollCheck{Who: hero, Check: ch.ID, Target: orc})
				if err != nil {
					continue // not this one's to roll now: another is
				}
				for _, e := range evs {
					cr, ok := e.Fact.(engine.CheckRolled)
					if !ok || e.Who.ID != hero {
						continue
					}
					rolled++
					if !cr.ReadsTheirs {
						t.Errorf("%s: a roll that read the foe's stats is not marked so", ch.ID)
					}
					gm := narrate.Line(rs, e)
					if !strings.Contains(gm, secret) {
						t.Fatalf("%s: the GM's line %q lacks the foe's number: the test proves nothing", ch.ID, gm)
					}
					public, ok := narrate.Public(rs, f.Current(), e)
					if !ok || strings.Contains(public, secret) || !strings.Contains(public, "Orc") {
						t.Errorf("%s: the players read %q (%v) of %q", ch.ID, public, ok, gm)
					}
					cur := *f.Current()
					cur.View.FoeRolls = true
					if shown, _ := narrate.Public(rs, &cur, e); strings.Contains(shown, secret) {
						told++
					}
				}
			}
			if rolled > 0 {
				rolledIn++
			}
			if told == 0 && rolled > 0 {
				t.Errorf("with the foes' rolls shown, the players read none of the %d rolls' numbers", rolled)
			}
		})
	}
}
