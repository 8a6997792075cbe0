package saves

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Every key of a line is written to a history line and read back as it
// was: a key the inline writer or reader misses fails here. Strings with
// quotes, backslashes, control characters and escape sequences come back
// exactly.
func TestCommandLineRoundTrips(t *testing.T) {
	init := 7
	full := cmdLine{Op: engine.OpCheck, Who: 1, Entry: 2, Amount: 3, Expr: "2d6 + \"x\"", Bare: true, Critical: true, NonLethal: true, Init: 4, To: -5, Dir: -1,
		After: 6, Healer: 7, Wound: 8, Treat: engine.TreatInjury, Injury: 12, Level: "stunned", Condition: "prone", Remove: true, Duration: rules.UntilNextRoundEnd,
		Maneuver: "aim", AttackLevel: 9, DefenceLevel: 10, Target: 11, Check: "combat", Answer: "parry", Modifiers: []string{"cover", "size \"x\""}, Declare: "defending", Spell: "sk", Missile: "arrow", Grievous: true, Foes: []int{3, 4}, Flee: true, Location: "left_arm", Severity: "serious \"x\"", Penetrating: true, Kind: "cut", Setting: "hp", Side: "foes", Show: rules.HPBar, Text: "a\\b\n\t\x1b[2Jc\x7f\u202e",
		Add: []engine.NewCombatant{{Name: "Orc \"1\"", Template: "orc", Side: "foes", HP: 12, MaxHP: 20, Stats: map[string]int{"QU": 5, "odd key": -1}, Notes: "n", Init: &init, Group: true, InitRoll: "2d6",
			Weapons: []rules.Weapon{{Name: "Short \"sword\"", Damage: dice.MustParse("1d6+1"), Bonus: dice.MustParse("1d4"), Kinds: []string{"impaling", "melee"}, Fields: map[string]int{"skill": 60}, Ammo: 6, HP: 10}},
			Armor:   []rules.Armor{{Name: "Leather", Stats: map[string]int{"AV": 1}, Locations: []string{"chest", "abdomen"}}},
			Carried: &engine.Lasting{Pools: map[string]int{"fatigue": 3}, Afflictions: engine.Afflictions{Conditions: []engine.Condition{{ID: "prone", Own: true, Left: 2, Parents: []string{"x"}}}, Entered: []string{"ko"}},
				Hurt: engine.Hurt{Wounds: []engine.Wound{{Rate: 1, Natural: 2, Treated: true}}, Injuries: []engine.Injury{{Text: "leg", Penalty: -5, Braced: 2}}, Record: []engine.Recorded{{Location: "head", Severity: "light", Penetrating: true, Kind: "puncture"}}, Hits: map[string]int{"arm": 2}, ArmorLost: 1,
					Harms: []engine.Harm{{Dealt: 4, Left: 2, Round: 1, Major: true, Aided: true}}},
				Missiles: engine.Missiles{Stuck: []engine.Stuck{{ID: "arrow", Grievous: true}}}, Wear: []engine.WeaponWear{{Broken: true, Lost: 3}}}}},
		Targets: []int{1, 2}, Shares: []engine.Share{engine.ShareHalf, "7"}, Share: engine.ShareDouble, Source: "spell \"x\"", At: rules.EventCount, Every: 2, Timer: 3,
		Blow: "attack", With: []int{5, 6}, Weapon: 2, Guards: []string{"defensive"}, Guard: 1, State: rules.FateDropped, Reload: true, Keep: true, Armor: true, Public: true,
		Split: []int{60, 50}, Foe: 3, Subconscious: true, As: true}
	v := reflect.ValueOf(full)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("the test line leaves %s unset: set it", v.Type().Field(i).Name)
		}
	}
	for _, cmd := range []cmdLine{full, {Op: engine.OpNext}, {Op: engine.OpHold, To: 0}} {
		b, err := marshalInline(nil, cmd)
		if err != nil {
			t.Fatal(err)
		}
		var back cmdLine
		if rest, err := unmarshalInline(string(b), &back); err != nil || rest != "" {
			t.Fatalf("%s: %v (left %q)", b, err, rest)
		}
		if !reflect.DeepEqual(back, cmd) {
			t.Errorf("%s\nread back %+v\nwant      %+v", b, back, cmd)
		}
	}
}

// filled is a payload with every field set to a value no other field has.
func filled(t *testing.T, zero engine.Command) engine.Command {
	v := reflect.New(reflect.TypeOf(zero)).Elem()
	n := 1
	for i := range v.NumField() {
		f := v.Field(i)
		n++
		switch f.Kind() {
		case reflect.Int:
			f.SetInt(int64(n))
		case reflect.String:
			f.SetString("s" + strings.Repeat("x", n) + " \"q\"\n")
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			s := reflect.MakeSlice(f.Type(), 2, 2)
			for k := range 2 {
				switch e := s.Index(k); e.Kind() {
				case reflect.Int:
					e.SetInt(int64(n + k))
				case reflect.String:
					e.SetString("m" + strings.Repeat("y", n+k))
				case reflect.Struct:
					e.Set(reflect.ValueOf(engine.NewCombatant{Name: "Orc", HP: n + k}))
				}
			}
			f.Set(s)
		default:
			t.Fatalf("%T.%s: the test fills no %s", zero, v.Type().Field(i).Name, f.Kind())
		}
	}
	return v.Interface().(engine.Command)
}

