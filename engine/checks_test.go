package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Checks are tested with small rulesets written here, one per kind of
// band: each is validated first, so a case cannot pass on a ruleset the
// loader would refuse.

func ruleset(t *testing.T, rs rules.Ruleset) *rules.Ruleset {
	t.Helper()
	if rs.ID == "" {
		rs.ID, rs.Name = "t", "Test"
	}
	if rs.Order.Kind == "" {
		rs.Order.Kind = rules.OrderNone
	}
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatalf("the test ruleset does not validate: %v", errs)
	}
	return &rs
}

func expr(s string) dice.Expr { return dice.MustParse(s) }

func span(t *testing.T, s string) rules.Span {
	t.Helper()
	var sp rules.Span
	if err := sp.UnmarshalText([]byte(s)); err != nil {
		t.Fatal(err)
	}
	return sp
}

// roll runs a check with scripted faces and fails the test if they were not
// all used.
func roll(t *testing.T, rs *rules.Ruleset, check string, actor, target map[string]int, mod string, faces ...int) engine.CheckRoll {
	t.Helper()
	ch, ok := rs.Check(check)
	if !ok {
		t.Fatalf("no check %s", check)
	}
	var m dice.Expr
	if mod != "" {
		m = expr(mod)
	}
	var ts dice.StatFunc
	if target != nil {
		ts = dice.StatMap(target)
	}
	src := dice.Script(faces...)
	res, err := engine.RunCheck(rs, ch, dice.StatMap(actor), ts, m, src)
	if err != nil {
		t.Fatalf("%s %v: %v", check, faces, err)
	}
	if src.Err != nil || src.Left() != 0 {
		t.Fatalf("%s %v: faces: %v, %d left", check, faces, src.Err, src.Left())
	}
	return res
}

// A d100 roll-under with bands by a fraction of the target: the levels of
// success of Basic Roleplaying, fumble first so that 00 fumbles even over 100.
func fractionRules(t *testing.T) *rules.Ruleset {
	return ruleset(t, rules.Ruleset{
		Stats: []rules.StatDef{{ID: "skill", Name: "Skill"}},
		Checks: []rules.Check{{
			ID: "skill", Name: "Skill roll", Roll: expr("d100"), Target: expr("skill"), Succeeds: rules.AtMost,
			Outcomes: []rules.Outcome{
				{ID: "fumble", Name: "Fumble", AtLeast: expr("100 - max(0, (100 - target) / 20)")},
				{ID: "critical", Name: "Critical", Result: rules.Success, AtMost: expr("(target + 10) / 20")},
				{ID: "special", Name: "Special", Result: rules.Success, AtMost: expr("(target + 2) / 5")},
				{ID: "success", Name: "Success", Result: rules.Success},
				{ID: "failure", Name: "Failure", Result: rules.Failure},
			},
		}},
	})
}

func TestCheckBandsByFractionOfTheTarget(t *testing.T) {
	rs := fractionRules(t)
	cases := []struct {
		skill, face int
		want        string
	}{
		{60, 1, "critical"}, {60, 3, "critical"}, {60, 4, "special"}, {60, 12, "special"},
		{60, 13, "success"}, {60, 60, "success"}, {60, 61, "failure"}, {60, 97, "failure"},
		{60, 98, "fumble"}, {60, 100, "fumble"},
		// Over 100: the fractions grow, and only 00 fumbles.
		{120, 6, "critical"}, {120, 7, "special"}, {120, 24, "special"}, {120, 25, "success"},
		{120, 99, "success"}, {120, 100, "fumble"},
		// Low skill: 96-00 fumble; 1/20 of 10 rounds to 1.
		{10, 1, "critical"}, {10, 2, "special"}, {10, 3, "success"}, {10, 11, "failure"}, {10, 95, "failure"}, {10, 96, "fumble"},
	}
	for _, c := range cases {
		res := roll(t, rs, "skill", map[string]int{"skill": c.skill}, nil, "", c.face)
		if res.Outcome.ID != c.want || res.Target != c.skill || res.Total != c.face {
			t.Errorf("skill %d, roll %d: %s (total %d vs %d), want %s", c.skill, c.face, res.Outcome.ID, res.Total, res.Target, c.want)
		}
	}
	// A modifier of a roll-under check moves the target, and the bands with it.
	res := roll(t, rs, "skill", map[string]int{"skill": 80}, nil, "-20", 3)
	if res.Target != 60 || res.Base != 80 || res.Outcome.ID != "critical" {
		t.Errorf("skill 80 at -20, roll 3: target %d (base %d), %s; want 60, critical", res.Target, res.Base, res.Outcome.ID)
	}
	if got := narrate.Check(rs, "skill", res.Roll, res.Result()); got != "d100: [3] = 3 vs 60 or less (80 - 20): Critical" {
		t.Errorf("String() = %q", got)
	}
}

