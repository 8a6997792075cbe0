package engine

import (
	"fmt"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Treat is what one First Aid treats.
type Treat string

// What First Aid may treat, as the ruleset's wounds section allows.
const (
	TreatWound  Treat = "wound"  // stop or slow a bleeding wound
	TreatInjury Treat = "injury" // brace a critical injury
	TreatHits   Treat = "hits"   // heal hits (Pathmaster's concussion hits)
)

// aimOf reads what a command's First Aid treats, and which one: its
// wound, its injury (by index), or its hits.
func aimOf(treat Treat, wound, injury int) (Treat, int) {
	switch treat {
	case "", TreatWound:
		return TreatWound, wound
	case TreatInjury:
		return TreatInjury, injury
	}
	return treat, wound // hits: the wound kept apart (hp.wounds_apart)
}

// firstAid rolls First Aid at once: the healer (0: the patient itself)
// treats the patient's wound, injury or hits. Where the ruleset makes First
// Aid an extended action, the tracker reaches the roll through that action
// (spend); this command stays for the GM's own call and for old saves.
func (t *tx) firstAid(cmd FirstAid) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	healer := c
	if cmd.Healer != 0 {
		if healer, err = t.who(cmd.Healer); err != nil {
			return err
		}
	}
	if !t.rs.Wounds.Given() {
		return fmt.Errorf("%s has no first aid", t.rs.Name)
	}
	treat, i := aimOf(cmd.Treat, cmd.Wound, cmd.Injury)
	if v := t.healerVerdict(healer); t.rs.Wounds.Gate && !v.Allowed() {
		return v
	}
	if err := t.canTreat(c, treat, i); err != nil {
		return err
	}
	return t.treat(healer, c, treat, i)
}

// healerVerdict is the gate's answer for one who would give First Aid
// (where wounds.first_aid_gate asks it): it must be able to act (not down,
// no condition that takes its turns), and no condition may forbid the kind
// of roll First Aid is.
func (t *tx) healerVerdict(h *Combatant) Verdict {
	if v := t.turnVerdict(h); !v.Allowed() {
		return refuse("%s: no First Aid", v.Why)
	}
	return t.rollVerdict(h, t.aidKind())
}

// aidKind is the kind of roll First Aid is: its check's, where it is
// rolled as one (wounds.first_aid_roll).
func (t *tx) aidKind() rules.RollKind {
	if ch, ok := t.rs.Check(t.rs.Wounds.Roll); ok && t.rs.Wounds.Roll != "" {
		return ch.Kind
	}
	return t.rs.Wounds.Kind
}

// aidRolled is a First Aid roll as it came: its success, what it made
// over its target (the margin), and whether it fumbled.
type aidRolled struct {
	ok, fumble bool
	margin     int
	fails      AidFails // the failure as logged
}

// aidRoll rolls First Aid for the healer: the check wounds.first_aid_roll
// names, its outcome deciding (BRP's d100 at or under the skill, l.337),
// or the first_aid_check formula against first_aid_target (with the
// healer's penalties where the ruleset says).
func (t *tx) aidRoll(healer *Combatant) (aidRolled, error) {
	wr := t.rs.Wounds
	if wr.Roll != "" {
		ch, ok := t.rs.Check(wr.Roll)
		if !ok {
			return aidRolled{}, fmt.Errorf("%s has no check %q", t.rs.Name, wr.Roll)
		}
		res, err := t.rollCheck(healer, nil, ch, CheckRef{ID: ch.ID}, RollCheck{Who: healer.ID, Check: ch.ID})
		if err != nil {
			return aidRolled{}, err
		}
		margin := res.Target - res.Total
		if res.Succeeds != rules.AtMost {
			margin = -margin
		}
		return aidRolled{ok: res.Success, fumble: wr.FumbleOutcome != "" && res.Outcome.ID == wr.FumbleOutcome, margin: margin,
			fails: AidFails{Got: res.Total, Needs: res.Target, OrLess: res.Succeeds == rules.AtMost}}, nil
	}
	_, got, err := t.rollWith(healer, wr.Check, Rolling{Kind: wr.Kind, Penalized: wr.Penalized}, FirstAidRoll{Target: wr.Target})
	if err != nil {
		return aidRolled{}, err
	}
	r := aidRolled{ok: got >= wr.Target, margin: got - wr.Target, fails: AidFails{Got: got, Needs: wr.Target}}
	if !r.ok && !wr.Fumble.IsZero() {
		at, err := formula(wr.Fumble, t.statsOf(healer))
		if err != nil {
			return r, err
		}
		r.fumble = got <= at
	}
	return r, nil
}

