package content_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// The skill roll (g) at a foe is an attack made with the weapon in hand,
// as the blow (A) is: these hold it to the blow's rules for the weapon.

func handWeapon(name, dmg string, skill int, kinds ...string) rules.Weapon {
	return rules.Weapon{Name: name, Damage: dice.MustParse(dmg), Kinds: kinds, Fields: map[string]int{"skill": skill}}
}

func handFight(t *testing.T, cs ...engine.NewCombatant) *enginetest.Fight {
	t.Helper()
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: cs})
	f.Must(engine.Start{})
	return f
}

// handResumed saves the fight and opens it again, as a GM's save and
// resume does.
func handResumed(t *testing.T, f *enginetest.Fight) *enginetest.Fight {
	t.Helper()
	rs, _ := shipped(t).Ruleset("brp")
	data, err := saves.Encode(session.Saved{Name: "hand", Fight: f.Fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("hand.toml", data, func(string) (*rules.Ruleset, string, bool) { return f.Rules, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*back.Fight.Current(), *f.Current()) {
		t.Errorf("resumed, the fight differs")
	}
	nf := enginetest.New(t, f.Rules, dice.Script())
	nf.Fight = back.Fight
	return nf
}

// l.149: "compare the result to your character's skill with the weapon or
// shield being used"; l.99: the attack at the full skill rating. The
// shipped cult archer, its bow dropped, attacks with its knife (35%), not
// its skill stat (50); the temple guard, its mace dropped, with its shield
// (45%). The blow reads the same.
// ledger: brp/attack
// ledger: brp/resolution-roll
func TestBRPSkillRollAtAFoeReadsTheWeaponInHand(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Guard", creature: "temple_guard"},
		{name: "T", hp: 30, stats: map[string]int{"DEX": 5}}})
	ar, gd, tg := f.ID("Archer"), f.ID("Guard"), f.ID("T")
	f.Must(engine.Arm{Who: ar, Weapon: 0, State: "dropped"})
	f.Must(engine.Arm{Who: gd, Weapon: 0, State: "dropped"})
	onRank(t, f, "Archer")
	f.Must(engine.RollCheck{Who: ar, Check: "skill", Target: tg}, 40)
	if got := f.LastLog("Archer: Skill roll"); !strings.Contains(got, "vs 35 or less") {
		t.Errorf("the archer's knife (35%%): %q", got)
	}
	onRank(t, f, "Guard")
	f.Must(engine.RollCheck{Who: gd, Check: "skill", Target: tg}, 40)
	if got := f.LastLog("Guard: Skill roll"); !strings.Contains(got, "vs 45 or less") {
		t.Errorf("the guard's shield (45%%): %q", got)
	}
	// With no foe it is no attack: the skill stat.
	f.Must(engine.RollCheck{Who: gd, Check: "skill"}, 40)
	if got := f.LastLog("Guard: Skill roll"); !strings.Contains(got, "vs 50 or less") {
		t.Errorf("a skill roll at nobody reads the skill stat (50): %q", got)
	}
}

// l.133: a Dodge against bullets and arrows only "against the first such
// missile weapon in a combat round". A's arrow at D, shot with g's skill
// roll and left unanswered, is the round's first: B's arrow after it finds
// D's missile dodge spent, as after a blow. Undone, the dodge is D's
// again; saved and resumed, still spent.
// ledger: brp/missile-dodge-difficult
func TestBRPFirstMissileShotWithTheSkillRollSpendsTheDodge(t *testing.T) {
	bow := handWeapon("Bow", "1d6", 60, "impaling", "missile")
	f := handFight(t,
		engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{bow}},
		engine.NewCombatant{Name: "B", HP: 20, Stats: map[string]int{"DEX": 13}, Weapons: []rules.Weapon{bow}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "parry": 70, "dodge": 60}})
	a, b, d := f.ID("A"), f.ID("B"), f.ID("D")
	onRank(t, f, "A")
	f.Must(engine.RollCheck{Who: a, Check: "skill", Target: d}, 30)
	if !slices.Contains(f.Get("D").Taken, "missile") {
		t.Fatalf("the round's first arrow, by g, spends nothing: %v\n%s", f.Get("D").Taken, logText(f))
	}
	g := handResumed(t, f)
	if !slices.Contains(g.Get("D").Taken, "missile") {
		t.Errorf("resumed, D's missile dodge is back")
	}
	f.Undo()
	if slices.Contains(f.Get("D").Taken, "missile") {
		t.Errorf("undone, D's missile dodge is still spent")
	}
	f.Must(engine.RollCheck{Who: a, Check: "skill", Target: d}, 30)
	onRank(t, f, "B")
	f.Must(engine.Blow{Who: b, Blow: "attack", Foes: []int{d}, Answer: "dodge", Guards: []string{"missile"}}, 30, 4)
	if got := f.LastLog("D: Dodge"); got != "" {
		t.Errorf("the round's second arrow dodged: %q", got)
	}
	// A missed arrow needs no answer and spends nothing (as the blow's).
	f2 := handFight(t,
		engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{bow}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "dodge": 60}})
	onRank(t, f2, "A")
	f2.Must(engine.RollCheck{Who: f2.ID("A"), Check: "skill", Target: f2.ID("D")}, 90)
	if slices.Contains(f2.Get("D").Taken, "missile") {
		t.Errorf("a missed arrow spends D's dodge")
	}
}

