package content_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// l.547-549: a major wound's Luck roll failed, "Your character suffers the
// full wound as described below, subtracting the indicated characteristic
// points ... You should immediately recalculate"; the table's rows name
// them (l.553-571). Yvarre (DEX 15, POW 12) takes 8 bare: row 05 ("Lose
// 1D3 DEX"), Luck 80 of 60 failed, the 1D3 rolls 2: DEX 13. Luck 5 made,
// nothing is lost. Undone, DEX is 15 again.
//
// ledger: brp/major-wound-luck brp/major-wound-table brp/major-wound-aftermath
func TestBRPMajorWoundLuckFailedLosesStats(t *testing.T) {
	for _, c := range []struct {
		luck, dex int
	}{{80, 13}, {5, 15}} {
		f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 5, c.luck, 2)
		f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true})
		if got := f.Get("Yvarre").Stats["DEX"]; got != c.dex {
			t.Errorf("Luck %d on row 01-10 (lose 1D3 DEX, rolled 2): DEX %d, want %d (l.547, 553)\n%s", c.luck, got, c.dex, logText(f))
		}
		if c.dex == 15 {
			if strings.Contains(logText(f), "DEX lost") {
				t.Errorf("Luck made, a loss is logged:\n%s", logText(f))
			}
			continue
		}
		if !strings.Contains(f.LastLog("DEX lost"), "2") {
			t.Errorf("the loss is not logged: %q", f.LastLog("DEX lost"))
		}
		f.Undo()
		if got := f.Get("Yvarre").Stats["DEX"]; got != 15 {
			t.Errorf("undone, DEX %d, want 15", got)
		}
	}
}

// l.553-571: a row's stats the fight keeps not (CHA, STR) are logged for
// the sheet and nothing else changes; row 99 takes 1D3 each of CHA, DEX
// and CON: DEX and CON drop (2 and 3), CHA is logged.
//
// ledger: brp/major-wound-table
func TestBRPMajorWoundRowLosesEachStat(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 99, 80, 1, 3, 2)
	before := f.Get("Yvarre").Stats
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true})
	after := f.Get("Yvarre").Stats
	// Rolled in the order of the stats' names: CHA 1, CON 3, DEX 2.
	if after["DEX"] != before["DEX"]-2 || after["CON"] != before["CON"]-3 {
		t.Errorf("row 99: DEX %d to %d, CON %d to %d (want -2, -3)\n%s", before["DEX"], after["DEX"], before["CON"], after["CON"], logText(f))
	}
	if _, ok := after["CHA"]; ok {
		t.Errorf("CHA, not kept, became a stat: %v", after)
	}
	if !strings.Contains(f.LastLog("CHA lost"), "not kept") {
		t.Errorf("CHA's loss is not logged for the sheet: %q", f.LastLog("CHA lost"))
	}
}

// A saved fight keeps the loss (l.547): resumed, Yvarre's DEX is still 13.
//
// ledger: brp/major-wound-luck
func TestBRPMajorWoundLossKeptInASave(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	fight := engine.NewFight(rs.Ruleset, engine.NewEncounter("loss", rs.Ruleset), dice.NewSource(5))
	var add []engine.NewCombatant
	for _, m := range [][2]string{{"Yvarre", "yvarre"}, {"Archer", "cult_archer"}} {
		c, _ := lib.Creature("brp", m[1])
		add = append(add, engine.FromTemplate(c.Template, m[0]))
	}
	if _, err := fight.Do(engine.Add{Combatants: add}); err != nil {
		t.Fatal(err)
	}
	if _, err := fight.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	y := fight.Current().Combatants[0].ID
	if _, err := fight.Do(engine.Damage{Who: y, Amount: 8, Bare: true}, 5, 80, 2); err != nil {
		t.Fatal(err)
	}
	if got := fight.Current().Combatant(y).Stats["DEX"]; got != 13 {
		t.Fatalf("DEX %d after the loss, want 13", got)
	}
	data, err := saves.Encode(session.Saved{Name: "loss", Fight: fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("loss.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*back.Fight.Current(), *fight.Current()) {
		t.Errorf("resumed, the fight differs")
	}
	if got := back.Fight.Current().Combatant(y).Stats["DEX"]; got != 13 {
		t.Errorf("resumed, DEX %d, want 13", got)
	}
}
