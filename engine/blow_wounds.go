package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A blow on a wound record (vitality.kind = "wound_record") makes a wound
// instead of taking hit points: it lands where the GM says (one of the
// record's locations), the damage left after the armour there is read
// against the wounded's thresholds (vitality.severities over) for the
// severity, and the wound penetrates when that damage exceeds the blow's
// penetration, or whatever the armour when the result says so. The wound
// is then recorded as d records one, with all that its location and
// severity give.

// BlowWound: a blow's Impact on Who (the damage through the armour) at
// Location is a wound of Severity ("": none, it was all absorbed), being
// over that severity's threshold Over (and not over the next's, Under,
// when there is one); Penetrating, over Pierce when HasPierce (Always: by
// the result whatever the armour), or blunt.
type BlowWound struct {
	Location, Severity string
	Impact, Over       int `players:"hp"`
	Under              int `players:"hp"`
	HasUnder           bool
	Penetrating        bool
	Always             bool
	Pierce             int `players:"hp"`
	HasPierce          bool
}

func (BlowWound) isFact() {}

// blowWoundAsked refuses, before anything is rolled, a blow on a wound
// record that would wound and does not say where it lands, or names a
// place the record does not keep.
func (t *tx) blowWoundAsked(b rules.Blow, cmd Blow) error {
	if cmd.Location != "" {
		if _, ok := t.rs.Location(cmd.Location); !ok {
			return fmt.Errorf("%s has no location %q (its locations: %s)", t.rs.Name, cmd.Location, recordLocations(t.rs))
		}
		return nil
	}
	if slices.ContainsFunc(b.Results, func(r rules.BlowResult) bool { return r.Damage != rules.DamageNone }) {
		return fmt.Errorf("where does the blow land? %s keeps a wound record by location: %s", t.rs.Name, recordLocations(t.rs))
	}
	return nil
}

func recordLocations(rs *rules.Ruleset) string {
	var ids []string
	for _, l := range rs.Vitality.Locations {
		ids = append(ids, l.ID)
	}
	return strings.Join(ids, ", ")
}

// blowWound records the wound a blow's damage makes at the location: net
// is what got through the armour.
func (t *tx) blowWound(b rules.Blow, r rules.BlowResult, c, foe *Combatant, location string, net int) error {
	said := BlowWound{Location: location, Impact: net}
	sevs := t.rs.Vitality.Severities
	own := statsOf(t.rs, foe)
	prev := 0
	for i, s := range sevs {
		v, err := formula(s.Over, own)
		if err != nil {
			return fmt.Errorf("%s: %s's threshold: %w", foe.Name, s.Name, err)
		}
		if i > 0 && v <= prev {
			return fmt.Errorf("%s's thresholds do not rise: %s over %d, %s over %d (set its %s)", foe.Name, sevs[i-1].Name, prev, s.Name, v,
				strings.Join(s.Over.Stats(), ", "))
		}
		prev = v
		switch {
		case net > v:
			said.Severity, said.Over, said.HasUnder = s.ID, v, false
		case said.Severity != "" && !said.HasUnder:
			said.Under, said.HasUnder = v, true
		}
	}
	if said.Severity != "" {
		pen, err := t.penetrates(b, r, c, foe, location, net, &said)
		if err != nil {
			return err
		}
		said.Penetrating = pen
	}
	t.log(EvDamage, of(foe), nil, said)
	if said.Severity == "" {
		return nil
	}
	kind := ""
	if said.Penetrating {
		kind = t.woundKind()
	}
	return t.record(RecordWound{Who: foe.ID, Location: location, Severity: said.Severity, Penetrating: said.Penetrating, Kind: kind})
}

// penetrates reports whether a blow's wound penetrates: always, by its
// result, or when the damage through the armour is over the blow's
// penetration, worked out with the defender's armour where the blow lands.
func (t *tx) penetrates(b rules.Blow, r rules.BlowResult, c, foe *Combatant, location string, net int, said *BlowWound) (bool, error) {
	if r.Penetrates {
		said.Always = true
		return true, nil
	}
	if b.Penetration.IsZero() {
		return false, nil
	}
	own := statsOf(t.rs, foe)
	worn := func(name string) (int, bool) {
		if t.rs.IsArmor(name) {
			return ArmorAt(t.rs, foe, name, location), true
		}
		return own(name)
	}
	v, err := formula(b.Penetration, checkStats(t.statsOf(c), dice.StatFunc(worn)))
	if err != nil {
		return false, fmt.Errorf("%s: penetration: %w", b.Name, err)
	}
	said.Pierce, said.HasPierce = v, true
	return net > v, nil
}

// woundKind is the kind of wound the striking weapon makes: its first
// kind (a cut, a puncture), or "".
func (t *tx) woundKind() string {
	if t.striking == nil || len(t.striking.weapon.Kinds) == 0 {
		return ""
	}
	return t.striking.weapon.Kinds[0]
}

// keptDice counts the dice a roll kept (not those an explosion added or a
// keep dropped): how many dice of impact a blow rolled.
func keptDice(res dice.Result) int {
	n := 0
	var walk func(t *dice.Term)
	walk = func(t *dice.Term) {
		if t == nil {
			return
		}
		for _, d := range t.Dice {
			if !d.Has(dice.Extra) && !d.Has(dice.Dropped) {
				n++
			}
		}
		for _, a := range t.Args {
			walk(a)
		}
	}
	walk(res.Tree)
	return n
}
