package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// A stunned fighter flees only on an Idea roll to see the way and an
// Agility roll to get out (l.347): g's Flee rolls the Idea roll first
// while stunned, and without it when not.
// ledger: brp/stunned-flee
func TestBRPStunnedFleesOnIdeaAndAgility(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	f.Must(engine.GiveCondition{Who: y, Condition: "stunned"}, 2)
	f.Must(engine.RollCheck{Who: y, Check: "flee"}, 10, 20) // Idea 10 of 70, Agility 20 of 75
	if got := logText(f); !strings.Contains(got, "Yvarre: Idea roll: d100: [10] = 10 vs 70 or less: Sees it") ||
		!strings.Contains(got, "Yvarre: Flee (Agility): d100: [20] = 20 vs 75 or less: Gets away") {
		t.Errorf("a stunned flight: Idea, then Agility:\n%s", got)
	}
	f.Must(engine.RollCheck{Who: y, Check: "flee"}, 90)
	if got := f.LastLog("Yvarre"); !strings.Contains(got, "Idea") || strings.Contains(logText(f), "[90] = 90 vs 75") {
		t.Errorf("a failed Idea roll: no flight rolled: %q\n%s", got, logText(f))
	}
	f.Must(engine.TakeCondition{Who: y, Condition: "stunned"})
	f.Must(engine.RollCheck{Who: y, Check: "flee"}, 80)
	if got := f.LastLog("Flee"); got != "Yvarre: Flee (Agility): d100: [80] = 80 vs 75 or less: Does not get away" {
		t.Errorf("not stunned, only the Agility roll: %q", got)
	}
}

// A location hit for twice its hit points bleeds until medical attention
// or a Difficult Stamina roll (l.599-600): half of CON x 5, and a success
// stops the bleeding for good.
// ledger: brp/location-bleed-difficult-stamina
func TestBRPDifficultStaminaStopsTheBleeding(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}})
	k := f.ID("Kallistor")
	f.Must(engine.Bleed{Who: k, Rate: 1})
	f.Must(engine.RollCheck{Who: k, Check: "stamina_difficult"}, 40) // CON 15: 75, Difficult 38
	if got := f.LastLog("Stamina"); got != "Kallistor: Stamina roll (Difficult): d100: [40] = 40 vs 38 or less: Still bleeding" {
		t.Errorf("40 against 38: %q", got)
	}
	f.Must(engine.RollCheck{Who: k, Check: "stamina_difficult"}, 38)
	toRound(t, f, 4)
	if c := f.Get("Kallistor"); c.HP != c.MaxHP || len(c.Wounds) != 0 {
		t.Errorf("stopped on 38: %d of %d HP, wounds %+v\n%s", c.HP, c.MaxHP, c.Wounds, logText(f))
	}
}

// Only the round's first fast missile may be dodged, and Difficult
// (l.133): the dodge's missile modifier is taken once a round; a second
// is refused, and the next round it is there again.
// ledger: brp/missile-dodge-first-only
func TestBRPOnlyTheFirstMissileIsDodged(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}})
	y, a := f.ID("Yvarre"), f.ID("Archer")
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Target: a, Modifiers: []string{"missile"}}, 20)
	if got := f.LastLog("Dodge"); !strings.Contains(got, "vs 25 or less") {
		t.Errorf("the first arrow dodged at Difficult (50%% to 25%%): %q", got)
	}
	if _, err := f.Do(engine.RollCheck{Who: y, Check: "dodge", Target: a, Modifiers: []string{"missile"}}, 20); err == nil ||
		!strings.Contains(err.Error(), "once a round") {
		t.Errorf("a second arrow dodged in the round: %v", err)
	}
	toRound(t, f, 2)
	f.Must(engine.RollCheck{Who: y, Check: "dodge", Target: a, Modifiers: []string{"missile"}}, 20)
}

// Catching a missile (the option, l.441): Agility with the skill roll's
// levels: Yvarre, DEX 15 (75%), catches on a special (01-15), escapes on
// a success, needs a Luck roll on a failure and is hit on a fumble
// (99-00).
// ledger: brp/catch-missile
func TestBRPCatchAMissile(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}})
	y := f.ID("Yvarre")
	for _, c := range []struct {
		face int
		want string
	}{{4, "Caught (critical)"}, {15, "Caught"}, {16, "Not caught, unhurt"}, {76, "Not caught: Luck roll"}, {98, "Not caught: Luck roll"}, {99, "Fumbled: hit"}} {
		f.Must(engine.RollCheck{Who: y, Check: "catch"}, c.face)
		if got := f.LastLog("Catch"); !strings.HasSuffix(got, "vs 75 or less: "+c.want) {
			t.Errorf("%d: %q, want %s", c.face, got, c.want)
		}
	}
}

