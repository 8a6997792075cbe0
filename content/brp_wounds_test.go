package content_test

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

// Basic Roleplaying's wounds, bleeding and stun with the shipped ruleset:
// brp.md l.333-347 and 531-577, and the worked example of l.673-683.

// toRound steps the fight until the round begins.
func toRound(t *testing.T, f interface {
	Next()
	Current() *engine.Encounter
}, round int) {
	t.Helper()
	for i := 0; f.Current().Round < round; i++ {
		if i > 500 {
			t.Fatalf("round %d never came", round)
		}
		f.Next()
	}
}

// outAfterRound steps the fight round by round from round from to round
// to and says at the end of which one the named fell unconscious (0:
// none did).
func outAfterRound(t *testing.T, f *enginetest.Fight, name string, from, to int) int {
	t.Helper()
	for r := from; r <= to; r++ {
		toRound(t, f, r+1)
		if f.Get(name).Has("unconscious") {
			return r
		}
	}
	return 0
}

// Yvarre (13 HP) takes 8 after armour: a major wound (half of 13 rounded
// down, 6 or more), 5 HP left. The table is rolled at once (27: an arm), and
// she falls unconscious when her 5 rounds of shock have run (l.541: as many
// rounds as hit points left).
// ledger: brp/damage-off-hp brp/major-wound-threshold brp/major-wound-shock brp/major-wound-table brp/major-wound-luck
func TestBRPMajorWoundShock(t *testing.T) {
	f, dice := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 27, 80)
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true}) // after armour
	log := logText(f)
	for _, want := range []string{
		"Yvarre: Luck roll: d100: [80] = 80 vs 55 or less: Unlucky", // at once (l.547): the loss lasts
		"Yvarre: a hit of 8 is a Major wound (6 or more)",
		"Yvarre: Major wound rounds: HP: 5 = 5",
		"Yvarre has a Major wound for 5 rounds",
		"Yvarre Major wound: d100: [27] = 27",
		"Yvarre (Major wound): Arm, hand or thigh muscle cut away",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if dice.Left() != 0 {
		t.Errorf("%d faces unused", dice.Left())
	}
	if knocked := outAfterRound(t, f, "Yvarre", 1, 6); knocked != 5 {
		t.Errorf("unconscious at the end of round %d, want 5", knocked)
	}
}

// The book's example takes 8 of 17 as a major wound (l.671), though l.535
// says half (8.5): fray counts as the example does, 8 and more on 17, 7
// not; the other reading, (MAX_HP + 1) / 2, is a GM's copy away and makes
// 8 minor.
// ledger: brp/major-wound-threshold
func TestBRPMajorWoundAsTheExampleCountsIt(t *testing.T) {
	g, _ := startFight(t, "brp", []member{{name: "A", hp: 17}, {name: "B", hp: 17}, {name: "C", hp: 17}}, 50, 50)
	g.Must(engine.Damage{Who: g.ID("A"), Amount: 9})
	g.Must(engine.Damage{Who: g.ID("B"), Amount: 8})
	g.Must(engine.Damage{Who: g.ID("C"), Amount: 7})
	if !g.Get("A").Has("major_wound") || !g.Get("B").Has("major_wound") || g.Get("C").Has("major_wound") {
		t.Errorf("9 and 8 on 17 HP must be major wounds (the example's 8 of 17) and 7 must not")
	}
	h := brpEdited(t, `major_at = "MAX_HP / 2"`, `major_at = "(MAX_HP + 1) / 2"`)
	h.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "A", HP: 17}, {Name: "B", HP: 17}}})
	h.Must(engine.Damage{Who: h.ID("A"), Amount: 8})
	h.Must(engine.Damage{Who: h.ID("B"), Amount: 9})
	if h.Get("A").Has("major_wound") || !h.Get("B").Has("major_wound") {
		t.Errorf("with (MAX_HP + 1) / 2, 8 on 17 is minor and 9 major")
	}
}

