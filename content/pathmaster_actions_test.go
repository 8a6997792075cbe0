package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// Pathmaster's actions read again from the book: the coup de grace, the
// heavy crossbow's cocking, the focus on a flanker, the touch attack,
// Dodge and Drop on the ground, and Option 6's Free actions.

// A coup de grace (l.936-939): a full round action at a helpless foe,
// refused at any other; it kills, and provokes an opportunity attack.
// ledger: pathmaster/coup-de-grace
func TestCoupDeGraceKillsTheHelpless(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Refuse(engine.Spend{Who: g, Action: "coup_de_grace"}, "Coup de Grace is taken at a foe: name which")
	f.Refuse(engine.Spend{Who: g, Action: "coup_de_grace", At: o2}, "Coup de Grace is taken at a foe who is Helpless: Orc 2 is not")
	f.Must(engine.GiveCondition{Who: o1, Condition: "helpless"})
	f.Must(engine.Spend{Who: g, Action: "coup_de_grace", At: o1})
	log := logText(f)
	for _, want := range []string{
		"Gavvin: Coup de Grace at Orc 1: it provokes Attack - Opportunity from foes in reach",
		"Orc 1 is Dead",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if c := f.Get("Gavvin"); c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Errorf("a full round action: Gavvin's pools %v", c.Pools)
	}
	if !f.Get("Orc 1").Has("dead") {
		t.Error("Orc 1 lives on after the coup de grace")
	}
	// A full round: not after the Attack is spent. The unconscious are
	// helpless too.
	f.ToTurnOf("Orc 2")
	f.Must(engine.Damage{Who: g, Amount: f.Get("Gavvin").HP})
	f.ToTurnOf("Orc 3")
	f.Must(engine.Spend{Who: f.ID("Orc 3"), Action: "melee_attack"})
	f.Refuse(engine.Spend{Who: f.ID("Orc 3"), Action: "coup_de_grace", At: g}, "Coup de Grace costs")
	f.ToTurnOf("Orc 2")
	f.Must(engine.Spend{Who: o2, Action: "coup_de_grace", At: g})
	if !f.Get("Gavvin").Has("dead") {
		t.Errorf("the unconscious Gavvin lives on: %v", f.Get("Gavvin").Conditions)
	}
}

// The heavy crossbow (l.632-633): the cocking's two Moves "must be
// performed without interruption" and with no movement: between them
// another action (an attack, a Step, a Wait or a Delay, a spell) is refused
// with the reason, talk and dropping things aside; the GM may give the load
// up (GM helpers), and an own turn with no work on it still breaks it off.
// Once cocked, the load may wait for other actions (l.823).
// ledger: pathmaster/heavy-crossbow-cocking
func TestHeavyCrossbowCockingUnbroken(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"}) // the cocking's first Move
	f.ToTurnOf("Orc 1")
	// Out of its turn, no Retreat (a Step) between the Moves.
	f.Refuse(engine.Spend{Who: g, Action: "retreat"}, "whose first 2 Move are done without interruption (1 done): no Retreat")
	f.ToTurnOf("Gavvin")
	for _, a := range []string{"melee_attack", "single_step", "step", "instant_spell"} {
		f.Refuse(engine.Spend{Who: g, Action: a}, "Gavvin has Load Heavy Crossbow under way, whose first 2 Move are done without interruption")
	}
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: f.ID("Orc 1")}, "done without interruption")
	f.Refuse(engine.Delay{Who: g}, "done without interruption")
	f.Refuse(engine.Wait{Who: g}, "done without interruption")
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Must(engine.Spend{Who: g, Action: "drop"})
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	if c := f.Get("Gavvin"); c.Ext != nil || !strings.Contains(f.LastLog("Heavy"), "Gavvin completes Load Heavy Crossbow") {
		t.Fatalf("the cocking went on to the load: %+v, %q", c.Ext, f.LastLog("Heavy"))
	}
	// The GM gives a load up with the helper; begun again, an idle turn
	// between the cocking's Moves breaks it off.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	f.Must(engine.Abandon{Who: g})
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.ToTurnOf("Orc 1")
	if c := f.Get("Gavvin"); c.Ext != nil || !strings.Contains(logText(f), "Gavvin breaks off Load Heavy Crossbow: a turn with no work on it") {
		t.Fatalf("an idle turn between the cocking's Moves: %+v", c.Ext)
	}
	// Cocked (two Moves in one turn), the load may wait for other actions.
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	h.ToTurnOf("Orc 1")
	h.ToTurnOf("Gavvin")
	h.Must(engine.Spend{Who: g, Action: "melee_attack"})
	h.ToTurnOf("Orc 1")
	h.ToTurnOf("Gavvin")
	h.Must(engine.Spend{Who: g, Action: "load_heavy_crossbow"})
	if !strings.Contains(h.LastLog("Heavy"), "Gavvin completes Load Heavy Crossbow") {
		t.Errorf("cocked, the load was split off: %q", h.LastLog("Heavy"))
	}
}

