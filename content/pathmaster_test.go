package content_test

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// Pathmaster's worked examples, with the shipped ruleset and creatures.

// pm starts a Pathmaster fight: Gavvin (initiative 30) and three orcs (20,
// 15, 10), typed so no dice are needed for the order.
func pm(t *testing.T) (*enginetest.Fight, *rules.Ruleset) {
	t.Helper()
	lib := shipped(t)
	rs, _ := lib.Ruleset("pathmaster")
	f := enginetest.New(t, rs.Ruleset, dice.NewSource(5))
	var add []engine.NewCombatant
	for i, name := range []string{"Gavvin", "Orc 1", "Orc 2", "Orc 3"} {
		id := "orc"
		if i == 0 {
			id = "gavvin"
		}
		c, _ := lib.Creature("pathmaster", id)
		init := 30 - 5*i - 5*min(i, 1)
		add = append(add, engine.NewCombatant{Name: name, Template: id, HP: c.HP, Stats: c.Stats, Init: &init})
	}
	f.Must(engine.Add{Combatants: add})
	f.Must(engine.Start{})
	return f, rs.Ruleset
}

// ledger: pathmaster/rounds-and-turns pathmaster/turn-sequence pathmaster/combat-sequence
// ledger: pathmaster/initiative-roll pathmaster/initiative-fixed pathmaster/step-limit
// ledger: pathmaster/action-budget
func TestPathmasterFixedOrder(t *testing.T) {
	// 2d10 + QU once: Gavvin 7+3+10 = 20, Orc 1 8+2+5 = 15, Orc 2 9+6+5 = 20,
	// Orc 3 4+6+5 = 15. Gavvin beats Orc 2 on Basic Speed (6 to 5); Orc 1
	// and Orc 3 tie on BS and QU and roll off with 1d10: 3 against 8.
	f, dice := startFight(t, "pathmaster", []member{
		{name: "Gavvin", creature: "gavvin"}, {name: "Orc 1", creature: "orc"},
		{name: "Orc 2", creature: "orc"}, {name: "Orc 3", creature: "orc"},
	}, 7, 3, 8, 2, 9, 6, 4, 6, 3, 8)
	checkSteps(t, twoRounds(t, f), []string{
		"r1 turns Gavvin@20", "r1 turns Orc 2@20", "r1 turns Orc 3@15", "r1 turns Orc 1@15",
		"r2 turns Gavvin@20", "r2 turns Orc 2@20", "r2 turns Orc 3@15", "r2 turns Orc 1@15",
	})
	if dice.Err != nil || dice.Left() != 0 {
		t.Errorf("dice: %v, %d left: the order must be rolled once, not each round", dice.Err, dice.Left())
	}
	log := logText(f)
	for _, want := range []string{
		"Gavvin initiative: 2d10 + QU: [7, 3] + 10 = 20",
		"Orc 1 roll-off for a tie at 15: 1d10: [3] = 3",
		"Orc 3 roll-off for a tie at 15: 1d10: [8] = 8",
		"Round 2 begins",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// The per-turn budget refilled at the start of Gavvin's own turn.
	if g := f.Current().Combatant(1); g.Pools["attack"] != 1 || g.Pools["free"] != 2 || g.Pools["step"] != 1 {
		t.Errorf("Gavvin's pools: %v", g.Pools)
	}
}

func levelName(rs *rules.Ruleset, c *engine.Combatant) string {
	lvl, ignored := engine.StunNow(rs, c)
	switch {
	case ignored:
		return "ignored"
	case lvl < 0:
		return "none"
	}
	return rs.Stun.Levels[lvl].ID
}

func stunCounts(c *engine.Combatant) []int {
	out := make([]int, 4)
	for i, v := range c.Stun {
		out[i] += v
	}
	for i, v := range c.StunHeld {
		out[i] += v
	}
	return out
}

// The book's Extended Combat Example 2, turn by turn.
// ledger: pathmaster/stun-ladder pathmaster/stun-no-parry pathmaster/stun-downed
// ledger: pathmaster/stun-tracking pathmaster/stun-recovery pathmaster/pain-resistance
// ledger: pathmaster/pain-resistance-modifiers pathmaster/stun-after-success pathmaster/example-2
// ledger: pathmaster/stun-heals-in-combat
func TestGavvinStunExample(t *testing.T) {
	f, rs := pm(t)
	f.Next() // Gavvin has acted; the orcs strike
	// "2 rounds of Stunned without Parry, and 3 rounds of Stun, for 5 total rounds."
	f.Must(engine.Stun{Who: f.ID("Gavvin"), Level: "no_parry", Rounds: 2})
	f.Must(engine.Stun{Who: f.ID("Gavvin"), Level: "stunned", Rounds: 3})
	g := f.Get("Gavvin")
	if g.StunTotal() != 5 || levelName(rs, g) != "no_parry" {
		t.Fatalf("after the blows: total %d, level %s", g.StunTotal(), levelName(rs, g))
	}
	// Until his next action attackers get +20 and he may not attack.
	if rs.Stun.Levels[1].AttackerBonus != 20 {
		t.Errorf("stunned target bonus %d", rs.Stun.Levels[1].AttackerBonus)
	}
	if _, err := f.Do(engine.Spend{Who: f.ID("Gavvin"), Action: "melee_attack"}); err == nil || !strings.Contains(err.Error(), "Stunned, No Parry: only Do Nothing") {
		t.Errorf("an attack while stunned: %v", err)
	}
	// "On Gavvin's next turn, one of the Stunned without Parry rounds automatically
	// goes away ... 4 rounds ... Pain Resistance Roll at a -20 penalty, and succeeds."
	// PR 45: 80 + 45 - 20 = 105.
	f.ToTurnOf("Gavvin", 80)
	g = f.Get("Gavvin")
	if got := stunCounts(g); !slices.Equal(got, []int{0, 1, 3, 0}) || g.StunTotal() != 4 {
		t.Fatalf("after marking off: %v", got)
	}
	if levelName(rs, g) != "ignored" {
		t.Fatalf("a successful roll: level %s", levelName(rs, g))
	}
	if got := f.LastLog("of stun"); got != "Gavvin stun recovery: d100oe + PR: [80] + 45 = 125, -20 for 4 rounds of stun: 105 against 81 to ease it a level, 101 to shrug it off" {
		t.Errorf("roll logged as %q", got)
	}
	// One fact, one line: the roll's line leaves it to the next to say the
	// stun is shrugged off.
	if n := strings.Count(logText(f), "shrugs off the stun"); n != 0 || !strings.Contains(logText(f), "Gavvin acts normally this turn despite the stun") {
		t.Errorf("the success is not logged once:\n%s", logText(f))
	}
	// "He can immediately act normally on this action."
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "melee_attack"})
	// "Before his next action, Gavvin's foes strike him again, giving him a round
	// of Downed stun. This stun effect is ignored entirely until Gavvin's next
	// action, but added to the cumulative rounds of stun."
	f.Next()
	f.Must(engine.Stun{Who: f.ID("Gavvin"), Level: "downed", Rounds: 1})
	g = f.Get("Gavvin")
	if g.StunTotal() != 5 || levelName(rs, g) != "ignored" || g.Has("prone") {
		t.Fatalf("downed after a success: total %d, level %s, prone %v", g.StunTotal(), levelName(rs, g), g.Has("prone"))
	}
	// "On his next action, the current round of Stun is erased (the Stunned without
	// Parry), leaving him with 4 rounds of Stun (1 Downed, and 3 Stunned). This time
	// his Stunned Maneuver skill check fails, and he immediately falls to the ground."
	// 30 + 45 - 20 = 55: a failure.
	f.ToTurnOf("Gavvin", 30)
	g = f.Get("Gavvin")
	if got := stunCounts(g); !slices.Equal(got, []int{1, 0, 3, 0}) {
		t.Fatalf("second turn counts: %v", got)
	}
	if levelName(rs, g) != "downed" || !g.Has("prone") {
		t.Fatalf("after failing: level %s, prone %v", levelName(rs, g), g.Has("prone"))
	}
	if rs.Stun.Levels[0].AttackerBonus != 50 {
		t.Error("downed bonus")
	}
	if _, err := f.Do(engine.Spend{Who: f.ID("Gavvin"), Action: "step"}); err == nil {
		t.Error("downed Gavvin stepped")
	}
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "do_nothing"})
	// Undo across all of it is exact.
	for f.CanUndo() {
		f.Undo()
	}
	if g := f.Current(); g.Status != engine.StatusSetup || len(g.Combatants) != 0 {
		t.Error("undo did not return to the start")
	}
}

// ledger: pathmaster/pain-resistance
func TestStunPartialRecoveryEasesOneLevel(t *testing.T) {
	f, rs := pm(t)
	f.Next()
	f.Must(engine.Stun{Who: f.ID("Gavvin"), Level: "no_parry", Rounds: 2})
	// Marked off to 1 round: +0. 40 + 45 = 85: 81-100 eases No Parry to Stunned.
	f.ToTurnOf("Gavvin", 40)
	if got := levelName(rs, f.Get("Gavvin")); got != "stunned" {
		t.Errorf("partial success: %s", got)
	}
	// Must Parry eased is no stun at all.
	g, _ := pm(t)
	g.Next()
	g.Must(engine.Stun{Who: g.ID("Gavvin"), Level: "must_parry", Rounds: 2})
	g.ToTurnOf("Gavvin", 40)
	if got := levelName(rs, g.Get("Gavvin")); got != "ignored" {
		t.Errorf("must parry eased: %s", got)
	}
}

// ledger: pathmaster/stun-tracking
func TestStunMidTurnBitesWithoutASuccess(t *testing.T) {
	f, rs := pm(t)
	// Gavvin acts, unstunned, and is stunned during his own turn (an interrupt).
	f.Must(engine.Stun{Who: f.ID("Gavvin"), Level: "stunned", Rounds: 1})
	if got := levelName(rs, f.Get("Gavvin")); got != "stunned" {
		t.Errorf("stun added mid-turn without a roll: %s", got)
	}
}

// ledger: pathmaster/active-characters pathmaster/unconscious-causes pathmaster/unconscious-by-stun
func TestUnconsciousExactlyAtTenPlusCO(t *testing.T) {
	f, _ := pm(t)
	g := f.Get("Gavvin")
	limit := 10 + g.Stats["CO"] // 18
	f.Must(engine.Stun{Who: g.ID, Level: "stunned", Rounds: limit - 1})
	if f.Get("Gavvin").Has("unconscious") {
		t.Fatalf("unconscious at %d, below %d", limit-1, limit)
	}
	f.Must(engine.Stun{Who: g.ID, Level: "stunned", Rounds: 1})
	g = f.Get("Gavvin")
	if !g.Has("unconscious") || !g.Has("prone") || !g.Has("helpless") {
		t.Fatalf("at %d rounds: %v", limit, g.Conditions)
	}
	// Unconscious combatants have no turns.
	f.Next()
	f.Next()
	f.Next()
	if f.Actor() == "Gavvin" {
		t.Error("an unconscious Gavvin acts")
	}
}

