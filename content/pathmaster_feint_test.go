package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A Feint is a combat maneuver of the Attack action (l.506-508), "not an
// attack though": rolled in g with no Feint taken, the roll spends the
// Feint (its Attack), so no attack roll follows it that turn; one Feint
// pays for one roll, a second is refused; taken with m first, the roll
// spends nothing more. Out of its own turn there is no Feint to roll.
// A single Step before or after it (l.530).
// ledger: pathmaster/feint
func TestFeintInGSpendsTheAttack(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	feint := engine.RollCheck{Who: g, Check: "feint", Target: o}
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	f.Must(feint, 30)
	if c := f.Get("Gavvin"); c.Pools["attack"] != 0 || !strings.Contains(logText(f), "Gavvin: Feint\n") {
		t.Errorf("the Feint rolled in g left Attack %d, want the Feint spent:\n%s", c.Pools["attack"], logText(f))
	}
	f.Refuse(feint, "Feint costs 1 Attack")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o}, "Attack - Melee costs 1 Attack")
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: g, Check: "feint", Target: o}, "Gavvin rolls Feint in its own turn")

	f, _ = pm(t)
	f.Must(engine.Spend{Who: g, Action: "feint"})
	f.Must(feint, 30)
	f.Must(engine.Spend{Who: g, Action: "single_step"})
	if n := strings.Count(logText(f), "Gavvin: Feint\n"); n != 1 {
		t.Errorf("the Feint taken with m and rolled: %d Feints spent, want 1", n)
	}
	f.Refuse(feint, "Feint costs 1 Attack")
}

// "Any additional attacks earned by Full-Round Attack can be used as
// Attacks or optional as Feints. If used as a Feint, the results apply for
// any remaining strikes for the current action only" (l.234-235): Blade's
// five strikes at rank 40; the first is an attack (a Feint in its place is
// refused: the Attack is spent); the second a Feint, which takes the
// strike; the third and fourth both take its penalty at Orc 1 (and not
// at Orc 2), the fifth need not; the Feinting ends with the turn.
// ledger: pathmaster/full-round-attack pathmaster/feint
func TestFeintAsAnExtraStrike(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"RK": 40})
	attack := func(at int, mods ...string) string {
		f.Must(engine.RollCheck{Who: b, Check: "attack", Target: at, Modifiers: mods}, 50)
		return f.LastLog("Blade: Melee attack")
	}
	f.Must(engine.Spend{Who: b, Action: "full_round_attack"})
	f.Refuse(engine.RollCheck{Who: b, Check: "feint", Target: o}, "Feint costs 1 Attack")
	if line := attack(o); !strings.Contains(line, "strike 1 of 5") {
		t.Errorf("the first strike: %q", line)
	}
	f.Must(engine.RollCheck{Who: b, Check: "feint", Target: o}, 30)
	if c := f.Get("Blade"); c.StrikeNext != 2 || !c.Has("feinting") {
		t.Fatalf("the Feint as the second strike: %d strikes taken, Feinting %v; want 2 and Feinting", c.StrikeNext, c.Has("feinting"))
	}
	f.Refuse(engine.RollCheck{Who: b, Check: "attack", Target: f.ID("Orc 2"), Modifiers: []string{"feint_dodge"}}, "needs Blade Feinting at Orc 2")
	for _, want := range []string{"(Feinted the foe's position (-20 dodge) +20, strike 3 of 5 -60)", "(Feinted the foe's position (-20 dodge) +20, strike 4 of 5 -90)"} {
		if line := attack(o, "feint_dodge"); !strings.Contains(line, want) {
			t.Errorf("got  %q\nwant %q", line, want)
		}
	}
	attack(o)
	f.Next()
	if f.Get("Blade").Has("feinting") || !strings.Contains(logText(f), "Blade is no longer Feinting (its full round's strikes are over)") {
		t.Errorf("the strikes' Feinting outlasts the turn:\n%s", logText(f))
	}
}

// The Feint's first penalty is "50% reduction in Parry Bonus - feinting
// their weapon" (l.517): Orc 1 allots 40 to parry; Gavvin's feinted attack
// meets half of it (120 - 20 = 100), counted as the orc's parry, and ends
// Feinting; it is one of the three, not with "Foe parries".
// ledger: pathmaster/feint
func TestFeintHalvesTheParry(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o}, 96, 50)
	f.ToTurnOf("Orc 1")
	f.Must(engine.Allot{Who: o, Parry: 40})
	f.Must(engine.Spend{Who: o, Action: "melee_attack"})
	f.ToTurnOf("Gavvin")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"parry", "feint_parry"}}, "cannot be picked with")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"feint_parry"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "[50] + 80 - 10 = 120 - 20 = 100") {
		t.Errorf("the feinted parry: %q, want half the orc's 40 off", line)
	}
	if f.Get("Gavvin").Has("feinting") {
		t.Error("the feint outlived its one attack")
	}
	if !strings.Contains(logText(f), "Orc 1 parries") {
		t.Errorf("the feinted parry is not counted as the orc's parry:\n%s", logText(f))
	}
}

// The Feint's penalty is "only for the next round", for an attack "on your
// next turn" (l.514, 522-524): an Opportunity Attack at the feinted foe on
// its own turn, the same round, is refused it, and leaves it for the
// attack on the feinter's next turn.
// ledger: pathmaster/feint
func TestFeintIsNotForAnOpportunityAttack(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.RollCheck{Who: g, Check: "feint", Target: o}, 96, 50)
	f.ToTurnOf("Orc 1")
	f.Refuse(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"feint_dodge"}},
		"is for Gavvin's attack in its own turn")
	f.ToTurnOf("Gavvin")
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o, Modifiers: []string{"feint_dodge"}}, 50)
	if line := f.LastLog("Gavvin: Melee attack"); !strings.Contains(line, "120 + 20 = 140") {
		t.Errorf("the feinted attack on the next turn: %q", line)
	}
}
