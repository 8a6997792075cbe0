package narrate

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

// A blow's words: each step's line in the log, what the players read of
// the steps that show a foe's numbers, and the chain the tracker's panel
// and fray roll --blow show, step by step.

// blowLine is the log's line of a blow's step (not its rolls).
func blowLine(rs *rules.Ruleset, e engine.Event) (string, bool) {
	n := e.Who.Name
	switch f := e.Fact.(type) {
	case engine.Strikes:
		name := blowName(rs, f.Blow)
		if b, ok := rs.Blow(f.Blow); ok && f.As && b.AlsoAs != nil {
			name += " " + b.AlsoAs.Name
		}
		line := fmt.Sprintf("%s strikes at %s with %s (%s)", n, f.Against.Name, f.Weapon, name)
		if f.Attackers > 1 {
			line += fmt.Sprintf(", one of %d on %s: %+d", f.Attackers, f.Against.Name, f.Mod)
		}
		if f.Counts {
			line += fmt.Sprintf(", %d round%s left", f.Left, plural(f.Left))
		}
		if f.Typed != 0 {
			line += fmt.Sprintf(", %s %+d", f.TypedOn, f.Typed)
		}
		return line, true
	case engine.WideOpen:
		check := ""
		if b, ok := rs.Blow(f.Blow); ok {
			check = b.Check
		}
		return fmt.Sprintf("%s is wide open: %s hits it again at once, unanswered, with a %s", f.Against.Name, n,
			strings.ToLower(outcomeName(rs, check, f.Attack))), true
	case engine.BlowLands:
		line := fmt.Sprintf("%s's %s on %s: %s", n, blowName(rs, f.Blow), f.Against.Name, resultText(rs, f.Blow, f.Result))
		if b, ok := rs.Blow(f.Blow); ok && readsMargin(b) {
			line += fmt.Sprintf(" (made by %d)", f.Margin)
		}
		return line, true
	case engine.BlowDamage:
		return fmt.Sprintf("%s's damage: %s", n, damageSum(rs, f)), true
	case engine.Armoured:
		where := ""
		if f.Location != "" {
			where = " at the " + strings.ToLower(hitLocName(rs, f.Location))
		}
		switch f.Mode {
		case rules.ArmorBypassed:
			return fmt.Sprintf("%s's %s %d%s is bypassed: all %d gets through", n, f.Stat, f.Armor, where, f.Damage), true
		case rules.ArmorReduced:
			return fmt.Sprintf("%s's %s %d%s counts for %d: %d of %d gets through", n, f.Stat, f.Armor, where, f.Counts, f.Net,
				f.Damage), true
		}
		return fmt.Sprintf("%s's %s %d%s takes %d off %d: %d gets through", n, f.Stat, f.Armor, where, f.Damage-f.Net, f.Damage, f.Net),
			true
	case engine.BrokenStrikes:
		return fmt.Sprintf("%s's %s breaks in the exchange: its damage strikes %s all the same", n, f.Weapon, f.Against.Name), true
	case engine.WeaponNow:
		switch {
		case f.State == rules.FateStuck:
			return fmt.Sprintf("%s's %s is stuck in %s", n, f.Weapon, f.In.Name), true
		case f.State == "" && f.Was != "":
			return fmt.Sprintf("%s's %s is ready again (it was %s)", n, f.Weapon, f.Was), true
		case f.State == "":
			return fmt.Sprintf("%s's %s is ready", n, f.Weapon), true
		}
		return fmt.Sprintf("%s's %s is %s", n, f.Weapon, f.State), true
	case engine.WeaponTaken:
		return fmt.Sprintf("%s pulls %s's %s out of itself and holds it, ready", n, f.From.Name, f.Weapon), true
	case engine.LodgedOut:
		return fmt.Sprintf("%s's %s is out of %s", n, f.Weapon, f.In.Name), true
	case engine.StuckMoveHurts:
		return fmt.Sprintf("%s moves with %s's %s stuck in it: %d rolled again, / %d = %d, no armour", n, f.From.Name, f.Weapon,
			f.Rolled, f.Divide, f.Amount), true
	case engine.WeaponLands:
		return fmt.Sprintf("%s's %s lands %d m away", n, f.Weapon, f.Meters), true
	case engine.ParryArmoured:
		return fmt.Sprintf("%s's %s takes %d off %d through the parry: %d goes on", n, f.Weapon, f.Damage-f.Net, f.Damage, f.Net), true
	case engine.Malfunctions:
		return fmt.Sprintf("%s's %s malfunctions (%d, at %d or more): jammed until readied again", n, f.Weapon, f.Rolled, f.At), true
	case engine.WeaponHit:
		if f.HP == 0 {
			return fmt.Sprintf("%s's %s takes %d damage (its hit points are not kept)", n, f.Weapon, f.By), true
		}
		return fmt.Sprintf("%s's %s takes %d damage (%d of its %d HP lost)", n, f.Weapon, f.By, f.Lost, f.HP), true
	case engine.HeldAgainst:
		return fmt.Sprintf("%s's %s holds the blow for now: its %d damage against the %s's %d hit points left (of %d) on the "+
			"resistance table, to roll with g, %s", n, f.Weapon, f.Damage, f.Weapon, f.Left, f.HP,
			checkName(rs, engine.CheckRef{ID: f.Check})), true
	case engine.Reloaded:
		return fmt.Sprintf("%s reloads the %s: %d round%s", n, f.Weapon, f.Left, plural(f.Left)), true
	case engine.Multiplied:
		return multipliedLine(rs, n, f), true
	case engine.KnockedBack:
		return fmt.Sprintf("%s is knocked back %d m by %d damage rolled, unless it resists", n, f.Metres, f.Damage), true
	case engine.BlowWound:
		return blowWoundLine(rs, n, f), true
	}
	return "", false
}

