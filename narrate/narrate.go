// Package narrate says a fight in English: the log's line for each event
// the engine logs (Line), what the players read of it (Public), and the
// words the tracker's panels and the export show of a fight's state. It is
// the one place the log's words are made: the engine states facts in
// fields, and every reader takes its words from here.
package narrate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// Line is the log's line for an event: what the tracker's log, the
// journal's comments and the export show.
func Line(rs *rules.Ruleset, e engine.Event) string {
	if line, ok := blowLine(rs, e); ok {
		return line
	}
	n := e.Who.Name
	switch f := e.Fact.(type) {
	// Rolls.
	case engine.FreeRoll, engine.DamageRoll, engine.HealingRoll, engine.StunRoll, engine.InitiativeRoll,
		engine.RankRoll, engine.TieRoll, engine.TableRoll, engine.LocationRoll, engine.TableDamage, engine.StatLost,
		engine.ConditionRounds, engine.EffectDamage, engine.AidHealRoll, engine.MarkedRoll, engine.BlowRoll, engine.ArmorRoll:
		return RollWhat(rs, e) + ": " + roll(e)
	case engine.Lands:
		line := fmt.Sprintf("%s's dropped item lands: %s %s away", n, roll(e), f.Unit)
		if f.Where != "" {
			line += ", " + string(f.Where)
		}
		return line
	case engine.SegmentRoll:
		line := RollWhat(rs, e) + ": " + roll(e)
		if said := ModsSaid(rs, f.Mods); said != "" {
			line += ", " + said
		}
		if f.Declared != 0 {
			line += fmt.Sprintf(", %+d declared", f.Declared)
		}
		if f.Declared != 0 || len(f.Mods) > 0 {
			line += fmt.Sprintf(": %d", f.Value)
		}
		return line
	case engine.ActionRoll:
		return modded(rs, e, RollWhat(rs, e), 0, f.Mods)
	case engine.FlurryRoll:
		return modded(rs, e, RollWhat(rs, e), 0, f.Mods)
	case engine.ConditionCheckRoll:
		return modded(rs, e, n+" "+condName(rs, f.Condition)+" check", f.Penalty, f.Mods) + against(f.Target, "to end it")
	case engine.FirstAidRoll:
		return modded(rs, e, n+" First Aid", f.Penalty, f.Mods) + against(f.Target, "to work")
	case engine.FlurryActions:
		return fmt.Sprintf("%s has %d actions in flurry %d (%s)", n, f.Actions, f.Flurry, roll(e))
	case engine.Resisted:
		verdict := fmt.Sprintf("success by %d", f.Margin)
		if f.Margin < 0 {
			verdict = fmt.Sprintf("failure by %d", -f.Margin)
		}
		mods := ""
		if said := ModsSaid(rs, f.Mods); said != "" {
			mods = " (" + said + ")"
		}
		said := strings.Join(engine.ResistanceTiers(rs, f.Margin), " + ")
		if k, ok := rs.Helpers.ResistanceKind(f.Kind); ok && !k.Tiers {
			said = k.Success
			if f.Margin < 0 {
				said = k.Failure
			}
		}
		if f.Keep {
			return fmt.Sprintf("%s: %s%s: %s", RollWhat(rs, e), roll(e), mods, verdict) // kept or lost: the next line
		}
		return fmt.Sprintf("%s: %s%s: %s: %s", RollWhat(rs, e), roll(e), mods, verdict, said)
	case engine.StunRecovery:
		return stunRecovery(rs, e, f)
	case engine.CheckRolled:
		return RollWhat(rs, e) + ": " + Check(rs, f.Check.ID, *e.Roll, f.Result)
	case engine.SaveRolled:
		return RollWhat(rs, e) + ": " + Check(rs, f.Check, *e.Roll, f.Result)
	case engine.NeedFailed:
		need, check := checkName(rs, engine.CheckRef{ID: f.Need}), checkName(rs, engine.CheckRef{ID: f.Check})
		return fmt.Sprintf("%s %s: it fails its %s, so no %s", n, being(rs, f.Condition, "is"), need, check)

	// The clock.
	case engine.FightBegins:
		return fmt.Sprintf("The fight begins (%s)", rs.Name)
	case engine.RoundBegins:
		if f.Elapsed > 0 {
			return fmt.Sprintf("Round %d begins, %s into the fight", e.Round, span(f.Elapsed))
		}
		return fmt.Sprintf("Round %d begins", e.Round)
	case engine.NobodyCanAct:
		return fmt.Sprintf("Nobody can act in round %d", e.Round)
	case engine.PhaseBegins:
		ph := phase(rs, f.Phase)
		if ph.Summary != "" {
			return fmt.Sprintf("%s phase: %s", ph.Name, ph.Summary)
		}
		return fmt.Sprintf("%s phase", ph.Name)
	case engine.Acts:
		return actsLine(f, rs, n)
	case engine.TurnPasses:
		return fmt.Sprintf("%s's turn passes: %s", n, condName(rs, f.Condition))
	case engine.StrikesAsItFalls:
		return fmt.Sprintf("%s strikes as it falls: acting at once with the one that felled it, its action of this rank happens too", n)
	case engine.RoundEnds:
		return fmt.Sprintf("Round %d ends", e.Round)
	case engine.FightEnds:
		return fmt.Sprintf("The fight ends after %d round%s", e.Round, plural(e.Round))
	case engine.Order:
		var parts []string
		for _, p := range f.Places {
			parts = append(parts, fmt.Sprintf("%s %d", p.Who.Name, p.Value))
		}
		return "Order: " + strings.Join(parts, ", ")
	case engine.Problem:
		return "error: " + string(f.Err)
	case engine.Failed:
		return n + ": " + string(f.Err)

	// The order.
	case engine.InitiativeSet:
		return fmt.Sprintf("%s initiative: set to %d", n, f.Init)
	case engine.InitiativeModified:
		return fmt.Sprintf("%s is %s: initiative %+d, %d", n, condName(rs, f.Condition), f.Mod, f.Init)
	case engine.ActionLost:
		return fmt.Sprintf("%s's %s action at %s is lost", n, ordinal(f.Action+1), Count(rs, f.At))
	case engine.InitiativeNow:
		return fmt.Sprintf("%s's initiative is now %d", n, f.Init)
	case engine.ActionTies:
		if f.Action > 1 {
			return fmt.Sprintf("%s's %s action ties an earlier one of its own: %s", n, ordinal(f.Action+1), Count(rs, f.At))
		}
		return fmt.Sprintf("%s's %s action ties its %s: %s", n, ordinal(f.Action+1), ordinal(f.Action), Count(rs, f.At))
	case engine.Moves:
		dir := "earlier"
		if f.Later {
			dir = "later"
		}
		swapped := ""
		if f.Fixed {
			swapped = " for the rest of the fight"
			if len(f.Swapped) == 2 {
				a, b := f.Swapped[0], f.Swapped[1]
				swapped += fmt.Sprintf(": %s now has initiative %d, %s %d", a.Who.Name, a.Value, b.Who.Name, b.Value)
			}
		}
		return fmt.Sprintf("%s moves %s in the order%s", n, dir, swapped)

	// Holds.
	case engine.Waits:
		target := "the end of the round"
		if f.After.ID != 0 {
			target = f.After.Name
		}
		return fmt.Sprintf("%s waits until after %s", n, strings.TrimPrefix(target, "the "))
	case engine.Delays:
		return fmt.Sprintf("%s delays the attack: %s", n, f.Trigger)
	case engine.FiresDelay:
		return fmt.Sprintf("%s fires the delayed attack (%s)", n, f.Trigger)
	case engine.DelayLapses:
		return fmt.Sprintf("%s's delayed attack (%s) lapses", n, f.Trigger)
	case engine.Holds:
		return fmt.Sprintf("%s holds until %s", n, Count(rs, f.To))
	case engine.HoldsPast:
		return fmt.Sprintf("%s holds past %s: the action is lost", n, Count(rs, f.Lowest))
	case engine.Carried:
		return fmt.Sprintf("%s's %s action goes with it, to %s", n, ordinal(f.Action+1), Count(rs, f.To))
	case engine.CarriedLost:
		return fmt.Sprintf("%s's %s action, carried to %s, is lost", n, ordinal(f.Action+1), Count(rs, f.To))
	case engine.HoldsInPhase:
		ph := phase(rs, f.Phase)
		return fmt.Sprintf("%s holds until %s %d in the %s phase (its rank in the round stays)", n, ph.Stat, f.To, ph.Name)
	case engine.HoldsPastInPhase:
		ph := phase(rs, f.Phase)
		return fmt.Sprintf("%s holds past %s %d: nothing in the %s phase this round", n, ph.Stat, f.Lowest, ph.Name)
	case engine.ReEnters:
		return fmt.Sprintf("%s re-enters the order with %s", n, cost(rs, f.Held))
	case engine.HurtWhileIntent:
		if f.Spell != "" {
			return fmt.Sprintf("%s is hurt while preparing %s: a Resistance Roll, or the spell is lost", n, f.Spell)
		}
		return fmt.Sprintf("%s is hurt while aiming: a Resistance Roll, or the aim is lost", n)
	case engine.KnockedDownWhilePreparing:
		return fmt.Sprintf("%s is knocked down while preparing %s: a Resistance Roll, or the spell is lost", n, f.Spell)
	case engine.ForcedToMove:
		var said []string
		if f.Aims > 0 {
			said = append(said, "the aim is lost")
		}
		if f.Spell != "" && f.Resists {
			said = append(said, fmt.Sprintf("a Resistance Roll, or %s is lost", f.Spell))
		}
		if f.Spell != "" && !f.Resists {
			said = append(said, fmt.Sprintf("%s goes on", f.Spell))
		}
		return fmt.Sprintf("%s is forced to move: %s", n, strings.Join(said, "; "))
	case engine.GivesUpAim:
		return fmt.Sprintf("%s gives up its aim to defend: its dodge and shield count, the aim is lost", n)
	case engine.KeepsFocus:
		var what []string
		if f.Spell != "" {
			what = append(what, string(f.Spell))
		}
		if f.Aims > 0 {
			what = append(what, "the aim")
		}
		if f.Kept {
			return fmt.Sprintf("%s keeps %s", n, strings.Join(what, " and "))
		}
		return fmt.Sprintf("%s loses %s", n, strings.Join(what, " and "))
	case engine.WaitsOn:
		if f.Renewed {
			return fmt.Sprintf("%s is still waiting: %s set aside until it acts", n, cost(rs, f.Held))
		}
		return fmt.Sprintf("%s waits on into the next round, %s set aside", n, cost(rs, f.Held))

	// Budgets.
	case engine.Spends:
		paid := ""
		if f.Early {
			paid = ", ended early"
		}
		if f.OrAll || f.Early {
			var parts []string
			for _, c := range f.Changes {
				parts = append(parts, fmt.Sprintf("%s %d -> %d", poolName(rs, c.Pool), c.Before, c.After))
			}
			paid += " (" + strings.Join(parts, ", ") + ")"
		}
		return fmt.Sprintf("%s: %s%s%s%s%s", n, actionName(rs, f.Action), atFoe(f.At), exchanging(rs, f.Exchanged), paid,
			provokes(rs, f.Provokes))
	case engine.WorksOn:
		return fmt.Sprintf("%s works on %s: %d of %d%s", n, extended(rs, f.Action, f.Aim), f.Paid, f.Total, exchanging(rs, f.Exchanged))
	case engine.Completes:
		return fmt.Sprintf("%s completes %s%s", n, extended(rs, f.Action, f.Aim), exchanging(rs, f.Exchanged))
	case engine.BreaksOff:
		return fmt.Sprintf("%s breaks off %s", n, actionName(rs, f.Action))
	case engine.FailsAgain:
		return fmt.Sprintf("%s: %s again this round: it fails", n, actionName(rs, f.Action))
	case engine.BreaksOffIdle:
		return fmt.Sprintf("%s breaks off %s: a turn with no work on it", n, actionName(rs, f.Action))
	case engine.GivesUp:
		return fmt.Sprintf("%s gives up %s", n, actionName(rs, f.Action))
	case engine.PoolRefilled:
		var why []string
		for _, m := range f.Mods {
			if m.IsCap {
				why = append(why, fmt.Sprintf("%s: at most %d", condName(rs, m.Condition), m.Cap))
			} else {
				why = append(why, fmt.Sprintf("%s %+d", condName(rs, m.Condition), m.Mod))
			}
		}
		return fmt.Sprintf("%s: %s %d (%s)", n, poolName(rs, f.Pool), f.Value, strings.Join(why, ", "))
	case engine.PoolChanged:
		why := ""
		switch {
		case f.NonLethal:
			why = " (non-lethal at 0 " + hpName(rs) + ")"
		case f.Action != "":
			why = " (" + actionName(rs, f.Action) + ")"
		case f.Declaration != "":
			why = " (" + declName(rs, f.Declaration) + ")"
		}
		return fmt.Sprintf("%s: %s %d -> %d%s", n, poolName(rs, f.Pool), f.Before, f.After, why)
	case engine.PoolEmpty:
		return fmt.Sprintf("%s has no %s left", n, poolName(rs, f.Pool))

	// Helpers.
	case engine.Aims:
		return fmt.Sprintf("%s has aimed %d times: %+d besides the weapon's accuracy", n, f.Aims, f.Bonus)
	case engine.AimsLapse:
		return fmt.Sprintf("%s's %d aim%s lapse: a turn with no Aim in it", n, f.Aims, plural(f.Aims))
	case engine.AttacksAfterAim:
		return fmt.Sprintf("%s attacks after %d aim%s: the weapon's accuracy %+d", n, f.Aims, plural(f.Aims), f.Bonus)
	case engine.SpendsInitRounds:
		on := "this action"
		if rs.Helpers.InitRoundsOnRoll {
			on = "this roll"
		}
		return fmt.Sprintf("%s spends %d round%s of initiative: %+d on %s", n, f.Rounds, plural(f.Rounds), f.Bonus, on)
	case engine.GainsInitRounds:
		on := "the next action"
		if rs.Helpers.InitRoundsOnRoll {
			on = "the next attack or maneuver roll"
		}
		return fmt.Sprintf("%s gains %d round%s of initiative: %+d on %s", n, f.Rounds, plural(f.Rounds), f.Bonus, on)
	case engine.PositionGained:
		return fmt.Sprintf("%s gains %+d from a critical's position: on its next attack or maneuver roll", n, f.Bonus)
	case engine.PositionSpent:
		return fmt.Sprintf("%s spends its %+d from a critical's position on this roll", n, f.Bonus)
	case engine.PositionLapses:
		return fmt.Sprintf("%s's %+d from a critical's position lapses unused", n, f.Bonus)
	case engine.StrikesCounted:
		var mods []string
		for i, v := range f.Mods {
			m := fmt.Sprintf("%+d", v)
			if f.OffHand && i == len(f.Mods)-1 {
				m += " off-hand"
			}
			mods = append(mods, m)
		}
		return fmt.Sprintf("%s's %s: %d strike%s at %s", n, actionName(rs, f.Action), len(f.Mods), plural(len(f.Mods)),
			strings.Join(mods, ", "))
	case engine.StrikesLapse:
		return fmt.Sprintf("%s's turn ends with %d strike%s of its full round not rolled", n, f.Left, plural(f.Left))
	case engine.StrikesOver:
		return fmt.Sprintf("%s %s (its full round's strikes are over)", n, being(rs, f.Condition, "is no longer"))
	case engine.ParryAllotted:
		return fmt.Sprintf("%s allots %d of its attack to its parry (was %d)", n, f.Parry, f.Was)
	case engine.ParryLapses:
		return fmt.Sprintf("%s's parry of %d lapses as its turn begins: allot it again", n, f.Was)
	case engine.DamageReadAt:
		return damageReadAt(rs, n, f)
	case engine.Parries:
		return fmt.Sprintf("%s parries (%s since its turn): at %d%% of the parry bonus", n, ordinal(f.Nth), f.Percent)

	// Checks.
	case engine.Unanswered:
		return string(f.Err) + ": the blow is unanswered"
	case engine.Matrix:
		vs := "unanswered"
		if f.AnswerOutcome != "" {
			vs = "against " + outcomeName(rs, f.Answer, f.AnswerOutcome)
		}
		ch, _ := rs.Check(f.Check)
		row, _ := ch.Row(f.Outcome, f.AnswerOutcome)
		return fmt.Sprintf("%s's %s %s: %s", n, outcomeName(rs, f.Check, f.Outcome), vs, row.Text)
	case engine.ArmorLost:
		return fmt.Sprintf("%s's %s falls by %d until repaired (%d -> %d)", n, rs.HP.Armor, f.By, f.Before, f.After)
	case engine.ArmorRepaired:
		return fmt.Sprintf("%s's armour is repaired: %s %d -> %d", n, rs.HP.Armor, f.Before, f.After)
	case engine.ConditionStays:
		return fmt.Sprintf("%s stays %s: %s", n, condName(rs, f.Condition), f.Err)
	case engine.Lingers:
		return n + " " + being(rs, f.Condition, "is still") + lingerEnd(rs, f.Condition)

	// Conditions.
	case engine.ConditionGiven:
		if f.Lasts.From > 0 {
			return fmt.Sprintf("%s %s from round %d,%s", n, being(rs, f.Condition, "will be"), f.Lasts.From, lasts(f.Lasts))
		}
		return n + " " + being(rs, f.Condition, "is") + lasts(f.Lasts)
	case engine.LastsOn:
		return n + " " + being(rs, f.Condition, "is still") + lasts(f.Lasts)
	case engine.ConditionEnds:
		return n + " " + being(rs, f.Condition, "is no longer")
	case engine.ConditionHolds:
		return n + " " + being(rs, f.Condition, "is still")
	case engine.HeldStill:
		return fmt.Sprintf("%s is free of %s's hold, and %s, held by %s's", n, f.Freed.Name, being(rs, f.Condition, "is still"), f.By.Name)
	case engine.NoLonger:
		return n + " " + being(rs, f.Condition, "is no longer")
	case engine.StillHeld:
		return fmt.Sprintf("%s is still %s", n, condName(rs, f.Condition))
	case engine.TableRow:
		text := ""
		if def, ok := rs.Condition(f.Condition); ok && f.Row >= 0 && f.Row < len(def.Table) {
			text = def.Table[f.Row].Text
		}
		return fmt.Sprintf("%s (%s): %s", n, condName(rs, f.Condition), text)
	case engine.NoAllyRow:
		text := ""
		if def, ok := rs.Condition(f.Condition); ok && f.Row >= 0 && f.Row < len(def.Table) {
			text = def.Table[f.Row].Text
		}
		return fmt.Sprintf("%s has no ally in the fight, so instead: %s", n, text)
	case engine.TurnLimit:
		return fmt.Sprintf("%s %s (turn %d)", n, being(rs, f.Condition, "is no longer"), f.Turn)
	case engine.Recovered:
		return fmt.Sprintf("%s %s (recovers)", n, being(rs, f.Condition, "is no longer"))
	case engine.SavedFrom:
		return fmt.Sprintf("%s %s (saved)", n, being(rs, f.Condition, "is no longer"))
	case engine.SpentOn:
		return fmt.Sprintf("%s %s (spent on %s)", n, being(rs, f.Condition, "is no longer"), checkName(rs, f.On))
	case engine.EndedByCondition:
		return fmt.Sprintf("%s %s (%s)", n, being(rs, f.Condition, "is no longer"), strings.ToLower(condName(rs, f.By)))
	case engine.EndedByFirstAid:
		return fmt.Sprintf("%s %s (First Aid given)", n, being(rs, f.Condition, "is no longer"))
	case engine.HealedOff:
		if f.Location == "" {
			return fmt.Sprintf("%s %s (healed)", n, being(rs, f.Condition, "is no longer"))
		}
		return fmt.Sprintf("%s %s (the %s healed)", n, being(rs, f.Condition, "is no longer"), hitLocName(rs, f.Location))
	case engine.EndedByRoll:
		by := string(f.Kind) + " roll"
		if f.On.ID != "" {
			by = checkName(rs, f.On)
		}
		return fmt.Sprintf("%s %s (ended by a %s)", n, being(rs, f.Condition, "is no longer"), by)
	case engine.TurnOver:
		which := "start"
		if f.End {
			which = "end"
		}
		return fmt.Sprintf("%s %s (the %s of %s's turn)", n, being(rs, f.Condition, "is no longer"), which, f.Turn.Name)
	case engine.OwnRunsOut:
		return fmt.Sprintf("%s's own %s runs out; it stays while what brought it holds", n, condName(rs, f.Condition))
	case engine.ComesTo:
		return n + " comes to"

	// Declarations.
	case engine.Declares:
		if f.Carried {
			var stats []string
			for _, m := range f.Stats {
				stats = append(stats, fmt.Sprintf("%s %+d", m.Stat, m.Mod))
			}
			return fmt.Sprintf("%s's %s holds into this round (%s), giving up no action again",
				n, declName(rs, f.Declaration), strings.Join(stats, ", "))
		}
		text := declared(rs, f)
		if d, ok := rs.Declaration(f.Declaration); ok && d.Summary != "" {
			return fmt.Sprintf("%s declares %s: %s", n, text, d.Summary)
		}
		return fmt.Sprintf("%s declares %s", n, text)
	case engine.Undeclared:
		return fmt.Sprintf("%s takes back %s", n, declName(rs, f.Declaration))
	case engine.DisengageFails:
		return fmt.Sprintf("%s fails to disengage: its %s failed, and %s needs every parry and dodge of the round to succeed: "+
			"still engaged", n, checkName(rs, engine.CheckRef{ID: f.Check}), declName(rs, f.Declaration))
	case engine.Disengaged:
		if f.Defences == 0 {
			return fmt.Sprintf("%s disengages: it made no parry or dodge this round; it may move its full rate away", n)
		}
		return fmt.Sprintf("%s disengages: every parry and dodge it made this round succeeded (%d); it may move its full rate away",
			n, f.Defences)
	case engine.ActionsGivenUp:
		var why []string
		for _, id := range f.Declarations {
			if slices.Contains(f.Holds, id) {
				why = append(why, declName(rs, id)+", held into the next round")
				continue
			}
			why = append(why, declName(rs, id))
		}
		if f.Penalties > 0 {
			why = append(why, fmt.Sprintf("%d initiative penalties", f.Penalties))
		}
		if f.Before > 0 {
			why = append(why, fmt.Sprintf("%d lost before initiative", f.Before))
		}
		return fmt.Sprintf("%s gives up %d of %d action%s this round (%s)", n, f.Lost, f.Of, plural(f.Of), strings.Join(why, ", "))

	// Timed events.
	case engine.EventFires:
		text := string(f.Name)
		if f.Text != "" {
			text += ": " + string(f.Text)
		}
		return text
	case engine.EventFailed:
		return fmt.Sprintf("%s: %s: %s", n, f.Event, f.Err)
	case engine.TimerSet:
		return fmt.Sprintf("Timer set%s: %s (%s)", forTable(f.Public), f.Text, timerWhen(rs, f.At, f.Count, f.Round, f.Every))
	case engine.TimerFires:
		return "Timer: " + string(f.Text)
	case engine.TimerStopped:
		return "Timer taken away: " + string(f.Text)
	case engine.TimerShown:
		return fmt.Sprintf("Timer for the table: %s (%s)", f.Text, timerWhen(rs, f.At, f.Count, f.Round, f.Every))
	case engine.TimerHidden:
		return "Timer kept from the table: " + string(f.Text)

	// First aid.
	case engine.AidFails:
		return fmt.Sprintf("First Aid on %s fails (%d, needs %s)", n, f.Got, aidNeeds(f.Needs, f.OrLess))
	case engine.AidFumbles:
		if f.Hurts == 0 {
			return fmt.Sprintf("First Aid on %s fumbles (%d, needs %s)", n, f.Got, aidNeeds(f.Needs, f.OrLess))
		}
		return fmt.Sprintf("First Aid on %s fumbles (%d, needs %s): %d %s lost", n, f.Got, aidNeeds(f.Needs, f.OrLess), f.Hurts, hpName(rs))
	case engine.AidStopsBleeding:
		return fmt.Sprintf("First Aid on %s: the wound stops bleeding for good (was %d a round)", n, f.Was)
	case engine.AidSlowsBleeding:
		return fmt.Sprintf("First Aid on %s: the wound bleeds %d a round, was %d; restricted until it would have clotted", n, f.Rate, f.Was)
	case engine.AidBraces:
		return fmt.Sprintf("First Aid braces %s's %s: %d, was %d; total penalty %d", n, f.Injury, f.Now, f.Was, f.Penalty)
	case engine.SplitsStat:
		if len(f.Shares) == 0 {
			return fmt.Sprintf("%s takes back its split of %s", n, f.Stat)
		}
		return fmt.Sprintf("%s splits %s over its actions this round: %s", n, f.Stat, engine.SharesText(f.Shares))
	case engine.AidHeals:
		return fmt.Sprintf("First Aid heals %s %d (%d -> %d %s%s)", n, f.Amount, f.Before, f.After, hpName(rs), woundLeft(f.Wound, f.Left))
	case engine.AidRestarted:
		return fmt.Sprintf("%s breaks off %s on %s to begin again", n, actionName(rs, f.Action), aim(f.Aim))
	case engine.AidNoPatient:
		return n + "'s First Aid has no patient: it left the fight"
	case engine.AidTreatsNothing:
		return fmt.Sprintf("%s's First Aid treats nothing: %s", n, f.Err)

	// Flurries.
	case engine.Engages:
		return fmt.Sprintf("%s engages %s: flurry %d", n, f.Foe.Name, f.Flurry)
	case engine.Disengages:
		return fmt.Sprintf("%s disengages from flurry %d", n, f.Flurry)
	case engine.FlurryOver:
		return fmt.Sprintf("Flurry %d is over: %s is engaged with nobody", f.Flurry, n)
	case engine.FlurryNoActions:
		return fmt.Sprintf("%s has no actions in flurry %d: it cannot act", n, f.Flurry)
	case engine.NextFlurry:
		return fmt.Sprintf("Flurry %d again: initiative is rolled anew", f.Flurry)
	case engine.FlurryOrder:
		var parts []string
		for _, x := range f.Fighters {
			parts = append(parts, fmt.Sprintf("%s %d (%d actions)", x.Who.Name, x.Init, x.Actions))
		}
		return fmt.Sprintf("Flurry %d: %s", f.Flurry, strings.Join(parts, ", "))
	case engine.KillingStroke:
		return fmt.Sprintf("%s delivers the killing stroke: %s dies", n, f.Victim.Name)
	case engine.Obstacle:
		foe := "the foe"
		if f.Foe.ID != 0 {
			foe = f.Foe.Name
		}
		return fmt.Sprintf("%s drives %s against an obstacle: %+d action (%d left in flurry %d)", n, foe, f.Gain, f.Left, f.Flurry)
	case engine.FlurryActionsUsed:
		return fmt.Sprintf("%s uses %d action%s in flurry %d: %d left", n, f.Used, plural(f.Used), f.Flurry, f.Left)
	case engine.OutOfActions:
		return n + " is out of actions and must disengage"
	case engine.Indefensible:
		return fmt.Sprintf("%s has %d actions left: may strike %s undefended (the indefensible attack)", n, f.Left, f.Foe.Name)

	// Groups.
	case engine.JoinsGroup:
		return fmt.Sprintf("%s joins %s's group (%d in it): it acts with them", n, f.Leader.Name, f.Size)
	case engine.LeavesGroup:
		return fmt.Sprintf("%s leaves %s's group: it has its own place in the order", n, f.Leader.Name)

	// Hit locations.
	case engine.HitAt:
		return fmt.Sprintf("%s is hit in the %s: %d there (%d of %d)", n, hitLocName(rs, f.Location), f.Amount, f.Hits, f.Of)
	case engine.LimbCap:
		return fmt.Sprintf("%s: a %s takes no more than %d off the total in one blow", n, hitLocName(rs, f.Location), f.Total)
	case engine.LocationTaken:
		return fmt.Sprintf("%s: the %s has taken %s its hit points", n, hitLocName(rs, f.Location), times(f.Times, f.Blow))
	case engine.LocationHeals:
		return fmt.Sprintf("%s's %s heals %d (%d of %d)", n, hitLocName(rs, f.Location), f.Amount, f.Hits, f.Of)

	// Maneuvers.
	case engine.TakesManeuver:
		row, _ := rs.Maneuver(f.Maneuver)
		column, target := "", 0
		if f.Column >= 0 && f.Column < len(rs.Maneuvers.Columns) {
			column = rs.Maneuvers.Columns[f.Column]
		}
		if f.Column >= 0 && f.Column < len(row.Cells) {
			target = row.Cells[f.Column].Target
		}
		what := row.Name + ", " + column
		if target != 0 {
			what += fmt.Sprintf(": %s-%d", row.Effect, target)
		}
		return fmt.Sprintf("%s takes %s", n, what)

	// Missiles.
	case engine.MissileStuck:
		return fmt.Sprintf("%s has %s stuck in it: %s", n, missileName(rs, f.Missile),
			Stuck(rs, engine.Stuck{ID: f.Missile, Grievous: f.Grievous}))
	case engine.MissileOut:
		return fmt.Sprintf("%s has the %s taken out", n, missileName(rs, f.Missile))
	case engine.MissileBleeds:
		return fmt.Sprintf("%s bleeds %d from the %s (%d -> %d %s)", n, f.Amount, missileName(rs, f.Missile), f.Before, f.After, hpName(rs))

	// Movement.
	case engine.GivesUpToMove:
		return fmt.Sprintf("%s gives up %d more action%s this round to move", n, f.Actions, plural(f.Actions))
	case engine.CannotMove:
		return fmt.Sprintf("%s cannot move this round: %d segment%s after its last attack at %s is past %s", n, f.After, plural(f.After),
			Count(rs, f.Last), Count(rs, f.To))
	case engine.MovesLate:
		return fmt.Sprintf("%s moves from %s at half the rate: %s a segment, %d this round", n, Count(rs, f.From), tenths(f.Tenths),
			f.Round)

	// The wound record.
	case engine.WoundRecorded:
		sev, _ := rs.Severity(f.Severity)
		loc, _ := rs.Location(f.Location)
		kind := WoundKind(rs, f.Penetrating, f.Kind)
		noted := ""
		if f.Shock != 0 {
			noted = ", noted " + ShockMark(f.Penetrating, f.Shock)
		}
		return fmt.Sprintf("%s takes a %s %s wound to the %s (%d%s); penalty now %d", n, strings.ToLower(sev.Name), kind,
			strings.ToLower(loc.Name), sev.Penalty, noted, f.Penalty)
	case engine.WoundStopsAction:
		return fmt.Sprintf("%s is %s: no action from now on", n, sevName(rs, f.Severity))
	case engine.WoundBleeds:
		return fmt.Sprintf("%s: %s", n, rs.Bleeding(f.Location, f.Severity, f.Kind))
	case engine.WoundStruckOff:
		return fmt.Sprintf("%s: the %s wound to the %s is struck off the record; penalty %d", n, sevName(rs, f.Severity),
			locName(rs, f.Location), f.Penalty)
	case engine.RecordBleeds:
		var parts []string
		for _, w := range f.Wounds {
			parts = append(parts, fmt.Sprintf("%s (%s)", rs.Bleeding(w.Location, w.Severity, w.Kind), locName(rs, w.Location)))
		}
		return fmt.Sprintf("%s bleeds: %s", n, strings.Join(parts, ", "))

	// The roster.
	case engine.Joins:
		switch {
		case f.Max != 0:
			return fmt.Sprintf("%s joins the fight (%d of %d %s)", n, f.HP, f.Max, hpName(rs))
		case f.HP == 0:
			return n + " joins the fight"
		}
		return fmt.Sprintf("%s joins the fight (%d %s)", n, f.HP, hpName(rs))
	case engine.Leaves:
		return n + " leaves the fight"
	case engine.Renamed:
		return fmt.Sprintf("%s is now called %s", n, f.To)
	case engine.MaxHPSet:
		return fmt.Sprintf("%s's most %s: %d, was %d (%d now)", n, hpName(rs), f.To, f.From, f.HP)

	// Spells.
	case engine.SpellOffAtOnce:
		return fmt.Sprintf("%s casts %s: it goes off at once", n, f.Spell)
	case engine.CastingBegins:
		meanwhile := ""
		if len(f.Stats) > 0 {
			meanwhile = " (" + statMods(f.Stats) + " meanwhile)"
		}
		return fmt.Sprintf("%s begins casting %s at %s, casting time %d: it goes off at %s%s",
			n, f.Spell, Count(rs, f.From), f.Time, Count(rs, f.Off), meanwhile)
	case engine.SpellTooLate:
		return fmt.Sprintf("%s cannot get %s off this round (it would go off at %s): the action is lost", n, f.Spell, Count(rs, f.Off))
	case engine.SpellCarried:
		if f.Whole {
			return fmt.Sprintf("%s cannot begin %s at %s: a spell of a whole round begins at %s; "+
				"it begins at %s of round %d and goes off at %s",
				n, f.Spell, Count(rs, f.Init), Count(rs, f.From), Count(rs, f.From), f.Round, Count(rs, f.At))
		}
		return fmt.Sprintf("%s cannot get %s off this round (it would go off at %s): it begins at %s of round %d and goes off at %s",
			n, f.Spell, Count(rs, f.Off), Count(rs, f.From), f.Round, Count(rs, f.At))
	case engine.SpellGoesOff:
		return fmt.Sprintf("%s's %s begins at %s: it goes off at %s", n, f.Spell, Count(rs, f.Began), Count(rs, f.Off))
	case engine.SpellInterrupted:
		return fmt.Sprintf("%s's %s is interrupted: the spell and the action are lost", n, f.Spell)
	case engine.SpellBegun:
		return fmt.Sprintf("%s begins %s (level %d): concentrate to prepare it, then cast it; cast now %+d", n, f.Spell, f.Level, f.Mod)
	case engine.Concentrates:
		return fmt.Sprintf("%s concentrates on %s: %s prepared, cast now %+d", n, f.Spell, rounds(f.Rounds), f.Mod)
	case engine.SpellCast:
		return fmt.Sprintf("%s casts %s (level %d) after %s of concentration: %+d (%s)", n, f.Spell, f.Level, rounds(f.Rounds),
			f.Mod, levelsRead(rs, f.Levels, f.Diff))
	case engine.SpellCastAtOnce:
		if f.Subconscious {
			return fmt.Sprintf("%s's subconscious casts %s (level %d) at once: %+d (%s)", n, f.Spell, f.Level, f.Mod,
				levelsRead(rs, f.Levels, f.Diff))
		}
		return fmt.Sprintf("%s casts %s (level %d) at once: %+d (%s)", n, f.Spell, f.Level, f.Mod, levelsRead(rs, f.Levels, f.Diff))
	case engine.SpellGivenUp:
		return fmt.Sprintf("%s gives up %s", n, f.Spell)
	case engine.SpellSpoiled:
		return fmt.Sprintf("%s's %s is spoiled by an instantaneous spell", n, f.Spell)
	case engine.SpellRuined:
		why := "a turn without concentrating on it"
		if f.Stunned {
			why = "stunned while concentrating"
		}
		if f.Maneuver {
			why = "stunned while concentrating, it fails the Stunned Maneuver"
		}
		if f.By != "" {
			why = string(f.By) + " taken between the concentration and the casting"
		}
		return fmt.Sprintf("%s's %s is ruined: %s", n, f.Spell, why)
	case engine.SpellCost:
		what := outcomeName(rs, rs.Spells.Check, f.Outcome)
		switch {
		case f.Spoiled:
			what = "the spoiled spell"
		case f.Ruined:
			what = "the ruined spell"
		}
		return fmt.Sprintf("%s: %s costs %d %s (%d -> %d)", n, what, f.Cost, poolName(rs, rs.Spells.Power), f.Before, f.After)
	case engine.ManaShort:
		return fmt.Sprintf("%s has no %s left: the other %d from %s", n, poolName(rs, rs.Spells.Power), f.Rest, hpName(rs))

	// Stun.
	case engine.StunTaken:
		if f.Held {
			return fmt.Sprintf("%s takes %d round%s of %s (held off until the next turn; %d in all)", n, f.Rounds, plural(f.Rounds),
				level(rs, f.Level).Name, f.Total)
		}
		return fmt.Sprintf("%s takes %d round%s of %s (%d in all)", n, f.Rounds, plural(f.Rounds), level(rs, f.Level).Name, f.Total)
	case engine.StunShaken:
		return fmt.Sprintf("%s shakes off a round of %s", n, level(rs, f.Level).Name)
	case engine.StunOver:
		return n + " is no longer stunned"
	case engine.StunBinds:
		l := level(rs, f.Level)
		return fmt.Sprintf("%s is %s: %s%s", n, l.Name, l.Summary, levelLimits(l))
	case engine.StunIgnored:
		return n + " acts normally this turn despite the stun"
	case engine.StunnedByHit:
		return fmt.Sprintf("%s is stunned by a single hit of %d (more than %d)", n, f.Hit, f.Over)
	case engine.ActionsLost:
		return fmt.Sprintf("%s loses %d remaining action%s this round", n, f.Lost, plural(f.Lost))
	case engine.ActionsTaken:
		where := ""
		switch f.From {
		case rules.LostFromFlurry:
			where = fmt.Sprintf("from its flurry (%d left)", f.Left)
		case rules.LostFromOrder:
			where = fmt.Sprintf("from this round's order (%d left)", f.Left)
		default:
			where = fmt.Sprintf("from its %s (%d left)", poolName(rs, f.From), f.Left)
		}
		return fmt.Sprintf("%s loses %s %s", n, actions(f.Lost), where)
	case engine.ActionsOwed:
		return fmt.Sprintf("%s loses %s this round: taken from its %s in the %s phase", n, actions(f.Lost), poolName(rs, f.From),
			strings.ToLower(f.Phase))
	case engine.ActionsLostEarly:
		if f.Next {
			return fmt.Sprintf("%s has no action left this round: it loses %s of the next", n, actions(f.Lost))
		}
		return fmt.Sprintf("%s loses %s this round, given up as initiative is rolled", n, actions(f.Lost))
	case engine.NoActionToLose:
		return fmt.Sprintf("%s has no action left to lose (%s lost)", n, actions(f.Lost))
	case engine.FlurryHalted:
		return fmt.Sprintf("%s can no longer act: its %s left in flurry %d are lost", n, actions(f.Lost), f.Flurry)

	// Ticks, and what could not be done.
	case engine.TickNote:
		tk := tick(rs, f.Tick)
		if e.Who.ID != 0 {
			return fmt.Sprintf("%s: %s: %s", n, tk.Name, tk.Summary)
		}
		return fmt.Sprintf("%s: %s", tk.Name, tk.Summary)
	case engine.TickSpends:
		return fmt.Sprintf("%s: %s: loses %d %s (%d -> %d)", n, tick(rs, f.Tick).Name, f.Amount, poolName(rs, f.Pool), f.Before, f.After)
	case engine.DamageBySource:
		src := damageSource(rs, f.Condition, f.Source)
		does := map[string]string{"none": "nothing", "half": "half", "whole": "all of it", "double": "double"}[src.Share]
		return fmt.Sprintf("%s is %s: %s does %s", n, condName(rs, f.Condition), src.Name, does)
	case engine.TickHurts:
		return fmt.Sprintf("%s: %s: %d %s", n, tick(rs, f.Tick).Name, f.Amount, hpName(rs))
	case engine.TickFailed:
		return fmt.Sprintf("%s: %s: %s", n, tick(rs, f.Tick).Name, f.Err)
	case engine.PoolFailed:
		return fmt.Sprintf("%s: %s: %s", n, poolName(rs, f.Pool), f.Err)
	case engine.GiveFailed:
		return fmt.Sprintf("%s: %s: %s", n, condName(rs, f.Condition), f.Err)
	case engine.HitOverFailed:
		return fmt.Sprintf("%s: stun.hit_over: %s", n, f.Err)
	case engine.RecoveryFailed:
		return fmt.Sprintf("%s: stun recovery: %s", n, f.Err)
	case engine.SaveError:
		return fmt.Sprintf("%s: %s against %s: %s", n, checkName(rs, engine.CheckRef{ID: f.Check}), condName(rs, f.Condition), f.Err)

	// The player view.
	case engine.HiddenFromPlayers:
		return n + " is hidden from the players"
	case engine.ShownToPlayers:
		return n + " is shown to the players"
	case engine.ShownOnFirstTurn:
		return n + " is shown to the players: its first turn"
	case engine.NewFoesSet:
		how := "shown"
		if f.Hidden {
			how = "hidden until their first turn"
		}
		return "Player view: new foes join " + how
	case engine.FoeRollsSet:
		how := "kept from the players"
		if f.Shown {
			how = "shown to the players"
		}
		return "Player view: the foes' rolls are " + how
	case engine.TableDiceSet:
		if f.On {
			return "Table dice on: the faces of every roll are typed as rolled at the table"
		}
		return "Table dice off: fray rolls"
	case engine.SideHPSet:
		return fmt.Sprintf("Player view: the hit points of %s as %s", f.Side, showName(f.Show))

	// Vitals.
	case engine.Damaged:
		kind, armor := "", ""
		if f.NonLethal {
			kind = " non-lethal"
		}
		if f.Doubled > 0 {
			armor = fmt.Sprintf("; a critical: %d doubled", f.Doubled)
			if 2*f.Doubled > dice.MaxStat {
				armor += fmt.Sprintf(", at most %d", dice.MaxStat)
			}
		}
		switch {
		case f.Bare && armor != "":
			armor += ", no " + rs.HP.Armor
		case f.Bare:
			armor = "; no " + rs.HP.Armor
		case f.Armor > 0:
			armor += fmt.Sprintf("; %s %d takes %d off", rs.HP.Armor, f.Armor, f.Absorbed)
		}
		if f.NonLethal && f.Before == f.After && f.Apart > 0 {
			return fmt.Sprintf("%s takes %d non-lethal%s (%d non-lethal against %d %s%s)", n, f.Amount, shareOf(f), f.Apart, f.After,
				hpName(rs), armor)
		}
		return fmt.Sprintf("%s takes %d%s%s (%d -> %d %s%s)", n, f.Amount, kind, shareOf(f), f.Before, f.After, hpName(rs), armor)
	case engine.NonlethalHealed:
		return fmt.Sprintf("%s's healing takes %d off its non-lethal damage (%d left)", n, f.Amount, f.Left)
	case engine.Healed:
		return fmt.Sprintf("%s heals %d (%d -> %d %s%s)", n, f.Amount, f.Before, f.After, hpName(rs), woundLeft(f.Wound, f.Left))
	case engine.Down:
		return n + " is down"
	case engine.BackUp:
		return n + " is back in the fight"
	case engine.DiesUnlessHealed:
		return fmt.Sprintf("%s dies at the end of round %d unless healed above %d %s by then", n, f.Round, f.Above, hpName(rs))
	case engine.NotHealedInTime:
		return n + " was not healed in time"

	// Withdrawing.
	case engine.Withdraws:
		what := "withdraws from melee"
		if f.Flee {
			what = "flees the fight"
		}
		where := ""
		switch {
		case f.Movement:
			where = " as movement begins (" + Count(rs, f.At) + ")"
		case f.Placed:
			where = " at " + Count(rs, f.At)
		}
		free := "no free attack"
		if len(f.Foes) > 0 {
			var names []string
			for _, x := range f.Foes {
				names = append(names, x.Name)
			}
			free = "a free attack for " + strings.Join(names, ", ")
		}
		return fmt.Sprintf("%s %s%s: %s", n, what, where, free)

	// Wounds.
	case engine.NewWound:
		return fmt.Sprintf("%s bleeds %d a round from a new wound (%d a round in all)", n, f.Rate, f.Total)
	case engine.DelaysCasting:
		return fmt.Sprintf("%s holds the casting of %s: C casts it at the trigger, paid as the delayed attack", n, f.Spell)
	case engine.Drained:
		if f.Amount < 0 {
			return fmt.Sprintf("%s gets %d %s back (%d drained, %s %d now)", n, -f.Amount, f.Stat, f.Total, f.Stat, f.Now)
		}
		return fmt.Sprintf("%s is drained of %d %s (%d in all, %s %d now)", n, f.Amount, f.Stat, f.Total, f.Stat, f.Now)
	case engine.Transcends:
		line := fmt.Sprintf("%s's Transcendence %d covers %d of the casting's penalties of %d", n, f.Skill, f.Covers, f.Penalty)
		switch {
		case f.Sure:
			return line + ": the spell is cast without a roll"
		case f.Time:
			return line + ": a roll all the same, for the time taken"
		case f.Skipped:
			return line + ": a roll all the same, for the cross-realm spell"
		}
		return line + ": a roll for the rest"
	case engine.WoundClosed:
		return fmt.Sprintf("%s's wound bleeding %d a round is closed by magic, for good (%d a round in all)", n, f.Rate, f.Total)
	case engine.RoundsCut:
		return fmt.Sprintf("%s's %s: %d rounds left, no more than %d now", n, condName(rs, f.Condition), f.Before, f.After)
	case engine.MajorWound:
		return fmt.Sprintf("%s: a hit of %d is a %s (%d or more)", n, f.Hit, condName(rs, f.Condition), f.At)
	case engine.Bleeds:
		return fmt.Sprintf("%s bleeds %d (%d -> %d %s)", n, f.Amount, f.Before, f.After, hpName(rs))
	case engine.Stanched:
		return fmt.Sprintf("%s does not bleed: %s", n, condName(rs, f.Condition))
	case engine.WoundsClosed:
		return fmt.Sprintf("%s's wounds stay closed after %s: the bleeding has stopped", n, condName(rs, f.Condition))
	case engine.Clots:
		return fmt.Sprintf("%s's wound clots: %d a round now", n, f.Rate)
	case engine.TreatedClosed:
		return n + "'s treated wound has closed: no more restrictions from it"
	case engine.Reopens:
		return fmt.Sprintf("%s's treated wound reopens: %d a round", n, f.Rate)
	case engine.Injured:
		return fmt.Sprintf("%s: %s (%d); total penalty %d", n, f.Injury, f.Penalty, f.Total)
	case engine.InjuryHealed:
		return fmt.Sprintf("%s's %s has healed; total penalty %d", n, f.Injury, f.Penalty)

	case engine.Legacy:
		return string(f.Line)
	}
	return fmt.Sprintf("%s: %T", n, e.Fact)
}