// ledger: pathmaster/bleeding-healing
func TestWoundClotsAtRounds12And24(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 3")
	f.Must(engine.Bleed{Who: o, Rate: 2}) // dealt in round 1
	for f.Current().Round < 12 {
		f.Next()
	}
	if w := f.Get("Orc 3").Wounds[0]; w.Rate != 2 {
		t.Fatalf("clotted before the end of round 12: %d", w.Rate)
	}
	for f.Current().Round < 13 {
		f.Next()
	}
	if w := f.Get("Orc 3").Wounds[0]; w.Rate != 1 {
		t.Fatalf("after round 12: %d a round, want 1", w.Rate)
	}
	for f.Current().Round < 25 {
		f.Next()
	}
	if c := f.Get("Orc 3"); len(c.Wounds) != 0 {
		t.Fatalf("after round 24 the wound should be gone: %+v", c.Wounds)
	}
	// It bled 2 a turn for 12 turns and 1 a turn for 12: 36 of 45 hits.
	if c := f.Get("Orc 3"); c.HP != 45-36 {
		t.Errorf("HP %d, want %d (the turn of round 25 bleeds nothing)", c.HP, 45-36)
	}
}

// ledger: pathmaster/bleeding
func TestBleedingAtTheStartOfOwnTurn(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 2")
	f.Must(engine.Bleed{Who: o, Rate: 3})
	f.Must(engine.Bleed{Who: o, Rate: 2})
	f.Next() // Orc 1
	if f.Get("Orc 2").HP != 45 {
		t.Fatal("bled before its turn")
	}
	f.Next() // Orc 2's turn
	if f.Get("Orc 2").HP != 40 || f.LastLog("bleeds 5") != "Orc 2 bleeds 5 (45 -> 40 Hits)" {
		t.Errorf("HP %d, log %q", f.Get("Orc 2").HP, f.LastLog("bleeds"))
	}
}

// ledger: pathmaster/first-aid-bleeding pathmaster/bleeding-healing
// ledger: pathmaster/first-aid-restriction pathmaster/hasty-first-aid-bleeding
func TestFirstAidOnASevenWound(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 7})
	// Gavvin's First Aid 30: 75 + 30 = 105 succeeds: 7 is more than 5, so it drops by 5.
	f.Must(engine.FirstAid{Who: g, Wound: 0}, 75)
	w := f.Get("Gavvin").Wounds[0]
	if w.Rate != 2 || !w.Treated || w.Natural != 7 {
		t.Fatalf("after first aid: %+v", w)
	}
	if !f.Get("Gavvin").Restricted() {
		t.Fatal("no restriction after first aid")
	}
	// A failed roll changes nothing: 20 + 30 = 50.
	f.Must(engine.FirstAid{Who: g, Wound: 0}, 20)
	if f.Get("Gavvin").Wounds[0].Rate != 2 {
		t.Fatal("a failed first aid worked")
	}
	// Attacking while restricted reopens the wound at its natural rate.
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	if w := f.Get("Gavvin").Wounds[0]; w.Rate != 7 || w.Treated {
		t.Errorf("attack while restricted: %+v", w)
	}
	// A 4 a round wound stops.
	f.Must(engine.Bleed{Who: g, Rate: 4})
	f.Must(engine.FirstAid{Who: g, Wound: 1}, 90)
	if w := f.Get("Gavvin").Wounds[1]; w.Rate != 0 {
		t.Errorf("a 4 wound: %+v", w)
	}
}

// ledger: pathmaster/unconscious-at-zero pathmaster/death-at-minus-con
func TestDeathExactlyAtMinusCON(t *testing.T) {
	f, _ := pm(t)
	o := f.Get("Orc 1") // 45 hits, CON 55
	f.Must(engine.Damage{Who: o.ID, Amount: 45 + 54})
	if c := f.Get("Orc 1"); c.Has("dead") || !c.Has("unconscious") || !c.Has("prone") || !c.Out {
		t.Fatalf("at -54: %v", c.Conditions)
	}
	f.Must(engine.Damage{Who: o.ID, Amount: 1})
	if c := f.Get("Orc 1"); !c.Has("dead") {
		t.Fatalf("at -55 (-CON): %v", c.Conditions)
	}
}

// ledger: pathmaster/unconscious-at-zero
func TestUnconsciousAtZeroAndBack(t *testing.T) {
	f, _ := pm(t)
	o := f.Get("Orc 1")
	f.Must(engine.Damage{Who: o.ID, Amount: 45})
	if c := f.Get("Orc 1"); !c.Has("unconscious") {
		t.Fatal("not unconscious at 0 hits")
	}
	f.Must(engine.Heal{Who: o.ID, Amount: 5})
	// Awake, but still lying where it fell (l.1168).
	if c := f.Get("Orc 1"); c.Has("unconscious") || !c.Has("prone") {
		t.Fatalf("healed: %v", c.Conditions)
	}
}

// ledger: pathmaster/critical-injuries pathmaster/unconscious-causes pathmaster/injury-bands
// ledger: pathmaster/unconscious-by-penalties
func TestInjuryBandsAndPenalties(t *testing.T) {
	f, rs := pm(t)
	o := f.ID("Orc 1") // 45 hits
	for _, c := range []struct{ dmg, pen int }{{0, 0}, {12, -10}, {11, -20}, {11, -30}} {
		if c.dmg > 0 {
			f.Must(engine.Damage{Who: o, Amount: c.dmg})
		}
		if got := engine.Penalty(rs, f.Get("Orc 1")); got != c.pen {
			t.Errorf("at %d hits: penalty %d, want %d", f.Get("Orc 1").HP, got, c.pen)
		}
	}
	f.Must(engine.Injure{Who: o, Penalty: -50, Text: "shattered knee"})
	if got := engine.Penalty(rs, f.Get("Orc 1")); got != -80 || f.Get("Orc 1").Has("unconscious") {
		t.Fatalf("-30 and -50: %d", got)
	}
	f.Must(engine.Injure{Who: o, Penalty: -20, Text: "cut tendon"})
	if !f.Get("Orc 1").Has("unconscious") {
		t.Error("penalties of -100 do not knock out")
	}
}

// ledger: pathmaster/step-limit pathmaster/action-budget pathmaster/action-exchange
// ledger: pathmaster/action-table pathmaster/drop-item
func TestSpendingAndExchanges(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	spend := func(a string) error {
		_, err := f.Do(engine.Spend{Who: g, Action: a, At: atFoe(f, a)})
		return err
	}
	// A full round action takes the Attack and the Move: an attack is refused after it.
	if err := spend("all_out_defense"); err != nil {
		t.Fatal(err)
	}
	err := spend("melee_attack")
	if err == nil || !strings.Contains(err.Error(), "Attack - Melee costs 1 Attack; Gavvin has Attack 0, Move 0, Free 2, Interrupt 1") {
		t.Fatalf("attack after a full round: %v", err)
	}
	// Free actions are still there, and only two.
	if spend("talk") != nil || spend("ingest_herb") != nil || spend("drop") == nil {
		t.Error("free actions after a full round")
	}
	// Next turn: Run (a Step and 2 Moves) exchanges the Attack for the second Move.
	for range 4 {
		f.Next()
	}
	if err := spend("run"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.LastLog("Gavvin: Run"), "exchanging Attack for 1 Move") {
		t.Errorf("exchange not chosen: %q", f.LastLog("Gavvin: Run"))
	}
	c := f.Get("Gavvin")
	if c.Pools["attack"] != 0 || c.Pools["move"] != 0 || c.Pools["step"] != 0 || c.Pools["free"] != 2 {
		t.Errorf("pools after Run: %v", c.Pools)
	}
	// Three interrupts: one, then the free... no: Free cannot be exchanged.
	if spend("dodge_and_drop") != nil || spend("sacrificial_dodge") == nil {
		t.Error("a second interrupt with nothing to exchange")
	}
}

// ledger: pathmaster/extended-actions pathmaster/load-heavy-crossbow pathmaster/first-aid-work pathmaster/first-aid-full-rounds pathmaster/load-light-crossbow pathmaster/heavy-crossbow-cocking
func TestExtendedActionsSpanTurns(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	c := f.Get("Gavvin")
	if c.Ext == nil || c.Ext.Paid != 2 || c.Ext.Total != 3 || !strings.Contains(f.LastLog("Heavy"), "2 of 3") {
		t.Fatalf("first turn of loading: %+v %q", c.Ext, f.LastLog("Heavy"))
	}
	for range 4 {
		f.Next()
	}
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	if c := f.Get("Gavvin"); c.Ext != nil || !strings.Contains(f.LastLog("Heavy"), "completes") || c.Pools["attack"] != 1 {
		t.Fatalf("second turn: %+v, %q, pools %v", c.Ext, f.LastLog("Heavy"), c.Pools)
	}
	// First Aid: 4 Moves over two turns; another action breaks it off.
	for range 4 {
		f.Next()
	}
	f.Must(engine.Bleed{Who: f.ID("Orc 1"), Rate: 3})
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatWound, 0))
	if c := f.Get("Gavvin"); c.Ext == nil || c.Ext.Paid != 2 {
		t.Fatalf("first aid under way: %+v", c.Ext)
	}
	f.Must(engine.Spend{Who: g, Action: "ingest_herb"})
	if c := f.Get("Gavvin"); c.Ext == nil {
		t.Error("ingesting an herb, a Free action, broke off first aid")
	}
	f.Must(engine.Spend{Who: g, Action: "instant_spell"})
	if c := f.Get("Gavvin"); c.Ext != nil {
		t.Error("an instant spell did not break off first aid")
	}
}

