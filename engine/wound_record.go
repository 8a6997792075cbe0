package engine

import (
	"fmt"
	"slices"

	"fray/engine/rules"
)

// The wound record: the vitality kind with no hit points (vitality.kind =
// "wound_record"). Each wound has a location and a severity; the action
// penalty is the worst wound's at each location, summed over locations;
// a wound of a no_action severity stops all action. Recording a wound
// gives what its location and severity do (vitality.effects): conditions,
// and a check the wounded rolls.

// Recorded is one wound of the record.
type Recorded struct {
	Location string `toml:"location"`
	Severity string `toml:"severity"`
	// Penetrating wounds (cuts and punctures) bleed; blunt ones do not.
	Penetrating bool `toml:"penetrating,omitempty"`
	// Kind is a penetrating wound's weapon kind (gear.weapon_kinds: a cut,
	// a puncture; "": not said): vitality.effects may hold for one kind.
	Kind  string `toml:"kind,omitempty"`
	Round int    `toml:"round"`
	// Shock is the shock check value noted on the wound (its severity's
	// vitality.severities shock; 0: none).
	Shock int `toml:"shock,omitempty"`
}

// recordedWho is the combatant whose wound record a command changes.
func (t *tx) recordedWho(who int) (*Combatant, error) {
	if !t.rs.Recorded() {
		return nil, fmt.Errorf("%s keeps no wound record", t.rs.Name)
	}
	return t.who(who)
}

