package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
)

// bleedListRows are the rows of the bleeding dialog (b) on the screen that
// begin with want, each as it reads.
func bleedListRows(m Model, want string) []string {
	var rows []string
	for _, l := range strings.Split(screenText(m), "\n") {
		l = strings.Trim(l, " │")
		if strings.HasPrefix(l, want) {
			rows = append(rows, l)
		}
	}
	return rows
}

// l.337, 619: First Aid on a bleeding wound is First Aid on the wound its
// hit cut, numbered as the panel numbers the wounds kept apart (l.521): the
// bleeding list (b) names the bleeding by that wound, so that no two of its
// rows bear one name (a plain hit, wound 1, then the Swordmaster's special,
// wound 2, its bleeding the first).
// ledger: brp/first-aid-heals
func TestBRPBleedingListNamesEachWoundOnce(t *testing.T) {
	m, _ := yvarreWoundedTwice(t)
	if y := combatant(m, "Yvarre"); len(y.Harms) != 2 || len(y.Wounds) != 1 {
		t.Fatalf("Yvarre's wounds %+v, bleeding %+v: want two, the second bleeding", y.Harms, y.Wounds)
	}
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "b")
	rows := bleedListRows(m, "First Aid on")
	seen := map[string]bool{}
	for _, r := range rows {
		name, _, _ := strings.Cut(r, "  ")
		if seen[name] {
			t.Errorf("two rows named %q:\n%s", name, strings.Join(rows, "\n"))
		}
		seen[name] = true
	}
	if !seen["First Aid on the bleeding of wound 2"] || !seen["First Aid on wound 1"] || !seen["First Aid on wound 2"] {
		t.Errorf("the rows do not name the bleeding by its wound (2):\n%s", strings.Join(rows, "\n"))
	}
	if r := bleedListRows(m, "The bleeding of wound 2 closed by magic"); len(r) != 1 {
		t.Errorf("the closing by magic is not named by its wound:\n%s", screenText(m))
	}
}

// l.337: "Failure for this First Aid roll means that the bleeding continues
// until the target receives successful medical attention (in the form of a
// power or another skill like Medicine)"; l.619: 1D3 "per wound". First
// Aid on the bleeding is First Aid on the wound it was cut with: once it
// has failed, that wound takes no First Aid through its own row either
// (b leaves the row out, the command is refused), while a wound of its own
// still does.
// ledger: brp/first-aid-failure
func TestBRPFailedBleedingFirstAidLeavesItsWoundToMedicine(t *testing.T) {
	m, yv := yvarreWoundedTwice(t)
	if _, err := m.fight().Do(engine.FirstAid{Who: yv, Treat: engine.TreatWound}, 90); err != nil {
		t.Fatal(err)
	}
	if y := combatant(m, "Yvarre"); !y.Wounds[0].AidFailed {
		t.Fatalf("the First Aid at 90 did not fail: %+v", y.Wounds)
	}
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "b")
	if r := bleedListRows(m, "First Aid on wound 2"); len(r) != 0 {
		t.Errorf("b offers First Aid again on the wound whose bleeding's First Aid failed: %q", r)
	}
	if r := bleedListRows(m, "First Aid on wound 1"); len(r) != 1 {
		t.Errorf("the plain wound 1 lost its First Aid:\n%s", screenText(m))
	}
	_, err := m.fight().Do(engine.FirstAid{Who: yv, Treat: engine.TreatHits, Wound: 1}, 10, 2)
	if err == nil || !strings.Contains(err.Error(), "First Aid failed on its bleeding") {
		t.Errorf("First Aid on wound 2 after its bleeding's failed: %v", err)
	}
	if _, err := m.fight().Do(engine.FirstAid{Who: yv, Treat: engine.TreatHits, Wound: 0}, 10, 1); err != nil {
		t.Errorf("First Aid on wound 1: %v", err)
	}
}

// l.389: "the target may not be healed while the weapon is still stuck in
// them". The bleeding list (b) offers no First Aid that would heal one
// Impaled (the healer would only be refused), its bleeding's First Aid
// still stopping the bleeding and saying it heals nothing; h refuses at the
// key, before asking which wound and how much.
// ledger: brp/impaled-weapon
func TestBRPImpaledIsOfferedNoHealing(t *testing.T) {
	m, yv := yvarreWoundedTwice(t)
	if _, err := m.fight().Do(engine.GiveCondition{Who: yv, Condition: "impaled"}); err != nil {
		t.Fatal(err)
	}
	m, _ = run(m, tea.WindowSizeMsg{Width: 160, Height: 40}) // the rows' details whole
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "b")
	if r := bleedListRows(m, "First Aid on wound"); len(r) != 0 {
		t.Errorf("b offers First Aid's healing to one Impaled: %q", r)
	}
	if r := bleedListRows(m, "First Aid on the bleeding of wound 2"); len(r) != 1 || !strings.Contains(r[0], "heals nothing") {
		t.Errorf("the bleeding's First Aid (it stops the bleeding) does not say it heals nothing: %q", r)
	}
	m, _ = keys(m, "esc", "h")
	if s := status(m); !strings.Contains(s, "Yvarre is Impaled: no healing") {
		t.Errorf("h on one Impaled is not refused at the key: %q\n%s", s, screenText(m))
	}
	if strings.Contains(screenText(m), "Heal which wound") {
		t.Errorf("h on one Impaled asks which wound:\n%s", screenText(m))
	}
}

// yvarreWoundedTwice is a BRP fight in which Yvarre took a plain hit of 3
// (wound 1), then the Swordmaster's special (wound 2, bleeding).
func yvarreWoundedTwice(t *testing.T) (Model, int) {
	t.Helper()
	m := armedFight(t, "brp", []string{"swordmaster", "yvarre"}, nil)
	sm, yv := combatant(m, "Swordmaster").ID, combatant(m, "Yvarre").ID
	if _, err := m.fight().Do(engine.Damage{Who: yv, Amount: 3}); err != nil {
		t.Fatal(err)
	}
	m = toRankOf(t, m, "Swordmaster")
	if _, err := m.fight().Do(engine.Blow{Who: sm, Blow: "attack", Foes: []int{yv}}, 15, 3, 1); err != nil {
		t.Fatal(err)
	}
	return m, yv
}
