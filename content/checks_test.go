package content

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
)

// The shipped checks against the cases their books give.

// shippedOnce is the shipped content, loaded once for rollShipped: the
// tables' tests roll some thousands of checks, and loading it for each was
// most of this package's test time.
var shippedOnce = sync.OnceValues(LoadBuiltin)

// rollShipped rolls a shipped check with the ruleset's defaults under the
// stats given, and faces that must all be used.
func rollShipped(t *testing.T, ruleset, check string, actor, target map[string]int, faces ...int) engine.CheckRoll {
	t.Helper()
	lib, probs := shippedOnce()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	rs, ok := lib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	ch, ok := rs.Check(check)
	if !ok {
		t.Fatalf("%s has no check %s", ruleset, check)
	}
	side := func(given map[string]int) dice.StatFunc {
		m := map[string]int{}
		for _, s := range rs.Stats {
			m[s.ID] = s.Default
		}
		for k, v := range given {
			if _, ok := rs.Stat(k); !ok {
				t.Fatalf("%s has no stat %s", ruleset, k)
			}
			m[k] = v
		}
		return dice.StatMap(m)
	}
	src := dice.Script(faces...)
	res, err := engine.RunCheck(rs.Ruleset, ch, side(actor), side(target), dice.Expr{}, src)
	if err != nil {
		t.Fatalf("%s %s %v: %v", ruleset, check, faces, err)
	}
	if src.Err != nil || src.Left() != 0 {
		t.Fatalf("%s %s %v: faces: %v, %d left", ruleset, check, faces, src.Err, src.Left())
	}
	return res
}

// BRP, the Firearm 60% example: critical 01-03, special 04-12, success
// 13-60, failure 61-97, fumble 98-00; every face of the d100.
// ledger: brp/attack brp/critical-level brp/special-level brp/success-level brp/failure-level brp/fumble-level
func TestBRPFirearm60(t *testing.T) {
	for face := 1; face <= 100; face++ {
		want := "fumble"
		switch {
		case face <= 3:
			want = "critical"
		case face <= 12:
			want = "special"
		case face <= 60:
			want = "success"
		case face <= 97:
			want = "failure"
		}
		res := rollShipped(t, "brp", "skill", map[string]int{"skill": 60}, nil, face)
		if res.Outcome.ID != want || res.Target != 60 {
			t.Errorf("Firearm 60%%, a roll of %02d: %s (target %d), want %s", face, res.Outcome.ID, res.Target, want)
		}
	}
}

// BRP's other statements: fumbles "usually ranging from 96-100 for lower
// skill levels to a roll of 100 when character skill levels are over 100%",
// and skills over 100 widen critical and special.
// ledger: brp/critical-level brp/special-level brp/fumble-level brp/over-100-levels
func TestBRPLevelsAtOtherSkills(t *testing.T) {
	cases := []struct {
		skill, face int
		want        string
	}{
		{10, 95, "failure"}, {10, 96, "fumble"}, {20, 96, "fumble"}, {25, 96, "failure"}, {25, 97, "fumble"},
		{100, 99, "success"}, {100, 100, "fumble"},
		{120, 99, "success"}, {120, 100, "fumble"}, {120, 6, "critical"}, {120, 7, "special"}, {120, 24, "special"},
		{200, 10, "critical"}, {200, 40, "special"}, {200, 99, "success"}, {200, 100, "fumble"},
		{150, 8, "critical"}, {150, 9, "special"}, {150, 30, "special"}, {150, 31, "success"}, // l.427: 01-08, 01-30
		{50, 3, "critical"}, {50, 4, "special"}, {50, 10, "special"}, {50, 11, "success"}, {50, 98, "fumble"},
	}
	for _, c := range cases {
		if res := rollShipped(t, "brp", "skill", map[string]int{"skill": c.skill}, nil, c.face); res.Outcome.ID != c.want {
			t.Errorf("skill %d, roll %d: %s, want %s", c.skill, c.face, res.Outcome.ID, c.want)
		}
	}
}

