package content_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// brpEdited is the shipped BRP as a GM's copy with old replaced by new,
// before its fight is started.
func brpEdited(t *testing.T, old, new string, faces ...int) *enginetest.Fight {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("rulesets", "brp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("brp.toml has no %q", old)
	}
	dir := filepath.Join(t.TempDir(), "rulesets")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "brp.toml"), []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, probs := content.Load(filepath.Dir(dir))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, ok := lib.Ruleset("brp")
	if !ok {
		t.Fatal("no brp")
	}
	return enginetest.New(t, rs.Ruleset, dice.Script(faces...))
}

// brpWithLocations is BRP as a GM switches its hit locations on, the way
// docs/rulesets/brp.md says: brp.toml copied to the content directory, locations_on
// set, major_at and major_condition taken out.
func brpWithLocations(t *testing.T, faces ...int) *enginetest.Fight {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("rulesets", "brp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), "locations_on = false", "locations_on = true", 1)
	text = strings.Replace(text, `major_at = "MAX_HP / 2"`, "", 1)
	text = strings.Replace(text, `major_condition = "major_wound"`, "", 1)
	text = strings.Replace(text, `major_above_out = true`, "", 1)
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
	if !ok || !rs.HP.LocationsOn {
		t.Fatal("the GM's brp with hit locations did not replace the shipped one")
	}
	f := enginetest.New(t, rs.Ruleset, dice.Script(faces...))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Yvarre", HP: 14, Stats: map[string]int{"DEX": 14}}, {Name: "Bandit", HP: 8, Stats: map[string]int{"DEX": 10}}}})
	f.Must(engine.Start{})
	return f
}

// The book's cases for hit locations (l.579-606): a 5-point leg takes 4
// without being disabled, the 5th disables it (prone, no action for the
// round); a 2-point arm hit for 5 takes only 4 off the total and leaves
// the fighter incapacitated and bleeding; a 2-point arm hit for 8 is
// maimed, still 4 off the total; a chest hit for three times its hit
// points kills; the total's own rules hold beside them. Undone, all of it
// comes back.
// ledger: brp/hit-location-roll brp/hit-location-table brp/locations-vs-major brp/location-at-its-hp brp/leg-at-hp brp/limb-twice brp/limb-three-times brp/vitals-three-times
func TestBRPHitLocations(t *testing.T) {
	f := brpWithLocations(t)
	start, done := f.Current().Clone(), len(f.Done)
	y, b := f.ID("Yvarre"), f.ID("Bandit")
	rs := f.Rules
	leg, _ := rs.HitLocation("right_leg")
	arm, _ := rs.HitLocation("left_arm")
	chest, _ := rs.HitLocation("chest")
	if got := []int{engine.LocationHP(rs, f.Get("Yvarre"), leg), engine.LocationHP(rs, f.Get("Yvarre"), chest), engine.LocationHP(rs, f.Get("Bandit"), arm)}; !reflect.DeepEqual(got, []int{5, 6, 2}) {
		t.Fatalf("location hit points (leg 14, chest 14, arm 8): %v, want 5 6 2", got)
	}
	f.Must(engine.Damage{Who: y, Amount: 4, Location: "right_leg"})
	if c := f.Get("Yvarre"); c.Has("leg_useless") || c.HP != 10 {
		t.Fatalf("4 in a 5-point leg: %+v", c.Conditions)
	}
	f.Must(engine.Damage{Who: y, Amount: 1, Location: "right_leg"})
	if c := f.Get("Yvarre"); !c.Has("leg_useless") || !c.Has("felled") || !c.Has("prone") {
		t.Errorf("the 5th point in the leg: %+v", c.Conditions)
	}
	f.Must(engine.Damage{Who: b, Amount: 5, Location: "left_arm"})
	if c := f.Get("Bandit"); c.HP != 4 || !c.Has("incapacitated") || c.Bleeding() != 1 || !strings.Contains(logText(f), "Bandit: a left arm takes no more than 4 off the total in one blow") {
		t.Errorf("a 2-point arm hit for 5: HP %d, %+v\n%s", c.HP, c.Conditions, f.LastLog("Bandit"))
	}
	f.Must(engine.Heal{Who: b, Amount: 4, Location: "left_arm"})
	if c := f.Get("Bandit"); c.HP != 8 || c.Hits["left_arm"] != 0 {
		t.Errorf("healed at the arm: HP %d, arm %d", c.HP, c.Hits["left_arm"])
	}
	f.Must(engine.Damage{Who: b, Amount: 8, Location: "right_arm"})
	if c := f.Get("Bandit"); c.HP != 4 || !c.Has("maimed") {
		t.Errorf("a 2-point arm hit for 8: HP %d, %+v", c.HP, c.Conditions)
	}
	// Rolled: 12 on the d20 is the chest; 18 there is three times 6.
	f.Must(engine.Damage{Who: y, Amount: 18}, 12)
	if c := f.Get("Yvarre"); !c.Has("dead") || !strings.Contains(logText(f), "Yvarre hit location roll: 1d20: [12] = 12\nYvarre is hit in the chest: 18 there (18 of 6)") {
		t.Errorf("a chest hit for 18: %+v\n%s", c.Conditions, logText(f))
	}
	for len(f.Done) > done {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), start) {
		t.Error("undone to the start, the fight differs")
	}
}

