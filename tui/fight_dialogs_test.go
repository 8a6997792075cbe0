package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/engine/dice"
	"fray/narrate"
	"fray/session"
)

func TestAddKeepsActorAndNumbers(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "n")
	actor := actorName(m)
	m, _ = keys(m, "a", "orc x3", "enter")
	if actorName(m) != actor {
		t.Fatalf("actor changed to %s", actorName(m))
	}
	for _, n := range []string{"Orc 4", "Orc 5", "Orc 6"} {
		if c := combatant(m, n); c == nil || c.MaxHP != 45 || c.Template != "orc" {
			t.Errorf("%s missing or wrong: %+v", n, c)
		}
	}
	// One more orc beside Orc 1..6 is Orc 7, not a bare "Orc".
	m, _ = keys(m, "a", "orc", "enter")
	if combatant(m, "Orc 7") == nil || combatant(m, "Orc") != nil {
		t.Errorf("a single orc beside numbered ones: %v", rows(m.fight().Current()))
	}
	m, _ = keys(m, "a", "Bandit x2 hp=12 init=30", "enter")
	b := combatant(m, "Bandit 1")
	if b == nil || b.MaxHP != 12 || b.Init != 30 || combatant(m, "Bandit 2") == nil {
		t.Fatalf("ad hoc bandits: %+v", b)
	}
	m, _ = keys(m, "a", "Ghost hp=zero", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "hit points") {
		t.Error("bad hp accepted")
	}
}

// ledger: pathmaster/wait
func TestWaitKey(t *testing.T) {
	m, _, _ := demo(t)
	first := actorName(m)
	order := rows(m.fight().Current())
	m, _ = keys(m, "w")
	if m.dlg == nil || !strings.Contains(screenText(m), "Wait") || !strings.Contains(screenText(m), "Delay") {
		t.Fatalf("w: %s", screenText(m))
	}
	m, _ = keys(m, "enter", "down", "enter") // Wait, after the next in the order
	if actorName(m) != order[1].Name || rows(m.fight().Current())[1].Name != first {
		t.Fatalf("after waiting: %s acts, order %v", actorName(m), rows(m.fight().Current()))
	}
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	if c := m.fight().Current().Actor(); c.Delaying != "if the orc charges" {
		t.Errorf("delay: %q", c.Delaying)
	}
}

// Pathmaster's delayed attack is fired from the spend dialog; after the
// Delay the dialog refuses what is not an interrupt, with the reason.
// ledger: pathmaster/delay pathmaster/delay-against-charge
func TestDelayedAttackFromTheSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "w", "down", "enter", "if the orc charges", "enter")
	m, _ = keys(m, "m", "talk", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "after a Delay only what Interrupt") {
		t.Fatalf("talk after a delay: %s", screenText(m))
	}
	m, _ = keys(m, "esc", "m", "attack - delayed", "enter")
	if c := m.fight().Current().Actor(); m.dlg != nil || c.Delaying != "" {
		t.Fatalf("the delayed attack was not fired: %q %s", c.Delaying, screenText(m))
	}
}

// The panel sums what attackers gain against the selected combatant.
// ledger: pathmaster/prone-defender pathmaster/stun-downed
func TestPanelShowsAttackerBonuses(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j")
	if strings.Contains(screenText(m), "Attackers:") {
		t.Fatal("attackers' bonus shown for an unhurt orc")
	}
	m, _ = keys(m, "s", "enter", "ctrl+u", "1", "enter") // 1 round Downed: prone too
	if s := screenText(m); !strings.Contains(s, "Attackers: melee +70") {
		t.Errorf("downed and prone: %s", s)
	}
}

