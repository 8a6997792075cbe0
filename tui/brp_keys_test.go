package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
	"fray/session"
)

// Basic Roleplaying from the keys: the stun's own 1D3 rounds with s and
// enter, an attack answered with a parry and the matrix's result from g,
// a power held to a later INT rank from w, and a fatal wound's deadline on
// the panel.
// ledger: brp/power-points brp/power-delay-and-ties brp/parry brp/resolution-roll brp/attack-defence-matrix brp/stunned-no-attack brp/fatal-wound
func TestBRPFromTheKeys(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "s", "enter")
	if c := combatant(m, "Ann"); !c.Has("stunned") || !strings.Contains(logOf(m), "Ann: Stunned rounds: 1d3: [") {
		t.Errorf("s, enter: the stun's own rounds are not rolled:\n%s", logOf(m))
	}
	m, _ = keys(m, "u")

	m, _ = keys(m, "D") // Ann states a power: she has a step in the powers phase
	m = choose(t, m, "Uses a power")
	if s := screenText(m); !strings.Contains(s, "power points to spend (0 to 10)") {
		t.Errorf("D, Uses a power: the power points are not asked:\n%s", s)
	}
	m, _ = keys(m, "3", "enter")
	m, _ = keys(m, "n", "n") // to the powers phase, Ann first (INT 10, DEX 20)
	m, _ = keys(m, "w", "enter", "3", "enter")
	if !strings.Contains(logOf(m), "Ann holds until INT 3 in the Powers phase (its rank in the round stays)") {
		t.Errorf("w in the powers phase:\n%s", logOf(m))
	}
	m, _ = keys(m, "n")
	m = selectByKeys(t, m, "Ann")
	if s := screenText(m); !strings.Contains(s, "Power points 7") || !strings.Contains(logOf(m), "Ann: Power points 10 -> 7 (Uses a power)") {
		t.Errorf("the panel does not show the power points left:\n%s", s)
	}

	// The power was her action this round: her attack waits for her rank in
	// the next.
	m = toRankOf(t, m, "Ann")
	m, _ = keys(m, "g", "skill roll", "enter", "bob", "enter", "down", "enter", "enter", "enter") // no modifier chosen, none typed
	log := logOf(m)
	if !strings.Contains(log, "Ann: Skill roll against Bob: d100") || !strings.Contains(log, "Ann's ") {
		t.Errorf("g, skill roll, Bob, parry: no attack and matrix result:\n%s", log)
	}

	m = selectByKeys(t, m, "Ann")
	m, _ = keys(m, "j", "d", "31", "enter")
	if s := screenText(m); !strings.Contains(s, "Dies at the end of round 3") { // wounded in round 2
		t.Errorf("the panel does not show the deadline:\n%s", s)
	}
}

func logOf(m Model) string {
	var b strings.Builder
	for _, e := range m.fight().Log() {
		b.WriteString(narrate.Line(m.fight().Rules, e) + "\n")
	}
	return b.String()
}

// A wound from b bleeds 1 HP on DEX rank 1 of each round after the one it
// was dealt in: 30 HP, 29 in round 2, 28 in round 3.
// ledger: brp/bleeding
func TestBRPWoundFromTheKeyBleeds(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "b", "enter", "ctrl+u", "1", "enter")
	if len(combatant(m, "Ann").Wounds) != 1 {
		t.Fatalf("b: no wound:\n%s", logOf(m))
	}
	hp := map[int]int{}
	for i := 0; i < 40 && m.fight().Current().Round < 4; i++ {
		m, _ = keys(m, "n")
		hp[m.fight().Current().Round] = combatant(m, "Ann").HP
	}
	if hp[1] != 30 || hp[2] != 29 || hp[3] != 28 {
		t.Errorf("HP by round %v, want 30, 29, 28", hp)
	}
}