// A roll-under whose target reads the defender's stats, with a table keyed
// on the target and faces that always decide: the countdown's strike.
func tableRules(t *testing.T) *rules.Ruleset {
	return ruleset(t, rules.Ruleset{
		Stats: []rules.StatDef{{ID: "SC", Name: "Strike chance"}, {ID: "DEF", Name: "Defense"}},
		Checks: []rules.Check{{
			ID: "strike", Name: "Strike", Roll: expr("d100"), Target: expr("SC - target_DEF"), Succeeds: rules.AtMost,
			Outcomes: []rules.Outcome{
				{ID: "miss_96", Name: "Miss", Faces: span(t, "96..")},
				{ID: "grievous", Name: "Grievous", Table: []rules.TargetRow{{From: 10, UpTo: 1}, {From: 70, UpTo: 4}}},
				{ID: "critical", Name: "Critical", Table: []rules.TargetRow{{From: 1, UpTo: 1}, {From: 10, UpTo: 2}, {From: 70, UpTo: 11}}},
				{ID: "grievous_01", Name: "Grievous", Faces: span(t, "1")},
				{ID: "critical_02", Name: "Critical", Faces: span(t, "2")},
				{ID: "hit_03", Name: "Hit", Faces: span(t, "3")},
				{ID: "hit", Name: "Hit", Result: rules.Success},
				{ID: "miss", Name: "Miss", Result: rules.Failure},
			},
		}},
	})
}

func TestCheckBandsByTableAndFace(t *testing.T) {
	rs := tableRules(t)
	cases := []struct {
		sc, def, face int
		want          string
	}{
		{112, 40, 4, "grievous"}, {112, 40, 5, "critical"}, {112, 40, 11, "critical"}, {112, 40, 12, "hit"},
		{112, 40, 72, "hit"}, {112, 40, 73, "miss"},
		{200, 0, 95, "hit"}, {200, 0, 96, "miss_96"}, {200, 0, 100, "miss_96"},
		{10, 40, 1, "grievous_01"}, {10, 40, 2, "critical_02"}, {10, 40, 3, "hit_03"}, {10, 40, 4, "miss"},
		// Between the rows: from 10 up, grievous on 01 and critical up to 02.
		{30, 0, 1, "grievous"}, {30, 0, 2, "critical"}, {30, 0, 3, "hit_03"}, {5, 0, 1, "critical"},
		// A row begins at its own target: 70 reads the row from 70, 10 the row from 10.
		{70, 0, 4, "grievous"}, {70, 0, 11, "critical"}, {10, 0, 1, "grievous"}, {9, 0, 1, "critical"},
	}
	for _, c := range cases {
		res := roll(t, rs, "strike", map[string]int{"SC": c.sc}, map[string]int{"DEF": c.def}, "", c.face)
		if res.Outcome.ID != c.want || res.Target != c.sc-c.def {
			t.Errorf("SC %d vs DEF %d, roll %d: %s against %d, want %s", c.sc, c.def, c.face, res.Outcome.ID, res.Target, c.want)
		}
	}
	// With nobody to read DEF from, the roll cannot be made.
	ch, _ := rs.Check("strike")
	if _, err := engine.RunCheck(rs, ch, dice.StatMap(map[string]int{"SC": 50}), nil, dice.Expr{}, dice.Script(5)); err == nil || !strings.Contains(err.Error(), "target_DEF") {
		t.Errorf("no target: err = %v", err)
	}
}