// Countdown: "SC of 112 and the target has a DEF of 40, you need to roll a
// 72 or less to hit. If you roll an 11 or less, it is a critical hit. If you
// roll a 4 or less, it is a grievous hit", and the automatic hits and misses.
// ledger: countdown/strike countdown/critical-grievous countdown/automatic-results
func TestCountdownStrike(t *testing.T) {
	cases := []struct {
		sc, def, face int
		want          string
	}{
		{112, 40, 1, "grievous"}, {112, 40, 4, "grievous"}, {112, 40, 5, "critical"}, {112, 40, 11, "critical"},
		{112, 40, 12, "hit"}, {112, 40, 72, "hit"}, {112, 40, 73, "miss"},
		{200, 0, 95, "hit"}, {200, 0, 96, "miss_96"}, {200, 0, 100, "miss_96"},
		{10, 40, 3, "hit_03"}, {10, 40, 2, "critical_02"}, {10, 40, 1, "grievous_01"}, {10, 40, 4, "miss"},
	}
	for _, c := range cases {
		res := rollShipped(t, "countdown", "strike", map[string]int{"SC": c.sc}, map[string]int{"DEF": c.def}, c.face)
		if res.Outcome.ID != c.want || res.Target != c.sc-c.def {
			t.Errorf("SC %d vs DEF %d, a roll of %02d: %s (needs %d), want %s", c.sc, c.def, c.face, res.Outcome.ID, res.Target, c.want)
		}
	}
}

// The countdown's table as the book prints it: modified strike chance,
// grievous up to, critical up to ("-" none). Every chance from 1 to 140 is
// rolled at the edges of its ranges.
const countdownTable = `01…09 | - | 01 |
10…16 | 01 | 01…02 |
17…23 | 01 | 01…03 |
24…28 | 01 | 01…04 |
29…36 | 01…02 | 01…05 |
37…43 | 01…02 | 01…06 |
44…49 | 01…02 | 01…07 |
50…56 | 01…03 | 01…08 |
57…63 | 01…03 | 01…09 |
64…69 | 01…03 | 01…10 |
70…76 | 01…04 | 01…11 |
77…83 | 01…04 | 01…12 |
84…89 | 01…04 | 01…13 |
90…96 | 01…05 | 01…14 |
97…103 | 01…05 | 01…15 |
104…109 | 01…05 | 01…16 |
110…116 | 01…06 | 01…17 |
117…123 | 01…06 | 01…18 |
124…129 | 01…06 | 01…19 |
130+ | 01…07 | 01…20 |`

// ledger: countdown/critical-grievous countdown/strike-table countdown/automatic-results
func TestCountdownCriticalAndGrievousTable(t *testing.T) {
	upto := func(cell string) int {
		cell = strings.TrimSpace(cell)
		if cell == "-" {
			return 0
		}
		_, hi, _ := strings.Cut(cell, "…")
		if hi == "" {
			hi = cell
		}
		var n int
		fmt.Sscan(hi, &n)
		return n
	}
	for _, line := range strings.Split(countdownTable, "\n") {
		cells := strings.Split(line, "|")
		var from, to int
		if _, err := fmt.Sscanf(strings.ReplaceAll(cells[0], "…", " "), "%d %d", &from, &to); err != nil {
			fmt.Sscanf(cells[0], "%d+", &from)
			to = from + 10
		}
		grievous, critical := upto(cells[1]), upto(cells[2])
		for chance := from; chance <= to; chance++ {
			at := func(face int) string {
				return rollShipped(t, "countdown", "strike", map[string]int{"SC": chance}, map[string]int{"DEF": 0}, face).Outcome.ID
			}
			// Faces 01-03 always hit; read the table above them where it reaches.
			if grievous >= 4 && (at(grievous) != "grievous" || at(grievous+1) != "critical") {
				t.Errorf("chance %d: grievous should end at %d: %s, %s", chance, grievous, at(grievous), at(grievous+1))
			}
			if critical >= 4 && (at(critical) != "critical" || at(critical+1) != "hit") {
				t.Errorf("chance %d: critical should end at %d: %s, %s", chance, critical, at(critical), at(critical+1))
			}
			for face := 1; face <= 3; face++ {
				want := "hit_03"
				switch {
				case face <= grievous:
					want = "grievous"
				case face == 1:
					want = "grievous_01" // 01 is always a potential grievous (l.170), the 01-09 row too
				case face <= critical:
					want = "critical"
				case face == 2:
					want = "critical_02"
				}
				if got := at(face); got != want {
					t.Errorf("chance %d, a roll of %02d: %s, want %s", chance, face, got, want)
				}
			}
		}
	}
}