// Item 5: one can always talk (l.673), so Talk does not break off First
// Aid; but its turns must be consecutive (l.147): a turn with no work on
// it, or one spent Downed, breaks it off. Loading a crossbow may be broken
// up (l.823).
// ledger: pathmaster/extended-actions pathmaster/load-heavy-crossbow pathmaster/talk
// ledger: pathmaster/first-aid-work
func TestExtendedActionsAreConsecutive(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 3})
	f.Must(aidOn(f, "Gavvin", "Gavvin", engine.TreatWound, 0))
	f.Must(engine.Spend{Who: g, Action: "talk"})
	if c := f.Get("Gavvin"); c.Ext == nil || c.Ext.Paid != 2 {
		t.Fatalf("talking broke off first aid: %+v", c.Ext)
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "first_aid"})
	if c := f.Get("Gavvin"); c.Ext != nil || !strings.Contains(logText(f), "Gavvin completes First Aid on Gavvin's wound #1") {
		t.Fatalf("first aid over two consecutive turns: %+v %q", c.Ext, f.LastLog("First Aid"))
	}
	// A turn with no work on it.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Gavvin", engine.TreatWound, 0))
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if c := f.Get("Gavvin"); c.Ext == nil {
		t.Fatal("first aid broken off before the turn without work")
	}
	f.Next()
	if c := f.Get("Gavvin"); c.Ext != nil || !strings.Contains(logText(f), "Gavvin breaks off First Aid: a turn with no work on it") {
		t.Fatalf("a turn with no work: %+v", c.Ext)
	}
	// A turn spent Downed (the Pain Resistance roll fails: 10).
	h, _ := pm(t)
	h.Must(engine.Bleed{Who: g, Rate: 3})
	h.Must(aidOn(h, "Gavvin", "Gavvin", engine.TreatWound, 0))
	h.Must(engine.Stun{Who: g, Level: "downed", Rounds: 2})
	h.ToTurnOf("Orc 1")
	h.ToTurnOf("Gavvin", 10)
	h.Refuse(engine.Spend{Who: g, Action: "first_aid"}, "Downed")
	h.Next()
	if c := h.Get("Gavvin"); c.Ext != nil {
		t.Fatal("first aid went on through a turn spent Downed")
	}
	// Loading a crossbow may be broken up by another turn's attack.
	k, _ := pm(t)
	k.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	k.ToTurnOf("Orc 1")
	k.ToTurnOf("Gavvin")
	k.Must(engine.Spend{Who: g, Action: "melee_attack"})
	k.ToTurnOf("Orc 1")
	k.ToTurnOf("Gavvin")
	k.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	if !strings.Contains(k.LastLog("Heavy"), "Gavvin completes Load Heavy Crossbow") {
		t.Errorf("crossbow: %q", k.LastLog("Heavy"))
	}
}

// aidOn is the healer beginning First Aid on the patient's wound, injury or
// hits (the b dialog's command).
func aidOn(f *enginetest.Fight, healer, patient string, treat engine.Treat, i int) engine.Command {
	cmd := engine.Spend{Who: f.ID(healer), Action: "first_aid", Patient: f.ID(patient), Treat: treat}
	if treat == engine.TreatInjury {
		cmd.Injury = i
	} else {
		cmd.Wound = i
	}
	return cmd
}

// Item 6: Downed knocks prone, and the combatant cannot stand until the
// stun eases to Must Parry (l.1004): still prone while Stunned binds.
// ledger: pathmaster/stun-downed pathmaster/stun-recovery pathmaster/downed-stays-prone
func TestDownedStaysProneUntilMustParry(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Stun{Who: g, Level: "downed", Rounds: 1})
	f.Must(engine.Stun{Who: g, Level: "stunned", Rounds: 2})
	f.Must(engine.Stun{Who: g, Level: "must_parry", Rounds: 2})
	if !f.Get("Gavvin").Has("prone") {
		t.Fatal("Downed did not knock Gavvin prone")
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin", 10) // Pain Resistance fails: Stunned binds
	if c := f.Get("Gavvin"); levelName(rs, c) != "stunned" || !c.Has("prone") {
		t.Fatalf("Stunned binds: %s, prone %v", levelName(rs, c), c.Has("prone"))
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin", 10)
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin", 10)
	// Able to stand now, but still down until a Change Posture.
	if c := f.Get("Gavvin"); levelName(rs, c) != "must_parry" || !c.Has("prone") {
		t.Fatalf("Must Parry binds: %s, prone %v", levelName(rs, c), c.Has("prone"))
	}
}

// Item 7: parries are counted between the defender's own turns (l.1107,
// 1116: an unused parry is lost at the start of one's next turn), not per
// round: Orc 3 parries on Orc 1's turn... then on Gavvin's, in the next round.
// ledger: pathmaster/parry-multiple-foes pathmaster/unused-parry
func TestParriesBetweenOwnTurns(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 3")
	f.ToTurnOf("Orc 3")
	f.Next() // round 2, Gavvin's turn
	f.Must(engine.Parry{Who: o})
	f.Must(engine.Parry{Who: o})
	if !strings.Contains(f.LastLog("Orc 3 parries"), "second since its turn): at 50%") {
		t.Fatalf("%q", f.LastLog("Orc 3 parries"))
	}
	f.ToTurnOf("Orc 3")
	f.Must(engine.Parry{Who: o})
	f.Next()
	f.Must(engine.Parry{Who: o})
	if !strings.Contains(f.LastLog("Orc 3 parries"), "second since its turn): at 50%") {
		t.Errorf("a parry after its turn and one in the next round: %q", f.LastLog("Orc 3 parries"))
	}
}

// Item 8: a wound under First Aid allows no movement faster than a Move
// (l.837): Running reopens it. Any action but Aim or an attack loses the
// aim, dropping an item too (l.556).
// ledger: pathmaster/aim pathmaster/drop-item pathmaster/first-aid-restriction
// ledger: pathmaster/hasty-first-aid-bleeding
func TestRunReopensAndDropLosesTheAim(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 3})
	f.Must(engine.FirstAid{Who: g, Wound: 0}, 90)
	f.Must(engine.Spend{Who: g, Action: "run"})
	if w := f.Get("Gavvin").Wounds[0]; w.Rate != 3 || w.Treated {
		t.Errorf("running under first aid: %+v", w)
	}
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "aim"})
	h.Must(engine.Spend{Who: g, Action: "drop"})
	if a := h.Get("Gavvin").Aim; a != 0 {
		t.Errorf("dropping an item kept %d aims", a)
	}
}

// ledger: pathmaster/active-characters pathmaster/surprise-effects pathmaster/surprise-recovery
// ledger: pathmaster/off-guard-surprised pathmaster/surprised
func TestSurprisedTwoTurns(t *testing.T) {
	f, _ := pm(t)
	// Orc 1 is surprised; on its first turn Perception fails (10 + 25 < 101),
	// it may only do nothing; on its second it recovers without a roll.
	f.Must(engine.GiveCondition{Who: f.ID("Orc 1"), Condition: "surprised"})
	f.ToTurnOf("Orc 1", 10)
	if !f.Get("Orc 1").Has("surprised") {
		t.Fatal("a failed Perception ended surprise")
	}
	if _, err := f.Do(engine.Spend{Who: f.ID("Orc 1"), Action: "melee_attack"}); err == nil || !strings.Contains(err.Error(), "Surprised: only passive actions") {
		t.Errorf("a surprised orc attacked: %v", err)
	}
	f.Must(engine.Spend{Who: f.ID("Orc 1"), Action: "do_nothing"})
	f.Next()
	f.ToTurnOf("Orc 1")
	if f.Get("Orc 1").Has("surprised") {
		t.Fatal("still surprised on the second turn")
	}
	// Orc 2: Perception succeeds on the first turn (96, 20 + 25 = 141).
	g, _ := pm(t)
	g.Must(engine.GiveCondition{Who: g.ID("Orc 2"), Condition: "surprised"})
	g.ToTurnOf("Orc 2", 96, 20)
	if g.Get("Orc 2").Has("surprised") {
		t.Fatal("a successful Perception did not end surprise")
	}
}

// ledger: pathmaster/paralyzed
func TestConditionDurationsAndImplies(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 3")
	// Shaken for 2 rounds, given in round 1: gone at the end of round 2.
	f.Must(engine.GiveCondition{Who: o, Condition: "shaken", Rounds: 2})
	for f.Current().Round < 2 {
		f.Next()
	}
	if !f.Get("Orc 3").Has("shaken") {
		t.Fatal("shaken ended early")
	}
	for f.Current().Round < 3 {
		f.Next()
	}
	if f.Get("Orc 3").Has("shaken") {
		t.Fatal("shaken outlived its 2 rounds")
	}
	// Paralyzed brings helpless, which cannot be removed while paralysis holds.
	f.Must(engine.GiveCondition{Who: o, Condition: "paralyzed"})
	if !f.Get("Orc 3").Has("helpless") {
		t.Fatal("paralyzed without helpless")
	}
	if _, err := f.Do(engine.TakeCondition{Who: o, Condition: "helpless"}); err == nil {
		t.Error("helpless removed under paralysis")
	}
	f.Must(engine.TakeCondition{Who: o, Condition: "paralyzed"})
	if f.Get("Orc 3").Has("helpless") {
		t.Error("helpless outlived paralysis")
	}
	if _, err := f.Do(engine.GiveCondition{Who: o, Condition: "sleepy"}); err == nil {
		t.Error("an unknown condition accepted")
	}
}

// ledger: pathmaster/confused-table
func TestConfusedRollsItsBehaviour(t *testing.T) {
	f, _ := pm(t)
	f.Must(engine.GiveCondition{Who: f.ID("Orc 1"), Condition: "confused"})
	f.ToTurnOf("Orc 1", 60)
	if got := f.LastLog("(Confused)"); got != "Orc 1 (Confused): drops what it holds and wanders a Move in a random direction" {
		t.Errorf("confused: %q", got)
	}
}

