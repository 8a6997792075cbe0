package content_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/export"
	"fray/playerview"
	"fray/saves"
	"fray/session"
)

// playersLog is the fight's log as fray export --player gives it.
func playersLog(t *testing.T, f *engine.Fight) string {
	t.Helper()
	var b bytes.Buffer
	if err := export.Write(&b, "Vault", f, "md", export.Options{Player: true}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// l.21-25: "The gamemaster is not required to state how nonplayer
// characters will act in a round ... if there's no way for the players to
// know what the nonplayer characters are going to do, their actions remain
// unknown until they act." A foe's statement (the Cultist's power, 4
// points) is kept from the players' log as its rolls are, undone or saved
// and resumed alike; the hero's own is theirs. Where the GM shows the foes'
// rolls (P), the foe's statements are read too: the fair play of physical
// intentions the book speaks of.
// ledger: brp/npc-statements
func TestBRPFoeStatementsKeptFromThePlayers(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Hero", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 15, "INT": 12}},
		{Name: "Cultist", HP: 20, Stats: map[string]int{"DEX": 12, "INT": 16, "POW": 14}}}})
	f.Must(engine.Start{})
	for _, e := range f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "power", Amount: 4}) {
		if e.Private == "" {
			t.Errorf("the players read the foe's statement: %q", f.Lines([]engine.Event{e})[0])
		}
	}
	f.Must(engine.Declare{Who: f.ID("Hero"), Declaration: "move_full"})
	if log := playersLog(t, f.Fight); strings.Contains(log, "Cultist declares") || strings.Contains(log, "Uses a power") ||
		!strings.Contains(log, "Hero declares") {
		t.Errorf("the players' log:\n%s", log)
	}
	f.Must(engine.Undeclare{Who: f.ID("Cultist"), Declaration: "power"})
	if log := playersLog(t, f.Fight); strings.Contains(log, "Cultist") && strings.Contains(log, "power") {
		t.Errorf("the foe's statement taken back reaches the players:\n%s", log)
	}
	f.Undo()
	data, err := saves.Encode(session.Saved{Name: "vault", Fight: f.Fight, Source: dice.NewSource(5), Hash: "h"}.Snapshot(),
		time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("vault.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs, "h", true })
	if err != nil {
		t.Fatal(err)
	}
	if log := playersLog(t, back.Fight); strings.Contains(log, "Cultist declares") {
		t.Errorf("resumed, the players read the foe's statement:\n%s", log)
	}
	f.Must(engine.View{Setting: engine.ViewFoeRolls})
	f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "extra", Amount: 1})
	if log := playersLog(t, f.Fight); !strings.Contains(log, "Cultist declares") || strings.Contains(log, "Uses a power") {
		t.Errorf("the foes' rolls shown, the statement made then is theirs, the one before still kept:\n%s", log)
	}
}

// l.21-25: a foe's statement is kept until it acts; as the statements end,
// the actions it gives up for it would name it ("Cultist gives up 1 of 1
// action this round (Uses a power)"): that line is kept as the statement
// is. The hero's own stays the players'.
// ledger: brp/npc-statements
func TestBRPFoeStatementsKeptAtTheStatementsEnd(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Hero", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 15, "INT": 12, "POW": 14}},
		{Name: "Cultist", HP: 20, Stats: map[string]int{"DEX": 12, "INT": 16, "POW": 14}}}})
	f.Must(engine.Start{})
	f.Must(engine.Declare{Who: f.ID("Hero"), Declaration: "power", Amount: 2})
	f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "power", Amount: 4})
	for range 4 {
		if rs.RoundPhases()[f.Current().Phase].ID != "statements" {
			break
		}
		f.Must(engine.Next{})
	}
	if !strings.Contains(f.LogText(), "Cultist gives up") {
		t.Fatalf("the statements have not ended:\n%s", f.LogText())
	}
	if log := playersLog(t, f.Fight); strings.Contains(log, "Cultist gives up") || !strings.Contains(log, "Hero gives up") {
		t.Errorf("the statements ended, the players' log:\n%s", log)
	}
}

// l.21-25: "their actions remain unknown until they act". The order the
// players read is the order their statements leave, not the foes': a foe
// that stated a full move or a defensive round (no attack) keeps its place
// in it, and one that stated an extra action (5 ranks later, l.103) stays
// on its DEX rank, on the screen of fray watch and in the log, after an
// undo and in a fight saved and resumed. The GM's order has them as they
// stated.
// ledger: brp/npc-statements
func TestBRPFoeStatementsLeaveThePlayersOrder(t *testing.T) {
	rs := brpRules(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Hero", HP: 20, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 14}},
		{Name: "Archer", HP: 20, Stats: map[string]int{"DEX": 13}},
		{Name: "Sentry", HP: 20, Stats: map[string]int{"DEX": 12}},
		{Name: "Cultist", HP: 20, Stats: map[string]int{"DEX": 11}},
		{Name: "Zealot", HP: 20, Stats: map[string]int{"DEX": 10}},
		{Name: "Guard", HP: 20, Stats: map[string]int{"DEX": 9}}}})
	f.Must(engine.Start{})
	f.Must(engine.Declare{Who: f.ID("Archer"), Declaration: "extra", Amount: 1})
	f.Must(engine.Declare{Who: f.ID("Cultist"), Declaration: "defensive"})
	f.Must(engine.Declare{Who: f.ID("Zealot"), Declaration: "move_full"})
	for range 10 {
		if rs.RoundPhases()[f.Current().Phase].ID == "action" {
			break
		}
		f.Must(engine.Next{})
	}
	const before = "Order: Hero 14, Archer, Sentry, Cultist, Zealot, Guard"
	orders := func(log string) []string {
		var out []string
		for _, l := range strings.Split(log, "\n") {
			if i := strings.Index(l, "Order: "); i >= 0 {
				out = append(out, strings.TrimSpace(l[i:]))
			}
		}
		return out
	}
	if got := orders(f.LogText()); len(got) != 2 || got[1] != "Order: Hero 14, Sentry 12, Guard 9, Archer 8" {
		t.Fatalf("the GM's orders: %q", got)
	}
	check := func(when string, f *engine.Fight) {
		t.Helper()
		if got := orders(playersLog(t, f)); len(got) != 2 || got[0] != before || got[1] != before {
			t.Errorf("%s, the players' orders: %q, want %q twice", when, got, before)
		}
		s := ansi.Strip(playerview.Render(playerview.Screen{Name: "Vault", Rules: rs, Enc: f.Current(), Log: f.Log(),
			Width: 100, Height: 40, Styles: playerview.NewStyles(true, true)}))
		at := -1
		for _, n := range []string{"Hero", "Archer", "Sentry", "Cultist", "Zealot", "Guard"} {
			i := strings.Index(s, "  "+n+" ")
			if i <= at {
				t.Errorf("%s, the players' screen does not have %s after the one before it:\n%s", when, n, s)
				return
			}
			at = i
		}
	}
	check("the statements over", f.Fight)
	f.Must(engine.Next{})
	f.Undo()
	check("a step undone", f.Fight)
	data, err := saves.Encode(session.Saved{Name: "vault", Fight: f.Fight, Source: dice.NewSource(5), Hash: "h"}.Snapshot(),
		time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("vault.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs, "h", true })
	if err != nil {
		t.Fatal(err)
	}
	check("saved and resumed", back.Fight)
}
