package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Basic Roleplaying's First Aid and staunching, with the shipped ruleset:
// brp.md l.335-339, 619 and the worked example's fumble (l.657-661).

// A First Aid fumble costs the patient a hit point, no table (l.659):
// Yvarre, First Aid 47%, rolls 99 on her own wound, 14 HP to 13. A
// success heals 1D3 (l.619), and on a bleeding wound it stops the bleeding
// and heals the 1D3 with the same roll.
// ledger: brp/first-aid-fumble brp/first-aid-heals
func TestBRPFirstAidFumbleAndHealing(t *testing.T) {
	y := map[string]int{"first_aid": 47, "CON": 12, "POW": 11, "DEX": 15}
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", hp: 17, stats: y}, {name: "Priest", hp: 12}})
	yv := f.ID("Yvarre")
	f.Must(engine.Damage{Who: yv, Amount: 3})
	f.Must(engine.FirstAid{Who: yv, Treat: engine.TreatHits}, 99)
	if c := f.Get("Yvarre"); c.HP != 13 {
		t.Errorf("a fumbled First Aid: %d HP, want 13", c.HP)
	}
	if got := f.LastLog("First Aid"); got != "First Aid on Yvarre fumbles (99, needs 47 or less): 1 HP lost" {
		t.Errorf("the fumble: %q", got)
	}
	// 97 is a failure, not a fumble (98-00 at 47%).
	f.Must(engine.FirstAid{Who: yv, Treat: engine.TreatHits}, 97)
	if c := f.Get("Yvarre"); c.HP != 13 || !strings.Contains(f.LastLog("First Aid"), "fails (97, needs 47 or less)") {
		t.Errorf("97 on 47%%: %d HP, %q", c.HP, f.LastLog("First Aid"))
	}
	f.Must(engine.FirstAid{Who: yv, Treat: engine.TreatHits}, 30, 2)
	if c := f.Get("Yvarre"); c.HP != 15 || !strings.Contains(logText(f), "First Aid heals Yvarre 2 (13 -> 15 HP; wound 1: 2 left)") {
		t.Errorf("a success heals 1D3 (2): %d HP\n%s", c.HP, logText(f))
	}
	// The wound kept apart: the dagger's 3 and the fumble's 1 (the same
	// wound made wider, l.659), 2 of it healed.
	if h := f.Get("Yvarre").Harms; len(h) != 1 || h[0].Dealt != 4 || h[0].Left != 2 || !h[0].Aided {
		t.Errorf("the wound kept apart: %+v, want 4 dealt, 2 left, aided", h)
	}
	f.Must(engine.Bleed{Who: yv, Rate: 1})
	f.Must(engine.FirstAid{Who: yv}, 10, 3)
	log := logText(f)
	if c := f.Get("Yvarre"); c.HP != 17 || !strings.Contains(log, "First Aid on Yvarre: the wound stops bleeding for good (was 1 a round)\n"+
		"First Aid heals: 1d3: [3] = 3\nFirst Aid heals Yvarre 2 (15 -> 17 HP)") {
		t.Errorf("a bleeding wound treated: stopped and 1D3 healed, up to the most: %d HP\n%s", c.HP, log)
	}
}