// A melee touch (l.375-384) meets the foe's state as any melee strike does
// (l.995, 1001, 1003-1006, 1044, 935): +20 on the surprised and the
// stunned, +50 on the Downed and the helpless, +20 on the flanked; no
// dodge, shield or parry to take off, so Helpless's lost dodge adds nothing.
// ledger: pathmaster/touch-attacks
func TestTouchTakesTheMeleeBonuses(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	touch := func(want string) {
		t.Helper()
		f.Must(engine.RollCheck{Who: g, Check: "touch", Target: o}, 10)
		if line := f.LastLog("Gavvin: Touch attack"); !strings.Contains(line, want) {
			t.Errorf("the touch: %q, want %q", line, want)
		}
	}
	touch("[10] + 3 * 10 - 3 * 5 = 25 vs 50")
	f.Must(engine.GiveCondition{Who: o, Condition: "surprised"})
	touch("= 45 vs 50")
	f.Must(engine.TakeCondition{Who: o, Condition: "surprised"})
	f.Must(engine.Stun{Who: o, Level: "downed", Rounds: 1})
	touch("= 75 vs 50")
	h, _ := pm(t)
	h.Must(engine.GiveCondition{Who: o, Condition: "helpless"})
	h.Must(engine.RollCheck{Who: g, Check: "touch", Target: o}, 10)
	if line := h.LastLog("Gavvin: Touch attack"); !strings.Contains(line, "= 75 vs 50") {
		t.Errorf("the touch on the helpless: %q", line)
	}
}

// Dodge and Drop (l.739-745) gives +20 against the ranged attack that
// prompted it and leaves the dodger prone; like the cover it drops behind,
// Prone's own +20 (l.973) counts from the next attack on, not on that one
// too. So for Dive for Cover ("prone behind the cover at the end", l.738)
// and the Sacrificial Dodge and Drop ("prone at the end of the attack", l.763).
// ledger: pathmaster/dodge-and-drop pathmaster/dive-for-cover pathmaster/sacrificial-dodge-and-drop
func TestDodgeAndDropIsNotProneTwice(t *testing.T) {
	for _, c := range []struct{ action, mod, want string }{
		{"dodge_and_drop", "", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"dive_for_cover", "dived", "[50] + 40 - 15 = 75 - 20 = 55"},
		{"sacrificial_dodge_drop", "sacrifice", "[50] + 40 - 15 = 75 + 20 = 95"},
	} {
		f, _ := pm(t)
		g, o := f.ID("Gavvin"), f.ID("Orc 1")
		f.ToTurnOf("Orc 1")
		var mods []string
		if c.mod != "" {
			mods = []string{c.mod}
		}
		f.Must(engine.Spend{Who: g, Action: c.action, At: atFoe(f, c.action)})
		f.Must(engine.RollCheck{Who: o, Check: "ranged", Target: g, Modifiers: mods}, 50)
		if line := f.LastLog("Orc 1: Ranged attack"); !strings.Contains(line, c.want) {
			t.Errorf("%s, the attack that prompted it: %q, want %q", c.action, line, c.want)
		}
		f.Must(engine.RollCheck{Who: f.ID("Orc 2"), Check: "ranged", Target: g}, 50)
		if line := f.LastLog("Orc 2: Ranged attack"); !strings.Contains(line, "[50] + 40 - 15 = 75 - 20 = 55") || !f.Get("Gavvin").Has("prone") {
			t.Errorf("%s, the next attack: %q (prone %v)", c.action, line, f.Get("Gavvin").Has("prone"))
		}
	}
}