// ledger: pathmaster/stun-ladder
func TestStunBleedConditionKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "j") // an orc
	c := m.fight().Current().Combatant(m.order.sel)
	m, _ = keys(m, "s", "down", "down", "enter", "ctrl+u", "3", "enter") // 3 rounds of Stunned
	if got := combatant(m, c.Name); got.StunTotal() != 3 || got.Stun[2] != 3 {
		t.Fatalf("s: stun %v", got.Stun)
	}
	if !strings.Contains(screenText(m), "Now Stunned") {
		t.Error("the panel does not say what stun allows")
	}
	m, _ = keys(m, "b", "enter", "ctrl+u", "7", "enter")
	if got := combatant(m, c.Name); got.Bleeding() != 7 {
		t.Fatalf("b: bleeding %d", got.Bleeding())
	}
	// First Aid on that wound by Gavvin: the dice are seeded, so check the log.
	m, _ = keys(m, "b", "down", "enter", "gav", "enter")
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-1]), "First Aid on "+c.Name) {
		t.Errorf("first aid: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
	m, _ = keys(m, "c", "prone", "enter", "enter")
	if !combatant(m, c.Name).Has("prone") {
		t.Fatal("c: not prone")
	}
	m, _ = keys(m, "c", "prone", "enter")
	if combatant(m, c.Name).Has("prone") {
		t.Fatal("c again: still prone")
	}
	m, _ = keys(m, "c", "paraly", "enter", "enter", "c", "helpl", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "comes with Paralyzed") {
		t.Errorf("removing an implied condition: %s", screenText(m))
	}
}

func TestSpendKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "m", "all out def", "enter")
	c := m.fight().Current().Actor()
	if c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Fatalf("m: pools %v", c.Pools)
	}
	// The budget cannot pay: the dialog stays open and says why.
	m, _ = keys(m, "m", "attack - melee", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "costs 1 Attack") {
		t.Fatalf("refused spend: %s", screenText(m))
	}
	m, _ = keys(m, "esc")
	if m.dlg != nil {
		t.Fatal("esc")
	}
}