// RollWhat is what a roll's line says was rolled, before the dice
// ("Gavvin initiative", "Orc 1: Attack against Gavvin"): the dice prompt
// names each roll by it. For an event that is no roll, it is its line.
func RollWhat(rs *rules.Ruleset, e engine.Event) string {
	n, prefix := e.Who.Name, ""
	if e.Who.ID != 0 {
		prefix = n + " "
	}
	switch f := e.Fact.(type) {
	case engine.FreeRoll:
		if f.For == "" {
			return prefix + "rolls"
		}
		return prefix + string(f.For)
	case engine.DamageRoll:
		return prefix + "damage"
	case engine.HealingRoll:
		return prefix + "healing"
	case engine.StunRoll:
		return prefix + "rounds of stun"
	case engine.InitiativeRoll:
		return prefix + "initiative"
	case engine.RankRoll:
		return prefix + strings.ToLower(phase(rs, f.Phase).Name) + " rank"
	case engine.TieRoll:
		return prefix + fmt.Sprintf("roll-off for a tie at %d", f.At)
	case engine.ActionRoll:
		return prefix + actionName(rs, f.Action)
	case engine.TableRoll:
		return prefix + condName(rs, f.Condition)
	case engine.LocationRoll:
		return prefix + "hit location roll"
	case engine.BlowRoll:
		return blowRollWhat(rs, prefix, f)
	case engine.FlurryRoll:
		return prefix + fmt.Sprintf("flurry %d initiative", f.Flurry)
	case engine.ConditionCheckRoll:
		return n + " " + condName(rs, f.Condition) + " check"
	case engine.FirstAidRoll:
		return n + " First Aid"
	case engine.SegmentRoll:
		return n + " initiative, " + ordinal(f.Action+1) + " action"
	case engine.ConditionRounds:
		return n + ": " + condName(rs, f.Condition) + " rounds"
	case engine.EffectDamage:
		return "damage to " + n
	case engine.TableDamage:
		if f.Weapon != "" {
			return fmt.Sprintf("%s (%s): %s's damage to itself", n, condName(rs, f.Condition), f.Weapon)
		}
		return fmt.Sprintf("%s (%s): damage", n, condName(rs, f.Condition))
	case engine.StatLost:
		if !f.Kept {
			return fmt.Sprintf("%s (%s): %s lost (the sheet's, not kept here)", n, condName(rs, f.Condition), f.Stat)
		}
		return fmt.Sprintf("%s (%s): %s lost", n, condName(rs, f.Condition), f.Stat)
	case engine.Lands:
		return n + "'s dropped item"
	case engine.AidHealRoll:
		if rs == nil || slices.Contains(rs.Wounds.Heals.Stats(), rules.MarginStat) {
			return fmt.Sprintf("First Aid heals (%s %d)", rules.MarginStat, f.Margin)
		}
		return "First Aid heals"
	case engine.ArmorRoll:
		return fmt.Sprintf("%s's %s (%s)", n, f.Piece, f.Stat)
	case engine.MarkedRoll:
		var names []string
		for _, s := range f.Targets {
			names = append(names, s.Name)
		}
		return markedWhat(f.For) + " for " + strings.Join(names, ", ")
	case engine.Resisted:
		what := "Resistance Roll"
		if f.Against != "" {
			what += " against " + string(f.Against)
		}
		return fmt.Sprintf("%s %s (level %d vs %d, target %d)", n, what, f.Attack, f.Defence, f.Target)
	case engine.StunRecovery:
		// Before the dice, in the dice prompt: what its result is not known yet.
		return n + " stun recovery"
	case engine.CheckRolled:
		against := ""
		if f.Against.ID != 0 {
			against = " against " + f.Against.Name
		}
		return fmt.Sprintf("%s: %s%s%s%s", n, checkName(rs, f.Check), parriedWith(f), against, checkSaid(rs, f))
	case engine.SaveRolled:
		return fmt.Sprintf("%s: %s against %s", n, checkName(rs, engine.CheckRef{ID: f.Check}), condName(rs, f.Condition))
	}
	return Line(rs, e)
}

