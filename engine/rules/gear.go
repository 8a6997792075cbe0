package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine/dice"
)

// Gear is what a ruleset's combatants carry into a fight: the kinds a
// weapon may be (what its special does, whether it is a missile), the
// fields a weapon carries besides its damage (a skill, an accuracy, a
// penetration value, a fumble range), and the stats a piece of armour adds
// to (PROT, AV, AR and its coverage).
type Gear struct {
	// Armor are the stats a piece of armour adds to while worn: where it
	// covers, or all over when it names no location.
	Armor []string `toml:"armor"`
	// WeaponKinds are what a weapon may be; a blow's effects may hold for
	// some kinds only (an impaling weapon's special).
	WeaponKinds []WeaponKind `toml:"weapon_kinds"`
	// WeaponFields are the numbers a weapon carries besides its damage,
	// read by a blow's formulas as weapon_X.
	WeaponFields []WeaponField `toml:"weapon_fields"`
	// PickUp is the action a dropped weapon readied again spends (Arm; A
	// offers it): its cost, and what it gives (Energy's Pick up an item:
	// 1 Energy, and Exposed). None: readying is the GM's word alone.
	PickUp string `toml:"pick_up"`
	// PickUpDeclared is a declaration ([[declarations]]) a dropped weapon
	// readied again in a round (Arm; A offers it) needs, made this round:
	// refused otherwise (BRP's extra non-combat action, stated, its 5 DEX
	// ranks, l.103).
	PickUpDeclared string `toml:"pick_up_declared"`
	// BrokenStays: a weapon broken in the fight is not mended while its
	// rounds run (Arm; A offers no readying of it): BRP's matrix and
	// attacks on items break weapons, and nothing in a round mends one
	// (l.101-103, 490).
	BrokenStays bool `toml:"broken_stays"`
	// WielderBonus are weapon kinds whose bonus is their wielder's own
	// (BRP's damage modifier on a hand weapon): a weapon that passes to
	// another (pulled out of itself by the one it impaled) takes its new
	// holder's bonus, that of the holder's own weapon of that name, else of
	// its first weapon of one of these kinds, else none. Unset: a weapon
	// keeps its bonus in any hands.
	WielderBonus []string `toml:"wielder_bonus"`
}

// WeaponKind is a kind a weapon may be.
type WeaponKind struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
}

// WeaponField is a number a weapon carries. A weapon that does not give it
// has Default: a formula of its wielder's stats ("skill": the wielder's
// skill stat), 0 when there is none.
type WeaponField struct {
	ID      string    `toml:"id"`
	Name    string    `toml:"name"`
	Default dice.Expr `toml:"default"`
	// Kinds give a weapon of one of these kinds (the first of its kinds
	// named here) this value, whatever it gives itself (BRP's length: a
	// missile weapon goes first on its rank, l.71).
	Kinds map[string]int `toml:"kinds,omitempty"`
	// Unarmed is what hand_X reads of a fighter who carries weapons and has
	// none ready, a formula of its stats (zero: the default; BRP's length:
	// the unarmed go with the short weapons, l.71).
	Unarmed dice.Expr `toml:"unarmed,omitzero"`
	// Wielder: the value is its wielder's, not the weapon's (BRP's skill
	// with it): a weapon that passes to another (pulled out of itself by
	// the one it impaled) drops its former wielder's value and takes its
	// new holder's own weapon of that name's, else the default.
	Wielder bool `toml:"wielder"`
}

// KindValue is the value a weapon of those kinds takes for the field
// whatever it gives (Kinds), and whether one of its kinds has one.
func (f WeaponField) KindValue(kinds []string) (int, bool) {
	for _, k := range kinds {
		if v, ok := f.Kinds[k]; ok {
			return v, true
		}
	}
	return 0, false
}

// WeaponPrefix is how a blow's formulas read the wielded weapon's fields:
// weapon_skill is its skill.
const WeaponPrefix = "weapon_"

// HandPrefix is how a combatant's formulas read the fields of its own
// weapon in hand (its first ready one), in a blow as outside one: the
// defender's Evasion roll reads hand_mpr, its own weapon's, where
// weapon_mpr is the striking one's (Energy: not proficient, -1 Evasion).
const HandPrefix = "hand_"