// ledger: pathmaster/multi-strike pathmaster/critical-injuries pathmaster/initiative-from-criticals
// ledger: pathmaster/parry-multiple-foes pathmaster/resistance-roll
func TestHelperKeys(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "g", "resistance", "enter", "5 3 3*CO", "enter")
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-1]), "Resistance Roll (level 5 vs 3, target 60)") {
		t.Errorf("resistance: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
	m, _ = keys(m, "g", "parry", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.Parries != 1 {
		t.Errorf("parry count %d", c.Parries)
	}
	m, _ = keys(m, "g", "initiative rounds", "enter", "ctrl+u", "2", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); c.InitRounds != 2 {
		t.Errorf("initiative rounds %d", c.InitRounds)
	}
	m, _ = keys(m, "g", "critical injury", "enter", "-25 broken arm", "enter")
	if c := m.fight().Current().Combatant(m.order.sel); len(c.Injuries) != 1 || c.Injuries[0].Penalty != -25 {
		t.Errorf("injury %v", c.Injuries)
	}
	m, _ = keys(m, "g", "multi", "enter", "30", "enter")
	if m.status.text != "30 ranks: 4 attacks at +0, -30, -60, -90" {
		t.Errorf("multi-strike: %q", m.status.text)
	}
}

// fightIn opens the tracker on a running fight of a shipped ruleset, with a
// combatant for each name, typed initiative from 20 down.
func fightIn(t *testing.T, ruleset string, names ...string) Model {
	t.Helper()
	return fightInWith(t, Options{Seed: func() uint64 { return 42 }, NoColor: true}, ruleset, names...)
}

// fightInWith is fightIn with the model's options.
func fightInWith(t *testing.T, opts Options, ruleset string, names ...string) Model {
	t.Helper()
	rs, hash, ok := shippedLib.Ruleset(ruleset)
	if !ok {
		t.Fatalf("no ruleset %s", ruleset)
	}
	src := dice.NewSource(7)
	f := engine.NewFight(rs, engine.NewEncounter("Test", rs), src)
	var add []engine.NewCombatant
	for i, n := range names {
		init := 20 - i
		add = append(add, engine.NewCombatant{Name: n, HP: 30, Init: &init})
	}
	for _, cmd := range []engine.Command{engine.Add{Combatants: add}, engine.Start{}} {
		if _, err := f.Do(cmd); err != nil {
			t.Fatal(err)
		}
	}
	sess := &session.Session{}
	sess.Open(&session.Saved{Name: "Test", Fight: f, Source: src, Hash: hash, Journal: nopJournal{}})
	m := New(shippedLib, newMemStore(), sess, opts)
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

// The stun key stuns each ruleset's way: countdown's for the rest of the
// round at once, its remaining attacks lost; War & Combat's for rounds of
// no action, as dice fray rolls.
// ledger: countdown/hit-stun war-and-combat/stun
func TestStunKeyByKind(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "s")
	if c := combatant(m, "Fighter"); !c.Has("stunned") || m.dlg != nil {
		t.Fatalf("countdown: s did not stun at once: %v, dialog %v", c.Conditions, m.dlg != nil)
	}
	m = fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "s", "enter") // the prompt offers the condition's own 1d6
	c := combatant(m, "Veteran")
	if !c.Has("stunned") || c.Conditions[0].Left < 1 || c.Conditions[0].Left > 6 {
		t.Fatalf("W&C: 1d6 rounds of stun: %+v", c.Conditions)
	}
	if log := m.fight().Log(); !strings.Contains(narrate.Line(m.fight().Rules, log[len(log)-2]), "1d6: [") {
		t.Errorf("the 1d6 is not logged: %q", narrate.Line(m.fight().Rules, log[len(log)-2]))
	}
}

// The conditions dialog gives any duration: its own, rounds, the end of
// this round or of the next, or until removed.
func TestConditionDurationsFromTheDialog(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	round := m.fight().Current().Round
	m, _ = keys(m, "c", "exposed", "enter", "n", "enter")
	c := combatant(m, "Ash")
	if len(c.Conditions) != 1 || c.Conditions[0].Until != round+1 {
		t.Fatalf("n: %+v, want Exposed to the end of round %d", c.Conditions, round+1)
	}
	m, _ = keys(m, "c", "prone", "enter", "3", "enter")
	if x := combatant(m, "Ash").Conditions; len(x) != 2 || x[1].ID != "prone" || x[1].Left != 3 {
		t.Fatalf("3: %+v", x)
	}
	m, _ = keys(m, "c", "dazed", "enter", "x", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "a whole number of rounds, e, n, u, or empty") {
		t.Errorf("a bad duration: %s", screenText(m))
	}
}

// What a ruleset says of itself and of its actions reaches the GM: the
// ruleset picker shows each one's description, the spend dialog each
// action's summary beside its cost.
func TestDescriptionsOnScreen(t *testing.T) {
	m, _, _ := newModel(t)
	m, _ = keys(m, "up", "enter") // New fight (the cursor starts on the demo)
	if s := screenText(m); !strings.Contains(s, "d100 open-ended rolls") {
		t.Errorf("the ruleset picker lacks Pathmaster's description:\n%s", s)
	}
	m, _, _ = demo(t)
	m, _ = keys(m, "m", "do nothing")
	if s := screenText(m); !strings.Contains(s, "nothing · Stand still") {
		t.Errorf("the spend dialog lacks the action's summary:\n%s", s)
	}
}

// g rolls any of the ruleset's checks for the selected combatant, against
// a target it picks, with the faces typed when table dice are on: energy's
// combat roll of 20 is a critical that Exposes the target.
// ledger: energy/combat-roll energy/critical-hit
func TestCheckFromTheHelpers(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	m, _ = keys(m, "t", "g", "combat", "enter", "brand", "enter", "enter", "20", "enter")
	log := m.fight().Log()
	if got := narrate.Line(m.fight().Rules, log[len(log)-2]); !strings.HasPrefix(got, "Ash: Combat roll against Brand: d20: [20] = 20") || !strings.HasSuffix(got, ": Critical hit") {
		t.Fatalf("the check's line: %q", got)
	}
	if !combatant(m, "Brand").Has("exposed") {
		t.Error("a critical did not Expose the target")
	}
	// A check with no target (the Death Save) asks only for a modifier.
	m, _ = keys(m, "t", "g", "death save", "enter", "+0", "enter")
	if log := m.fight().Log(); !strings.HasPrefix(narrate.Line(m.fight().Rules, log[len(log)-1]), "Ash: Death Save: d20") {
		t.Errorf("the death save: %q", narrate.Line(m.fight().Rules, log[len(log)-1]))
	}
}

// nopJournal takes changes and forgets them.
type nopJournal struct{}

func (nopJournal) Append(session.Change) int { return 1 }
func (nopJournal) Wait(int) error            { return nil }
func (nopJournal) Close() error              { return nil }
func (nopJournal) Trouble(*session.Trouble) (*session.Trouble, bool) {
	return nil, false
}

// Countdown's damage from the d key: a hit over CON stuns by itself, a
// leading ! is a critical that ignores PROT, and the wound modifier shows.
// ledger: countdown/critical-no-protection countdown/protection countdown/hit-stun countdown/wound-modifiers
func TestCountdownDamageKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "d")
	if !strings.Contains(screenText(m), "start with ! to ignore PROT") {
		t.Errorf("the damage prompt does not say how to ignore PROT:\n%s", screenText(m))
	}
	m, _ = keys(m, "9", "enter")
	if combatant(m, "Fighter").Has("stunned") {
		t.Fatal("9 damage stunned a CON 10 fighter")
	}
	m, _ = keys(m, "d", "!11", "enter")
	c := combatant(m, "Fighter")
	if !c.Has("stunned") || c.HP != 10 {
		t.Fatalf("!11: HP %d, conditions %v", c.HP, c.Conditions)
	}
	for _, want := range []string{"Fighter is stunned by a single hit of 11 (more than 10)", "Very badly wounded: -20"} {
		if !strings.Contains(screenText(m), want) {
			t.Errorf("the screen lacks %q:\n%s", want, screenText(m))
		}
	}
	m, _ = keys(m, "u")
	if c := combatant(m, "Fighter"); c.Has("stunned") || c.HP != 21 {
		t.Errorf("undo: HP %d, conditions %v", c.HP, c.Conditions)
	}
}

