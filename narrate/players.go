package narrate

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

// Public is what the players read of an event, as the fight stands in enc,
// and false when they read nothing of it: engine.PlayersRead decides, and
// this says it. Of an event they read without its numbers, they read what
// happened in words that hold none ("Orc 1 is hurt"), where there are such
// words; otherwise nothing.
func Public(rs *rules.Ruleset, enc *engine.Encounter, e engine.Event) (string, bool) {
	e, read := engine.PlayersSee(rs, enc, e)
	switch read {
	case engine.ReadAll:
		if s, ok := playersWords(rs, e); ok {
			return s, s != ""
		}
		return Line(rs, e), true
	case engine.ReadWithout:
		if s, ok := orderWithout(enc, e); ok {
			return s, true
		}
		s := without(rs, e)
		return s, s != ""
	}
	return "", false
}

// playersWords is what the players read of a fact they read whole, where
// it is not the log's line (ok false: it is).
func playersWords(rs *rules.Ruleset, e engine.Event) (string, bool) {
	n := e.Who.Name
	switch f := e.Fact.(type) {
	case engine.ShownToPlayers, engine.ShownOnFirstTurn:
		return n + " comes into view", true
	case engine.HiddenFromPlayers:
		return "", true
	case engine.TimerSet:
		return fmt.Sprintf("Timer set: %s (%s)", f.Text, timerWhen(rs, f.At, f.Count, f.Round, f.Every)), true
	case engine.TimerShown:
		return fmt.Sprintf("Timer set: %s (%s)", f.Text, timerWhen(rs, f.At, f.Count, f.Round, f.Every)), true
	}
	return "", false
}

// orderWithout is an order the players read with the initiative of those
// whose rolls they read, and the others' places only (ok false: e is no
// order).
func orderWithout(enc *engine.Encounter, e engine.Event) (string, bool) {
	var parts []string
	switch f := e.Fact.(type) {
	case engine.Order:
		for _, p := range f.Places {
			if engine.RollShown(enc, p.Who.ID) {
				parts = append(parts, fmt.Sprintf("%s %d", p.Who.Name, p.Value))
			} else {
				parts = append(parts, p.Who.Name)
			}
		}
		return "Order: " + strings.Join(parts, ", "), true
	case engine.FlurryOrder:
		for _, x := range f.Fighters {
			if engine.RollShown(enc, x.Who.ID) {
				parts = append(parts, fmt.Sprintf("%s %d (%d actions)", x.Who.Name, x.Init, x.Actions))
			} else {
				parts = append(parts, fmt.Sprintf("%s (%d actions)", x.Who.Name, x.Actions))
			}
		}
		return fmt.Sprintf("Flurry %d: %s", f.Flurry, strings.Join(parts, ", ")), true
	}
	return "", false
}

// without is what happened, in words that hold none of the numbers the
// fact states ("": none say it without them).
func without(rs *rules.Ruleset, e engine.Event) string {
	n := e.Who.Name
	switch f := e.Fact.(type) {
	case engine.CheckRolled, engine.BlowLands, engine.Strikes, engine.WeaponHit, engine.HeldAgainst, engine.Reloaded:
		// What came of a check or a blow whose numbers are a foe's.
		return blowOutcome(rs, e)
	case engine.Joins:
		return n + " joins the fight"
	case engine.Acts:
		// Where a foe's number is its own: its place, not its initiative.
		return actsLine(engine.Acts{With: f.With, Action: f.Action}, rs, n)
	case engine.Moves:
		// A move past a foe: the order, not the numbers swapped.
		f.Swapped = nil
		return Line(rs, engine.Event{Who: e.Who, Round: e.Round, Fact: f})
	case engine.Declares:
		if f.Carried {
			return fmt.Sprintf("%s's %s holds into this round, giving up no action again", n, declName(rs, f.Declaration))
		}
		f.Stats, f.From, f.To = nil, 0, 0
		return Line(rs, engine.Event{Who: e.Who, Round: e.Round, Fact: f})
	case engine.CastingBegins:
		f.Stats = nil
		return Line(rs, engine.Event{Who: e.Who, Round: e.Round, Fact: f})
	case engine.ConditionGiven:
		// How long, where it tells the combatant's numbers, is left out.
		return n + " " + being(rs, f.Condition, "is")
	case engine.Damaged:
		return n + " is hurt"
	case engine.Healed, engine.AidHeals:
		return n + " is healed"
	case engine.LocationHeals:
		return fmt.Sprintf("%s's %s heals", n, hitLocName(rs, f.Location))
	case engine.Bleeds:
		return n + " bleeds"
	case engine.MissileBleeds:
		return fmt.Sprintf("%s bleeds from the %s", n, missileName(rs, f.Missile))
	case engine.NewWound:
		return n + " bleeds from a new wound"
	case engine.Clots:
		return n + "'s wound clots"
	case engine.Reopens:
		return n + "'s treated wound reopens"
	case engine.AidStopsBleeding:
		return fmt.Sprintf("First Aid on %s: the wound stops bleeding for good", n)
	case engine.AidSlowsBleeding:
		return fmt.Sprintf("First Aid on %s slows the bleeding", n)
	case engine.AidFails:
		return fmt.Sprintf("First Aid on %s fails", n)
	case engine.AidFumbles:
		return fmt.Sprintf("First Aid on %s fumbles", n)
	case engine.AidBraces:
		return fmt.Sprintf("First Aid braces %s's %s", n, f.Injury)
	case engine.Injured:
		return fmt.Sprintf("%s: %s", n, f.Injury)
	case engine.InjuryHealed:
		return fmt.Sprintf("%s's %s has healed", n, f.Injury)
	case engine.WoundRecorded:
		kind := WoundKind(rs, f.Penetrating, f.Kind)
		return fmt.Sprintf("%s takes a %s %s wound to the %s", n, sevName(rs, f.Severity), kind, locName(rs, f.Location))
	case engine.WoundStruckOff:
		return fmt.Sprintf("%s: the %s wound to the %s is struck off the record", n, sevName(rs, f.Severity), locName(rs, f.Location))
	case engine.ArmorLost:
		return fmt.Sprintf("%s's %s falls until repaired", n, rs.HP.Armor)
	case engine.ArmorRepaired:
		return n + "'s armour is repaired"
	case engine.StunnedByHit:
		return n + " is stunned by a single hit"
	case engine.DiesUnlessHealed:
		return fmt.Sprintf("%s dies at the end of round %d unless healed", n, f.Round)
	case engine.Spends:
		return fmt.Sprintf("%s: %s%s%s%s", n, actionName(rs, f.Action), atFoe(f.At), exchanging(rs, f.Exchanged), provokes(rs, f.Provokes))
	case engine.JoinsGroup:
		return fmt.Sprintf("%s joins %s's group: it acts with them", n, f.Leader.Name)
	case engine.SpellBegun:
		return fmt.Sprintf("%s begins %s (level %d): concentrate to prepare it, then cast it", n, f.Spell, f.Level)
	case engine.Concentrates:
		return fmt.Sprintf("%s concentrates on %s: %s prepared", n, f.Spell, rounds(f.Rounds))
	case engine.SpellCast:
		return fmt.Sprintf("%s casts %s (level %d) after %s of concentration", n, f.Spell, f.Level, rounds(f.Rounds))
	case engine.SpellCastAtOnce:
		if f.Subconscious {
			return fmt.Sprintf("%s's subconscious casts %s (level %d) at once", n, f.Spell, f.Level)
		}
		return fmt.Sprintf("%s casts %s (level %d) at once", n, f.Spell, f.Level)
	}
	return ""
}
