package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Gear is what a combatant carries: its weapons, as the fight has left
// them, and the armour it wears. A blow (blows.go) strikes with a weapon
// and lands on the armour; the GM readies a weapon again (Arm).
type Gear struct {
	Weapons []Weapon      `toml:"weapons,omitempty"`
	Armor   []rules.Armor `toml:"armor,omitempty"`
}

// Clone returns a deep copy.
func (p Gear) Clone() Gear {
	p.Weapons = slices.Clone(p.Weapons)
	for i := range p.Weapons {
		w := &p.Weapons[i]
		w.Kinds = slices.Clone(w.Kinds)
		w.Fields = maps.Clone(w.Fields)
	}
	p.Armor = slices.Clone(p.Armor)
	for i := range p.Armor {
		a := &p.Armor[i]
		a.Stats = maps.Clone(a.Stats)
		a.Locations = slices.Clone(a.Locations)
		a.Rolls = maps.Clone(a.Rolls)
	}
	return p
}

// Weapon is a weapon a combatant carries, as the fight has it: ready, or
// dropped, broken, or stuck In another combatant; the rounds Left in it
// where it counts them, and the hit points it has Lost.
type Weapon struct {
	rules.Weapon
	State rules.WeaponFate `toml:"state,omitempty"`
	In    int              `toml:"in,omitzero"`
	// At, stuck, is the hit location of the one it is in where it struck
	// (locations on): what pulling at it does lands there (BRP l.391).
	At   string `toml:"at,omitempty"`
	Left int    `toml:"left,omitzero"`
	Lost int    `toml:"lost,omitzero"`
	// Lodged: not a weapon carried but what one shot, stuck In someone (a
	// blow effect's lodges: BRP's arrow); never readied, out it is gone.
	Lodged bool `toml:"lodged,omitempty"`
	// Struck is the round it last struck in (blows.rate).
	Struck int `toml:"struck,omitzero"`
	// Held is a parried blow's damage waiting on it for the resistance
	// roll (a blow effect's guard_resists), struck by HeldBy in the blow
	// HeldIn: held_blow settles it (held_blow.go).
	Held   int    `toml:"held,omitzero"`
	HeldBy int    `toml:"held_by,omitzero"`
	HeldIn string `toml:"held_in,omitempty"`
}

// Ready reports whether the weapon can strike.
func (w Weapon) Ready() bool { return w.State == "" }

// armed is a weapon as a combatant joins with it: ready and loaded.
func armed(spec rules.Weapon) Weapon {
	return Weapon{Weapon: spec, Left: spec.Ammo}
}

// joinGear checks a newcomer's weapons and armour against the ruleset and
// gives them to it.
func joinGear(rs *rules.Ruleset, c *Combatant, n NewCombatant) error {
	for i, w := range n.Weapons {
		if errs := rs.ValidateWeapon(fmt.Sprintf("weapon %d", i+1), w); len(errs) > 0 {
			return fmt.Errorf("%s: %v", c.Name, errs[0])
		}
		c.Weapons = append(c.Weapons, armed(w))
	}
	for i, a := range n.Armor {
		if errs := rs.ValidateArmor(fmt.Sprintf("armour %d", i+1), a); len(errs) > 0 {
			return fmt.Errorf("%s: %v", c.Name, errs[0])
		}
		c.Armor = append(c.Armor, a)
	}
	c.Gear = c.Gear.Clone() // shares nothing with the command
	return nil
}

// WornArmor is what a combatant's armour adds to a stat all over: the
// pieces that name no location.
func WornArmor(rs *rules.Ruleset, c *Combatant, stat string) int {
	if !rs.IsArmor(stat) {
		return 0
	}
	n := 0
	for _, a := range c.Armor {
		if len(a.Locations) == 0 {
			n += a.Stats[stat]
		}
	}
	return n
}

// ArmorAt is a combatant's armour stat where a blow lands: the stat as the
// round has it (its own, the pieces worn all over, what was lost) and the
// pieces that cover the location ("": none named).
func ArmorAt(rs *rules.Ruleset, c *Combatant, stat, location string) int {
	v := StatNow(rs, c, stat)
	if location == "" || !rs.IsArmor(stat) {
		return v
	}
	for _, a := range c.Armor {
		if slices.Contains(a.Locations, location) {
			v += a.Stats[stat]
		}
	}
	return v
}

