package narrate

import (
	"fmt"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
)

// What the tracker's panels and the export say of a fight's state, in the
// same words as the log.

// Cost says what an action costs ("1 Move + 1 Attack").
func Cost(rs *rules.Ruleset, a rules.ActionDef) string {
	s := cost(rs, a.Cost)
	for _, id := range a.Empties {
		for _, p := range rs.Pools {
			if p.ID == id {
				s += " + all " + p.Name + " (untouched)"
			}
		}
	}
	for _, id := range a.UsesUp {
		for _, p := range rs.Pools {
			if p.ID == id {
				s += " + what is left of " + p.Name
			}
		}
	}
	return strings.TrimPrefix(s, "nothing + ")
}

// cost says a cost in pools, in the ruleset's order of pools.
func cost(rs *rules.Ruleset, c map[string]int) string {
	var parts []string
	for _, p := range rs.Pools {
		if n := c[p.ID]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, p.Name))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

// Count says where a value of the order stands for the ruleset: "rank 12",
// "segment 3 (movement)".
func Count(rs *rules.Ruleset, v int) string {
	var s string
	switch rs.Order.Kind {
	case rules.OrderRank:
		s = "rank " + strconv.Itoa(v)
	case rules.OrderSegments:
		s = "segment " + strconv.Itoa(v)
	default:
		s = "initiative " + strconv.Itoa(v)
	}
	for _, b := range rs.Order.Bands {
		if v <= b.From && v >= b.To {
			return s + " (" + b.Name + ")"
		}
	}
	return s
}

// Prep says how a concentrated spell stands: its level, rounds prepared,
// and the casting table's modifier now.
func Prep(rs *rules.Ruleset, c *engine.Combatant) string {
	x := c.Casting
	if x == nil || !x.Concentrated {
		return ""
	}
	mod := engine.CastMod(rs, c)
	return fmt.Sprintf("Preparing %s (level %d): %s of concentration, cast now %+d; no shield or parry bonus while concentrating",
		x.Spell, x.Level, rounds(x.Rounds), mod)
}

// Declared says a declaration as the log and the panel show it:
// "Defending 20 (SC -20, DEF +10)".
func Declared(rs *rules.Ruleset, c *engine.Combatant, x engine.Declared) string {
	shift := ""
	if d, ok := rs.Declaration(x.ID); ok && !d.Repeat && x.Amount != 0 {
		if from, to, ok := engine.RankDeclaring(rs, c, x.ID, x.Amount); ok {
			shift = RankShift(rs, from, to)
		}
	}
	s := declaredAs(rs, x.ID, x.Amount, engine.DeclaredMods(rs, c, x), !x.Carried, shift)
	switch {
	case x.Carried:
		s += ", held from the round before"
	case x.Holds:
		s += ", holds into the next round"
	}
	return s
}

// declared names a declaration as it was made: with where it moved the
// rank (From, To), where it moved one.
func declared(rs *rules.Ruleset, f engine.Declares) string {
	shift := ""
	if f.From != f.To {
		shift = RankShift(rs, f.From, f.To)
	}
	return declaredAs(rs, f.Declaration, f.Amount, f.Stats, true, shift)
}

// RankShift says where a declaration moves a rank: "rank 13 -> -2, no
// action this round" (below the order's lowest, BRP l.73: lost).
func RankShift(rs *rules.Ruleset, from, to int) string {
	s := fmt.Sprintf("rank %d -> %d", from, to)
	if to < rs.Order.Lowest {
		s += ", no action this round"
	}
	return s
}

