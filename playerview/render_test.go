package playerview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

func testRules(t *testing.T) *rules.Ruleset {
	return enginetest.Rules(t, rules.Ruleset{
		ID: "table", Name: "Table", RoundSeconds: 6,
		Order:      rules.OrderRules{Kind: rules.OrderFixed, Initiative: dice.MustParse("1d20")},
		Conditions: []rules.ConditionDef{{ID: "prone", Name: "Prone", Summary: "On the ground: easier to hit up close.", Duration: rules.UntilRemoved}},
	})
}

// table is a fight of the party (Ann, Bob) against Orc 1 and a Lurker,
// who acts first in each round.
func table(t *testing.T) *enginetest.Fight {
	f := enginetest.New(t, testRules(t), dice.NewSource(3))
	add := func(name, side string, init int) engine.NewCombatant {
		return engine.NewCombatant{Name: name, Side: side, HP: 40, Init: &init}
	}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		add("Lurker", "foes", 25), add("Ann", "party", 20), add("Orc 1", "foes", 15), add("Bob", "party", 5)}})
	return f
}

func screenOf(f *enginetest.Fight, w, h int) string {
	return ansi.Strip(Render(Screen{Name: "Bridge", Rules: f.Rules, Enc: f.Current(), Log: f.Log(), Width: w, Height: h, Styles: NewStyles(true, true)}))
}

// A hidden combatant appears nowhere on the players' screen: not in the
// order, the log, the marker or the round; and undo shows it again.
func TestHiddenAppearsNowhere(t *testing.T) {
	f := table(t)
	f.Must(engine.Hide{Who: f.ID("Lurker")})
	f.Must(engine.Start{}) // Lurker acts first
	f.Must(engine.Roll{Who: f.ID("Lurker"), Expr: "1d20", For: "stabs"})
	f.Must(engine.Damage{Who: f.ID("Ann"), Amount: 7})
	f.Must(engine.GiveCondition{Who: f.ID("Ann"), Condition: "prone"})
	s := screenOf(f, 80, 24)
	if strings.Contains(s, "Lurker") {
		t.Errorf("the hidden Lurker is on the players' screen:\n%s", s)
	}
	if strings.Contains(s, "▶") || strings.Contains(s, "Round 1") || !strings.Contains(s, "about to begin") || !strings.Contains(s, "Next up  Ann") {
		t.Errorf("while the Lurker opens the fight, it must look not begun, Ann next:\n%s", s)
	}
	if !strings.Contains(s, "Ann takes 7 (40 -> 33 HP)") || !strings.Contains(s, "33/40") || !strings.Contains(s, "Prone: On the ground") {
		t.Errorf("Ann's wound, hit points and condition (with its meaning) are missing:\n%s", s)
	}
	if n := strings.Count(s, "/40") + strings.Count(s, "unhurt"); n != 3 {
		t.Errorf("%d combatants shown, want the 3 visible:\n%s", n, s)
	}

	// Round 2: the Lurker opens it; the players still see round 1 ending.
	for range 4 {
		f.Must(engine.Next{})
	}
	if a := f.Current().Actor(); a == nil || a.Name != "Lurker" || f.Current().Round != 2 {
		t.Fatalf("the Lurker should open round 2: %+v", f.Current().Cur)
	}
	s = screenOf(f, 80, 24)
	if strings.Contains(s, "Lurker") || !strings.Contains(s, "Round 1") || strings.Contains(s, "Round 2") || strings.Contains(s, "Round 1 ends") || !strings.Contains(s, "▶ Bob") || !strings.Contains(s, "Next up  Ann") {
		t.Errorf("the hidden Lurker's turn shows through (round, marker):\n%s", s)
	}

	// Shown by the GM: there it is; undone: gone again.
	f.Must(engine.Show{Who: f.ID("Lurker")})
	if s = screenOf(f, 80, 24); !strings.Contains(s, "▶ Lurker") || !strings.Contains(s, "Round 2") || !strings.Contains(s, "Lurker comes into view") {
		t.Errorf("the Lurker shown does not act on the players' screen:\n%s", s)
	}
	f.Undo()
	if s = screenOf(f, 80, 24); strings.Contains(s, "Lurker") {
		t.Errorf("undo did not hide the Lurker again:\n%s", s)
	}
}