// fightOf starts a fight of a shipped ruleset with the combatants' stats.
func fightOf(t *testing.T, ruleset string, stats ...map[string]int) *engine.Fight {
	t.Helper()
	lib, _ := shippedOnce()
	rs, ok := lib.Ruleset(ruleset)
	if !ok {
		t.Fatal(ruleset)
	}
	f := engine.NewFight(rs.Ruleset, engine.NewEncounter("t", rs.Ruleset), dice.NewSource(1))
	var add []engine.NewCombatant
	for i, s := range stats {
		init := 10 - i
		add = append(add, engine.NewCombatant{Name: fmt.Sprint("C", i+1), HP: 20, Stats: s, Init: &init})
	}
	if _, err := f.Do(engine.Add{Combatants: add}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Do(engine.Start{}); err != nil {
		t.Fatal(err)
	}
	return f
}

func doCheck(t *testing.T, f *engine.Fight, check string, faces ...int) []engine.Event {
	t.Helper()
	ev, err := f.Do(engine.RollCheck{Who: 1, Target: 2, Check: check}, faces...)
	if err != nil {
		t.Fatalf("%s %v: %v", check, faces, err)
	}
	return ev
}

func until(c *engine.Combatant, id string) int {
	for _, x := range c.Conditions {
		if x.ID == id {
			return x.Until
		}
	}
	return -1
}

// Energy's Combat roll: 20 a critical that Exposes the target, 1-3 Exposes
// the roller to the end of the next round, 1 fails; otherwise the roll
// against the target's Armor Coverage.
// ledger: energy/combat-roll energy/combat-roll-armor energy/critical-hit energy/exposed-duration
func TestEnergyCombatRoll(t *testing.T) {
	for _, c := range []struct {
		face              int
		want              string
		actorTo, targetTo int // the round each is Exposed to (-1: not)
	}{
		{20, "critical", -1, 1},
		{1, "critical_failure", 2, -1},
		{2, "exposed_on_armor", 2, -1},
		{3, "exposed_past_armor", 2, -1}, // AC 3
		{4, "past_armor", -1, -1},
		{19, "past_armor", -1, -1},
	} {
		f := fightOf(t, "energy", nil, map[string]int{"armor_coverage": 3})
		ev := doCheck(t, f, "combat", c.face)
		enc := f.Current()
		if !strings.Contains(narrate.Line(f.Rules, ev[0]), fmt.Sprintf("d20: [%d] = %d vs 3 or more: ", c.face, c.face)) {
			t.Errorf("a %d: %q", c.face, narrate.Line(f.Rules, ev[0]))
		}
		res := rollShipped(t, "energy", "combat", nil, map[string]int{"armor_coverage": 3}, c.face)
		if res.Outcome.ID != c.want || until(enc.Combatant(1), "exposed") != c.actorTo || until(enc.Combatant(2), "exposed") != c.targetTo {
			t.Errorf("a %d: %s, roller exposed to %d, target to %d; want %s, %d, %d", c.face, res.Outcome.ID,
				until(enc.Combatant(1), "exposed"), until(enc.Combatant(2), "exposed"), c.want, c.actorTo, c.targetTo)
		}
	}
}

// Pathmaster's spell casting static maneuver: 0 or less absolute failure,
// 01-25 spectacular, 26-100 failure, UM 100 unusual event, 101+ success.
// ledger: pathmaster/casting-roll pathmaster/casting-results
func TestPathmasterSpellCasting(t *testing.T) {
	cases := []struct {
		sp    int
		faces []int
		want  string
	}{
		{0, []int{3, 40}, "absolute"}, // 3 - 40
		{-50, []int{50}, "absolute"},
		{-49, []int{50}, "spectacular"}, {-25, []int{50}, "spectacular"},
		{-24, []int{50}, "failure"}, {50, []int{50}, "failure"},
		{51, []int{50}, "success"}, {60, []int{97, 12}, "success"},
		{0, []int{100, 30}, "unusual"}, {-200, []int{100, 4}, "unusual"},
	}
	for _, c := range cases {
		if res := rollShipped(t, "pathmaster", "spell", map[string]int{"SP": c.sp}, nil, c.faces...); res.Outcome.ID != c.want {
			t.Errorf("SP %d, %v: %s (%d), want %s", c.sp, c.faces, res.Outcome.ID, res.Total, c.want)
		}
	}
}

// War & Combat: Fumble? and Stumble? are 3d6 + modifier vs. 10, and a roll
// of exactly 10 misses by 0; an attack beating Defense by 5 is critical.
// ledger: war-and-combat/parry-within-three war-and-combat/attack-roll war-and-combat/critical-hit
// ledger: war-and-combat/fumble-check war-and-combat/stumble-check
func TestWarAndCombatChecks(t *testing.T) {
	for _, c := range []struct {
		check string
		mod   map[string]int
		faces []int
		want  string
	}{
		{"fumble", nil, []int{3, 3, 4}, "fumble"}, {"fumble", nil, []int{3, 3, 5}, "holds"},
		{"fumble", map[string]int{"dex_mod": 1}, []int{3, 3, 4}, "holds"},
		{"stumble", nil, []int{6, 2, 2}, "falls"}, {"stumble", map[string]int{"agl_mod": 2}, []int{6, 2, 1}, "steady"},
	} {
		if res := rollShipped(t, "war-and-combat", c.check, c.mod, nil, c.faces...); res.Outcome.ID != c.want {
			t.Errorf("%s %v %v: %s, want %s", c.check, c.mod, c.faces, res.Outcome.ID, c.want)
		}
	}
	for _, c := range []struct {
		faces []int
		want  string
	}{{[]int{5, 5, 5}, "critical"}, {[]int{5, 5, 4}, "hit"}, {[]int{5, 5, 1}, "hit"}, {[]int{5, 4, 1}, "parried"}, {[]int{3, 2, 2}, "parried"}, {[]int{3, 2, 1}, "miss"}} {
		// Skill 2 vs Defense 12: 3d6 + 2 must beat 12; a total of 17+ is critical, 9-12 parried.
		if res := rollShipped(t, "war-and-combat", "attack", map[string]int{"weapon_skill": 2}, map[string]int{"defense": 12}, c.faces...); res.Outcome.ID != c.want {
			t.Errorf("attack %v: %s (%d vs %d), want %s", c.faces, res.Outcome.ID, res.Total, res.Target, c.want)
		}
	}
	f := fightOf(t, "war-and-combat", nil, nil)
	doCheck(t, f, "stumble", 1, 1, 1)
	doCheck(t, f, "fumble", 1, 1, 1, 3) // and where the item lands
	if c := f.Current().Combatant(1); !c.Has("prone") || !c.Has("fumbled") || f.Current().Combatant(2).Has("prone") {
		t.Errorf("after failing both: %+v", c.Conditions)
	}
}

// Every shipped check can come to each of its outcomes: none is
// unreachable in practice as well as by validation, with the weapon in
// hand's fields varied too.
func TestEveryShippedOutcomeComesUp(t *testing.T) {
	lib, _ := LoadBuiltin()
	for _, rs := range lib.Rulesets() {
		for _, ch := range rs.Checks {
			seen := map[string]bool{}
			src := dice.NewSource(7)
			for i := range 4000 {
				actor, target := map[string]int{}, map[string]int{}
				for _, s := range rs.Stats {
					actor[s.ID], target[s.ID] = i%300-100, (i*7)%60
				}
				if i%2 == 1 { // a weapon in hand with fields of its own (a Precise blade), every other roll
					for _, f := range rs.Gear.WeaponFields {
						actor["weapon_"+f.ID] = (i / 2) % 5
					}
				}
				mod := dice.Expr{}
				if i%3 == 2 { // a modifier typed, every third roll (BRP's resistance rolls: the chance itself)
					mod = dice.MustParse(strconv.Itoa(i%120 - 20))
				}
				res, err := engine.RunCheck(rs.Ruleset, ch, dice.StatMap(actor), dice.StatMap(target), mod, src)
				if err != nil {
					t.Fatalf("%s %s: %v", rs.ID, ch.ID, err)
				}
				seen[res.Outcome.ID] = true
			}
			for _, o := range ch.Outcomes {
				if !seen[o.ID] {
					t.Errorf("%s %s: %s never came up", rs.ID, ch.ID, o.ID)
				}
			}
		}
	}
}

// A check's problems are reported at their file, line and column, down to
// an effect of an outcome.
func TestCheckProblemsArePositioned(t *testing.T) {
	check := func(src string, want ...string) {
		t.Helper()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "r.toml"), []byte(goodRuleset+src), 0o644); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range Check(dir) {
			got = append(got, strings.TrimPrefix(p.Error(), dir+string(filepath.Separator)))
		}
		for _, w := range want {
			if !slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, w) }) {
				t.Errorf("missing %s...\ngot:\n%s", w, strings.Join(got, "\n"))
			}
		}
	}
	check(`
[[checks]]
id = "save"
name = "Save"
roll = "d20 + QU"
target = "10 + target_QX"
succeeds = "at_least"

[[checks.outcomes]]
id = "natural"
name = "Natural 20"
faces = "21..30"

[[checks.outcomes]]
id = "good"
name = "Saved"
result = "success"

  [[checks.outcomes.effects]]
  to = "target"
  take = "prone"
  wound = 2
`,
		`r.toml:25:10: checks[0].target: "target_QX": the target has no stat "QX"`,
		`r.toml:31:9: checks[0].outcomes[0].faces: "d20 + QU" never shows 21..30`,
		`r.toml:38:3: checks[0].outcomes[1].effects[0]: an effect does one thing`,
		`r.toml:28:1: checks[0].outcomes: some rolls would have no outcome`,
	)
	check(`
[[checks]]
id = "save"
name = "Save"
roll = "d20"
target = "10"
succeeds = "at_least"

[[checks.outcomes]]
id = "any"
name = "Any"
faces = "19..21x"
`,
		`r.toml:31:9: checks[0].outcomes[0].faces: "19..21x" is not a number, N..M, N.. or ..M`,
	)
}