// Minor wounds worth a major wound call for a Luck roll (l.533); minor
// wounds down to 1-2 HP knock out (l.533), and so does a major wound
// that leaves 2 or fewer (l.543); healed above 2, it comes to.
// ledger: brp/major-wound-threshold brp/knocked-out-at-two
func TestBRPKnockedOutAtTwo(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}})
	inv := f.ID("Investigator")
	f.Must(engine.Damage{Who: inv, Amount: 5})
	if f.Get("Investigator").Has("half_lost") {
		t.Errorf("5 of 13 lost is not a major wound's worth")
	}
	f.Must(engine.Damage{Who: inv, Amount: 2})
	if !f.Get("Investigator").Has("half_lost") {
		t.Errorf("7 of 13 lost in minor wounds is a major wound's worth: Luck or unconscious (l.533)")
	}
	f.Must(engine.Damage{Who: inv, Amount: 4})
	if c := f.Get("Investigator"); c.HP != 2 || !c.Has("unconscious") || c.Has("major_wound") {
		t.Fatalf("at 2 HP from minor wounds: %+v", c.Conditions)
	}
	toRound(t, f, 2)
	for _, e := range f.Log() {
		if e.Kind == engine.EvTurn && e.Who.ID == inv && e.Round == 2 && narrate.Line(f.Rules, e) != "" {
			t.Errorf("knocked out, yet %q", narrate.Line(f.Rules, e))
		}
	}
	// For up to an hour (l.531), healed or not: First Aid's 3 HP do not
	// wake it.
	f.Must(engine.Heal{Who: inv, Amount: 3})
	if c := f.Get("Investigator"); c.HP != 5 || !c.Has("knocked_out") || !c.Has("unconscious") {
		t.Errorf("healed to 5, it woke: %+v", c.Conditions)
	}
}

// Up to an hour, not more (l.531): one still at 1-2 HP when the hour is up
// comes round, and one the GM wakes sooner (c) stays awake; the knock-out
// comes again only with a new fall into 1-2 HP.
// ledger: brp/knocked-out-at-two
func TestBRPKnockOutEndsAtTwo(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}})
	inv := f.ID("Investigator")
	f.Must(engine.Damage{Who: inv, Amount: 11})
	if c := f.Get("Investigator"); c.HP != 2 || !c.Has("knocked_out") {
		t.Fatalf("at 2 HP: %+v", c.Conditions)
	}
	// The GM rules it comes round: taken away, it stays away at 2 HP.
	f.Must(engine.TakeCondition{Who: inv, Condition: "knocked_out"})
	toRound(t, f, 3)
	if c := f.Get("Investigator"); c.Has("knocked_out") || c.Out {
		t.Errorf("woken by the GM at 2 HP, it fell back out by itself: %+v", c.Conditions)
	}
	// A new fall into 1-2 HP knocks out again, and its undo is exact.
	f.Must(engine.Heal{Who: inv, Amount: 1})
	mid := f.Current().Clone()
	f.Must(engine.Damage{Who: inv, Amount: 1})
	if !f.Get("Investigator").Has("knocked_out") {
		t.Errorf("back down from 3 HP to 2, it is knocked out again")
	}
	if _, ok := f.Undo(); !ok || !reflect.DeepEqual(*f.Current(), mid) {
		t.Errorf("undo of the fall is not exact")
	}
	// Left at 2 HP for the hour (300 rounds of 12 s): it comes round then.
	g, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}})
	g.Must(engine.Damage{Who: g.ID("Investigator"), Amount: 11})
	for i := 0; g.Current().Round < 302; i++ {
		if i > 20000 {
			t.Fatalf("round 302 never came")
		}
		g.Next()
	}
	if c := g.Get("Investigator"); c.Has("knocked_out") || c.Out {
		t.Errorf("an hour later, still at 2 HP, it should have come round: %+v", c.Conditions)
	}
}

