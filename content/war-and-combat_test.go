package content_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/narrate"
)

// War & Combat's worked examples, with the shipped ruleset and creatures.

func fourFighters(t *testing.T, faces ...int) *enginetest.Fight {
	t.Helper()
	f, _ := startFight(t, "war-and-combat", []member{
		{name: "Veteran", creature: "veteran"}, {name: "Sergeant", creature: "sergeant"},
		{name: "Brigand", creature: "brigand"}, {name: "Archer", creature: "brigand_archer"},
	}, faces...)
	return f
}

func recordWound(f *enginetest.Fight, who, loc, sev string, faces ...int) {
	f.Must(engine.RecordWound{Who: f.ID(who), Location: loc, Severity: sev}, faces...)
}

// The penalty is the worst wound at each location, summed over locations;
// a mortal wound stops all action.
// ledger: war-and-combat/wound-severities war-and-combat/record-kind war-and-combat/wound-penalty-light-serious
// ledger: war-and-combat/wound-effects-table war-and-combat/action-penalties war-and-combat/fumble-check
// ledger: war-and-combat/stumble-check war-and-combat/stun war-and-combat/shock-value-on-wound
func TestWarAndCombatWorstWoundPerLocation(t *testing.T) {
	f := fourFighters(t)
	// arm -3, arm -1, leg -1: -4 (the light arm and leg wounds roll Fumble? and Stumble?, both kept).
	recordWound(f, "Veteran", "left_arm", "serious")
	recordWound(f, "Veteran", "left_arm", "light", 6, 6, 6)
	recordWound(f, "Veteran", "left_leg", "light", 6, 6, 6)
	if p := engine.Penalty(f.Rules, f.Get("Veteran")); p != -4 {
		t.Errorf("arm -3, arm -1, leg -1: penalty %d, want -4", p)
	}
	// chest -3 (stunned for 1d6 rounds: 2), chest -1, arm -1: -4.
	recordWound(f, "Sergeant", "chest", "serious", 2)
	recordWound(f, "Sergeant", "chest", "light")
	recordWound(f, "Sergeant", "right_arm", "light", 6, 6, 6)
	if p := engine.Penalty(f.Rules, f.Get("Sergeant")); p != -4 {
		t.Errorf("chest -3, chest -1, arm -1: penalty %d, want -4", p)
	}
	log := logText(f)
	for _, want := range []string{
		"Veteran takes a serious blunt wound to the left arm (-3, noted B16); penalty now -3",
		"Veteran: Fumble? (-3 penalty): 3d6 + dex_mod: [6, 6, 6] + 1 = 19 - 3 = 16 vs more than 10: Keeps hold",
		"Veteran: Stumble? (-4 penalty): 3d6 + agl_mod: [6, 6, 6] + 1 = 19 - 4 = 15 vs more than 10: Keeps footing",
		"Veteran takes a light blunt wound to the left leg (-1, noted B10); penalty now -4",
		"Sergeant: Stunned rounds: 1d6: [2] = 2",
		"Sergeant takes a light blunt wound to the right arm (-1, noted B10); penalty now -4",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if !f.Get("Veteran").Has("fumbled") || !f.Get("Sergeant").Has("stunned") {
		t.Error("a serious arm wound fumbles, a serious chest wound stuns")
	}
	// A mortal wound: no action at all, and out of the order.
	f.Next() // initiative after the shock phase
	recordWound(f, "Brigand", "belly", "mortal")
	if b := f.Get("Brigand"); !b.Out {
		t.Error("a mortal wound leaves the brigand able to act")
	}
	if !strings.Contains(logText(f), "Brigand is mortal: no action from now on") {
		t.Error("the mortal wound is not logged")
	}
	for range 12 {
		if f.Actor() == "Brigand" {
			t.Fatal("the mortally wounded brigand acts")
		}
		f.Next()
	}
	// Struck off the record (a wound recorded by mistake): back in the fight.
	f.Must(engine.StrikeWound{Who: f.ID("Brigand"), Wound: 0})
	if f.Get("Brigand").Out {
		t.Error("with no wound left the brigand is still out")
	}
	// Hit points are no more.
	f.Refuse(engine.Damage{Who: f.ID("Veteran"), Amount: 3}, "wound record")
}

// Two rounds of four: shock before initiative each round, a flurry with its
// own initiative and actions, the adjustment phase in reverse with waits.
// ledger: war-and-combat/round-of-three-phases war-and-combat/round-sequence war-and-combat/initiative
// ledger: war-and-combat/engage-on-entering war-and-combat/close-combat-engagement war-and-combat/flurry-initiative
// ledger: war-and-combat/flurry-actions war-and-combat/out-of-actions
func TestWarAndCombatTwoRounds(t *testing.T) {
	f := fourFighters(t)
	var steps []string
	step := func(faces ...int) {
		steps = append(steps, where(f.Rules, f.Current()))
		f.Must(engine.Next{}, faces...)
	}
	// Round 1: shock, then 3d6 + rank: Veteran 3+12 = 15, Sergeant 6+8 = 14, Brigand 5+6 = 11, Archer 18+4 = 22.
	if f.Current().Entries != nil && len(f.Current().Entries) > 0 {
		t.Fatalf("initiative rolled before the shock phase: %+v", f.Current().Entries)
	}
	step(1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	// Movement: the Veteran closes with the Archer and engages him.
	step()
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	step()
	step()
	// The flurry phase begins: each rolls 3d6 + rank; actions 2 + rank/5:
	// Veteran 9+12 = 21 with 4, Archer 3+4 = 7 with 2.
	step(3, 3, 3, 1, 1, 1)
	if v, a := f.Get("Veteran").Flurry, f.Get("Archer").Flurry; v == nil || a == nil || v.Init != 21 || v.Left != 4 || a.Init != 7 || a.Left != 2 {
		t.Fatalf("flurry: veteran %+v, archer %+v", v, a)
	}
	if !strings.Contains(logText(f), "Flurry 1: Veteran 21 (4 actions), Archer 7 (2 actions)") {
		t.Errorf("the flurry's order is not logged:\n%s", logText(f))
	}
	f.Must(engine.Flurry{Who: f.ID("Veteran"), Step: "action"})
	f.Must(engine.Flurry{Who: f.ID("Archer"), Step: "action", Actions: 2})
	if a := f.Get("Archer").Flurry.Left; a != 0 || !strings.Contains(logText(f), "Archer is out of actions and must disengage\nVeteran has 3 actions left: may strike Archer undefended") {
		t.Errorf("out of actions: %d left\n%s", a, logText(f))
	}
	f.Refuse(engine.Flurry{Who: f.ID("Archer"), Step: "action"}, "0 actions left")
	f.Must(engine.Disengage{Who: f.ID("Archer")})
	if f.Get("Veteran").Flurry != nil {
		t.Error("the flurry goes on with one fighter")
	}
	step()
	step()
	step()
	step()
	// Adjustment, last initiative first: the Brigand waits for the Veteran,
	// who has not acted in it yet.
	f.Must(engine.Wait{Who: f.ID("Brigand"), After: f.ID("Veteran")})
	step()
	step()
	step()
	step()
	step() // morale; round 2's shock phase begins
	if f.Current().Round != 2 || len(f.Current().Entries) != 0 {
		t.Fatalf("round 2 rolled its initiative before the shock phase: %+v", f.Current().Entries)
	}
	// Round 2: Veteran 12+12 = 24, Sergeant 3+8 = 11, Brigand 15+6 = 21, Archer 4+4 = 8.
	step(4, 4, 4, 1, 1, 1, 5, 5, 5, 1, 1, 2)
	f.Must(engine.Engage{Who: f.ID("Brigand"), Foe: f.ID("Veteran")})
	step()
	step()
	step()
	// Their flurry: Veteran 6+12 = 18, Brigand 17+6 = 23 with 3 actions.
	step(2, 2, 2, 6, 6, 5)
	if v, b := f.Get("Veteran").Flurry, f.Get("Brigand").Flurry; v.Init != 18 || v.Left != 4 || b.Init != 23 || b.Left != 3 {
		t.Fatalf("round 2 flurry: veteran %+v, brigand %+v", v, b)
	}
	step()
	step()
	step()
	step()
	// Adjustment: the Archer waits to the end of the round.
	f.Must(engine.Wait{Who: f.ID("Archer")})
	step()
	step()
	step()
	step()
	step()
	checkSteps(t, steps, []string{
		"r1 shock",
		"r1 movement Archer@22", "r1 movement Veteran@15", "r1 movement Sergeant@14", "r1 movement Brigand@11",
		"r1 flurry Archer@22", "r1 flurry Veteran@15", "r1 flurry Sergeant@14", "r1 flurry Brigand@11",
		"r1 adjustment Sergeant@14", "r1 adjustment Veteran@15", "r1 adjustment Brigand@15", "r1 adjustment Archer@22",
		"r1 morale",
		"r2 shock",
		"r2 movement Veteran@24", "r2 movement Brigand@21", "r2 movement Sergeant@11", "r2 movement Archer@8",
		"r2 flurry Veteran@24", "r2 flurry Brigand@21", "r2 flurry Sergeant@11", "r2 flurry Archer@8",
		"r2 adjustment Sergeant@11", "r2 adjustment Brigand@21", "r2 adjustment Veteran@24", "r2 adjustment Archer@24",
		"r2 morale",
	})
}

// Half the movement points and a quick action in each movement phase; a
// Full action takes the whole half, untouched; a stun of 1d6 rounds rolled,
// and Defense halved while it lasts.
// ledger: war-and-combat/move-front-hex war-and-combat/movement-halves war-and-combat/action-kinds
// ledger: war-and-combat/one-quick-action war-and-combat/wound-effects-table war-and-combat/stun
// ledger: war-and-combat/knockout war-and-combat/lengthy-actions
func TestWarAndCombatMovementAndStun(t *testing.T) {
	f := fourFighters(t)
	// Initiative: Veteran 21, Sergeant 14, Brigand 11, Archer 22.
	f.Must(engine.Next{}, 3, 3, 3, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	vet := f.ID("Veteran")
	pools := func(want string) {
		t.Helper()
		c := f.Get("Veteran")
		if got := fmt.Sprintf("moves %d quick %d", c.Pools["moves"], c.Pools["quick"]); got != want {
			t.Errorf("%s: %s, want %s", where(f.Rules, f.Current()), got, want)
		}
	}
	pools("moves 4 quick 1") // 8 movement points: 4 in each movement phase
	f.Must(engine.Spend{Who: vet, Action: "step"})
	f.Must(engine.Spend{Who: vet, Action: "quick"})
	pools("moves 3 quick 0")
	f.Refuse(engine.Spend{Who: vet, Action: "quick"}, "Quick action costs 1 Quick action")
	f.Refuse(engine.Spend{Who: vet, Action: "full"}, "has spent some already (3 of 4 left)")
	for f.Current().Phase < 3 || f.Actor() != "Veteran" {
		f.Next()
	}
	if where(f.Rules, f.Current()) != "r1 adjustment Veteran@21" {
		t.Fatalf("at %s", where(f.Rules, f.Current()))
	}
	pools("moves 4 quick 1") // the adjustment phase: the other half, and a quick action again
	f.Must(engine.Spend{Who: vet, Action: "full"})
	pools("moves 0 quick 0")
	// A lengthy action: a full action worked on over four phases (two rounds).
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "lengthy"})
	for f.Current().Phase != 0 {
		f.Next()
	}
	f.Must(engine.Next{}, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) // round 2's initiative
	f.Must(engine.Spend{Who: f.ID("Sergeant"), Action: "lengthy"})
	if log := logText(f); !strings.Contains(log, "Sergeant works on Lengthy action: 1 of 4") || !strings.Contains(log, "Sergeant works on Lengthy action: 2 of 4") {
		t.Errorf("the lengthy action:\n%s", log)
	}

	// Stun: 1d6 rounds, rolled (4); the Archer's Defense 15 halves to 5 + 4/2.
	arc := f.ID("Archer")
	f.Must(engine.Stun{Who: arc, Expr: "1d6"}, 4)
	if !strings.Contains(logText(f), "Archer rounds of stun: 1d6: [4] = 4\nArcher is Stunned for 4 rounds") {
		t.Errorf("the stun is not rolled:\n%s", logText(f))
	}
	a := f.Get("Archer")
	if d, ok := engine.CappedStat(f.Rules, a, "defense"); !ok || d != 7 || a.Stats["defense"] != 15 {
		t.Errorf("stunned Defense %d (%v), want 7 of 15", d, ok)
	}
	// Knocked out (a critical head wound): Defense 3, no action.
	recordWound(f, "Brigand", "head", "critical")
	b := f.Get("Brigand")
	if d, _ := engine.CappedStat(f.Rules, b, "defense"); !b.Has("unconscious") || !b.Has("prone") || d != 3 {
		t.Errorf("knocked out: %+v, defense %d", b.Conditions, d)
	}
	// The creatures' Defense is Fighter rank + Agility modifier + 10.
	for _, c := range shipped(t).Creatures("war-and-combat") {
		if d := c.Stats["fighter_rank"] + c.Stats["agl_mod"] + 10; c.Stats["defense"] != d {
			t.Errorf("%s: Defense %d, want rank + AGL + 10 = %d", c.Name, c.Stats["defense"], d)
		}
	}
}

// The checks the book names but does not give are data a GM adds: a shock
// check rolled by a tick as the shock phase starts, a death check rolled
// by a mortal wound.
func TestWarAndCombatChecksTheGMFillsIn(t *testing.T) {
	shippedRS, ok := shipped(t).Ruleset("war-and-combat")
	if !ok {
		t.Fatal("no war-and-combat")
	}
	rs := *shippedRS.Ruleset
	out := []rules.Outcome{{ID: "ok", Name: "Steady", Result: rules.Success}, {ID: "no", Name: "Fails", Result: rules.Failure}}
	rs.Checks = append(slices.Clone(rs.Checks),
		rules.Check{ID: "shock", Name: "Shock check", Roll: dice.MustParse("3d6"), Target: dice.MustParse("10"), Succeeds: rules.Above, Outcomes: out},
		rules.Check{ID: "death", Name: "Death check", Roll: dice.MustParse("3d6"), Target: dice.MustParse("10"), Succeeds: rules.Above, Outcomes: out})
	rs.Ticks = append(slices.Clone(rs.Ticks), rules.Tick{ID: "shock", Name: "Shock", Effect: rules.EffectCheck, Check: "shock", When: rules.AtPhaseStart, Phase: "shock"})
	rs.Vitality.Effects = append(slices.Clone(rs.Vitality.Effects), rules.WoundEffect{Location: "chest", Severity: "mortal", Check: "death"})
	if errs := rs.Validate(); len(errs) > 0 {
		t.Fatal(errs)
	}
	f := enginetest.New(t, &rs, dice.Script(4, 4, 4))
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "A"}}})
	f.Must(engine.Start{})
	f.Must(engine.RecordWound{Who: f.ID("A"), Location: "chest", Severity: "mortal"}, 1, 2, 3)
	log := logText(f)
	for _, want := range []string{"A: Shock check: 3d6: [4, 4, 4] = 12 vs more than 10: Steady", "A: Death check: 3d6: [1, 2, 3] = 6 vs more than 10: Fails\nA is down"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
}