// Every payload, every field set, writes as a line and reads back as it
// was; and so does each markable one on marked combatants.
func TestEveryCommandRoundTrips(t *testing.T) {
	for _, p := range payloads {
		cmd := filled(t, p.cmd)
		cmds := []engine.Command{cmd, p.cmd}
		if m, ok := p.cmd.(engine.Markable); ok {
			cmds = append(cmds, engine.Marked{Targets: []int{3, 5}, Step: m})
		}
		if _, ok := p.cmd.(engine.Damage); ok {
			cmds = append(cmds, engine.Marked{Targets: []int{3, 5}, Shares: []engine.Share{engine.ShareNone, "12"}, Step: engine.Damage{Amount: 9}})
		}
		for _, cmd := range cmds {
			l, err := lineOf(cmd)
			if err != nil {
				t.Fatalf("%T: %v", cmd, err)
			}
			b, err := marshalInline(nil, l)
			if err != nil {
				t.Fatal(err)
			}
			var back cmdLine
			if _, err := unmarshalInline(string(b), &back); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			got, err := back.command()
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if !reflect.DeepEqual(got, cmd) {
				t.Errorf("%s\nreads back as %#v\nwant         %#v", b, got, cmd)
			}
		}
	}
}

// A line that carries a key its op's payload does not have is refused:
// each payload is read with every other key of a line set, one at a time.
// (The engine's test that each payload's fields are read by its op is
// engine/command_test.go; this is the same promise at the door.)
func TestLineWithAKeyItsOpDoesNotReadIsRefused(t *testing.T) {
	keys := fieldsOf(reflect.TypeFor[cmdLine]()).list
	refused := 0
	for _, p := range payloads {
		base, err := lineOf(p.cmd)
		if err != nil {
			t.Fatal(err)
		}
		own := fieldsOf(reflect.TypeOf(p.cmd)).byName
		for _, k := range keys {
			if _, ok := own[k.name]; ok || k.name == "op" {
				continue
			}
			l := base
			f := reflect.ValueOf(&l).Elem().Field(k.index)
			if !f.IsZero() {
				continue // the key that picks this payload (remove, setting)
			}
			switch f.Kind() {
			case reflect.Int:
				f.SetInt(2)
			case reflect.String:
				f.SetString("x")
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Slice:
				f.Set(reflect.MakeSlice(f.Type(), 1, 1))
			}
			cmd, err := l.command()
			switch {
			case k.name == "targets" && err == nil:
				if _, marked := cmd.(engine.Marked); !marked {
					t.Errorf("%s with targets reads as %#v", name(&p), cmd)
				}
			case k.name == "remove" || k.name == "setting":
				// They pick the op's other payload, where it has one.
				if err == nil && reflect.TypeOf(cmd) == reflect.TypeOf(p.cmd) {
					t.Errorf("%s with %s reads as %#v", name(&p), k.name, cmd)
				}
			case err == nil:
				t.Errorf("%s: a line with %s reads as %#v", name(&p), k.name, cmd)
			default:
				refused++
			}
		}
	}
	if refused < 1000 {
		t.Errorf("only %d lines refused: is every payload tried?", refused)
	}
	if _, err := (cmdLine{Op: engine.OpDamage, Who: 2, Targets: []int{1, 3}}).command(); err == nil {
		t.Error("a marked step with a who of its own is read")
	}
	if _, err := (cmdLine{Op: engine.OpNext, Targets: []int{1, 3}}).command(); err == nil {
		t.Error("next on marked combatants is read")
	}
	if _, err := (cmdLine{Op: "fly"}).command(); err == nil {
		t.Error("an unknown op is read")
	}
}

// The lines know every payload type of the engine: each type there with an
// Op method is in payloads, once.
func TestPayloadsAreTheEnginesCommands(t *testing.T) {
	fset := token.NewFileSet()
	files, _ := filepath.Glob("../engine/*.go")
	var engineTypes []string
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Op" {
				continue
			}
			if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
				engineTypes = append(engineTypes, id.Name)
			}
		}
	}
	var known []string
	for _, p := range payloads {
		known = append(known, reflect.TypeOf(p.cmd).Name())
	}
	known = append(known, "Marked")
	slices.Sort(engineTypes)
	slices.Sort(known)
	if !slices.Equal(engineTypes, known) || len(engineTypes) < 40 {
		t.Errorf("the engine's commands:\n%v\nthe lines know:\n%v", engineTypes, known)
	}
}