// Roll over with an open-ended d100 and bands by the total, a face read
// before the open-ended roll, and War & Combat's beat-the-target.
func totalRules(t *testing.T) *rules.Ruleset {
	return ruleset(t, rules.Ruleset{
		Stats: []rules.StatDef{{ID: "SK", Name: "Skill"}},
		Checks: []rules.Check{{
			ID: "maneuver", Name: "Maneuver", Roll: expr("d100oe + SK"), Target: expr("101"), Succeeds: rules.AtLeast,
			Outcomes: []rules.Outcome{
				{ID: "unusual", Name: "Unusual", Faces: span(t, "100")},
				{ID: "absolute", Name: "Absolute failure", AtMost: expr("0")},
				{ID: "spectacular", Name: "Spectacular failure", AtMost: expr("25")},
				{ID: "success", Name: "Success", Result: rules.Success},
				{ID: "failure", Name: "Failure", Result: rules.Failure},
			},
		}, {
			ID: "beat", Name: "Beat", Roll: expr("3d6"), Target: expr("10"), Succeeds: rules.Above,
			Outcomes: []rules.Outcome{
				{ID: "critical", Name: "Critical", AtLeast: expr("target + 5")},
				{ID: "by_0", Name: "Missed by 0", AtLeast: expr("target"), AtMost: expr("target")},
				{ID: "any", Name: "Any"},
			},
		}},
	})
}

func TestCheckBandsByTotal(t *testing.T) {
	rs := totalRules(t)
	cases := []struct {
		sk    int
		mod   string
		faces []int
		total int
		want  string
	}{
		{50, "", []int{51}, 101, "success"},
		{50, "", []int{50}, 100, "failure"},
		{50, "+1", []int{50}, 101, "success"}, // a roll-over modifier adds to the total
		{0, "", []int{25}, 25, "spectacular"},
		{0, "", []int{26}, 26, "failure"},
		{20, "", []int{3, 40}, -17, "absolute"},        // 3 - 40 + 20
		{0, "", []int{100, 20}, 120, "unusual"},        // the face before the open-ended roll
		{-300, "", []int{100, 100, 5}, -95, "unusual"}, // whatever the total
	}
	for _, c := range cases {
		res := roll(t, rs, "maneuver", map[string]int{"SK": c.sk}, nil, c.mod, c.faces...)
		if res.Outcome.ID != c.want || res.Total != c.total || res.Target != 101 {
			t.Errorf("SK %d %s %v: %s with %d, want %s with %d", c.sk, c.mod, c.faces, res.Outcome.ID, res.Total, c.want, c.total)
		}
	}
	for _, c := range []struct {
		faces   []int
		want    string
		success bool
	}{{[]int{5, 5, 5}, "critical", true}, {[]int{4, 5, 5}, "any", true}, {[]int{3, 3, 4}, "by_0", false}, {[]int{3, 3, 5}, "any", true}, {[]int{1, 1, 1}, "any", false}} {
		res := roll(t, rs, "beat", nil, nil, "", c.faces...)
		if res.Outcome.ID != c.want || res.Success != c.success {
			t.Errorf("3d6 %v vs more than 10: %s (success %v), want %s (%v)", c.faces, res.Outcome.ID, res.Success, c.want, c.success)
		}
	}
	res := roll(t, rs, "maneuver", map[string]int{"SK": 60}, nil, "1d10 - 3", 45, 7)
	if line := narrate.Check(rs, "maneuver", res.Roll, res.Result()); res.Total != 109 || line != "d100oe + SK: [45] + 60 = 105 + (1d10 - 3: [7] - 3 = 4) = 109 vs 101 or more: Success" {
		t.Errorf("with a rolled modifier: %d, %q", res.Total, line)
	}
}

