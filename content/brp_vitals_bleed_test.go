package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// vitalsFight is BRP with hit locations and two fighters of CON 10
// (Stamina 50, Difficult 25), Ann of 14 HP (a 5-point abdomen, a 6-point
// chest, a 5-point head), in round 1.
func vitalsFight(t *testing.T) (*enginetest.Fight, int) {
	t.Helper()
	f := brpWithLocations(t)
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 14, Stats: map[string]int{"DEX": 12, "CON": 10}}}})
	return f, f.ID("Ann")
}

// The abdomen or the chest at its hit points bleeds 1 a round "if they do
// not make a Stamina roll to stop the bleeding" (l.592), "unless ...
// stopping the bleeding with a successful Stamina roll" (l.593): a plain
// Stamina success stops it for good, not the special's hand held on the
// wound (l.335: Wound held shut, Difficult actions, opened by a dodge).
// The staunching roll is refused with the roll to make; the vital one is
// rolled in g, a success stopping the bleeding as the round ends.
// ledger: brp/abdomen-at-hp brp/chest-at-hp
func TestBRPVitalWoundStaminaStopsTheBleeding(t *testing.T) {
	for _, loc := range []struct {
		id string
		n  int
	}{{"abdomen", 5}, {"chest", 6}} {
		f, a := vitalsFight(t)
		f.Must(engine.Damage{Who: a, Amount: loc.n, Location: loc.id})
		if f.Get("Ann").Bleeding() != 1 {
			t.Fatalf("%d at the %s: bleeds %d", loc.n, loc.id, f.Get("Ann").Bleeding())
		}
		if _, err := f.Do(engine.RollCheck{Who: a, Check: "stamina"}, 10); err == nil ||
			!strings.Contains(err.Error(), "no Stamina roll to staunch") {
			t.Errorf("%s: the staunching Stamina roll for a vital wound: %v", loc.id, err)
		}
		f.Must(engine.RollCheck{Who: a, Check: "stamina_vital"}, 60)
		if !strings.Contains(f.LastLog("Stamina"), "Still bleeding") {
			t.Errorf("%s: 60 on Stamina 50: %s", loc.id, f.LastLog("Stamina"))
		}
		f.Must(engine.RollCheck{Who: a, Check: "stamina_vital"}, 50)
		if c := f.Get("Ann"); c.Has("held_shut") {
			t.Errorf("%s: 50 on Stamina 50 held the wound shut: %+v", loc.id, c.Conditions)
		}
		toRound(t, f, 3)
		if c := f.Get("Ann"); c.Bleeding() != 0 || c.HP != 14-loc.n {
			t.Errorf("%s: stopped on 50: bleeds %d, HP %d\n%s", loc.id, c.Bleeding(), c.HP, logText(f))
		}
	}
}

// The head, chest or abdomen at twice its hit points: unconscious, losing
// 1 a round "unless receiving medical attention or making a successful
// Difficult Stamina roll" (l.600): the plain Stamina rolls (the staunch and
// the vital wound's) are refused, the Difficult one (25 at CON 10) stops it.
// ledger: brp/vitals-twice brp/location-bleed-difficult-stamina
func TestBRPVitalsAtTwiceNeedTheDifficultStamina(t *testing.T) {
	for _, loc := range []struct {
		id string
		n  int
	}{{"head", 10}, {"abdomen", 10}, {"chest", 12}} {
		f, a := vitalsFight(t)
		f.Must(engine.Damage{Who: a, Amount: loc.n, Location: loc.id})
		if c := f.Get("Ann"); !c.Has("unconscious") || c.Bleeding() == 0 {
			t.Fatalf("%d at the %s: %+v, bleeds %d", loc.n, loc.id, c.Conditions, c.Bleeding())
		}
		for _, plain := range []string{"stamina", "stamina_vital"} {
			if _, err := f.Do(engine.RollCheck{Who: a, Check: plain}, 10); err == nil ||
				!strings.Contains(err.Error(), ": no Stamina roll") {
				t.Errorf("%s at twice: %s rolled (%v)", loc.id, plain, err)
			}
		}
		f.Must(engine.RollCheck{Who: a, Check: "stamina_difficult"}, 26)
		f.Must(engine.RollCheck{Who: a, Check: "stamina_difficult"}, 25)
		toRound(t, f, 3)
		if c := f.Get("Ann"); c.Bleeding() != 0 || c.HP != 14-loc.n {
			t.Errorf("%s: stopped on 25: bleeds %d, HP %d\n%s", loc.id, c.Bleeding(), c.HP, logText(f))
		}
	}
}