// A limb hit for twice its hit points in one blow leaves the fighter
// "functionally incapacitated: they can no longer fight until healed"
// (l.599), from that blow on: no attack, by the skill roll or the blow;
// a parry and a dodge stay, as for a major wound's "unable to fight". A
// limb hit for three times is maimed and incapacitated too (l.604).
// ledger: brp/limb-twice brp/limb-three-times
func TestBRPIncapacitatedCannotFight(t *testing.T) {
	for _, hit := range []int{5, 8} {
		f := brpWithLocations(t)
		b, y := f.ID("Bandit"), f.ID("Yvarre")
		f.Must(engine.Damage{Who: b, Amount: hit, Location: "left_arm"})
		onRank(t, f, "Bandit")
		f.Refuse(engine.RollCheck{Who: b, Check: "skill", Target: y}, "Bandit is Incapacitated: no attacks")
		f.Refuse(engine.Blow{Who: b, Blow: "attack", Foes: []int{y}, Expr: "1d3"}, "Bandit is Incapacitated: no attacks")
		f.Must(engine.RollCheck{Who: b, Check: "parry"}, 10)
	}
}

// The head at its hit points knocks out: "must receive medical attention
// within five minutes (one turn) or make a successful Stamina roll to
// stabilize. If neither happens, they die" (l.595). A successful First
// Aid, or the Stamina roll, keeps Yvarre alive past the 25 rounds.
// ledger: brp/head-at-hp
func TestBRPHeadBlowStabilised(t *testing.T) {
	for _, c := range []struct {
		name string
		do   func(f *enginetest.Fight)
	}{
		{"First Aid", func(f *enginetest.Fight) {
			f.Must(engine.FirstAid{Who: f.ID("Yvarre"), Healer: f.ID("Bandit"), Treat: engine.TreatHits}, 10, 2)
		}},
		{"a Stamina roll", func(f *enginetest.Fight) { f.Must(engine.RollCheck{Who: f.ID("Yvarre"), Check: "stabilise"}, 20) }},
		{"nothing", func(*enginetest.Fight) {}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := brpWithLocations(t)
			f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 5, Location: "head"})
			if !f.Get("Yvarre").Has("head_blow") {
				t.Fatalf("5 in the 5-point head:\n%s", logText(f))
			}
			c.do(f)
			toRound(t, f, 28)
			if dead := f.Get("Yvarre").Has("dead"); dead != (c.name == "nothing") {
				t.Errorf("dead %v after 28 rounds\n%s", dead, logText(f))
			}
		})
	}
}

// The abdomen at its hit points: both legs useless, prone, and "may act
// while prone in subsequent melee rounds" (l.592): not in this one, as a
// leg (l.591). The Bandit, hit before its rank, does not attack at it.
// ledger: brp/abdomen-at-hp
func TestBRPAbdomenActsNextRound(t *testing.T) {
	f := brpWithLocations(t)
	b, y := f.ID("Bandit"), f.ID("Yvarre")
	onRank(t, f, "Yvarre")
	f.Must(engine.Damage{Who: b, Amount: 3, Location: "abdomen"})
	if c := f.Get("Bandit"); !c.Has("legs_useless") || !c.Has("prone") || !c.Has("felled") {
		t.Fatalf("3 in the 3-point abdomen: %+v", c.Conditions)
	}
	f.Next()
	f.Refuse(engine.RollCheck{Who: b, Check: "skill", Target: y}, "Bandit is Felled")
	toRound(t, f, 2)
	onRank(t, f, "Bandit")
	f.Must(engine.RollCheck{Who: b, Check: "skill", Target: y}, 50)
}

