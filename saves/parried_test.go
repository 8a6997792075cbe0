package saves

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// A schema 4 save written before the foes parried were kept (its
// combatants hold parries = N and no parried_foes) replays its history:
// the count the replay makes is the count saved, and the foes it names are
// taken, as the marks of what was taken from another are. Its ruleset has
// changed since (the save's hash is another), so opening replays it.
func TestSaveBeforeParriedFoesReplays(t *testing.T) {
	rs, hash, _ := shippedRules("pathmaster")
	src := dice.NewSource(5)
	f := engine.NewFight(rs, engine.NewEncounter("Gate", rs), src)
	var add []engine.NewCombatant
	for i, id := range []string{"gavvin", "orc", "orc"} {
		c, _ := lib.Creature("pathmaster", id)
		init := 30 - 5*i
		add = append(add, engine.NewCombatant{Name: c.Name + string(rune('A'+i)), Template: id, HP: c.HP, Stats: c.Stats, Init: &init})
	}
	for _, s := range []struct {
		cmd   engine.Command
		faces []int
	}{
		{engine.Add{Combatants: add}, nil},
		{engine.Start{}, nil},
		{engine.Allot{Who: 1, Parry: 20}, nil},
		{engine.Next{}, nil}, // the first orc's turn: both orcs attack Gavvin, who parries each
		{engine.RollCheck{Who: 2, Check: "attack", Target: 1, Modifiers: []string{"parry"}}, []int{50}},
		{engine.RollCheck{Who: 3, Check: "attack", Target: 1, Modifiers: []string{"parry"}}, []int{50}},
	} {
		if _, err := f.Do(s.cmd, s.faces...); err != nil {
			t.Fatalf("%s: %v", s.cmd.Op(), err)
		}
	}
	if c := f.Current().Combatant(1); c.Parries != 2 || len(c.ParriedFoes) != 2 {
		t.Fatalf("Gavvin: %d parries, foes %v; want 2 and 2", c.Parries, c.ParriedFoes)
	}
	a := session.Saved{Name: "Gate", Fight: f, Source: src, Hash: hash}
	data, err := Encode(a.Snapshot(), time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	// As the fray before the foes were kept wrote it.
	old := regexp.MustCompile(`\[\[current\.combatants\.parried_foes\]\]\nfoe = \d+\nnth = \d+\n\n`).ReplaceAllString(string(data), "")
	old = strings.Replace(old, `ruleset_hash = "`+hash+`"`, `ruleset_hash = "0000"`, 1)
	if old == string(data) || strings.Contains(old, "parried_foes") || !strings.Contains(old, `ruleset_hash = "0000"`) {
		t.Fatalf("the save was not made old:\n%s", old)
	}
	b, err := Decode("x.toml", resum([]byte(old)), shippedRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range b.Notices {
		if !strings.Contains(n, "has changed since") {
			t.Errorf("notice: %s", n)
		}
	}
	if c := b.Fight.Current().Combatant(1); c.Parries != 2 || len(c.ParriedFoes) != 2 {
		t.Errorf("opened, Gavvin: %d parries, foes %v; want 2 and the two orcs", c.Parries, c.ParriedFoes)
	}
	if !b.Fight.CanUndo() {
		t.Error("no undo in the old save")
	}
}
