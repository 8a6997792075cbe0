package tui

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fray/narrate"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/rules"
)

// armedFight is a fight of the ruleset's creatures, by id, each with what
// it carries; stats lays numbers over a creature's (by id). The first has
// initiative 20, the next 19...
func armedFight(t *testing.T, ruleset string, ids []string, stats map[string]map[string]int) Model {
	t.Helper()
	var add []engine.NewCombatant
	for n, id := range ids {
		i := slices.IndexFunc(shippedLib.Creatures(ruleset), func(c rules.Template) bool { return c.ID == id })
		if i < 0 {
			t.Fatalf("no creature %s", id)
		}
		c := shippedLib.Creatures(ruleset)[i]
		nc := engine.FromTemplate(c, c.Name)
		nc.Stats = maps.Clone(nc.Stats)
		maps.Copy(nc.Stats, stats[id])
		init := 20 - n
		nc.Init = &init
		add = append(add, nc)
	}
	return fightOf(t, ruleset, add)
}

// fightOf is a fight of the combatants under the shipped ruleset, begun,
// on a 100x40 screen.
func fightOf(t *testing.T, ruleset string, add []engine.NewCombatant) Model {
	t.Helper()
	return fightOnScreen(t, Options{Seed: func() uint64 { return 42 }, NoColor: true}, ruleset, add,
		tea.WindowSizeMsg{Width: 100, Height: 40})
}

// A on countdown's fighter, with the table's dice: the book's SC 112
// against DEF 40 with a longsword of 1d8+4, a critical on 11: double
// damage through PROT, the chain shown step by step, and one undo takes
// it all back.
// ledger: countdown/critical-double countdown/critical-no-protection
func TestBlowKeyCountdown(t *testing.T) {
	m := armedFight(t, "countdown", []string{"fighter", "ogre"}, map[string]map[string]int{"ogre": {"DEF": 40}})
	m = selectByKeys(t, m, "Fighter")
	if s := screenText(m); !strings.Contains(s, "Longsword 1d8+4") {
		t.Fatalf("the panel does not show the weapon:\n%s", s)
	}
	m = selectByKeys(t, m, "Ogre")
	if s := screenText(m); !strings.Contains(s, "Thick hide: Protection 2") || !strings.Contains(s, "PROT 2") {
		t.Fatalf("the panel does not show the armour:\n%s", s)
	}
	m = selectByKeys(t, m, "Fighter")
	m, _ = keys(m, "t") // table dice on: a step of its own
	steps := len(m.fight().Done)
	m, _ = keys(m, "A")
	if s := screenText(m); !strings.Contains(s, "Fighter strikes at whom?") || !strings.Contains(s, "Ogre") {
		t.Fatalf("A:\n%s", s)
	}
	m, _ = keys(m, "enter") // the Ogre, the only foe
	m, _ = keys(m, "enter") // the strike's modifiers: none
	m, _ = keys(m, "enter") // no typed modifier
	if s := screenText(m); !strings.Contains(s, "Dice rolled at the table") || !strings.Contains(s, "d100") || !strings.Contains(s, "d8") {
		t.Fatalf("the faces are not asked for, each named:\n%s", s)
	}
	m, _ = keys(m, "11 6", "enter")
	s := screenText(m)
	for _, want := range []string{"The blow", "Critical hit: double damage and no PROT", "weapon 10 x 2 = 20", "PROT 2 is bypassed: all 20 gets through", "Ogre takes 20 (60 -> 40 HP)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the chain has no %q:\n%s", want, s)
		}
	}
	if got := combatant(m, "Ogre").HP; got != 40 {
		t.Errorf("the Ogre has %d HP, want 40", got)
	}
	if len(m.fight().Done) != steps+1 {
		t.Errorf("the blow took %d steps, want 1", len(m.fight().Done)-steps)
	}
	m, _ = keys(m, "u") // from the chain itself
	if got := combatant(m, "Ogre").HP; got != 60 || len(m.fight().Done) != steps {
		t.Errorf("undo: the Ogre has %d HP, %d steps: want 60 and %d", got, len(m.fight().Done), steps)
	}
}

