package engine

import (
	"fmt"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Vitals are a combatant's hit points, and whether it is down.
type Vitals struct {
	HP    int `toml:"hp"`
	MaxHP int `toml:"max_hp"`
	// Out is set while HP is at or below the ruleset's out_at (or a wound of
	// the record stops all action): skipped in the order, not removed.
	Out bool `toml:"out,omitempty"`
	// DownSince is the round it fell to out_at or below in, while it is
	// there (hp.dies_within counts from it).
	DownSince int `toml:"down_since,omitzero"`
	// Nonlethal is the non-lethal damage it carries apart from its hit
	// points (hp.nonlethal_apart).
	Nonlethal int `toml:"nonlethal,omitzero"`
	// Ruled is the GM's ruling that it came to though knocked out
	// (hp.gm_wakes): its hits, penalty, stun and non-lethal damage as they
	// stood then, which keep it up until one of them grows worse.
	Ruled          bool `toml:"ruled,omitempty"`
	RuledHP        int  `toml:"ruled_hp,omitzero"`
	RuledPenalty   int  `toml:"ruled_penalty,omitzero"`
	RuledStun      int  `toml:"ruled_stun,omitzero"`
	RuledNonlethal int  `toml:"ruled_nonlethal,omitzero"`
}

// ruleAwake is the GM taking a knock-out condition away (hp.gm_wakes):
// where a cause of its own keeps c out, c comes to by the GM's ruling.
func (t *tx) ruleAwake(c *Combatant, id string) {
	hp := t.rs.HP
	x := c.condition(id)
	if !hp.GMWakes || x == nil || id != hp.OutCondition && id != t.rs.Stun.Condition {
		return
	}
	if !x.Cause.Has("hp") && !x.Cause.Has("penalty") && !x.Cause.Has("nonlethal") && !x.Cause.Has("stun") {
		return
	}
	c.Ruled, c.RuledHP, c.RuledPenalty, c.RuledStun, c.RuledNonlethal = true, c.HP, Penalty(t.rs, c), c.StunTotal(), c.Nonlethal
}

// ruledWorse ends the GM's ruling that c came to once its hits, penalty,
// stun or non-lethal damage grow worse than they stood (knocked out again),
// or nothing keeps it out any more.
func (t *tx) ruledWorse(c *Combatant) {
	if !c.Ruled {
		return
	}
	c.Ruled = false
	hp := t.rs.HP
	pen := Penalty(t.rs, c)
	causes := hp.OutCondition != "" && (c.HP <= hp.OutAt || hp.PenaltyOut < 0 && pen <= hp.PenaltyOut || nonlethalOut(t.rs, c)) ||
		t.rs.Stun.Condition != "" && !t.rs.Stun.UnconsciousAt.IsZero() && t.stunOut(c)
	worse := c.HP < c.RuledHP || pen < c.RuledPenalty || c.StunTotal() > c.RuledStun || c.Nonlethal > c.RuledNonlethal
	c.Ruled = causes && !worse
}

// damage takes hit points from a combatant: armour first, then its hit
// location, then its total; what the hit does besides follows.
func (t *tx) damage(cmd Damage) error {
	c, amount, err := t.hpAmount(cmd.Who, cmd.Amount, cmd.Expr, DamageRoll{}, cmd.Location)
	if err != nil {
		return err
	}
	var l *rules.HitLocation
	if t.locationsOn() {
		at, err := t.hitWhere(c, cmd.Location)
		if err != nil {
			return err
		}
		l = &at
	}
	var hit Damaged
	if cmd.Share != "" && cmd.Share != ShareWhole {
		whole := amount
		if amount, err = cmd.Share.of(amount); err != nil {
			return err
		}
		hit.Share, hit.Whole = cmd.Share, whole
		if cmd.Share == ShareNone {
			hit.Before, hit.After = c.HP, c.HP
			t.log(EvDamage, of(c), nil, hit)
			return nil
		}
	}
	if cmd.Source != "" {
		if amount, err = t.bySource(c, cmd.Source, amount); err != nil {
			return err
		}
	}
	if cmd.Critical && t.rs.HP.CriticalDoubles {
		hit.Doubled, amount = amount, min(2*amount, dice.MaxStat)
	}
	if a := t.rs.HP.Armor; a != "" {
		if cmd.Bare || cmd.Critical {
			hit.Bare = true
		} else if prot, err := t.rolledArmor(c, a, locationID(l)); err != nil {
			return err
		} else if prot = max(ArmorAt(t.rs, c, a, locationID(l))+prot, 0); prot > 0 {
			hit.Armor, hit.Absorbed = prot, min(prot, amount)
			amount = max(amount-prot, 0)
		}
	}
	hit.NonLethal = cmd.NonLethal
	if cmd.NonLethal && t.rs.HP.NonlethalApart {
		return t.hurtNonlethal(c, amount, hit)
	}
	return t.hurt(c, amount, l, hit)
}

// hurtNonlethal counts non-lethal damage apart from the hit points
// (hp.nonlethal_apart): more of it than the hit points left knocks out.
func (t *tx) hurtNonlethal(c *Combatant, amount int, hit Damaged) error {
	hit.Amount, hit.Before, hit.After = amount, c.HP, c.HP
	c.Nonlethal = min(c.Nonlethal+amount, dice.MaxStat)
	hit.Apart = c.Nonlethal
	t.log(EvDamage, of(c), nil, hit)
	t.vitals(c)
	t.distracted(c, amount)
	return nil
}

// noNonlethal refuses non-lethal damage a ruleset keeps no rule for, as a
// new command: a save that holds one replays it as plain damage, as it
// was taken.
func noNonlethal(rs *rules.Ruleset, cmd Command) error {
	if m, ok := cmd.(Marked); ok {
		cmd = m.Step
	}
	d, ok := cmd.(Damage)
	if hp := rs.HP; ok && d.NonLethal && !hp.NonlethalApart && hp.NonlethalGives == "" && len(hp.NonlethalCosts) == 0 {
		name := hp.Name
		if name == "" {
			name = "HP"
		}
		return fmt.Errorf("%s keeps no non-lethal damage: all damage is %s", rs.Name, name)
	}
	return nil
}

// nonlethalOut reports whether the non-lethal damage kept apart knocks c out.
func nonlethalOut(rs *rules.Ruleset, c *Combatant) bool {
	return rs.HP.NonlethalApart && c.Nonlethal > 0 && c.Nonlethal > c.HP
}

// locationID is a hit location's id ("": none).
func locationID(l *rules.HitLocation) string {
	if l == nil {
		return ""
	}
	return l.ID
}

// hurt takes a hit of amount (armour already off, as hit says) from a
// combatant: at its hit location (nil: none), then off its total; what
// the hit does besides follows.
func (t *tx) hurt(c *Combatant, amount int, l *rules.HitLocation, hit Damaged) error {
	before := c.HP
	if l != nil {
		var err error
		if amount, err = t.locationDamage(c, *l, amount); err != nil {
			return err
		}
	}
	c.HP -= amount
	if c.HP < -dice.MaxStat {
		c.HP = -dice.MaxStat
	}
	if t.rs.HP.StopAtZero {
		c.HP = max(c.HP, min(before, 0))
	}
	hit.Amount, hit.Before, hit.After = amount, before, c.HP
	t.log(EvDamage, of(c), nil, hit).HP = c.HP - before
	t.hitStun(c, amount)
	if err := t.majorWound(c, amount); err != nil {
		return err
	}
	if err := t.roundsCut(c); err != nil {
		return err
	}
	t.vitals(c)
	t.distracted(c, amount)
	if before == 0 && amount > 0 && t.rs.HP.StopAtZero {
		return t.atZero(c, hit.NonLethal)
	}
	return nil
}

// DeadHealRefused says why c may not be healed, being dead ("" when it is
// not): asked by h at the key, before the wound and the amount.
func DeadHealRefused(rs *rules.Ruleset, c *Combatant) string {
	d := rs.HP.DeadCondition
	if d == "" || !c.Has(d) {
		return ""
	}
	// Healed, the dead would be logged "back in the fight" and stay dead.
	name := d
	if def, ok := rs.Condition(d); ok {
		name = def.Name
	}
	return fmt.Sprintf("%s is %s: healing does not bring one back (the GM takes %s away with c first)", c.Name, name, name)
}

// heal gives a combatant back hit points, up to its most; at a hit
// location the location heals too.
func (t *tx) heal(cmd Heal) error {
	c, amount, err := t.hpAmount(cmd.Who, cmd.Amount, cmd.Expr, HealingRoll{}, cmd.Location)
	if err != nil {
		return err
	}
	if why := DeadHealRefused(t.rs, c); why != "" {
		return fmt.Errorf("%s", why)
	}
	if err := t.healingBarred(c); err != nil {
		return err
	}
	before := c.HP
	var aimed *Harm
	if cmd.Wound != 0 {
		if aimed, err = t.harmAt(c, cmd.Wound); err != nil {
			return err
		}
		amount = min(amount, aimed.Left)
	}
	if cmd.Location != "" {
		if err := t.locationHeal(c, cmd.Location, amount); err != nil {
			return err
		}
	}
	c.HP = min(c.HP+amount, c.MaxHP)
	healHarms(c, cmd.Wound, c.HP-before)
	minorHealed(c)
	healed := Healed{Amount: c.HP - before, Before: before, After: c.HP}
	if aimed != nil {
		healed.Wound, healed.Left = cmd.Wound, aimed.Left
	}
	t.log(EvHeal, of(c), nil, healed).HP = c.HP - before
	if c.Nonlethal > 0 && amount > 0 {
		was := c.Nonlethal
		c.Nonlethal = max(c.Nonlethal-amount, 0)
		t.log(EvHeal, of(c), nil, NonlethalHealed{Amount: was - c.Nonlethal, Left: c.Nonlethal})
	}
	if c.HP > before {
		for _, id := range c.conditionIDs() {
			def, ok := t.rs.Condition(id)
			switch {
			case ok && def.HealedEnds && c.condition(id).Own:
				t.runOut(c, def)
			case ok && def.EndedByHealing && t.healedWhere(cmd.Location, id):
				t.endOwn(c, def, HealedOff{Condition: id, Location: cmd.Location})
			}
		}
	}
	t.vitals(c)
	return nil
}

// hpAmount is the combatant damage or healing is for and its amount:
// amount, or expr rolled for it (what the roll is for, logged).
func (t *tx) hpAmount(who, amount int, expr string, what Fact, location string) (*Combatant, int, error) {
	if t.rs.Recorded() {
		return nil, 0, fmt.Errorf("%s keeps a wound record, not hit points: record a wound by location and severity", t.rs.Name)
	}
	c, err := t.who(who)
	if err != nil {
		return nil, 0, err
	}
	if expr != "" {
		e, err := dice.Parse(expr)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %w", expr, err)
		}
		r, err := t.roll(c, e, what)
		if err != nil {
			return nil, 0, err
		}
		amount = r.Total
	}
	if amount < 0 || amount > dice.MaxStat {
		return nil, 0, fmt.Errorf("an amount must be between 0 and %d (got %d)", dice.MaxStat, amount)
	}
	if location != "" && !t.locationsOn() {
		return nil, 0, fmt.Errorf("%s has no hit locations here (hp.locations_on)", t.rs.Name)
	}
	return c, amount, nil
}