// canTreat says why First Aid cannot treat the patient's wound, injury or
// hits (nil when it can).
func (t *tx) canTreat(c *Combatant, treat Treat, i int) error {
	wr := t.rs.Wounds
	// The dead are past First Aid: medical attention saves a fatal wound only
	// in its round or the next (BRP l.577), and its healing is healing as h's.
	if id, dead := Death(t.rs, c); dead {
		return fmt.Errorf("%s is %s: First Aid does not bring one back", c.Name, t.condName(id))
	}
	switch treat {
	case TreatWound:
		switch {
		case i < 0:
			return fmt.Errorf("%s's wound has closed", c.Name)
		case i >= len(c.Wounds):
			return fmt.Errorf("%s has no wound #%d", c.Name, i+1)
		case c.Wounds[i].AidFailed && wr.Once:
			return fmt.Errorf("%s's wound #%d: First Aid failed on it; only other medical attention stops it now (a power, Medicine)",
				c.Name, i+1)
		case c.Wounds[i].Rate == 0:
			return fmt.Errorf("%s's wound #%d bleeds no more: First Aid has nothing to stop", c.Name, i+1)
		}
	case TreatInjury:
		switch {
		case wr.Brace == 0:
			return fmt.Errorf("%s's First Aid braces no injuries", t.rs.Name)
		case i < 0:
			return fmt.Errorf("%s's injury has healed", c.Name)
		case i >= len(c.Injuries):
			return fmt.Errorf("%s has no injury #%d", c.Name, i+1)
		case c.Injuries[i].Now() == 0:
			return fmt.Errorf("%s's %s is braced to no penalty", c.Name, c.Injuries[i].Text)
		}
	case TreatHits:
		if err := t.healingBarred(c); err != nil {
			return err
		}
		switch {
		case wr.Heals.IsZero():
			return fmt.Errorf("%s's First Aid heals no %s", t.rs.Name, t.hpName())
		case c.HP >= c.MaxHP:
			return fmt.Errorf("%s has lost no %s", c.Name, t.hpName())
		case len(c.Harms) == 0:
		case i < 0 || i >= len(c.Harms):
			return fmt.Errorf("%s has no wound %d", c.Name, i+1)
		case c.Harms[i].Left == 0:
			return fmt.Errorf("%s's wound %d has healed", c.Name, i+1)
		case c.Harms[i].Aided:
			return fmt.Errorf("%s's wound %d: First Aid has healed it once (%s per wound)", c.Name, i+1, wr.Heals)
		case bleedAidFailed(t.rs, c, i+1):
			// The bleeding's First Aid is the wound's (BRP l.337, 619): failed,
			// the wound is left to other medical attention, not tried again.
			return fmt.Errorf("%s's wound %d: First Aid failed on its bleeding; "+
				"only other medical attention treats it now (a power, Medicine)", c.Name, i+1)
		}
	default:
		return fmt.Errorf("First Aid treats a wound, an injury or hits, not %q", treat)
	}
	return nil
}

