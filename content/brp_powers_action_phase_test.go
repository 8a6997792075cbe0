package content_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// brpPowersInActionOption is the GM's copy of brp.toml for the option of
// powers in the action phase, made as docs/rulesets/brp.md says: the power
// keeps one action and places it on the INT rank (rank = "INT"), the powers
// phase is one step (order "once": last round's slow powers go off there),
// and the order's ties compare the other characteristic first.
func brpPowersInActionOption(t *testing.T) (*content.Library, *rules.Ruleset) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("rulesets", "brp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, e := range [][2]string{
		{"# l.57: the power is the round's action: its DEX ranks are given up.\nlose = \"all\"",
			"lose = \"keep_one\"\nrank = \"INT\""},
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
	lib, probs := content.Load(dir)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, ok := lib.Ruleset("brp")
	if !ok {
		t.Fatal("no brp")
	}
	return lib, rs.Ruleset
}

// l.63 (option): "in the action phase, INT ranks and DEX ranks occur
// side-by-side, combining both countdowns ... a power goes on the INT rank,
// a physical action on the DEX rank. Ties are resolved using the other
// characteristic (if INT is tied, the higher DEX goes first)". A caster of
// INT 14, DEX 10 acts at 14, before a fighter of DEX 12; two casters on INT
// 14 go by DEX (11 before 10); a caster on INT 12 against fighters on DEX
// 12 goes by its DEX against their INT (9: after INT 10, before INT 8). The
// powers phase is one step; the power points are spent as the power's step
// is done. Saved and resumed in the countdown, the order stands.
//
// ledger: brp/powers-in-action-phase
func TestBRPPowersInTheActionPhaseOption(t *testing.T) {
	_, rs := brpPowersInActionOption(t)
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Mage", HP: 10, Stats: map[string]int{"INT": 14, "DEX": 10, "POW": 10}},
		{Name: "Quick", HP: 10, Stats: map[string]int{"INT": 14, "DEX": 11, "POW": 10}},
		{Name: "Fighter", HP: 10, Stats: map[string]int{"INT": 10, "DEX": 12}},
		{Name: "Sage", HP: 10, Stats: map[string]int{"INT": 12, "DEX": 9, "POW": 10}},
		{Name: "Brute", HP: 10, Stats: map[string]int{"INT": 8, "DEX": 12}},
		{Name: "Slow", HP: 10, Stats: map[string]int{"INT": 10, "DEX": 8}}}})
	f.Must(engine.Start{})
	for _, who := range []string{"Mage", "Quick", "Sage"} {
		f.Must(engine.Declare{Who: f.ID(who), Declaration: "power", Amount: 2})
	}
	var steps []string
	for f.Current().Round == 1 {
		ph := rs.RoundPhases()[f.Current().Phase].ID
		if ph != "statements" {
			steps = append(steps, where(rs, f.Current()))
		}
		if ph == "action" && f.Current().Cur.Who == f.ID("Fighter") {
			if got := f.Get("Mage").Pools["pp"]; got != 8 {
				t.Errorf("Mage's power done at 14: %d power points, want 8\n%s", got, logText(f))
			}
			if got := f.Get("Sage").Pools["pp"]; got != 10 {
				t.Errorf("Sage's power still to come at 12: %d power points, want 10", got)
			}
			resumeSame(t, f, rs)
		}
		f.Next()
	}
	checkSteps(t, steps, []string{"r1 powers", "r1 action Quick@14", "r1 action Mage@14", "r1 action Fighter@12",
		"r1 action Sage@12", "r1 action Brute@12", "r1 action Slow@8", "r1 resolution"})
	if got := f.Get("Sage").Pools["pp"]; got != 8 {
		t.Errorf("Sage's power done: %d power points, want 8", got)
	}
}

// resumeSame saves the fight and resumes it: the countdown stands.
func resumeSame(t *testing.T, f *enginetest.Fight, rs *rules.Ruleset) {
	t.Helper()
	data, err := saves.Encode(session.Saved{Name: "powers", Fight: f.Fight, Source: dice.NewSource(5), Hash: "h"}.Snapshot(),
		time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("powers.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs, "h", true })
	if err != nil {
		t.Fatal(err)
	}
	enc := back.Fight.Current()
	if got, want := engine.Sequence(rs, enc, enc.Phase), engine.Sequence(rs, f.Current(), f.Current().Phase); !slices.Equal(got, want) ||
		enc.Cur != f.Current().Cur {
		t.Errorf("resumed, the countdown is %v at %v, want %v at %v", got, enc.Cur, want, f.Current().Cur)
	}
}