// atZero is damage taken at 0 hit points: the check hp.damage_at_zero (a
// Death roll), or, for non-lethal damage, the condition and the pools it
// costs instead.
func (t *tx) atZero(c *Combatant, nonLethal bool) error {
	hp := t.rs.HP
	if _, dead := Death(t.rs, c); dead {
		return nil // a corpse makes no Death roll (Energy l.626, 637)
	}
	if nonLethal && (hp.NonlethalGives != "" || len(hp.NonlethalCosts) > 0) {
		if def, ok := t.rs.Condition(hp.NonlethalGives); ok {
			g, err := t.ownGrant(c, def, "", 0)
			if err != nil {
				return err
			}
			if err := t.give(c, def.ID, g); err != nil {
				return err
			}
		}
		for _, p := range t.rs.Pools {
			if n := hp.NonlethalCosts[p.ID]; n > 0 {
				t.setPool(c, p.ID, c.Pools[p.ID]-n, poolWhy{nonLethal: true})
			}
		}
		t.vitals(c)
		return nil
	}
	if hp.DamageAtZero == "" {
		return nil
	}
	return t.check(RollCheck{Who: c.ID, Check: hp.DamageAtZero})
}

func (t *tx) hpName() string {
	if t.rs.HP.Name != "" {
		return t.rs.HP.Name
	}
	return "HP"
}