// Staunching (l.335): with a hand on the wound, attacks, parries and
// physical actions are Difficult, held shut too; a dodge ends the
// attempt, and a dodge opens a wound held shut, which bleeds again.
// ledger: brp/staunch-limits
func TestBRPStaunchingIsDifficult(t *testing.T) {
	members := []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members, 20, 20, 20, 20)
	k := f.ID("Kallistor")
	f.Must(engine.Bleed{Who: k, Rate: 1})
	f.Must(engine.GiveCondition{Who: k, Condition: "staunching"})
	f.Must(engine.RollCheck{Who: k, Check: "skill"})
	if got := f.LastLog("Skill roll"); !strings.Contains(got, "vs 35 or less (70 - 35)") {
		t.Errorf("a skill roll while staunching is Difficult (70%% to 35%%): %q", got)
	}
	f.Must(engine.RollCheck{Who: k, Check: "parry"})
	if got := f.LastLog("Parry"); !strings.Contains(got, "vs 30 or less (60 - 30)") {
		t.Errorf("a parry while staunching is Difficult (60%% to 30%%): %q", got)
	}

	h, _ := startFight(t, "brp", members, 20)
	k = h.ID("Kallistor")
	h.Must(engine.Bleed{Who: k, Rate: 1})
	h.Must(engine.GiveCondition{Who: k, Condition: "staunching"})
	h.Must(engine.RollCheck{Who: k, Check: "dodge"})
	if c := h.Get("Kallistor"); c.Has("staunching") || !strings.Contains(logText(h), "Kallistor is no longer Staunching (ended by a Dodge)") {
		t.Errorf("a dodge ends the staunching:\n%s", logText(h))
	}

	g, _ := startFight(t, "brp", members, 20)
	k = g.ID("Kallistor")
	g.Must(engine.Bleed{Who: k, Rate: 1})
	g.Must(engine.GiveCondition{Who: k, Condition: "held_shut"})
	toRound(t, g, 3)
	hp := g.Get("Kallistor").HP
	g.Must(engine.RollCheck{Who: k, Check: "dodge"})
	if g.Get("Kallistor").Has("held_shut") {
		t.Fatalf("a dodge opens a wound held shut:\n%s", logText(g))
	}
	toRound(t, g, 4)
	if c := g.Get("Kallistor"); c.HP != hp-1 {
		t.Errorf("opened in round 3, it bleeds at rank 1: %d HP, want %d\n%s", c.HP, hp-1, logText(g))
	}
}

// A failed First Aid leaves the wound bleeding until other medical
// attention (l.337): a second First Aid on it is refused, and it bleeds on.
// ledger: brp/first-aid-failure
func TestBRPFirstAidFailsOnce(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}})
	g := f.ID("Guard")
	f.Must(engine.Bleed{Who: g, Rate: 1})
	f.Must(engine.FirstAid{Who: g, Healer: f.ID("Kallistor")}, 90)
	f.Refuse(engine.FirstAid{Who: g, Healer: f.ID("Kallistor")}, "First Aid failed on it; only other medical attention stops it now")
	f.Refuse(engine.FirstAid{Who: g}, "First Aid failed on it")
	toRound(t, f, 3)
	if c := f.Get("Guard"); c.HP != c.MaxHP-1 || len(c.Wounds) != 1 {
		t.Errorf("the wound bleeds on: %d/%d HP, %v", c.HP, c.MaxHP, c.Wounds)
	}
}

// A healer gives First Aid only while it can act (l.575: one with a fatal
// wound can take no action of any type; unconscious, it acts not at all):
// the gate is asked for the healer, and the patient may be out.
// ledger: brp/fatal-no-defence
func TestBRPFirstAidNeedsAHealerWhoCanAct(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Kallistor", creature: "kallistor"}}
	f, _ := startFight(t, "brp", members)
	y, k := f.ID("Yvarre"), f.ID("Kallistor")
	f.Must(engine.Damage{Who: y, Amount: 12, Bare: true}) // 1 HP: knocked out
	if !f.Get("Yvarre").Has("unconscious") {
		t.Fatalf("at 1 HP: %+v", f.Get("Yvarre").Conditions)
	}
	if _, err := f.Do(engine.FirstAid{Who: y, Treat: engine.TreatHits}, 10, 2); err == nil ||
		!strings.Contains(err.Error(), "Yvarre is Unconscious") {
		t.Errorf("an unconscious Yvarre treats herself: %v\n%s", err, logText(f))
	}
	f.Must(engine.GiveCondition{Who: k, Condition: "unconscious"})
	if _, err := f.Do(engine.FirstAid{Who: y, Healer: k, Treat: engine.TreatHits}, 10, 2); err == nil ||
		!strings.Contains(err.Error(), "Kallistor is Unconscious") {
		t.Errorf("an unconscious Kallistor treats Yvarre: %v\n%s", err, logText(f))
	}
	f.Must(engine.TakeCondition{Who: k, Condition: "unconscious"})
	f.Must(engine.FirstAid{Who: y, Healer: k, Treat: engine.TreatHits}, 10, 2)
	if got := f.Get("Yvarre").HP; got != 3 {
		t.Errorf("Kallistor awake heals 2: %d HP, want 3", got)
	}
}