// effectRules has a check whose outcomes do something to each side.
func effectRules(t *testing.T) *rules.Ruleset {
	return ruleset(t, rules.Ruleset{
		// A stun ladder is marked off on own turns: a fixed order, rolled.
		Order: rules.OrderRules{Kind: rules.OrderFixed, Initiative: expr("10")},
		Stats: []rules.StatDef{{ID: "AC", Name: "Armor coverage"}, {ID: "STR", Name: "Strength"}},
		Stun:  rules.StunRules{Kind: rules.StunLadder, Levels: []rules.StunLevel{{ID: "stunned", Name: "Stunned"}}, Recovery: expr("d100"), Target: 101},
		Conditions: []rules.ConditionDef{
			{ID: "exposed", Name: "Exposed", Duration: rules.UntilRoundEnd},
			{ID: "guarded", Name: "Guarded", Duration: rules.UntilRemoved},
			{ID: "shaken", Name: "Shaken", Duration: rules.ForRounds, Rounds: expr("1")},
		},
		Checks: []rules.Check{{
			ID: "combat", Name: "Combat roll", Roll: expr("d20"), Target: expr("target_AC"), Succeeds: rules.AtLeast,
			Outcomes: []rules.Outcome{
				{ID: "critical", Name: "Critical hit", Faces: span(t, "20"), Effects: []rules.CheckEffect{
					{To: rules.ToTarget, Give: "exposed"},
					{To: rules.ToTarget, Take: "guarded"},
					{To: rules.ToTarget, Damage: expr("1d6 + STR")},
				}},
				{ID: "fumble", Name: "Critical failure", Faces: span(t, "1"), Effects: []rules.CheckEffect{
					{To: rules.ToActor, Give: "exposed", Duration: rules.UntilNextRoundEnd},
					{To: rules.ToActor, Stun: "stunned", Rounds: 2},
				}},
				{ID: "low", Name: "Exposed", Faces: span(t, "2..3"), Effects: []rules.CheckEffect{
					{To: rules.ToActor, Give: "shaken", Rounds: 3},
					{To: rules.ToActor, Wound: 2},
				}},
				{ID: "clear", Name: "Past the armour", Result: rules.Success},
				{ID: "armour", Name: "On the armour", Result: rules.Failure},
			},
		}},
	})
}

func checkFight(t *testing.T, rs *rules.Ruleset) *enginetest.Fight {
	t.Helper()
	f := enginetest.New(t, rs, dice.NewSource(1))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Ann", HP: 20, Stats: map[string]int{"STR": 2}},
		{Name: "Orc", HP: 20, Stats: map[string]int{"AC": 12}},
	}})
	f.Must(engine.Start{})
	return f
}

func combatant(f *enginetest.Fight, name string) *engine.Combatant { return f.Get(name) }