// vitals gives or takes away what hit points, stun and penalties cause:
// out of the order, unconscious, dead, a stun level's condition.
func (t *tx) vitals(c *Combatant) {
	hp := t.rs.HP
	t.ruledWorse(c)
	// A band's knock-out first: one healed from out_at or below into it is
	// knocked out, not back in the fight and come to (BRP l.543, 577).
	t.entered(c)
	out := outNow(t.rs, c)
	switch {
	case out && !c.Out:
		c.Out = true
		// The dead are not logged down after their death (a dying blow's
		// end, BRP l.447-449): their death was the last word.
		if _, dead := Death(t.rs, c); !dead {
			t.log(EvOut, of(c), nil, Down{})
		}
	case !out && c.Out:
		c.Out = false
		if !t.keptOut(c) {
			t.log(EvOut, of(c), nil, BackUp{})
		}
	}
	// Knocked out by hits or penalties (hp.out_condition) or by stun
	// (stun.condition), each for as long as its cause lasts.
	// The GM's ruling that it came to (hp.gm_wakes) keeps it up.
	if id := hp.OutCondition; id != "" {
		var woke Fact = ComesTo{}
		if t.bandKeepsOut(c) {
			woke = NoLonger{Condition: id} // it does not come to: the band knocks it out
		}
		t.causeHolds(c, id, "hp", !c.Ruled && !t.rs.Recorded() && c.HP <= hp.OutAt && !hp.KeepActing, woke)
		t.causeHolds(c, id, "penalty", !c.Ruled && hp.PenaltyOut < 0 && Penalty(t.rs, c) <= hp.PenaltyOut, ComesTo{})
		t.causeHolds(c, id, "nonlethal", !c.Ruled && nonlethalOut(t.rs, c), ComesTo{})
	}
	if id := t.rs.Stun.Condition; id != "" && !t.rs.Stun.UnconsciousAt.IsZero() {
		t.causeHolds(c, id, "stun", !c.Ruled && t.stunOut(c), ComesTo{})
	}
	// Dead after knocked out, so that the log reads in the order it happens.
	if dead := hp.DeadCondition; dead != "" && !c.Has(dead) && !hp.DeadAt.IsZero() {
		if at, err := t.roller.Total(hp.DeadAt, t.statsOf(c)); err == nil && c.HP <= at {
			t.give(c, dead, grant{cause: "hp"})
		}
	}
	t.downSince(c)
	t.thresholds(c)
	t.recordHolds(c)
	t.stable(c)
	// The binding stun level's condition (downed: prone), kept until the
	// stun binding is the level its condition_until names or lighter.
	// A recovery roll that sets the stun aside for a turn does not stand
	// one up: that keep reads the rounds left, not the level that binds.
	lvl, _ := StunNow(t.rs, c)
	worst := slices.IndexFunc(c.Stun, func(v int) bool { return v > 0 })
	levels := t.rs.Stun.Levels
	for i, l := range levels {
		if l.Condition == "" {
			continue
		}
		x := c.condition(l.Condition)
		keep := i == lvl
		if until := slices.IndexFunc(levels,
			func(u rules.StunLevel) bool { return u.ID == l.ConditionUntil }); until > i && x != nil && x.Cause.Has("stun") {
			keep = worst >= i && worst < until
		}
		had := c.Has(l.Condition)
		t.causeHolds(c, l.Condition, "stun", keep, nil)
		t.knockedDown(c, l.Condition, had)
	}
	// One who can no longer act loses what it had left in its flurry.
	t.flurryHalts(c)
}