// declaredAs names a declaration with what it does; lose: with what it
// gives up (not once it is held from the round before); shift: where its
// ranks leave the rank ("": not said).
func declaredAs(rs *rules.Ruleset, id string, amount int, stats []engine.StatMod, lose bool, shift string) string {
	d, ok := rs.Declaration(id)
	if !ok {
		return id
	}
	s := d.Name
	if amount != 0 {
		s += fmt.Sprintf(" %d", amount)
	}
	var parts []string
	if d.Divide != 0 {
		parts = append(parts, fmt.Sprintf("rank / %d", d.Divide))
	}
	if d.Initiative != 0 {
		parts = append(parts, fmt.Sprintf("initiative %+d", d.Initiative))
	}
	if d.PerAmount != 0 && amount != 0 {
		p := fmt.Sprintf("%+d ranks", d.PerAmount*amount)
		if shift != "" {
			p += ": " + shift
		}
		parts = append(parts, p)
	}
	if d.Lose != "" && lose {
		parts = append(parts, "gives up "+loseText[d.Lose])
	}
	for _, m := range stats {
		parts = append(parts, fmt.Sprintf("%s %+d", m.Stat, m.Mod))
	}
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

var loseText = map[rules.Lose]string{
	rules.LoseOne:      "an action",
	rules.LoseHalfDown: "half its actions, rounded down",
	rules.LoseHalfUp:   "half its actions, rounded up",
	rules.LoseKeepHalf: "all but half its actions (at least one kept)",
	rules.LoseKeepOne:  "all but one of its actions",
	rules.LoseAll:      "all its actions",
}

// Aim says what First Aid under way is for ("Orc 2's wound #1").
func Aim(enc *engine.Encounter, ext *engine.Extended) string {
	return aim(engine.AimOf(enc, ext))
}

func aim(a engine.AidAim) string {
	name := a.Patient.Name
	if name == "" {
		name = fmt.Sprintf("#%d", a.Patient.ID)
	}
	switch a.Treat {
	case engine.TreatWound:
		return fmt.Sprintf("%s's wound #%d", name, a.Index+1)
	case engine.TreatInjury:
		return fmt.Sprintf("%s's injury #%d", name, a.Index+1)
	}
	return name + "'s " + string(a.Treat)
}

// Locations is what the hurt locations have left, for the panel:
// "Right leg 2/5 (useless) · Chest 3/6", or that none is hurt (d lists
// them all, with their hit points).
func Locations(rs *rules.Ruleset, c *engine.Combatant) string {
	var parts []string
	for _, l := range rs.HP.Locations {
		most, got := engine.LocationHP(rs, c, l), c.Hits[l.ID]
		if got == 0 {
			continue
		}
		s := fmt.Sprintf("%s %d/%d", l.Name, most-got, most)
		if got >= most && l.Limb {
			s += " (useless)"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "No location hurt"
	}
	return strings.Join(parts, " · ")
}

// Stuck says what a stuck missile does: "bleeds 1 a round, DEX -2".
func Stuck(rs *rules.Ruleset, s engine.Stuck) string {
	m, ok := rs.Missile(s.ID)
	if !ok {
		return s.ID
	}
	out := fmt.Sprintf("bleeds %d a round", m.Bleed)
	if p := engine.StuckPenalty(rs, s); p != 0 {
		out += fmt.Sprintf(", %s %+d", m.Stat, p)
	}
	if s.Grievous {
		out += " (grievous)"
	}
	return out
}

// Movement says how c moves this round: "20 this round (Move and
// attack), 2 a segment from segment 10: 8 so far".
func Movement(rs *rules.Ruleset, enc *engine.Encounter, c *engine.Combatant) string {
	m, ok := engine.MovementOf(rs, enc, c)
	if !ok {
		return ""
	}
	why := ""
	if m.Why != "" {
		why = " (" + m.Why + ")"
	}
	if m.Stopped {
		return fmt.Sprintf("Moved %d this round, then stopped%s", m.Done, why)
	}
	if m.Round == 0 {
		if m.From < rs.Movement.To {
			return "No movement this round" + why + ": it would begin after segment " + fmt.Sprint(rs.Movement.To)
		}
		return "No movement this round" + why
	}
	if m.Rerated {
		// The rate changed mid-movement: what was covered by then stays.
		return fmt.Sprintf("Moves %d this round%s: %d by segment %d, then %s a segment: %d so far",
			m.Round, why, m.Kept, m.KeptAt, tenths(m.Amount*10/rs.Movement.Segments()), m.Done)
	}
	return fmt.Sprintf("Moves %d this round%s, %s a segment from segment %d: %d so far",
		m.Round, why, tenths(m.Amount*10/rs.Movement.Segments()), m.From, m.Done)
}

// tenths says a number of tenths: 25 is "2.5", 40 is "4".
func tenths(v int) string {
	if v%10 == 0 {
		return fmt.Sprint(v / 10)
	}
	return fmt.Sprintf("%d.%d", v/10, v%10)
}

// HP is a combatant's hit points as show has them: "12/20", the
// ruleset's word, a bar of ten, or nothing. A wound record has no hit
// points: the numbers show its penalty, words and the bar its worst wound.
func HP(rs *rules.Ruleset, show rules.HPShow, c *engine.Combatant) string {
	if id, dead := engine.Death(rs, c); dead && show == rules.HPWords {
		return strings.ToLower(condName(rs, id)) // the word for it, as the GM's row has it
	}
	if rs.Recorded() {
		return record(rs, show, c)
	}
	switch show {
	case rules.HPExact:
		return fmt.Sprintf("%d/%d", c.HP, c.MaxHP)
	case rules.HPWords:
		return HPWord(rs, c)
	case rules.HPBar:
		full := 0
		if c.MaxHP > 0 {
			full = min(max(c.HP*10/c.MaxHP, 0), 10)
			if c.HP > 0 && full == 0 {
				full = 1
			}
		}
		return strings.Repeat("█", full) + strings.Repeat("░", 10-full)
	}
	return ""
}

// record is a wound record as HP shows it.
func record(rs *rules.Ruleset, show rules.HPShow, c *engine.Combatant) string {
	if show == rules.HPNone {
		return ""
	}
	if len(c.Record) == 0 {
		return "unhurt"
	}
	if show == rules.HPExact {
		return fmt.Sprintf("penalty %d", engine.Penalty(rs, c))
	}
	worst := -1
	for _, w := range engine.WorstAt(rs, c) {
		for i, s := range rs.Vitality.Severities {
			if s.ID == w.Severity {
				worst = max(worst, i)
			}
		}
	}
	if worst < 0 {
		return "wounded"
	}
	return strings.ToLower(rs.Vitality.Severities[worst].Name) + " wound"
}

// HPWord is the ruleset's word for a combatant's hit points: "down" out of
// the fight, and its death's name ("dead") once dead.
func HPWord(rs *rules.Ruleset, c *engine.Combatant) string {
	if id, dead := engine.Death(rs, c); dead {
		return strings.ToLower(condName(rs, id))
	}
	if c.Out {
		return "down"
	}
	word := "unhurt"
	for _, w := range rs.PlayerView.Words() {
		if c.MaxHP > 0 && c.HP*100 < w.Below*c.MaxHP {
			word = w.Word
		}
	}
	return word
}

// TimerWhen says when a timer fires.
func TimerWhen(rs *rules.Ruleset, tm engine.Timer) string {
	return timerWhen(rs, tm.At, tm.Count, tm.Round, tm.Every)
}

func timerWhen(rs *rules.Ruleset, atPoint rules.EventAt, count, round, every int) string {
	at := map[rules.EventAt]string{rules.EventRoundStart: "at the start of", rules.EventRoundEnd: "at the end of"}[atPoint]
	if atPoint == rules.EventCount {
		at = "at " + Count(rs, count) + " of"
	}
	if every > 0 {
		return fmt.Sprintf("%s every %s from round %d", at, everyText(every), round)
	}
	return fmt.Sprintf("%s round %d", at, round)
}

func everyText(n int) string {
	if n == 1 {
		return "round"
	}
	return fmt.Sprintf("%d rounds", n)
}

// FightTime is how long the fight has lasted as a round begins ("1 min 6
// s"), or "" in the first round or when the ruleset does not say how long
// a round is.
func FightTime(rs *rules.Ruleset, round int) string {
	if rs.RoundSeconds <= 0 || round < 2 {
		return ""
	}
	return span((round - 1) * rs.RoundSeconds)
}

// span says a number of seconds as a GM counts them: 30 s, 1 min, 1 min 12 s.
func span(sec int) string {
	m, s := sec/60, sec%60
	switch {
	case m == 0:
		return fmt.Sprintf("%d s", s)
	case s == 0:
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d min %d s", m, s)
}

// MarkedRolls says how a ruleset rolls a step on several combatants.
func MarkedRolls(rs *rules.Ruleset) string {
	if rs.Marked.RollEach {
		return "one roll for each"
	}
	return "one roll for all"
}

// Check is a check's roll on one line: the dice, the modifier, the target
// number and the outcome.
//
//	d100: [73] = 73 vs 72 or less: Miss
//	d100: [40] = 40 vs 52 or less (72 - 20): Hit
//	d100oe + SP: [45] + 60 = 105 + 10 = 115 vs 101 or more: Spell cast
func Check(rs *rules.Ruleset, check string, roll dice.Result, res engine.CheckResult) string {
	var b strings.Builder
	b.WriteString(roll.String())
	mod := ""
	if res.Mod != nil {
		if rolledDice(res.Mod.Tree) {
			mod = "(" + res.Mod.String() + ")"
		} else {
			mod = strconv.Itoa(res.Mod.Total)
		}
		if !strings.HasPrefix(mod, "-") {
			mod = "+ " + mod
		} else {
			mod = "- " + mod[1:]
		}
	}
	if mod != "" && res.Succeeds != rules.AtMost {
		fmt.Fprintf(&b, " %s = %d", mod, res.Total)
	}
	switch res.Succeeds {
	case rules.AtMost:
		fmt.Fprintf(&b, " vs %d or less", res.Target)
		if mod != "" {
			fmt.Fprintf(&b, " (%d %s)", res.Base, mod)
		}
	case rules.AtLeast:
		fmt.Fprintf(&b, " vs %d or more", res.Target)
	default:
		fmt.Fprintf(&b, " vs more than %d", res.Target)
	}
	b.WriteString(": " + outcomeName(rs, check, res.Outcome))
	return b.String()
}

func rolledDice(t *dice.Term) bool {
	if t == nil {
		return false
	}
	if len(t.Dice) > 0 {
		return true
	}
	for _, a := range t.Args {
		if rolledDice(a) {
			return true
		}
	}
	return false
}

// statMods says stat changes: "DEF -8, SC +5".
func statMods(stats []engine.StatMod) string {
	parts := make([]string, 0, len(stats))
	for _, m := range stats {
		parts = append(parts, fmt.Sprintf("%s %+d", m.Stat, m.Mod))
	}
	return strings.Join(parts, ", ")
}

// Casting says what a combatant's spell under way does to its stats
// meanwhile: "DEF -8" ("" when nothing).
func Casting(rs *rules.Ruleset, c *engine.Combatant) string {
	return statMods(engine.CastingMods(rs, c))
}

// Held says what a combatant's spell held to the segment it begins at
// will do to its stats from then: "DEF -8" ("" when nothing).
func Held(rs *rules.Ruleset, c *engine.Combatant) string {
	return statMods(engine.HeldMods(rs, c))
}

// SpellClass says what a class of spell costs otherwise ("Spell failure:
// SPELL_LEVEL; ruined: 0").
func SpellClass(rs *rules.Ruleset, k rules.SpellClass) string {
	ch, _ := rs.Check(rs.Spells.Check)
	var parts []string
	for _, o := range ch.Outcomes {
		if f, ok := k.Costs[o.ID]; ok {
			parts = append(parts, o.Name+": "+strings.ReplaceAll(f, rules.SpellLevel, "its level"))
		}
	}
	if k.Ruined != "" {
		parts = append(parts, "ruined: "+strings.ReplaceAll(k.Ruined, rules.SpellLevel, "its level"))
	}
	return "costs " + strings.Join(parts, "; ")
}
