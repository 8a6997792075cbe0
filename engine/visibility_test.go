package engine_test

import (
	"reflect"
	"slices"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

func visRules(t *testing.T) *rules.Ruleset {
	return enginetest.Rules(t, rules.Ruleset{ID: "vis", Name: "Vis", Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: ex("1d20")}})
}

// public is the log as the players read it.
func public(f *enginetest.Fight) []string {
	var out []string
	for _, ev := range f.Log() {
		if text, ok := narrate.Public(f.Rules, f.Current(), ev); ok {
			out = append(out, text)
		}
	}
	return out
}

// Hiding is a step: saved, logged for the GM only, and undone exactly.
func TestHideIsUndoneExactly(t *testing.T) {
	f := enginetest.Start(t, visRules(t), map[string]int{"Ann": 20, "Orc 1": 10, "Orc 12": 5}, "Ann", "Orc 1", "Orc 12")
	before := f.Current().Clone()
	f.Must(engine.Hide{Who: f.ID("Orc 1")})
	if !f.Current().Combatant(f.ID("Orc 1")).Hidden {
		t.Fatal("Orc 1 is not hidden")
	}
	if _, err := f.Do(engine.Hide{Who: f.ID("Orc 1")}); err == nil {
		t.Error("hiding one hidden already is not refused")
	}
	f.Must(engine.Roll{Expr: "1d6", For: "looks around"})
	f.Must(engine.Damage{Who: f.ID("Ann"), Amount: 2})
	f.Must(engine.Damage{Who: f.ID("Orc 12"), Amount: 2})
	for _, line := range public(f) {
		if containsName(line, "Orc 1") {
			t.Errorf("the players read %q, naming the hidden Orc 1", line)
		}
	}
	if !slices.ContainsFunc(public(f), func(s string) bool { return s == "Orc 12 is hurt" }) {
		t.Errorf("Orc 12 (not hidden) is missing from the players' log: %q", public(f))
	}
	for range 4 {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("undo does not restore what the players saw:\n%+v\n%+v", f.Current().View, before.View)
	}
}

func containsName(s, name string) bool {
	for i := 0; i+len(name) <= len(s); i++ {
		if s[i:i+len(name)] == name && (i+len(name) == len(s) || s[i+len(name)] < '0' || s[i+len(name)] > '9') {
			return true
		}
	}
	return false
}

// A foe's rolls are the GM's unless the GM shows them; the settings are steps.
func TestFoeRollsArePrivateUntilShown(t *testing.T) {
	f := enginetest.Start(t, visRules(t), map[string]int{"Ann": 20, "Orc": 10}, "Ann", "Orc")
	f.Must(engine.Roll{Who: f.ID("Orc"), Expr: "1d6", For: "swings"})
	if slices.ContainsFunc(public(f), func(s string) bool { return containsName(s, "Orc swings") }) {
		t.Errorf("a foe's roll reached the players: %q", public(f))
	}
	f.Must(engine.View{Setting: engine.ViewFoeRolls})
	f.Must(engine.Roll{Who: f.ID("Orc"), Expr: "1d6", For: "swings again"})
	if !slices.ContainsFunc(public(f), func(s string) bool { return containsName(s, "Orc swings again") }) {
		t.Errorf("a foe's roll shown by the GM did not reach the players: %q", public(f))
	}
	f.Must(engine.ViewHP{Side: "foes", Show: rules.HPBar})
	if got := engine.HPShowOf(f.Rules, f.Current(), "foes"); got != rules.HPBar {
		t.Errorf("foes' hit points show as %s", got)
	}
	if _, err := f.Do(engine.ViewHP{Side: "foes", Show: "loud"}); err == nil {
		t.Error("a way of showing hit points that is not one is not refused")
	}
	f.Undo()
	if got := engine.HPShowOf(f.Rules, f.Current(), "foes"); got != rules.HPWords {
		t.Errorf("after undo the foes' hit points show as %s", got)
	}
}

// Where a blow fell and for how many tells a foe's hit points: players
// whose view shows them in words read only that it is hurt (a hit location,
// a major wound's size).
func TestLocationLinesKeepFoeNumbers(t *testing.T) {
	rs := visRules(t)
	house := *rs
	house.Conditions = []rules.ConditionDef{{ID: "dead", Name: "Dead", Duration: rules.UntilRemoved, NoTurn: true}}
	house.HP.DeadCondition, house.HP.DiesWithin = "dead", 2
	house.HP.LocationsOn, house.HP.LocationRoll = true, ex("1d2")
	house.HP.Locations = []rules.HitLocation{{ID: "leg", Name: "Leg", Roll: rules.Span{Lo: 1, Hi: 2, HasLo: true, HasHi: true}, HP: ex("5")}}
	f := enginetest.Start(t, enginetest.Rules(t, house), map[string]int{"Ann": 20, "Orc": 10}, "Ann", "Orc")
	f.Must(engine.Damage{Who: f.ID("Orc"), Amount: 3, Location: "leg"})
	got := public(f)
	if !slices.Contains(got, "Orc is hurt") {
		t.Errorf("the players' log: %q", got)
	}
	for _, line := range got {
		if containsName(line, "Orc") && line != "Orc is hurt" && line != "Orc joins the fight" && line != "Orc acts at initiative 10" {
			t.Errorf("the players read %q", line)
		}
	}
}