// ledger: pathmaster/multi-strike pathmaster/aim pathmaster/initiative-from-criticals
// ledger: pathmaster/fatigue pathmaster/parry-multiple-foes pathmaster/resistance-roll
// ledger: pathmaster/resistance-table pathmaster/resistance-outcome pathmaster/resistance-skills
// ledger: pathmaster/resistance-tiers
func TestHelpers(t *testing.T) {
	f, rs := pm(t)
	// The book's Resistance Roll table: attack 1 vs defender 10 is 5; 10 vs 1 is 95; 5 vs 3 is 60.
	for _, c := range [][3]int{{1, 10, 5}, {10, 1, 95}, {5, 3, 60}, {4, 4, 50}} {
		if got := engine.ResistanceTarget(rs, c[0], c[1]); got != c[2] {
			t.Errorf("RR %d vs %d: %d, want %d", c[0], c[1], got, c[2])
		}
	}
	// "A Failure by 25 would result in Mild+Moderate+Severe effects."
	for margin, want := range map[int]string{40: "no effects", 31: "no effects", 30: "mild effects", 0: "mild effects",
		-1: "mild effects + moderate effects", -25: "mild effects + moderate effects + severe effects",
		-51: "mild effects + moderate effects + severe effects + extreme effects"} {
		if got := strings.Join(engine.ResistanceTiers(rs, margin), " + "); got != want {
			t.Errorf("margin %d: %q, want %q", margin, got, want)
		}
	}
	// Orc 1 resists a level 5 poison at level 3 with 3 x CO (5): 70 + 15 = 85 vs 60.
	f.Must(engine.Resist{Who: f.ID("Orc 1"), AttackLevel: 5, DefenceLevel: 3, Expr: "3 * CO", Against: "poison"}, 70)
	if got := f.LastLog("Resistance"); got != "Orc 1 Resistance Roll against poison (level 5 vs 3, target 60): d100oe + (3 * CO): [70] + (3 * 5) = 85: success by 25: mild effects" {
		t.Errorf("resist: %q", got)
	}
	// Multiple parries: 100%, 50%, 25%, then halving; reset each round.
	for i, want := range []int{100, 50, 25, 12} {
		f.Must(engine.Parry{Who: f.ID("Gavvin")})
		if got := engine.ParryFactor(rs, i+1); got != want || !strings.Contains(f.LastLog("parries"), strconv.Itoa(want)+"%") {
			t.Errorf("parry %d: %d%%, log %q", i+1, got, f.LastLog("parries"))
		}
	}
	// Multi-strike at rank 30: Normal, -30, -60, -90.
	if got := engine.MultiStrike(rs, 30); !slices.Equal(got, []int{0, -30, -60, -90}) {
		t.Errorf("multi-strike: %v", got)
	}
	if got := engine.MultiStrike(rs, 9); !slices.Equal(got, []int{0}) {
		t.Errorf("multi-strike under 10 ranks: %v", got)
	}
	// Aim: +5 for two actions of aim, +10 for three or more; lost by other actions.
	if engine.AimBonus(rs, 1) != 0 || engine.AimBonus(rs, 2) != 5 || engine.AimBonus(rs, 3) != 10 || engine.AimBonus(rs, 7) != 10 {
		t.Error("aim bonus")
	}
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "aim"})
	f.Must(engine.Spend{Who: g, Action: "aim"}) // exchanges the Attack for a Move
	if f.Get("Gavvin").Aim != 2 {
		t.Fatalf("aim count %d", f.Get("Gavvin").Aim)
	}
	f.Must(engine.Spend{Who: g, Action: "talk"})
	if f.Get("Gavvin").Aim != 0 {
		t.Error("talking kept the aim")
	}
	// Initiative rounds from a critical: +5 each on the next attack roll.
	f.Must(engine.InitRounds{Who: f.ID("Orc 1"), Rounds: 2})
	f.Next()
	f.Must(engine.Spend{Who: f.ID("Orc 1"), Action: "melee_attack"})
	f.Must(engine.RollCheck{Who: f.ID("Orc 1"), Check: "attack", Target: g}, 50)
	if got := f.LastLog("rounds of initiative:"); got != "Orc 1 spends 2 rounds of initiative: +10 on this roll" || f.Get("Orc 1").InitRounds != 0 {
		t.Errorf("initiative rounds: %q", got)
	}
	// Fatigue: a pool of 40 + 3 x CO (l.903), and a fight that lasts 3
	// rounds costs 1, +1 per level of encumbrance, once.
	fat := 40 + 3*f.Get("Gavvin").Stats["CO"]
	if got := f.Get("Gavvin").Pools["fatigue"]; got != fat {
		t.Errorf("Gavvin's Fatigue %d, want %d", got, fat)
	}
	for f.Current().Round < 5 {
		f.Next()
	}
	n := 0
	for _, e := range f.Log() {
		if strings.HasPrefix(narrate.Line(f.Rules, e), "Gavvin: Fatigue:") {
			n++
			if e.Round != 3 || narrate.Line(f.Rules, e) != fmt.Sprintf("Gavvin: Fatigue: loses 1 Fatigue (%d -> %d)", fat, fat-1) {
				t.Errorf("round %d: %q", e.Round, narrate.Line(f.Rules, e))
			}
		}
	}
	if n != 1 || f.Get("Gavvin").Pools["fatigue"] != fat-1 {
		t.Errorf("fatigue taken %d times, %d left", n, f.Get("Gavvin").Pools["fatigue"])
	}
}

// ledger: pathmaster/action-table pathmaster/delay pathmaster/wait
func TestWaitAndDelayPayFromTheBudget(t *testing.T) {
	f, _ := pm(t)
	f.Must(engine.Delay{Who: f.ID("Gavvin"), Trigger: "if charged"})
	if c := f.Get("Gavvin"); c.Pools["attack"] != 0 || c.Delaying == "" {
		t.Fatalf("delay: pools %v", c.Pools)
	}
	// Wait costs a Move and an Attack: the Attack is gone, and nothing else pays it.
	if _, err := f.Do(engine.Wait{Who: f.ID("Gavvin")}); err == nil || !strings.Contains(err.Error(), "Wait costs 1 Attack + 1 Move") {
		t.Fatalf("wait without an Attack: %v", err)
	}
	f.Next()
	f.Must(engine.Wait{Who: f.ID("Orc 1")})
	if c := f.Get("Orc 1"); c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Errorf("wait: pools %v", c.Pools)
	}
}

// Out of the order, a combatant's own turn still comes round: an
// unconscious orc with a 5-a-round wound loses 5 hits at each of its turns
// until it dies at -CON (l.980-983), and bleeds no more once dead.
// ledger: pathmaster/bleeding pathmaster/death-at-minus-con
func TestUnconsciousBleedsOutToMinusCON(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1") // 45 hits, CON 55
	f.Must(engine.Damage{Who: o, Amount: 45})
	f.Must(engine.Bleed{Who: o, Rate: 5})
	for round := 1; round <= 12; round++ {
		for f.Current().Round == round {
			f.Next()
		}
		want := max(-5*round, -55)
		c := f.Get("Orc 1")
		if c.HP != want {
			t.Fatalf("after round %d: %d hits, want %d", round, c.HP, want)
		}
		if dead := c.Has("dead"); dead != (round >= 11) {
			t.Fatalf("after round %d at %d hits: dead %v", round, c.HP, dead)
		}
		if !c.Has("unconscious") || f.Actor() == "Orc 1" {
			t.Fatalf("round %d: the orc acts or came to", round)
		}
	}
}

// A combatant knocked out by stun keeps marking it off at its own turns,
// and comes to once the total is below 10 + CO (l.1176): Gavvin, at 18
// rounds, is out; at his next turn one is marked off, and he acts.
// ledger: pathmaster/unconscious-by-stun
func TestStunKnockOutWakes(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	limit := 10 + f.Get("Gavvin").Stats["CO"]
	f.Must(engine.Stun{Who: g, Level: "stunned", Rounds: limit})
	if !f.Get("Gavvin").Has("unconscious") {
		t.Fatal("not knocked out at 10 + CO")
	}
	for f.Current().Round == 1 {
		f.Next()
	}
	c := f.Get("Gavvin")
	if f.Actor() != "Gavvin" || c.Has("unconscious") || c.StunTotal() != limit-1 {
		t.Fatalf("round 2: actor %s, %v, %d rounds of stun", f.Actor(), c.Conditions, c.StunTotal())
	}
	if !strings.Contains(logText(f), "Gavvin comes to") {
		t.Error("the log does not say Gavvin came to")
	}
}

// Pain Resistance takes the injury penalty (l.1038: "injuries and all other
// penalties apply") and says so: an orc below a quarter of its hits is at
// -30, so 70 + PR 20 = 90, which would ease the stun, comes to 60.
// ledger: pathmaster/critical-injuries pathmaster/pain-resistance-modifiers
// ledger: pathmaster/pain-resistance-penalties pathmaster/injury-bands
func TestPainResistanceTakesThePenalty(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 35}) // 10 of 45
	if p := engine.Penalty(f.Rules, f.Get("Orc 1")); p != -30 {
		t.Fatalf("penalty %d at 10 of 45 hits, want -30", p)
	}
	f.Must(engine.Stun{Who: o, Level: "stunned", Rounds: 2})
	f.ToTurnOf("Orc 1", 70)
	line := f.LastLog("Orc 1 stun recovery")
	if !strings.Contains(line, "stun recovery: d100oe + PR: [70] + 20 = 90, +0 for 1 round of stun, -30 penalty: 60 against 81 to ease it a level, 101 to shrug it off: stays stunned") {
		t.Errorf("the recovery roll: %q", line)
	}
	if levelName(f.Rules, f.Get("Orc 1")) != "stunned" {
		t.Error("the stun eased though the penalty took the roll below 81")
	}
}

// Item 2: a Wait sets the Attack and Move aside; while waiting only the
// Interrupt is left, and on re-entry the combatant acts with them (l.695-704).
// ledger: pathmaster/wait
func TestWaitGivesTheActionsBackOnReEntry(t *testing.T) {
	f, _ := pm(t)
	f.ToTurnOf("Orc 1")
	o := f.ID("Orc 1")
	f.Must(engine.Wait{Who: o, After: f.ID("Orc 2")})
	if f.Actor() != "Orc 2" {
		t.Fatalf("after the wait %s acts", f.Actor())
	}
	f.Refuse(engine.Spend{Who: o, Action: "melee_attack"}, "it is not Orc 1's turn: out of it, only what spends Interrupt")
	f.Next()
	if f.Actor() != "Orc 1" {
		t.Fatalf("Orc 1 did not re-enter after Orc 2: %s acts", f.Actor())
	}
	c := f.Get("Orc 1")
	if c.Pools["attack"] != 1 || c.Pools["move"] != 1 || !strings.Contains(logText(f), "Orc 1 re-enters the order with 1 Attack + 1 Move") {
		t.Fatalf("re-entry: pools %v", c.Pools)
	}
	f.Must(engine.Spend{Who: o, Action: "melee_attack"})
	f.Must(engine.Spend{Who: o, Action: "aim"})
}

