package content_test

import (
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// gateRow is one line of the books about what a state lets a combatant do:
// in the ruleset's fight (fight), Who put in the state (state), the command
// path tried (try, with the faces it rolls) is refused with a reason that
// names the state (why), or goes through (why ""). Each row cites the book.
type gateRow struct {
	ruleset, name, cite string
	fight               func(t *testing.T) *enginetest.Fight
	state               func(f *enginetest.Fight)
	try                 func(f *enginetest.Fight) engine.Command
	faces               []int
	why                 string
}

func pmFight(t *testing.T) *enginetest.Fight { f, _ := pm(t); f.ToTurnOf("Orc 1"); return f }

// wcMoving is the four War & Combat fighters in round 1's movement phase.
func wcMoving(t *testing.T) *enginetest.Fight {
	f := fourFighters(t)
	f.Must(engine.Next{}, 1, 1, 1, 2, 2, 2, 2, 2, 1, 6, 6, 6)
	f.Must(engine.Next{})
	return f
}

func brpDuel(t *testing.T) *enginetest.Fight {
	f, _ := startFight(t, "brp", []member{{name: "Swordmaster", creature: "swordmaster"}, {name: "Cultist", creature: "cultist"}})
	return f
}

func energyDuel(t *testing.T) *enginetest.Fight {
	f, _ := startFight(t, "energy", []member{{name: "Ash", hp: 10}, {name: "Bo", hp: 10}})
	return f
}

func countdownDuel(t *testing.T) *enginetest.Fight {
	f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Goblin", hp: 12, stats: map[string]int{"DEF": 40}}}, 5, 5)
	return f
}

func giving(who, cond string, rounds int) func(f *enginetest.Fight) {
	return func(f *enginetest.Fight) {
		f.Must(engine.GiveCondition{Who: f.ID(who), Condition: cond, Rounds: rounds})
	}
}

func stunning(who, level string) func(f *enginetest.Fight) {
	return func(f *enginetest.Fight) { f.Must(engine.Stun{Who: f.ID(who), Level: level, Rounds: 2}) }
}

func wounding(who, loc, sev string) func(f *enginetest.Fight) {
	return func(f *enginetest.Fight) {
		f.Must(engine.RecordWound{Who: f.ID(who), Location: loc, Severity: sev})
	}
}

// woundingUnstunned records a wound that also stuns (a critical chest or
// belly wound, war-and-combat.txt l.377) and lets the stun run out, so
// what the wound holds is what refuses.
func woundingUnstunned(who, loc, sev string) func(f *enginetest.Fight) {
	return func(f *enginetest.Fight) {
		f.Must(engine.RecordWound{Who: f.ID(who), Location: loc, Severity: sev}, 1)
		f.Must(engine.TakeCondition{Who: f.ID(who), Condition: "stunned"})
	}
}

func felling(who string) func(f *enginetest.Fight) {
	return func(f *enginetest.Fight) { f.Must(engine.Damage{Who: f.ID(who), Amount: f.Get(who).HP, Bare: true}) }
}

func nothing(*enginetest.Fight) {}

func spending(who, action string) func(f *enginetest.Fight) engine.Command {
	return func(f *enginetest.Fight) engine.Command { return engine.Spend{Who: f.ID(who), Action: action} }
}

func rolling(who, check, target, answer string) func(f *enginetest.Fight) engine.Command {
	return func(f *enginetest.Fight) engine.Command {
		cmd := engine.RollCheck{Who: f.ID(who), Check: check, Answer: answer}
		if target != "" {
			cmd.Target = f.ID(target)
		}
		return cmd
	}
}

func flurryAction(who string) func(f *enginetest.Fight) engine.Command {
	return func(f *enginetest.Fight) engine.Command { return engine.Flurry{Who: f.ID(who), Step: "action"} }
}

// gateRows are written from the books, not from the rulesets' TOML.
var gateRows = []gateRow{
	// Pathmaster.
	{"pathmaster", "surprised: no attack", "pathmaster.txt l.1042-1051", pmFight, giving("Orc 1", "surprised", 0), spending("Orc 1", "melee_attack"), nil, "Surprised"},
	{"pathmaster", "surprised: do nothing", "pathmaster.txt l.1042-1051", pmFight, giving("Orc 1", "surprised", 0), spending("Orc 1", "do_nothing"), nil, ""},
	{"pathmaster", "petrified: no spell", "pathmaster.txt l.966-967", pmFight, giving("Orc 1", "petrified", 0), rolling("Orc 1", "spell", "", ""), nil, "Petrified"},
	{"pathmaster", "petrified: no spell begun (C)", "pathmaster.txt l.966-967", pmFight, giving("Orc 1", "petrified", 0), func(f *enginetest.Fight) engine.Command {
		return engine.Cast{Who: f.ID("Orc 1"), Name: "Sleep", Rank: 1}
	}, nil, "Petrified"},
	{"pathmaster", "no parry: no attack", "pathmaster.txt l.984-1005", pmFight, stunning("Orc 1", "no_parry"), spending("Orc 1", "melee_attack"), nil, "No Parry"},
	{"pathmaster", "no parry: do nothing", "pathmaster.txt l.984-1005", pmFight, stunning("Orc 1", "no_parry"), spending("Orc 1", "do_nothing"), nil, ""},
	{"pathmaster", "must parry: a step", "pathmaster.txt l.984-1005", pmFight, stunning("Orc 1", "must_parry"), spending("Orc 1", "single_step"), nil, ""},
	{"pathmaster", "panicked: no attack", "pathmaster.txt l.952-959", pmFight, giving("Orc 1", "panicked", 0), spending("Orc 1", "melee_attack"), nil, "Panicked"},
	{"pathmaster", "panicked: run", "pathmaster.txt l.952-959", pmFight, giving("Orc 1", "panicked", 0), spending("Orc 1", "run"), nil, ""},

	// War & Combat.
	{"war-and-combat", "stunned: no step", "war-and-combat.txt l.377", wcMoving, giving("Sergeant", "stunned", 2), spending("Sergeant", "step"), nil, "Stunned"},
	{"war-and-combat", "unhurt: a step", "war-and-combat.txt l.377", wcMoving, nothing, spending("Sergeant", "step"), nil, ""},
	{"war-and-combat", "immobile: no step", "war-and-combat.txt l.383", wcMoving, woundingUnstunned("Sergeant", "chest", "critical"), spending("Sergeant", "step"), nil, "Immobile"},
	{"war-and-combat", "legs disabled: no step", "war-and-combat.txt l.383", wcMoving, woundingUnstunned("Sergeant", "belly", "critical"), spending("Sergeant", "step"), nil, "Legs disabled"},
	{"war-and-combat", "a light arm wound: a step", "war-and-combat.txt l.371", wcMoving, func(f *enginetest.Fight) {
		f.Must(engine.RecordWound{Who: f.ID("Sergeant"), Location: "left_arm", Severity: "light"}, 6, 6, 6)
	}, spending("Sergeant", "step"), nil, ""},
	{"war-and-combat", "stunned: no flurry action", "war-and-combat.txt l.377", inFlurry, giving("Veteran", "stunned", 2), flurryAction("Veteran"), nil, "Stunned"},
	{"war-and-combat", "knocked out: no flurry action", "war-and-combat.txt l.385", inFlurry, wounding("Veteran", "head", "critical"), flurryAction("Veteran"), nil, "Unconscious"},
	{"war-and-combat", "unhurt: a flurry action", "war-and-combat.txt l.385", inFlurry, nothing, flurryAction("Veteran"), nil, ""},

	// BRP.
	{"brp", "a fatal wound: no parry", "brp.md l.575", brpDuel, felling("Swordmaster"), rolling("Swordmaster", "parry", "", ""), nil, "Swordmaster is down"},
	{"brp", "stunned: no attack", "brp.md l.347", brpDuel, giving("Swordmaster", "stunned", 2), rolling("Swordmaster", "skill", "Cultist", ""), nil, "Stunned"},
	{"brp", "stunned: a parry after an Idea roll", "brp.md l.347", brpDuel, giving("Swordmaster", "stunned", 2), rolling("Swordmaster", "parry", "", ""), []int{10, 20}, ""},
	{"brp", "prone: a parry", "brp.md l.575", brpDuel, giving("Swordmaster", "prone", 0), rolling("Swordmaster", "parry", "", ""), []int{20}, ""},

	// Energy.
	{"energy", "restrained: no run", "energy.txt l.575", energyDuel, giving("Ash", "restrained", 0), spending("Ash", "run"), nil, "Restrained"},
	{"energy", "restrained: no melee attack", "energy.txt l.575", energyDuel, giving("Ash", "restrained", 0), spending("Ash", "melee"), nil, "Restrained"},
	{"energy", "restrained: an escape", "energy.txt l.575", energyDuel, giving("Ash", "restrained", 0), spending("Ash", "escape"), nil, ""},
	{"energy", "restraining: no melee attack", "energy.txt l.579", energyDuel, giving("Ash", "restraining", 0), spending("Ash", "melee"), nil, "Restraining"},
	{"energy", "restraining: a run", "energy.txt l.579", energyDuel, giving("Ash", "restraining", 0), spending("Ash", "run"), nil, ""},
	{"energy", "unconscious: no Evasion", "energy.txt l.686", energyDuel, giving("Ash", "unconscious", 0), rolling("Ash", "evasion", "Bo", ""), nil, "Unconscious"},

	// Countdown.
	{"countdown", "stunned: no strike", "countdown.txt l.50", countdownDuel, giving("Fighter", "stunned", 0), rolling("Fighter", "strike", "Goblin", ""), nil, "Stunned"},
	{"countdown", "unhurt: a strike", "countdown.txt l.50", countdownDuel, nothing, rolling("Fighter", "strike", "Goblin", ""), []int{50}, ""},
}

// One gate: for each row of the books, the state refuses what they say it
// forbids, with a reason that names it, and lets through what they allow.
// ledger: energy/restrained energy/restraining energy/restrained-no-attack brp/fatal-no-defence brp/stunned-no-attack
// ledger: brp/stunned-defence-easy war-and-combat/stun war-and-combat/disabled-movement pathmaster/surprised pathmaster/panicked
func TestTheGateAcrossTheRulesets(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range gateRows {
		seen[r.ruleset] = true
		t.Run(r.ruleset+": "+r.name, func(t *testing.T) {
			f := r.fight(t)
			r.state(f)
			_, err := f.Do(r.try(f), r.faces...)
			switch {
			case r.why == "" && err != nil:
				t.Errorf("%s: refused: %v", r.cite, err)
			case r.why != "" && err == nil:
				t.Errorf("%s: let through:\n%s", r.cite, logText(f))
			case r.why != "" && !strings.Contains(err.Error(), r.why):
				t.Errorf("%s: refused as %q, which does not name %s", r.cite, err, r.why)
			}
		})
	}
	if len(seen) != 5 {
		t.Errorf("rows for %d rulesets, want the five", len(seen))
	}
}