// First Aid is a skill roll (l.337, 619, 659): d100 at or under the
// healer's First Aid, shown as any skill roll is, the d100 against the
// skill and its level; its success and its fumble are the roll's levels
// (99 at 47% a fumble, 05 a success). The check is First Aid's own: g
// does not roll it on its own, where it would treat nothing.
// ledger: brp/first-aid-stops-bleeding brp/first-aid-fumble
func TestBRPFirstAidIsASkillRoll(t *testing.T) {
	y := map[string]int{"first_aid": 47, "CON": 12, "POW": 11, "DEX": 15}
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", hp: 17, stats: y}, {name: "Priest", hp: 12}})
	yv := f.ID("Yvarre")
	f.Must(engine.Bleed{Who: yv, Rate: 1})
	f.Must(engine.FirstAid{Who: yv}, 70)
	log := logText(f)
	if !strings.Contains(log, "Yvarre: First Aid: d100: [70] = 70 vs 47 or less: Failure") || strings.Contains(log, "first_aid - d100") {
		t.Errorf("a failed First Aid: want the d100 against the skill and its level\n%s", log)
	}
	g, _ := startFight(t, "brp", []member{{name: "Yvarre", hp: 17, stats: y}, {name: "Priest", hp: 12}})
	yv = g.ID("Yvarre")
	g.Must(engine.Bleed{Who: yv, Rate: 1})
	g.Must(engine.FirstAid{Who: yv}, 2)
	log = logText(g)
	if !strings.Contains(log, "Yvarre: First Aid: d100: [2] = 2 vs 47 or less: Critical success") ||
		!strings.Contains(log, "the wound stops bleeding for good") {
		t.Errorf("a critical First Aid on a bleeding wound: the level shown, the bleeding stopped\n%s", log)
	}
	if _, err := g.Do(engine.RollCheck{Who: yv, Check: "first_aid"}); err == nil {
		t.Errorf("g rolled First Aid's check on its own, treating nothing")
	}
}

// l.619: "A successful First Aid roll immediately restores 1D3 hit points
// per wound or injury"; l.337: on a bleeding wound the same roll stops the
// bleeding. Yvarre takes 6 from a blow that cuts a vein: First Aid on the
// bleeding stops it and heals its 1D3 (2) on that wound, and a second
// First Aid on the same wound heals nothing more: refused, as a wound
// healed once. A second wound of another round still takes its own.
// ledger: brp/first-aid-heals
func TestBRPFirstAidOncePerWoundBleedingOrNot(t *testing.T) {
	y := map[string]int{"first_aid": 47, "CON": 12, "POW": 11, "DEX": 15}
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", hp: 17, stats: y}, {name: "Priest", hp: 12}})
	yv := f.ID("Yvarre")
	f.Must(engine.Damage{Who: yv, Amount: 6})
	f.Must(engine.Bleed{Who: yv, Rate: 1})
	f.Must(engine.FirstAid{Who: yv}, 10, 2)
	if c := f.Get("Yvarre"); c.HP != 13 || len(c.Harms) != 1 || !c.Harms[0].Aided || c.Harms[0].Left != 4 {
		t.Fatalf("the bleeding treated: %d HP, wounds %+v; want 13 HP, wound 1 aided with 4 left", c.HP, c.Harms)
	}
	f.Refuse(engine.FirstAid{Who: yv, Treat: engine.TreatHits}, "First Aid has healed it once")
	f.Must(engine.Next{})
	f.Must(engine.Damage{Who: yv, Amount: 3})
	f.Must(engine.FirstAid{Who: yv, Treat: engine.TreatHits, Wound: 1}, 20, 3)
	if c := f.Get("Yvarre"); c.HP != 13 || !c.Harms[1].Aided {
		t.Errorf("the second wound's own First Aid: %d HP, wounds %+v; want 13 HP, wound 2 aided", c.HP, c.Harms)
	}
}