// Item 4: an exchange gives up the Move where the Move can pay, keeping the
// Attack (which could become a Move too): Crouch (at the turn's start), Talk,
// Talk, then an attack; and a second Interrupt takes the Move, not the Attack.
// ledger: pathmaster/action-exchange pathmaster/action-table pathmaster/talk
func TestExchangesKeepTheAttack(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	for _, a := range []string{"crouch", "talk", "talk"} {
		f.Must(engine.Spend{Who: g, Action: a})
	}
	if !strings.Contains(f.LastLog("Gavvin: Talk"), "exchanging Move for 2 Free") {
		t.Errorf("the second talk: %q", f.LastLog("Gavvin: Talk"))
	}
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	h, _ := pm(t)
	for _, a := range []string{"dodge_and_drop", "sacrificial_dodge"} {
		h.Must(engine.Spend{Who: g, Action: a, At: atFoe(h, a)})
	}
	if !strings.Contains(h.LastLog("Sacrificial"), "exchanging Move for 1 Interrupt") {
		t.Errorf("second interrupt: %q", h.LastLog("Sacrificial"))
	}
	h.Must(engine.Spend{Who: g, Action: "melee_attack"})
}

// Item 9: after a Delay nothing but interrupts until the next turn (l.679:
// other actions before the Delay, not after), but talk, which one can
// always do (l.673); the held attack is fired as an Interrupt, once, and a
// Move may still become another Interrupt.
// ledger: pathmaster/delay pathmaster/delay-interrupts
func TestDelayedAttackIsFired(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Must(engine.Delay{Who: g, Trigger: "an orc comes near"})
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Refuse(engine.Spend{Who: g, Action: "aim"}, "after a Delay only what Interrupt pays")
	f.Next()
	f.Must(engine.Spend{Who: g, Action: "delayed_attack"})
	if c := f.Get("Gavvin"); c.Delaying != "" || !strings.Contains(logText(f), "Gavvin fires the delayed attack (an orc comes near)") {
		t.Fatalf("firing: %q", c.Delaying)
	}
	f.Refuse(engine.Spend{Who: g, Action: "delayed_attack"}, "Gavvin holds no delayed attack")
	f.Must(engine.Spend{Who: g, Action: "dodge_and_drop", At: f.ID("Orc 1")})
	if !strings.Contains(f.LastLog("Dodge and Drop"), "exchanging Move for 1 Interrupt") {
		t.Errorf("%q", f.LastLog("Dodge and Drop"))
	}
}

// Item 10: a combatant added mid-fight who ties one in the fixed order
// rolls off with it (ties: Basic Speed, QU, then a roll-off); moving one in
// the fixed order says that it changes the initiative for the fight.
// ledger: pathmaster/initiative-roll
func TestJoiningTiesRollOffAndMovesSaySo(t *testing.T) {
	f, _ := pm(t)
	lib := shipped(t)
	orc, _ := lib.Creature("pathmaster", "orc")
	init := 15
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Orc 4", Template: "orc", HP: orc.HP, Stats: orc.Stats, Init: &init}}}, 3, 8)
	log := logText(f)
	for _, want := range []string{"Orc 2 roll-off for a tie at 15: 1d10: [3] = 3", "Orc 4 roll-off for a tie at 15: 1d10: [8] = 8"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q", want)
		}
	}
	if o := f.Order(); o != "Gavvin,Orc 1,Orc 4,Orc 2,Orc 3" {
		t.Errorf("order %s", o)
	}
	f.Must(engine.Move{Who: f.ID("Orc 3"), Dir: -1})
	if l := f.LastLog("moves"); l != "Orc 3 moves earlier in the order for the rest of the fight: Orc 3 now has initiative 15, Orc 2 10" {
		t.Errorf("%q", l)
	}
}

// Item 11: the book's conditions restrict actions (l.863-1056): Nauseated
// a single Move or Do Nothing, Fascinated nothing, Panicked only fleeing,
// Entangled no Run or Charge; Deafened -4 on initiative rolled; Energy
// Drained, Incorporeal and Petrified exist, and a Petrified combatant is
// unconscious. Frightened forbids no action: it flees if it can, and
// cornered it may fight (l.925-929), a Charge too.
// ledger: pathmaster/deafened pathmaster/entangled pathmaster/fascinated pathmaster/nauseated
// ledger: pathmaster/panicked pathmaster/petrified pathmaster/frightened
func TestConditionsRestrictActions(t *testing.T) {
	for _, tc := range []struct{ cond, refused, allowed, msg string }{
		{"nauseated", "melee_attack", "drink_potion", "Gavvin is Nauseated: only"},
		{"fascinated", "talk", "do_nothing", "Gavvin is Fascinated: only passive actions"},
		{"panicked", "melee_attack", "run", "Gavvin is Panicked: only"},
		{"entangled", "run", "melee_attack", "Gavvin is Entangled: no Run"},
		{"entangled", "charge", "melee_attack", "Gavvin is Entangled: no Charge"},
	} {
		f, _ := pm(t)
		g := f.ID("Gavvin")
		f.Must(engine.GiveCondition{Who: g, Condition: tc.cond})
		f.Refuse(engine.Spend{Who: g, Action: tc.refused}, tc.msg)
		f.Must(engine.Spend{Who: g, Action: tc.allowed})
	}
	f, _ := pm(t)
	f.Must(engine.GiveCondition{Who: f.ID("Gavvin"), Condition: "frightened"})
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "charge"})
	f.Must(engine.GiveCondition{Who: f.ID("Orc 1"), Condition: "petrified"})
	if !f.Get("Orc 1").Has("unconscious") {
		t.Error("a petrified orc is not unconscious")
	}
	for _, id := range []string{"energy_drained", "incorporeal"} {
		f.Must(engine.GiveCondition{Who: f.ID("Orc 2"), Condition: id})
	}
	// Deafened before the fight: 2d10 + QU - 4 = 5 + 5 + 10 - 4.
	lib := shipped(t)
	rs, _ := lib.Ruleset("pathmaster")
	d := enginetest.New(t, rs.Ruleset, dice.NewSource(5))
	gc, _ := lib.Creature("pathmaster", "gavvin")
	d.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Gavvin", Template: "gavvin", HP: gc.HP, Stats: gc.Stats}}})
	d.Must(engine.GiveCondition{Who: d.ID("Gavvin"), Condition: "deafened"})
	d.Must(engine.Start{}, 5, 5)
	if c := d.Get("Gavvin"); c.Init != 5+5+c.Stats["QU"]-4 {
		t.Errorf("deafened initiative %d", c.Init)
	}
}

// Item 11 and Build: the attackers' bonuses against a target are summed
// from its stun level (Downed +50, l.1004) and conditions (Surprised +20
// melee / +10 ranged, l.1044; Prone -20 dodge against melee, +20 against
// ranged; Helpless +50/+30; Flanked +20 melee).
// ledger: pathmaster/surprise-effects pathmaster/flanked pathmaster/prone-defender
// ledger: pathmaster/stun-downed pathmaster/surprised
func TestAttackerBonusesSummed(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.GiveCondition{Who: o, Condition: "surprised"})
	if m, r, _ := engine.AttackerBonus(f.Rules, f.Get("Orc 1")); m != 20 || r != 10 {
		t.Errorf("surprised: melee %+d, ranged %+d", m, r)
	}
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 1})
	// Downed's +50 counts the prone it knocks one into (l.1005-1006).
	if m, r, _ := engine.AttackerBonus(f.Rules, f.Get("Orc 1")); m != 20+50 || r != 10+50 {
		t.Errorf("surprised, downed and prone: melee %+d, ranged %+d", m, r)
	}
	f.Must(engine.GiveCondition{Who: o, Condition: "flanked"})
	if m, _, _ := engine.AttackerBonus(f.Rules, f.Get("Orc 1")); m != 90 {
		t.Errorf("flanked too: melee %+d", m)
	}
}

// Item 1's Stable (l.980): an orc down and bleeding 3 a round is stable
// once Gavvin's First Aid stops the wound: it bleeds no more at its turns,
// and it is no longer Stable once healed up.
// ledger: pathmaster/stable
func TestBleedingStoppedIsStable(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 45})
	f.Must(engine.Bleed{Who: o, Rate: 3})
	for f.Current().Round == 1 {
		f.Next()
	}
	if c := f.Get("Orc 1"); c.HP != -3 || c.Has("stable") {
		t.Fatalf("bleeding while down: %d hits, stable %v", c.HP, c.Has("stable"))
	}
	f.Must(engine.FirstAid{Who: o, Healer: f.ID("Gavvin"), Wound: 0}, 90)
	if !f.Get("Orc 1").Has("stable") {
		t.Fatal("the stopped wound did not make the orc Stable")
	}
	for f.Current().Round == 2 {
		f.Next()
	}
	if c := f.Get("Orc 1"); c.HP != -3 || !c.Has("stable") || !c.Has("unconscious") {
		t.Fatalf("round 3: %d hits, %v", c.HP, c.Conditions)
	}
	f.Must(engine.Heal{Who: o, Amount: 10})
	if f.Get("Orc 1").Has("stable") {
		t.Error("still Stable once up")
	}
}

