package tui

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// l.387, 391, 395: an arrow that impales stays in the wound, a weapon of the
// archer's stuck there that it never strikes with. The blow (A) of the cult
// archer, its arrow stuck in the cultist, offers its Short bow and Knife to
// strike with in the next round, not the arrow (nor to ready it again).
// ledger: brp/impaled-weapon
func TestBRPLodgedArrowNotOfferedToStrikeWith(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Cult archer")
	archer, cultist := combatant(m, "Cult archer").ID, combatant(m, "Cultist").ID
	// 5 of 50: a special; 1 + 1 through the leather: impaled.
	if _, err := m.fight().Do(engine.Blow{Who: archer, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1); err != nil {
		t.Fatal(err)
	}
	if ws := combatant(m, "Cult archer").Weapons; len(ws) != 3 || ws[2].Name != "Short bow arrow" {
		t.Fatalf("no arrow stuck in the cultist: %+v\n%s", ws, logOf(m))
	}
	m, _ = keys(m, "n") // on, to its rank in the next round
	m = toRankOf(t, m, "Cult archer")
	m = selectByKeys(t, m, "Cult archer")
	m, _ = keys(m, "A", "enter", "enter") // Attack, at the cultist
	s := screenText(m)
	if !strings.Contains(s, "strikes with") || !strings.Contains(s, "Short bow") || !strings.Contains(s, "Knife") {
		t.Fatalf("A does not ask the archer's weapon: status %q\n%s", m.status.text, s)
	}
	if strings.Contains(s, "Short bow arrow  ") { // an item: its name, two spaces, what it is
		t.Errorf("A offers the arrow stuck in the cultist:\n%s", s)
	}
}

// l.391: the impaled's pull "takes a full round": after its attack this
// round, g's Pull out an impaling weapon is refused at once, with why,
// before its chance is asked.
// ledger: brp/impaled-weapon
func TestBRPImpaledsPullRefusedAtOnceAfterAnAttack(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Cult archer")
	archer, cultist := combatant(m, "Cult archer").ID, combatant(m, "Cultist").ID
	if _, err := m.fight().Do(engine.Blow{Who: archer, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1); err != nil {
		t.Fatal(err)
	}
	m = toRankOf(t, m, "Cultist")
	if _, err := m.fight().Do(engine.Blow{Who: cultist, Blow: "attack", Foes: []int{archer}}, 90); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "pull out an impaling", "enter")
	if !strings.Contains(m.status.text, "Cultist has attacked this round: Pull out an impaling weapon (STR against its damage) takes the whole round") {
		t.Errorf("g's pull after the cultist's attack: status %q\n%s", m.status.text, screenText(m))
	}
}

// l.391: the pull "takes a full round": failed once this round, g's second
// Pull out an impaling weapon is refused as it is picked, before its chance
// is asked (Pulling a weapon out of the wound forbids it).
// ledger: brp/impaled-weapon
func TestBRPImpaledsSecondPullRefusedAtThePick(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Cult archer")
	archer, cultist := combatant(m, "Cult archer").ID, combatant(m, "Cultist").ID
	if _, err := m.fight().Do(engine.Blow{Who: archer, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := m.fight().Do(engine.RollCheck{Who: cultist, Check: "pull_impaled", Expr: "40"}, 80, 1); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "pull out an impaling", "enter")
	if !strings.Contains(m.status.text, "Cultist is Pulling a weapon out of the wound: no Pull out an impaling weapon") {
		t.Errorf("g's second pull in the round: status %q\n%s", m.status.text, screenText(m))
	}
	if strings.Contains(screenText(m), "a modifier") {
		t.Errorf("g's second pull asks its chance:\n%s", screenText(m))
	}
}

// l.391: the pull is the impaled's own act, and the unconscious act not at
// all: g's Pull out an impaling weapon is refused to one Unconscious, as it
// is picked, and the engine refuses the roll.
// ledger: brp/impaled-weapon
func TestBRPUnconsciousDoNotPullAnImpalingWeapon(t *testing.T) {
	m := armedFight(t, "brp", []string{"cult_archer", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Cult archer")
	archer, cultist := combatant(m, "Cult archer").ID, combatant(m, "Cultist").ID
	if _, err := m.fight().Do(engine.Blow{Who: archer, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := m.fight().Do(engine.GiveCondition{Who: cultist, Condition: "unconscious"}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.fight().Do(engine.RollCheck{Who: cultist, Check: "pull_impaled", Expr: "40"}, 80, 1); err == nil {
		t.Errorf("the unconscious pulled at the wound:\n%s", logOf(m))
	}
	m = selectByKeys(t, m, "Cultist")
	m, _ = keys(m, "g", "pull out an impaling", "enter")
	if !strings.Contains(m.status.text, "Cultist is Unconscious: no Pull out an impaling weapon") {
		t.Errorf("g's pull by the unconscious: status %q\n%s", m.status.text, screenText(m))
	}
}

// l.391: the impaled that pulls the weapon out of itself holds it. Its
// owner, with no other weapon, is told by A where the weapon went, not
// sent to a content file that is not at fault.
// ledger: brp/impaled-weapon
func TestBRPWeaponTakenSaysWhere(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cultist"}, map[string]map[string]int{"cultist": {"DEX": 5}})
	m = toRankOf(t, m, "Yvarre")
	yvarre, cultist := combatant(m, "Yvarre").ID, combatant(m, "Cultist").ID
	// 5 of 65: a special; the dagger's dice twice and her modifier's:
	// impaled, a major wound (50 on its table), Lucky (50).
	if _, err := m.fight().Do(engine.Blow{Who: yvarre, Blow: "attack", Weapon: 0, Foes: []int{cultist}}, 5, 1, 1, 1, 50, 50); err != nil {
		t.Fatal(err)
	}
	m = toRankOf(t, m, "Cultist")
	if _, err := m.fight().Do(engine.RollCheck{Who: cultist, Check: "pull_impaled", Expr: "50"}, 10); err != nil {
		t.Fatalf("the pull: %v\n%s", err, logOf(m))
	}
	if ws := combatant(m, "Yvarre").Weapons; len(ws) != 0 {
		t.Fatalf("the cultist did not take the dagger: Yvarre holds %+v\n%s", ws, logOf(m))
	}
	m, _ = keys(m, "n") // on, to her rank in the next round
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "A")
	want := "Yvarre carries no weapon now: Cultist pulls Yvarre's Dagger out of itself and holds it, ready (round 1)"
	if m.status.text != want {
		t.Errorf("A with her dagger in the cultist's hands: status %q, want %q", m.status.text, want)
	}
}

// l.69, 103: a dropped weapon is picked up on its holder's own rank, with
// the pick-up stated. A on one whose only weapon is dropped, where no
// readying could be made now, says why at the key, before any list:
// unstated, then stated but in the Statements phase.
// ledger: brp/noncombat-actions
func TestBRPDroppedWeaponRefusedAtTheKey(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cultist"}, nil)
	yvarre := combatant(m, "Yvarre").ID
	if _, err := m.fight().Do(engine.Arm{Who: yvarre, State: rules.FateDropped}); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Yvarre")
	refusedAtOnce := func(want string) {
		t.Helper()
		m, _ = keys(m, "A")
		if s := screenText(m); !strings.Contains(m.status.text, want) || strings.Contains(s, "which blow?") {
			t.Errorf("A with the dagger dropped: status %q, want %q\n%s", m.status.text, want, s)
		}
		m, _ = keys(m, "esc")
	}
	refusedAtOnce("picking it up in a round needs Extra non-combat actions stated this round (D)")
	if _, err := m.fight().Do(engine.Declare{Who: yvarre, Declaration: "extra", Amount: 1}); err != nil {
		t.Fatal(err)
	}
	refusedAtOnce("Yvarre picks its Dagger up on its own rank in the Action phase, not in the Statements phase")
}

// l.401 (and 349, 369, 391): a resistance roll's chance is read off the
// table, which this chapter does not print, and typed. g's prompt for one
// asks for the chance, not a modifier, and refuses it left empty (a roll
// at 0 can only fail); typed, it is rolled at that chance.
// ledger: brp/knockback
func TestBRPResistanceRollAsksForTheChance(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cultist"}, nil)
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "g", "resist a knockback", "enter")
	if s := screenText(m); !strings.Contains(s, "the chance (55)") {
		t.Fatalf("g's prompt for the knockback's resistance roll:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if s := screenText(m); !strings.Contains(s, "the chance, typed: at 0 the roll can only fail") {
		t.Errorf("left empty:\n%s", s)
	}
	m, _ = keys(m, "55", "enter")
	if log := logOf(m); !strings.Contains(log, "vs 55 or less (0 + 55)") {
		t.Errorf("typed 55:\n%s", log)
	}
}

// l.369: two whips on one fighter each hold it. The entangled's panel names
// whose whips hold it, and, one cut through, the other's alone.
// ledger: brp/entangle
func TestBRPPanelNamesTheWhipsThatHold(t *testing.T) {
	whip := rules.Weapon{Name: "Whip", Damage: dice.MustParse("1d3"), Kinds: []string{"entangling", "melee"},
		Fields: map[string]int{"skill": 60}, HP: 4}
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}
	fighter := func(name string, dex int, ws ...rules.Weapon) engine.NewCombatant {
		return engine.NewCombatant{Name: name, HP: 12, Stats: map[string]int{"DEX": dex, "skill": 60}, Weapons: ws}
	}
	m := fightOf(t, "brp", []engine.NewCombatant{fighter("Hob", 14, sword, whip), fighter("Nix", 12, sword, whip),
		fighter("Eda", 10, sword)})
	eda := combatant(m, "Eda").ID
	for _, h := range []string{"Hob", "Nix"} { // specials, 5: Eda entangled
		m = toRankOf(t, m, h)
		if _, err := m.fight().Do(engine.Blow{Who: combatant(m, h).ID, Blow: "attack", Weapon: 1, Foes: []int{eda}}, 5, 1); err != nil {
			t.Fatal(err)
		}
	}
	m = selectByKeys(t, m, "Eda")
	if s := screenText(m); !strings.Contains(s, "by Hob, Nix:") { // the panel's line, before its summary
		t.Errorf("Eda's panel, entangled by both whips:\n%s", s)
	}
	for m.fight().Current().Round < 2 { // the cut comes the round after (Just entangled)
		m, _ = keys(m, "n")
	}
	m = toRankOf(t, m, "Eda")
	if _, err := m.fight().Do(engine.Blow{Who: eda, Blow: "at_shield", Foes: []int{combatant(m, "Hob").ID}, Guard: 1}, 30, 8); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Eda")
	if s := screenText(m); !strings.Contains(s, "by Nix:") || strings.Contains(s, "by Hob") {
		t.Errorf("Eda's panel, Hob's whip cut through:\n%s", s)
	}
}