// A fatal wound (0 HP or less): prone and helpless, dead unless healed to
// 1 or more in the round of the wound or the next (l.573-577). Healed in
// the next round it survives; not healed, it dies as that round ends.
// ledger: brp/damage-off-hp brp/fatal-wound
func TestBRPFatalWound(t *testing.T) {
	members := []member{{name: "Yvarre", creature: "yvarre"}, {name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members)
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 14, Bare: true})
	y := f.Get("Yvarre")
	if !y.Has("fatal_wound") || !y.Has("prone") || !y.Out {
		t.Fatalf("at -1 HP: %+v out %v", y.Conditions, y.Out)
	}
	if last, ok := engine.Deadline(f.Rules, y); !ok || last != 2 {
		t.Errorf("deadline %d %v, want the end of round 2", last, ok)
	}
	if !strings.Contains(logText(f), "Yvarre dies at the end of round 2 unless healed above 0 HP by then") {
		t.Errorf("the deadline is not logged")
	}
	toRound(t, f, 2)
	before := f.Current().Clone()
	f.Must(engine.Heal{Who: f.ID("Yvarre"), Amount: 3})
	if _, ok := f.Undo(); !ok || !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("undo of the healing is not exact")
	}
	f.Must(engine.Heal{Who: f.ID("Yvarre"), Amount: 3})
	toRound(t, f, 4)
	if y := f.Get("Yvarre"); y.Has("dead") || y.Has("fatal_wound") || y.HP != 2 {
		t.Errorf("healed to 2 in round 2, she should live: %d HP, %+v", y.HP, y.Conditions)
	}

	g, _ := startFight(t, "brp", members)
	g.Must(engine.Damage{Who: g.ID("Guard"), Amount: 20})
	toRound(t, g, 2)
	if g.Get("Guard").Has("dead") {
		t.Fatalf("dead at the end of round 1: it has this round and the next")
	}
	toRound(t, g, 3)
	if !g.Get("Guard").Has("dead") || !strings.Contains(logText(g), "Guard was not healed in time\nGuard is Dead\nRound 2 ends") {
		t.Errorf("not healed by the end of round 2, the guard must die then:\n%s", logText(g))
	}
}

// Staunching (l.335-339): a hand on the wound, Stamina as the round ends;
// held shut, it does not bleed, and after five rounds it stays shut. First
// Aid stops the bleeding at once.
// ledger: brp/staunch-roll brp/first-aid-stops-bleeding
func TestBRPStaunchAndFirstAid(t *testing.T) {
	members := []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members, 30)
	k := f.ID("Kallistor")
	f.Must(engine.Bleed{Who: k, Rate: 1})
	toRound(t, f, 2)
	f.Must(engine.GiveCondition{Who: k, Condition: "staunching"})
	hp := f.Get("Kallistor").HP - 1 // round 2's blood is lost before the round ends
	toRound(t, f, 8)
	log := logText(f)
	for _, want := range []string{
		"Kallistor bleeds 1 (15 -> 14 HP)", // round 2, before the hand is on it
		"Kallistor: Stamina roll to staunch the bleeding: d100: [30] = 30 vs 75 or less: Held shut",
		"Kallistor does not bleed: Wound held shut",
		"Kallistor's wounds stay closed after Wound held shut",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if c := f.Get("Kallistor"); c.HP != hp || len(c.Wounds) != 0 || c.Has("staunching") {
		t.Errorf("held shut from round 2: %d HP (was %d), wounds %v, %+v", c.HP, hp, c.Wounds, c.Conditions)
	}

	g, _ := startFight(t, "brp", members, 25)
	g.Must(engine.Bleed{Who: g.ID("Guard"), Rate: 1})
	g.Must(engine.FirstAid{Who: g.ID("Guard"), Healer: g.ID("Kallistor")})
	toRound(t, g, 4)
	if c := g.Get("Guard"); c.HP != c.MaxHP || !strings.Contains(logText(g), "First Aid on Guard: the wound stops bleeding for good (was 1 a round)") {
		t.Errorf("First Aid 40%% rolled 25 should stop the bleeding: %d/%d HP\n%s", c.HP, c.MaxHP, logText(g))
	}
}