// WeaponStat is a field of a weapon in a wielder's hand: its own, or the
// field's default worked out from the wielder's stats.
func WeaponStat(rs *rules.Ruleset, c *Combatant, w rules.Weapon, field string) (int, bool) {
	return weaponStat(rs, w, field, statsOf(rs, c))
}

// weaponStat is WeaponStat with the wielder's stats as the roll reads them
// (a split stat's share of the action under way, split.go).
func weaponStat(rs *rules.Ruleset, w rules.Weapon, field string, stats dice.StatFunc) (int, bool) {
	f, ok := rs.WeaponField(field)
	if !ok {
		return 0, false
	}
	if v, ok := f.KindValue(w.Kinds); ok {
		return v, true
	}
	if v, ok := w.Fields[field]; ok {
		return v, true
	}
	v, err := formula(f.Default, stats)
	if err != nil {
		return 0, true
	}
	return v, true
}

// inHand is the weapon a combatant's rolls outside a blow read as
// weapon_X (Energy's Combat roll: the Precision of the blade in hand): its
// first ready weapon, or none, whose fields are their defaults.
func inHand(c *Combatant) *rules.Weapon {
	for i := range c.Weapons {
		if c.Weapons[i].Ready() {
			return &c.Weapons[i].Weapon // read, never written
		}
	}
	return &noWeapon
}

// noWeapon is the weapon in hand of one with none ready: read, never
// written (each of a combatant's formulas reads through it, and a new one
// each time was a third of a step's allocations).
var noWeapon rules.Weapon

// HandStat is the field of c's weapon in hand (inHand), hand_X. One who
// carries weapons and has none ready (dropped, broken, stuck) is unarmed:
// the field's unarmed value where it has one (BRP's length: the unarmed go
// with the short weapons, l.71). One who carries none (its gear not kept)
// reads the field's default, its stats.
func HandStat(rs *rules.Ruleset, c *Combatant, field string) (int, bool) {
	return handStat(rs, c, field, statsOf(rs, c))
}

func handStat(rs *rules.Ruleset, c *Combatant, field string, stats dice.StatFunc) (int, bool) {
	if f, ok := rs.WeaponField(field); ok && !f.Unarmed.IsZero() && len(c.Weapons) > 0 && !slices.ContainsFunc(c.Weapons, Weapon.Ready) {
		v, err := formula(f.Unarmed, stats)
		return v, err == nil
	}
	return weaponStat(rs, *inHand(c), field, stats)
}

// weaponDefaults reads weapon_X, hand_X and target_weapon_X, where stats
// does not, as the field's default: a check rolled with no weapon in hand
// (fray roll --check).
func weaponDefaults(rs *rules.Ruleset, stats dice.StatFunc) dice.StatFunc {
	return func(name string) (int, bool) {
		if v, ok := stats(name); ok {
			return v, true
		}
		if theirs, ok := strings.CutPrefix(name, rules.TargetPrefix); ok {
			// The target's weapon (target_weapon_X): its field's default,
			// worked out from the target's stats.
			return weaponDefaults(rs, func(n string) (int, bool) { return stats(rules.TargetPrefix + n) })(theirs)
		}
		id, ok := strings.CutPrefix(name, rules.WeaponPrefix)
		if !ok {
			id, ok = strings.CutPrefix(name, rules.HandPrefix)
		}
		if ok {
			if f, ok := rs.WeaponField(id); ok {
				v, err := formula(f.Default, stats)
				return v, err == nil || f.Default.IsZero()
			}
		}
		return 0, false
	}
}

// withWeapon reads a weapon's fields as weapon_X beside what stats reads, a
// field's default worked out from its wielder's stats.
func withWeapon(rs *rules.Ruleset, wielder dice.StatFunc, w *rules.Weapon, stats dice.StatFunc) dice.StatFunc {
	if w == nil {
		return stats
	}
	return func(name string) (int, bool) {
		if f, ok := strings.CutPrefix(name, rules.WeaponPrefix); ok {
			if v, ok := wielder(name); ok { // a split's share (split.go's shareOf)
				return v, true
			}
			if v, ok := weaponStat(rs, *w, f, wielder); ok {
				return v, true
			}
		}
		return stats(name)
	}
}