// strikeWound strikes a wound off a combatant's record.
func (t *tx) strikeWound(cmd StrikeWound) error {
	c, err := t.recordedWho(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Wound < 0 || cmd.Wound >= len(c.Record) {
		return fmt.Errorf("%s has no wound #%d", c.Name, cmd.Wound+1)
	}
	w := c.Record[cmd.Wound]
	c.Record = slices.Delete(c.Record, cmd.Wound, cmd.Wound+1)
	if len(c.Record) == 0 {
		c.Record = nil // as a save reads it back
	}
	t.log(EvHeal, of(c), nil, WoundStruckOff{Location: w.Location, Severity: w.Severity, Penalty: Penalty(t.rs, c)})
	t.vitals(c)
	return nil
}

// record records a wound and gives what its location and severity do.
func (t *tx) record(cmd RecordWound) error {
	c, err := t.recordedWho(cmd.Who)
	if err != nil {
		return err
	}
	loc, ok := t.rs.Location(cmd.Location)
	if !ok {
		return fmt.Errorf("%s has no hit location %q", t.rs.Name, cmd.Location)
	}
	sev, ok := t.rs.Severity(cmd.Severity)
	if !ok {
		return fmt.Errorf("%s has no wound severity %q", t.rs.Name, cmd.Severity)
	}
	if cmd.Kind != "" {
		if _, ok := t.rs.WeaponKind(cmd.Kind); !ok {
			return fmt.Errorf("%s has no weapon kind %q for a wound", t.rs.Name, cmd.Kind)
		}
		cmd.Penetrating = true
	}
	w := Recorded{Location: loc.ID, Severity: sev.ID, Penetrating: cmd.Penetrating, Kind: cmd.Kind, Round: max(t.enc.Round, 1),
		Shock: sev.Shock}
	c.Record = append(c.Record, w)
	t.log(EvDamage, of(c), nil, WoundRecorded{Location: loc.ID, Severity: sev.ID, Penetrating: cmd.Penetrating, Kind: cmd.Kind,
		Penalty: Penalty(t.rs, c), Shock: sev.Shock})
	if sev.NoAction {
		t.log(EvDamage, of(c), nil, WoundStopsAction{Severity: sev.ID})
	}
	if cmd.Penetrating && t.rs.Bleeding(w.Location, w.Severity, w.Kind) != "" {
		t.log(EvBleed, of(c), nil, WoundBleeds{Location: w.Location, Severity: sev.ID, Kind: w.Kind})
	}
	for _, e := range t.rs.Vitality.Effects {
		if !e.For(w.Location, w.Severity, w.Kind) {
			continue
		}
		for _, id := range e.Give {
			def, _ := t.rs.Condition(id)
			g, err := t.ownGrant(c, def, "", 0)
			if err != nil {
				return err
			}
			if err := t.give(c, id, g); err != nil {
				return err
			}
		}
		if e.Lose > 0 {
			t.loseActions(c, e.Lose)
		}
		if !e.Lands.IsZero() {
			r, err := t.roller.Roll(e.Lands, t.statsOf(c))
			if err != nil {
				return err
			}
			t.log(EvRoll, of(c), &r, Lands{Unit: Text(e.Unit), Where: Text(e.Where)})
		}
		if e.Weapon != "" {
			t.weaponFate(c, e.Weapon)
		}
		if e.Check != "" {
			if err := t.check(RollCheck{Who: c.ID, Check: e.Check}); err != nil {
				return err
			}
		}
	}
	t.vitals(c)
	return nil
}

// recordHolds keeps the conditions the wounds of the record hold
// (vitality.effects.holds) for exactly as long as a wound that holds each
// is on the record: given as such a wound is recorded, gone once the last
// of them is struck off.
func (t *tx) recordHolds(c *Combatant) {
	if !t.rs.Recorded() {
		return
	}
	held := map[string]bool{}
	var ids []string
	for _, e := range t.rs.Vitality.Effects {
		for _, id := range e.Holds {
			if _, seen := held[id]; !seen {
				ids = append(ids, id)
				held[id] = false
			}
		}
	}
	for _, g := range t.rs.Vitality.Together {
		for _, id := range g.Holds {
			if _, seen := held[id]; !seen {
				ids = append(ids, id)
				held[id] = false
			}
		}
	}
	for _, w := range c.Record {
		for _, e := range t.rs.Vitality.Effects {
			if e.For(w.Location, w.Severity, w.Kind) {
				for _, id := range e.Holds {
					held[id] = true
				}
			}
		}
	}
	for _, g := range t.rs.Vitality.Together {
		if woundedAll(t.rs, c, g) {
			for _, id := range g.Holds {
				held[id] = true
			}
		}
	}
	for _, id := range ids {
		t.causeHolds(c, id, "record", held[id], NoLonger{Condition: id})
	}
}

// woundedAll reports whether every location of g (or its count of them)
// has a wound of its severity or worse on c's record, there or at a
// location that counts for it (g.CountsFor).
func woundedAll(rs *rules.Ruleset, c *Combatant, g rules.Together) bool {
	least := rs.SeverityRank(g.AtLeast)
	at := func(w Recorded, l string) bool {
		return w.Location == l || slices.Contains(g.CountsFor[w.Location], l)
	}
	n := 0
	for _, l := range g.Locations {
		if slices.ContainsFunc(c.Record, func(w Recorded) bool { return at(w, l) && rs.SeverityRank(w.Severity) >= least }) {
			n++
		}
	}
	if g.Count > 0 {
		return n >= g.Count
	}
	return n == len(g.Locations)
}

// recordPenalty is the sum over locations of the worst wound's penalty at each.
func recordPenalty(rs *rules.Ruleset, c *Combatant) int {
	worst := map[string]int{}
	for _, w := range c.Record {
		if s, ok := rs.Severity(w.Severity); ok && s.Penalty < worst[w.Location] {
			worst[w.Location] = s.Penalty
		}
	}
	n := 0
	for _, p := range worst {
		n += p
	}
	return n
}

// WorstAt is the worst severity recorded at each location, in the
// ruleset's order of locations (for the panel).
func WorstAt(rs *rules.Ruleset, c *Combatant) []Recorded {
	var out []Recorded
	rank := func(id string) int {
		for i, s := range rs.Vitality.Severities {
			if s.ID == id {
				return i
			}
		}
		return -1
	}
	for _, l := range rs.Vitality.Locations {
		best := -1
		var w Recorded
		for _, x := range c.Record {
			if x.Location == l.ID && rank(x.Severity) > best {
				best, w = rank(x.Severity), x
			}
		}
		if best >= 0 {
			out = append(out, w)
		}
	}
	return out
}

// noAction reports whether a wound of the record stops all action.
func noAction(rs *rules.Ruleset, c *Combatant) bool {
	for _, w := range c.Record {
		if s, ok := rs.Severity(w.Severity); ok && s.NoAction {
			return true
		}
	}
	return false
}

// outNow is whether the combatant is out of the order by its vitality:
// hit points at or under out_at, or a wound that stops all action.
func outNow(rs *rules.Ruleset, c *Combatant) bool {
	if rs.Recorded() {
		return noAction(rs, c)
	}
	return !rs.HP.KeepActing && !c.Ruled && ((c.HP <= rs.HP.OutAt && !lastAction(rs, c)) || nonlethalOut(rs, c))
}

// recordBleed reports, for a bleed tick, each penetrating wound that bleeds,
// and whether any did.
func (t *tx) recordBleed(c *Combatant, skipNew bool) bool {
	var bleeding []WoundAt
	for _, w := range c.Record {
		if !w.Penetrating || t.rs.Bleeding(w.Location, w.Severity, w.Kind) == "" || skipNew && w.Round >= t.enc.Round {
			continue
		}
		bleeding = append(bleeding, WoundAt{Location: w.Location, Severity: w.Severity, Kind: w.Kind})
	}
	if len(bleeding) > 0 {
		t.log(EvBleed, of(c), nil, RecordBleeds{Wounds: bleeding})
	}
	return len(bleeding) > 0
}
