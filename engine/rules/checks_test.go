package rules

import (
	"fmt"
	"strings"
	"testing"

	"fray/engine/dice"
)

// goodChecks is a ruleset whose checks validate; each case below breaks
// one thing and must be refused at its path.
func goodChecks() Ruleset {
	e := dice.MustParse
	return Ruleset{
		ID: "t", Name: "Test", Order: OrderRules{Kind: OrderFixed, Initiative: dice.MustParse("1d10")},
		Stats: []StatDef{{ID: "SC", Name: "Strike chance"}, {ID: "DEF", Name: "Defense"}},
		Stun:  StunRules{Kind: StunLadder, Levels: []StunLevel{{ID: "stunned", Name: "Stunned"}}, Recovery: dice.MustParse("d100"), Target: 101},
		Conditions: []ConditionDef{
			{ID: "exposed", Name: "Exposed", Duration: UntilRoundEnd},
			{ID: "prone", Name: "Prone", Duration: UntilRemoved},
		},
		Checks: []Check{{
			ID: "strike", Name: "Strike", Roll: e("d100"), Target: e("SC - target_DEF"), Succeeds: AtMost,
			Outcomes: []Outcome{
				{ID: "miss_96", Name: "Miss", Faces: Span{Lo: 96, HasLo: true}},
				{ID: "critical", Name: "Critical", AtMost: e("target / 10"), Table: []TargetRow{{From: 1, UpTo: 1}, {From: 10, UpTo: 2}}},
				{ID: "hit", Name: "Hit", Result: Success, Effects: []CheckEffect{{To: ToTarget, Give: "prone"}}},
				{ID: "miss", Name: "Miss", Result: Failure, Effects: []CheckEffect{{To: ToActor, Give: "exposed", Duration: UntilNextRoundEnd}}},
			},
		}},
	}
}

func TestGoodChecksValidate(t *testing.T) {
	rs := goodChecks()
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
}

// A check's target may read the weapon of the one it is rolled against as
// target_weapon_X (Energy's Fortitude against a trip: the tripper's weapon's
// Attack Bonus, l.557), as it reads the roller's own as weapon_X.
func TestChecksReadTheTargetsWeapon(t *testing.T) {
	rs := goodChecks()
	rs.Gear.WeaponFields = []WeaponField{{ID: "attack", Name: "Attack Bonus"}}
	rs.Checks[0].Target = dice.MustParse("SC - target_DEF + target_weapon_attack + weapon_attack")
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
}