// Ambush and shooting into melee (countdown.txt): the ambushed one's PER
// roll picks the line; a shot into a melee of one friend and one foe goes
// to the friend at 30 or less (d100 + weapon rank), or on a natural 05 or
// less.
// ledger: countdown/ambush-roll countdown/shooting-into-melee
func TestCountdownAmbushAndIntoMelee(t *testing.T) {
	ambush := func(face int) string {
		return rollShipped(t, "countdown", "ambush", map[string]int{"PER": 10}, nil, face).Outcome.ID
	}
	for face, want := range map[int]string{10: "before", 11: "as_sprung", 20: "as_sprung", 30: "partly", 40: "surprised", 41: "completely", 100: "completely"} {
		if got := ambush(face); got != want {
			t.Errorf("ambush, PER 10, rolled %d: %s, want %s", face, got, want)
		}
	}
	melee := func(face int) string {
		return rollShipped(t, "countdown", "into_melee_1f1o", map[string]int{"weapon_rank": 5}, nil, face).Outcome.ID
	}
	for face, want := range map[int]string{25: "friend", 26: "foe", 4: "friend_05", 5: "friend_05", 6: "friend"} {
		if got := melee(face); got != want {
			t.Errorf("into melee, rank 5, rolled %d: %s, want %s", face, got, want)
		}
	}
}