// RollAsked is what a roll is for, said before its dice are rolled: as
// RollWhat, without what a roll's line says came of it (a stun recovery
// that "stays stunned").
func RollAsked(rs *rules.Ruleset, e engine.Event) string {
	n := e.Who.Name
	switch f := e.Fact.(type) {
	case engine.StunRecovery:
		return n + " stun recovery"
	case engine.WeaponLands:
		// Not "lands 0 m away": where it lands is what the die decides.
		return fmt.Sprintf("%s's %s: metres it flies", n, f.Weapon)
	case engine.WeaponHit:
		return fmt.Sprintf("%s's %s: damage to it", n, f.Weapon)
	case engine.StuckMoveHurts:
		return fmt.Sprintf("%s moves with %s's %s stuck in it: its damage again", n, f.From.Name, f.Weapon)
	case engine.TickHurts:
		return fmt.Sprintf("%s: %s", n, tick(rs, f.Tick).Name)
	case engine.FlurryActions:
		return fmt.Sprintf("%s actions in flurry %d", n, f.Flurry)
	}
	return RollWhat(rs, e)
}

// forTable marks a GM's timer the players read too.
func forTable(public bool) string {
	if public {
		return " for the table"
	}
	return ""
}

// roll is an event's dice, as the log shows them.
func roll(e engine.Event) string {
	if e.Roll == nil {
		return ""
	}
	return e.Roll.String()
}