// treat rolls First Aid for the healer (with its penalties where the
// ruleset says) and, on a success, does what it does to the patient.
func (t *tx) treat(healer, c *Combatant, treat Treat, i int) error {
	wr := t.rs.Wounds
	r, err := t.aidRoll(healer)
	if err != nil {
		return err
	}
	harm := 0 // the wound kept apart First Aid heals (from 1)
	if treat == TreatHits && len(c.Harms) > 0 {
		harm = i + 1
	}
	if !r.ok {
		if treat == TreatWound && wr.Once {
			c.Wounds[i].AidFailed = true
		}
		before := len(c.Harms)
		if err := t.aidFails(c, r); err != nil {
			return err
		}
		widenHarm(c, harm, before)
		return nil
	}
	switch treat {
	case TreatWound:
		w := &c.Wounds[i]
		before := w.Rate
		if w.Rate <= wr.Halt {
			w.Rate = 0
		} else {
			w.Rate -= wr.Reduce
		}
		w.Treated = true
		if w.Rate == 0 && !slices.ContainsFunc(t.rs.Ticks, func(tk rules.Tick) bool { return tk.Effect == rules.EffectClot }) {
			// Nothing clots in this ruleset: the bleeding stops for good.
			t.log(EvBleed, of(c), nil, AidStopsBleeding{Was: before})
		} else {
			t.log(EvBleed, of(c), nil, AidSlowsBleeding{Rate: w.Rate, Was: before})
		}
		if harm, ok := woundHarm(c, *w); ok && wr.HealsBleeding && c.HP < c.MaxHP && t.healingBarred(c) == nil {
			// The wound's 1D3 (BRP l.619: "per wound") heals the hit that
			// cut it, where wounds are kept apart: that hit takes no other
			// First Aid, and one First Aid has healed already heals no more.
			if err := t.aidHeal(healer, c, r.margin, harm); err != nil {
				return err
			}
		}
	case TreatInjury:
		in := &c.Injuries[i]
		before := in.Now()
		in.Braced = min(in.Braced+braceStep(in.Penalty, wr.Brace), -in.Penalty)
		t.log(EvInjury, of(c), nil, AidBraces{Injury: Text(in.Text), Now: in.Now(), Was: before, Penalty: Penalty(t.rs, c)})
	case TreatHits:
		if err := t.aidHeal(healer, c, r.margin, harm); err != nil {
			return err
		}
	}
	t.aidEnds(c)
	t.vitals(c)
	return nil
}

// aidFails logs a First Aid that failed; a fumble (at or under the
// ruleset's first_aid_fumble, of the healer's stats, or the check's
// first_aid_fumble_outcome) costs the patient first_aid_fumble_hurts hit
// points.
func (t *tx) aidFails(c *Combatant, r aidRolled) error {
	if !r.fumble {
		t.log(EvBleed, of(c), nil, r.fails)
		return nil
	}
	hurts := t.rs.Wounds.FumbleHurts
	t.log(EvBleed, of(c), nil, AidFumbles{Got: r.fails.Got, Needs: r.fails.Needs, OrLess: r.fails.OrLess, Hurts: hurts})
	if hurts == 0 {
		return nil
	}
	return t.hurt(c, hurts, nil, Damaged{})
}

// braceStep is what one bracing takes off a penalty: pct percent of it,
// rounded to the nearest, at least 1.
func braceStep(penalty, pct int) int {
	return max((-penalty*pct+50)/100, 1)
}

// aidHeal heals the hits of the ruleset's first_aid_heals, which may read
// the roll's margin over its target: of wound harm kept apart (from 1), no
// more than it lacks, and then no other First Aid heals it; of the wounds
// spread evenly with harm 0.
func (t *tx) aidHeal(healer, c *Combatant, margin, harm int) error {
	own := t.statsOf(healer)
	stats := func(name string) (int, bool) {
		if name == rules.MarginStat {
			return margin, true
		}
		return own(name)
	}
	r, err := t.roller.Roll(t.rs.Wounds.Heals, dice.StatFunc(stats))
	if err != nil {
		return err
	}
	t.log(EvRoll, of(healer), &r, AidHealRoll{Margin: margin})
	before, most := c.HP, c.MaxHP
	if harm > 0 {
		most = min(most, c.HP+c.Harms[harm-1].Left)
		c.Harms[harm-1].Aided = true
	}
	c.HP = max(min(c.HP+max(r.Total, 0), most), before)
	healHarms(c, harm, c.HP-before)
	minorHealed(c)
	heals := AidHeals{Amount: c.HP - before, Before: before, After: c.HP}
	if harm > 0 {
		heals.Wound, heals.Left = harm, c.Harms[harm-1].Left
	}
	t.log(EvHeal, of(c), nil, heals).HP = c.HP - before
	return nil
}