// Countdown's declarations from the D key, before initiative: the panel
// shows them, Defending asks how much, picking one again takes it back,
// and after the declarations phase D is refused.
// ledger: countdown/declarations countdown/no-movement countdown/defending
func TestDeclareKey(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	if m.fight().Current().Phase != 0 {
		t.Fatal("the round does not open with its declarations")
	}
	m, _ = keys(m, "D", "no movement", "enter")
	if c := combatant(m, "Fighter"); len(c.Declared) != 1 || c.Declared[0].ID != "no_movement" {
		t.Fatalf("D no movement: %v", c.Declared)
	}
	if s := screenText(m); !strings.Contains(s, "Declared: No movement") || !strings.Contains(s, "DEF -20") {
		t.Errorf("the panel does not show the declaration:\n%s", screenText(m))
	}
	m, _ = keys(m, "D", "defending", "enter", "9", "enter")
	if m.dlg == nil || !strings.Contains(screenText(m), "an amount from 1 to") {
		// weapon_rank 0: Defending cannot be declared at all.
		if !strings.Contains(screenText(m), "cannot declare Defending") {
			t.Errorf("Defending at weapon rank 0:\n%s", screenText(m))
		}
	}
	m, _ = keys(m, "esc", "esc")
	m, _ = keys(m, "D", "no movement", "enter")
	if c := combatant(m, "Fighter"); len(c.Declared) != 0 {
		t.Fatalf("picking it again did not take it back: %v", c.Declared)
	}
	m, _ = keys(m, "D", "draw", "enter", "n")
	if !strings.Contains(screenText(m), "-5 declared") {
		t.Errorf("the declared -5 does not reach the roll:\n%s", screenText(m))
	}
	m, _ = keys(m, "D", "run", "enter")
	if !strings.Contains(screenText(m), "declarations are made before initiative") {
		t.Errorf("a declaration after initiative:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc", "u", "u")
	if c := combatant(m, "Fighter"); len(c.Declared) != 0 || m.fight().Current().Phase != 0 {
		t.Errorf("undo: %v, phase %d", c.Declared, m.fight().Current().Phase)
	}
}

// i on a combatant with several attacks this round asks which one.
func TestInitKeyPicksTheAction(t *testing.T) {
	m := fightIn(t, "countdown", "Ogre")
	if _, err := m.fight().Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Twin", HP: 20, Stats: map[string]int{"attacks": 2}}}}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "n")
	for range 3 {
		if sel := m.order.selected(); sel != nil && sel.Name == "Twin" {
			break
		}
		m, _ = keys(m, "j")
	}
	if sel := m.order.selected(); sel == nil || sel.Name != "Twin" {
		t.Fatalf("selected %v", sel)
	}
	m, _ = keys(m, "i")
	if !strings.Contains(screenText(m), "which action?") {
		t.Fatalf("i with two attacks:\n%s", screenText(m))
	}
	m, _ = keys(m, "down", "enter", "12", "enter")
	var got []int
	for _, e := range m.fight().Current().Entries {
		if e.Who == combatant(m, "Twin").ID && e.Action == 1 {
			got = append(got, e.Value)
		}
	}
	if len(got) != 1 || (got[0] != 12 && got[0] != 11) {
		t.Errorf("the second action: %v, want 12 (11 on a tie)\n%s", got, screenText(m))
	}
}

// C casts a spell on the acting caster's initiative: an SK spell at rank 8
// takes 6 segments; the panel shows when it goes off; C again interrupts.
// ledger: countdown/interrupted-spell countdown/cleric-spells countdown/mage-spells
func TestCastKey(t *testing.T) {
	m := fightIn(t, "countdown", "Mage", "Ogre")
	m, _ = keys(m, "n")
	actor := m.fight().Current().Actor()
	e := m.fight().Current().Entry(m.fight().Current().Cur)
	start := e.Value
	m, _ = keys(m, "C", "down", "down", "enter", "Bolt 8", "enter")
	c := combatant(m, actor.Name)
	if c.Casting == nil {
		t.Fatalf("C SK Bolt 8: nothing cast\n%s", screenText(m))
	}
	if want := start - 6; c.Casting.Off != want && !c.Casting.Carried {
		t.Errorf("goes off at %d, want %d", c.Casting.Off, want)
	}
	if !strings.Contains(screenText(m), "Bolt (SK spell, rank 8)") {
		t.Errorf("the cast is not shown:\n%s", screenText(m))
	}
	// Select the caster and interrupt.
	for range 3 {
		if sel := m.order.selected(); sel != nil && sel.ID == c.ID {
			break
		}
		m, _ = keys(m, "j")
	}
	m, _ = keys(m, "C", "y")
	if combatant(m, actor.Name).Casting != nil {
		t.Errorf("C y did not interrupt:\n%s", screenText(m))
	}
	if !strings.Contains(screenText(m), "is interrupted") {
		t.Errorf("the interruption is not logged:\n%s", screenText(m))
	}
}

// b sticks a missile in the selected and takes it out again; the panel
// shows its bleeding and the DEX it costs.
// ledger: countdown/stuck-missiles
func TestStuckMissileKeys(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "b", "down", "down", "down", "down", "enter") // new wound, arrow, arrow grievous, javelin, javelin grievous
	c := combatant(m, "Fighter")
	if len(c.Stuck) != 1 || c.Stuck[0].ID != "javelin" || !c.Stuck[0].Grievous {
		t.Fatalf("b javelin, grievous: %+v", c.Stuck)
	}
	if s := screenText(m); !strings.Contains(s, "Stuck javelin: bleeds 2 a") || !strings.Contains(s, "DEX 6") {
		t.Errorf("the panel:\n%s", s)
	}
	m, _ = keys(m, "b", "down", "down", "down", "down", "down", "down", "down", "enter") // the last: take out the javelin
	if c := combatant(m, "Fighter"); len(c.Stuck) != 0 {
		t.Errorf("b take out: %+v", c.Stuck)
	}
}