// statsPlan is what statsOf reads through. Outside a blow, a pull and a
// split's share, the most read of all, it is the combatant and the weapon
// in its hand: withWeapon(rs, own, w, withHand(rs, c, own)) for own
// statsOf(rs, c), made one function where those were three (a step reads
// a combatant's stats some twenty times). Else it is those composed.
type statsPlan struct {
	rs       *rules.Ruleset
	c        *Combatant
	w        *rules.Weapon
	composed dice.StatFunc
}

func (p statsPlan) stat(name string) (int, bool) {
	if p.composed != nil {
		return p.composed(name)
	}
	rs, c := p.rs, p.c
	if f, ok := strings.CutPrefix(name, rules.WeaponPrefix); ok {
		if v, ok := statOf(rs, c, name); ok {
			return v, true
		}
		if v, ok := weaponStat(rs, *p.w, f, statsOf(rs, c)); ok {
			return v, true
		}
	}
	if v, ok := statOf(rs, c, name); ok {
		return v, true
	}
	if f, ok := strings.CutPrefix(name, rules.HandPrefix); ok {
		return HandStat(rs, c, f)
	}
	return 0, false
}

// withHand reads hand_X as the field X of c's own weapon in hand (inHand),
// where stats do not name it.
func withHand(rs *rules.Ruleset, c *Combatant, stats dice.StatFunc) dice.StatFunc {
	return func(name string) (int, bool) {
		if v, ok := stats(name); ok {
			return v, true
		}
		if f, ok := strings.CutPrefix(name, rules.HandPrefix); ok {
			return HandStat(rs, c, f)
		}
		return 0, false
	}
}

// arm changes the state of a combatant's weapon at the GM's word: ready
// again (picked up, pulled out, mended), dropped or broken; and reloads it.
// A dropped weapon readied again spends the ruleset's gear.pick_up action.
func (t *tx) arm(cmd Arm) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if cmd.Armor {
		if cmd.Weapon != 0 || cmd.State != "" || cmd.Reload {
			return fmt.Errorf("armour is repaired by itself, not with a weapon")
		}
		return t.repairArmor(c)
	}
	w, err := weaponOf(c, cmd.Weapon)
	if err != nil {
		return err
	}
	if w.Lodged {
		return fmt.Errorf("%s's %s is what it shot, lodged in the one it struck: pulled out (g) it is out of the fight, not readied",
			c.Name, w.Name)
	}
	switch cmd.State {
	case "", rules.FateDropped, rules.FateBroken:
	case rules.FateStuck, Jammed:
		return fmt.Errorf("a weapon is left %s by a blow, not by hand", cmd.State)
	default:
		return fmt.Errorf("a weapon is ready, dropped or broken, not %q", cmd.State)
	}
	if cmd.Reload && w.Ammo == 0 {
		return fmt.Errorf("%s's %s counts no rounds", c.Name, w.Name)
	}
	if cmd.State == w.State && (!cmd.Reload || w.Left == w.Ammo) {
		return fmt.Errorf("%s's %s is %s already", c.Name, w.Name, stateWord(w.State))
	}
	if cmd.State == "" && w.State == rules.FateBroken && t.rs.Gear.BrokenStays && t.enc.Round > 0 {
		return fmt.Errorf("%s's %s is broken: it is not mended in the fight", c.Name, w.Name)
	}
	id := t.rs.Gear.PickUpDeclared
	if cmd.State == "" && w.State == rules.FateDropped && id != "" && t.enc.Round > 0 && !c.HasDeclared(id) {
		name := id
		if d, ok := t.rs.Declaration(id); ok {
			name = d.Name
		}
		return fmt.Errorf("%s's %s is dropped: picking it up in a round needs %s stated this round (D)", c.Name, w.Name, name)
	}
	if cmd.State == "" && w.State == rules.FateDropped {
		if err := t.pickUpRank(c, w); err != nil {
			return err
		}
	}
	if cmd.State == "" && w.State == rules.FateDropped && t.rs.Gear.PickUp != "" {
		a, _ := t.rs.Action(t.rs.Gear.PickUp)
		if err := t.spendAs(c, a, Spend{Who: c.ID, Action: a.ID}); err != nil {
			return err
		}
		c = t.enc.Combatant(c.ID)
		w = &c.Weapons[cmd.Weapon]
	}
	if cmd.State != w.State {
		was := w.State
		w.State, w.In = cmd.State, 0
		if cmd.State == "" && was == rules.FateBroken {
			w.Lost = 0 // mended
		}
		t.log(EvGear, of(c), nil, WeaponNow{Weapon: Text(w.Name), State: w.State, Was: was})
	}
	if cmd.Reload && w.Left != w.Ammo {
		w.Left = w.Ammo
		t.log(EvGear, of(c), nil, Reloaded{Weapon: Text(w.Name), Left: w.Left})
	}
	return nil
}