// Three rounds of Gavvin and the three orcs with a Delay fired, a Wait
// used, First Aid over two turns, a bleed-out to Stable and a stun
// knock-out waking, every count checked, and undone back to the start.
// ledger: pathmaster/initiative-fixed pathmaster/delay-against-charge pathmaster/first-aid-bleeding
// ledger: pathmaster/stable pathmaster/unconscious-by-stun
func TestThreeRoundsOfGavvinAndTheOrcs(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2, o3 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2"), f.ID("Orc 3")
	start, done := f.Current().Clone(), len(f.Done)
	spend := func(who int, a string) { t.Helper(); f.Must(engine.Spend{Who: who, Action: a}) }
	pools := func(name string, want map[string]int) {
		t.Helper()
		for k, v := range want {
			if got := f.Get(name).Pools[k]; got != v {
				t.Errorf("round %d, %s's %s: %d, want %d", f.Current().Round, name, k, got, v)
			}
		}
	}
	// Round 1. Gavvin delays; Orc 1 charges into the held blow and is
	// stunned out (15 rounds = 10 + CO); Orc 2 waits for Orc 3, then attacks
	// and is cut down with a wound.
	f.Must(engine.Delay{Who: g, Trigger: "an orc charges"})
	pools("Gavvin", map[string]int{"attack": 0, "move": 1, "interrupt": 1})
	f.Next()
	spend(o1, "charge")
	spend(g, "delayed_attack")
	pools("Gavvin", map[string]int{"attack": 0, "move": 1, "interrupt": 0})
	f.Must(engine.Stun{Who: o1, Level: "stunned", Rounds: 15})
	if !f.Get("Orc 1").Has("unconscious") {
		t.Fatal("15 rounds of stun did not knock Orc 1 out")
	}
	f.Next()
	f.Must(engine.Wait{Who: o2, After: o3})
	pools("Orc 2", map[string]int{"attack": 0, "move": 0, "interrupt": 1})
	if f.Actor() != "Orc 3" {
		t.Fatalf("after the wait %s acts", f.Actor())
	}
	spend(o3, "melee_attack")
	f.Must(engine.Damage{Who: g, Amount: 10})
	f.Must(engine.Bleed{Who: g, Rate: 2})
	f.Next()
	if f.Actor() != "Orc 2" {
		t.Fatalf("Orc 2 did not re-enter: %s", f.Actor())
	}
	pools("Orc 2", map[string]int{"attack": 1, "move": 1})
	spend(o2, "melee_attack")
	f.Must(engine.Damage{Who: o2, Amount: 45})
	f.Must(engine.Bleed{Who: o2, Rate: 3})
	f.Next()
	// Round 2. Gavvin bleeds 2 and starts First Aid on Orc 2 (2 of 4 Moves),
	// talking meanwhile. Orc 1 marks a round off (14 < 15: it comes to) and
	// fails Pain Resistance (10 + 20 - 70): Stunned binds. Orc 2 bleeds 3.
	if f.Current().Round != 2 || f.Actor() != "Gavvin" || f.Get("Gavvin").HP != 72-10-2 {
		t.Fatalf("round 2: %s acts, Gavvin %d hits", f.Actor(), f.Get("Gavvin").HP)
	}
	f.Must(aidOn(f, "Gavvin", "Orc 2", engine.TreatWound, 0))
	spend(g, "talk")
	if c := f.Get("Gavvin"); c.Ext == nil || c.Ext.Paid != 2 || c.Ext.Patient != o2 {
		t.Fatalf("first aid: %+v", c.Ext)
	}
	f.Must(engine.Next{}, 10)
	if c := f.Get("Orc 1"); f.Actor() != "Orc 1" || c.Has("unconscious") || c.StunTotal() != 14 || levelName(f.Rules, c) != "stunned" {
		t.Fatalf("Orc 1 waking: actor %s, %v, %d stun", f.Actor(), c.Conditions, c.StunTotal())
	}
	f.Refuse(engine.Spend{Who: o1, Action: "melee_attack"}, "Orc 1 is Stunned")
	f.Next()
	if c := f.Get("Orc 2"); f.Actor() != "Orc 3" || c.HP != -3 || !c.Has("unconscious") || c.Has("stable") {
		t.Fatalf("Orc 2 bleeding out: actor %s, %d hits, %v", f.Actor(), c.HP, c.Conditions)
	}
	f.Next()
	// Round 3. Gavvin bleeds 2 more and finishes First Aid: 90 + 30 = 120
	// stops the 3 wound, and Orc 2 is Stable. Orc 1 marks off another round.
	if f.Current().Round != 3 || f.Get("Gavvin").HP != 72-10-4 {
		t.Fatalf("round 3: Gavvin %d hits", f.Get("Gavvin").HP)
	}
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 90)
	for _, want := range []string{
		"Gavvin completes First Aid on Orc 2's wound #1 (exchanging Attack for 1 Move)",
		"Gavvin First Aid: d100oe + FA: [90] + 30 = 120",
		"First Aid on Orc 2: the wound bleeds 0 a round, was 3",
		"Orc 2 is Stable",
	} {
		if !strings.Contains(logText(f), want) {
			t.Errorf("round 3: the log lacks %q", want)
		}
	}
	pools("Gavvin", map[string]int{"attack": 0, "move": 0, "free": 2, "interrupt": 1})
	if c := f.Get("Orc 2"); !c.Has("stable") || c.Wounds[0].Rate != 0 {
		t.Fatalf("Orc 2 after first aid: %v %+v", c.Conditions, c.Wounds)
	}
	f.Must(engine.Next{}, 10)
	if c := f.Get("Orc 1"); f.Actor() != "Orc 1" || c.StunTotal() != 13 {
		t.Fatalf("Orc 1 in round 3: %d stun", c.StunTotal())
	}
	f.Next()
	if c := f.Get("Orc 2"); c.HP != -3 || !c.Has("stable") || f.Actor() != "Orc 3" {
		t.Fatalf("a stable orc bled: %d", c.HP)
	}
	// Undo is exact: back to the fight's start step by step, and redo
	// comes back to the end of round 3.
	end := f.Current().Clone()
	for len(f.Done) > done {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), start) {
		t.Errorf("undone to the start:\n%+v\nwant\n%+v", *f.Current(), start)
	}
	for f.CanRedo() {
		if _, err := f.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(*f.Current(), end) {
		t.Errorf("redone to the end:\n%+v\nwant\n%+v", *f.Current(), end)
	}
}

// Build: Evaluate gives +10 to a melee attack on the sized-up foe on the
// next turn only (l.563-569): Gavvin holds Evaluating through his next
// turn, and it is gone once that turn ends.
// ledger: pathmaster/evaluate
func TestEvaluateLastsToTheEndOfTheNextTurn(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "evaluate"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if !f.Get("Gavvin").Has("evaluating") {
		t.Fatal("Evaluating gone before the next turn")
	}
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Next()
	if f.Get("Gavvin").Has("evaluating") {
		t.Error("Evaluating outlasted the next turn")
	}
}

// Item 3, checked against the book: Perception (l.1045, "all normal
// modifiers") and First Aid (the healer's) take the injury penalty as Pain
// Resistance does (l.1038): at -30 a 90 + 25 Perception and a 75 + 30
// First Aid, which would succeed unhurt, fail.
// ledger: pathmaster/surprise-recovery pathmaster/surprised pathmaster/injury-bands
func TestPerceptionAndFirstAidTakeThePenalty(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 35})
	f.Must(engine.GiveCondition{Who: o, Condition: "surprised"})
	f.ToTurnOf("Orc 1", 90)
	if !f.Get("Orc 1").Has("surprised") {
		t.Error("a hurt orc's Perception left out its -30")
	}
	g := f.ID("Gavvin")
	f.Must(engine.Damage{Who: g, Amount: 60}) // 12 of 72: -30
	f.Must(engine.Bleed{Who: o, Rate: 3})
	f.Must(engine.FirstAid{Who: o, Healer: g, Wound: 0}, 75)
	if f.Get("Orc 1").Wounds[0].Rate != 3 {
		t.Error("a hurt healer's First Aid left out his -30")
	}
}

// Build, First Aid as one mechanic (l.766-782, 832-839, 866-869): the
// healer chooses a patient and what to treat, pays 4 Moves over
// consecutive turns (2 a turn: the Move, and the Attack for another), and
// the roll, with the healer's penalties, is made when the 4th is paid. A
// success braces a critical injury by 25% of its penalty (cumulative), or
// heals 1 hit +1 per 10 over 101; another aim starts the work over.
// ledger: pathmaster/first-aid-work pathmaster/first-aid-brace pathmaster/first-aid-heal
// ledger: pathmaster/first-aid-cumulative pathmaster/critical-injuries
func TestFirstAidAsOneMechanic(t *testing.T) {
	f, rs := pm(t)
	g, o1 := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Injure{Who: o1, Penalty: -40, Text: "broken arm"})
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatInjury, 0))
	if c := f.Get("Gavvin"); c.Ext == nil || c.Ext.Paid != 2 || c.Ext.Total != 4 || c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Fatalf("first turn of First Aid: %+v, pools %v", c.Ext, c.Pools)
	}
	if !strings.Contains(f.LastLog("works on"), "Gavvin works on First Aid on Orc 1's injury #1: 2 of 4") {
		t.Errorf("%q", f.LastLog("works on"))
	}
	// Refused with the reason: nothing is left to pay for it this turn.
	f.Refuse(engine.Spend{Who: g, Action: "first_aid"}, "pays nothing toward it")
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	// 75 + 30 = 105: a quarter of 40 braced.
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 75)
	if in := f.Get("Orc 1").Injuries[0]; in.Now() != -30 || engine.Penalty(rs, f.Get("Orc 1")) != -30 {
		t.Fatalf("braced once: %+v", in)
	}
	if f.Get("Gavvin").Ext != nil {
		t.Fatal("First Aid still under way after its roll")
	}
	// Again: cumulative, a quarter of the penalty as dealt.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatInjury, 0))
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 80)
	if in := f.Get("Orc 1").Injuries[0]; in.Now() != -20 || in.Penalty != -40 {
		t.Fatalf("braced twice: %+v", in)
	}
	// Hits: Orc 1 at 20 of 45. Begun on its hits, the work starts over
	// when Gavvin turns to a new wound instead: 2 of 4 again.
	f.Must(engine.Damage{Who: o1, Amount: 25})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatHits, 0))
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Bleed{Who: o1, Rate: 2})
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatWound, 0))
	if c := f.Get("Gavvin"); c.Ext.Paid != 2 || c.Ext.Treat != engine.TreatWound || !strings.Contains(logText(f), "Gavvin breaks off First Aid on Orc 1's hits to begin again") {
		t.Fatalf("another aim: %+v", c.Ext)
	}
	// Then the hits, over two turns: 95 + 30 = 125 is 24 over: 1 + 2 = 3.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatHits, 0))
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	hp := f.Get("Orc 1").HP
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 95)
	if got := f.Get("Orc 1").HP - hp; got != 3 || !strings.Contains(logText(f), "First Aid heals (MARGIN 24): 1 + MARGIN / 10: 1 + 24 / 10 = 3") {
		t.Errorf("healed %d, want 3", got)
	}
	// The healer's penalties: hurt to -30, 90 + 30 - 30 = 90 fails.
	f.Must(engine.Damage{Who: g, Amount: 60})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Orc 1", engine.TreatHits, 0))
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	hp = f.Get("Orc 1").HP
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 90)
	if f.Get("Orc 1").HP != hp || !strings.Contains(f.LastLog("First Aid on"), "First Aid on Orc 1 fails (90, needs 101)") {
		t.Errorf("a hurt healer: %q", f.LastLog("First Aid on"))
	}
	// Refused with the reason: nothing to treat.
	f.Refuse(aidOn(f, "Gavvin", "Orc 2", engine.TreatHits, 0), "Orc 2 has lost no Hits")
	f.Refuse(aidOn(f, "Gavvin", "Orc 2", engine.TreatWound, 0), "Orc 2 has no wound #1")
	f.ToTurnOf("Orc 2")
	f.Refuse(engine.Spend{Who: f.ID("Orc 2"), Action: "first_aid"}, "whom does Orc 2 treat")
}

