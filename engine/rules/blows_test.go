package rules

import (
	"strings"
	"testing"

	"fray/engine/dice"
)

// goodBlow is goodChecks with the stat AV, a parry check and a blow that
// validates: the strike answered by the parry, compared by the matrix.
func goodBlow() Ruleset {
	rs := goodChecks()
	e := dice.MustParse
	rs.Stats = append(rs.Stats, StatDef{ID: "AV", Name: "Armour"})
	rs.Checks = append(rs.Checks, Check{ID: "parry", Name: "Parry", Roll: e("d100"), Target: e("DEF"), Succeeds: AtMost,
		Outcomes: []Outcome{{ID: "parried", Name: "Parried", Result: Success}, {ID: "failed", Name: "Failed", Result: Failure}}})
	rs.Gear = Gear{Armor: []string{"AV"}, WeaponKinds: []WeaponKind{{ID: "blunt", Name: "Blunt"}}}
	rs.Blows = []Blow{{ID: "attack", Name: "Attack", Check: "strike", Armor: "AV",
		Defence: BlowDefence{Kind: DefenceCheck, Checks: []string{"parry"}, Compare: CompareMatrix, SkipAfter: []string{"miss", "miss_96"}},
		Results: []BlowResult{
			{Attack: []string{"critical"}, Text: "Crit", Damage: DamageMaximum, Armor: ArmorBypassed},
			{Attack: []string{"hit"}, Defence: []string{"parried"}, Text: "Parried", Damage: DamageNone},
			{Attack: []string{"hit"}, Text: "Hit", Damage: DamageRolled, Armor: ArmorOff,
				Effects: []BlowEffect{{To: ToTarget, WeaponKinds: []string{"blunt"}, Crush: true}}},
			{Attack: []string{"miss", "miss_96"}, Text: "Miss", Damage: DamageNone},
		}}}
	return rs
}

func TestGoodBlowValidates(t *testing.T) {
	rs := goodBlow()
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
}

// A blow as a whole is refused where no single key is at fault: a way the
// rolls can come out with no result, a name a stat clashes with, a weapon
// or piece of armour that does not fit the ruleset.
func TestBlowsRefused(t *testing.T) {
	b := func(rs *Ruleset) *Blow { return &rs.Blows[0] }
	cases := []struct {
		name   string
		break_ func(rs *Ruleset)
		path   string
		msg    string
	}{
		{"a way with no result", func(rs *Ruleset) { b(rs).Results = b(rs).Results[:3] }, "blows[0].results", "miss_96 against no defence, miss against no defence"},
		{"a crit parried with no result", func(rs *Ruleset) {
			b(rs).Defence.SkipAfter = []string{"miss", "miss_96", "hit"}
			b(rs).Results[0].Attack = []string{"hit"}
		}, "blows[0].results", "critical against no defence, critical against parried, critical against failed"},
		{"no results", func(rs *Ruleset) { b(rs).Results = nil }, "blows[0].results", "a blow needs its results"},
		{"a stat named margin", func(rs *Ruleset) { rs.Stats = append(rs.Stats, StatDef{ID: "margin", Name: "M"}) }, "stats[3].id", "clashes with a name blows read"},
		{"a weapon field hiding a stat", func(rs *Ruleset) {
			rs.Stats = append(rs.Stats, StatDef{ID: "weapon_acc", Name: "Acc"})
			rs.Gear.WeaponFields = []WeaponField{{ID: "acc", Name: "Accuracy"}}
		}, "gear.weapon_fields[0].id", "would hide it"},
		{"an effect that does nothing", func(rs *Ruleset) { b(rs).Results[2].Effects[0] = BlowEffect{To: ToTarget} }, "blows[0].results[2].effects[0]", "does none"},
		{"a defence with no check", func(rs *Ruleset) { b(rs).Defence.Checks = nil }, "blows[0].defence.checks", "name the checks"},
		{"a formula reading an unknown weapon field", func(rs *Ruleset) { b(rs).Target = dice.MustParse("weapon_skill") }, "blows[0].target", `weapons carry no field "skill"`},
		{"a defender's unknown stat", func(rs *Ruleset) { b(rs).Target = dice.MustParse("target_QU") }, "blows[0].target", `the defender has no stat "QU"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rs := goodBlow()
			c.break_(&rs)
			errs := rs.Validate()
			for _, e := range errs {
				if e.Path == c.path && strings.Contains(e.Msg, c.msg) {
					return
				}
			}
			t.Errorf("not refused at %s with %q: %v", c.path, c.msg, errs)
		})
	}
}

// A creature's weapons and armour are checked against the ruleset.
func TestGearRefused(t *testing.T) {
	rs := goodBlow()
	e := dice.MustParse
	cases := []struct {
		name string
		t    Template
		path string
		msg  string
	}{
		{"a weapon with no damage", Template{Weapons: []Weapon{{Name: "Club"}}}, "weapons[0].damage", "needs its damage"},
		{"a weapon's damage reading an unknown stat", Template{Weapons: []Weapon{{Name: "Club", Damage: e("1d6 + QU")}}}, "weapons[0].damage", `unknown stat "QU"`},
		{"a weapon of an unknown kind", Template{Weapons: []Weapon{{Name: "Club", Damage: e("1d6"), Kinds: []string{"sharp"}}}}, "weapons[0].kinds[0]", `no weapon kind "sharp"`},
		{"a weapon's unknown field", Template{Weapons: []Weapon{{Name: "Club", Damage: e("1d6"), Fields: map[string]int{"acc": 1}}}}, "weapons[0].fields.acc", `no weapon field "acc"`},
		{"armour adding to what is no armour", Template{Armor: []Armor{{Name: "Mail", Stats: map[string]int{"SC": 1}}}}, "armor[0].stats.SC", "armour adds to AV"},
		{"armour at no location", Template{Armor: []Armor{{Name: "Helm", Stats: map[string]int{"AV": 1}, Locations: []string{"head"}}}}, "armor[0].locations[0]", `no hit location "head"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.t.ID, c.t.Name, c.t.Side, c.t.HP = "x", "X", "foes", 10
			errs := rs.ValidateTemplate(c.t)
			for _, e := range errs {
				if e.Path == c.path && strings.Contains(e.Msg, c.msg) {
					return
				}
			}
			t.Errorf("not refused at %s with %q: %v", c.path, c.msg, errs)
		})
	}
}
