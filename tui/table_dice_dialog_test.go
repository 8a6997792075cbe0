package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// Too many faces typed with N: the dialog stays open and says how many the
// roll uses and how many were typed, in the words it uses for too few (not
// "1 face(s) more than the roll uses").
func TestTypedDiceTooManySaysHowMany(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	m, _ = keys(m, "a", "Orc", "enter", "a", "Wolf", "enter")
	m, _ = keys(m, "N", "9 9 1 1 5", "enter")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if m.dlg == nil || !strings.Contains(s, "too many faces: the roll uses 4, 5 typed") || strings.Contains(s, "face(s)") {
		t.Fatalf("too many faces typed:\n%s", screenText(m))
	}
}

// promptSays is what the open prompt says under its input, unwrapped: the
// error, the live line and the hint ("": no prompt open).
func promptSays(m Model) string {
	p, ok := m.dlg.(*prompt)
	if !ok {
		return ""
	}
	live := ""
	if p.live != nil {
		live = p.live(p.input.Value())
	}
	return strings.Join([]string{p.err, live, p.hint}, "\n")
}

func TestTypedDiceStep(t *testing.T) {
	m, st := func() (Model, *memStore) { m, st, _ := newModel(t); return m, st }()
	// A new Pathmaster fight: set up, then start it with dice typed at the table.
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	if m.fight() == nil || m.fight().Rules.ID != "pathmaster" {
		t.Fatalf("new fight: %v %q", m.fight(), m.status.text)
	}
	m, _ = keys(m, "a", "Orc", "enter", "a", "Wolf", "enter")
	// N says which dice, for what, in which order, and counts them as typed.
	m, _ = keys(m, "N")
	for _, want := range []string{"4 dice, Orc initiative (2d10 + QU): d10 d10, Wolf", "0 of 4 typed"} {
		if !strings.Contains(strings.Join(strings.Fields(screenText(m)), " "), want) {
			t.Fatalf("N does not say %q:\n%s", want, screenText(m))
		}
	}
	m, _ = keys(m, "9 9 11")
	if !strings.Contains(promptSays(m), "2 typed; 11 is no face of the next, Wolf initiative (2d10 + QU), d10") {
		t.Fatalf("a face no d10 shows is counted:\n%s", screenText(m))
	}
	m, _ = keys(m, "backspace")
	if !strings.Contains(promptSays(m), "3 of 4 typed; next, Wolf initiative (2d10 + QU), d10") {
		t.Fatalf("the faces typed are not counted:\n%s", screenText(m))
	}
	m, _ = keys(m, "enter")
	if m.fight().Current().Status != engine.StatusSetup || m.dlg == nil ||
		!strings.Contains(promptSays(m), "too few faces: 3 of 4 typed; next, Wolf initiative (2d10 + QU), d10") {
		t.Fatalf("too few faces accepted:\n%s", screenText(m))
	}
	m, _ = keys(m, " 1", "enter")
	enc := m.fight().Current()
	if enc.Status != engine.StatusRunning || combatant(m, "Orc").Init != 23 || combatant(m, "Wolf").Init != 17 {
		t.Fatalf("typed initiative: %s, orc %d wolf %d", enc.Status, combatant(m, "Orc").Init, combatant(m, "Wolf").Init)
	}
	if st.saves == 0 {
		t.Error("not saved")
	}
}

func TestTableDiceMode(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "t")
	if !m.tableDice() || !strings.Contains(screenText(m), "[table dice]") {
		t.Fatal("t did not turn table dice on")
	}
	m, _ = keys(m, "j")
	c := m.fight().Current().Combatant(m.order.sel)
	// A damage roll asks for its two d6 first; a wrong count keeps the prompt open.
	m, _ = keys(m, "d", "2d6", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "damage (2d6): d6 d6") {
		t.Fatalf("no faces prompt:\n%s", screenText(m))
	}
	m, _ = keys(m, "6", "enter")
	if m.dlg == nil || !strings.Contains(promptSays(m), "too few faces: 1 of 2 typed; next, Orc 2 damage (2d6), d6") {
		t.Fatalf("one face accepted for 2d6:\n%s", screenText(m))
	}
	m, _ = keys(m, " 5", "enter")
	if got := combatant(m, c.Name).HP; got != c.MaxHP-11 {
		t.Fatalf("typed 6 5: HP %d, want %d", got, c.MaxHP-11)
	}
	// A step that rolls nothing goes straight through.
	before := actorName(m)
	m, _ = keys(m, "n")
	if actorName(m) == before || m.dlg != nil {
		t.Error("a step without dice asked for faces")
	}
	m, _ = keys(m, "t")
	m, _ = keys(m, "d", "1d4", "enter")
	if m.dlg != nil {
		t.Error("table dice off still asks")
	}
}

