package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"fray/session"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// blowArgs is what fray roll --blow was asked besides a check's flags.
type blowArgs struct {
	blow     string
	damage   string         // the weapon's damage
	bonus    string         // the wielder's damage bonus, rolled apart
	kinds    []string       // the weapon's kinds
	weapon   map[string]int // the weapon's fields
	answer   string         // the defender's check, "" for none
	guards   []string       // the answer's own modifiers picked (--guard)
	location string
	attack   int // how many strike the one target
}

// blowHP is each side's hit points when HP=N is not given: more than any
// blow in a book takes, so the chain shows all it does, and not so many
// that they count for more (countdown's stun over CON grows above 100).
const blowHP = 100

// rollBlow runs a blow of the ruleset between two combatants made of the
// stats given (each side with the ruleset's defaults under them), with the
// weapon given, and prints its chain: attack, defence, result, damage,
// armour, net, effects.
func rollBlow(rs *rules.Ruleset, a rollArgs, src dice.Rand, stderr io.Writer) (string, int) {
	b, ok := rs.Blow(a.blow.blow)
	if !ok {
		if len(rs.Blows) == 0 {
			fmt.Fprintf(stderr, "fray roll: %s has no blows\n", rs.ID)
			return "", 2
		}
		fmt.Fprintf(stderr, "fray roll: %s has no blow %q; its blows:\n", rs.ID, a.blow.blow)
		for _, x := range rs.Blows {
			fmt.Fprintf(stderr, "  %-10s %s: %s\n", x.ID, x.Name, x.Summary)
		}
		return "", 2
	}
	if !knownPicks(b.Name, engine.BlowModifiers(rs, b), a.picks, stderr) {
		return "", 2
	}
	if a.blow.damage == "" {
		fmt.Fprintln(stderr, "fray roll: --blow needs the weapon's damage: --damage EXPR (\"1d8+4\")")
		return "", 2
	}
	w := rules.Weapon{Name: "Weapon", Kinds: a.blow.kinds, Fields: a.blow.weapon}
	var err error
	if w.Damage, err = dice.Parse(a.blow.damage); err != nil {
		fmt.Fprintf(stderr, "fray roll: --damage: %s\n", describeSyntax(a.blow.damage, err))
		return "", 1
	}
	if a.blow.bonus != "" {
		if w.Bonus, err = dice.Parse(a.blow.bonus); err != nil {
			fmt.Fprintf(stderr, "fray roll: --bonus: %s\n", describeSyntax(a.blow.bonus, err))
			return "", 1
		}
	}
	if errs := rs.ValidateWeapon("Weapon", w); len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(stderr, "fray roll: %s\n", strings.Replace(e.Error(), "Weapon.", "--", 1))
		}
		return "", 2
	}
	side := func(flag, name string, given map[string]int, most int) (engine.NewCombatant, bool) {
		init := 0
		c := engine.NewCombatant{Name: name, Side: "party", HP: blowHP, Stats: map[string]int{}, Init: &init}
		for k, v := range given {
			if k == "HP" {
				// HP=13/17: 13 left of 17 (a major wound reads the most).
				c.HP, c.MaxHP = v, most
				continue
			}
			if _, ok := rs.Stat(k); !ok {
				fmt.Fprintf(stderr, "fray roll: %s %s: %s has no stat %q (its stats: %s)\n", flag, k, rs.ID, k, statIDs(rs))
				return c, false
			}
			c.Stats[k] = v
		}
		return c, true
	}
	if !knownGuards(rs, a.blow, stderr) {
		return "", 2
	}
	att, ok := side("--stat", "Attacker", a.stats, a.statMax)
	if !ok {
		return "", 2
	}
	def, ok := side("--target", "Defender", a.target, a.targetMax)
	if !ok {
		return "", 2
	}
	att.Weapons = []rules.Weapon{w}
	def.Side = "foes"
	// A blow rolled on its own is nobody's rank: the fight exists only to
	// roll it (order.attacks_on_ranks does not apply).
	if rs.Order.AttacksOnRanks {
		one := *rs
		one.Order.AttacksOnRanks = false
		rs = &one
	}
	enc := engine.NewEncounter("fray roll", rs)
	quiet := dice.NewSource(1) // nothing rolls here: both have their initiative
	for _, cmd := range []engine.Command{engine.Add{Combatants: []engine.NewCombatant{att, def}}, engine.Start{}} {
		if enc, _, err = engine.Apply(rs, enc, cmd, quiet); err != nil {
			fmt.Fprintf(stderr, "fray roll: %v\n", err)
			return "", 1
		}
	}
	cmd := engine.Blow{Who: enc.Combatants[0].ID, Blow: b.ID, Foes: []int{enc.Combatants[1].ID}, Attackers: a.blow.attack,
		Expr: a.mod, Modifiers: a.picks, Answer: a.blow.answer, Guards: a.blow.guards, Location: a.blow.location}
	_, events, err := engine.Apply(rs, enc, cmd, src)
	if err != nil {
		fmt.Fprintf(stderr, "fray roll: %v\n", err)
		if ch, ok := rs.Check(a.blow.answer); ok && len(a.blow.guards) == 0 && len(ch.Modifiers) > 0 {
			ids := make([]string, len(ch.Modifiers))
			for i, m := range ch.Modifiers {
				ids[i] = m.ID
			}
			fmt.Fprintf(stderr, "  pick the answer's modifier with --guard ID: %s\n", strings.Join(ids, ", "))
		}
		return "", 1
	}
	// The words come from content files: made safe for the terminal, line
	// by line.
	var out strings.Builder
	for _, chain := range narrate.Chain(rs, events) {
		for l := range strings.SplitSeq(strings.TrimSuffix(narrate.ChainText(chain), "\n"), "\n") {
			out.WriteString(session.Safe(l) + "\n")
		}
	}
	return out.String(), 0
}