// repairArmor gives back what outcomes took off c's armour (ArmorLost), as
// its repair does.
func (t *tx) repairArmor(c *Combatant) error {
	if c.ArmorLost == 0 {
		return fmt.Errorf("%s's armour has lost nothing to repair", c.Name)
	}
	a := t.rs.HP.Armor
	before, by := StatNow(t.rs, c, a), c.ArmorLost
	c.ArmorLost = 0
	t.log(EvGear, of(c), nil, ArmorRepaired{By: by, Before: before, After: StatNow(t.rs, c, a)})
	return nil
}

// weaponOf is a combatant's weapon i (from 0).
func weaponOf(c *Combatant, i int) (*Weapon, error) {
	switch {
	case len(c.Weapons) == 0:
		return nil, fmt.Errorf("%s carries no weapon", c.Name)
	case i < 0 || i >= len(c.Weapons):
		return nil, fmt.Errorf("%s has %d weapon%s: no weapon %d", c.Name, len(c.Weapons), plural(len(c.Weapons)), i+1)
	}
	return &c.Weapons[i], nil
}

// stateWord says a weapon's state.
func stateWord(s rules.WeaponFate) string {
	if s == "" {
		return "ready to strike"
	}
	return string(s)
}

// weaponsFreed lets go of what is stuck in a combatant that leaves the
// fight: its foes' weapons lie where it fell; what they shot lodged in it
// (an arrow) goes with it.
func (t *tx) weaponsFreed(gone Subject) {
	id := gone.ID
	for i := range t.enc.Combatants {
		for j := len(t.enc.Combatants[i].Weapons) - 1; j >= 0; j-- {
			if w := t.enc.Combatants[i].Weapons[j]; w.State != rules.FateStuck || w.In != id {
				continue
			}
			x := t.at(i)
			if w := &x.Weapons[j]; w.Lodged {
				t.lodgedOut(x, j, gone)
			} else {
				w.State, w.In = rules.FateDropped, 0
				t.log(EvGear, of(x), nil, WeaponNow{Weapon: Text(w.Name), State: w.State, Was: rules.FateStuck})
			}
		}
	}
}

// lodge leaves what c's weapon w shoots (an arrow, named "<weapon> what")
// stuck in foe where the blow landed: a weapon of c's that never strikes
// (blows.results.effects.lodges).
func (t *tx) lodge(c, foe *Combatant, w Weapon, what string) {
	at := ""
	if t.striking != nil {
		at = t.striking.at
	}
	l := Weapon{Weapon: rules.Weapon{Name: w.Name + " " + what, Damage: w.Damage, Kinds: slices.Clone(w.Kinds),
		Fields: maps.Clone(w.Fields)}, State: rules.FateStuck, In: foe.ID, At: at, Lodged: true}
	c.Weapons = append(slices.Clone(c.Weapons), l)
	t.log(EvGear, of(c), nil, WeaponNow{Weapon: Text(l.Name), State: l.State, In: of(foe)})
}

// lodgedOut takes c's weapon j, lodged in the one in, out of the fight:
// pulled out, or gone with it, it is no weapon to strike with.
func (t *tx) lodgedOut(c *Combatant, j int, in Subject) {
	w := c.Weapons[j]
	c.Weapons = slices.Delete(slices.Clone(c.Weapons), j, j+1)
	if len(c.Weapons) == 0 {
		c.Weapons = nil
	}
	t.log(EvGear, of(c), nil, LodgedOut{Weapon: Text(w.Name), In: in})
}

