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
	// Its 2 rounds are 2 rolls of hits: round 3's start takes the second
	// (l.1630: "1d5 hits/round for 1d100 rounds").
	h.ToTurnOf("Orc 3")
	before = h.Get("Gavvin").HP
	h.ToTurnOf("Gavvin", 3)
	if n := h.Get("Gavvin").HP; n != before-3 {
		t.Fatalf("the second round of the choking pain: %d hits, was %d, want 3 taken", n, before)
	}
	h.ToTurnOf("Orc 3")
	before = h.Get("Gavvin").HP
	h.ToTurnOf("Gavvin") // round 4: its 2 rounds ran out, with their 2 rolls
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

// A reduction poison's set hits (l.1616-1617): "Great pain (4 hits/round
// until unconscious)", "Bleeding thru the pores (3 hits/round)": the
// poison's own, taken as each round starts, no wound that clots or that
// First Aid stops; the great pain ends as its holder falls unconscious.
// ledger: pathmaster/poison-reduction
func TestReductionPoisonSetHits(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_great_pain"})
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_pores"})
	before := f.Get("Gavvin").HP
	f.ToTurnOf("Orc 3")
	f.ToTurnOf("Gavvin")
	c := f.Get("Gavvin")
	if c.HP != before-7 || len(c.Wounds) != 0 {
		t.Fatalf("a round of great pain and bleeding pores: %d hits (was %d, want 7 taken), wounds %+v", c.HP, before, c.Wounds)
	}
	if line := f.LastLog("Poison's great pain"); line != "Gavvin: Poison's great pain: 4 Hits" {
		t.Errorf("the log: %q", line)
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "unconscious"})
	if c := f.Get("Gavvin"); c.Has("poison_great_pain") || !c.Has("poison_pores") {
		t.Errorf("unconscious: great pain %v (want gone), pores %v (want kept)", c.Has("poison_great_pain"), c.Has("poison_pores"))
	}
}

// A poison's penalties for its duration (l.1559-1560, 1571, 1590, 1592,
// 1603-1605, 1628-1630) are the poison's own: they count on every roll
// that takes the penalty and toward -100 (l.1442), they are no critical
// injury First Aid could brace, and they go when the GM takes the poison
// away.
// ledger: pathmaster/poison-circulatory pathmaster/poison-nerve pathmaster/poison-conversion
// ledger: pathmaster/poison-muscle pathmaster/poison-respiratory
func TestPoisonPenalties(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	for _, c := range []struct {
		id   string
		want int
	}{
		{"poison_drowsy", -40}, {"poison_uncoordinated", -45}, {"poison_queasy", -20},
		{"poison_pain", -10}, {"poison_coordination", -30}, {"poison_nerve_mild", -30}, {"poison_nerve_shock", -75}, {"poison_euphoria", -20},
		{"poison_euphoria_deep", -50},
	} {
		f.Must(engine.GiveCondition{Who: g, Condition: c.id})
		if p := engine.Penalty(rs, f.Get("Gavvin")); p != c.want {
			t.Errorf("%s: penalty %d, want %d", c.id, p, c.want)
		}
		f.Must(engine.TakeCondition{Who: g, Condition: c.id})
	}
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_drowsy"})
	f.Refuse(engine.FirstAid{Who: g, Treat: engine.TreatInjury}, "injur")
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_stroke"})
	if c := f.Get("Gavvin"); !c.Has("unconscious") {
		t.Errorf("a stroke (-100) with -40 more: penalty %d, not out", engine.Penalty(rs, c))
	}
}

// A respiratory poison's coughing, "1d10 hits/round for 1d10 rounds"
// (l.1631): rounds of it are rolls of its hits, 3 rounds 3 rolls, given
// mid-round the first with the next round's start.
// ledger: pathmaster/poison-respiratory
func TestPoisonCoughingHitsEachOfItsRounds(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "poison_coughing"}, 3) // 1d10 rounds: 3
	for f.Current().Round < 6 {
		if _, err := f.Do(engine.Next{}, 5); err != nil { // each round's 1d10: 5
			f.Must(engine.Next{})
		}
	}
	if hp := f.Get("Gavvin").HP; hp != 72-3*5 {
		t.Errorf("3 rounds of coughing at 5 a round: %d hits left, want %d", hp, 72-15)
	}
	if f.Get("Gavvin").Has("poison_coughing") {
		t.Error("the coughing outlasted its 3 rounds")
	}
}