// Stun (l.347): the crushing blow's Stamina roll failed stuns for 1D3
// rounds, rolled and logged; a stunned combatant loses its turns, and one
// round of stun given after it acted costs its next turn.
// ledger: brp/crushing-stun brp/stunned-no-attack
func TestBRPStunRolled(t *testing.T) {
	members := []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}
	f, _ := startFight(t, "brp", members, 90, 2)
	for f.Current().Phase != 2 {
		f.Next()
	}
	if f.Actor() != "Kallistor" {
		t.Fatalf("actor %s", f.Actor())
	}
	f.Must(engine.RollCheck{Who: f.ID("Guard"), Check: "crushed"})
	log := logText(f)
	if !strings.Contains(log, "Guard: Stamina against a crushing blow: d100: [90] = 90 vs 70 or less: Stunned") ||
		!strings.Contains(log, "Guard: Stunned rounds: 1d3: [2] = 2\nGuard is Stunned for 2 rounds") {
		t.Fatalf("the stun is not rolled:\n%s", log)
	}
	toRound(t, f, 4)
	acted := actedIn(f.Rules, f.Log(), f.ID("Guard"))
	if acted[1] || acted[2] || !acted[3] {
		t.Errorf("stunned for 2 rounds in round 1 before its rank: acted %v, want round 3 only", acted)
	}

	// One round of stun, given after the guard acted in round 1, costs its
	// turn in round 2.
	g, _ := startFight(t, "brp", members)
	toRound(t, g, 1)
	for g.Current().Phase != 3 {
		g.Next()
	}
	g.Must(engine.Stun{Who: g.ID("Guard"), Rounds: 1})
	toRound(t, g, 4)
	acted = actedIn(g.Rules, g.Log(), g.ID("Guard"))
	if !acted[1] || acted[2] || !acted[3] {
		t.Errorf("a round of stun after it acted: acted %v, want rounds 1 and 3", acted)
	}
}

// actedIn is the rounds in whose action phase the combatant acted.
func actedIn(rs *rules.Ruleset, log []engine.Event, who int) map[int]bool {
	acted := map[int]bool{}
	action := false
	for _, e := range log {
		if e.Kind == engine.EvPhase {
			action = strings.HasPrefix(narrate.Line(rs, e), "Action phase")
		}
		if e.Kind == engine.EvTurn && e.Who.ID == who && action {
			acted[e.Round] = true
		}
	}
	return acted
}

// The fumble tables (l.254-310): each is a condition given with c after a
// fumble that rolls its d100 once and logs the row; 00 is the last row.
// ledger: brp/fumble-melee-table brp/fumble-parry-table brp/fumble-missile-table brp/fumble-natural-table brp/fumble-roll brp/fumble-which-table
func TestBRPFumbleTables(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	for _, c := range []struct {
		table string
		faces []int
		want  string
	}{
		{"fumble_melee", []int{45}, "Drops the weapon."},
		{"fumble_parry", []int{86}, "Wide open: the foe hits with a special hit."},
		{"fumble_missile", []int{81}, "The weapon breaks, whatever its hit points."},
		{"fumble_natural", []int{55, 4}, "Falls prone and twists an ankle"}, // and the ankle's 1D10 turns
	} {
		f.Must(engine.GiveCondition{Who: y, Condition: c.table}, c.faces...)
		if got := f.LastLog("Yvarre ("); !strings.Contains(got, c.want) {
			t.Errorf("%s at %d: %q, want %q", c.table, c.faces[0], got, c.want)
		}
		f.Must(engine.TakeCondition{Who: y, Condition: c.table})
	}
}