// actions says a number of actions: "an action", "2 actions".
func actions(n int) string {
	if n == 1 {
		return "an action"
	}
	return fmt.Sprintf("%d actions", n)
}

// modded is a roll's line with its modifiers and penalty added, where
// there were any, and what it comes to.
func modded(rs *rules.Ruleset, e engine.Event, what string, p int, mods []engine.CheckMod) string {
	var parts []string
	total := 0
	if e.Roll != nil {
		total = e.Roll.Total
	}
	if said := ModsSaid(rs, mods); said != "" {
		parts = append(parts, said)
	}
	for _, m := range mods {
		if m.Stat == "" {
			total += m.Value
		}
	}
	if p != 0 {
		parts = append(parts, fmt.Sprintf("%+d penalty", p))
		total += p
	}
	if len(parts) == 0 {
		return what + ": " + roll(e)
	}
	return fmt.Sprintf("%s: %s, %s: %d", what, roll(e), strings.Join(parts, ", "), total)
}

// ModsSaid names the modifiers a roll was rolled with, each with its
// amount: "Shaken -10, target Stunned +20, Defending: SC -10" (a stance or
// a cap already in a stat says the stat).
func ModsSaid(rs *rules.Ruleset, mods []engine.CheckMod) string {
	var out []string
	for _, m := range mods {
		out = append(out, modSaid(rs, m, ""))
	}
	return strings.Join(out, ", ")
}

