package content_test

import (
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// The completely defensive stance is stated (l.13: "You do not need to
// announce defensive actions ... unless you opt for a completely defensive
// stance"): its free dodge (l.137, 407) and the mixing of parries and
// dodges (l.145) are for the one who stated it (D, Fights defensively),
// who makes no attack that round (l.137, 411), on g's check and on A's
// blow alike; undone, the statement takes them back, and a saved fight
// resumes with it.
// ledger: brp/fight-defensively-limits brp/parry-dodge-combine brp/statements-by-dex
func TestBRPDefensiveStanceIsStated(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"},
		{name: "Kallistor", creature: "kallistor"}})
	sm, cu, inv := f.ID("Swordmaster"), f.ID("Cultist"), f.ID("Kallistor")
	free := []string{"defensive"}
	// Nothing stated: no free dodge, on g or as the answer to A's blow.
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: free}, "only for one who declared Fights defensively this round")
	f.Refuse(engine.RollCheck{Who: sm, Check: "parry", Modifiers: free}, "only for one who declared Fights defensively this round")
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	f.Undo()
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: free}, "only for one who declared Fights defensively")
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	// Stated: no attack this round, on g's check or A's blow.
	f.Refuse(engine.RollCheck{Who: sm, Check: "skill", Target: cu}, "Swordmaster fights defensively this round: no")
	f.Refuse(engine.Blow{Who: sm, Blow: "attack", Foes: []int{cu}}, "Swordmaster fights defensively this round")
	// The free dodge as the answer to A's blow is not for one who stated
	// nothing. A parry, then a dodge at a later rank: mixed, the stance
	// stated before any free dodge was taken.
	toPhase(t, f, 2)
	f.ToTurnOf("Kallistor")
	for _, e := range f.Current().Entries {
		if e.Who == sm && !e.Lost {
			t.Errorf("the defensive stance keeps a rank to attack on: %+v", e)
		}
	}
	// Refused before any die, so that the GM picks another answer.
	f.Refuse(engine.Blow{Who: inv, Blow: "attack", Foes: []int{cu}, Answer: "dodge", Guards: free},
		"Cultist: Fighting defensively: free is only for one who declared")
	f.Must(engine.Blow{Who: inv, Blow: "attack", Foes: []int{sm}, Answer: "parry"}, 30, 10)
	f.ToTurnOf("Cultist")
	f.Must(engine.RollCheck{Who: sm, Check: "dodge"}, 90)
	if got := f.LastLog("Swordmaster: Dodge"); !strings.Contains(got, "second defence this round -30") {
		t.Errorf("the dodge after the parry: %q\n%s", got, logText(f))
	}

	// Saved and resumed, the stance holds: still no attack, the mixing
	// still allowed.
	rs, _ := shipped(t).Ruleset("brp")
	data, err := saves.Encode(session.Saved{Name: "stance", Fight: f.Fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("stance.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Fight.Do(engine.RollCheck{Who: sm, Check: "skill", Target: cu}, 10); err == nil ||
		!strings.Contains(err.Error(), "fights defensively this round") {
		t.Errorf("resumed, the stated stance's attack: %v", err)
	}
	if _, err := back.Fight.Do(engine.Next{}); err != nil {
		t.Fatal(err)
	}
	if _, err := back.Fight.Do(engine.RollCheck{Who: sm, Check: "parry"}, 10); err != nil {
		t.Errorf("resumed, a parry at a later rank than the dodge: %v", err)
	}
	// The next round nothing is stated: the free dodge is gone. Stated
	// again, it answers A's blow.
	toRound(t, f, 2)
	f.Refuse(engine.RollCheck{Who: sm, Check: "dodge", Modifiers: free}, "only for one who declared")
	f.Must(engine.Declare{Who: sm, Declaration: "defensive"})
	toPhase(t, f, 2)
	f.ToTurnOf("Kallistor")
	f.Must(engine.Blow{Who: inv, Blow: "attack", Foes: []int{sm}, Answer: "dodge", Guards: free}, 30, 10)
	if got := f.LastLog("Swordmaster: Dodge"); !strings.Contains(got, "Swordmaster: Dodge against Kallistor (Fighting defensively: free)") {
		t.Errorf("the free dodge answering the blow: %q", got)
	}
}
