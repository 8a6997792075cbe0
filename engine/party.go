package engine

import (
	"fmt"
	"maps"
	"slices"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A party lives on from one fight to the next: what a combatant takes out of
// a finished fight (Carry), what a rest between fights gives back (Rest),
// and how it joins the next (Add with NewCombatant.Carried).

// Lasting is what a combatant takes out of its fight into the next,
// besides who it is and its hit points (NewCombatant holds those): its
// pools a fight does not refill, its lasting conditions and the bands it
// is in, its wounds, injuries, wound record and hits by location, and the
// missiles still in it. Its parts are the combatant's own.
type Lasting struct {
	// Pools are those with reset = "never" (Fatigue, Mana, Stamina), as the
	// fight left them; the others refill as the next fight begins.
	Pools       map[string]int `toml:"pools,omitempty"`
	Afflictions                // conditions.go
	Hurt                       // wounds.go
	Missiles                   // missiles.go
	// Wear is what became of its weapons (NewCombatant.Weapons, in their
	// order), where any is broken or lost hit points; nil when none did.
	Wear []WeaponWear `toml:"wear,omitempty"`
}

// WeaponWear is what a fight left of one weapon that lasts: broken (useless
// until mended), and the hit points it lost. Dropped, stuck or jammed, it
// is picked up, pulled out or cleared once the fight is over.
type WeaponWear struct {
	Broken bool `toml:"broken,omitempty"`
	Lost   int  `toml:"lost,omitzero"`
}

// wearOf is what lasts of weapons, or nil when nothing does.
func wearOf(ws []Weapon) []WeaponWear {
	out := make([]WeaponWear, len(ws))
	worn := false
	for i, w := range ws {
		out[i] = WeaponWear{Broken: w.State == rules.FateBroken, Lost: w.Lost}
		worn = worn || out[i] != WeaponWear{}
	}
	if !worn {
		return nil
	}
	return out
}

// carried are the weapons a combatant takes out of the fight: not what it
// shot that lodged in another (an arrow).
func carried(ws []Weapon) []Weapon {
	return slices.DeleteFunc(slices.Clone(ws), func(w Weapon) bool { return w.Lodged })
}

// wear gives weapons as they join what lasted of them.
func wear(ws []Weapon, wear []WeaponWear) {
	for i := range min(len(ws), len(wear)) {
		if wear[i].Broken {
			ws[i].State = rules.FateBroken
		}
		ws[i].Lost = wear[i].Lost
	}
}

// Clone returns a deep copy.
func (k Lasting) Clone() Lasting {
	k.Pools = maps.Clone(k.Pools)
	k.Afflictions = k.Afflictions.Clone()
	k.Hurt = k.Hurt.Clone()
	k.Missiles = k.Missiles.Clone()
	k.Wear = slices.Clone(k.Wear)
	return k
}

// Carry is what c takes out of its fight into the next: who it is, its hit
// points of its most, and what outlasts the fight. The fight's own effects
// end with it: its stun, what it had under way (an extended action, a
// spell, a hold, its place in the order and in a flurry), the pools the
// ruleset refills, and each condition as its after_fight says (unset: a
// grant that runs by rounds, to a turn or to a save ends; one until removed
// stays). A condition that stays with rounds left keeps them; one held
// until a turn is held until the GM takes it away. Conditions that follow
// from hit points, bands and injuries come back with them as it joins. Its
// weapons and armour go with it: a weapon broken stays broken and one that
// lost hit points keeps the loss (Wear); dropped, stuck or jammed, it is
// ready again.
// The wounds a stanching condition that ends with the fight held shut are
// closed for good, as if it had run out.
// round is the round the fight ended in. ended names the conditions it
// lost, by id, in the order it held them.
func Carry(rs *rules.Ruleset, round int, c Combatant) (nc NewCombatant, ended []string) {
	x := new(c.Clone())
	t := &tx{rs: rs, enc: Encounter{Ruleset: rs.ID, Round: round, Combatants: []*Combatant{x}}, sharing: newSharing()}
	t.owns(x)
	x.Stunning = Stunning{}
	// The dead stay dead: their death is kept as their own, whatever gave
	// it (hit points, a deadline), so that no fight brings them back.
	if id, dead := Death(rs, x); dead {
		if cur := x.condition(id); cur != nil {
			cur.Own, cur.Left, cur.Until = true, 0, 0
		}
	}
	had := x.conditionIDs()
	for _, id := range had {
		cur := x.condition(id)
		if cur == nil {
			continue
		}
		if cur.Cause.Has("stun") {
			t.release(x, id, grant{cause: "stun"})
		}
		if cur = x.condition(id); cur == nil || !cur.Own {
			continue
		}
		def, _ := rs.Condition(id)
		if endsWithFight(def, *cur) {
			t.release(x, id, grant{own: true})
			// A wound held shut stays shut: far more rounds pass
			// between two fights than it needs to close (BRP l.339).
			t.closeWounds(x, def)
			continue
		}
		// What stays: rounds left carry on; the rest of the fight's
		// bookkeeping starts again.
		if cur.Until > 0 {
			cur.Left, cur.Until = max(cur.Until-round, 1), 0
		}
		cur.Anchor, cur.AnchorAt, cur.AnchorSkip, cur.Skip, cur.Turns = 0, "", false, 0, 0
	}
	for _, id := range had {
		if !x.Has(id) {
			ended = append(ended, id)
		}
	}
	nc = NewCombatant{Name: x.Name, Template: x.Template, Side: x.Side, HP: x.HP, MaxHP: x.MaxHP,
		Stats: maps.Clone(x.Stats), Notes: x.Notes, Carried: carriedOf(rs, x), Armor: x.Armor,
		Multipliers: cloneTakes(x.Multipliers)}
	for _, w := range carried(x.Weapons) { // x is a copy: nothing shared
		nc.Weapons = append(nc.Weapons, w.Weapon)
	}
	return nc, ended
}

// carriedOf is what lasts of a combatant whose fight's own effects are
// over, or nil when it carries nothing.
func carriedOf(rs *rules.Ruleset, x *Combatant) *Lasting {
	k := Lasting{Afflictions: x.Afflictions.Clone(), Hurt: x.Hurt.Clone(), Missiles: x.Missiles.Clone(), Wear: wearOf(carried(x.Weapons))}
	for _, p := range rs.Pools {
		if v, ok := x.Pools[p.ID]; ok && p.Reset == rules.AtNever {
			if k.Pools == nil {
				k.Pools = map[string]int{}
			}
			k.Pools[p.ID] = v
		}
	}
	// A wound's round is its fight's: in the next it is older than any.
	for i := range k.Wounds {
		k.Wounds[i].Round = 0
	}
	for i := range k.Record {
		k.Record[i].Round = 0
	}
	if k.empty() {
		return nil
	}
	return &k
}

// endsWithFight reports whether a condition's own grant ends as its fight
// does: as its after_fight says, or else when it runs by rounds, to a turn
// or to a save.
func endsWithFight(def rules.ConditionDef, x Condition) bool {
	switch def.AfterFight {
	case rules.EndsWithFight:
		return true
	case rules.StaysAfterFight:
		return false
	}
	return x.Left > 0 || x.Until > 0 || x.Anchor != 0 || x.Save
}

func (k Lasting) empty() bool {
	return len(k.Pools) == 0 && len(k.Conditions) == 0 && len(k.Entered) == 0 && len(k.Wounds) == 0 &&
		len(k.Injuries) == 0 && len(k.Record) == 0 && len(k.Hits) == 0 && k.ArmorLost == 0 && k.MinorLost == 0 && len(k.Stuck) == 0 &&
		len(k.Harms) == 0 && len(k.Wear) == 0
}

// carriedIn gives a combatant joining the fight what it carried from the
// last: each part is checked against the ruleset first (a party file is
// text a GM may edit), conditions are given again in their own right with
// the rounds they had left (and what they imply with them), and what hit
// points, bands and injuries cause is worked out as it joins.
func (t *tx) carriedIn(c *Combatant, k Lasting) error {
	if err := t.checkCarried(c, k); err != nil {
		return err
	}
	k = k.Clone()
	c.Pools = k.Pools
	c.Hurt, c.Missiles = k.Hurt, k.Missiles
	c.Entered = k.Entered
	wear(c.Weapons, k.Wear)
	c.Conditions = nil
	for _, x := range k.Conditions {
		if !x.Own {
			continue // what implies it or causes it gives it again
		}
		// Given again as it was held, not anew: a table rolled as it was
		// given (BRP's major wound) is not rolled a second time.
		cur := c.condition(x.ID)
		fresh := cur == nil
		if fresh {
			c.Conditions = append(c.Conditions, Condition{ID: x.ID})
			cur = &c.Conditions[len(c.Conditions)-1]
		}
		cur.Own, cur.Left, cur.Save = true, x.Left, x.Save
		t.log(EvCondition, of(c), nil, ConditionGiven{Condition: x.ID, Lasts: t.howLong(*cur)})
		if !fresh {
			continue
		}
		def, _ := t.rs.Condition(x.ID)
		for _, imp := range def.Implies {
			if err := t.give(c, imp, grant{parent: x.ID}); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkCarried refuses what the ruleset does not have: a pool, a
// condition, a wound record's location or severity, a hit location, a
// missile; and numbers out of their range.
func (t *tx) checkCarried(c *Combatant, k Lasting) error {
	rs := t.rs
	for _, id := range slices.Sorted(maps.Keys(k.Pools)) {
		if !slices.ContainsFunc(rs.Pools, func(p rules.Pool) bool { return p.ID == id }) {
			return fmt.Errorf("it carries %s, a pool %s does not have", id, rs.Name)
		}
		if v := k.Pools[id]; v < 0 || v > dice.MaxStat {
			return fmt.Errorf("%s = %d: a pool holds 0 to %d", id, v, dice.MaxStat)
		}
	}
	for _, x := range k.Conditions {
		if _, ok := rs.Condition(x.ID); !ok {
			return fmt.Errorf("it carries %s, a condition %s does not have", x.ID, rs.Name)
		}
		if x.Left < 0 || x.Left > 10000 {
			return fmt.Errorf("%s: %d rounds left: 0 to 10000", x.ID, x.Left)
		}
	}
	for _, id := range k.Entered {
		if _, ok := rs.Condition(id); !ok {
			return fmt.Errorf("it is in a band that gives %s, a condition %s does not have", id, rs.Name)
		}
	}
	for _, w := range k.Wounds {
		if w.Rate < 0 || w.Rate > 1000 || w.Natural < 0 || w.Natural > 1000 {
			return fmt.Errorf("a wound bleeds 0 to 1000 a round")
		}
		if w.Harm < 0 || w.Harm > len(k.Harms) {
			return fmt.Errorf("a bleeding wound was cut by wound %d, of %d kept", w.Harm, len(k.Harms))
		}
	}
	if len(k.Wear) > len(c.Weapons) {
		return fmt.Errorf("what became of %d weapons, and it carries %d", len(k.Wear), len(c.Weapons))
	}
	for _, w := range k.Wear {
		if w.Lost < 0 || w.Lost > dice.MaxStat {
			return fmt.Errorf("a weapon lost %d hit points: 0 to %d", w.Lost, dice.MaxStat)
		}
	}
	if k.MinorLost < 0 || k.MinorLost > dice.MaxStat {
		return fmt.Errorf("the hit points lost to minor wounds are 0 to %d", dice.MaxStat)
	}
	if err := harmsWell(rs, k.Harms); err != nil {
		return err
	}
	for _, in := range k.Injuries {
		if in.Penalty > 0 || in.Penalty < -dice.MaxStat {
			return fmt.Errorf("an injury's penalty is 0 or less")
		}
	}
	if len(k.Record) > 0 && !rs.Recorded() {
		return fmt.Errorf("it carries a wound record: %s keeps none", rs.Name)
	}
	for _, w := range k.Record {
		if _, ok := rs.Location(w.Location); !ok {
			return fmt.Errorf("a wound to %s, a location %s does not have", w.Location, rs.Name)
		}
		if _, ok := rs.Severity(w.Severity); !ok {
			return fmt.Errorf("a %s wound, a severity %s does not have", w.Severity, rs.Name)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(k.Hits)) {
		if _, ok := rs.HitLocation(id); !ok {
			return fmt.Errorf("hits at %s, a hit location %s does not have", id, rs.Name)
		}
	}
	for _, m := range k.Stuck {
		if _, ok := rs.Missile(m.ID); !ok {
			return fmt.Errorf("a %s stuck in it, a missile %s does not have", m.ID, rs.Name)
		}
	}
	return nil
}

// Rested is what a rest gave one of the party.
type Rested struct {
	// Refilled are the pools filled, each with what it held before.
	Refilled []PoolChange
	// Ended are the conditions the rest ended.
	Ended []string
	// Spent is what was spent of the rest's pool to heal Healed.
	Spent, Healed int
	// After are the conditions that followed one ended by healing
	// (Stabilized after Bleeding out).
	After []string
}

// Rest gives one of a party what a rest of the ruleset gives back: its
// pools refilled, its conditions taken away, its hit points healed, all or
// by spending up to spend of the rest's pool (no more than heals it to
// its most), each point rolled with rnd. A condition healing ends runs out
// as it does in a fight, and gives what follows it.
func Rest(rs *rules.Ruleset, m NewCombatant, r rules.Rest, spend int, rnd dice.Rand) (NewCombatant, Rested, error) {
	var out Rested
	if spend < 0 {
		return m, out, fmt.Errorf("spend 0 or more")
	}
	if spend > 0 && r.Spend == "" {
		return m, out, fmt.Errorf("a %s spends nothing", r.Name)
	}
	c := Combatant{Identity: Identity{ID: 1, Name: m.Name, Stats: m.Stats}, Vitals: Vitals{HP: m.HP, MaxHP: m.MaxHP}}
	if c.MaxHP == 0 {
		c.MaxHP = c.HP
	}
	x := &c
	t := &tx{rs: rs, enc: Encounter{Ruleset: rs.ID, Combatants: []*Combatant{x}}, roller: dice.Roller{Rand: rnd, OE: rs.OE()}}
	t.sharing = newSharing()
	t.owns(x)
	if m.Carried != nil {
		k := m.Carried.Clone()
		x.Pools, x.Afflictions, x.Hurt, x.Missiles = k.Pools, k.Afflictions, k.Hurt, k.Missiles
		for _, w := range m.Weapons {
			x.Weapons = append(x.Weapons, armed(w))
		}
		wear(x.Weapons, k.Wear)
	}
	for _, id := range r.Refills {
		capa := t.capacity(x, id)
		if x.Pools[id] >= capa {
			continue
		}
		out.Refilled = append(out.Refilled, PoolChange{Pool: id, Before: x.Pools[id], After: capa})
		if x.Pools == nil {
			x.Pools = map[string]int{}
		}
		x.Pools[id] = capa
	}
	for _, id := range r.Takes {
		if cur := x.condition(id); cur != nil && cur.Own && t.release(x, id, grant{own: true}) {
			out.Ended = append(out.Ended, id)
		}
	}
	before := x.HP
	if r.HealsAll {
		x.HP = max(x.HP, x.MaxHP)
	}
	for ; out.Spent < spend && x.HP < x.MaxHP && x.Pools[r.Spend] > 0; out.Spent++ {
		res, err := t.roller.Roll(r.SpendHeals, t.statsOf(x))
		if err != nil {
			return m, out, fmt.Errorf("%s: %s: %w", m.Name, r.SpendHeals, err)
		}
		x.Pools[r.Spend]--
		x.HP = min(x.HP+max(res.Total, 0), x.MaxHP)
	}
	out.Healed = x.HP - before
	if out.Healed > 0 {
		for _, id := range x.conditionIDs() {
			def, ok := rs.Condition(id)
			if cur := x.condition(id); ok && def.HealedEnds && cur != nil && cur.Own && t.release(x, id, grant{own: true}) {
				out.Ended = append(out.Ended, id)
				for _, next := range def.Then {
					nd, _ := rs.Condition(next)
					if g, err := t.ownGrant(x, nd, "", 0); err == nil && t.give(x, next, g) == nil {
						out.After = append(out.After, next)
					}
				}
			}
		}
	}
	m.HP, m.Carried = x.HP, carriedOf(rs, x)
	if m.MaxHP != 0 || x.HP != x.MaxHP {
		m.MaxHP = x.MaxHP
	}
	return m, out, nil
}

// Party is the heroes a GM keeps from fight to fight: of one ruleset, each
// member as it will join the next fight.
type Party struct {
	Name    string         `toml:"name"`
	Ruleset string         `toml:"ruleset"`
	Members []NewCombatant `toml:"members"`
}

// Kept is one of a fight's combatants kept into a party: its name, and the
// conditions the fight's end took from it.
type Kept struct {
	Name  string
	Ended []string
}

// Keep takes combatants of a fight (ids, in order) into the party, each as
// Carry brings it out: in place of the member of its name, or as a new
// member. The members not in the fight stay as they were. A party of
// another ruleset refuses them, saying why.
func (p Party) Keep(rs *rules.Ruleset, enc *Encounter, ids []int) (Party, []Kept, error) {
	if p.Ruleset == "" {
		p.Ruleset = rs.ID
	}
	if p.Ruleset != rs.ID || enc.Ruleset != rs.ID {
		return p, nil, fmt.Errorf("%s is a party of %s: a fight of %s cannot keep it (its conditions, pools and wounds are "+
			"another ruleset's)", p.Name, p.Ruleset, enc.Ruleset)
	}
	p.Members = slices.Clone(p.Members)
	var kept []Kept
	for _, id := range ids {
		c := enc.Combatant(id)
		if c == nil {
			return p, nil, fmt.Errorf("there is no combatant #%d", id)
		}
		nc, ended := Carry(rs, enc.Round, *c)
		if i := slices.IndexFunc(p.Members, func(m NewCombatant) bool { return m.Name == nc.Name }); i >= 0 {
			p.Members[i] = nc
		} else {
			p.Members = append(p.Members, nc)
		}
		kept = append(kept, Kept{Name: nc.Name, Ended: ended})
	}
	return p, kept, nil
}

// Joining is the party's members as a fight of rs takes them, each checked
// as it would join; a party of another ruleset is refused with the reason.
func (p Party) Joining(rs *rules.Ruleset) ([]NewCombatant, error) {
	if p.Ruleset != rs.ID {
		return nil, fmt.Errorf("%s is a party of %s, not of %s: its conditions, pools and wounds are that "+
			"ruleset's", p.Name, p.Ruleset, rs.Name)
	}
	if len(p.Members) == 0 {
		return nil, fmt.Errorf("%s has no members", p.Name)
	}
	out := make([]NewCombatant, len(p.Members))
	for i, m := range p.Members {
		out[i] = m
		out[i].Stats = maps.Clone(m.Stats)
		if m.Carried != nil {
			k := m.Carried.Clone()
			out[i].Carried = &k
		}
	}
	if _, _, err := Apply(rs, NewEncounter(p.Name, rs), Add{Combatants: out}, dice.NewSource(1)); err != nil {
		return nil, err
	}
	// The dead stay in the party, and out of its fights.
	out = slices.DeleteFunc(out, func(m NewCombatant) bool { return carriesDeath(rs, m) })
	if len(out) == 0 {
		return nil, fmt.Errorf("every member of %s is dead", p.Name)
	}
	return out, nil
}

// Dead names the party's members who carry their death: kept in the
// party, they join no fight (Joining leaves them out).
func (p Party) Dead(rs *rules.Ruleset) []string {
	var out []string
	for _, m := range p.Members {
		if carriesDeath(rs, m) {
			out = append(out, m.Name)
		}
	}
	return out
}

// carriesDeath reports whether a member carries its death out of its last
// fight (hp.dead_condition, or what a killing stroke gives).
func carriesDeath(rs *rules.Ruleset, m NewCombatant) bool {
	if m.Carried == nil {
		return false
	}
	for _, id := range []string{rs.HP.DeadCondition, rs.Flurries.StrokeGives} {
		if id != "" && m.Carried.Has(id) {
			return true
		}
	}
	return false
}
