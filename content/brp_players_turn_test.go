package content_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/narrate"
	"fray/playerview"
)

// playersScreen is the players' screen (fray watch) as it stands.
func playersScreen(f *enginetest.Fight) string {
	return ansi.Strip(playerview.Render(playerview.Screen{Name: "Vault", Rules: f.Rules, Enc: f.Current(), Log: f.Log(),
		Width: 100, Height: 30, Styles: playerview.NewStyles(true, true)}))
}

// l.53-57: powers go off in the powers phase by INT rank, and one who uses
// a power gives up its DEX ranks this round. The players' screen counts
// the powers phase as the GM does (INT 12, not the caster's DEX rank 15),
// and does not name as next up in the action phase one whose rank was
// given up for a power: the next to act there is the one who will.
// ledger: brp/powers-by-int
func TestBRPPlayersSeeThePowersCountAndTheNextToAct(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Archer", HP: 20, Stats: map[string]int{"DEX": 16, "INT": 10}},
		{Name: "Mage", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 15, "INT": 12, "POW": 14}},
		{Name: "Squire", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 11, "INT": 10}},
		{Name: "Brigand", HP: 20, Stats: map[string]int{"DEX": 9, "INT": 8}}}})
	f.Must(engine.Start{})
	f.Must(engine.Next{}) // the Archer states nothing
	f.Must(engine.Declare{Who: f.ID("Mage"), Declaration: "power", Amount: 2})
	for range 10 {
		if enc := f.Current(); rs.RoundPhases()[enc.Phase].ID == "powers" {
			break
		}
		f.Must(engine.Next{})
	}
	if enc := f.Current(); rs.RoundPhases()[enc.Phase].ID != "powers" || enc.Actor() == nil || enc.Actor().Name != "Mage" {
		t.Fatalf("not at the Mage's power: phase %d, %v", enc.Phase, enc.Actor())
	}
	s := playersScreen(f)
	if head, _, _ := strings.Cut(s, "\n"); !strings.HasSuffix(head, "Round 1 · Powers · INT 12") {
		t.Errorf("the powers phase on the players' screen:\n%s", s)
	}
	f.Must(engine.Next{}) // the action phase: the Archer at 16
	if s := playersScreen(f); !strings.Contains(s, "Now  Archer") || !strings.Contains(s, "Next up  Squire") {
		t.Errorf("the action phase on the players' screen:\n%s", s)
	}
}

// l.103: each extra non-combat action costs 5 DEX ranks. The statement
// reads as what it costs ("-10 ranks"), not as a rank to act at: "(rank
// -10)" read as the rank the fighter would act at.
// ledger: brp/noncombat-actions
func TestBRPExtraActionsReadAsRanksLost(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Squire", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 13}}}})
	f.Must(engine.Start{})
	line := strings.Join(f.Lines(f.Must(engine.Declare{Who: f.ID("Squire"), Declaration: "extra", Amount: 2})), "\n")
	if !strings.Contains(line, "Extra non-combat actions 2 (-10 ranks: rank 13 -> 3)") {
		t.Errorf("the statement: %q", line)
	}
}

// l.73: "any actions that would occur below DEX rank 1 are lost"; l.103:
// each extra non-combat action costs 5 DEX ranks. The statement says what
// it costs and where that leaves the rank, the movement first (l.91):
// three stated at DEX 13 leave rank -2, no action this round; one after
// moving 6-15 m at DEX 16, rank 8 -> 3. The players read a foe's statement
// and its ranks as they read its rolls: not at all, by default.
// ledger: brp/noncombat-actions
func TestBRPExtraActionsSayWhereTheyLeaveTheRank(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Runner", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 16}},
		{Name: "Archer", HP: 20, Stats: map[string]int{"DEX": 13}}}})
	f.Must(engine.Start{})
	line := strings.Join(f.Lines(f.Must(engine.Declare{Who: f.ID("Archer"), Declaration: "extra", Amount: 3})), "\n")
	if !strings.Contains(line, "Extra non-combat actions 3 (-15 ranks: rank 13 -> -2, no action this round)") {
		t.Errorf("three stated at DEX 13: %q", line)
	}
	f.Must(engine.Declare{Who: f.ID("Runner"), Declaration: "move_half"})
	line = strings.Join(f.Lines(f.Must(engine.Declare{Who: f.ID("Runner"), Declaration: "extra", Amount: 1})), "\n")
	if !strings.Contains(line, "Extra non-combat actions 1 (-5 ranks: rank 8 -> 3)") || strings.Contains(line, "no action") {
		t.Errorf("one stated at DEX 16 after a move of 6-15 m: %q", line)
	}
	var public []string
	for _, ev := range f.Log() {
		if s, ok := narrate.Public(rs, f.Current(), ev); ok && strings.Contains(s, "Extra non-combat") {
			public = append(public, s)
		}
	}
	if len(public) != 1 || !strings.Contains(public[0], "Runner") || !strings.Contains(public[0], "rank 8 -> 3") {
		t.Errorf("the players read: %q", public)
	}
}