// knownGuards reports whether every modifier picked for the answer
// (--guard) is one of the answer check's own (BRP's dodge against a
// missile: Difficult, l.133; a hand weapon's parry of a thrown one, l.119),
// saying on stderr which it has where not.
func knownGuards(rs *rules.Ruleset, b blowArgs, stderr io.Writer) bool {
	if len(b.guards) == 0 {
		return true
	}
	ch, ok := rs.Check(b.answer)
	if b.answer == "" || !ok {
		fmt.Fprintln(stderr, "fray roll: --guard is a modifier of the defender's answer: add --answer")
		return false
	}
	for _, id := range b.guards {
		if _, ok := ch.Modifier(id); ok {
			continue
		}
		ids := make([]string, len(ch.Modifiers))
		for i, m := range ch.Modifiers {
			ids[i] = fmt.Sprintf("%s (%s)", m.ID, m.Name)
		}
		fmt.Fprintf(stderr, "fray roll: --guard %s: %s has no such modifier; its own: %s\n", id, ch.Name, strings.Join(ids, ", "))
		return false
	}
	return true
}

// blowsCard is the ruleset card's blows and what its combatants carry: each
// blow with its attack and defence, the kinds a weapon may be and the
// fields it carries, the stats armour adds to.
func blowsCard(w io.Writer, rs *rules.Ruleset, section func(string)) {
	if len(rs.Blows) > 0 {
		section("Blows (A, fray roll --blow)")
		for _, b := range rs.Blows {
			ch, _ := rs.Check(b.Check)
			defence := string(b.Defence.Kind)
			switch b.Defence.Kind {
			case rules.DefenceStat:
				defence = "against " + b.Defence.Stat
			case rules.DefenceCheck:
				var names []string
				for _, id := range b.Defence.Checks {
					if x, ok := rs.Check(id); ok {
						names = append(names, x.Name)
					}
				}
				defence = strings.Join(names, " or ") + " (" + string(b.Defence.Compare) + ")"
			}
			fmt.Fprintf(w, "  %s (%s)	%s; defence: %s	%s\n", session.Safe(b.Name), session.Safe(b.ID), session.Safe(ch.Name),
				session.Safe(defence), session.Safe(b.Summary))
		}
	}
	g := rs.Gear
	if len(g.Armor)+len(g.WeaponKinds)+len(g.WeaponFields) == 0 {
		return
	}
	section("Weapons and armour")
	if len(g.Armor) > 0 {
		fmt.Fprintf(w, "  armour adds to\t%s\n", session.Safe(strings.Join(g.Armor, ", ")))
	}
	for _, k := range g.WeaponKinds {
		fmt.Fprintf(w, "  kind %s\t%s\n", session.Safe(k.ID), session.Safe(k.Name))
	}
	for _, f := range g.WeaponFields {
		def := ""
		if !f.Default.IsZero() {
			def = " (unless given: " + f.Default.String() + ")"
		}
		for _, k := range slices.Sorted(maps.Keys(f.Kinds)) {
			def += fmt.Sprintf("; %s weapons: %d", k, f.Kinds[k])
		}
		if !f.Unarmed.IsZero() {
			def += "; unarmed: " + f.Unarmed.String()
		}
		fmt.Fprintf(w, "  field %s\t%s%s\n", session.Safe(f.ID), session.Safe(f.Name), session.Safe(def))
	}
}