// keptOut reports whether something besides its hits keeps c out as they
// rise above the mark: the out condition held for penalties or stun
// (Pathmaster l.1168-1176); it is not back in the fight, and the
// condition's own line says when it goes.
func (t *tx) keptOut(c *Combatant) bool {
	if t.bandKeepsOut(c) {
		return true
	}
	for _, id := range []string{t.rs.HP.OutCondition, t.rs.Stun.Condition} {
		x := c.condition(id)
		if id == "" || x == nil {
			continue
		}
		if x.Cause.Has("penalty") || x.Cause.Has("stun") {
			return true
		}
	}
	return false
}

// bandKeepsOut reports whether c holds a condition a band of hit points
// gives (thresholds.gives) that takes its turns, or implies one that does:
// BRP's Knocked out at 1-2 HP (l.543).
func (t *tx) bandKeepsOut(c *Combatant) bool {
	for _, th := range t.rs.Thresholds {
		if th.Gives == "" || !c.Has(th.Gives) {
			continue
		}
		def, ok := t.rs.Condition(th.Gives)
		if !ok {
			continue
		}
		if def.NoTurn {
			return true
		}
		for _, id := range def.Implies {
			if d, ok := t.rs.Condition(id); ok && d.NoTurn {
				return true
			}
		}
	}
	return false
}

