package engine

import (
	"fmt"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Verify reports the first way an encounter breaks what every transition
// keeps true, or nil: one current step while the fight runs, which names a
// place in the order that may act (unless nobody can); the order sorted by
// its values; budgets between empty and full; hit points within their
// bounds and "out" exactly when the ruleset says; stun, wounds and
// conditions well formed. With ties set, entries that tie on their value
// must also stand as the ruleset's tie-breaks put them, which a GM's manual
// move (OpMove) may undo on purpose.
//
// The tests run it after every step; a loaded save is checked with it too.
func Verify(rs *rules.Ruleset, enc *Encounter, ties bool) error {
	if rs == nil || enc.Ruleset != rs.ID {
		return fmt.Errorf("the encounter is for ruleset %q", enc.Ruleset)
	}
	t := &tx{rs: rs, enc: *enc}
	seen := map[int]bool{}
	last := 0
	for _, c := range enc.Combatants {
		if c.ID <= 0 || c.ID >= enc.NextID || seen[c.ID] {
			return fmt.Errorf("combatant %q has a bad or repeated id %d", c.Name, c.ID)
		}
		if c.ID < last {
			return fmt.Errorf("combatant %q (id %d) stands after id %d: the combatants are kept in the order they joined",
				c.Name, c.ID, last)
		}
		last = c.ID
		seen[c.ID] = true
		if err := t.verifyCombatant(c); err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	for _, e := range enc.Entries {
		if !seen[e.Who] {
			return fmt.Errorf("the order names combatant #%d, who is not in the fight", e.Who)
		}
	}
	if err := t.verifyGroups(); err != nil {
		return err
	}
	switch enc.Status {
	case StatusSetup, StatusEnded:
		return nil
	case StatusRunning:
	default:
		return fmt.Errorf("unknown status %q", enc.Status)
	}
	if err := t.verifyOrder(ties); err != nil {
		return err
	}
	return t.verifyCurrent()
}

func (t *tx) verifyCombatant(c *Combatant) error {
	switch {
	case t.rs.Recorded():
		// A wound record keeps no hit points: what a save holds of them
		// from before is not read.
		if c.Out != outNow(t.rs, c) {
			return fmt.Errorf("out is %v with its wounds", c.Out)
		}
		for _, w := range c.Record {
			if _, ok := t.rs.Location(w.Location); !ok {
				return fmt.Errorf("a wound at unknown location %q", w.Location)
			}
			if _, ok := t.rs.Severity(w.Severity); !ok {
				return fmt.Errorf("a wound of unknown severity %q", w.Severity)
			}
		}
	case c.MaxHP < 1 || c.MaxHP > dice.MaxStat:
		return fmt.Errorf("maximum hit points %d out of range", c.MaxHP)
	case c.HP > c.MaxHP || c.HP < -dice.MaxStat:
		return fmt.Errorf("hit points %d out of range (max %d)", c.HP, c.MaxHP)
	case c.Out != outNow(t.rs, c):
		return fmt.Errorf("out is %v at %d hit points", c.Out, c.HP)
	}
	if t.enc.Status != StatusSetup {
		for _, p := range t.rs.Pools {
			v, ok := c.Pools[p.ID]
			if !ok {
				return fmt.Errorf("no %s pool", p.Name)
			}
			if _, _, err := p.Capacity.Bounds(t.statsOf(c)); err != nil {
				return fmt.Errorf("%s: %w", p.Name, err)
			}
			if hi := t.capacity(c, p.ID); v < 0 || v > hi {
				return fmt.Errorf("%s %d outside 0..%d", p.Name, v, hi)
			}
		}
	}
	if err := harmsWell(t.rs, c.Harms); err != nil {
		return err
	}
	if len(c.Stun) > 0 && len(c.Stun) != len(t.rs.Stun.Levels) || len(c.StunHeld) > 0 && len(c.StunHeld) != len(t.rs.Stun.Levels) {
		return fmt.Errorf("stun has %d levels, the ruleset %d", len(c.Stun), len(t.rs.Stun.Levels))
	}
	for _, n := range slices.Concat(c.Stun, c.StunHeld) {
		if n < 0 {
			return fmt.Errorf("negative stun %d", n)
		}
	}
	for _, w := range c.Wounds {
		if w.Rate < 0 {
			return fmt.Errorf("a wound bleeds %d", w.Rate)
		}
	}
	ids := map[string]bool{}
	for _, cond := range c.Conditions {
		if _, ok := t.rs.Condition(cond.ID); !ok {
			return fmt.Errorf("unknown condition %q", cond.ID)
		}
		if ids[cond.ID] {
			return fmt.Errorf("condition %q twice", cond.ID)
		}
		ids[cond.ID] = true
		if !cond.held() {
			return fmt.Errorf("condition %q held for no reason", cond.ID)
		}
		if !cond.Own && (cond.Left != 0 || cond.Until != 0) {
			return fmt.Errorf("condition %q has a duration of its own but no grant", cond.ID)
		}
	}
	// Each parent is held and implies its daughter.
	for _, cond := range c.Conditions {
		for _, p := range cond.Parents {
			def, _ := t.rs.Condition(p)
			if !ids[p] || !slices.Contains(def.Implies, cond.ID) {
				return fmt.Errorf("condition %q names %q as its parent, which is not held or does not imply it", cond.ID, p)
			}
		}
	}
	return nil
}

func (t *tx) verifyOrder(ties bool) error {
	o := t.rs.Order
	es := t.enc.Entries
	if o.Kind == rules.OrderNone {
		if len(es) > 0 {
			return fmt.Errorf("%s has no order, yet %d entries", t.rs.Name, len(es))
		}
		return nil
	}
	refs := map[Ref]bool{}
	for i, e := range es {
		if refs[e.Ref()] {
			return fmt.Errorf("%s's action %d is in the order twice", t.name(e.Who), e.Action+1)
		}
		refs[e.Ref()] = true
		if i == 0 {
			continue
		}
		p := es[i-1]
		if p.Value < e.Value {
			return fmt.Errorf("order: %s (%d) before %s (%d)", t.name(p.Who), p.Value, t.name(e.Who), e.Value)
		}
		if ties && !p.Waiting && !e.Waiting && t.cmpEntries(p, e) > 0 {
			return fmt.Errorf("order: the tie at %d puts %s before %s against the tie-breaks", e.Value, t.name(p.Who), t.name(e.Who))
		}
	}
	if o.Kind == rules.OrderFixed {
		if n := t.orderedCount(); len(t.enc.Order) != n {
			return fmt.Errorf("the fight's order has %d of %d combatants with a place", len(t.enc.Order), n)
		}
		for i, id := range t.enc.Order {
			c := t.enc.Combatant(id)
			if c == nil {
				return fmt.Errorf("the fight's order names combatant #%d, who is not in the fight", id)
			}
			if i > 0 && t.enc.Combatant(t.enc.Order[i-1]).Init < c.Init {
				return fmt.Errorf("the fight's order puts %s before %s", t.name(t.enc.Order[i-1]), c.Name)
			}
		}
	}
	return nil
}

func (t *tx) name(id int) string {
	if c := t.enc.Combatant(id); c != nil {
		return c.Name
	}
	return fmt.Sprintf("#%d", id)
}

func (t *tx) verifyCurrent() error {
	enc := &t.enc
	if enc.Round < 1 {
		return fmt.Errorf("running in round %d", enc.Round)
	}
	if t.rs.Order.Kind == rules.OrderNone {
		if enc.Cur != (Ref{}) {
			return fmt.Errorf("%s has no order, yet %s acts", t.rs.Name, t.name(enc.Cur.Who))
		}
		return nil
	}
	phases := t.rs.RoundPhases()
	if enc.Phase < 0 || enc.Phase >= len(phases) {
		return fmt.Errorf("phase %d of %d", enc.Phase, len(phases))
	}
	if enc.Cur.Who != 0 {
		if enc.Combatant(enc.Cur.Who) == nil {
			return fmt.Errorf("combatant #%d acts but is not in the fight", enc.Cur.Who)
		}
		if !slices.Contains(Sequence(t.rs, enc, enc.Phase), enc.Cur) {
			return fmt.Errorf("%s acts but has no place in the %s phase", t.name(enc.Cur.Who), phases[enc.Phase].Name)
		}
		return nil
	}
	if phases[enc.Phase].Order == rules.PhaseOnce {
		return nil
	}
	// Nobody acts: only right when nobody can.
	for p := range phases {
		for _, r := range Sequence(t.rs, enc, p) {
			if r.Who != 0 && t.canAct(r) {
				return fmt.Errorf("nobody acts in the %s phase, yet %s could", phases[enc.Phase].Name, t.name(r.Who))
			}
		}
	}
	return nil
}