// The N prompt names the rolls a step makes, never an outcome guessed
// before a die is typed: a stunned orc's recovery roll is asked for as a
// stun recovery, not as "stays stunned: -44".
// ledger: pathmaster/pain-resistance
func TestTypedDicePromptGuessesNoOutcome(t *testing.T) {
	m, _, _ := demo(t)
	f := m.fight()
	enc := f.Current()
	next := enc.Entries[1].Who
	if _, err := f.Do(engine.Stun{Who: next, Level: "stunned", Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	name := enc.Combatant(next).Name
	m, _ = keys(m, "N")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if !strings.Contains(s, name+" stun recovery (d100oe + PR): d100") {
		t.Fatalf("N does not name the recovery roll:\n%s", screenText(m))
	}
	for _, guess := range []string{"stays stunned", "shrugs off", "eases the stun"} {
		if strings.Contains(s, guess) {
			t.Errorf("N guesses an outcome (%q) before any die is typed:\n%s", guess, screenText(m))
		}
	}
}

// Initiative ties are rolled off only where the faces typed tie them: the
// prompt asks for the initiative dice, and counts a roll-off's dice once
// the faces typed make a tie (l.73-77), never twenty dice for ties the
// untyped dice would make.
// ledger: pathmaster/initiative-roll
func TestTypedDiceRollOffOnlyWhenTied(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight
	m, _ = keys(m, "down", "down", "down", "enter")
	m, _ = keys(m, "ctrl+u", "Ambush", "enter")
	m, _ = keys(m, "a", "Orc", "enter", "a", "Orc", "enter")
	m, _ = keys(m, "N")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if !strings.Contains(s, "0 of 4 typed") || !strings.Contains(s, "more for a roll-off where two") {
		t.Fatalf("N asks for more than the initiative dice:\n%s", screenText(m))
	}
	m, _ = keys(m, "3 4 5 6")
	if s := strings.Join(strings.Fields(screenText(m)), " "); !strings.Contains(s, "4 of 4 typed") {
		t.Fatalf("no tie, yet more dice are asked for:\n%s", screenText(m))
	}
	m, _ = keys(m, "ctrl+u", "3 4 4 3")
	if s := strings.Join(strings.Fields(screenText(m)), " "); !strings.Contains(s, "4 of 6 typed") {
		t.Fatalf("a tie typed: the roll-off's two dice are not asked for:\n%s", screenText(m))
	}
	m, _ = keys(m, " 2 9", "enter")
	if m.dlg != nil || m.fight().Current().Status != engine.StatusRunning {
		t.Fatalf("the roll-off typed: %s", screenText(m))
	}
}

// War & Combat's N counts the initiative dice the step needs, not the
// roll-offs every die would need if each came up lowest: a roll-off is
// counted once the faces typed make the tie. The dialog fits 80x24.
func TestTypedDiceCountOnlyTheRollOffsNeeded(t *testing.T) {
	m, _ := startWith(t, shippedLib, Options{})
	m, _ = keys(m, "down", "down", "down", "down", "enter")
	if m.fight() == nil || m.fight().Rules.ID != "war-and-combat" {
		t.Fatalf("not the War & Combat demo: %q", m.status.text)
	}
	m, _ = keys(m, "N")
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if !strings.Contains(s, "0 of 15 typed") || strings.Contains(s, "roll-off for a tie") || !strings.Contains(s, "more for a roll-off") {
		t.Fatalf("N counts dice not needed:\n%s", screenText(m))
	}
	if !strings.Contains(screenText(m), "esc rolls nothing") {
		t.Errorf("the dialog runs off the screen:\n%s", screenText(m))
	}
	m, _ = keys(m, "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1")
	if s := strings.Join(strings.Fields(screenText(m)), " "); !strings.Contains(s, "15 of 17 typed; the ties typed roll off: Brigand 1 d6, Brigand 2") {
		t.Fatalf("a tie typed asks for its roll-off, both dice:\n%s", screenText(m))
	}
	m, _ = keys(m, " 1 2", "enter")
	if m.dlg != nil || !strings.Contains(logText(m), "roll-off for a tie") {
		t.Fatalf("the roll-off typed:\n%s", screenText(m))
	}
}

// A dialog taller than the window is cut with a mark of what is below, the
// help bar still on the last line.
func TestATallDialogMarksWhatIsBelow(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin", "Orc")
	m.open(newPrompt("A long hint", strings.Repeat("a word of the hint ", 200), "", func(string) (action, error) { return nil, nil }))
	s := screenText(m)
	rows := strings.Split(s, "\n")
	if len(rows) != 24 || !strings.Contains(s, "more lines: a taller window shows them") || !strings.Contains(rows[23], "esc cancel") {
		t.Fatalf("a tall dialog at 80x24:\n%s", s)
	}
}