// g rolls countdown's strike with the book's modifiers as choices: each
// picked is marked and named in the log.
// ledger: countdown/stunned-target countdown/cover
func TestStrikeModifiersInG(t *testing.T) {
	m := fightIn(t, "countdown", "Fighter", "Ogre")
	m, _ = keys(m, "g", "strike", "enter", "ogre", "enter", "stunned", "enter")
	if !strings.Contains(screenText(m), "✓ Target stunned") {
		t.Fatalf("the stunned modifier is not marked:\n%s", screenText(m))
	}
	m, _ = keys(m, "hard cover", "enter", "enter", "enter")
	log := m.fight().Log()
	last := narrate.Line(m.fight().Rules, log[len(log)-1])
	for _, e := range log {
		if strings.Contains(narrate.Line(m.fight().Rules, e), "Strike against Ogre") {
			last = narrate.Line(m.fight().Rules, e)
		}
	}
	if !strings.Contains(last, "Strike against Ogre (Target stunned +10, Ranged: hard cover -20)") || !strings.Contains(last, "vs 40 or less (50 - 10)") {
		t.Errorf("the strike: %q", last)
	}
}

// C where spells are prepared by concentrating (Pathmaster): begin a spell
// and its level, concentrate a round, then cast it with the casting
// modifiers picked; on another's turn only an instantaneous spell is
// offered, and it spoils the one under way.
// ledger: pathmaster/concentrate-action pathmaster/standard-spell-casting
// ledger: pathmaster/instantaneous-spell pathmaster/casting-spells pathmaster/casting-order
// ledger: pathmaster/casting-actions pathmaster/casting-modifiers pathmaster/casting-table
// ledger: pathmaster/caster-conditions pathmaster/instant-at-any-time
func TestConcentratedSpellKeys(t *testing.T) {
	m := fightIn(t, "pathmaster", "Mage", "Orc")
	m, _ = keys(m, "C", "enter", "Sleep 1", "enter")
	c := combatant(m, "Mage")
	if c.Casting == nil || c.Casting.Spell != "Sleep" || c.Casting.Level != 1 {
		t.Fatalf("C, begin, Sleep 1: %+v\n%s", c.Casting, screenText(m))
	}
	m, _ = keys(m, "C", "down", "enter")
	if s := screenText(m); !strings.Contains(s, "Preparing Sleep (level 1): 1") {
		t.Errorf("the panel after concentrating:\n%s", s)
	}
	m, _ = keys(m, "n", "n") // the Orc's turn, then the Mage's
	m, _ = keys(m, "C", "enter", "both hands", "enter", "enter", "+5", "enter")
	if c := combatant(m, "Mage"); c.Casting != nil {
		t.Fatalf("Sleep not cast: %+v\n%s", c.Casting, screenText(m))
	}
	cast := lastLog(m, "Spell casting")
	// The table's -20, the typed +5 and both hands' +5: -10.
	if !strings.Contains(cast, "Mage: Spell casting (Both hands free (Channeling, Essence) +5): d100oe + SP: [52] + 0 = 52 - 10 = 42") {
		t.Errorf("the cast: %q", cast)
	}
	if !strings.Contains(lastLog(m, "casts Sleep"), "after 1 round of concentration: -20 (+0 levels)") {
		t.Errorf("the casting table's modifier: %q", lastLog(m, "casts Sleep"))
	}
	// Begun again, then the Orc's turn: the Mage only has instant spells.
	m, _ = keys(m, "C", "enter", "Light 1", "enter", "n")
	for _, k := range []string{"k", "k", "j", "j"} {
		if sel := m.order.selected(); sel != nil && sel.Name == "Mage" {
			break
		}
		m, _ = keys(m, k)
	}
	if sel := m.order.selected(); sel == nil || sel.Name != "Mage" {
		t.Fatalf("the Mage is not selected:\n%s", screenText(m))
	}
	m, _ = keys(m, "C")
	if s := screenText(m); strings.Contains(s, "Cast Light now") || strings.Contains(s, "Concentrate a round") || !strings.Contains(s, "Give up Light") || !strings.Contains(s, "Cast an instantaneous spell") {
		t.Errorf("C off the Mage's turn:\n%s", s)
	}
	m, _ = keys(m, "esc", "?")
	if !strings.Contains(screenText(m), "cast a spell") {
		t.Errorf("the keys screen leaves out C:\n%s", screenText(m))
	}
}