// A on BRP's Yvarre at the cultist, who parries and fails: a special
// with her dagger impales (its dice and modifier twice, the damage
// modifier once) and leaves the dagger stuck in the cultist; A again
// offers to ready it, and then strikes with it at the next foe.
// ledger: brp/impale-damage brp/attack-defence-matrix brp/special-kinds
func TestBlowKeyBRP(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "cultist", "temple_guard"}, nil)
	m = toRankOf(t, m, "Yvarre")
	m = selectByKeys(t, m, "Yvarre")
	m, _ = keys(m, "t", "A")
	if s := screenText(m); !strings.Contains(s, "which blow?") || !strings.Contains(s, "Attack a parrying weapon or shield") {
		t.Fatalf("A does not offer BRP's two blows:\n%s", s)
	}
	m, _ = keys(m, "enter", "enter") // Attack, at the Cultist
	if s := screenText(m); !strings.Contains(s, "answered with") || !strings.Contains(s, "Parry") || !strings.Contains(s, "Dodge") {
		t.Fatalf("no defence offered:\n%s", s)
	}
	m, _ = keys(m, "down", "enter") // Parry
	for range 3 {
		if s := screenText(m); strings.Contains(s, "Dice rolled at the table") {
			break
		}
		m, _ = keys(m, "enter") // modifiers: none
	}
	// The faces typed decide which rolls come next: before the last, the
	// prompt names the die still to come. The 13 leaves the cultist at -2:
	// a fatal wound, no major wound table nor Luck roll (l.575).
	m, _ = keys(m, "10 80 3 4")
	if s := screenText(m); !strings.Contains(s, "4 typed, 5 called for so far; next, ") {
		t.Fatalf("the next die is not named as the faces typed call for it:\n%s", s)
	}
	m, _ = keys(m, " 2", "enter")
	s := screenText(m)
	for _, want := range []string{"Parry with Knife against Yvarre", "A special hit", "weapon twice (impaled) 11 + bonus 2 = 13", "Yvarre's Dagger is stuck in Cultist", "Cultist takes 13"} {
		if !strings.Contains(s, want) {
			t.Errorf("the chain has no %q:\n%s", want, s)
		}
	}
	m, _ = keys(m, "esc", "A", "enter")
	if s := screenText(m); !strings.Contains(s, "Dagger is stuck. Ready it again") {
		t.Fatalf("A with the dagger stuck:\n%s", s)
	}
	m, _ = keys(m, "y")
	if w := combatant(m, "Yvarre").Weapons[0]; !w.Ready() {
		t.Fatalf("the dagger is %s", w.State)
	}
	// Readied, it strikes on Yvarre's next rank: this one's attack is made
	// (one a rank, l.99), and A says so at once.
	m, _ = keys(m, "A")
	if m.dlg != nil || !strings.Contains(m.status.text, "has attacked on this rank") {
		t.Errorf("A with the dagger readied on the rank it struck on:\n%s", screenText(m))
	}
}

// A says why when there is nothing to strike with or no blow to strike.
func TestBlowKeyRefuses(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "A")
	if s := screenText(m); !strings.Contains(s, "Fighter carries no weapon") {
		t.Errorf("A without a weapon:\n%s", s)
	}
	m = fightIn(t, "pathmaster", "Gavvin", "Orc")
	m, _ = keys(m, "A")
	if s := screenText(m); !strings.Contains(s, "has no blows") {
		t.Errorf("A in pathmaster:\n%s", s)
	}
}

