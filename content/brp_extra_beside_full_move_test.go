package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// l.95: a full move is made "if they perform no actions other than to
// defend themselves (parry or dodge)"; l.103: extra non-combat actions are
// taken on the DEX rank, 5 ranks each; l.111: a disengage is limited to
// dodges, parries and movement. Extra non-combat actions and a statement
// that gives up the round's ranks (a full move, a disengage, fighting
// defensively) refuse one another, whichever is stated first: no rank is
// promised that the round never gives.
// ledger: brp/noncombat-actions
func TestBRPExtraActionsNotBesideAFullMove(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Hero", hp: 12, stats: map[string]int{"DEX": 14}}, {name: "U", hp: 12, stats: map[string]int{"DEX": 9}}})
	hero := f.ID("Hero")
	for _, whole := range []string{"move_full", "disengage", "defensive"} {
		f.Must(engine.Declare{Who: hero, Declaration: whole})
		if _, err := f.Do(engine.Declare{Who: hero, Declaration: "extra", Amount: 1}); err == nil || !strings.Contains(err.Error(), "cannot declare") {
			t.Errorf("Extra non-combat actions after %s: %v, want refused", whole, err)
		}
		f.Must(engine.Undeclare{Who: hero, Declaration: whole})
		f.Must(engine.Declare{Who: hero, Declaration: "extra", Amount: 1})
		if _, err := f.Do(engine.Declare{Who: hero, Declaration: whole}); err == nil || !strings.Contains(err.Error(), "cannot declare") {
			t.Errorf("%s after Extra non-combat actions: %v, want refused", whole, err)
		}
		f.Must(engine.Undeclare{Who: hero, Declaration: "extra"})
	}
	f.Must(engine.Declare{Who: hero, Declaration: "move_half"})
	f.Must(engine.Declare{Who: hero, Declaration: "extra", Amount: 1}) // a rank left to take it on: 7 -> 2
	toPhase(t, f, 2)
	var got []int
	for _, e := range f.Current().Entries {
		if e.Who == hero && !e.Lost {
			got = append(got, e.Value)
		}
	}
	if len(got) != 1 || got[0] != 2 {
		t.Errorf("DEX 14 moving 6-15 m with one extra action acts at %v, want rank 2", got)
	}
}