// l.218-224: "a musket always malfunctions on a roll of 95-00, regardless
// of the user's skill". Fired with g's skill roll at a foe, 96 at 60% jams
// it as the blow does, the log says so, and it fires no more until
// readied; 94 leaves it ready. Saved and resumed, it stays jammed.
// ledger: brp/malfunctions
func TestBRPMusketFiredWithTheSkillRollMalfunctions(t *testing.T) {
	m := handWeapon("Musket", "1d10+4", 60, "impaling", "missile", "firearm")
	m.Fields["malfunction"] = 95
	f := handFight(t,
		engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{m}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "dodge": 50}})
	a, d := f.ID("A"), f.ID("D")
	onRank(t, f, "A")
	f.Must(engine.RollCheck{Who: a, Check: "skill", Target: d}, 94)
	if w := f.Get("A").Weapons[0]; !w.Ready() {
		t.Fatalf("94 jams the musket: %s", w.State)
	}
	cRoundHand(t, f, 2)
	onRank(t, f, "A")
	f.Must(engine.RollCheck{Who: a, Check: "skill", Target: d}, 96)
	if got := f.LastLog("Musket"); got != "A's Musket malfunctions (96, at 95 or more): jammed until readied again" {
		t.Errorf("96: %q\n%s", got, logText(f))
	}
	g := handResumed(t, f)
	if g.Get("A").Weapons[0].Ready() {
		t.Errorf("resumed, the musket is ready")
	}
	cRoundHand(t, f, 3)
	onRank(t, f, "A")
	if _, err := f.Do(engine.RollCheck{Who: a, Check: "skill", Target: d}, 30); err == nil || !strings.Contains(err.Error(), "jammed") {
		t.Errorf("a jammed musket fires with g: %v", err)
	}
}

func cRoundHand(t *testing.T, f *enginetest.Fight, round int) {
	t.Helper()
	for i := 0; f.Current().Round < round; i++ {
		if i > 300 {
			t.Fatal("round never came")
		}
		f.Next()
	}
}