// The add line gives a weapon with weapon=NAME:DAMAGE (an underscore for a
// space), before a creature's own; a bad one is refused with the form.
func TestAddLineWeapon(t *testing.T) {
	rs, _, _ := shippedLib.Ruleset("countdown")
	add, err := Newcomers(shippedLib, rs, map[string]bool{}, "Goblin weapon=Rusty_axe:1d8+2")
	if err != nil {
		t.Fatal(err)
	}
	if w := add[0].Weapons; len(w) != 2 || w[0].Name != "Rusty axe" || w[0].Damage.String() != "1d8+2" || w[1].Name != "Short sword" {
		t.Errorf("weapons %+v", w)
	}
	add, err = Newcomers(shippedLib, rs, map[string]bool{}, "new: Hero weapon=1d6 hp=20")
	if err != nil || len(add[0].Weapons) != 1 || add[0].Weapons[0].Name != "Weapon" {
		t.Errorf("weapon=1d6: %+v %v", add, err)
	}
	if _, err := Newcomers(shippedLib, rs, map[string]bool{}, "new: Hero weapon=Axe:1d"); err == nil || !strings.Contains(err.Error(), "weapon=Axe:1d8+2") {
		t.Errorf("a bad weapon: %v", err)
	}
}

// With foes marked, A strikes each of them in turn, one step; the chain
// shows a blow each.
func TestBlowKeyAtTheMarked(t *testing.T) {
	m := armedFight(t, "countdown", []string{"fighter", "goblin", "goblin_archer"}, nil)
	m = selectByKeys(t, m, "Goblin")
	m, _ = keys(m, "v")
	m = selectByKeys(t, m, "Goblin archer")
	m, _ = keys(m, "v")
	m = selectByKeys(t, m, "Fighter")
	steps := len(m.fight().Done)
	m, _ = keys(m, "A")
	if s := screenText(m); !strings.Contains(s, "Fighter: Attack: modifiers") {
		t.Fatalf("A with foes marked does not go straight on:\n%s", s)
	}
	m, _ = keys(m, "enter", "enter")
	s := screenText(m)
	if !strings.Contains(s, "Fighter strikes at Goblin with Longsword") || !strings.Contains(s, "Fighter strikes at Goblin archer with Longsword") {
		t.Errorf("no blow at each marked:\n%s", s)
	}
	if len(m.fight().Done) != steps+1 {
		t.Errorf("%d steps, want one", len(m.fight().Done)-steps)
	}
}