// Shooting into melee: each of the book's six lines, at the line the shot
// goes to a friend and one above to the foe (weapon rank 0); a natural 05
// or less always to a friend.
// ledger: countdown/shooting-into-melee
func TestCountdownIntoMeleeLines(t *testing.T) {
	for check, line := range map[string]int{
		"into_melee_1f1o": 30, "into_melee_1f2o": 20, "into_melee_1f3o": 10,
		"into_melee_2f1o": 40, "into_melee_3f1o": 50, "into_melee_3f2o": 45,
	} {
		for face, want := range map[int]string{line: "friend", line + 1: "foe", 5: "friend_05"} {
			if got := rollShipped(t, "countdown", check, map[string]int{"weapon_rank": 0}, nil, face).Outcome.ID; got != want {
				t.Errorf("%s, rolled %d: %s, want %s", check, face, got, want)
			}
		}
	}
}

// Impact as far as the book's table goes: 1d3 for a cap of -2 to 2, less
// absorption, penetrating over the threshold less the penetration value.
// ledger: war-and-combat/glossary-absorption war-and-combat/glossary-effective-impact war-and-combat/glossary-penetration-threshold
// ledger: war-and-combat/glossary-penetration-value war-and-combat/effective-impact war-and-combat/impact-1d3
// ledger: war-and-combat/absorption war-and-combat/penetration
func TestWarAndCombatImpact(t *testing.T) {
	target := map[string]int{"absorption": 1, "pen_threshold": 2}
	for _, c := range []struct {
		face int
		want string
	}{{3, "penetrating"}, {2, "blunt"}, {1, "blunt"}} {
		res := rollShipped(t, "war-and-combat", "impact", map[string]int{"pen_value": 1}, target, c.face)
		if res.Outcome.ID != c.want {
			t.Errorf("1d3 = %d: %s (%d vs %d), want %s", c.face, res.Outcome.ID, res.Total, res.Target, c.want)
		}
	}
}