// Penalty is a combatant's total penalty from hit points lost and critical injuries.
func Penalty(rs *rules.Ruleset, c *Combatant) int {
	p := c.injuryPenalty() + recordPenalty(rs, c) + conditionPenalty(rs, c)
	for _, th := range bands(rs, c) {
		p += th.Penalty
	}
	return p
}

// conditionPenalty is what the conditions c holds add to its penalty
// (conditions.penalty: a poison's).
func conditionPenalty(rs *rules.Ruleset, c *Combatant) int {
	p := 0
	if len(c.Conditions) == 0 {
		return p
	}
	for i := range rs.Conditions {
		if d := &rs.Conditions[i]; d.Penalty != 0 && c.Has(d.ID) {
			p += d.Penalty
		}
	}
	return p
}

// holds reports whether a threshold's band holds for a combatant, and the
// hit points (or pool points) at which it begins, in hundredths, to find
// the lowest band held: unrounded, so that on a small pool two bands of
// different shares never start at the same point (Mana 0 of 3 is in the
// 0% band, not the 25% one). Each edge says whether it is in the band: below and hp_below are
// not, at_most and hp_at_most are.
func holds(rs *rules.Ruleset, th rules.Threshold, c *Combatant) (bool, int) {
	return holdsOf(rs, th, c, -1)
}

// holdsOf is holds with the capacity of the band's pool worked out
// already (-1: not yet).
func holdsOf(rs *rules.Ruleset, th rules.Threshold, c *Combatant, capacity int) (bool, int) {
	switch {
	case th.MinorWounds:
		at := max(c.MaxHP/2, 1) // no major wounds: half the total
		if !rs.HP.MajorAt.IsZero() {
			var err error
			if at, err = formula(rs.HP.MajorAt, statsOf(rs, c)); err != nil {
				return false, 0
			}
		}
		return c.MinorLost > 0 && c.MinorLost >= at, (c.MaxHP - at) * 100
	case th.AtMost != nil:
		n := *th.AtMost
		exempt := th.ExemptStart && c.MaxHP <= n
		return c.HP <= n && !exempt && above(th, c), n * 100
	case th.HPBelow != nil:
		n := *th.HPBelow
		exempt := th.ExemptStart && c.MaxHP < n
		return c.HP < n && !exempt && above(th, c), n * 100
	}
	now, most := c.HP, c.MaxHP
	if th.Pool != "" {
		var filled bool
		if now, filled = c.Pools[th.Pool]; !filled {
			return false, 0 // not filled yet: the fight has not begun
		}
		most = capacity
		if most < 0 {
			most = PoolCapacity(rs, c, th.Pool)
		}
	}
	if most <= 0 {
		return false, 0
	}
	if th.AtMostPct != nil {
		p := *th.AtMostPct
		return now*100 <= p*most, p * most
	}
	if th.Below == nil {
		return false, 0
	}
	return now*100 < *th.Below*most, *th.Below * most
}