// A wound that clots away while First Aid is under way on another keeps
// the healer on the same wound; a stable combatant whose wounds have all
// closed stays Stable (l.980: it has stopped losing hits).
// ledger: pathmaster/bleeding-healing pathmaster/stable
func TestFirstAidFollowsItsWoundAndStableStays(t *testing.T) {
	f, _ := pm(t)
	o2 := f.ID("Orc 2")
	f.Must(engine.Damage{Who: o2, Amount: 40})
	f.Must(engine.Bleed{Who: o2, Rate: 1})
	for f.Current().Round == 1 {
		f.Next()
	}
	f.Must(engine.Bleed{Who: o2, Rate: 2})
	for f.Current().Round < 12 {
		f.Next()
	}
	if c := f.Get("Orc 2"); !c.Has("unconscious") || c.HP != 5-1-3*10 {
		t.Fatalf("Orc 2: %d hits", c.HP)
	}
	// Gavvin begins on the 2 wound (#2) in round 12; the 1 wound clots
	// away at its end, and the First Aid follows the 2 to #1.
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Orc 2", engine.TreatWound, 1))
	for f.Current().Round == 12 {
		f.Next()
	}
	if c := f.Get("Orc 2"); len(c.Wounds) != 1 || f.Get("Gavvin").Ext.Index != 0 {
		t.Fatalf("after clotting: %+v, aid %+v", c.Wounds, f.Get("Gavvin").Ext)
	}
	f.Must(engine.Spend{Who: f.ID("Gavvin"), Action: "first_aid"}, 90)
	if w := f.Get("Orc 2").Wounds[0]; w.Rate != 0 || w.Natural != 2 || !f.Get("Orc 2").Has("stable") {
		t.Fatalf("the 2 wound: %+v, %v", w, f.Get("Orc 2").Conditions)
	}
	// The treated wound closes by clotting at the ends of rounds 13 and 25:
	// still Stable.
	for len(f.Get("Orc 2").Wounds) > 0 && f.Current().Round < 40 {
		f.Next()
	}
	if c := f.Get("Orc 2"); f.Current().Round != 26 || !c.Has("stable") || c.Has("dead") || c.HP != 5-1-3*11 {
		t.Errorf("round %d: %d hits, %v", f.Current().Round, c.HP, c.Conditions)
	}
}

// Nauseated (l.948-951): "a single Move action, or the Do Nothing action":
// one Move action a turn, no exchange of the Attack for a second, no Free
// action; the whole budget back once it is gone.
// ledger: pathmaster/nauseated
func TestNauseatedASingleMove(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.GiveCondition{Who: g, Condition: "nauseated"})
	f.Must(engine.Spend{Who: g, Action: "drink_potion"})
	f.Refuse(engine.Spend{Who: g, Action: "ready"}, "Ready costs 1 Move; Gavvin has Attack 0, Move 0, Free 0, Interrupt 0")
	f.Must(engine.Spend{Who: g, Action: "do_nothing"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if p := f.Get("Gavvin").Pools; p["attack"] != 0 || p["move"] != 1 || p["free"] != 0 || p["interrupt"] != 0 {
		t.Fatalf("a nauseated turn's budget: %v", p)
	}
	f.Must(engine.TakeCondition{Who: g, Condition: "nauseated"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	if p := f.Get("Gavvin").Pools; p["attack"] != 1 || p["free"] != 2 {
		t.Errorf("the budget once it is gone: %v", p)
	}
}

// Build, spell casting over several rounds (l.1259-1305, 1425-1458): a
// level 5 caster names Sleep (level 3), concentrates two turns (+5, then
// +10 by the casting table at +2 levels) and casts it with a Standard
// action: d100oe + SP 40 + 10 with its penalties. Success costs the
// spell's level in Mana; a spectacular failure too, and Mana at 75% or less
// takes 10 off every skill. A turn without concentrating ruins a spell.
// Undone, all of it comes back exactly.
// ledger: pathmaster/concentrate-action pathmaster/standard-spell-casting
// ledger: pathmaster/instantaneous-spell pathmaster/casting-spells pathmaster/casting-roll
// ledger: pathmaster/casting-cost pathmaster/casting-order pathmaster/casting-actions
// ledger: pathmaster/casting-modifiers pathmaster/spectacular-failure pathmaster/spell-failure
// ledger: pathmaster/spell-cast pathmaster/casting-table pathmaster/caster-conditions
// ledger: pathmaster/casting-injury pathmaster/spell-interrupted pathmaster/mana-pool
// ledger: pathmaster/mana-bands pathmaster/multi-round-casting pathmaster/casting-time
// ledger: pathmaster/instant-at-any-time pathmaster/instantaneous-class
func TestSpellCastingOverRounds(t *testing.T) {
	f, rs := pm(t)
	lib := shipped(t)
	cr, _ := lib.Creature("pathmaster", "caster")
	init := 27
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
	start, done := f.Current().Clone(), len(f.Done)
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	if got := narrate.Prep(rs, f.Get("Mage")); got != "Preparing Sleep (level 3): 1 round of concentration, cast now +5; no shield or parry bonus while concentrating" {
		t.Errorf("%q", got)
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m}, 60)
	for _, want := range []string{
		"Mage: Spell Casting - Standard",
		"Mage casts Sleep (level 3) after 2 rounds of concentration: +10 (+2 levels)",
		"Mage: Spell casting: d100oe + SP: [60] + 40 = 100 + 10 = 110 vs 101 or more: Spell cast",
		"Mage: Spell cast costs 3 Mana (20 -> 17)",
	} {
		if !strings.Contains(logText(f), want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	if c := f.Get("Mage"); c.Casting != nil || c.Pools["attack"] != 0 || engine.Penalty(rs, c) != 0 {
		t.Fatalf("after casting: %+v, pools %v", c.Casting, c.Pools)
	}
	// Level 5 at once (-50 at +0 levels): 30 + 40 - 50 = 20, spectacular:
	// 5 Mana, 12 of 20 left, 75% or less: -10.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Fire", Rank: 5})
	f.Must(engine.Cast{Who: m}, 30)
	if c := f.Get("Mage"); c.Pools["mana"] != 12 || engine.Penalty(rs, c) != -10 || !strings.Contains(engine.InjuryBand(rs, c), "Mana at 75% or less") {
		t.Fatalf("after a spectacular failure: mana %d, penalty %d", c.Pools["mana"], engine.Penalty(rs, c))
	}
	// The Mana band counts against the next casting: 60 + 40 - 50 - 10.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Fire", Rank: 5})
	f.Must(engine.Cast{Who: m}, 60)
	if !strings.Contains(logText(f), "Mage: Spell casting (-10 penalty): d100oe + SP: [60] + 40 = 100 - 60 = 40") {
		t.Errorf("the Mana band left out of the casting:\n%s", f.LastLog("Spell casting"))
	}
	// Begun, then a turn without concentrating: ruined, before the casting
	// action and so without effect (l.1432).
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Next()
	if c := f.Get("Mage"); c.Casting != nil || !strings.Contains(logText(f), "Mage's Sleep is ruined: a turn without concentrating on it\nMage: the ruined spell costs 0 Mana (11 -> 11)") {
		t.Errorf("not ruined: %+v", c.Casting)
	}
	f.Refuse(engine.Cast{Who: m}, "on the caster's own turn")
	// An instantaneous spell on another's turn (l.705-709, 1459): an
	// Interrupt, the table's instant column (+10 at +2 levels), both hands
	// free (+5) and the Mana band (-10: 11 of 20 after the failure's 1; the
	// ruined and the spoiled spells cost nothing): [70] + 40 + 10 + 5 - 10 =
	// 115, cast for 3 Mana.
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.ToTurnOf("Orc 1")
	f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: 3, Modifiers: []string{"two_hands"}}, 70)
	for _, want := range []string{
		"Mage's Sleep is spoiled by an instantaneous spell\nMage: the spoiled spell costs 0 Mana (11 -> 11)",
		"Mage: Spell Casting - Instant",
		"Mage casts Blur (level 3) at once: +10 (+2 levels)",
		"Mage: Spell casting (Both hands free (Channeling, Essence) +5) (-10 penalty): d100oe + SP: [70] + 40 = 110 + 5 = 115 vs 101 or more: Spell cast",
		"Mage: Spell cast costs 3 Mana (11 -> 8)",
	} {
		if !strings.Contains(logText(f), want) {
			t.Errorf("the log lacks %q:\n%s", want, logText(f)[max(0, len(logText(f))-900):])
		}
	}
	for len(f.Done) > done {
		f.Undo()
	}
	if !reflect.DeepEqual(*f.Current(), start) {
		t.Error("undone to the start, the fight differs")
	}
}

// An unusual event (an unmodified 100 on the spell casting roll, l.1327-
// 1330) casts for no Mana and gives +30 on the next spell casting roll,
// which spends it.
// ledger: pathmaster/deafened pathmaster/entangled pathmaster/unusual-event
func TestUnusualEventAttunes(t *testing.T) {
	f, _ := pm(t)
	lib := shipped(t)
	cr, _ := lib.Creature("pathmaster", "caster")
	init := 27
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
	m := f.ID("Mage")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: 3}, 100, 5)
	if c := f.Get("Mage"); c.Pools["mana"] != 20 || !c.Has("attuned") {
		t.Fatalf("after an unusual event: mana %d, attuned %v\n%s", c.Pools["mana"], c.Has("attuned"), f.LastLog("Mage"))
	}
	f.ToTurnOf("Orc 1")
	f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: 3}, 30)
	for _, want := range []string{
		"Mage: Spell casting (Attuned +30): d100oe + SP: [30] + 40 = 70 + 40 = 110 vs 101 or more: Spell cast",
		"Mage is no longer Attuned (spent on Spell casting)",
	} {
		if !strings.Contains(logText(f), want) {
			t.Errorf("the log lacks %q:\n%s", want, logText(f)[max(0, len(logText(f))-900):])
		}
	}
	if f.Get("Mage").Has("attuned") {
		t.Error("Attuned outlived the casting it was spent on")
	}
	// Entangled: -20 to spell casting too (l.893).
	if ch, ok := f.Rules.Condition("entangled"); !ok || ch.CheckBonus["spell"] != -20 {
		t.Errorf("Entangled's casting modifier: %v", ch.CheckBonus)
	}
	// Deafened: -20 to spell casting (l.884).
	f.Must(engine.GiveCondition{Who: m, Condition: "deafened"})
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: 3}, 60)
	if !strings.Contains(logText(f), "Mage: Spell casting (Deafened -20): d100oe + SP: [60] + 40 = 100 - 10 = 90 vs 101 or more: Spell failure") {
		t.Errorf("Deafened's -20 left out:\n%s", logText(f)[max(0, len(logText(f))-600):])
	}
}

