package content_test

import (
	"reflect"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// l.549: "You should immediately recalculate your character's characteristic
// rolls, hit points, damage modifier, fatigue points, etc. with the new
// characteristic totals"; l.559, 31-40: "Lose 1D3 CON ... and hit points
// may be lowered." Yvarre (CON 12, SIZ 11, 13 HP) takes 8 bare: 5 left,
// row 35, Luck 80 of 55 failed, the 1D3 rolls 2: CON 10, and the hit points
// from CON and SIZ ((CON + SIZ + 1) / 2) come to 11, not 12: her total is
// 12 and 4 are left. Luck made (5), nothing changes; undone, 13 and 5.
//
// ledger: brp/major-wound-aftermath
func TestBRPMajorWoundLostCONLowersTheHitPoints(t *testing.T) {
	for _, c := range []struct {
		luck, max, hp int
	}{{80, 12, 4}, {5, 13, 5}} {
		f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 35, c.luck, 2)
		f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true})
		y := f.Get("Yvarre")
		if y.MaxHP != c.max || y.HP != c.hp {
			t.Errorf("Luck %d on row 31-40 (lose 1D3 CON, rolled 2): %d/%d HP, want %d/%d (l.549)\n%s", c.luck, y.HP, y.MaxHP, c.hp, c.max,
				logText(f))
		}
		if c.max == 13 {
			continue
		}
		f.Undo()
		if y := f.Get("Yvarre"); y.MaxHP != 13 || y.HP != 13 {
			t.Errorf("undone, %d/%d HP, want 13/13", y.HP, y.MaxHP)
		}
	}
}

// A row that takes DEX (01-10) leaves the hit points alone: they come from
// CON and SIZ.
//
// ledger: brp/major-wound-aftermath
func TestBRPMajorWoundLostDEXKeepsTheHitPoints(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 5, 80, 2)
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true})
	if y := f.Get("Yvarre"); y.MaxHP != 13 || y.HP != 5 {
		t.Errorf("DEX lost: %d/%d HP, want 5/13\n%s", y.HP, y.MaxHP, logText(f))
	}
}

// Saved and resumed, the lowered total stays (l.549).
//
// ledger: brp/major-wound-aftermath
func TestBRPMajorWoundLoweredHitPointsKeptInASave(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	fight := engine.NewFight(rs.Ruleset, engine.NewEncounter("hp", rs.Ruleset), dice.NewSource(5))
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
	if _, err := fight.Do(engine.Damage{Who: y, Amount: 8, Bare: true}, 35, 80, 2); err != nil {
		t.Fatal(err)
	}
	data, err := saves.Encode(session.Saved{Name: "hp", Fight: fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("hp.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*back.Fight.Current(), *fight.Current()) {
		t.Errorf("resumed, the fight differs")
	}
	if c := back.Fight.Current().Combatant(y); c.MaxHP != 12 || c.HP != 4 {
		t.Errorf("resumed, %d/%d HP, want 4/12", c.HP, c.MaxHP)
	}
}

// l.543: "A character possessing 2 or fewer hit points after suffering a
// major wound collapses immediately": Yvarre takes 10 (3 left), row 35,
// Luck failed, 2 CON lost: 2 hit points left, knocked out.
//
// ledger: brp/major-wound-aftermath
func TestBRPMajorWoundLostCONToTwoKnocksOut(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 35, 80, 2)
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 10, Bare: true})
	if y := f.Get("Yvarre"); y.HP != 2 || !y.Has("knocked_out") {
		t.Errorf("%d HP, knocked out %v, want 2 and knocked out\n%s", y.HP, y.Has("knocked_out"), logText(f))
	}
}
