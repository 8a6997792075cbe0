package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Hurt is what a combatant's hurts are besides its hit points: its
// bleeding wounds, critical injuries, the wound record (vitality.kind =
// "wound_record": wound_record.go), the hit points taken at each hit location
// (hp.locations_on: locations.go), and what came off its armour (hp.armor)
// until repaired, and the hit points lost to minor wounds (MinorLost:
// single hits under hp.major_at, no more than the hit points lost now).
type Hurt struct {
	Wounds    []Wound        `toml:"wounds,omitempty"`
	Injuries  []Injury       `toml:"injuries,omitempty"`
	Record    []Recorded     `toml:"record,omitempty"`
	Hits      map[string]int `toml:"hits,omitempty"`
	ArmorLost int            `toml:"armor_lost,omitzero"`
	MinorLost int            `toml:"minor_lost,omitzero"`
	// Drained is what each stat has lost in the fight (drain.go).
	Drained map[string]int `toml:"drained,omitempty"`
	// Harms are the hits kept apart, each with its own damage
	// (hp.wounds_apart: harms.go).
	Harms []Harm `toml:"harms,omitempty"`
}

// Clone returns a deep copy.
func (p Hurt) Clone() Hurt {
	p.Wounds, p.Injuries, p.Record = slices.Clone(p.Wounds), slices.Clone(p.Injuries), slices.Clone(p.Record)
	p.Harms = slices.Clone(p.Harms)
	p.Hits = maps.Clone(p.Hits)
	p.Drained = maps.Clone(p.Drained)
	return p
}

// Wound is a bleeding wound.
type Wound struct {
	// Rate is the hits lost each turn now; Natural what it would be
	// untreated (first aid lowers Rate only; clotting lowers both).
	Rate    int `toml:"rate"`
	Natural int `toml:"natural"`
	Round   int `toml:"round"` // the round it was dealt in
	// Treated wounds restrict the combatant until Natural reaches 0.
	Treated bool `toml:"treated,omitempty"`
	// AidFailed: a First Aid on it failed (wounds.first_aid_once: no more
	// First Aid helps it).
	AidFailed bool `toml:"aid_failed,omitempty"`
	// Location is the hit location whose effect opened it, where healing
	// there closes it (hp.locations.effects.heal_closes).
	Location string `toml:"location,omitempty"`
	// Held is the stanching condition holding it shut (conditions.stanches):
	// it does not bleed while that holds, and closes when it runs out.
	Held string `toml:"held,omitempty"`
	// Harm is the wound kept apart (hp.wounds_apart, from 1) made by the
	// hit that opened it: First Aid on the bleeding heals that one's
	// first_aid_heals (BRP l.337, 619). 0: none is known (the GM's wound,
	// or one of a save from before it was kept).
	Harm int `toml:"harm,omitempty"`
}

// Injury is a lasting penalty from a critical.
type Injury struct {
	Text    string `toml:"text"`
	Penalty int    `toml:"penalty"`
	// Braced is the part of the penalty First Aid has braced (0 to
	// -Penalty): it counts Penalty + Braced.
	Braced int `toml:"braced,omitzero"`
}

// Now is the penalty the injury gives now, braced or not.
func (in Injury) Now() int { return min(in.Penalty+in.Braced, 0) }

// openWound is the GM's new bleeding wound: refused where the ruleset's
// bleeding is a condition and no wound bleeds, for there it would never
// cost a hit.
func (t *tx) openWound(cmd Bleed) error {
	if !t.rs.KeepsWounds() {
		def, _ := t.rs.Condition(t.rs.Wounds.BleedingCondition)
		return fmt.Errorf("%s keeps no bleeding wounds: its bleeding is %s", t.rs.Name, def.Name)
	}
	return t.wound(cmd)
}

// wound gives a combatant a new wound that bleeds.
func (t *tx) wound(cmd Bleed) error {
	if t.rs.Recorded() {
		return fmt.Errorf("%s keeps a wound record: a wound's bleeding comes with its severity", t.rs.Name)
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Rate < 1 || cmd.Rate > 1000 {
		return fmt.Errorf("a wound bleeds 1 to 1000 hits a round")
	}
	c.Wounds = append(c.Wounds, Wound{Rate: cmd.Rate, Natural: cmd.Rate, Round: max(t.enc.Round, 1)})
	t.linkWound(c)
	t.log(EvBleed, of(c), nil, NewWound{Rate: cmd.Rate, Total: c.Bleeding()})
	return nil
}

// closeWound closes a bleeding wound at once and for good, healed by
// magic (Pathmaster l.840-841): no clotting, no First Aid restriction
// left; a First Aid aimed at it has nothing left to treat.
func (t *tx) closeWound(cmd CloseWound) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Wound < 0 || cmd.Wound >= len(c.Wounds) {
		return fmt.Errorf("%s has no bleeding wound #%d", c.Name, cmd.Wound+1)
	}
	w := c.Wounds[cmd.Wound]
	c.Wounds = slices.Delete(c.Wounds, cmd.Wound, cmd.Wound+1)
	t.woundGone(c, cmd.Wound)
	t.log(EvBleed, of(c), nil, WoundClosed{Rate: w.Rate, Total: c.Bleeding()})
	// One down whose last bleeding wound is closed was bleeding and bleeds
	// no more: stable (stable keeps it while it holds).
	if id := t.rs.Wounds.Stable; id != "" && w.Rate > 0 && c.Bleeding() == 0 && c.HP <= t.rs.HP.OutAt {
		t.causeHolds(c, id, "wounds", true, NoLonger{Condition: id})
	}
	t.vitals(c)
	return nil
}