// An arm at its hit points "is temporarily useless, and anything not
// attached to the arm is dropped" (l.594): the right arm, read as the
// weapon arm, drops the weapon in hand; the left arm drops none (fray keeps
// no shield in hand).
// ledger: brp/arm-at-hp
func TestBRPUselessArmDropsTheWeapon(t *testing.T) {
	f := brpWithLocations(t)
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 14, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{sword}},
		{Name: "Bo", HP: 14, Stats: map[string]int{"DEX": 12}, Weapons: []rules.Weapon{sword}}}})
	f.Must(engine.Damage{Who: f.ID("Ann"), Amount: 4, Location: "right_arm"})
	if c := f.Get("Ann"); !c.Has("arm_useless") || c.Weapons[0].Ready() {
		t.Errorf("Ann's right arm at its 4: %+v, the sword %q", c.Conditions, c.Weapons[0].State)
	}
	f.Must(engine.Damage{Who: f.ID("Bo"), Amount: 4, Location: "left_arm"})
	if c := f.Get("Bo"); !c.Has("arm_useless") || !c.Weapons[0].Ready() {
		t.Errorf("Bo's left arm at its 4: %+v, the sword %q", c.Conditions, c.Weapons[0].State)
	}
}

// The incapacitated limb bleeds 1 a round "until receiving successful
// medical attention or a Difficult Stamina roll" (l.599): the plain
// Stamina roll that holds a special's wound shut is refused; the Difficult
// one stops it as the round ends.
// ledger: brp/location-bleed-difficult-stamina
func TestBRPLimbBleedNeedsTheDifficultStamina(t *testing.T) {
	f := brpWithLocations(t)
	b := f.ID("Bandit")
	f.Must(engine.Damage{Who: b, Amount: 5, Location: "left_arm"})
	f.Refuse(engine.RollCheck{Who: b, Check: "stamina"}, "Bandit is Incapacitated: no Stamina roll to staunch the bleeding")
	f.Must(engine.RollCheck{Who: b, Check: "stamina_difficult"}, 60) // half of 50: 25
	if !strings.Contains(f.LastLog("Stamina"), "Still bleeding") {
		t.Errorf("60 on the Difficult 25: %s", f.LastLog("Stamina"))
	}
	f.Must(engine.RollCheck{Who: b, Check: "stamina_difficult"}, 20)
	toRound(t, f, 3)
	if c := f.Get("Bandit"); c.Bleeding() != 0 {
		t.Errorf("20 on the Difficult 25: still bleeding %d\n%s", c.Bleeding(), logText(f))
	}
}

// With hit locations the total still knocks out at 1-2 HP (l.583), and a
// head wound at its hit points knocks out with five minutes to live.
// ledger: brp/locations-keep-total brp/head-at-hp
func TestBRPHitLocationsKeepTheTotal(t *testing.T) {
	f := brpWithLocations(t)
	y := f.ID("Yvarre")
	f.Must(engine.Damage{Who: y, Amount: 4, Location: "left_leg"})
	f.Must(engine.Damage{Who: y, Amount: 4, Location: "right_leg"})
	f.Must(engine.Damage{Who: y, Amount: 4, Location: "abdomen"})
	if c := f.Get("Yvarre"); c.HP != 2 || !c.Has("unconscious") || c.Has("leg_useless") {
		t.Errorf("12 of 14 spread over three locations: HP %d, %+v", c.HP, c.Conditions)
	}
	f2 := brpWithLocations(t)
	f2.Must(engine.Damage{Who: f2.ID("Yvarre"), Amount: 5, Location: "head"})
	if c := f2.Get("Yvarre"); !c.Has("unconscious") || !c.Has("head_blow") {
		t.Errorf("5 in a 5-point head: %+v", c.Conditions)
	}
}

// At its hit points the abdomen leaves both legs useless and bleeds, the
// chest leaves the fighter coughing blood, unable to act, and bleeding;
// twice the head's knocks out and bleeds; an arm at its hit points is
// useless.
// ledger: brp/abdomen-at-hp brp/chest-at-hp brp/arm-at-hp brp/head-at-hp brp/vitals-twice
func TestBRPHitLocationsVitals(t *testing.T) {
	for _, c := range []struct {
		loc   string
		n     int
		want  []string
		bleed int
	}{
		{"abdomen", 5, []string{"legs_useless", "prone"}, 1},
		{"chest", 6, []string{"coughing_blood", "prone"}, 1},
		{"head", 10, []string{"unconscious", "head_blow"}, 1},
		{"right_arm", 4, []string{"arm_useless"}, 0},
	} {
		f := brpWithLocations(t)
		f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: c.n, Location: c.loc})
		y := f.Get("Yvarre")
		for _, id := range c.want {
			if !y.Has(id) {
				t.Errorf("%d at the %s: no %s (%+v)", c.n, c.loc, id, y.Conditions)
			}
		}
		if y.Bleeding() != c.bleed {
			t.Errorf("%d at the %s: bleeds %d, want %d", c.n, c.loc, y.Bleeding(), c.bleed)
		}
	}
}