func TestCheckEffectsFallOnTheSideTheySay(t *testing.T) {
	rs := effectRules(t)
	f := checkFight(t, rs)
	ann, orc := f.ID("Ann"), f.ID("Orc")
	f.Must(engine.GiveCondition{Who: orc, Condition: "guarded"})

	// A natural 20: the target is exposed, loses its guard and takes 1d6 + the actor's STR.
	ev := f.Must(engine.RollCheck{Who: ann, Target: orc, Check: "combat"}, 20, 4)
	o := combatant(f, "Orc")
	if !o.Has("exposed") || o.Has("guarded") || o.HP != 14 || combatant(f, "Ann").Has("exposed") {
		t.Errorf("after a 20: orc %+v, ann %+v", o, combatant(f, "Ann"))
	}
	if narrate.Line(f.Rules, ev[0]) != "Ann: Combat roll against Orc: d20: [20] = 20 vs 12 or more: Critical hit" || ev[0].Roll == nil || ev[0].Roll.Total != 20 {
		t.Errorf("the check's line: %q", narrate.Line(f.Rules, ev[0]))
	}

	// A natural 1: the roller is exposed to the end of the next round and stunned.
	f.Must(engine.RollCheck{Who: ann, Target: orc, Check: "combat"}, 1)
	a := combatant(f, "Ann")
	if !a.Has("exposed") || len(a.Stun) == 0 || a.Stun[0] != 2 {
		t.Errorf("after a 1: ann %+v", a)
	}
	nextRound(f) // round 2: the orc's exposure of round 1 is over, Ann's is not
	if combatant(f, "Orc").Has("exposed") || !combatant(f, "Ann").Has("exposed") {
		t.Errorf("round 2: orc exposed %v, ann exposed %v", combatant(f, "Orc").Has("exposed"), combatant(f, "Ann").Has("exposed"))
	}
	nextRound(f)
	if combatant(f, "Ann").Has("exposed") {
		t.Errorf("round 3: Ann is still exposed")
	}

	// 2-3: shaken for 3 rounds (not its own 1) and a wound bleeding 2.
	f.Must(engine.RollCheck{Who: ann, Target: orc, Check: "combat"}, 3)
	a = combatant(f, "Ann")
	if len(a.Conditions) != 1 || a.Conditions[0].ID != "shaken" || a.Conditions[0].Left != 3 || a.Bleeding() != 2 {
		t.Errorf("after a 3: ann %+v", a)
	}

	// Otherwise the total against the target's AC, with no effect.
	before := *f.Current()
	ev = f.Must(engine.RollCheck{Who: ann, Target: orc, Check: "combat", Expr: "+2"}, 10)
	if len(ev) != 1 || !strings.HasSuffix(narrate.Line(f.Rules, ev[0]), "d20: [10] = 10 + 2 = 12 vs 12 or more: Past the armour") {
		t.Errorf("a 10 + 2 vs 12: %v", ev)
	}
	if !reflect.DeepEqual(f.Current().Combatants, before.Combatants) {
		t.Errorf("an outcome with no effects changed the combatants")
	}

	// Undo and redo are exact: the redo replays the faces typed.
	log := f.Log()
	state := f.Current().Clone()
	for range 4 {
		f.Undo()
	}
	for range 4 {
		if _, err := f.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(*f.Current(), state) || !reflect.DeepEqual(f.Log(), log) {
		t.Errorf("undo and redo of checks are not exact")
	}
	if err := f.Verify(); err != nil {
		t.Error(err)
	}
}

func TestCheckCommandRefuses(t *testing.T) {
	rs := effectRules(t)
	f := checkFight(t, rs)
	ann, orc := f.ID("Ann"), f.ID("Orc")
	f.Refuse(engine.RollCheck{Who: ann, Check: "combat"}, "choose a target")
	f.Refuse(engine.RollCheck{Who: ann, Target: orc, Check: "parley"}, `no check "parley"`)
	f.Refuse(engine.RollCheck{Who: ann, Target: 99, Check: "combat"}, "no combatant #99")
	f.Refuse(engine.RollCheck{Who: 99, Target: orc, Check: "combat"}, "no combatant #99")
	f.Refuse(engine.RollCheck{Who: ann, Target: orc, Check: "combat", Expr: "2 +"}, "2 +")
	// Typed faces that do not fit the roll are refused, and nothing changes.
	if _, err := f.Do(engine.RollCheck{Who: ann, Target: orc, Check: "combat"}, 21); err == nil {
		t.Error("a d20 typed as 21 was accepted")
	}
	if len(f.Done) != 2 {
		t.Errorf("%d steps done, want the add and the start", len(f.Done))
	}
}

// A check needs no target when it reads none of the target's stats and
// does nothing to it.
func TestCheckWithoutATarget(t *testing.T) {
	rs := fractionRules(t)
	f := enginetest.New(t, rs, dice.NewSource(1))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Yvarre", HP: 12, Stats: map[string]int{"skill": 47}}}})
	ev := f.Must(engine.RollCheck{Who: f.ID("Yvarre"), Check: "skill"}, 99)
	if len(ev) != 1 || narrate.Line(f.Rules, ev[0]) != "Yvarre: Skill roll: d100: [99] = 99 vs 47 or less: Fumble" {
		t.Errorf("events: %v", ev)
	}
}

// nextRound steps the fight to the start of its next round.
func nextRound(f *enginetest.Fight) {
	for r := f.Current().Round; f.Current().Round == r; {
		f.Next()
	}
}
