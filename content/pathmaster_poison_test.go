package content_test

import (
	"testing"

	"fray/engine"
)

// Poisons' repeating hits (l.1550-1632): a severe circulatory poison's
// "1d10 hits/round until unconsciousness" (l.1561) and a respiratory
// poison's "choking pain (1d5 hits/round for 1d100 rounds)" (l.1630): the GM
// gives the condition, and each round's start rolls its hits, armour no
// help; the first ends as its holder falls unconscious, the second as its
// rounds run out.
// ledger: pathmaster/poison-circulatory pathmaster/poison-muscle pathmaster/poison-respiratory
func TestPoisonHitsEachRound(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	hp := func() int { return f.Get("Gavvin").HP }
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_hits"})
	before := hp()
	f.ToTurnOf("Orc 3")
	f.ToTurnOf("Gavvin", 7)
	if hp() != before-7 {
		t.Fatalf("a round of a severe poison: %d hits, was %d, want 7 taken", hp(), before)
	}
	if line := f.LastLog("Poison"); line == "" {
		t.Errorf("the poison's hits are not in the log:\n%s", f.LogText())
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "unconscious"})
	if f.Get("Gavvin").Has("poison_hits") {
		t.Errorf("the poison's hits go on after Gavvin fell unconscious")
	}

	h, _ := pm(t)
	h.Must(engine.GiveCondition{Who: g, Condition: "poison_choking"}, 2) // 1d100: 2 rounds
	before = h.Get("Gavvin").HP
	h.ToTurnOf("Orc 3")
	h.ToTurnOf("Gavvin", 4)
	if n := h.Get("Gavvin").HP; n != before-4 {
		t.Fatalf("a round of a poison's choking pain: %d hits, was %d, want 4 taken", n, before)
	}
	h.ToTurnOf("Orc 3")
	before = h.Get("Gavvin").HP
	h.ToTurnOf("Gavvin") // round 3: the 2 rounds ran out as round 2 ended
	if h.Get("Gavvin").Has("poison_choking") {
		t.Errorf("the pain outlasted its 2 rounds")
	}
	if n := h.Get("Gavvin").HP; n != before {
		t.Errorf("the pain hit again after its rounds: %d, was %d", n, before)
	}

	// A muscle poison's pain (l.1591) and a respiratory poison's coughing
	// (l.1631) roll theirs the same way.
	k, _ := pm(t)
	k.Must(engine.GiveCondition{Who: g, Condition: "poison_pain"})
	k.Must(engine.GiveCondition{Who: g, Condition: "poison_coughing"}, 5) // 1d10: 5 rounds
	before = k.Get("Gavvin").HP
	k.ToTurnOf("Orc 3")
	k.ToTurnOf("Gavvin", 9, 3)
	if n := k.Get("Gavvin").HP; n != before-12 {
		t.Errorf("a round of pain and coughing: %d, was %d, want 9 + 3 taken", n, before)
	}
}