// modSaid names one modifier; check is the check whose chosen modifiers
// it may be.
func modSaid(rs *rules.Ruleset, m engine.CheckMod, check string) string {
	var name string
	switch {
	case m.Condition != "":
		name = condName(rs, m.Condition)
	case m.Level != "":
		name = m.Level
		for _, l := range rs.Stun.Levels {
			if l.ID == m.Level {
				name = l.Name
			}
		}
	case m.Casting:
		name = "casting"
	case m.Strike != "":
		name = m.Strike
	case m.Guard != "":
		name = guardName(rs, m.Guard)
	case m.Declaration != "":
		name = m.Declaration
		if d, ok := rs.Declaration(m.Declaration); ok {
			name = d.Name
		}
	default:
		name = m.Modifier
		if ch, ok := rs.Check(check); ok {
			if md, ok := ch.Modifier(m.Modifier); ok {
				name = md.Name
			}
		}
	}
	if m.Target {
		name = "target " + name
	}
	switch {
	case m.Edge != 0:
		return name + ": " + m.Edge.String()
	case m.Free, m.Needs != "":
		return name
	case m.Stat != "":
		return fmt.Sprintf("%s: %s %+d", name, m.Stat, m.Value)
	}
	return fmt.Sprintf("%s %+d", name, m.Value)
}