// A at a Prone raider in Energy, the faces typed at the table: the Evasion
// roll's Disadvantage asks two faces for each die, an explosion too. The
// answers open on Evasion, the Defense an attack targets unless it says
// otherwise (l.348).
// ledger: energy/prone-disadvantage energy/melee-hit energy/evasion-roll
func TestEnergyBlowTypedAtTheProne(t *testing.T) {
	m := armedFight(t, "energy", []string{"adventurer", "raider"}, nil)
	m = selectByKeys(t, m, "Raider")
	m, _ = keys(m, "c", "prone", "enter", "enter")
	if !combatant(m, "Raider").Has("prone") {
		t.Fatalf("c prone: %v", combatant(m, "Raider").Conditions)
	}
	m = selectByKeys(t, m, "Adventurer")
	m, _ = keys(m, "t", "A", "enter", "enter", "enter") // the melee attack at the raider, answered by Evasion (the list opens on it)
	for range 3 {
		if s := screenText(m); strings.Contains(s, "Dice rolled at the table") {
			break
		}
		m, _ = keys(m, "enter") // modifiers: none
	}
	m, _ = keys(m, "12 10 10 6 2", "enter")
	var log []string
	for _, e := range m.fight().Log() {
		log = append(log, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(log, "\n")
	for _, want := range []string{"Raider: Evasion roll against Adventurer (Prone: Disadvantage): d10! + evasion - min(1, max(0, hand_mpr - mpl)), with Disadvantage: [10! (not 10), 2 (not 6)]",
		"Adventurer's Melee attack on Raider: Evaded"} {
		if !strings.Contains(all, want) {
			t.Errorf("want %q in the log:\n%s\n%s", want, all, screenText(m))
		}
	}
}

// A for one who carries nothing in Energy: only the blows that bring their
// own weapon are offered (the unarmed attack, Push, Restrain, escaping a
// hold), and none asks for a weapon.
// ledger: energy/unarmed-av-damage
func TestEnergyUnarmedFromTheKeys(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "A")
	s := screenText(m)
	for _, want := range []string{"Unarmed attack", "Push", "Restrain", "Escape a hold"} {
		if !strings.Contains(s, want) {
			t.Errorf("A offers no %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Disarm") || strings.Contains(s, "Melee attack") {
		t.Errorf("A offers a blow with a weapon to one who carries none:\n%s", s)
	}
	m, _ = keys(m, "enter", "enter", "enter") // Unarmed attack, at Brand, no defence
	for range 3 {
		if len(m.fight().Done) > 2 {
			break
		}
		m, _ = keys(m, "enter") // modifiers: none
	}
	var log []string
	for _, e := range m.fight().Log() {
		log = append(log, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(log, "\n")
	if !strings.Contains(all, "Ash strikes at Brand with Fists (Unarmed attack)") || !strings.Contains(all, "Brand takes 1") {
		t.Errorf("the unarmed attack from the keys:\n%s\n%s", all, screenText(m))
	}
}

// A Combat Maneuver is listed twice in A: as itself, and as a Swift
// attack, which says what pays for it; picked, the blow is made that way.
func TestEnergyManeuverAsASwiftAttackFromTheKeys(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "A")
	s := screenText(m)
	if !strings.Contains(s, "Push as a Swift attack") || !strings.Contains(s, "paid as Swift attack") {
		t.Fatalf("A offers no push as a Swift attack:\n%s", s)
	}
	m, _ = keys(m, "down", "down", "enter", "enter") // Unarmed attack, Push, Push as a Swift attack; at Brand
	for range 4 {
		if len(m.fight().Done) > 2 {
			break
		}
		m, _ = keys(m, "enter")
	}
	var log []string
	for _, e := range m.fight().Log() {
		log = append(log, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(log, "\n")
	if !strings.Contains(all, "Ash: Swift attack") || !strings.Contains(all, "(Push as a Swift attack)") {
		t.Errorf("the push as a Swift attack from the keys:\n%s\n%s", all, screenText(m))
	}
}

// The panel names what armour adds by the stats' names, not their ids,
// and what a creature takes from weapons of some kinds.
// ledger: energy/weakness-resistance
func TestEnergyPanelNamesTheArmour(t *testing.T) {
	m := armedFight(t, "energy", []string{"adventurer", "brute"}, nil)
	m = selectByKeys(t, m, "Gnoll brute")
	s := screenText(m)
	for _, want := range []string{"Thick hide: Armor Rating 2,", "Resistance: Blunt"} {
		if !strings.Contains(s, want) {
			t.Errorf("the panel does not show %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "hide: armor_rating") {
		t.Errorf("the panel shows the armour by its stats' ids:\n%s", s)
	}
}

// A with the offhand chosen (countdown.txt l.155): the modifier's line
// says what it does to the damage, and the blow takes -20 off the strike
// and 2 off the damage by itself.
// ledger: countdown/offhand
func TestBlowKeyCountdownOffhand(t *testing.T) {
	m := armedFight(t, "countdown", []string{"fighter", "ogre"}, map[string]map[string]int{"ogre": {"DEF": 40}})
	m = selectByKeys(t, m, "Fighter")
	m, _ = keys(m, "t", "A", "enter", "offhand")
	if s := screenText(m); !strings.Contains(s, "Offhand (not ambidextrous)") || !strings.Contains(s, "-20, damage -2") {
		t.Fatalf("the offhand's damage is not shown:\n%s", s)
	}
	m, _ = keys(m, "enter", "enter", "enter", "50 5", "enter")
	s := screenText(m)
	for _, want := range []string{"52 or less (72 - 20): Hit", "weapon 9 + Offhand (not ambidextrous) -2 = 7", "Ogre takes 5 (60 -> 55 HP)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the chain has no %q:\n%s", want, s)
		}
	}
}

// A on a stunned target in BRP: attacks against it are Easy, the chance
// doubled, on the blow as on g's Skill roll (the modifier reads the
// attack's target number, the weapon's skill).
// ledger: brp/stunned-defence-easy
func TestBlowAtAStunnedTargetIsEasy(t *testing.T) {
	m := armedFight(t, "brp", []string{"yvarre", "temple_guard"}, nil)
	m = toRankOf(t, m, "Temple guard")
	m = do(t, m, engine.GiveCondition{Who: combatant(m, "Yvarre").ID, Condition: "stunned"})
	m = selectByKeys(t, m, "Temple guard")
	m, _ = keys(m, "t", "A", "enter")
	for range 4 {
		if strings.Contains(screenText(m), "Dice rolled at the table") {
			break
		}
		m, _ = keys(m, "enter") // no defence, no modifiers
	}
	m, _ = keys(m, "99", "enter") // a miss at any chance, the roll's line shown
	s := strings.Join(strings.Fields(screenText(m)), " ")
	if strings.Contains(s, "Stunned +0") || !regexp.MustCompile(`target Stunned \+[1-9]`).MatchString(s) {
		t.Errorf("the stunned target's Easy is not on the blow's roll:\n%s", screenText(m))
	}
}

// Trip in Energy offers its Fortitude roll's modifier beside the Combat
// roll's: a target moving (l.559) rolls it with Disadvantage.
// ledger: energy/trip
func TestEnergyTripAtOneMovingFromTheKeys(t *testing.T) {
	m := armedFight(t, "energy", []string{"adventurer", "raider"}, nil)
	m = selectByKeys(t, m, "Adventurer")
	m, _ = keys(m, "t", "A", "down", "down", "down", "enter", "enter", "down", "enter", "enter") // Trip, answered by Evasion: none of its modifiers
	if s := screenText(m); !strings.Contains(s, "Moving") {
		t.Fatalf("the trip offers no Moving:\n%s", s)
	}
	m, _ = keys(m, "Moving", "enter", "enter", "enter")
	for range 3 {
		if s := screenText(m); strings.Contains(s, "Dice rolled at the table") {
			break
		}
		m, _ = keys(m, "enter")
	}
	m, _ = keys(m, "10 1 1 9 2", "enter")
	var log []string
	for _, e := range m.fight().Log() {
		log = append(log, narrate.Line(m.fight().Rules, e))
	}
	all := strings.Join(log, "\n")
	if !strings.Contains(all, "(Moving: Disadvantage): d10! + fortitude, with Disadvantage: [2 (not 9)]") || !combatant(m, "Raider").Has("prone") {
		t.Errorf("the trip at one moving from the keys:\n%s\n%s", all, screenText(m))
	}
}

// A with a dropped weapon in Energy offers to pick it up, at the Pick up
// action's cost: 1 Energy, and Exposed (l.39).
// ledger: energy/pick-up-exposes
func TestEnergyPickUpFromTheKeys(t *testing.T) {
	m := armedFight(t, "energy", []string{"adventurer", "raider"}, nil)
	rd := combatant(m, "Raider")
	if _, err := m.fight().Do(engine.Arm{Who: rd.ID, State: rules.FateDropped}); err != nil {
		t.Fatal(err)
	}
	m = selectByKeys(t, m, "Raider")
	m, _ = keys(m, "A", "enter")
	if s := screenText(m); !strings.Contains(s, "Raider's Scimitar is dropped. Pick it up (Pick up an") || !strings.Contains(s, "item: 1 Energy)?") {
		t.Fatalf("A offers no pick-up:\n%s", s)
	}
	m, _ = keys(m, "y")
	if r := combatant(m, "Raider"); r.Pools["energy"] != 4 || !r.Has("exposed") || !r.Weapons[0].Ready() {
		t.Errorf("picked up from the keys: %d Energy, %v", r.Pools["energy"], r.Conditions)
	}
}

// toRankOf presses n until it is name's own step of the action phase: BRP's
// attacks are made on the attacker's DEX ranks (order.attacks_on_ranks).
func toRankOf(t *testing.T, m Model, name string) Model {
	t.Helper()
	for range 100 {
		enc := m.fight().Current()
		if c := enc.Combatant(enc.Cur.Who); c != nil && c.Name == name && m.fight().Rules.RoundPhases()[enc.Phase].Actions {
			return m
		}
		m, _ = keys(m, "n")
	}
	t.Fatalf("%s's rank never came", name)
	return m
}