// WoundClosed: Who's wound bleeding Rate a round was closed by magic, for
// good; Total is what its wounds bleed now.
type WoundClosed struct {
	Rate, Total int `players:"hp"`
}

func (WoundClosed) isFact() {}

// majorWound gives hp.major_condition for a single hit of hp.major_at or
// more, in its own right and for its own duration (BRP's shock: as many
// rounds as the hit points left after the hit).
// A hit under it is a minor wound: its hit points add to MinorLost.
// Without hp.major_at (BRP's hit locations) every hit is a minor wound.
func (t *tx) majorWound(c *Combatant, amount int) error {
	hp := t.rs.HP
	minor := func() {
		t.keepHarm(c, amount, false)
		if t.rs.MinorWounds() {
			c.MinorLost = min(c.MinorLost+amount, dice.MaxStat)
		}
	}
	if hp.MajorAt.IsZero() {
		minor()
		return nil
	}
	at, err := formula(hp.MajorAt, t.statsOf(c))
	if err != nil {
		return err
	}
	if amount < at {
		minor()
		return nil
	}
	t.keepHarm(c, amount, true)
	if hp.MajorAboveOut && c.HP <= hp.OutAt {
		return nil // the out condition's wound, not a major one (hp.major_above_out)
	}
	def, _ := t.rs.Condition(hp.MajorCondition)
	t.log(EvDamage, of(c), nil, MajorWound{Condition: def.ID, Hit: amount, At: at})
	g, err := t.ownGrant(c, def, "", 0)
	if err != nil {
		return err
	}
	return t.give(c, hp.MajorCondition, g)
}

// minorHealed keeps the hit points lost to minor wounds within those lost
// at all: healing that leaves fewer lost than the minor wounds took has
// healed them too.
func minorHealed(c *Combatant) {
	if len(c.Harms) > 0 {
		c.MinorLost = minorLeft(c)
	}
	c.MinorLost = max(min(c.MinorLost, c.MaxHP-c.HP), 0)
}

// holdWounds ties the wounds open as a stanching condition is given to it
// (those no other stanching condition c holds has): a wound opened later
// bleeds on, its own hand and roll needed (BRP l.335: the wound held).
func holdWounds(c *Combatant, id string) {
	for i := range c.Wounds {
		if w := &c.Wounds[i]; w.Held == "" || w.Held == id || !c.Has(w.Held) {
			w.Held = id
		}
	}
}

// held reports whether a stanching condition c still holds keeps the
// wound from bleeding.
func held(c *Combatant, w Wound) bool { return w.Held != "" && c.Has(w.Held) }

// closeWounds closes for good the wounds a stanching condition held, now
// that it ran out.
func (t *tx) closeWounds(c *Combatant, def rules.ConditionDef) {
	if !def.Stanches {
		return
	}
	n := len(c.Wounds)
	for i := len(c.Wounds) - 1; i >= 0; i-- {
		if c.Wounds[i].Held == def.ID {
			c.Wounds = slices.Delete(c.Wounds, i, i+1)
			t.woundGone(c, i)
		}
	}
	if len(c.Wounds) < n {
		t.log(EvBleed, of(c), nil, WoundsClosed{Condition: def.ID})
	}
}

// Bleeding is the hits a combatant loses each turn.
func (p Hurt) Bleeding() int {
	n := 0
	for _, w := range p.Wounds {
		n += w.Rate
	}
	return n
}

// bleed costs each open wound's rate in hit points; with skipNew, wounds
// dealt this round do not bleed yet. It reports whether any wound bled.
func (t *tx) bleed(c *Combatant, skipNew bool) bool {
	if t.rs.Recorded() {
		return t.recordBleed(c, skipNew)
	}
	n, why := 0, ""
	for _, w := range c.Wounds {
		switch {
		case skipNew && w.Round >= t.enc.Round:
		case held(c, w):
			if w.Rate > 0 && why == "" {
				why = w.Held
			}
		default:
			n += w.Rate
		}
	}
	if n == 0 {
		if why != "" {
			t.log(EvBleed, of(c), nil, Stanched{Condition: why})
		}
		return false
	}
	before := c.HP
	c.HP = max(c.HP-n, -dice.MaxStat)
	t.log(EvBleed, of(c), nil, Bleeds{Amount: n, Before: before, After: c.HP}).HP = c.HP - before
	t.vitals(c)
	return true
}