// multipliedLine says what the multipliers made of a blow's damage:
// "Weakness on Gor: 5 becomes 10", each named.
func multipliedLine(rs *rules.Ruleset, n string, f engine.Multiplied) string {
	name := func(id string) string {
		if m, ok := rs.Multiplier(id); ok {
			return m.Name
		}
		return id
	}
	var names []string
	for _, id := range f.Multipliers {
		names = append(names, name(id))
	}
	line := strings.Join(names, " and ")
	if len(f.Cancelled) > 0 {
		var c []string
		for _, id := range f.Cancelled {
			c = append(c, name(id))
		}
		if line != "" {
			line += "; "
		}
		line += strings.Join(c, " and ") + " cancel out"
	}
	return fmt.Sprintf("%s on %s: %d becomes %d", line, n, f.Damage, f.Net)
}

// blowWoundLine says how a blow's damage on a wound record came to its
// wound: the severity by the thresholds, penetrating or blunt.
func blowWoundLine(rs *rules.Ruleset, n string, f engine.BlowWound) string {
	if f.Severity == "" {
		return fmt.Sprintf("%s: %d gets through, over no threshold: no wound", n, f.Impact)
	}
	line := fmt.Sprintf("%s: %d gets through, over %d", n, f.Impact, f.Over)
	if f.HasUnder {
		line += fmt.Sprintf(", not over %d", f.Under)
	}
	line += fmt.Sprintf(": a %s wound to the %s", sevName(rs, f.Severity), locName(rs, f.Location))
	switch {
	case f.Always:
		return line + ", penetrating whatever the armour"
	case f.HasPierce && f.Penetrating:
		return line + fmt.Sprintf(", penetrating (over %d)", f.Pierce)
	case f.HasPierce:
		return line + fmt.Sprintf(", blunt (not over %d)", f.Pierce)
	}
	return line
}

// WoundKind is a wound's kind in a sentence: blunt, penetrating, or its
// weapon kind's name (a cut, a puncture).
func WoundKind(rs *rules.Ruleset, penetrating bool, kind string) string {
	if k, ok := rs.WeaponKind(kind); ok && kind != "" {
		return strings.ToLower(k.Name)
	}
	if penetrating {
		return "penetrating"
	}
	return "blunt"
}