// With BRP's hit locations switched on, d asks where (rolled or picked),
// the panel shows each location's hit points, and h may heal one.
// ledger: brp/hit-location-roll
func TestHitLocationKeys(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre", "Bandit")
	rs := *m.fight().Rules
	rs.HP.LocationsOn, rs.HP.MajorAt, rs.HP.MajorCondition, rs.HP.MajorAboveOut = true, dice.Expr{}, "", false
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
	m.fight().Rules = &rs
	sel := m.order.selected().Name
	m, _ = keys(m, "d", "chest", "enter", "3", "enter")
	c := combatant(m, sel)
	if c.Hits["chest"] != 3 || c.HP != 27 {
		t.Fatalf("d chest 3: hits %v, HP %d\n%s", c.Hits, c.HP, screenText(m))
	}
	if s := screenText(m); !strings.Contains(s, "Chest 8/11") {
		t.Errorf("the panel lacks the chest's hit points:\n%s", s)
	}
	m, _ = keys(m, "h", "chest", "enter", "2", "enter")
	if c := combatant(m, sel); c.Hits["chest"] != 1 || c.HP != 29 {
		t.Errorf("h chest 2: hits %v, HP %d", c.Hits, c.HP)
	}
}

// Two fighters tied past every tie-break act together, and the order pane
// says so, not only the log.
// ledger: brp/dex-ties
func TestTogetherInTheOrderPane(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre", "Bandit")
	f := m.fight()
	for _, c := range f.Current().Combatants {
		if _, err := f.Do(engine.SetInit{Who: c.ID, Init: 12}); err != nil {
			t.Fatal(err)
		}
	}
	m, _ = keys(m, "n")
	text := ""
	for _, e := range f.Log() {
		text += narrate.Line(m.fight().Rules, e) + "\n"
	}
	if !strings.Contains(text, "together with") {
		t.Fatalf("no tie to show:\n%s", text)
	}
	rows := 0
	for _, l := range strings.Split(screenText(m), "\n") {
		if strings.Contains(l, "██") && strings.Contains(l, "together") {
			rows++
		}
	}
	if rows != 2 {
		t.Errorf("the order pane marks %d rows together, want 2:\n%s", rows, screenText(m))
	}
}

// A fatal wound not healed in time is death, and the row and the panel say
// so first: not "down" with the flags of what it held before, nor Knocked
// out (the 1-2 HP band stops above 0: at 0 or less the wound is fatal).
// ledger: brp/fatal-wound brp/knocked-out-at-two
func TestBRPDeadReadsDead(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob", "Cy")
	m, _ = keys(m, "j", "d", "31", "enter") // Bob: 30 to -1, straight past 1-2 HP
	if c := combatant(m, "Bob"); c.Has("knocked_out") || !c.Has("fatal_wound") {
		t.Errorf("Bob at -1: knocked out %v, fatal wound %v; want a fatal wound only", c.Has("knocked_out"), c.Has("fatal_wound"))
	}
	m, _ = keys(m, "j", "d", "28", "enter") // Cy: 30 to 2, knocked out
	if c := combatant(m, "Cy"); !c.Has("knocked_out") {
		t.Fatalf("Cy at 2 HP is not knocked out: %v", c.Conditions)
	}
	m, _ = keys(m, "d", "3", "enter") // and then to -1: the knock-out stays, the wound is fatal
	for i := 0; i < 40 && m.fight().Current().Round < 3; i++ {
		m, _ = keys(m, "n")
	}
	for _, name := range []string{"Bob", "Cy"} {
		if !combatant(m, name).Has("dead") {
			t.Fatalf("%s is not dead in round 3:\n%s", name, logOf(m))
		}
		m = selectByKeys(t, m, name)
		s := screenText(m)
		var row string
		for _, line := range strings.Split(s, "\n") {
			if strings.Contains(line, " "+name+" ") && strings.Contains(line, "/30") {
				row = line
			}
		}
		if !strings.Contains(row, "-1/30  dead") || strings.Contains(row, "down") {
			t.Errorf("%s's row does not read dead first: %q", name, row)
		}
		panel := panelText(s)
		dead, ko := strings.Index(panel, "Dead: out of the fight"), strings.Index(panel, "Knocked out")
		if dead < 0 || strings.Contains(panel, "down: out of the order") || (ko >= 0 && ko < dead) {
			t.Errorf("%s's panel does not lead with its death:\n%s", name, panel)
		}
	}
}

