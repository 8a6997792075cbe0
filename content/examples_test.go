package content_test

import (
	"strings"
	"testing"

	"fray/content"
	"fray/engine"
	"fray/engine/enginetest"
)

// The example house ruleset the README points GMs to (content/examples)
// loads as a GM's own content with no problem, its lair acts at count 20
// every round and its rockfall every other round's end, and an effect
// given until a save ends on the rolled save.
func TestExampleLairRulesetEventsAndSaveEnds(t *testing.T) {
	lib, probs := content.Load("examples")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	r, ok := lib.Ruleset("lair-skirmish")
	if !ok {
		t.Fatal("the example ruleset does not load")
	}
	f := enginetest.Start(t, r.Ruleset, nil, "Spider", "Hero")
	if f.Actor() != "Spider" {
		t.Fatalf("actor %s", f.Actor())
	}
	f.Must(engine.Command{Op: engine.OpCondition, Who: f.ID("Spider"), Condition: "webbed", Duration: engine.SaveEnds})
	f.Must(engine.Command{Op: engine.OpNext}, 4) // the Spider's turn ends: 4 fails the save
	log := logText(f)
	if !f.Get("Spider").Has("webbed") || !strings.Contains(log, "Spider: Save against Webbed: d20 + agility: [4]") {
		t.Fatalf("the failed save:\n%s", log)
	}
	// The order rolls initiative each round (Spider 20, Hero 3 in the
	// first, seeded): the lair acts as the count reaches 20, before those
	// at 20.
	if !strings.Contains(log, "Lair: the lair stirs: webs lash out, the GM picks a target\nSpider acts at initiative 20\n") {
		t.Errorf("the lair must act at 20, before the Spider at 20:\n%s", log)
	}
	// The save is rolled at the end of each of the Spider's turns until one
	// is made (seeded dice).
	for steps := 0; f.Get("Spider").Has("webbed"); steps++ {
		if steps > 80 {
			t.Fatalf("the save never ends it:\n%s", logText(f))
		}
		f.Next()
	}
	if got := f.LastLog("Webbed"); got != "Spider is no longer Webbed (saved)" || !strings.Contains(f.LastLog("Save against Webbed"), "Made") {
		t.Fatalf("a made save must end it: %q\n%s", got, logText(f))
	}
	for f.Current().Round < 5 {
		f.Next()
	}
	log, _, _ = strings.Cut(logText(f), "Round 5 begins")
	if n := strings.Count(log, "Lair: the lair stirs"); n != 4 {
		t.Errorf("the lair acted %d times in 4 rounds, want 4:\n%s", n, log)
	}
	if n := strings.Count(log, "Rockfall: stones rain"); n != 2 {
		t.Errorf("the roof fell %d times in 4 rounds, want 2 (the ends of rounds 2 and 4):\n%s", n, log)
	}
	if !f.Get("Hero").Has("prone") || !f.Get("Spider").Has("prone") {
		t.Errorf("the rockfall leaves everyone Prone:\n%s", log)
	}
}