// Each side's hit points read as the GM chose.
func TestHPModes(t *testing.T) {
	f := table(t)
	f.Must(engine.Start{})
	f.Must(engine.Damage{Who: f.ID("Orc 1"), Amount: 25})
	for _, c := range []struct {
		show       rules.HPShow
		want, gone string
	}{
		{rules.HPExact, "Orc 1     15/40", ""},
		{rules.HPWords, "Orc 1     bloodied", "15/40"},
		{rules.HPBar, "Orc 1     ███░░░░░░░", "15/40"},
		{rules.HPNone, "Orc 1", "15/40"},
	} {
		f.Must(engine.ViewHP{Side: "foes", Show: c.show})
		s := screenOf(f, 80, 24)
		if !strings.Contains(s, c.want) || c.gone != "" && strings.Contains(s, c.gone) || strings.Contains(s, "bloodied") != (c.show == rules.HPWords) {
			t.Errorf("foes as %s: want %q, not %q:\n%s", c.show, c.want, c.gone, s)
		}
		if c.show != rules.HPExact && !strings.Contains(s, "Orc 1 is hurt") {
			t.Errorf("foes as %s: the log should say Orc 1 is hurt, not by how much:\n%s", c.show, s)
		}
		if !strings.Contains(s, "Ann       40/40") {
			t.Errorf("the party's hit points are exact:\n%s", s)
		}
	}
}

// The screen never passes the terminal's size, down to tiny ones.
func TestFitsTheScreen(t *testing.T) {
	f := table(t)
	f.Must(engine.Start{})
	for range 30 {
		f.Must(engine.Damage{Who: f.ID("Ann"), Amount: 1})
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {20, 5}, {200, 60}} {
		s := screenOf(f, size[0], size[1])
		lines := strings.Split(s, "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > size[0] {
				t.Errorf("%dx%d: a line of %d cells: %q", size[0], size[1], ansi.StringWidth(l), l)
			}
		}
	}
}

// In a count of segments, the count the players see is the one of the
// last combatant they saw act, never a hidden one's.
func TestHiddenCountStaysOnTheShown(t *testing.T) {
	lib, _ := content.Load(t.TempDir())
	shelf := lib.Tracker()
	rs, _, _ := shelf.Ruleset("countdown")
	f := enginetest.New(t, rs, dice.NewSource(4))
	var add []engine.NewCombatant
	for _, c := range shelf.Creatures("countdown") {
		add = append(add, engine.NewCombatant{Name: c.Name, Side: c.Side, HP: max(c.HP, 5), Stats: c.Stats})
	}
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	hidden := ""
	for range 40 {
		f.Must(engine.Next{})
		a := f.Current().Actor()
		if a == nil || hidden == "" && (a.Side == engine.PlayersSide || len(a.Name) < 3) {
			continue
		}
		if hidden == "" {
			// The first foe to act after someone else: hide it, and step
			// back to the one before it.
			hidden = a.Name
			f.Undo()
			f.Must(engine.Hide{Who: f.ID(hidden)})
			f.Must(engine.Next{})
			a = f.Current().Actor()
		}
		if a.Name != hidden {
			break
		}
		s := screenOf(f, 80, 24)
		turn := engine.PublicTurn(f.Rules, f.Current())
		shown := f.Current().Entry(turn.Now)
		if strings.Contains(s, hidden) || shown == nil || !strings.Contains(s, narrate.Count(f.Rules, shown.Value)) {
			t.Fatalf("while %s acts hidden the players see it, or a count not the shown one's (%+v):\n%s", hidden, shown, s)
		}
		if mine := f.Current().Entry(f.Current().Cur); mine.Value != shown.Value && strings.Contains(s, narrate.Count(f.Rules, mine.Value)+" ") {
			t.Fatalf("the hidden %s's segment %d shows:\n%s", hidden, mine.Value, s)
		}
		return
	}
	t.Fatalf("no foe acted hidden in 40 steps (hid %q)", hidden)
}