// "Blow it; roll twice more on this table (cumulative if this result is
// rolled again)" (l.268, 283, 300, 316): the table is rolled on at once,
// not by giving the condition again (which would take it away).
// ledger: brp/fumble-melee-table brp/fumble-parry-table brp/fumble-missile-table brp/fumble-natural-table brp/fumble-roll-again
func TestBRPFumbleRollsTwiceMore(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y := f.ID("Yvarre")
	rows := func() []string {
		var out []string
		for _, l := range strings.Split(logText(f), "\n") {
			if strings.HasPrefix(l, "Yvarre (Fumbled") {
				out = append(out, l[strings.Index(l, ": ")+2:])
			}
		}
		return out
	}
	// 99, then twice more: 99 again (two more, cumulative), 10, 45, 70.
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_melee"}, 99, 99, 10, 45, 70, 2) // 2: vision obscured for 2 rounds
	want := []string{"Blows it: rolled twice more on this table.", "Blows it: rolled twice more on this table.",
		"Loses the next combat round, effectively helpless.", "Drops the weapon.", "Vision obscured: -30% to the skills it needs for 1D3 combat rounds."}
	if got := rows(); !reflect.DeepEqual(got, want) {
		t.Errorf("melee 99: %q, want %q", got, want)
	}
	f.Must(engine.TakeCondition{Who: y, Condition: "fumble_melee"})
	// The parry table's 94-98 is twice more, 99-00 three times more.
	f.Must(engine.GiveCondition{Who: y, Condition: "fumble_parry"}, 100, 45, 45, 45)
	if got := rows(); len(got) != len(want)+4 {
		t.Errorf("parry 00 rolls three times more: %q", got[len(want):])
	}
}

// Shock does not stop with the fight: Yvarre, 5 rounds of shock from a
// major wound and 2 of them run when the fight ends, is kept with the party
// still in shock, and falls unconscious 3 rounds into the next fight.
// ledger: brp/major-wound-shock
func TestBRPShockRunsOnIntoTheNextFight(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Archer", creature: "cult_archer"}}, 27, 30)
	rs := f.Rules
	f.Must(engine.Damage{Who: f.ID("Yvarre"), Amount: 8, Bare: true}) // after armour
	toRound(t, f, 3)
	f.Must(engine.End{})
	p, kept, err := engine.Party{Name: "Band"}.Keep(rs, f.Current(), []int{f.ID("Yvarre")})
	if err != nil {
		t.Fatal(err)
	}
	if len(kept[0].Ended) != 0 || p.Members[0].HP != 5 || p.Members[0].Carried == nil {
		t.Fatalf("kept: %+v %+v", kept, p.Members[0])
	}
	joining, err := p.Joining(rs)
	if err != nil {
		t.Fatal(err)
	}
	g := enginetest.New(t, rs, dice.Script())
	g.Must(engine.Add{Combatants: append(joining, engine.NewCombatant{Name: "Guard", HP: 12})})
	g.Must(engine.Start{})
	if c := g.Get("Yvarre"); !c.Has("major_wound") || c.Has("unconscious") {
		t.Fatalf("the next fight begins: %+v", c.Conditions)
	}
	if knocked := outAfterRound(t, g, "Yvarre", 1, 5); knocked != 3 {
		t.Errorf("unconscious after %d rounds of the next fight, want the 3 left", knocked)
	}
}