// panelText is the right-hand pane of the screen, its lines joined.
func panelText(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if i := strings.Index(line, "│"); i >= 0 {
			out = append(out, strings.TrimSpace(line[i+len("│"):]))
		}
	}
	return strings.Join(out, "\n")
}

// The dying blow from the keys: g's Stamina for a dying blow on one with a
// fatal wound puts it back in the order for its last action.
// ledger: brp/dying-blows
func TestBRPDyingBlowFromTheKeys(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob", "Cy")
	m, _ = keys(m, "j", "d", "31", "enter")
	m, _ = keys(m, "t", "g", "dying", "enter", "enter", "37", "enter") // the Stamina roll typed at the table
	bob := combatant(m, "Bob")
	if !bob.Has("dying_blow") || bob.Out {
		t.Errorf("g, Stamina for a dying blow (37 of 50 typed): %v, out %v\n%s", bob.Conditions, bob.Out, logOf(m))
	}
	if !strings.Contains(logOf(m), "Bob: Stamina for a dying blow: d100: [37] = 37 vs 50 or less: One last blow") {
		t.Errorf("no Stamina roll for the dying blow:\n%s", logOf(m))
	}
}

// Wounds kept apart from the keys: the panel lists them, h asks which to
// heal (a heal aimed at one heals no more than it lacks), b offers First Aid
// on each.
// ledger: brp/wounds-kept-apart
func TestBRPWoundsFromTheKeys(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob", "Cy")
	m, _ = keys(m, "j", "d", "4", "enter", "d", "3", "enter")
	if s := panelText(screenText(m)); !strings.Contains(strings.ReplaceAll(s, "\n", " "), "Wounds: 1) 4, round 1: 4 left · 2) 3, round 1: 3 left") {
		t.Errorf("the panel does not list the wounds:\n%s", s)
	}
	m, _ = keys(m, "h", "down", "down", "enter", "9", "enter") // wound 2: no more than its 3
	if c := combatant(m, "Bob"); c.HP != 26 || c.Harms[1].Left != 0 || c.Harms[0].Left != 4 {
		t.Errorf("h on wound 2 of 3: %d HP, wounds %+v", c.HP, c.Harms)
	}
	if !strings.Contains(logOf(m), "Bob heals 3 (23 -> 26 HP; wound 2: 0 left)") {
		t.Errorf("the heal aimed at wound 2:\n%s", logOf(m))
	}
	m, _ = keys(m, "b")
	if s := screenText(m); !strings.Contains(s, "First Aid on wound 1") || strings.Contains(s, "First Aid on wound 2") {
		t.Errorf("b offers First Aid on the wound that lacks hit points only:\n%s", s)
	}
}

// A resistance roll from the keys: g, the roll, and the chance read off the
// table typed as its modifier.
// ledger: brp/entangle
func TestBRPResistanceRollFromTheKeys(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "g", "wrench", "enter", "enter", "45", "enter") // at Bob, the one it pulls against
	if !strings.Contains(logOf(m), "Ann: Wrench an entangling weapon away (STR against STR) against Bob: d100: [") ||
		!strings.Contains(logOf(m), "vs 45 or less (0 + 45)") {
		t.Errorf("g, the resistance roll at a typed 45:\n%s", logOf(m))
	}
}

// The split of a skill over 100% from the keys: D, Split the skill, the
// shares typed; the panel shows them, and limits broken are refused.
// ledger: brp/over-100-split
func TestBRPSplitFromTheKeys(t *testing.T) {
	add := []engine.NewCombatant{{Name: "Ann", HP: 15, Stats: map[string]int{"DEX": 16, "skill": 110, "attacks": 2}}, {Name: "Bob", HP: 15}}
	m := brpStarted(t, add)
	m, _ = keys(m, "D", "split", "enter", "70 40", "enter")
	if s := screenText(m); !strings.Contains(s, "each share of skill is at least 50 (got 40)") {
		t.Errorf("D, split 70 40: not refused\n%s", s)
	}
	m, _ = keys(m, "esc", "D", "split", "enter", "60 50", "enter")
	if s := strings.ReplaceAll(panelText(screenText(m)), "\n", " "); !strings.Contains(s, "skill split this round: 60 / 50") ||
		!strings.Contains(logOf(m), "Ann splits skill over its actions this round: 60 / 50") {
		t.Errorf("D, split 60 50:\n%s\n%s", s, logOf(m))
	}
}