// Weapon is a weapon a creature or combatant carries: its name, the damage
// it rolls (with the wielder's stats), the wielder's damage bonus rolled
// apart (BRP's damage modifier: a critical maximises the weapon, not the
// bonus), its kinds, its fields, the rounds it holds where the book counts
// them (0: it counts none), and its hit points where they are kept (0:
// none).
type Weapon struct {
	Name   string         `toml:"name"`
	Damage dice.Expr      `toml:"damage"`
	Bonus  dice.Expr      `toml:"bonus,omitempty"`
	Kinds  []string       `toml:"kinds,omitempty"`
	Fields map[string]int `toml:"fields,omitempty"`
	Ammo   int            `toml:"ammo,omitzero"`
	HP     int            `toml:"hp,omitzero"`
}

// Armor is a piece of armour: what it adds to the ruleset's armour stats,
// and the hit locations it covers (none: all over).
type Armor struct {
	Name      string         `toml:"name"`
	Stats     map[string]int `toml:"stats"`
	Locations []string       `toml:"locations,omitempty"`
	// Rolls are dice rolled for each hit that lands, added to the stat
	// they name (BRP's random armour, l.494: a dice range per hit).
	Rolls map[string]dice.Expr `toml:"rolls,omitempty"`
}

// IsArmor reports whether a stat is one armour adds to.
func (rs *Ruleset) IsArmor(stat string) bool { return slices.Contains(rs.Gear.Armor, stat) }

// WeaponKind returns the weapon kind with the id.
func (rs *Ruleset) WeaponKind(id string) (WeaponKind, bool) {
	for _, k := range rs.Gear.WeaponKinds {
		if k.ID == id {
			return k, true
		}
	}
	return WeaponKind{}, false
}

// WeaponField returns the weapon field with the id.
func (rs *Ruleset) WeaponField(id string) (WeaponField, bool) {
	for _, f := range rs.Gear.WeaponFields {
		if f.ID == id {
			return f, true
		}
	}
	return WeaponField{}, false
}

// HasLocation reports whether a blow may land at a location of that id:
// one of the hit locations (hp.locations) or of the wound record.
func (rs *Ruleset) HasLocation(id string) bool {
	if _, ok := rs.HitLocation(id); ok {
		return true
	}
	_, ok := rs.Location(id)
	return ok
}

func (rs *Ruleset) locationIDs() []string {
	var ids []string
	for _, l := range rs.HP.Locations {
		ids = append(ids, l.ID)
	}
	for _, l := range rs.Vitality.Locations {
		ids = append(ids, l.ID)
	}
	return ids
}

// gear checks the gear a ruleset's combatants carry.
func (c *checker) gear() {
	g := c.rs.Gear
	c.ref("gear.pick_up", "action", g.PickUp, c.actions)
	if g.PickUpDeclared != "" && !slices.ContainsFunc(c.rs.Declarations, func(d Declaration) bool { return d.ID == g.PickUpDeclared }) {
		c.bad("gear.pick_up_declared", "unknown declaration %q ([[declarations]])", g.PickUpDeclared)
	}
	seen := map[string]bool{}
	for i, s := range g.Armor {
		p := fmt.Sprintf("gear.armor[%d]", i)
		switch {
		case !c.stats[s]:
			c.bad(p, "unknown stat %q: armour adds to a stat of the ruleset (its stats: %s)", s, strings.Join(c.rs.statIDs(), ", "))
		case seen[s]:
			c.bad(p, "%q is named twice", s)
		}
		seen[s] = true
	}
	kinds := map[string]bool{}
	for i, k := range g.WeaponKinds {
		p := fmt.Sprintf("gear.weapon_kinds[%d]", i)
		c.id(p+".id", k.ID, kinds)
		if k.Name == "" {
			c.bad(p+".name", "a weapon kind needs a name")
		}
	}
	fields := map[string]bool{}
	for i, f := range g.WeaponFields {
		p := fmt.Sprintf("gear.weapon_fields[%d]", i)
		c.id(p+".id", f.ID, fields)
		if c.stats[WeaponPrefix+f.ID] || c.stats[HandPrefix+f.ID] {
			c.bad(p+".id", "the stat %s%s or %s%s is read by that name: a weapon field %q would hide it", WeaponPrefix, f.ID,
				HandPrefix, f.ID, f.ID)
		}
		if f.Name == "" {
			c.bad(p+".name", "a weapon field needs a name")
		}
		c.expr(p+".default", f.Default)
		if f.Default.HasDice() {
			c.bad(p+".default", "a weapon's number is worked out from its wielder's stats, not rolled")
		}
		c.expr(p+".unarmed", f.Unarmed)
		if f.Unarmed.HasDice() {
			c.bad(p+".unarmed", "a weapon's number is worked out from its wielder's stats, not rolled")
		}
		for _, k := range slices.Sorted(maps.Keys(f.Kinds)) {
			if !kinds[k] {
				c.bad(p+".kinds."+k, "unknown weapon kind %q (gear.weapon_kinds: %s)", k, strings.Join(c.rs.weaponKindIDs(), ", "))
			}
		}
	}
	for i, k := range g.WielderBonus {
		if !kinds[k] {
			c.bad(fmt.Sprintf("gear.wielder_bonus[%d]", i), "unknown weapon kind %q (gear.weapon_kinds: %s)", k,
				strings.Join(c.rs.weaponKindIDs(), ", "))
		}
	}
}