func TestChecksRefused(t *testing.T) {
	e := dice.MustParse
	ch := func(rs *Ruleset) *Check { return &rs.Checks[0] }
	out := func(rs *Ruleset, i int) *Outcome { return &rs.Checks[0].Outcomes[i] }
	eff := func(rs *Ruleset) *CheckEffect { return &rs.Checks[0].Outcomes[2].Effects[0] }
	cases := []struct {
		name   string
		break_ func(rs *Ruleset)
		path   string
		msg    string
	}{
		{"a stat named target", func(rs *Ruleset) { rs.Stats[0].ID = "target" }, "stats[0].id", "clashes with the names checks read"},
		{"a stat named target_X", func(rs *Ruleset) { rs.Stats = append(rs.Stats, StatDef{ID: "target_x"}) }, "stats[2].id", "clashes"},
		{"no id", func(rs *Ruleset) { ch(rs).ID = "" }, "checks[0].id", "an id is required"},
		{"twice", func(rs *Ruleset) { rs.Checks = append(rs.Checks, rs.Checks[0]) }, "checks[1].id", "defined twice"},
		{"no name", func(rs *Ruleset) { ch(rs).Name = "" }, "checks[0].name", "needs a name"},
		{"no roll", func(rs *Ruleset) { ch(rs).Roll = dice.Expr{} }, "checks[0].roll", "a check rolls dice"},
		{"a roll of no dice", func(rs *Ruleset) { ch(rs).Roll = e("SC") }, "checks[0].roll", "a check rolls dice"},
		{"an unknown stat in the roll", func(rs *Ruleset) { ch(rs).Roll = e("d100 + QU") }, "checks[0].roll", `unknown stat "QU"`},
		{"no target", func(rs *Ruleset) { ch(rs).Target = dice.Expr{} }, "checks[0].target", "needs the number it is compared with"},
		{"a rolled target", func(rs *Ruleset) { ch(rs).Target = e("SC - d10") }, "checks[0].target", "not rolled"},
		{"an unknown stat of the target", func(rs *Ruleset) { ch(rs).Target = e("SC - target_PROT") }, "checks[0].target", `the target has no stat "PROT"`},
		{"an unknown weapon field of the target", func(rs *Ruleset) { ch(rs).Target = e("SC - target_weapon_reach") }, "checks[0].target",
			`the target has no stat "weapon_reach"`},
		{"the target number in the target", func(rs *Ruleset) { ch(rs).Target = e("target") }, "checks[0].target", "read only by an outcome"},
		{"no comparison", func(rs *Ruleset) { ch(rs).Succeeds = "" }, "checks[0].succeeds", "say how the roll succeeds"},
		{"a comparison unknown", func(rs *Ruleset) { ch(rs).Succeeds = "under" }, "checks[0].succeeds", `"under" is not one of at_most, at_least, above`},
		{"an outcome without an id", func(rs *Ruleset) { out(rs, 0).ID = "" }, "checks[0].outcomes[0].id", "an id is required"},
		{"an outcome twice", func(rs *Ruleset) { out(rs, 1).ID = "miss_96" }, "checks[0].outcomes[1].id", "defined twice"},
		{"an outcome without a name", func(rs *Ruleset) { out(rs, 0).Name = "" }, "checks[0].outcomes[0].name", "needs a name"},
		{"a result unknown", func(rs *Ruleset) { out(rs, 0).Result = "draw" }, "checks[0].outcomes[0].result", `"draw" is not one of success, failure`},
		{"an outcome after every roll is taken", func(rs *Ruleset) {
			ch(rs).Outcomes = append(ch(rs).Outcomes, Outcome{ID: "late", Name: "Late", Faces: Span{Lo: 1, Hi: 1, HasLo: true, HasHi: true}})
		}, "checks[0].outcomes[4]", "never comes up"},
		{"a second outcome for every success", func(rs *Ruleset) {
			ch(rs).Outcomes = append(ch(rs).Outcomes[:3], Outcome{ID: "hit2", Name: "Hit", Result: Success, AtMost: e("5")}, ch(rs).Outcomes[3])
		}, "checks[0].outcomes[3]", "never comes up"},
		{"no outcome for a failure", func(rs *Ruleset) { ch(rs).Outcomes = ch(rs).Outcomes[:3] }, "checks[0].outcomes", `one for each of result = "failure"`},
		{"no outcome for anything", func(rs *Ruleset) { ch(rs).Outcomes = nil }, "checks[0].outcomes", `result = "success" and result = "failure"`},
		{"faces of two dice terms", func(rs *Ruleset) { ch(rs).Roll = e("d100 + d4") }, "checks[0].outcomes[0].faces", "has 2"},
		{"faces the dice never show", func(rs *Ruleset) { ch(rs).Roll = e("d20") }, "checks[0].outcomes[0].faces", `"d20" never shows 96..`},
		{"a bound of an unknown stat", func(rs *Ruleset) { out(rs, 1).AtMost = e("target / CRIT") }, "checks[0].outcomes[1].at_most", `unknown stat "CRIT"`},
		{"a rolled bound", func(rs *Ruleset) { out(rs, 1).AtLeast = e("d6") }, "checks[0].outcomes[1].at_least", "not rolled"},
		{"an empty table", func(rs *Ruleset) { out(rs, 1).Table = []TargetRow{} }, "checks[0].outcomes[1].table", "empty table"},
		{"a table going down", func(rs *Ruleset) { out(rs, 1).Table[1].From = 1 }, "checks[0].outcomes[1].table[1].from", "from the lowest target up"},
		{"a negative row", func(rs *Ruleset) { out(rs, 1).Table[0].UpTo = -1 }, "checks[0].outcomes[1].table[0].upto", "negative"},
		{"an effect on nobody", func(rs *Ruleset) { eff(rs).To = "" }, "checks[0].outcomes[2].effects[0].to", "say who it falls on"},
		{"an effect on a side unknown", func(rs *Ruleset) { eff(rs).To = "ally" }, "checks[0].outcomes[2].effects[0].to", `"ally" is not one of actor, target`},
		{"an effect that does nothing", func(rs *Ruleset) { eff(rs).Give = "" }, "checks[0].outcomes[2].effects[0]", "does 0"},
		{"an effect that does two things", func(rs *Ruleset) { eff(rs).Wound = 2 }, "checks[0].outcomes[2].effects[0]", "does 2"},
		{"an unknown condition given", func(rs *Ruleset) { eff(rs).Give = "dazed" }, "checks[0].outcomes[2].effects[0].give", `unknown condition "dazed"`},
		{"an unknown condition taken", func(rs *Ruleset) { eff(rs).Give, eff(rs).Take = "", "dazed" }, "checks[0].outcomes[2].effects[0].take", `unknown condition "dazed"`},
		{"a duration of a condition taken", func(rs *Ruleset) { eff(rs).Give, eff(rs).Take, eff(rs).Duration = "", "prone", ForRounds }, "checks[0].outcomes[2].effects[0].duration", "only a condition given"},
		{"rounds of a wound", func(rs *Ruleset) { eff(rs).Give, eff(rs).Wound, eff(rs).Rounds = "", 1, 2 }, "checks[0].outcomes[2].effects[0].rounds", "only a condition given or stun"},
		{"rounds out of range", func(rs *Ruleset) { eff(rs).Rounds = -1 }, "checks[0].outcomes[2].effects[0].rounds", "between 1 and 10000"},
		{"a duration unknown", func(rs *Ruleset) { eff(rs).Duration = "forever" }, "checks[0].outcomes[2].effects[0].duration", `"forever" is not one of the durations`},
		{"a duration in rounds without them", func(rs *Ruleset) { eff(rs).Duration = ForRounds }, "checks[0].outcomes[2].effects[0].rounds", "Prone has no rounds of its own"},
		{"rounds and the round's end", func(rs *Ruleset) {
			eff(rs).Give, eff(rs).Rounds, eff(rs).Duration = "exposed", 2, UntilRoundEnd
		}, "checks[0].outcomes[2].effects[0].rounds", "only a duration in rounds has rounds"},
		{"stun without a ladder", func(rs *Ruleset) {
			rs.Stun = StunRules{Kind: StunNoAction}
			eff(rs).Give, eff(rs).Stun, eff(rs).Rounds = "", "stunned", 1
		}, "checks[0].outcomes[2].effects[0].stun", "no stun ladder"},
		{"an unknown stun level", func(rs *Ruleset) { eff(rs).Give, eff(rs).Stun, eff(rs).Rounds = "", "downed", 1 }, "checks[0].outcomes[2].effects[0].stun", `unknown stun level "downed"`},
		{"stun without rounds", func(rs *Ruleset) { eff(rs).Give, eff(rs).Stun = "", "stunned" }, "checks[0].outcomes[2].effects[0].rounds", "1 to 1000 rounds"},
		{"a wound that heals", func(rs *Ruleset) { eff(rs).Give, eff(rs).Wound = "", -2 }, "checks[0].outcomes[2].effects[0].wound", "1 to 1000 hits"},
		{"damage of an unknown stat", func(rs *Ruleset) { eff(rs).Give, eff(rs).Damage = "", e("1d6 + STR") }, "checks[0].outcomes[2].effects[0].damage", `unknown stat "STR"`},
	}
	for _, c := range cases {
		rs := goodChecks()
		c.break_(&rs)
		errs := rs.Validate()
		found := false
		for _, err := range errs {
			if err.Path == c.path && strings.Contains(err.Msg, c.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want %s: ...%s..., got %v", c.name, c.path, c.msg, errs)
		}
	}
}

func TestSpanText(t *testing.T) {
	for in, want := range map[string]string{"20": "20", " 1..3 ": "1..3", "96..": "96..", "..0": "..0", "-5..-1": "-5..-1", "3..3": "3"} {
		var s Span
		if err := s.UnmarshalText([]byte(in)); err != nil || s.String() != want {
			t.Errorf("%q: %q, %v; want %q", in, s.String(), err, want)
		}
	}
	for in, msg := range map[string]string{"": "not a number", "..": "holds every number", "5..1": "runs backwards", "1-3": "not a number", "x..": "not a number", fmt.Sprint(dice.MaxStat + 1): "not a number"} {
		var s Span
		if err := s.UnmarshalText([]byte(in)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: err = %v, want %q", in, err, msg)
		}
	}
	s := Span{Lo: 2, Hi: 3, HasLo: true, HasHi: true}
	if s.Holds(1) || !s.Holds(2) || !s.Holds(3) || s.Holds(4) || !(Span{}).Holds(-7) {
		t.Error("Holds")
	}
}

func TestDescribeEffects(t *testing.T) {
	rs := goodChecks()
	for want, e := range map[string]CheckEffect{
		"the target is Prone":                                {To: ToTarget, Give: "prone"},
		"the roller is Exposed to the end of the next round": {To: ToActor, Give: "exposed", Duration: UntilNextRoundEnd},
		"the roller is Exposed to the end of the round":      {To: ToActor, Give: "exposed", Duration: UntilRoundEnd},
		"the target is Prone for 1 round":                    {To: ToTarget, Give: "prone", Rounds: 1},
		"the target is no longer Prone":                      {To: ToTarget, Take: "prone"},
		"the roller takes 2 rounds of Stunned":               {To: ToActor, Stun: "stunned", Rounds: 2},
		"the target bleeds 3 a round from a new wound":       {To: ToTarget, Wound: 3},
		"the target takes 1d6 + SC damage":                   {To: ToTarget, Damage: dice.MustParse("1d6 + SC")},
	} {
		if got := rs.Describe(e); got != want {
			t.Errorf("%+v: %q, want %q", e, got, want)
		}
	}
}