// beginAid sets what the First Aid the healer begins is for, breaking off
// one under way for another aim.
func (t *tx) beginAid(h *Combatant, a rules.ActionDef, cmd Spend) error {
	under := h.Ext != nil && h.Ext.Action == a.ID
	if cmd.Treat == "" {
		if !under {
			return fmt.Errorf("%s: whom does %s treat, and what? (b on the patient)", a.Name, h.Name)
		}
		return nil
	}
	patient := cmd.Patient
	if patient == 0 {
		patient = h.ID
	}
	c, err := t.who(patient)
	if err != nil {
		return err
	}
	treat, i := aimOf(cmd.Treat, cmd.Wound, cmd.Injury)
	if err := t.canTreat(c, treat, i); err != nil {
		return err
	}
	if under && h.Ext.Patient == patient && h.Ext.Treat == treat && h.Ext.Index == i {
		return nil
	}
	switch {
	case under:
		t.log(EvSpend, of(h), nil, AidRestarted{Action: a.ID, Aim: t.aidAim(h.Ext)})
	case h.Ext != nil:
		t.log(EvSpend, of(h), nil, BreaksOff{Action: h.Ext.Action})
	}
	h.Ext = &Extended{Action: a.ID, Total: sum(a.Cost), Patient: patient, Treat: treat, Index: i}
	return nil
}

// aidDone rolls First Aid once its work is complete.
func (t *tx) aidDone(h *Combatant, ext Extended) error {
	c := t.mine(t.enc.Combatant(ext.Patient))
	if c == nil {
		t.log(EvSpend, of(h), nil, AidNoPatient{})
		return nil
	}
	if err := t.canTreat(c, ext.Treat, ext.Index); err != nil {
		t.log(EvSpend, of(h), nil, AidTreatsNothing{Err: Text(err.Error())})
		return nil
	}
	return t.treat(h, c, ext.Treat, ext.Index)
}

// aidAim is what an extended action under way is for, for the log: First
// Aid's patient and what it treats (none for other actions).
func (t *tx) aidAim(ext *Extended) AidAim { return AimOf(&t.enc, ext) }

// AimOf is what First Aid under way is for ("Orc 2's wound #1"): the
// patient as the fight names it (a name "": it has left), what it treats
// and which one. Other extended actions aim at nothing.
func AimOf(enc *Encounter, ext *Extended) AidAim {
	if ext == nil || ext.Treat == "" {
		return AidAim{}
	}
	p := Subject{ID: ext.Patient}
	if c := enc.Combatant(ext.Patient); c != nil {
		p = of(c)
	}
	return AidAim{Patient: p, Treat: ext.Treat, Index: ext.Index}
}

// woundGone keeps the First Aid of healers on a patient's wounds aimed at
// the same wounds when wound #i is gone (closed by clotting).
func (t *tx) woundGone(c *Combatant, i int) { t.aimGone(c, TreatWound, i) }

// injuryGone does the same for a critical injury healed.
func (t *tx) injuryGone(c *Combatant, i int) { t.aimGone(c, TreatInjury, i) }