// above reports whether a combatant is over a band's floor (hp_above),
// where it has one.
func above(th rules.Threshold, c *Combatant) bool {
	return th.HPAbove == nil || c.HP > *th.HPAbove
}

// bands are the lowest band the combatant is in of hit points, and of each
// pool with bands.
func bands(rs *rules.Ruleset, c *Combatant) []rules.Threshold {
	var out []rules.Threshold
	var buf [4]int
	low := buf[:0] // low[i]: where out[i] begins
	var capBuf [2]poolCap
	caps := capBuf[:0] // each pool's capacity, worked out once for all its bands
	for _, th := range rs.Thresholds {
		most := -1
		if _, filled := c.Pools[th.Pool]; th.Pool != "" && filled {
			i := slices.IndexFunc(caps, func(x poolCap) bool { return x.pool == th.Pool })
			if i < 0 {
				i = len(caps)
				caps = append(caps, poolCap{th.Pool, PoolCapacity(rs, c, th.Pool)})
			}
			most = caps[i].most
		}
		ok, from := holdsOf(rs, th, c, most)
		if !ok {
			continue
		}
		i := slices.IndexFunc(out, func(o rules.Threshold) bool { return o.Pool == th.Pool })
		switch {
		case i < 0:
			out, low = append(out, th), append(low, from)
		case from < low[i]:
			out[i], low[i] = th, from
		}
	}
	return out
}

// poolCap is a pool's capacity for a combatant (bands).
type poolCap struct {
	pool string
	most int
}

// hitBands is the lowest band of hit points the combatant is in, among
// the bands that read no stats (not the minor wounds' band, not a pool's):
// the band whose stats caps stats (thresholds.stats), which statsOf reads.
func hitBands(rs *rules.Ruleset, c *Combatant) []rules.Threshold {
	if th := hitBand(rs, c); th != nil {
		return []rules.Threshold{*th}
	}
	return nil
}

// hitBand is hitBands' one band (nil: none), the ruleset's own.
func hitBand(rs *rules.Ruleset, c *Combatant) *rules.Threshold {
	var out *rules.Threshold
	low := 0
	for i := range rs.Thresholds {
		th := &rs.Thresholds[i]
		if th.Pool != "" || th.MinorWounds {
			continue
		}
		if ok, from := holds(rs, *th, c); ok && (out == nil || from < low) {
			out, low = th, from
		}
	}
	return out
}

// InjuryBand is the injury band a combatant is in ("" when unhurt).
func InjuryBand(rs *rules.Ruleset, c *Combatant) string {
	var out []string
	for _, th := range bands(rs, c) {
		if th.Summary != "" {
			out = append(out, th.Summary)
		}
	}
	return strings.Join(out, " ")
}