// clot slows each wound by 1 every `every` rounds of its age.
func (t *tx) clot(c *Combatant, every int) {
	for i := range c.Wounds {
		w := &c.Wounds[i]
		age := t.enc.Round - w.Round + 1
		if w.Natural <= 0 || age%every != 0 {
			continue
		}
		w.Natural--
		if w.Rate > 0 {
			w.Rate--
			t.log(EvBleed, of(c), nil, Clots{Rate: w.Rate})
		}
		if w.Treated && w.Natural == 0 {
			t.log(EvBleed, of(c), nil, TreatedClosed{})
		}
	}
	for i := len(c.Wounds) - 1; i >= 0; i-- {
		if w := c.Wounds[i]; w.Natural <= 0 && w.Rate <= 0 {
			c.Wounds = slices.Delete(c.Wounds, i, i+1)
			t.woundGone(c, i)
		}
	}
}

// Restricted reports whether a treated wound still restricts the combatant.
func (p Hurt) Restricted() bool {
	return slices.ContainsFunc(p.Wounds, func(w Wound) bool { return w.Treated && w.Natural > 0 })
}

// injuryPenalty is what the combatant's critical injuries take off, braced
// or not.
func (p Hurt) injuryPenalty() int {
	n := 0
	for _, in := range p.Injuries {
		n += in.Now()
	}
	return n
}

// reopen starts treated wounds bleeding again at their natural rate.
// overRestricted reports whether an action paid with the exchanges ex
// takes a treated combatant past wounds.restricted_pool: more of it than a
// turn gives, by an exchange (a second Move: a run).
func (t *tx) overRestricted(c *Combatant, ex []rules.Exchange) bool {
	p := t.rs.Wounds.RestrictedPool
	return p != "" && c.Restricted() && slices.ContainsFunc(ex, func(e rules.Exchange) bool { return e.Gives[p] > 0 })
}

func (t *tx) reopen(c *Combatant) {
	for i := range c.Wounds {
		w := &c.Wounds[i]
		if w.Treated && w.Natural > 0 {
			w.Treated, w.Rate = false, w.Natural
			t.log(EvBleed, of(c), nil, Reopens{Rate: w.Rate})
		}
	}
}

// healInjury takes a critical injury away: it has healed.
func (t *tx) healInjury(cmd HealInjury) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Injury < 0 || cmd.Injury >= len(c.Injuries) {
		return fmt.Errorf("%s has no injury #%d", c.Name, cmd.Injury+1)
	}
	in := c.Injuries[cmd.Injury]
	c.Injuries = slices.Delete(c.Injuries, cmd.Injury, cmd.Injury+1)
	t.injuryGone(c, cmd.Injury)
	t.log(EvInjury, of(c), nil, InjuryHealed{Injury: Text(in.Text), Penalty: Penalty(t.rs, c)})
	t.vitals(c)
	return nil
}

// injure gives a combatant a lasting penalty from a critical.
func (t *tx) injure(cmd Injure) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Penalty > 0 || cmd.Penalty < -1000 {
		return fmt.Errorf("an injury's penalty is between -1 and -1000")
	}
	text := strings.TrimSpace(cmd.Text)
	if text == "" {
		text = "critical injury"
	}
	c.Injuries = append(c.Injuries, Injury{Text: text, Penalty: cmd.Penalty})
	t.log(EvInjury, of(c), nil, Injured{Injury: Text(text), Penalty: cmd.Penalty, Total: Penalty(t.rs, c)})
	t.vitals(c)
	return nil
}

// stable gives the ruleset's stable condition to one who is down with
// wounds and none of them bleeding (it will not bleed to death), and takes
// it away when a wound bleeds again or the combatant is up.
func (t *tx) stable(c *Combatant) {
	id := t.rs.Wounds.Stable
	if id == "" {
		return
	}
	hp := t.rs.HP
	dead := hp.DeadCondition != "" && c.Has(hp.DeadCondition)
	x := c.condition(id)
	// Wounds all closed by clotting leave one who was stable still stable.
	was := x != nil && x.Cause.Has("wounds")
	holds := (len(c.Wounds) > 0 || was) && c.Bleeding() == 0 && c.HP <= hp.OutAt && !dead
	t.causeHolds(c, id, "wounds", holds, NoLonger{Condition: id})
}

// roundsCut cuts the holder's own rounds left of each condition with
// rounds_at_most to what its formula comes to now (at least 1), as the
// holder is hurt, and logs it.
func (t *tx) roundsCut(c *Combatant) error {
	for i := range c.Conditions {
		x := &c.Conditions[i]
		def, ok := t.rs.Condition(x.ID)
		if !ok || def.RoundsAtMost.IsZero() || !x.Own || x.Left <= 0 {
			continue
		}
		most, err := formula(def.RoundsAtMost, t.statsOf(c))
		if err != nil {
			return err
		}
		if most = max(most, 1); x.Left > most {
			before := x.Left
			x.Left = most
			t.log(EvCondition, of(c), nil, RoundsCut{Condition: def.ID, Before: before, After: most})
		}
	}
	return nil
}

// RoundsCut: Who's own rounds of Condition left were cut from Before to
// After (conditions.rounds_at_most).
type RoundsCut struct {
	Condition     string
	Before, After int `players:"hp"`
}

func (RoundsCut) isFact() {}