func (t *tx) aimGone(c *Combatant, treat Treat, i int) {
	for j := range t.enc.Combatants {
		e := t.enc.Combatants[j].Ext
		if e == nil || e.Patient != c.ID || e.Treat != treat || e.Index < i {
			continue
		}
		e = t.at(j).Ext
		if e.Index == i {
			e.Index = -1 // nothing left to treat: the roll is not made
		} else {
			e.Index--
		}
	}
}

// harmOf is the wound kept apart (from 1) that a bleeding wound cut in
// round was part of: the last hit of that round that no First Aid has
// healed and that still lacks hit points; 0 when there is none (the
// healing is then spread).
func harmOf(c *Combatant, round int) int {
	for i := len(c.Harms) - 1; i >= 0; i-- {
		if h := c.Harms[i]; h.Round == round && !h.Aided && h.Left > 0 {
			return i + 1
		}
	}
	return 0
}

// AidRefused says why First Aid cannot treat c's wound, injury or hits i
// (from 0) at all now, "" when it can (canTreat): a wound that bleeds no
// more, or that First Aid failed on once. What the bleeding list (b)
// leaves out; the healer is asked of the command.
func AidRefused(rs *rules.Ruleset, c *Combatant, treat Treat, i int) string {
	t := &tx{rs: rs}
	if err := t.canTreat(c, treat, i); err != nil {
		return err.Error()
	}
	return ""
}

// WoundOpen reports whether c's bleeding wound w still does something that
// closing it by magic would end: it bleeds (held shut or not), or, treated,
// it restricts until it would have clotted and may reopen
// (wounds.restriction). One First Aid stopped for good does neither.
func WoundOpen(rs *rules.Ruleset, w Wound) bool {
	return w.Rate > 0 || rs.Wounds.Restriction != "" && w.Treated && w.Natural > 0
}

// BleedingHeals is what First Aid on c's bleeding wound i heals besides
// stopping it, where the ruleset heals with it
// (wounds.first_aid_heals_bleeding): the wound kept apart its hit made
// (from 1; 0: spread, none known), and ok false when that one has been
// healed by First Aid already and nothing more is healed.
func BleedingHeals(rs *rules.Ruleset, c *Combatant, i int) (harm int, ok bool) {
	if !rs.Wounds.HealsBleeding || i < 0 || i >= len(c.Wounds) {
		return 0, false
	}
	return woundHarm(c, c.Wounds[i])
}

// bleedAidFailed reports whether First Aid failed on the bleeding cut with
// c's wound kept apart harm (from 1), where one failure leaves a wound to
// other medical attention (wounds.first_aid_once).
func bleedAidFailed(rs *rules.Ruleset, c *Combatant, harm int) bool {
	if !rs.Wounds.Once || !rs.Wounds.HealsBleeding {
		return false
	}
	for _, w := range c.Wounds {
		if w.AidFailed && bleedHarm(c, w) == harm {
			return true
		}
	}
	return false
}

// bleedHarm is the wound kept apart (from 1) a bleeding wound was cut with,
// 0 when none is known.
func bleedHarm(c *Combatant, w Wound) int {
	if w.Harm > 0 {
		return w.Harm
	}
	return harmOf(c, w.Round)
}

// BleedHarm is the wound kept apart (from 1) that c's bleeding wound i was
// cut with, where wounds are kept apart: what the bleeding list (b) names
// its First Aid by ("the bleeding of wound 3"); 0 when none is known.
func BleedHarm(c *Combatant, i int) int {
	if i < 0 || i >= len(c.Wounds) || len(c.Harms) == 0 {
		return 0
	}
	if h := bleedHarm(c, c.Wounds[i]); h <= len(c.Harms) {
		return h
	}
	return 0
}

// HealingBarred says why c may not be healed now (a condition it holds
// bars healing: conditions.no_healing), "" when it may: what h refuses at
// the key and b leaves out of its list.
func HealingBarred(rs *rules.Ruleset, c *Combatant) string {
	t := &tx{rs: rs}
	if err := t.healingBarred(c); err != nil {
		return err.Error()
	}
	return ""
}