// The maneuver table (Other Attack Options) cell by cell, and its
// secondary effects' miss-by rows: Fumble-10 missed by 0 slips and is
// caught (an action lost), by 1-3 drops at the feet, by 4+ flies; a
// critical disarming breaks the weapon; Restrict-16 grapples and rolls the
// Strength task; Subdual's shock level is logged; Stumble-13 missed by 0
// slips, by 1-3 falls to the knees, by 4-6 to hands and knees, by 7+ flat.
// ledger: war-and-combat/offensive-intentions war-and-combat/other-attack-options war-and-combat/maneuver-table war-and-combat/drop-distances
// ledger: war-and-combat/weapon-break war-and-combat/fumble-xx war-and-combat/restrict
// ledger: war-and-combat/stumble-xx war-and-combat/lost-actions
func TestWarAndCombatManeuverTable(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{}) // the movement phase: an action lost is its quick action
	rs := f.Rules
	want := map[string][]string{
		"disarming": {"Fumble-4", "Fumble-10", "Fumble-16", ""},
		"grappling": {"Restrict-4", "Restrict-10", "Restrict-16", "Restrict-19"},
		"subdual":   {"Shock-4", "Shock-10", "Shock-16", "Shock-19"},
		"tackling":  {"Stumble-7", "Stumble-13", "Stumble-16", "Stumble-19"},
		"throwing":  {"Stumble-7", "Stumble-13", "Stumble-16", "Stumble-19"},
	}
	for id, cells := range want {
		r, ok := rs.Maneuver(id)
		if !ok {
			t.Fatalf("no maneuver %s", id)
		}
		for i, w := range cells {
			got := ""
			if c := r.Cells[i]; c.Target != 0 {
				got = fmt.Sprintf("%s-%d", r.Effect, c.Target)
			}
			if got != w {
				t.Errorf("%s, %s: %q, want %q", r.Name, rs.Maneuvers.Columns[i], got, w)
			}
		}
	}
	b := f.ID("Brigand") // dex_mod, agl_mod and str_mod as the creature has them
	stats := f.Get("Brigand").Stats
	mod := func(s string) int { return stats[s] }
	man := func(id string, col int, faces ...int) string {
		n := len(f.Log())
		f.Must(engine.Maneuver{Who: b, Row: id, Column: col}, faces...)
		var out []string
		for _, e := range f.Log()[n:] {
			out = append(out, narrate.Line(f.Rules, e))
		}
		return strings.Join(out, "\n")
	}
	// 3d6 faces that total exactly n less the stat's modifier.
	dice3 := func(n int) []int {
		a := min(6, n-2)
		b := min(6, n-a-1)
		return []int{a, b, n - a - b}
	}
	if got := man("disarming", 1, dice3(10-mod("dex_mod"))...); !strings.Contains(got, "Brigand takes Disarming, Light: Fumble-10") || !strings.Contains(got, "Slips but is caught") || !strings.Contains(got, "Brigand loses an action from its Quick action (0 left)") {
		t.Errorf("Fumble-10 missed by 0:\n%s", got)
	}
	if got := man("disarming", 1, dice3(7-mod("dex_mod"))...); !strings.Contains(got, "Dropped at its feet") || !f.Get("Brigand").Has("disarmed") {
		t.Errorf("Fumble-10 missed by 3:\n%s", got)
	}
	if got := man("disarming", 1, append(dice3(6-mod("dex_mod")), 2)...); !strings.Contains(got, "Goes flying 1d6 hexes") ||
		!strings.Contains(got, "lands: 1d6: [2] = 2 hexes away") {
		t.Errorf("Fumble-10 missed by 4:\n%s", got)
	}
	if got := man("disarming", 3); !strings.Contains(got, "Brigand takes Disarming, Critical\nBrigand is Weapon broken") {
		t.Errorf("a critical disarming:\n%s", got)
	}
	if got := man("grappling", 2, dice3(17-mod("str_mod"))...); !strings.Contains(got, "Brigand takes Grappling, Serious: Restrict-16\nBrigand is Grappled") || !strings.Contains(got, "Acts at -1") {
		t.Errorf("Restrict-16 beaten:\n%s", got)
	}
	if got := man("subdual", 2); got != "Brigand takes Subdual, Serious: Shock-16" {
		t.Errorf("Subdual, serious:\n%s", got)
	}
	// Restricted's -1 reaches every roll it makes this round
	// (TestWarAndCombatRestrictReachesEveryAction): the tackles are read
	// without it.
	f.Must(engine.TakeCondition{Who: b, Condition: "restricted"})
	for _, c := range []struct {
		total int
		want  string
	}{{13, "Slips, catches itself"}, {10, "Falls to its knees"}, {7, "Falls to hands and knees"}, {6, "Falls on back, side or face"}, {14, "Keeps footing"}} {
		if got := man("tackling", 1, dice3(c.total-mod("agl_mod"))...); !strings.Contains(got, c.want) {
			t.Errorf("Stumble-13 at %d: want %q:\n%s", c.total, c.want, got)
		}
	}
	if !f.Get("Brigand").Has("prone") {
		t.Error("a fall left the Brigand standing")
	}
}

