package saves

import (
	"reflect"
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// Every field of a command is written to a history line and read back as it
// was: a field the inline writer or reader misses fails here. Strings with
// quotes, backslashes, control characters and escape sequences come back
// exactly.
func TestCommandRoundTrips(t *testing.T) {
	init := 7
	full := engine.Command{Op: engine.OpCheck, Who: 1, Entry: 2, Amount: 3, Expr: "2d6 + \"x\"", Bare: true, NonLethal: true, Init: 4, To: -5, Dir: -1,
		After: 6, Healer: 7, Wound: 8, Treat: engine.TreatInjury, Injury: 12, Level: "stunned", Condition: "prone", Remove: true, Duration: rules.UntilNextRoundEnd,
		Maneuver: "aim", AttackLevel: 9, DefenceLevel: 10, Target: 11, Check: "combat", Answer: "parry", Modifiers: []string{"cover", "size \"x\""}, Declare: "defending", Spell: "sk", Missile: "arrow", Grievous: true, Foes: []int{3, 4}, Flee: true, Location: "left_arm", Severity: "serious \"x\"", Penetrating: true, Setting: "hp", Side: "foes", Show: rules.HPBar, Text: "a\\b\n\t\x1b[2Jc\x7f\u202e",
		Add:     []engine.NewCombatant{{Name: "Orc \"1\"", Template: "orc", Side: "foes", HP: 12, Stats: map[string]int{"QU": 5, "odd key": -1}, Notes: "n", Init: &init, Group: true, InitRoll: "2d6"}},
		Targets: []int{1, 2}, At: rules.EventCount, Every: 2, Timer: 3}
	v := reflect.ValueOf(full)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test command leaves %s unset: set it", v.Type().Field(i).Name)
		}
	}
	for _, cmd := range []engine.Command{full, {Op: engine.OpNext}, {Op: engine.OpHold, To: 0}} {
		b, err := marshalInline(nil, cmd)
		if err != nil {
			t.Fatal(err)
		}
		var back engine.Command
		if rest, err := unmarshalInline(string(b), &back); err != nil || rest != "" {
			t.Fatalf("%s: %v (left %q)", b, err, rest)
		}
		if !reflect.DeepEqual(back, cmd) {
			t.Errorf("%s\nread back %+v\nwant      %+v", b, back, cmd)
		}
	}
}