// Focus (l.920-924): a flanked character may, as a Free action, focus on
// one foe, who loses the flank bonus; another gets the Rear Attack's +35
// (the rear modifier, the GM's to pick); the focus may be changed each
// round, and does nothing to one not flanked.
// ledger: pathmaster/flanked-focus
func TestFocusOnAFlankerIsAFreeAction(t *testing.T) {
	f, _ := pm(t)
	g, o1, o2 := f.ID("Gavvin"), f.ID("Orc 1"), f.ID("Orc 2")
	f.Must(engine.GiveCondition{Who: g, Condition: "flanked"})
	f.Must(engine.Spend{Who: g, Action: "focus", At: o1})
	if c := f.Get("Gavvin"); c.Pools["free"] != 1 || c.Pools["attack"] != 1 || c.Pools["move"] != 1 {
		t.Errorf("a Free action: pools %v", c.Pools)
	}
	attack := func(who int, name, want string, mods ...string) {
		t.Helper()
		f.Must(engine.RollCheck{Who: who, Check: "attack", Target: g, Modifiers: mods}, 50)
		if line := f.LastLog(name + ": Melee attack"); !strings.Contains(line, want) {
			t.Errorf("%s: %q, want %q", name, line, want)
		}
	}
	f.ToTurnOf("Orc 1")
	attack(o1, "Orc 1", "[50] + 40 - 15 = 75 vs")
	attack(o2, "Orc 2", "75 + 20 = 95")
	attack(o2, "Orc 2", "75 + 35 = 110", "rear")
	// Changed on his next turn: Orc 2 now, Orc 1 flanking again.
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "focus", At: o2})
	if log := logText(f); strings.Contains(log, "fails") || strings.Contains(log, "already") {
		t.Errorf("the focus changed:\n%s", log)
	}
	f.ToTurnOf("Orc 1")
	attack(o1, "Orc 1", "75 + 20 = 95")
	attack(o2, "Orc 2", "[50] + 40 - 15 = 75 vs")
	// A touch by the one focused on takes no flank bonus either.
	f.Must(engine.RollCheck{Who: o2, Check: "touch", Target: g}, 10)
	if line := f.LastLog("Orc 2: Touch attack"); !strings.Contains(line, "[10] + 3 * 5 - 3 * 10 = -5 vs 50") {
		t.Errorf("the focused foe's touch: %q", line)
	}
	f.Must(engine.RollCheck{Who: o1, Check: "touch", Target: g}, 10)
	if line := f.LastLog("Orc 1: Touch attack"); !strings.Contains(line, "= 15 vs 50") {
		t.Errorf("another's touch on the flanked: %q", line)
	}
	// Not flanked, the focus changes nothing.
	f.Must(engine.TakeCondition{Who: g, Condition: "flanked"})
	attack(o2, "Orc 2", "[50] + 40 - 15 = 75 vs")
	f.ToTurnOf("Orc 2") // Orc 1 has made its attack: its Interrupt's
	attack(o1, "Orc 1", "[50] + 40 - 15 = 75 vs")
}

// Option 6 (l.163): no Attack, no Move, unlimited Free, 2 Interrupts.
// Once the turn's Attack and Move have both gone to exchanges (none paid
// an action of its own), Free actions are not counted; with either spent
// on an action of its own the Free stay counted (Options 2-5).
// ledger: pathmaster/action-exchange
func TestOptionSixUnlimitedFree(t *testing.T) {
	f, _ := pm(t)
	g := f.ID("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "opportunity_attack"})
	f.Must(engine.Spend{Who: g, Action: "opportunity_attack"}) // the second Interrupt: an exchange
	for i := range 8 {
		if _, err := f.Do(engine.Spend{Who: g, Action: "talk"}); err != nil {
			t.Fatalf("Option 6: Free action %d refused: %v", i+1, err)
		}
	}
	if c := f.Get("Gavvin"); c.Pools["attack"] != 0 || c.Pools["move"] != 0 {
		t.Errorf("pools %v", c.Pools)
	}
	// The Attack spent on an attack: Option 5 at most, 2 Free (4 with the
	// Move given up, and no more).
	h, _ := pm(t)
	h.Must(engine.Spend{Who: g, Action: "melee_attack"})
	h.Must(engine.Spend{Who: g, Action: "opportunity_attack"})
	for range 4 {
		h.Must(engine.Spend{Who: g, Action: "talk"})
	}
	h.Refuse(engine.Spend{Who: g, Action: "talk"}, "Talk costs 1 Free")
	// The next turn counts them again.
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Gavvin")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Spend{Who: g, Action: "step"})
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Must(engine.Spend{Who: g, Action: "talk"})
	f.Refuse(engine.Spend{Who: g, Action: "talk"}, "Talk costs 1 Free")
}