// Minor wounds adding up to a major wound's worth raise the flag: a Luck
// roll or unconscious (l.531). A single major wound does not (l.535-547:
// its own shock and table), nor do minor wounds taken after it count the
// major one; healing heals the minor wounds' tally with the hit points.
// ledger: brp/minor-wounds-add-up
func TestBRPMajorWoundIsNotMinorWoundsAddingUp(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "A", hp: 20}, {name: "B", hp: 20}, {name: "C", hp: 40}}, 50, 50)
	f.Must(engine.Damage{Who: f.ID("A"), Amount: 12})
	if a := f.Get("A"); !a.Has("major_wound") || a.Has("half_lost") {
		t.Errorf("one hit of 12 on 20 HP is a major wound, not minor wounds adding up: %+v", a.Conditions)
	}
	for _, n := range []int{4, 4, 1} {
		f.Must(engine.Damage{Who: f.ID("B"), Amount: n})
	}
	if f.Get("B").Has("half_lost") {
		t.Errorf("9 of 20 in minor wounds is less than a major wound's 10")
	}
	f.Must(engine.Damage{Who: f.ID("B"), Amount: 1})
	if b := f.Get("B"); !b.Has("half_lost") || b.Has("major_wound") {
		t.Errorf("10 of 20 in minor wounds is a major wound's worth, with no major wound: %+v", b.Conditions)
	}
	f.Must(engine.Heal{Who: f.ID("B"), Amount: 3})
	if f.Get("B").Has("half_lost") {
		t.Errorf("healed to 7 lost, the minor wounds are worth less than a major one")
	}
	// C: a major wound of 20 of 40, then 19 in minor wounds: 39 lost, yet
	// the minor wounds are short of 20.
	f.Must(engine.Damage{Who: f.ID("C"), Amount: 20})
	f.Must(engine.Damage{Who: f.ID("C"), Amount: 10})
	f.Must(engine.Damage{Who: f.ID("C"), Amount: 9})
	if c := f.Get("C"); c.Has("half_lost") || c.HP != 1 {
		t.Errorf("a major wound and 19 in minor wounds: %d HP, %+v", c.HP, c.Conditions)
	}
}

// "If the bleeding is stopped for five combat rounds, it stops entirely on
// its own" (l.339): held shut as round 2 ends, the wound does not bleed in
// rounds 3 to 7, five rounds, and only then is closed for good.
// ledger: brp/staunch-five-rounds
func TestBRPStaunchHoldsFiveRounds(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Kallistor", creature: "kallistor"}, {name: "Guard", creature: "temple_guard"}}, 30)
	k := f.ID("Kallistor")
	f.Must(engine.Bleed{Who: k, Rate: 1})
	toRound(t, f, 2)
	f.Must(engine.GiveCondition{Who: k, Condition: "staunching"})
	toRound(t, f, 9)
	log := logText(f)
	end := strings.Index(log, "Kallistor's wounds stay closed after Wound held shut")
	if end < 0 {
		t.Fatalf("the wound never closed:\n%s", log)
	}
	if n := strings.Count(log[:end], "Kallistor does not bleed: Wound held shut"); n != 5 {
		t.Errorf("%d bleed-free rounds before it closed, want 5:\n%s", n, log)
	}
}

// A major wound whose table row says the fighter cannot fight (l.537,
// 562-571): 85, the vitals, leaves it unable to attack after the round of
// the wound (it still attacks in that round); it still parries. 27, an
// arm, lets it fight on.
// ledger: brp/major-wound-cannot-fight
func TestBRPMajorWoundCannotFight(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}}, 85, 30, 90)
	y, g := f.ID("Yvarre"), f.ID("Guard")
	f.Must(engine.Damage{Who: y, Amount: 7})
	if f.Get("Yvarre").Has("cannot_fight") {
		t.Errorf("unable to fight in the round of the wound already:\n%s", logText(f))
	}
	if log := logText(f); !strings.Contains(log, "Yvarre will be Unable to fight from round 2") {
		t.Errorf("the log says when it comes:\n%s", log)
	}
	onRank(t, f, "Yvarre")
	f.Must(engine.RollCheck{Who: y, Check: "skill", Target: g})
	toRound(t, f, 2)
	if !f.Get("Yvarre").Has("cannot_fight") {
		t.Fatalf("the table's 85, round 2:\n%s", logText(f))
	}
	f.Refuse(engine.RollCheck{Who: y, Check: "skill", Target: g}, "Yvarre is Unable to fight: no attacks")
	f.Must(engine.RollCheck{Who: y, Check: "parry"})

	h, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}}, 27, 30)
	h.Must(engine.Damage{Who: h.ID("Yvarre"), Amount: 7})
	if h.Get("Yvarre").Has("cannot_fight") {
		t.Errorf("27, an arm: still able to fight")
	}
	onRank(t, h, "Yvarre")
	h.Must(engine.RollCheck{Who: h.ID("Yvarre"), Check: "skill", Target: h.ID("Guard")})
}
