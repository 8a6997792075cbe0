package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/session"
)

// l.63 (option), from the keys: with the GM's copy of brp.toml that plays
// powers in the action phase (docs/rulesets/brp.md), Ann (INT 14, DEX 10)
// states a power with D; one n for each statement and one for the powers
// phase bring the DEX countdown, where Ann acts at 14 before Bob's DEX 12,
// and her 2 power points go as her step is done.
//
// ledger: brp/powers-in-action-phase
func TestBRPPowersInTheActionPhaseFromTheKeys(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "content", "rulesets", "brp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, e := range [][2]string{
		{"# l.57: the power is the round's action: its DEX ranks are given up.\nlose = \"all\"", "lose = \"keep_one\"\nrank = \"INT\""},
		{"order = \"stat\"\nstat = \"INT\"\ntiebreak = [\"power\", \"POW\"]", "order = \"once\""},
		{"declared = \"power\"\n", ""},
		{"tiebreak = [\"hand_length\", \"hand_skill\"]", "tiebreak = [\"other\", \"hand_length\", \"hand_skill\"]"},
	} {
		if !strings.Contains(text, e[0]) {
			t.Fatalf("brp.toml has no %q", e[0])
		}
		text = strings.Replace(text, e[0], e[1], 1)
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rulesets", "brp.toml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	l, probs := content.Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	lib := l.Tracker()
	rs, hash, _ := lib.Ruleset("brp")
	src := dice.NewSource(7)
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), src)
	for _, cmd := range []engine.Command{engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 12, Stats: map[string]int{"INT": 14, "DEX": 10, "POW": 10}},
		{Name: "Bob", HP: 12, Stats: map[string]int{"INT": 10, "DEX": 12}}}}, engine.Start{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Test", Fight: f, Source: src, Hash: hash, Journal: nopJournal{}})
	m, _ := run(New(lib, newMemStore(), sess, Options{NoColor: true}), tea.WindowSizeMsg{Width: 80, Height: 24})

	m = selectByKeys(t, m, "Ann")
	m, _ = keys(m, "D")
	m = choose(t, m, "Uses a power")
	m, _ = keys(m, "2", "enter")
	m, _ = keys(m, "n", "n", "n") // Bob's and Ann's statements, the powers phase's one step
	log := logOf(m)
	if i, j := strings.LastIndex(log, "Action phase"), strings.LastIndex(log, "Ann acts at rank 14"); i < 0 || j < i {
		t.Fatalf("three n: not Ann at 14 in the action phase:\n%s", log)
	}
	m, _ = keys(m, "n")
	if !strings.Contains(logOf(m), "Ann: Power points 10 -> 8 (Uses a power)") ||
		!strings.HasSuffix(strings.TrimSpace(logOf(m)), "Bob acts at rank 12") {
		t.Errorf("n: Ann's power points not spent, or Bob not next at 12:\n%s", logOf(m))
	}
}