// ShockMark is a wound as the record notes it with its shock check value:
// B16 for a blunt one, P16 for a penetrating one (a cut or a puncture).
func ShockMark(penetrating bool, shock int) string {
	if penetrating {
		return fmt.Sprintf("P%d", shock)
	}
	return fmt.Sprintf("B%d", shock)
}

// blowRollWhat is what a blow's damage roll is for.
func blowRollWhat(rs *rules.Ruleset, prefix string, f engine.BlowRoll) string {
	switch f.Part {
	case "impale":
		return prefix + blowName(rs, f.Blow) + " damage again (impaled)"
	case "extra":
		return prefix + blowName(rs, f.Blow) + " extra dice"
	case "bonus":
		return prefix + "damage bonus"
	case "crush":
		return prefix + "crushing bonus"
	}
	return prefix + blowName(rs, f.Blow) + " damage"
}

// damageSum says how a blow's damage adds up.
func damageSum(rs *rules.Ruleset, f engine.BlowDamage) string {
	weapon := fmt.Sprintf("weapon %d", f.Weapon)
	switch {
	case f.Mode == rules.DamageMaximum && f.Impale:
		weapon = fmt.Sprintf("weapon at its most, twice: %d", f.Weapon)
	case f.Mode == rules.DamageMaximum:
		weapon = fmt.Sprintf("weapon at its most %d", f.Weapon)
	case f.Impale:
		weapon = fmt.Sprintf("weapon twice (impaled) %d", f.Weapon)
	}
	parts := []string{weapon}
	if f.Extra != 0 {
		parts = append(parts, fmt.Sprintf("extra dice %d", f.Extra))
	}
	count := ""
	if f.Extra != 0 && f.Dice > 0 {
		count = fmt.Sprintf("%d dice: ", f.Dice)
	}
	if f.Bonus != 0 || f.Crush {
		b := fmt.Sprintf("bonus %d", f.Bonus)
		if f.Crush {
			b = fmt.Sprintf("bonus doubled (crushed) %d", f.Bonus)
		}
		parts = append(parts, b)
	}
	check := ""
	if b, ok := rs.Blow(f.Blow); ok {
		check = b.Check
	}
	for _, m := range f.Mods {
		parts = append(parts, modSaid(rs, m, check))
	}
	sum := strings.Join(parts, " + ")
	if f.Mode == rules.DamageDoubled {
		if len(parts) > 1 {
			sum = "(" + sum + ")"
		}
		return fmt.Sprintf("%s%s x 2 = %d", count, sum, f.Total)
	}
	if f.Mode == rules.DamageHalved {
		if len(parts) > 1 {
			sum = "(" + sum + ")"
		}
		return fmt.Sprintf("%s%s / 2 = %d", count, sum, f.Total)
	}
	if len(parts) == 1 && f.Total == f.Weapon {
		return sum
	}
	return fmt.Sprintf("%s%s = %d", count, sum, f.Total)
}

// blowOutcome is what the players read of a step of a blow, or of a
// check, whose numbers are a foe's the GM keeps: what came of it.
func blowOutcome(rs *rules.Ruleset, e engine.Event) string {
	n := e.Who.Name
	switch f := e.Fact.(type) {
	case engine.CheckRolled:
		against := ""
		if f.Against.ID != 0 {
			against = " against " + f.Against.Name
		}
		return fmt.Sprintf("%s: %s%s%s: %s", n, checkName(rs, f.Check), parriedWith(f), against,
			outcomeName(rs, f.Check.ID, f.Result.Outcome))
	case engine.BlowLands:
		return fmt.Sprintf("%s's %s on %s: %s", n, blowName(rs, f.Blow), f.Against.Name, resultText(rs, f.Blow, f.Result))
	case engine.Strikes:
		return fmt.Sprintf("%s strikes at %s with %s", n, f.Against.Name, f.Weapon)
	case engine.WeaponHit:
		return fmt.Sprintf("%s's %s is struck", n, f.Weapon)
	case engine.HeldAgainst:
		return fmt.Sprintf("%s's %s holds the blow for now", n, f.Weapon)
	case engine.Reloaded:
		return fmt.Sprintf("%s reloads the %s", n, f.Weapon)
	}
	return ""
}