// Before the fight begins the Mana pool is not yet filled: no Mana band,
// no penalty on the setup screen.
// ledger: pathmaster/mana-pool pathmaster/mana-bands
func TestNoManaBandBeforeTheFight(t *testing.T) {
	lib := shipped(t)
	rs, _ := lib.Ruleset("pathmaster")
	cr, _ := lib.Creature("pathmaster", "caster")
	f := enginetest.New(t, rs.Ruleset, dice.NewSource(1))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats}}})
	if p := engine.Penalty(rs.Ruleset, f.Get("Mage")); p != 0 {
		t.Errorf("set up, not begun: penalty %d (%s)", p, engine.InjuryBand(rs.Ruleset, f.Get("Mage")))
	}
	f.Must(engine.Start{})
	if c := f.Get("Mage"); c.Pools["mana"] != 20 || engine.Penalty(rs.Ruleset, c) != 0 {
		t.Errorf("begun: mana %d, penalty %d", c.Pools["mana"], engine.Penalty(rs.Ruleset, c))
	}
}

// Prone from Downed stays while a
// Pain Resistance roll sets the stun aside, for that turn only (l.1023-1027),
// and once the stun eases to Must Parry (l.1004-1005); standing is a Change
// Posture (l.568-575), refused until then. Knocked out, one falls prone and
// wakes still lying there (l.1168-1175).
// ledger: pathmaster/downed-stays-prone pathmaster/change-posture pathmaster/waking-stays-prone pathmaster/stun-must-parry
func TestProneFromDownedStaysUntilChangePosture(t *testing.T) {
	f, rs := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Stun{Who: g, Level: "downed", Rounds: 2})
	f.Must(engine.Stun{Who: g, Level: "must_parry", Rounds: 1})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin", 80) // 80 + 45 - 10 for 2 rounds = 115: set aside
	if c := f.Get("Gavvin"); levelName(rs, c) != "ignored" || !c.Has("prone") {
		t.Fatalf("stun set aside: level %s, prone %v", levelName(rs, c), c.Has("prone"))
	}
	f.Refuse(engine.Spend{Who: g, Action: "change_posture"}, "Gavvin is Prone until the stun eases to Must Parry")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin", 10) // the last Downed round off; 55 fails: Must Parry binds
	c := f.Get("Gavvin")
	if levelName(rs, c) != "must_parry" || !c.Has("prone") {
		t.Fatalf("Must Parry: level %s, prone %v", levelName(rs, c), c.Has("prone"))
	}
	if got := f.LastLog("Prone"); got != "Gavvin is still Prone until Change Posture ends it" {
		t.Errorf("no word of staying down: %q", got)
	}
	f.Must(engine.Spend{Who: g, Action: "change_posture"})
	if f.Get("Gavvin").Has("prone") {
		t.Fatal("Change Posture did not stand Gavvin up")
	}
	// Knocked out and brought round: still lying down.
	f.Must(engine.Damage{Who: g, Amount: 72})
	if c := f.Get("Gavvin"); !c.Has("unconscious") || !c.Has("prone") {
		t.Fatalf("at 0 hits: unconscious %v, prone %v", c.Has("unconscious"), c.Has("prone"))
	}
	f.Must(engine.Heal{Who: g, Amount: 10})
	if c := f.Get("Gavvin"); c.Has("unconscious") || !c.Has("prone") {
		t.Fatalf("brought round: unconscious %v, prone %v", c.Has("unconscious"), c.Has("prone"))
	}
}

// First Aid is two full rounds (l.767-770, 1956): it begins only in a turn
// whose Attack and Move are unspent, and a full round action keeps its 2
// Free actions (l.140-142), which do not break it off. A wound it closed
// reopens with a defensive action too (l.837-838): Fallback, Dive for Cover.
// ledger: pathmaster/first-aid-full-rounds pathmaster/first-aid-restriction-defences pathmaster/first-aid-in-combat
func TestFirstAidTakesTwoFullRounds(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Bleed{Who: g, Rate: 3})
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Refuse(aidOn(f, "Gavvin", "Gavvin", engine.TreatWound, 0), "First Aid takes all of Attack")
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(aidOn(f, "Gavvin", "Gavvin", engine.TreatWound, 0))
	for i, free := range []string{"maintain_spell", "ingest_herb", "crouch"} {
		if i == 2 {
			f.ToTurnOf("Orc 1")
			f.ToTurnOf("Gavvin")
		}
		f.Must(engine.Spend{Who: g, Action: free})
		if c := f.Get("Gavvin"); c.Ext == nil || c.Ext.Paid != 2 {
			t.Fatalf("%s broke off first aid: %+v", free, c.Ext)
		}
	}
	f.Must(engine.Spend{Who: g, Action: "first_aid"}, 90)
	if !strings.Contains(logText(f), "Gavvin completes First Aid on Gavvin's wound #1") {
		t.Fatalf("first aid over two full rounds: %q", f.LastLog("First Aid"))
	}
	for _, defence := range []string{"fallback", "dive_for_cover"} {
		h, _ := pm(t)
		h.Must(engine.Bleed{Who: g, Rate: 3})
		h.Must(engine.FirstAid{Who: g, Wound: 0}, 90)
		h.Must(engine.Spend{Who: g, Action: defence})
		if w := h.Get("Gavvin").Wounds[0]; w.Rate != 3 || w.Treated {
			t.Errorf("%s under first aid: %+v", defence, w)
		}
	}
}

// Only Stunned, No Parry forbids Free actions (but dropping things,
// l.999-1000); Stunned and Must Parry leave them (l.988-995). A Stunned or
// No Parry combatant may not move but may fall prone (l.994, 999).
// ledger: pathmaster/stun-stunned pathmaster/stun-fall-prone pathmaster/stun-must-parry
func TestStunnedKeepsFreeActionsAndMayFallProne(t *testing.T) {
	stunned := func(level string) (*enginetest.Fight, int) {
		f, rs := pm(t)
		g := f.ID("Gavvin")
		f.Must(engine.Stun{Who: g, Level: level, Rounds: 2})
		f.ToTurnOf("Orc 1")
		f.ToTurnOf("Gavvin", 10) // 10 + 45 = 55: the stun binds
		if got := levelName(rs, f.Get("Gavvin")); got != level {
			t.Fatalf("binds %s, not %s", got, level)
		}
		return f, g
	}
	f, g := stunned("stunned")
	for _, free := range []string{"maintain_spell", "ingest_herb"} {
		f.Must(engine.Spend{Who: g, Action: free})
	}
	f.Refuse(engine.Spend{Who: g, Action: "step"}, "Gavvin is Stunned: only")
	f.Must(engine.Spend{Who: g, Action: "fall_prone"})
	if !f.Get("Gavvin").Has("prone") {
		t.Fatal("Gavvin did not fall prone")
	}
	f, g = stunned("no_parry")
	f.Refuse(engine.Spend{Who: g, Action: "talk"}, "Gavvin is Stunned, No Parry: only")
	f.Refuse(engine.Spend{Who: g, Action: "maintain_spell"}, "Gavvin is Stunned, No Parry: only")
	f.Must(engine.Spend{Who: g, Action: "drop"})
	f.Must(engine.Spend{Who: g, Action: "fall_prone"})
	f, g = stunned("must_parry")
	f.Must(engine.Spend{Who: g, Action: "maintain_spell"})
	f.Must(engine.Spend{Who: g, Action: "ingest_herb"})
	f.Refuse(engine.Spend{Who: g, Action: "melee_attack"}, "Gavvin is Must Parry: only")
	f.Must(engine.Spend{Who: g, Action: "all_out_defense"})
}

// The defensive interrupts and All-Out Defense are not attacks: an aim
// lost to one is not logged as spent on an attack (l.556), Must Parry's
// All-Out Defense allows no attack roll (l.988-989), and each still reopens
// a wound First Aid closed (l.837-838).
// ledger: pathmaster/first-aid-restriction-defences pathmaster/stun-must-parry
func TestDefencesAreNotAttacks(t *testing.T) {
	for _, d := range []string{"dodge_and_drop", "sacrificial_dodge", "sacrificial_dodge_drop", "all_out_defense"} {
		f, _ := pm(t)
		g := f.ID("Gavvin")
		if d != "all_out_defense" { // a full round: no Move left for an aim
			f.Must(engine.Spend{Who: g, Action: "aim"})
			f.Must(engine.Spend{Who: g, Action: d, At: atFoe(f, d)})
			if got := f.LastLog("after"); strings.Contains(got, "attacks after") {
				t.Errorf("%s: %q", d, got)
			}
			if a := f.Get("Gavvin").Aim; a != 0 {
				t.Errorf("%s kept %d aims", d, a)
			}
		}
		h, _ := pm(t)
		h.Must(engine.Bleed{Who: g, Rate: 3})
		h.Must(engine.FirstAid{Who: g, Wound: 0}, 90)
		h.Must(engine.Spend{Who: g, Action: d, At: atFoe(h, d)})
		if w := h.Get("Gavvin").Wounds[0]; w.Rate != 3 || w.Treated {
			t.Errorf("%s under first aid: %+v", d, w)
		}
	}
	_, rs := pm(t)
	l := rs.Stun.Levels[slices.IndexFunc(rs.Stun.Levels, func(l rules.StunLevel) bool { return l.ID == "must_parry" })]
	for _, id := range l.Actions {
		if a, _ := rs.Action(id); a.Attack {
			t.Errorf("Must Parry allows %s, an attack", a.Name)
		}
	}
}

// ledger: pathmaster/action-exchange
func TestAtMostTwoInterruptsATurn(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	spend := func(a string) error {
		_, err := f.Do(engine.Spend{Who: g, Action: a})
		return err
	}
	// Option 5 of the table (l.162): the Attack (or the Move, l.179) given up for a second Interrupt.
	if spend("opportunity_attack") != nil || spend("opportunity_attack") != nil {
		t.Fatal("two interrupts refused")
	}
	// No option gives three (l.158-163): the other of Attack and Move stays.
	if spend("opportunity_attack") == nil {
		t.Errorf("a third interrupt in one turn: %v", f.Get("Gavvin").Pools)
	}
	if p := f.Get("Gavvin").Pools; p["attack"]+p["move"] != 1 {
		t.Errorf("the Attack or the Move lost: %v", p)
	}
	// The next turn gives the second Interrupt again.
	for range 4 {
		f.Next()
	}
	if spend("opportunity_attack") != nil || spend("opportunity_attack") != nil {
		t.Errorf("two interrupts refused on the next turn: %v", f.Get("Gavvin").Pools)
	}
}
