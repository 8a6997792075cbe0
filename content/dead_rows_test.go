package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/narrate"
)

// lastOrder is the last order line of the round, as the GM's log and the
// players' view have it ("": none).
func lastOrder(f *enginetest.Fight) (gm, players string) {
	log := f.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if _, ok := log[i].Fact.(engine.Order); ok {
			p, _ := narrate.Public(f.Rules, f.Current(), log[i])
			return narrate.Line(f.Rules, log[i]), p
		}
	}
	return "", ""
}

// playersRow is the row of the players' screen that names who.
func playersRow(f *enginetest.Fight, who string) string {
	for _, l := range strings.Split(playersScreen(f), "\n") {
		if strings.Contains(l, who+" ") && !strings.Contains(l, "Order") && !strings.Contains(l, ":") {
			return l
		}
	}
	return ""
}

// l.537-543, 575: shock ends in unconsciousness for the living, a fatal
// wound in death unless healed in time; the dead need nothing more. The
// round's order line (the GM's log and the players' view) gives the dead
// no place, and the players' row of one dead says "dead" as the GM's row
// does, with no Fatal wound, Prone or down beside it. The same in the
// other rulesets that know death (Pathmaster's hits at -CON, War &
// Combat's killing stroke, Energy's Dead); Countdown's down stay in the
// order, and their rows say "down" alike.
// ledger: brp/fatal-wound energy/death-roll-other-rows
func TestTheDeadHaveNoPlaceInTheOrderAndTheirRowsSayDead(t *testing.T) {
	for _, tc := range []struct {
		ruleset string
		members []member
		kill    func(f *enginetest.Fight, id int)
		order   bool // the ruleset logs each round's order (Pathmaster's is the fight's)
		word    string
	}{
		{"brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}},
			func(f *enginetest.Fight, id int) {
				f.Must(engine.Damage{Who: id, Amount: 20, Bare: true}) // 14 to -6: a fatal wound, dead by the next round's end
				toRound(t, f, f.Current().Round+2)
			}, true, "dead"},
		{"pathmaster", []member{{name: "Gavvin", hp: 20, stats: map[string]int{"CON": 3}}, {name: "Guard", hp: 10, stats: map[string]int{"CON": 3}}},
			func(f *enginetest.Fight, id int) { f.Must(engine.Damage{Who: id, Amount: 20}) }, false, "dead"},
		{"war-and-combat", []member{{name: "Knight", hp: 10}, {name: "Guard", hp: 10}},
			func(f *enginetest.Fight, id int) { f.Must(engine.GiveCondition{Who: id, Condition: "dead"}) }, true, "dead"},
		{"energy", []member{{name: "Ash", hp: 10}, {name: "Guard", hp: 10}},
			func(f *enginetest.Fight, id int) { f.Must(engine.GiveCondition{Who: id, Condition: "dead"}) }, false, "dead"},
		{"countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Guard", hp: 12, stats: map[string]int{"DEF": 40}}},
			func(f *enginetest.Fight, id int) { f.Must(engine.Damage{Who: id, Amount: 30}) }, true, "down"},
	} {
		t.Run(tc.ruleset, func(t *testing.T) {
			f, _ := startFight(t, tc.ruleset, tc.members)
			g := f.ID("Guard")
			tc.kill(f, g)
			toRound(t, f, f.Current().Round+1)
			gm, players := lastOrder(f)
			if tc.order && (gm == "" || players == "") {
				t.Fatalf("no order line:\n%s", logText(f))
			}
			dead := tc.word == "dead"
			if dead && (strings.Contains(gm, "Guard") || strings.Contains(players, "Guard")) {
				t.Errorf("the dead in the order: GM %q, players %q", gm, players)
			}
			if !dead && !strings.Contains(gm, "Guard") {
				t.Errorf("one down left out of the order: %q", gm)
			}
			row := playersRow(f, "Guard")
			fields := strings.Fields(row)
			if len(fields) < 2 || !strings.Contains(row, "  "+tc.word) || dead && (strings.Contains(row, "down") ||
				strings.Contains(row, "Fatal") || strings.Contains(row, "Prone") || strings.Contains(row, "Unconscious")) {
				t.Errorf("the players' row of the Guard: %q\n%s", row, playersScreen(f))
			}
		})
	}
}