// blowName is a blow's name.
func blowName(rs *rules.Ruleset, id string) string {
	if b, ok := rs.Blow(id); ok {
		return b.Name
	}
	return id
}

// resultText is the words of a blow's result.
func resultText(rs *rules.Ruleset, blow string, i int) string {
	if b, ok := rs.Blow(blow); ok && i >= 0 && i < len(b.Results) {
		return b.Results[i].Text
	}
	return fmt.Sprintf("result %d", i+1)
}

// readsMargin reports whether a blow's results turn on its margin.
func readsMargin(b rules.Blow) bool {
	for _, r := range b.Results {
		if !r.MarginAtLeast.IsZero() || !r.MarginAtMost.IsZero() {
			return true
		}
		for _, e := range r.Effects {
			if !e.ExtraDice.IsZero() {
				return true
			}
		}
	}
	return false
}

// ChainStep is one step of a blow's chain: its name (Attack, Defence,
// Result, Damage, Armour, Net, Effects) and its lines, in the log's words.
type ChainStep struct {
	Step  string
	Lines []string
}

// The steps of a blow's chain, in order.
var chainSteps = []string{"Attack", "Defence", "Result", "Damage", "Armour", "Net", "Effects"}

// Chain lays out the events of blows as their chains: for each blow, its
// attack, defence, result, damage, armour, what is left off the hit points
// (net) and its other effects, each step with the lines that say it (a
// step with none says so).
func Chain(rs *rules.Ruleset, events []engine.Event) [][]ChainStep {
	var out [][]ChainStep
	var cur map[string][]string
	var attacker, foe int
	landed, damaged, attacked := false, false, false
	flush := func() {
		if cur == nil {
			return
		}
		var steps []ChainStep
		for _, s := range chainSteps {
			lines := cur[s]
			if len(lines) == 0 {
				lines = []string{chainNone(s)}
				if s == "Net" && rs.Recorded() {
					lines = []string{"no wound"}
				}
			}
			steps = append(steps, ChainStep{Step: s, Lines: lines})
		}
		out = append(out, steps)
	}
	for _, e := range events {
		step := "Effects"
		switch f := e.Fact.(type) {
		case engine.Strikes:
			flush()
			cur = map[string][]string{}
			attacker, foe = e.Who.ID, f.Against.ID
			landed, damaged, attacked = false, false, false
			step = "Attack"
		case engine.CheckRolled:
			switch {
			case landed:
			case e.Who.ID == attacker && !attacked:
				step, attacked = "Attack", true
			case e.Who.ID == foe:
				step = "Defence"
			}
		case engine.Unanswered:
			if !landed {
				step = "Defence"
			}
		case engine.BlowLands:
			step, landed = "Result", true
		case engine.BlowRoll, engine.BlowDamage, engine.LocationRoll:
			step = "Damage"
		case engine.Armoured, engine.Multiplied:
			step = "Armour"
		case engine.Damaged:
			if landed && !damaged && e.Who.ID == foe {
				step, damaged = "Net", true
			}
		case engine.HitAt, engine.LimbCap, engine.BlowWound:
			if landed && e.Who.ID == foe {
				step = "Net"
			}
		case engine.WoundRecorded:
			if landed && !damaged && e.Who.ID == foe {
				step, damaged = "Net", true
			}
		}
		if cur == nil {
			continue // not a blow's
		}
		cur[step] = append(cur[step], Line(rs, e))
	}
	flush()
	return out
}

// chainNone is what a step of a chain says when nothing happened in it.
func chainNone(step string) string {
	switch step {
	case "Defence":
		return "none rolled"
	case "Damage":
		return "no damage"
	case "Armour":
		return "no armour against it"
	case "Net":
		return "nothing off the hit points"
	}
	return "none"
}

// ChainText is a blow's chain as text, one step a line: "Attack: ...".
func ChainText(steps []ChainStep) string {
	var b strings.Builder
	for _, s := range steps {
		for i, l := range s.Lines {
			name := s.Step + ":"
			if i > 0 {
				name = ""
			}
			fmt.Fprintf(&b, "%-8s %s\n", name, l)
		}
	}
	return b.String()
}

