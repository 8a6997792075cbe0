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

// A non-combat action "such as drawing a weapon", combined with combat
// actions, costs 5 DEX ranks (l.103); a fumble's "Drop the weapon being
// used" leaves it on the ground (l.258). Picking it up in a round is stated
// (D, Extra non-combat actions): unstated, readying it (Arm, as A offers it)
// is refused, undone too and in a resumed fight; stated, the swordsman of
// DEX 16 picks it up and strikes at rank 11, not 16.
// ledger: brp/noncombat-actions
func TestBRPPickingUpTheDroppedWeaponCostsRanks(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	sm, cu := f.ID("Swordmaster"), f.ID("Cultist")
	f.Must(engine.Arm{Who: sm, State: rules.FateDropped}) // fumbled: Drop the weapon
	toRound(t, f, 2)
	onRank(t, f, "Swordmaster")
	f.Refuse(engine.Arm{Who: sm}, "Swordmaster's Broadsword is dropped: picking it up in a round needs Extra non-combat actions stated this round (D)")

	rs, _ := shipped(t).Ruleset("brp")
	data, err := saves.Encode(session.Saved{Name: "dropped", Fight: f.Fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("dropped.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Fight.Do(engine.Arm{Who: sm}); err == nil || !strings.Contains(err.Error(), "needs Extra non-combat actions stated") {
		t.Errorf("resumed, the unstated pick-up: %v", err)
	}

	toRound(t, f, 3)
	f.Must(engine.Declare{Who: sm, Declaration: "extra", Amount: 1})
	f.Undo()
	f.Must(engine.Declare{Who: sm, Declaration: "extra", Amount: 1})
	onRank(t, f, "Swordmaster")
	if r := f.Current().Entry(f.Current().Cur).Value; r != 11 {
		t.Errorf("the pick-up stated, the swordsman acts at rank %d, want 11 (16 less 5)", r)
	}
	f.Must(engine.Arm{Who: sm})
	f.Must(engine.Blow{Who: sm, Blow: "attack", Foes: []int{cu}}, 50, 1, 1)
	if got := f.LastLog("Swordmaster strikes"); got == "" {
		t.Errorf("no blow after the pick-up:\n%s", logText(f))
	}
}

// Picking the weapon up is a non-combat action (l.103), and "actions occur
// on your character's DEX ranks" (l.69): stated, it is refused in the
// Statements phase and on another's rank, and made on the picker's own.
// ledger: brp/noncombat-actions
func TestBRPPickUpOnItsOwnRank(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	sm := f.ID("Swordmaster")
	f.Must(engine.Arm{Who: sm, State: rules.FateDropped}) // fumbled: Drop the weapon
	toRound(t, f, 2)
	f.Must(engine.Declare{Who: sm, Declaration: "extra", Amount: 1})
	f.Refuse(engine.Arm{Who: sm}, "Swordmaster picks its Broadsword up on its own rank in the Action phase, not in the Statements phase")
	onRank(t, f, "Cultist")
	f.Refuse(engine.Arm{Who: sm}, "Swordmaster picks its Broadsword up on its own rank: this step is Cultist's")
	onRank(t, f, "Swordmaster")
	f.Must(engine.Arm{Who: sm})
	if w := f.Get("Swordmaster").Weapons[0]; !w.Ready() {
		t.Errorf("picked up on its own rank, the %s is %s", w.Name, w.State)
	}
}