// A split is for a skill of 100% or more (l.429: each attack at least 50%):
// D offers it to Ann at 110%, not to Bob at his 99%.
// ledger: brp/over-100-split
func TestBRPSplitOfferedFrom100(t *testing.T) {
	add := []engine.NewCombatant{{Name: "Ann", HP: 15, Stats: map[string]int{"DEX": 16, "skill": 110, "attacks": 2}},
		{Name: "Bob", HP: 15, Stats: map[string]int{"DEX": 18, "skill": 99, "attacks": 2}}}
	m := brpStarted(t, add)
	m = selectByKeys(t, m, "Bob")
	m, _ = keys(m, "D")
	if s := screenText(m); strings.Contains(s, "Split the skill") || !strings.Contains(s, "Bob declares") {
		t.Errorf("D offers Bob (99%%) a split:\n%s", s)
	}
	m, _ = keys(m, "esc")
	m = selectByKeys(t, m, "Ann")
	m, _ = keys(m, "D")
	if s := screenText(m); !strings.Contains(s, "Split the skill") {
		t.Errorf("D does not offer Ann (110%%) a split:\n%s", s)
	}
}

// l.429: the split is of the skill with the weapon. D offers Cal, whose
// spear has its own 110% (his skill stat is 30), the spear's skill to
// split, and takes 60 50 of it.
// ledger: brp/over-100-split
func TestBRPSplitTheWeaponsSkillFromTheKeys(t *testing.T) {
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d8+1"), Kinds: []string{"impaling", "melee"},
		Fields: map[string]int{"skill": 110}}
	add := []engine.NewCombatant{{Name: "Cal", HP: 15, Stats: map[string]int{"DEX": 16, "skill": 30, "attacks": 2},
		Weapons: []rules.Weapon{spear}}, {Name: "Bob", HP: 15}}
	m := brpStarted(t, add)
	m = selectByKeys(t, m, "Cal")
	m, _ = keys(m, "D")
	if s := screenText(m); !strings.Contains(s, "Split the skill") {
		t.Fatalf("D does not offer Cal (a 110%% spear) a split:\n%s", s)
	}
	m, _ = keys(m, "split", "enter", "60 50", "enter")
	if s := strings.ReplaceAll(panelText(screenText(m)), "\n", " "); !strings.Contains(s, "skill split this round: 60 / 50") {
		t.Errorf("D, split the spear's 110 as 60 50:\n%s\n%s", s, logOf(m))
	}
}

// An attack made to destroy a shield from the keys (l.490): A, the second
// blow, the target; with no parry it is aimed at an item A asks for, and
// its damage strikes the shield, not the guard.
// ledger: brp/attack-on-shield
func TestBRPAttackOnTheShieldFromTheKeys(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "temple_guard"}, map[string]map[string]int{"yvarre": {"skill": 100}})
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	hp := combatant(m, "Temple guard").HP
	m, _ = keys(m, "A", "down", "enter", "enter") // Attack a parrying weapon or shield, at the guard
	m, _ = keys(m, "n", "o", " ", "d", "e", "f", "enter")
	if s := screenText(m); !strings.Contains(s, "Yvarre aims at Temple guard's") || !strings.Contains(s, "Medium shield") {
		t.Fatalf("no defence: the item aimed at is not asked:\n%s", s)
	}
	m, _ = keys(m, "down", "enter") // the Medium shield, below the Mace
	for range 4 {
		if strings.Contains(logOf(m), "strikes at Temple guard") {
			break
		}
		m, _ = keys(m, "enter") // modifiers: none
	}
	log := logOf(m)
	if !strings.Contains(log, "Temple guard's Medium shield takes") || combatant(m, "Temple guard").HP != hp {
		t.Errorf("the aimed attack did not strike the shield alone (guard %d HP, was %d):\n%s", combatant(m, "Temple guard").HP, hp, log)
	}
}