// checkSaid names the modifiers a check was rolled with.
func checkSaid(rs *rules.Ruleset, f engine.CheckRolled) string {
	said := ""
	if len(f.Mods) > 0 {
		var chosen []string
		for _, m := range f.Mods {
			chosen = append(chosen, modSaid(rs, m, f.Check.ID))
		}
		said = " (" + strings.Join(chosen, ", ") + ")"
	}
	if f.Defence != 0 {
		said += fmt.Sprintf(" (%s defence this round %+d)", ordinal(f.Defence), f.DefenceMod)
	}
	if f.Penalty != 0 {
		said += fmt.Sprintf(" (%+d penalty)", f.Penalty)
	}
	return said
}

// atFoe says whom an action was taken at: " at Orc 2" ("" none named).
func atFoe(s engine.Subject) string {
	if s.ID == 0 {
		return ""
	}
	return " at " + s.Name
}

// provokes says what the foes in reach may take in answer to an action
// (actions.provokes): ": it provokes Attack - Opportunity from foes in reach".
func provokes(rs *rules.Ruleset, id string) string {
	if id == "" {
		return ""
	}
	return ": it provokes " + actionName(rs, id) + " from foes in reach"
}

// exchanging says the exchanges a cost took: " (exchanging Move for 1 Attack)".
func exchanging(rs *rules.Ruleset, ex []engine.Exchanged) string {
	if len(ex) == 0 {
		return ""
	}
	var how []string
	for _, e := range ex {
		how = append(how, fmt.Sprintf("%s for %s", poolName(rs, e.From), cost(rs, e.Gives)))
	}
	return " (exchanging " + strings.Join(how, ", ") + ")"
}

