package content_test

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
)

// The book's combat example (brp.md l.649-707) played through the tracker
// with the book's dice. Yvarre as the book has her: 17 HP, First Aid 47%,
// a soft leather tunic (AV 1). Where the book's own arithmetic is off, the
// rule is followed and the line named:
//   - l.673 counts four rounds of shock on 5 HP; l.541 says as many rounds as
//     hit points left: five.
//   - l.681 leaves her at 2 HP after a fall of 5 less the Jump's 3; 5 - 2 is
//     3, so she does not fall unconscious at 2 HP (l.683) but stays in shock,
//     and every total after it is one more than the book's (l.695: 8, not 7;
//     l.699: 10, not 9; l.707: 14, not 13).
//
// ledger: brp/armour-value brp/first-aid-fumble brp/first-aid-heals brp/major-wound-threshold brp/major-wound-table
// ledger: brp/major-wound-shock brp/major-wound-luck brp/wounds-kept-apart
func TestBRPYvarreExample(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("brp")
	from := func(creature, name string) engine.NewCombatant {
		c, ok := lib.Creature("brp", creature)
		if !ok {
			t.Fatalf("no creature %s", creature)
		}
		n := engine.FromTemplate(c.Template, name)
		n.Stats = maps.Clone(n.Stats)
		return n
	}
	yv := from("yvarre", "Yvarre")
	yv.HP, yv.Stats["first_aid"] = 17, 47
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{yv, from("serpent_priest", "Priest"), from("cult_archer", "Archer"),
		from("kallistor", "Kallistor")}})
	f.Must(engine.Start{})
	y, priest, archer, kal := f.ID("Yvarre"), f.ID("Priest"), f.ID("Archer"), f.ID("Kallistor")
	hp := func(line string, want int) {
		t.Helper()
		if got := f.Get("Yvarre").HP; got != want {
			t.Fatalf("%s: Yvarre has %d HP, want %d\n%s", line, got, want, logText(f))
		}
	}

	// First round (l.649-651): the priest's thrown dagger hits (a success:
	// 30 on 40%), 1D4+2+1D2 rolls 4, the lowest; her tunic takes 1 off.
	onRank(t, f, "Priest")
	f.Must(engine.Blow{Who: priest, Blow: "attack", Foes: []int{y}, Weapon: 1}, 30, 1, 1)
	hp("l.651", 14)
	if got := f.LastLog("Yvarre's AV"); !strings.Contains(got, "AV 1 takes 1 off 4: 3 gets through") {
		t.Errorf("the dagger through the tunic: %q", got)
	}

	// Second round (l.657-661): her First Aid, 47%, rolls 99: a fumble, 1 HP.
	toRound(t, f, 2)
	f.Must(engine.FirstAid{Who: y, Treat: engine.TreatHits}, 99)
	hp("l.661", 13)

	// Third round (l.671-673): the archer's 43 hits, 1D8+1 rolls 9, less 1:
	// 8 of 17 is a major wound (as the example counts it); the table's 27
	// is the arm; the Luck roll succeeds; shock for as many rounds as HP left.
	toRound(t, f, 3)
	// The Luck roll (POW 11 x 5) is rolled as the wound lands (l.547: at once).
	onRank(t, f, "Archer")
	f.Must(engine.Blow{Who: archer, Blow: "attack", Foes: []int{y}}, 43, 8, 27, 30)
	hp("l.671", 5)
	log := logText(f)
	for _, want := range []string{
		"Yvarre: a hit of 8 is a Major wound (8 or more)",
		"Yvarre Major wound: d100: [27] = 27",
		"Yvarre (Major wound): Arm, hand or thigh muscle cut away",
		"Yvarre: Luck roll: d100: [30] = 30 vs 55 or less: Lucky",
		"Yvarre has a Major wound for 5 rounds", // l.541, not l.673's four
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}

	// Fourth round (l.679-683): the second arrow misses; the fall's 2D6 is 5,
	// the Jump's 1D6 saves 3: 2 taken (the GM types it, through the tunic:
	// the book takes no armour off the fall), 3 HP left.
	toRound(t, f, 4)
	onRank(t, f, "Archer")
	f.Must(engine.Blow{Who: archer, Blow: "attack", Foes: []int{y}}, 80)
	hp("l.679", 5)
	f.Must(engine.Damage{Who: y, Amount: 2, Bare: true})
	hp("l.681 (the book: 2)", 3)
	if c := f.Get("Yvarre"); c.Has("unconscious") || c.Has("half_lost") || !c.Has("major_wound") {
		t.Errorf("at 3 HP in shock, minor wounds 6 of 17: %+v", c.Conditions)
	}

	// The shock runs for the hit points she has now (l.541): 3 after the
	// fall in the fourth round (the book's 2 knocks her out at once), so
	// she falls unconscious as the sixth ends.
	if got := f.LastLog("Major wound:"); !strings.Contains(got, "no more than 3 now") {
		t.Errorf("the fall does not cut the shock to 3 rounds: %q", got)
	}
	toRound(t, f, 6)
	if f.Get("Yvarre").Has("unconscious") {
		t.Errorf("unconscious before her three rounds of shock ran out")
	}
	toRound(t, f, 7)
	if !f.Get("Yvarre").Has("unconscious") || !strings.Contains(logText(f), "Round 6 begins") ||
		!strings.Contains(logText(f)[strings.Index(logText(f), "Round 6 begins"):], "Yvarre is Unconscious\nRound 6 ends") {
		t.Errorf("not unconscious in round 6, when her three rounds of shock ran out:\n%s", logText(f))
	}

	// Sixth round and after (l.691-707): Healing 1 restores 3 (the GM's h; the
	// power points it costs are kept on paper: power-points);
	// Kallistor's First Aid on the arrow wound heals 2; Yvarre's own on the
	// fall's bruising 2; Kallistor's on the dagger wound fails; Healing 2
	// restores 4.
	// The wounds are kept apart (l.521): 1 the dagger's 3 and the fumble's 1
	// (the wound made wider, l.659), 2 the arrow's 8, 3 the fall's 2.
	f.Must(engine.Heal{Who: y, Amount: 3, Wound: 1}) // on the knife wound
	hp("l.691 (the book: 5)", 6)
	f.Must(engine.TakeCondition{Who: y, Condition: "unconscious"})                         // the GM rules her conscious (l.691)
	f.Must(engine.FirstAid{Who: y, Healer: kal, Treat: engine.TreatHits, Wound: 1}, 25, 2) // the arrow wound
	hp("l.695 (the book: 7)", 8)
	f.Must(engine.FirstAid{Who: y, Treat: engine.TreatHits, Wound: 2}, 30, 2) // the fall's bruising: erased
	hp("l.699 (the book: 9)", 10)
	f.Must(engine.FirstAid{Who: y, Healer: kal, Treat: engine.TreatHits, Wound: 0}, 70) // the dagger wound
	hp("l.703", 10)
	if got := f.LastLog("First Aid on Yvarre"); got != "First Aid on Yvarre fails (70, needs 40 or less)" {
		t.Errorf("Kallistor's First Aid, 40%%, rolls 70: %q", got)
	}
	f.Must(engine.Heal{Who: y, Amount: 4, Wound: 2}) // Healing 2 on the arrow wound
	hp("l.707 (the book: 13)", 14)
	// l.709: the dagger wound lacks 1 (a week's healing), the arrow wound 2
	// (up to two weeks), the fall's is gone.
	var left []int
	for _, h := range f.Get("Yvarre").Harms {
		left = append(left, h.Left)
	}
	if fmt.Sprint(left) != "[1 2 0]" {
		t.Errorf("the wounds kept apart lack %v, want [1 2 0] (dagger, arrow, fall)", left)
	}
}