// A knockback not resisted: Agility or fall prone (l.401); the round after
// an entangle, Agility slips it (l.369). The resistance rolls beside them
// are in TestBRPResistanceRollsTyped.
// ledger: brp/knockback brp/entangle
func TestBRPAgilityAfterKnockbackAndEntangle(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	f.Must(engine.RollCheck{Who: y, Check: "keep_feet"}, 80) // 75%
	if !f.Get("Yvarre").Has("prone") {
		t.Errorf("80 on 75%%: not prone\n%s", logText(f))
	}
	f.Must(engine.GiveCondition{Who: y, Condition: "entangled"})
	f.Must(engine.RollCheck{Who: y, Check: "slip_free"}, 90)
	if !f.Get("Yvarre").Has("entangled") {
		t.Errorf("90 on 75%%: slipped free")
	}
	f.Must(engine.RollCheck{Who: y, Check: "slip_free"}, 20)
	if f.Get("Yvarre").Has("entangled") {
		t.Errorf("20 on 75%%: still entangled\n%s", logText(f))
	}
}

// Missiles parried with a shield at its base chance (l.484: small 15%,
// full 30%, large 60%, kneeling 60% and 90%), a thrown weapon with a hand
// weapon only at a fifth (l.119): each a choice on the parry.
// ledger: brp/missile-parry
func TestBRPMissileParryChances(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, {name: "Archer", creature: "cult_archer"}})
	g := f.ID("Guard")
	for _, c := range []struct {
		mod  string
		want string
	}{{"small_shield_missile", "vs 15 or less"}, {"full_shield_missile", "vs 30 or less"}, {"large_shield_missile", "vs 60 or less"},
		{"large_shield_kneeling", "vs 90 or less"}, {"thrown_hand_weapon", "only a special): d100: [50] = 50 vs 45 or less"}} {
		toRound(t, f, f.Current().Round+1) // one defence a round: no -30 step
		f.Must(engine.RollCheck{Who: g, Check: "parry", Modifiers: []string{c.mod}}, 50)
		if got := f.LastLog("Parry"); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %s", c.mod, got, c.want)
		}
	}
}

// An entangling weapon's special entangles (l.357); "a successful Dodge
// roll or Wrestle roll negates a successful entangle but can only be
// attempted on the next combat round. A critical parry negates a critical
// entangle, but an ordinary parry success has no effect" (l.373). So a
// dodge at once never stops it, a parry only at the entangle's own level
// or better (fray's reading for a special parry against a special), and a
// critical entangles too. The round after, a Dodge roll frees it.
// ledger: brp/entangle
func TestBRPEntangleAgainstParryAndDodge(t *testing.T) {
	whip := rules.Weapon{Name: "Whip", Damage: dice.MustParse("1d3"), Kinds: []string{"entangling", "melee"},
		Fields: map[string]int{"skill": 60}}
	for _, c := range []struct {
		name      string
		answer    string
		faces     []int
		entangled bool
	}{
		{"special, parried with a success", "parry", []int{5, 40, 2}, true},
		{"special, dodged with a success", "dodge", []int{5, 40, 2}, true},
		{"special, parried with a special", "parry", []int{5, 8}, false},
		{"special, dodged with a special", "dodge", []int{5, 8}, true},
		{"special, parried with a critical", "parry", []int{5, 2}, false},
		{"critical, parried with a critical", "parry", []int{2, 2}, false},
		{"critical, dodged with a critical", "dodge", []int{2, 2}, true},
		{"critical, parried with a special", "parry", []int{2, 8, 2}, true},
		{"critical, unanswered", "", []int{2}, true},
		{"success, parry failed", "parry", []int{40, 90, 2}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := onRankAgainst(t, "Whipper", whip, engine.NewCombatant{Name: "Target", HP: 12,
				Stats: map[string]int{"DEX": 10, "parry": 50, "dodge": 50}})
			f.Must(engine.Blow{Who: f.ID("Whipper"), Blow: "attack", Foes: []int{f.ID("Target")}, Answer: c.answer}, c.faces...)
			if got := f.Get("Target").Has("entangled"); got != c.entangled {
				t.Errorf("entangled %v, want %v\n%s", got, c.entangled, logText(f))
			}
		})
	}
	// The escape rolls are "on the round following" (l.369, 373).
	f := onRankAgainst(t, "Whipper", whip, engine.NewCombatant{Name: "Target", HP: 12, Stats: map[string]int{"DEX": 10, "dodge": 50}})
	tg := f.ID("Target")
	f.Must(engine.Blow{Who: f.ID("Whipper"), Blow: "attack", Foes: []int{tg}}, 5, 2)
	for _, ch := range []string{"slip_free", "dodge_free", "wrench_entangle"} {
		f.Refuse(engine.RollCheck{Who: tg, Check: ch}, "Target is Just entangled: no ")
	}
	toRound(t, f, 2)
	f.Must(engine.RollCheck{Who: tg, Check: "dodge_free"}, 60)
	if !f.Get("Target").Has("entangled") {
		t.Errorf("60 on a 50%% dodge: free")
	}
	f.Must(engine.RollCheck{Who: tg, Check: "dodge_free"}, 30)
	if f.Get("Target").Has("entangled") {
		t.Errorf("30 on a 50%% dodge: still entangled\n%s", logText(f))
	}
}