// weaponFate makes c's weapon in hand, its first ready one, dropped or
// broken (a check's effect: Energy's Disarm); with none in hand, nothing.
func (t *tx) weaponFate(c *Combatant, fate rules.WeaponFate, kinds ...string) {
	first := slices.IndexFunc(c.Weapons, func(w Weapon) bool {
		return w.Ready() && slices.ContainsFunc(kinds, func(k string) bool { return slices.Contains(w.Kinds, k) })
	})
	if first < 0 {
		first = 0 // none of those kinds ready: the first ready one
	}
	for i := first; i < len(c.Weapons); i++ {
		w := &c.Weapons[i]
		if !w.Ready() {
			continue
		}
		w.State = fate
		t.log(EvGear, of(c), nil, WeaponNow{Weapon: Text(w.Name), State: w.State})
		return
	}
}

// pullOut frees the weapons stuck between c and other (nil: anyone): c's
// own stuck in other are in its hand again, ready; the weapons of others
// stuck in c are out of it and out of their owners' hands, dropped
// (checks.outcomes.effects.pulls_out).
func (t *tx) pullOut(c, other *Combatant) {
	for j := len(c.Weapons) - 1; j >= 0; j-- {
		if w := &c.Weapons[j]; w.Lodged && (other == nil || w.In == other.ID) {
			t.lodgedOut(c, j, of(t.enc.Combatant(w.In)))
		}
	}
	for j := range c.Weapons {
		if w := &c.Weapons[j]; w.State == rules.FateStuck && (other == nil || w.In == other.ID) {
			w.State, w.In = "", 0
			t.log(EvGear, of(c), nil, WeaponNow{Weapon: Text(w.Name), State: w.State, Was: rules.FateStuck})
		}
	}
	for i := range t.enc.Combatants {
		x := t.enc.Combatants[i]
		if x.ID == c.ID || (other != nil && x.ID != other.ID) {
			continue
		}
		for j := len(x.Weapons) - 1; j >= 0; j-- {
			if w := x.Weapons[j]; w.State != rules.FateStuck || w.In != c.ID {
				continue
			}
			if x.Weapons[j].Lodged {
				t.lodgedOut(t.at(i), j, of(c))
				x = t.enc.Combatants[i]
				continue
			}
			// Out of the wound, in the hands of the one it was in (l.391):
			// its wielder holds it no more.
			x = t.at(i)
			w := x.Weapons[j]
			x.Weapons = slices.Delete(slices.Clone(x.Weapons), j, j+1)
			if len(x.Weapons) == 0 {
				x.Weapons = nil // as a save reads it back: none carried
			}
			w.State, w.In, w.At, w.Struck = "", 0, "", 0
			own := make([]rules.Weapon, len(c.Weapons))
			for k, o := range c.Weapons {
				own[k] = o.Weapon
			}
			w.Weapon = t.rs.Wielded(w.Weapon, own)
			c.Weapons = append(slices.Clone(c.Weapons), w)
			t.log(EvGear, of(c), nil, WeaponTaken{Weapon: Text(w.Name), From: of(x)})
		}
	}
}

// pulled is a weapon of who's stuck in a foe, as a check pulling it back
// out reads it.
type pulled struct {
	who    int
	weapon rules.Weapon
}

// stuckToPull is c's weapon stuck in foe that a check pulls back out (an
// outcome's pulls_out to the actor, rolled at foe): the check reads its
// fields as weapon_X, its skill the weapon's (BRP l.383, 385: the roll is
// with the weapon). Nil when the check pulls nothing of c's out of foe.
func stuckToPull(ch rules.Check, c, foe *Combatant) *pulled {
	if foe == nil || !slices.ContainsFunc(ch.Outcomes, func(o rules.Outcome) bool {
		return slices.ContainsFunc(o.Effects, func(e rules.CheckEffect) bool { return e.PullsOut && e.To != rules.ToTarget })
	}) {
		return nil
	}
	for _, w := range c.Weapons {
		if w.State == rules.FateStuck && w.In == foe.ID {
			return &pulled{who: c.ID, weapon: w.Weapon}
		}
	}
	return nil
}