// l.119: missiles are parried "with a shield, at the shield's base
// chance"; l.133: an arrow is dodged only Difficult. g's skill roll at D
// with a bow in hand, answered with D's parry or dodge, would roll them at
// the full skill (a sword's 70, the dodge's 60): it is refused, the blow
// (A) asking for the choice, and the roll's dialog does not offer them.
// Left unanswered it is rolled.
// ledger: brp/missile-parry
// ledger: brp/missile-dodge-difficult
func TestBRPArrowAnsweredOnTheSkillRollIsRefused(t *testing.T) {
	bow := handWeapon("Bow", "1d6", 60, "impaling", "missile")
	for _, answer := range []string{"parry", "dodge"} {
		f := handFight(t,
			engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{bow}},
			engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "parry": 70, "dodge": 60},
				Weapons: []rules.Weapon{handWeapon("Sword", "1d8", 70, "melee")}})
		onRank(t, f, "A")
		_, err := f.Do(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D"), Answer: answer}, 30, 50)
		if err == nil || !strings.Contains(err.Error(), "pick one of") {
			t.Errorf("%s: an arrow answered at the full skill: %v\n%s", answer, err, logText(f))
		}
		ch, _ := f.Rules.Check("skill")
		if engine.HandAnswerRefused(f.Rules, f.Get("A"), ch, answer) == "" {
			t.Errorf("%s: offered against the bow on g", answer)
		}
		f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D")}, 30)
	}
	// A sword's attack is answered as ever.
	sword := handWeapon("Sword", "1d8", 60, "melee")
	f := handFight(t,
		engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword}},
		engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "parry": 70, "dodge": 60}})
	onRank(t, f, "A")
	f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D"), Answer: "dodge"}, 30, 50)
	if got := f.LastLog("D: Dodge"); !strings.Contains(got, "vs 60 or less") {
		t.Errorf("a sword dodged at the full skill: %q", got)
	}
}

// l.117, 196, 240-241 (the matrix): a success parried by a special, "If
// parried in melee combat, attacker's weapon takes 1 point of damage"; a
// special attack against a success parry, the "parrying weapon or shield
// takes 2". g's skill roll at a foe, read on the matrix, takes the points
// off the weapons as the blow does. Undone, they are back; resumed, kept.
// ledger: brp/weapon-and-shield-damage
func TestBRPMatrixWeaponPointsOnTheSkillRoll(t *testing.T) {
	sword := handWeapon("Sword", "1d8", 60, "bleeding", "melee")
	sword.HP = 10
	axe := handWeapon("Axe", "1d8", 60, "melee")
	axe.HP = 8
	fight := func() *enginetest.Fight {
		f := handFight(t,
			engine.NewCombatant{Name: "A", HP: 20, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{sword}},
			engine.NewCombatant{Name: "D", HP: 40, Stats: map[string]int{"DEX": 10, "parry": 60, "dodge": 50}, Weapons: []rules.Weapon{axe}})
		onRank(t, f, "A")
		return f
	}
	f := fight()
	f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D"), Answer: "parry"}, 40, 12)
	if !strings.Contains(logText(f), "does 1 to the attacking weapon") {
		t.Fatalf("not the success-against-special row:\n%s", logText(f))
	}
	if got := f.Get("A").Weapons[0].Lost; got != 1 {
		t.Errorf("the sword after g's attack parried by a special: %d lost, want 1\n%s", got, logText(f))
	}
	g := handResumed(t, f)
	if got := g.Get("A").Weapons[0].Lost; got != 1 {
		t.Errorf("resumed, the sword has %d lost", got)
	}
	f.Undo()
	if got := f.Get("A").Weapons[0].Lost; got != 0 {
		t.Errorf("undone, the sword has %d lost", got)
	}

	f = fight()
	f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D"), Answer: "parry"}, 10, 40)
	if got := f.Get("D").Weapons[0].Lost; got != 2 {
		t.Errorf("the axe parrying a special with a success: %d lost, want 2\n%s", got, logText(f))
	}
	// Dodged, no weapon takes anything.
	f = fight()
	f.Must(engine.RollCheck{Who: f.ID("A"), Check: "skill", Target: f.ID("D"), Answer: "dodge"}, 40, 8)
	if f.Get("A").Weapons[0].Lost != 0 || f.Get("D").Weapons[0].Lost != 0 {
		t.Errorf("a dodge damages a weapon:\n%s", logText(f))
	}
}