// A fighter who leaves the fight leaves its flurry: its one foe there is
// engaged with nobody.
func TestWarAndCombatRemovedLeavesTheFlurry(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Brigand")})
	f.Must(engine.Remove{Who: f.ID("Brigand")})
	if v := f.Get("Veteran"); v.Flurry != nil || !strings.Contains(logText(f), "Flurry 1 is over: Veteran is engaged with nobody") {
		t.Errorf("the Veteran after the Brigand left: %+v\n%s", v.Flurry, logText(f))
	}
}

// A stunned fighter takes no action (the book's stun), so a flurry gives
// it none and rolls it no initiative.
// ledger: war-and-combat/stun
func TestWarAndCombatStunnedHasNoFlurryActions(t *testing.T) {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.GiveCondition{Who: f.ID("Archer"), Condition: "stunned"}, 3)
	f.Must(engine.Engage{Who: f.ID("Veteran"), Foe: f.ID("Archer")})
	for range 8 {
		if f.Get("Veteran").Flurry.Rolled {
			break
		}
		f.Must(engine.Next{})
	}
	a, v := f.Get("Archer").Flurry, f.Get("Veteran").Flurry
	if a == nil || v == nil || a.Left != 0 || !a.Rolled || v.Left != 4 || !strings.Contains(logText(f), "Archer has no actions in flurry 1: it cannot act") {
		t.Errorf("archer %+v, veteran %+v\n%s", a, v, logText(f))
	}
}