// entered gives a band's thresholds.gives once, as the combatant enters the
// band: it runs its own time from there, so one still in the band when it
// runs out, or whom the GM took it from, is not given it again until it
// leaves the band and falls into it anew (BRP: knocked out for up to an
// hour, not for as long as it stays at 1-2 HP).
func (t *tx) entered(c *Combatant) {
	in := map[string]bool{}
	var ids []string
	for _, th := range t.rs.Thresholds {
		if th.Gives == "" {
			continue
		}
		ok, _ := holds(t.rs, th, c)
		if _, seen := in[th.Gives]; !seen {
			ids = append(ids, th.Gives)
		}
		in[th.Gives] = in[th.Gives] || ok
	}
	for _, id := range ids {
		was := slices.Contains(c.Entered, id)
		switch {
		case in[id] && !was:
			c.Entered = append(c.Entered, id)
			if c.Has(id) {
				continue // already given (a fight saved before this was kept)
			}
			def, _ := t.rs.Condition(id)
			if g, err := t.ownGrant(c, def, "", 0); err == nil {
				t.give(c, id, g)
			}
		case !in[id] && was:
			c.Entered = slices.DeleteFunc(c.Entered, func(x string) bool { return x == id })
			if len(c.Entered) == 0 {
				c.Entered = nil // as a save reads it back
			}
		}
	}
}

// thresholds gives the conditions of the bands held and takes away those of
// bands left.
func (t *tx) thresholds(c *Combatant) {
	var ids []string
	held := map[string]bool{}
	for _, th := range t.rs.Thresholds {
		if th.Condition != "" {
			ok, _ := holds(t.rs, th, c)
			if _, seen := held[th.Condition]; !seen {
				ids = append(ids, th.Condition)
			}
			held[th.Condition] = held[th.Condition] || ok
		}
	}
	t.entered(c)
	for _, id := range ids {
		t.causeHolds(c, id, "threshold", held[id], NoLonger{Condition: id})
	}
}

// vitalsAt judges hit points, stun and penalties once a point's other
// listeners are done: at an own turn's start and end and at the round's end.
func (t *tx) vitalsAt(c *Combatant, m moment) {
	switch m.at {
	case rules.AtOwnTurnStart, rules.AtOwnTurnEnd:
		t.vitals(c)
	case rules.AtRoundEnd:
		t.vitals(c)
		t.deadline(c)
	}
}

// downSince keeps the round a combatant fell in while it stays at out_at or
// below: hp.dies_within counts from it.
func (t *tx) downSince(c *Combatant) {
	switch {
	case t.rs.HP.DiesWithin == 0:
	case c.HP > t.rs.HP.OutAt:
		c.DownSince = 0
	case c.DownSince == 0:
		c.DownSince = max(t.enc.Round, 1)
		if last, ok := Deadline(t.rs, c); ok {
			t.log(EvOut, of(c), nil, DiesUnlessHealed{Round: last, Above: t.rs.HP.OutAt})
		}
	}
}

// Deadline is the round at whose end a combatant that is down dies unless
// healed above out_at first (hp.dies_within), if it has one.
func Deadline(rs *rules.Ruleset, c *Combatant) (int, bool) {
	if rs.HP.DiesWithin == 0 || c.DownSince == 0 || (rs.HP.DeadCondition != "" && c.Has(rs.HP.DeadCondition)) {
		return 0, false
	}
	return c.DownSince + rs.HP.DiesWithin - 1, true
}

// deadline lets one who was not healed in time die as the round ends.
func (t *tx) deadline(c *Combatant) {
	if last, ok := Deadline(t.rs, c); ok && t.enc.Round >= last && t.enc.Status == StatusRunning {
		t.log(EvOut, of(c), nil, NotHealedInTime{})
		t.give(c, t.rs.HP.DeadCondition, grant{cause: "hp"})
	}
}

// Death is the condition c holds that is its death (ok false: none):
// hp.dead_condition, or what a killing stroke gives (flurries.stroke_gives,
// War & Combat's Dead). The dead have no place in the round's order, and
// their rows say their death alone: a fatal wound, knocked out or prone
// beside it tell the table less than the truth.
func Death(rs *rules.Ruleset, c *Combatant) (string, bool) {
	for _, id := range []string{rs.HP.DeadCondition, rs.Flurries.StrokeGives} {
		if id != "" && c.Has(id) {
			return id, true
		}
	}
	return "", false
}