// extended names an extended action, and First Aid's aim.
func extended(rs *rules.Ruleset, action string, a engine.AidAim) string {
	name := actionName(rs, action)
	if a.Treat != "" {
		name += " on " + aim(a)
	}
	return name
}

// lasts says how long a condition's own grant lasts: each clock it runs
// by, the last of which ends it.
func lasts(l engine.Lasts) string {
	var parts []string
	switch {
	case l.Rounds > 0:
		parts = append(parts, fmt.Sprintf("for %d round%s", l.Rounds, plural(l.Rounds)))
	}
	switch {
	case l.Until > 0 && l.Phase != "" && l.ThisRound:
		parts = append(parts, fmt.Sprintf("until the end of the %s phase", strings.ToLower(l.Phase)))
	case l.Until > 0 && l.Phase != "":
		parts = append(parts, fmt.Sprintf("until the end of the %s phase of round %d", strings.ToLower(l.Phase), l.Until))
	case l.Until > 0 && l.ThisRound:
		parts = append(parts, "until the end of the round")
	case l.Until > 0:
		parts = append(parts, fmt.Sprintf("until the end of round %d", l.Until))
	}
	if l.Anchor.ID != 0 {
		name := "its"
		if l.Anchor.Name != "" {
			name = l.Anchor.Name + "'s"
		}
		which := "start"
		if l.AnchorEnd {
			which = "end"
		}
		parts = append(parts, fmt.Sprintf("until the %s of %s next turn", which, name))
	}
	if l.Save && len(parts) == 0 {
		return " (save ends)"
	}
	if l.Save {
		parts = append(parts, "until a save")
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, " and ")
}

// being says that one holds a condition, or no longer does, in English:
// "is Prone", or, for a condition that is a thing held (noun), "has a
// Major wound". form is "is", "is no longer", "is still" or "is not".
func being(rs *rules.Ruleset, id, form string) string {
	def, ok := rs.Condition(id)
	if !ok {
		def = rules.ConditionDef{Name: id}
	}
	if !def.Noun {
		return form + " " + def.Name
	}
	a := "a "
	if strings.ContainsRune("AEIOUaeiou", []rune(def.Name + "x")[0]) {
		a = "an "
	}
	switch form {
	case "is no longer":
		return "no longer has " + a + def.Name
	case "is still":
		return "still has " + a + def.Name
	case "is not":
		return "has no " + def.Name
	}
	return "has " + a + def.Name
}

func condName(rs *rules.Ruleset, id string) string {
	if d, ok := rs.Condition(id); ok {
		return d.Name
	}
	return id
}

