package tui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/narrate"
)

// blowToFaces presses enter through a blow's lists (the first blow, the
// first foe, the first weapon, no defence, no modifiers) until the faces
// prompt opens.
func blowToFaces(t *testing.T, m Model) Model {
	t.Helper()
	m, _ = keys(m, "t", "A")
	for range 8 {
		if strings.Contains(promptSays(m), "in this order") {
			return m
		}
		m, _ = keys(m, "enter")
	}
	t.Fatalf("no faces prompt:\n%s", screenText(m))
	return m
}

// logHas says whether a line of the fight's log holds all of want.
func logHas(m Model, want ...string) bool {
	for _, e := range m.fight().Log() {
		l := narrate.Line(m.fight().Rules, e)
		if !slices.ContainsFunc(want, func(w string) bool { return !strings.Contains(l, w) }) {
			return true
		}
	}
	return false
}

// A crushing special hit by the temple guard's mace: the faces prompt
// lists first only the attack roll, the one roll sure to come, and says
// more follow as the faces call for them. Typed as the prompt names each
// die, the damage makes a major wound, whose table (l.535) and Luck roll
// (l.547) come before the Stamina roll against the crushing blow (l.347):
// the fifth face goes to the table, as the prompt says, not to the Stamina
// roll the list once put fifth.
// ledger: brp/major-wound-table brp/crushing-stun
func TestBRPTableDiceListOnlyTheRollsSureToCome(t *testing.T) {
	m := armedFight(t, "brp", []string{"temple_guard", "kallistor"}, nil)
	m = toRankOf(t, m, "Temple guard")
	m = selectByKeys(t, m, "Temple guard")
	m = blowToFaces(t, m)
	s := promptSays(m)
	if !strings.Contains(s, "in this order: 1 die, Temple guard: Skill roll against Kallistor (d100): d100; then the rolls the faces typed call for") ||
		strings.Contains(s, "Stamina") {
		t.Fatalf("the list promises more than the first faces decide:\n%s", s)
	}
	m, _ = keys(m, "5 6 3 4")
	if s := promptSays(m); !strings.Contains(s, "next, Kallistor Major wound (d100), d100") {
		t.Fatalf("the fifth die is not named for the major wound table:\n%s", s)
	}
	m, _ = keys(m, " 80")
	if s := promptSays(m); !strings.Contains(s, "next, Kallistor: Luck roll") {
		t.Fatalf("the sixth die is not named for the Luck roll:\n%s", s)
	}
	m, _ = keys(m, " 10")
	if s := promptSays(m); !strings.Contains(s, "next, Kallistor: Stamina against a crushing blow") {
		t.Fatalf("the seventh die is not named for the Stamina roll:\n%s", s)
	}
	m, _ = keys(m, " 70", "enter")
	for _, want := range [][]string{{"Major wound: d100: [80]"}, {"Luck roll", "[10]"}, {"Stamina against a crushing blow", "[70]"}} {
		if !logHas(m, want...) {
			t.Errorf("the log has no line with %q:\n%s", want, screenText(m))
		}
	}
}

// A missile fumble that drops the bow (l.294: "slides or bounces 1D6-1
// meters away"): the prompt names the die by the roll it is for, not by
// an outcome reckoned before it is typed ("lands 0 m away"), and the log
// says where it landed once it is.
// ledger: brp/fumble-missile-table
func TestBRPTableDiceNameTheFlightNotWhereItLands(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "kallistor"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m = blowToFaces(t, m)
	m, _ = keys(m, "99 60")
	s := promptSays(m)
	if !strings.Contains(s, "2 typed, 3 called for so far; next, Cult archer's Short bow: metres it flies (1d6 - 1), d6") || strings.Contains(s, "lands") {
		t.Fatalf("the die is not named for the roll it is for:\n%s", s)
	}
	m, _ = keys(m, " 3", "enter")
	if !logHas(m, "Cult archer's Short bow lands 2 m away") {
		t.Errorf("the log does not say where the bow landed:\n%s", screenText(m))
	}
}

// l.391: a failed pull at an impaling weapon costs 1D3 more. With table
// dice, the faces prompt of g's pull lists its d100 and says the rolls the
// faces call for follow (the 1D3 after a failure), where a roll that calls
// for none (Agility) says nothing of more.
// ledger: brp/impaled-weapon
func TestBRPTableDicePullSaysTheFailuresRollFollows(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Cult archer")
	archer, cultist := combatant(m, "Cult archer").ID, combatant(m, "Cultist").ID
	if _, err := m.fight().Do(engine.Blow{Who: archer, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "t", "g", "pull out an impaling", "enter", "45", "enter")
	if s := promptSays(m); !strings.Contains(s, "in this order: 1 die") || !strings.Contains(s, "then the rolls the faces typed call for") {
		t.Errorf("the pull's faces prompt:\n%s", s)
	}
	m, _ = keys(m, "esc")
	m, _ = keys(m, "g", "agility roll", "enter", "enter")
	if s := promptSays(m); !strings.Contains(s, "in this order: 1 die") || strings.Contains(s, "then the rolls") {
		t.Errorf("the Agility roll's faces prompt:\n%s", s)
	}
}

// A blow's faces decide what follows it (a hit's damage, a miss none): the
// table-dice prompt (t, README's N) counts the faces typed and what those
// typed call for so far, never a total it cannot know ("0 of 5", then
// "2 of 7" as the faces came), nor what the faces not yet typed might call
// for: with none typed, the attack's d100 alone, as the prompt's order
// says (a 1 read in its place would be a critical and call for damage),
// and a special success (10 against the archer's 50%, 1/5 of it: l.192)
// calls for an impale's damage rolled twice (l.326). enter with too few
// faces counts them the same way (a plain hit, 45: its damage alone).
func TestBRPTableDiceCountNoGuessedTotal(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "kallistor"}, nil)
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m = blowToFaces(t, m)
	if m, _ = keys(m, "45", "enter"); !strings.Contains(promptSays(m), "too few faces: 1 typed, 2 called for so far; next, Cult archer Attack damage") {
		t.Errorf("enter with a hit's face alone:\n%s", promptSays(m))
	}
	m, _ = keys(m, "backspace", "backspace")
	for _, c := range []struct{ typed, count string }{{"", "0 typed, 1 called for so far"}, {"10", "1 typed, 3 called for so far"},
		{" 6", "2 typed, 3 called for so far"}} {
		m, _ = keys(m, c.typed)
		s := promptSays(m)
		if regexpOfTyped.MatchString(s) {
			t.Errorf("after %q the prompt gives a total the faces have not decided:\n%s", c.typed, s)
		}
		if !strings.Contains(s, c.count) {
			t.Errorf("after %q the prompt does not say %q:\n%s", c.typed, c.count, s)
		}
	}
}

// regexpOfTyped finds a count given as a total ("2 of 7 typed").
var regexpOfTyped = regexp.MustCompile(`\d+ of \d+ typed`)