// ValidateWeapon checks a weapon against the ruleset; paths start at path
// ("weapons[0]").
func (rs *Ruleset) ValidateWeapon(path string, w Weapon) []FieldError {
	var errs []FieldError
	bad := func(p string, key bool, format string, args ...any) {
		errs = append(errs, FieldError{Path: p, Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(w.Name) == "" {
		bad(path+".name", false, "a weapon needs a name")
	}
	if w.Damage.IsZero() {
		bad(path+".damage", false, "a weapon needs its damage (\"1d8+4\")")
	}
	stat := func(p string, e dice.Expr) {
		for _, n := range e.Stats() {
			if _, ok := rs.Stat(n); !ok && !slices.Contains(BuiltinStats, n) {
				bad(p, false, "unknown stat %q (the damage reads its wielder's stats: %s)", n, strings.Join(rs.statIDs(), ", "))
			}
		}
	}
	stat(path+".damage", w.Damage)
	stat(path+".bonus", w.Bonus)
	if _, ok := w.Damage.FirstDie(); !ok && !w.Damage.IsZero() {
		if where := rs.extraDiceWithoutDie(); where != "" {
			bad(path+".damage", false, "%q rolls no die, and %s adds extra dice like the weapon's with no extra_die: "+
				"give the weapon a die, or the result an extra_die", w.Damage.String(), where)
		}
	}
	for j, k := range w.Kinds {
		if _, ok := rs.WeaponKind(k); !ok {
			bad(fmt.Sprintf("%s.kinds[%d]", path, j), false, "%s has no weapon kind %q (its kinds: %s)", rs.ID, k,
				strings.Join(rs.weaponKindIDs(), ", "))
		}
		if slices.Contains(w.Kinds[:j], k) {
			bad(fmt.Sprintf("%s.kinds[%d]", path, j), false, "%q is named twice", k)
		}
	}
	for k, v := range w.Fields {
		if _, ok := rs.WeaponField(k); !ok {
			bad(path+".fields."+k, true, "%s has no weapon field %q (its fields: %s)", rs.ID, k, strings.Join(rs.weaponFieldIDs(), ", "))
		} else if v > dice.MaxStat || v < -dice.MaxStat {
			bad(path+".fields."+k, false, "out of range")
		}
	}
	if w.Ammo < 0 || w.Ammo > 1000 {
		bad(path+".ammo", false, "between 1 and 1000 rounds (leave it out where the book counts none)")
	}
	if w.HP < 0 || w.HP > dice.MaxStat {
		bad(path+".hp", false, "between 1 and %d (leave it out where none are kept)", dice.MaxStat)
	}
	return errs
}

// extraDiceWithoutDie names the first blow result that adds extra dice of
// damage like the weapon's with no die of its own (extra_die), or "".
func (rs *Ruleset) extraDiceWithoutDie() string {
	for i, b := range rs.Blows {
		for j, r := range b.Results {
			for k, e := range r.Effects {
				if !e.ExtraDice.IsZero() && e.ExtraDie == 0 {
					return fmt.Sprintf("blows[%d].results[%d].effects[%d] (%s)", i, j, k, b.Name)
				}
			}
		}
	}
	return ""
}

// ValidateArmor checks a piece of armour against the ruleset.
func (rs *Ruleset) ValidateArmor(path string, a Armor) []FieldError {
	var errs []FieldError
	bad := func(p string, key bool, format string, args ...any) {
		errs = append(errs, FieldError{Path: p, Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if strings.TrimSpace(a.Name) == "" {
		bad(path+".name", false, "a piece of armour needs a name")
	}
	if len(a.Stats) == 0 && len(a.Rolls) == 0 {
		bad(path+".stats", false, "say what it adds: %s", strings.Join(rs.Gear.Armor, ", "))
	}
	for _, k := range slices.Sorted(maps.Keys(a.Rolls)) {
		switch e := a.Rolls[k]; {
		case !rs.IsArmor(k):
			bad(path+".rolls."+k, true, "%s: armour adds to %s", k, strings.Join(rs.Gear.Armor, ", "))
		case e.IsZero():
			bad(path+".rolls."+k, false, "dice to roll for each hit (1d6-1)")
		}
	}
	for k, v := range a.Stats {
		if !rs.IsArmor(k) {
			why := "none (gear.armor)"
			if len(rs.Gear.Armor) > 0 {
				why = strings.Join(rs.Gear.Armor, ", ")
			}
			bad(path+".stats."+k, true, "%s: armour adds to %s", k, why)
		} else if v > dice.MaxStat || v < -dice.MaxStat {
			bad(path+".stats."+k, false, "out of range")
		}
	}
	for j, l := range a.Locations {
		if !rs.HasLocation(l) {
			where := "it has none"
			if ids := rs.locationIDs(); len(ids) > 0 {
				where = "its locations: " + strings.Join(ids, ", ")
			}
			bad(fmt.Sprintf("%s.locations[%d]", path, j), false, "%s has no hit location %q (%s)", rs.ID, l, where)
		}
	}
	return errs
}

func (rs *Ruleset) weaponKindIDs() []string {
	var ids []string
	for _, k := range rs.Gear.WeaponKinds {
		ids = append(ids, k.ID)
	}
	if len(ids) == 0 {
		return []string{"none"}
	}
	return ids
}

func (rs *Ruleset) weaponFieldIDs() []string {
	var ids []string
	for _, f := range rs.Gear.WeaponFields {
		ids = append(ids, f.ID)
	}
	if len(ids) == 0 {
		return []string{"none"}
	}
	return ids
}

// Wielded is w as it is in the hands of a new holder who carries own: the
// fields that are the wielder's (weapon_fields.wielder) and, with
// gear.wielder_bonus, the bonus are the holder's own, not its former
// wielder's (BRP l.391: the weapon pulled out is in the hands of the one
// it impaled, its skill and damage modifier).
func (rs *Ruleset) Wielded(w Weapon, own []Weapon) Weapon {
	same := func(x Weapon) bool { return x.Name == w.Name }
	for _, f := range rs.Gear.WeaponFields {
		if !f.Wielder {
			continue
		}
		if _, ok := w.Fields[f.ID]; ok {
			w.Fields = maps.Clone(w.Fields)
			delete(w.Fields, f.ID)
		}
		if i := slices.IndexFunc(own, func(x Weapon) bool { _, ok := x.Fields[f.ID]; return same(x) && ok }); i >= 0 {
			w.Fields = maps.Clone(w.Fields)
			if w.Fields == nil {
				w.Fields = map[string]int{}
			}
			w.Fields[f.ID] = own[i].Fields[f.ID]
		}
	}
	if len(rs.Gear.WielderBonus) > 0 {
		i := slices.IndexFunc(own, same)
		if i < 0 {
			i = slices.IndexFunc(own, func(x Weapon) bool {
				return slices.ContainsFunc(x.Kinds, func(k string) bool { return slices.Contains(rs.Gear.WielderBonus, k) })
			})
		}
		w.Bonus = dice.Expr{}
		if i >= 0 {
			w.Bonus = own[i].Bonus
		}
	}
	if len(w.Fields) == 0 {
		w.Fields = nil
	}
	return w
}