// A missile is never parried at the full skill (l.119, 484, 517: a shield
// at its base chance, a thrown weapon with a hand weapon on a special):
// the blow (A) at the Temple guard with the archer's bow refuses a parry
// without one of those, and takes the full shield's 30% on his Medium
// shield; in the option, one seen coming at the full skill (l.443).
// ledger: brp/missile-parry brp/shield-vs-missile-spot
func TestBRPMissileNotParriedAtTheFullSkill(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Kallistor", creature: "temple_guard"}})
	a, k := f.ID("Archer"), f.ID("Kallistor")
	onRank(t, f, "Archer")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{k}, Answer: "parry", Guard: 1},
		"Parry against Short bow (Missile weapon (Missile Weapon fumble table)): pick one of A missile, half or small shield: 15%")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{k}, Answer: "parry", Guard: 1, Guards: []string{"full_shield_missile"}}, 30, 40, 5)
	if got := logText(f); !strings.Contains(got, "vs 30 or less") {
		t.Errorf("the full shield's 30%%:\n%s", got)
	}
	// The option (l.443): a shield seen coming parries at the full skill.
	toRound(t, f, 2)
	onRank(t, f, "Archer")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{k}, Answer: "parry", Guard: 1, Guards: []string{"missile_seen"}}, 30, 40)
	if got := f.LastLog("Parry"); !strings.Contains(got, "vs 45 or less") {
		t.Errorf("a shield seen coming, the Medium shield's skill 45: %q", got)
	}
}

// A fired missile is dodged only Difficult, the round's first (l.133); a
// thrown weapon at the full skill (l.131); any freely in the option
// (l.437): the blow (A) with the archer's bow refuses a plain dodge.
// ledger: brp/missile-dodge-difficult brp/missile-dodge-heroic
func TestBRPMissileDodgeIsAsked(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Yvarre", creature: "yvarre"}})
	a, y := f.ID("Archer"), f.ID("Yvarre")
	onRank(t, f, "Archer")
	f.Refuse(engine.Blow{Who: a, Blow: "attack", Foes: []int{y}, Answer: "dodge"}, "Dodge against Short bow")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{y}, Answer: "dodge", Guards: []string{"missile"}}, 30, 45, 5)
	if got := f.LastLog("Yvarre: Dodge"); !strings.Contains(got, "vs 25 or less") {
		t.Errorf("Yvarre's 50 dodge, Difficult: %q", got)
	}
	toRound(t, f, 2)
	onRank(t, f, "Archer")
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{y}, Answer: "dodge", Guards: []string{"missile_heroic"}}, 30, 45)
	if got := f.LastLog("Yvarre: Dodge"); !strings.Contains(got, "vs 50 or less") {
		t.Errorf("the option's free dodge, the full 50: %q", got)
	}
}

func brpRules(t *testing.T) *rules.Ruleset {
	rs, _ := shipped(t).Ruleset("brp")
	return rs.Ruleset
}

// An impaling weapon "is still lodged in the target's body until removed"
// (l.383), a thrown one too (l.387: javelins, daggers, even arrows): a
// javelin's special leaves the target Impaled (no healing), as a spear's
// does; the GM takes it away for an arrowhead or a bullet (l.389).
// ledger: brp/impaled-weapon
func TestBRPThrownImpalingWeaponLodges(t *testing.T) {
	javelin := rules.Weapon{Name: "Javelin", Damage: dice.MustParse("1d8"), Kinds: []string{"impaling", "missile"},
		Fields: map[string]int{"skill": 60}}
	f := onRankAgainst(t, "Thrower", javelin, engine.NewCombatant{Name: "Target", HP: 20, Stats: map[string]int{"DEX": 10}})
	f.Must(engine.Blow{Who: f.ID("Thrower"), Blow: "attack", Foes: []int{f.ID("Target")}}, 5, 4, 4)
	if c := f.Get("Target"); !c.Has("impaled") || c.HP != 12 {
		t.Errorf("a javelin's impale: HP %d, %+v\n%s", c.HP, c.Conditions, logText(f))
	}
	f.Refuse(engine.Heal{Who: f.ID("Target"), Amount: 2}, "Impaled")
	// The grab back (l.387) is TestBRPThrownWeaponLodgedUntilGrabbedBack's.
}

// onRankAgainst is a BRP fight of an attacker (DEX 14, 12 HP) armed with w
// against target, at the attacker's rank.
func onRankAgainst(t *testing.T, name string, w rules.Weapon, target engine.NewCombatant) *enginetest.Fight {
	t.Helper()
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: name, HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: []rules.Weapon{w}}, target}})
	f.Must(engine.Start{})
	onRank(t, f, name)
	return f
}