// lastLog is the last log line that holds s.
func lastLog(m Model, s string) string {
	out := ""
	for _, e := range m.fight().Log() {
		if strings.Contains(narrate.Line(m.fight().Rules, e), s) {
			out = narrate.Line(m.fight().Rules, e)
		}
	}
	return out
}

// g offers War & Combat's maneuver table on the selected: the kind, the
// column it landed in (each cell named), a modifier, and the roll logged.
// ledger: war-and-combat/other-attack-options war-and-combat/maneuver-table war-and-combat/restrict
func TestManeuverInG(t *testing.T) {
	m := fightIn(t, "war-and-combat", "Veteran", "Brigand")
	m, _ = keys(m, "g", "maneuver", "enter")
	if s := screenText(m); !strings.Contains(s, "Grappling") || !strings.Contains(s, "Restrict-4") {
		t.Fatalf("the maneuver table:\n%s", s)
	}
	m, _ = keys(m, "grappl", "enter", "down", "down", "enter", "+1", "enter")
	log := m.fight().Log()
	text := ""
	for _, e := range log {
		text += narrate.Line(m.fight().Rules, e) + "\n"
	}
	sel := m.order.selected().Name
	if !strings.Contains(text, sel+" takes Grappling, Serious: Restrict-16\n"+sel+" is Grappled\n"+sel+": Restrict-16") {
		t.Errorf("the log:\n%s", text)
	}
}

// The add dialog's hint says how to add a group.
func TestAddHintNamesGroups(t *testing.T) {
	m := fightIn(t, "pathmaster", "Gavvin")
	m, _ = keys(m, "a")
	if s := screenText(m); !strings.Contains(s, "Orc x3 group") {
		t.Errorf("the add dialog's hint:\n%s", s)
	}
}