func poolName(rs *rules.Ruleset, id string) string {
	for _, p := range rs.Pools {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

func actionName(rs *rules.Ruleset, id string) string {
	if a, ok := rs.Action(id); ok {
		return a.Name
	}
	return id
}

func declName(rs *rules.Ruleset, id string) string {
	if d, ok := rs.Declaration(id); ok {
		return d.Name
	}
	return id
}

func missileName(rs *rules.Ruleset, id string) string {
	if m, ok := rs.Missile(id); ok {
		return m.Name
	}
	return id
}

func hitLocName(rs *rules.Ruleset, id string) string {
	if l, ok := rs.HitLocation(id); ok {
		return strings.ToLower(l.Name)
	}
	return locName(rs, id) // a wound record's
}

func locName(rs *rules.Ruleset, id string) string {
	if l, ok := rs.Location(id); ok {
		return strings.ToLower(l.Name)
	}
	return id
}

func sevName(rs *rules.Ruleset, id string) string {
	if s, ok := rs.Severity(id); ok {
		return strings.ToLower(s.Name)
	}
	return id
}

func hpName(rs *rules.Ruleset) string {
	if rs.HP.Name != "" {
		return rs.HP.Name
	}
	return "HP"
}

// checkName is a check's name as it was rolled: a maneuver's cell's
// ("Fumble-10") or the ruleset's.
func checkName(rs *rules.Ruleset, ref engine.CheckRef) string {
	if ref.Maneuver != "" {
		row, _ := rs.Maneuver(ref.Maneuver)
		return fmt.Sprintf("%s-%d", row.Effect, ref.Cell)
	}
	if ch, ok := rs.Check(ref.ID); ok {
		return ch.Name
	}
	return ref.ID
}

func outcomeName(rs *rules.Ruleset, check, id string) string {
	ch, _ := rs.Check(check)
	for _, o := range ch.Outcomes {
		if o.ID == id {
			return o.Name
		}
	}
	return id
}

func phase(rs *rules.Ruleset, id string) rules.Phase {
	for _, p := range rs.RoundPhases() {
		if p.ID == id {
			return p
		}
	}
	return rules.Phase{ID: id, Name: id}
}

func level(rs *rules.Ruleset, id string) rules.StunLevel {
	for _, l := range rs.Stun.Levels {
		if l.ID == id {
			return l
		}
	}
	return rules.StunLevel{ID: id, Name: id}
}

func tick(rs *rules.Ruleset, id string) rules.Tick {
	for _, t := range rs.Ticks {
		if t.ID == id {
			return t
		}
	}
	return rules.Tick{ID: id, Name: id}
}

// levelLimits says what parry and movement a stun level leaves, where the
// ruleset says.
func levelLimits(l rules.StunLevel) string {
	var out []string
	if l.Parry != "" {
		out = append(out, "parry: "+l.Parry)
	}
	if l.Move != "" {
		out = append(out, "movement: "+l.Move)
	}
	if l.AttackerBonus != 0 {
		out = append(out, fmt.Sprintf("attackers %+d", l.AttackerBonus))
	}
	if len(out) == 0 {
		return ""
	}
	// Not in brackets: a level's words may hold brackets of their own
	// ("none (may drop prone)").
	return " · " + strings.Join(out, " · ")
}

func markedWhat(op engine.Op) string {
	switch op {
	case engine.OpHeal:
		return "Healing"
	case engine.OpStun:
		return "Rounds of stun"
	}
	return "Damage"
}

func showName(s rules.HPShow) string {
	switch s {
	case rules.HPExact:
		return "numbers"
	case rules.HPWords:
		return "words"
	case rules.HPBar:
		return "a bar"
	}
	return "nothing"
}

func times(n int, blow bool) string {
	s := map[int]string{1: "all", 2: "twice", 3: "three times"}[n]
	if s == "" {
		s = fmt.Sprintf("%d times", n)
	}
	if blow {
		s += " (one blow)"
	}
	return s
}

// rounds says a number of rounds ("1 round", "2 rounds").
func rounds(n int) string {
	return fmt.Sprintf("%d round%s", n, plural(n))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
}

// Ticks is one line for a run of events that are each the same tick taking
// the same amount of the same pool from a different combatant ("Fatigue:
// Gavvin, Orc 1 and Orc 2 lose 1 Fatigue each (40 -> 39, 45 -> 44, 45 ->
// 44)"), for a record that should not repeat itself; ok is false unless
// every event is such a tick, and alike.
func Ticks(rs *rules.Ruleset, es []engine.Event) (line string, ok bool) {
	if len(es) < 2 {
		return "", false
	}
	first, isTick := es[0].Fact.(engine.TickSpends)
	if !isTick {
		return "", false
	}
	var names, changes []string
	for _, e := range es {
		f, isTick := e.Fact.(engine.TickSpends)
		if !isTick || f.Tick != first.Tick || f.Pool != first.Pool || f.Amount != first.Amount || e.Who.ID == 0 {
			return "", false
		}
		names = append(names, e.Who.Name)
		changes = append(changes, fmt.Sprintf("%d -> %d", f.Before, f.After))
	}
	who := strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	return fmt.Sprintf("%s: %s lose %d %s each (%s)",
		tick(rs, first.Tick).Name, who, first.Amount, poolName(rs, first.Pool), strings.Join(changes, ", ")), true
}

// lingerEnd says what ends a condition that lingers: the actions that take
// it, or the GM.
func lingerEnd(rs *rules.Ruleset, id string) string {
	var names []string
	for _, a := range rs.Actions {
		if slices.Contains(a.Takes, id) {
			names = append(names, a.Name)
		}
	}
	if len(names) == 0 {
		return " until the GM ends it"
	}
	return " until " + strings.Join(names, " or ") + " ends it"
}

// shareOf says what share of the damage typed or rolled one of several
// took: ", half of 15".
func shareOf(f engine.Damaged) string {
	switch f.Share {
	case "", engine.ShareWhole:
		return ""
	case engine.ShareHalf:
		return fmt.Sprintf(", half of %d", f.Whole)
	case engine.ShareDouble:
		return fmt.Sprintf(", double %d", f.Whole)
	case engine.ShareNone:
		return fmt.Sprintf(", none of %d", f.Whole)
	}
	return fmt.Sprintf(", typed in place of %d", f.Whole)
}

// stunRecovery is a stun recovery roll's line: the roll, what was added
// to it, the total, what the total was held against, and what came of it:
// "Orc 1 stun recovery: d100oe + PR: [66] + 20 = 86, +0 for 1 round of
// stun, Shaken -10, -10 penalty: 66 against 81 to ease it a level, 101 to
// shrug it off: stays stunned".
func stunRecovery(rs *rules.Ruleset, e engine.Event, f engine.StunRecovery) string {
	verdict := stunVerdict(f)
	adds := []string{fmt.Sprintf("%+d for %d round%s of stun", f.Mod, f.Rounds, plural(f.Rounds))}
	if said := ModsSaid(rs, f.Mods); said != "" {
		adds = append(adds, said)
	}
	if f.Penalty != 0 {
		adds = append(adds, fmt.Sprintf("%+d penalty", f.Penalty))
	}
	against := ""
	switch {
	case f.Target > 0 && f.Partial > 0:
		against = fmt.Sprintf(" against %d to ease it a level, %d to shrug it off", f.Partial, f.Target)
	case f.Target > 0:
		against = fmt.Sprintf(" against %d to shrug it off", f.Target)
	}
	if f.Ease == 2 {
		// Shrugged off: the next line (StunIgnored) says so, once.
		return fmt.Sprintf("%s stun recovery: %s, %s: %d%s", e.Who.Name, roll(e), strings.Join(adds, ", "), f.Got, against)
	}
	return fmt.Sprintf("%s stun recovery: %s, %s: %d%s: %s", e.Who.Name, roll(e), strings.Join(adds, ", "), f.Got, against, verdict)
}

// stunVerdict is what came of a stun recovery roll.
func stunVerdict(f engine.StunRecovery) string {
	switch f.Ease {
	case 2:
		return "shrugs off the stun this turn"
	case 1:
		return "eases the stun a level this turn"
	}
	return "stays stunned"
}

// against says what a roll's total was held against, and what it needed
// it for: " against 50 to end it" (nothing where the fact does not say).
func against(target int, what string) string {
	if target == 0 {
		return ""
	}
	return fmt.Sprintf(" against %d %s", target, what)
}

// guardName names what a defence part of a stat comes from: the action
// the defences follow, or the parry allotted, the shield lost, the bands.
func guardName(rs *rules.Ruleset, id string) string {
	switch id {
	case engine.GuardParry:
		return "parry allotted"
	case engine.GuardShield:
		return "no shield now"
	case engine.GuardBands:
		return "injury"
	case engine.GuardPosition:
		return "critical's position"
	case engine.GuardInitiative:
		return "rounds of initiative"
	case engine.GuardAim:
		return "aimed"
	case engine.GuardAiming:
		return "aiming, no dodge"
	}
	if a, ok := rs.Action(id); ok {
		return a.Name
	}
	return id
}

// woundLeft is what a heal aimed at a wound kept apart says of it: "; wound
// 2: 6 left" ("" for a heal of the total).
func woundLeft(wound, left int) string {
	if wound == 0 {
		return ""
	}
	return fmt.Sprintf("; wound %d: %d left", wound, left)
}

// actsLine is the line of one's step beginning: where it stands (none
// said where neither Stat nor Placed is), who with, which action.
func actsLine(f engine.Acts, rs *rules.Ruleset, n string) string {
	where := ""
	switch {
	case f.Stat != "":
		where = fmt.Sprintf(" at %s %d", f.Stat, f.Value)
	case f.Placed:
		where = " at " + Count(rs, f.Value)
	}
	if f.With.ID != 0 {
		where += ", together with " + f.With.Name
	}
	act := ""
	if f.Action > 0 {
		act = ", " + ordinal(f.Action+1) + " action"
	}
	return n + " acts" + where + act
}

// damageReadAt says what a roll's damage is read at, apart from the total
// that decided the hit (a Sacrificial Dodge's shield).
func damageReadAt(rs *rules.Ruleset, n string, f engine.DamageReadAt) string {
	why := f.Modifier
	for _, ch := range rs.Checks {
		if m, ok := ch.Modifier(f.Modifier); ok {
			why = m.Name
			break
		}
	}
	return fmt.Sprintf("%s's roll against %s hits at %d; its damage is read at %d (%d less %d: %s)",
		n, f.Against.Name, f.Total, f.Total-f.Less, f.Total, f.Less, why)
}

// levelsRead is the caster's level difference a spell was cast at, and the
// casting table's row it was read on where the first row (2+) or the last
// takes it beyond its own (a save from before Diff was kept gives the row).
func levelsRead(rs *rules.Ruleset, row, diff int) string {
	if diff == 0 || diff == row {
		return fmt.Sprintf("%+d levels", row)
	}
	name := fmt.Sprintf("%+d", row)
	if p := rs.Spells.Prep; len(p) > 0 && row == p[0].Diff && diff > row {
		name = fmt.Sprintf("%d+", row)
	}
	return fmt.Sprintf("%+d levels, the table's %s row", diff, name)
}

// damageSource is a condition's source of damage by its id.
func damageSource(rs *rules.Ruleset, cond, id string) rules.DamageSource {
	if d, ok := rs.Condition(cond); ok {
		for _, s := range d.DamageSources {
			if s.ID == id {
				return s
			}
		}
	}
	return rules.DamageSource{ID: id, Name: id, Share: "whole"}
}

// aidNeeds is what a First Aid roll needed: the total, or at most it (a
// check rolled under its target).
func aidNeeds(needs int, orLess bool) string {
	if orLess {
		return fmt.Sprintf("%d or less", needs)
	}
	return strconv.Itoa(needs)
}