// Weapon says a weapon as the fight has it: its name, damage and bonus,
// its kinds, its fields, the rounds left where it counts them, its hit
// points where they are kept, and what became of it ("Spear 1d8+1 + 1d4,
// impaling · skill 70 · stuck in Orc 2").
func Weapon(rs *rules.Ruleset, enc *engine.Encounter, w engine.Weapon) string {
	s := string(w.Name) + " " + w.Damage.String()
	if !w.Bonus.IsZero() {
		s += " + " + w.Bonus.String()
	}
	if len(w.Kinds) > 0 {
		s += ", " + strings.Join(w.Kinds, ", ")
	}
	for _, f := range rs.Gear.WeaponFields {
		if v, ok := w.Fields[f.ID]; ok {
			s += fmt.Sprintf(" · %s %d", f.ID, v)
		}
	}
	if w.Ammo > 0 {
		s += fmt.Sprintf(" · %d of %d rounds", w.Left, w.Ammo)
	}
	if w.HP > 0 {
		s += fmt.Sprintf(" · %d of %d HP", max(w.HP-w.Lost, 0), w.HP)
	}
	switch w.State {
	case "":
	case rules.FateStuck:
		in := "a foe"
		if x := enc.Combatant(w.In); x != nil {
			in = x.Name
		}
		s += " · stuck in " + in
	default:
		s += " · " + string(w.State)
	}
	return s
}

// Armor says a piece of armour by the names of the stats it adds to
// ("Chain mail: Protection 3", "Mail: Armor Rating 3, Armor Coverage 12"),
// with the hit locations it covers.
func Armor(rs *rules.Ruleset, a rules.Armor) string {
	var parts []string
	for _, st := range rs.Gear.Armor {
		if v, ok := a.Stats[st]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", statLabel(rs, st), v))
		}
	}
	s := a.Name + ": " + strings.Join(parts, ", ")
	if len(a.Locations) > 0 {
		s += " (" + strings.Join(a.Locations, ", ") + ")"
	}
	return s
}

// Takes says what a combatant takes from weapons of some kinds, by the
// multipliers' and the kinds' names: "Weakness: Fire · Resistance: Blunt".
func Takes(rs *rules.Ruleset, takes map[string][]string) string {
	var parts []string
	for _, m := range rs.Multipliers {
		kinds := takes[m.ID]
		if len(kinds) == 0 {
			continue
		}
		var names []string
		for _, k := range kinds {
			if wk, ok := rs.WeaponKind(k); ok {
				k = wk.Name
			}
			names = append(names, k)
		}
		parts = append(parts, m.Name+": "+strings.Join(names, ", "))
	}
	return strings.Join(parts, " · ")
}

// statLabel is a stat's name without what it says in brackets ("Protection
// (armour)": Protection), for a line with several; its id where it has no
// name.
func statLabel(rs *rules.Ruleset, id string) string {
	st, ok := rs.Stat(id)
	if !ok || st.Name == "" {
		return id
	}
	if before, _, ok := strings.Cut(st.Name, " ("); ok && before != "" {
		return before
	}
	return st.Name
}

// Outcome is what came of a check an event rolled, in a few words for the
// GM's status line ("Orc 2: Strike against Gavvin: Hit"), or "" for an
// event that rolled none.
func Outcome(rs *rules.Ruleset, e engine.Event) string {
	switch f := e.Fact.(type) {
	case engine.CheckRolled:
		return blowOutcome(rs, e)
	case engine.SaveRolled:
		return fmt.Sprintf("%s: %s against %s: %s", e.Who.Name, checkName(rs, engine.CheckRef{ID: f.Check}), condName(rs, f.Condition),
			outcomeName(rs, f.Check, f.Result.Outcome))
	case engine.StunRecovery:
		return e.Who.Name + " " + stunVerdict(f)
	}
	return ""
}

// parriedWith names the weapon or shield a parry was made with, " with
// Mace", or "" (any other check).
func parriedWith(f engine.CheckRolled) string {
	if f.With == "" {
		return ""
	}
	return " with " + string(f.With)
}