// Missile ranges and aim go with missile weapons (l.504-515): A with
// Yvarre's dagger does not offer Double range; with the archer's bow it
// does.
// ledger: brp/missile-range-modifiers
func TestBRPRangesOnlyForMissiles(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cult_archer"}, nil)
	for _, c := range []struct {
		who  string
		want bool
	}{{"Yvarre", false}, {"Cult archer", true}} {
		m = toRankOf(t, m, c.who) // an attack on its own rank (l.99)
		m = selectByKeys(t, m, c.who)
		m, _ = keys(m, "A", "enter", "enter") // Attack, at the other
		for range 3 {
			if strings.Contains(screenText(m), "modifiers") {
				break
			}
			m, _ = keys(m, "enter") // no defence asked, or the usual one
		}
		if s := screenText(m); !strings.Contains(s, "modifiers") || strings.Contains(s, "Double range") != c.want {
			t.Errorf("%s's attack: Double range offered %v, want %v:\n%s", c.who, !c.want, c.want, s)
		}
		m, _ = keys(m, "esc", "esc", "esc", "esc")
	}
}

// brpStarted is the tracker at 80x24 on a BRP fight of add, started.
func brpStarted(t *testing.T, add []engine.NewCombatant) Model {
	t.Helper()
	rs, hash, _ := shippedLib.Ruleset("brp")
	src := dice.NewSource(7)
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), src)
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Test", Fight: f, Source: src, Hash: hash, Journal: nopJournal{}})
	m, _ := run(New(shippedLib, newMemStore(), sess, Options{NoColor: true}), tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// l.431: a split's attacks are "with the same weapon". Sam splits his 110
// with the sword in hand; A then offers no weapon to strike with but the
// sword (the dagger would be refused): the panel names it.
// ledger: brp/over-100-same-weapon
func TestBRPSplitStrikesWithItsWeaponFromTheKeys(t *testing.T) {
	sword := rules.Weapon{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}}
	dagger := rules.Weapon{Name: "Dagger", Damage: dice.MustParse("1d4+2"), Kinds: []string{"impaling", "melee"}}
	add := []engine.NewCombatant{{Name: "Sam", HP: 15, Stats: map[string]int{"DEX": 16, "skill": 110, "attacks": 2},
		Weapons: []rules.Weapon{sword, dagger}}, {Name: "Bob", HP: 15}}
	m := brpStarted(t, add)
	m = selectByKeys(t, m, "Sam")
	m, _ = keys(m, "D", "split", "enter", "60 50", "enter")
	if s := strings.ReplaceAll(panelText(screenText(m)), "\n", " "); !strings.Contains(s, "skill split this round: 60 / 50, with the Sword") {
		t.Errorf("the split's weapon is not on the panel:\n%s", s)
	}
	m = toRankOf(t, m, "Sam")
	m = selectByKeys(t, m, "Sam")
	m, _ = keys(m, "A", "enter", "enter") // the attack, at Bob
	if s := screenText(m); strings.Contains(s, "Sam strikes with") || strings.Contains(s, "Dagger") {
		t.Errorf("A offers another weapon than the split's:\n%s", s)
	}
}

// l.335: the staunching Stamina roll is made once, as the round ends, for
// one with a hand on the wound (Staunching, c): g does not offer it, and
// still offers the vital wound's and the Difficult Stamina rolls.
// ledger: brp/staunch-roll
func TestBRPStaunchRollNotOfferedOnG(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "g")
	p, ok := m.dlg.(*pick[gmHelper])
	if !ok {
		t.Fatalf("g opened %T", m.dlg)
	}
	var labels []string
	for _, it := range p.items {
		labels = append(labels, it.label)
	}
	if slices.Contains(labels, "Stamina roll to staunch the bleeding") || !slices.Contains(labels, "Stamina roll (Difficult)") {
		t.Errorf("g's checks: %q", labels)
	}
}