// PullsNothing says why c's check that pulls its own weapon back out of
// the one it is rolled at has nothing to pull out of foe (BRP l.383, 387:
// the weapon stuck in the target), or "" when one of c's weapons is stuck
// in foe or the check pulls nothing of its own out of a target.
func PullsNothing(ch rules.Check, c, foe *Combatant) string {
	if c == nil || foe == nil || !ch.NeedsTarget() || !slices.ContainsFunc(ch.Outcomes, func(o rules.Outcome) bool {
		return slices.ContainsFunc(o.Effects, func(e rules.CheckEffect) bool { return e.PullsOut && e.To != rules.ToTarget })
	}) || stuckToPull(ch, c, foe) != nil {
		return ""
	}
	return fmt.Sprintf("%s has no weapon stuck in %s: no %s", c.Name, foe.Name, ch.Name)
}

// usedWeapon is the weapon c is using now: in a blow, the one it strikes
// with, or the one it answered with; otherwise its first ready one (nil:
// none ready).
func (t *tx) usedWeapon(c *Combatant) *Weapon {
	if s := t.striking; s != nil {
		for i := range c.Weapons {
			if w := &c.Weapons[i]; s.who == c.ID && w.Ready() && w.Name == s.weapon.Name {
				return w
			}
		}
		if s.foe == c.ID && s.guard >= 0 && s.guard < len(c.Weapons) && c.Weapons[s.guard].Ready() {
			return &c.Weapons[s.guard]
		}
	}
	if i := slices.IndexFunc(c.Weapons, Weapon.Ready); i >= 0 {
		return &c.Weapons[i]
	}
	return nil
}

// tableWeapon does what a table row says of the weapon being used
// (table.weapon, table.weapon_hits): dropped or broken, or points off its
// hit points, broken at none.
func (t *tx) tableWeapon(c *Combatant, row rules.TableRow) {
	if row.Weapon == "" && row.WeaponHits.IsZero() {
		return
	}
	w := t.usedWeapon(c)
	if w == nil {
		return // nothing in hand
	}
	fate := row.Weapon
	if !row.WeaponHits.IsZero() && w.HP == 0 && row.Unkept != "" {
		fate = row.Unkept // no hit points to take the points off
	} else if !row.WeaponHits.IsZero() {
		r, err := t.roller.Roll(row.WeaponHits, t.statsOf(c))
		if err != nil {
			return
		}
		if w.HP > 0 {
			w.Lost += max(r.Total, 0)
		}
		t.log(EvGear, of(c), &r, WeaponHit{Weapon: Text(w.Name), By: r.Total, Lost: w.Lost, HP: w.HP})
		if w.HP > 0 && w.Lost >= w.HP {
			fate = rules.FateBroken
		}
	}
	if fate != "" {
		w.State, w.In = fate, 0
		t.log(EvGear, of(c), nil, WeaponNow{Weapon: Text(w.Name), State: w.State})
	}
	if fate == rules.FateDropped && !row.WeaponFlies.IsZero() {
		if r, err := t.roller.Roll(row.WeaponFlies, t.statsOf(c)); err == nil {
			t.log(EvGear, of(c), &r, WeaponLands{Weapon: Text(w.Name), Meters: max(r.Total, 0)})
		}
	}
}

// WeaponForbidden says why c may not strike or parry with w now ("" when
// it may): a condition it holds forbids one of w's kinds
// (conditions.forbids_weapons: BRP's useless shield arm, l.594).
func WeaponForbidden(rs *rules.Ruleset, c *Combatant, w rules.Weapon) string {
	for _, x := range c.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok {
			continue
		}
		for _, k := range def.ForbidsWeapons {
			if slices.Contains(w.Kinds, k) {
				return fmt.Sprintf("%s %s: not with its %s", c.Name, being(def, "is"), w.Name)
			}
		}
	}
	return ""
}

// UsesGuard says whether a defence check is made with the defender's
// weapon or shield: a parry, or one that reads the weapon's field.
func UsesGuard(ch rules.Check) bool {
	return ch.GuardField != "" || ch.Kind == rules.RollParry
}
