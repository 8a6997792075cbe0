package engine

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"fray/engine/dice"
	"fray/engine/rules"
)

// One way modifiers reach a roll. Every roll fray makes for a combatant
// (a check, the stun recovery, First Aid, a condition's check, initiative,
// a Resistance Roll, an action's roll, and the blow's rolls) is given its
// modifiers here, by its kind (rules.RollKind): the roller's injury
// penalties where the roll takes them; each condition it holds that
// reaches the kind (conditions.roll_mods), or adds to the check
// (check_bonus); what the state of the one it is rolled against gives
// those who act against it (that one's conditions' against_mods, melee
// and ranged bonuses, its stun level's attacker bonus, the ranged bonus of
// what it declared); the step of a defence after the first; the check's
// modifiers the GM chose and the one the GM typed. Stances and caps that
// change a stat the roll reads (a declaration, a condition's cap) are in
// the stat already: they are named beside the others, not added again.

// Rolling is a roll fray makes for a combatant, as its modifiers see it.
type Rolling struct {
	// Kind is the kind of roll: what the conditions' modifiers and
	// restrictions reach. "" is a roll of no kind: only what the roll
	// takes by itself (its penalties, the GM's) is added.
	Kind rules.RollKind
	// Check is the ruleset's check rolled, when the roll is one (nil
	// otherwise): its check_bonus, the defence step, its chosen modifiers,
	// and the stats and target number its formulas read.
	Check *rules.Check
	// Reads are the formulas of a roll that is not a check (a recovery's,
	// a First Aid's): the stats the named stances change are those they read.
	Reads []dice.Expr
	// Penalized: the roller's injury penalties apply (bands, critical
	// injuries, the wound record).
	Penalized bool
	// Against is the one the roll is made against (nil: nobody).
	Against *Combatant
	// Chosen are the check's modifiers the GM chose; Expr the modifier the
	// GM typed ("" none; it may roll dice).
	Chosen []string
	Expr   string
	// Own and Theirs, when set, are the stats the roll itself reads (during
	// a blow, the striking weapon's fields as weapon_X): a modifier that
	// reads the check's target number ("target": Easy doubles the chance)
	// must find the target the roll has. Nil: the combatants' own stats.
	Own, Theirs dice.StatFunc
	// OffTurn: the roll is made out of the roller's own turn in a fight
	// under way: conditions own_turn_only add nothing to it.
	OffTurn bool
}

// Modifiers are what a roll is rolled with besides its dice.
type Modifiers struct {
	// Mods name every modifier with its amount, in the order gathered: the
	// GM's chosen ones, the roller's conditions, what the one it is rolled
	// against gives, and the stances and caps already in a stat (Stat set:
	// shown, not added).
	Mods []CheckMod
	// Penalty is the roller's injury penalties, where the roll takes them.
	Penalty int
	// Defence is which defence this is in the round (from 1) where it
	// takes the step for the ones before; DefenceMod is that step.
	Defence, DefenceMod int
	// Total is every amount added but the typed modifier.
	Total int
	// Expr is the typed modifier, as typed ("" none).
	Expr string
	// Free: a defence rolled with a free modifier chosen (no step, and
	// none counted); AtStep: at the step reached all the same, adding none
	// (free_at_step).
	Free, AtStep bool
	// Edge is the Advantage or Disadvantage the roll's dice are rolled
	// with: what the Mods with an Edge give, one of each cancelling.
	Edge dice.Edge
	// TargetMod is added to the check's target number, not the roll: the
	// chosen modifiers' target (named in Mods with Stat "target").
	TargetMod int
}

// Added reports whether anything is added to the roll.
func (m Modifiers) Added() bool {
	return strings.TrimSpace(m.Expr) != "" || m.Total != 0 || m.Penalty != 0 || m.DefenceMod != 0 ||
		slices.ContainsFunc(m.Mods, func(x CheckMod) bool { return x.Stat == "" && !x.Free && x.Needs == "" && x.Edge == dice.NoEdge })
}

// Modifier is the whole modifier as one expression, the typed part and the
// sum of the rest; zero when nothing is added.
func (m Modifiers) Modifier() (dice.Expr, error) {
	if !m.Added() {
		return dice.Expr{}, nil
	}
	text := strings.TrimSpace(m.Expr)
	switch {
	case text == "":
		text = strconv.Itoa(m.Total)
	case m.Total != 0:
		text = fmt.Sprintf("(%s) %+d", text, m.Total)
	}
	e, err := dice.Parse(text)
	if err != nil {
		return e, fmt.Errorf("%s: %w", m.Expr, err)
	}
	return e, nil
}

// RollMods gathers every modifier of a roll of c's: see the top of this
// file. It changes nothing. The blow calls it for each roll it makes.
func RollMods(rs *rules.Ruleset, c *Combatant, r Rolling) (Modifiers, error) {
	m := Modifiers{Expr: r.Expr}
	own, theirs := r.Own, r.Theirs
	if own == nil {
		own = statsOf(rs, c)
	}
	if theirs == nil && r.Against != nil {
		theirs = statsOf(rs, r.Against)
	}
	stats := weaponDefaults(rs, checkStats(own, theirs))
	base := 0
	if r.Check != nil {
		if v, err := formula(r.Check.Target, stats); err == nil {
			base = v
		}
	}
	// The target number a modifier reads: the check's own, or, where the
	// ruleset compounds them ([dice] compound_target), what the modifiers
	// gathered before it left it (BRP: Difficult twice is a quarter).
	compound := rs.Dice.CompoundTarget
	read := func(name string) (int, bool) {
		if name == rules.TargetNumber {
			if compound {
				return base + m.Total + m.TargetMod, true
			}
			return base, true
		}
		return stats(name)
	}
	add := func(x CheckMod) {
		m.Mods = append(m.Mods, x)
		if x.Stat == "" {
			m.Total += x.Value
		}
	}
	// The GM's choices of the check's modifiers.
	if ch := r.Check; ch != nil {
		for _, id := range r.Chosen {
			md, ok := ch.Modifier(id)
			if !ok {
				return m, fmt.Errorf("%s has no modifier %q", ch.Name, id)
			}
			if md.Free {
				m.Free, m.AtStep = true, md.FreeAtStep
			}
			if md.Edge != "" {
				m.Mods = append(m.Mods, CheckMod{Modifier: md.ID, Edge: dice.Edge(md.Edge.Sign())})
			}
			if !md.Target.IsZero() {
				v, err := formula(md.Target, read)
				if err != nil {
					return m, fmt.Errorf("%s: %w", md.Name, err)
				}
				m.Mods = append(m.Mods, CheckMod{Modifier: md.ID, Stat: rules.TargetNumber, Value: v})
				m.TargetMod += v
			}
			if md.Needs != "" && md.Mod.IsZero() {
				m.Mods = append(m.Mods, CheckMod{Modifier: md.ID, Needs: md.Needs}) // a bar to pass, nothing added
			}
			if md.Mod.IsZero() {
				if md.Free {
					m.Mods = append(m.Mods, CheckMod{Modifier: md.ID, Free: true}) // free, and nothing more
				}
				continue
			}
			v, err := formula(md.Mod, read) // target: the check's target number (Easy: +target)
			if err != nil {
				return m, fmt.Errorf("%s: %w", md.Name, err)
			}
			add(CheckMod{Modifier: md.ID, Value: v})
		}
	}
	// The roller's conditions: what each adds to this check, and to rolls
	// of this kind.
	for _, x := range c.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok || !x.reaches(r.Against) || def.OwnTurnOnly && r.OffTurn {
			continue
		}
		if ch := r.Check; ch != nil && def.CheckBonus[ch.ID] != 0 {
			add(CheckMod{Condition: def.ID, Value: def.CheckBonus[ch.ID]})
		}
		for _, k := range slices.Sorted(maps.Keys(def.RollMods)) {
			if !rules.Reaches(k, r.Kind) {
				continue
			}
			v, err := formula(def.RollMods[k], read)
			if err != nil {
				return m, fmt.Errorf("%s: %w", def.Name, err)
			}
			add(CheckMod{Condition: def.ID, Value: v})
		}
		for _, k := range slices.Sorted(maps.Keys(def.RollEdge)) {
			if rules.Reaches(k, r.Kind) {
				add(CheckMod{Condition: def.ID, Edge: dice.Edge(def.RollEdge[k].Sign())})
				break
			}
		}
	}
	// What the state of the one it is rolled against gives.
	if foe := r.Against; foe != nil {
		voids := append(foeVoids(rs, c, foe), holderVoids(rs, c)...)
		if r.Check != nil {
			voids = append(voids, chosenVoids(r.Check, r.Chosen)...)
		}
		mods, err := againstMods(rs, c, foe, r.Kind, voids, read)
		if err != nil {
			return m, err
		}
		for _, x := range mods {
			add(x)
		}
		if ch := r.Check; ch != nil && ch.TargetBonuses != "" {
			for _, x := range attackerBonuses(rs, c, foe, rules.RollKind(ch.TargetBonuses), voids) {
				add(x)
			}
		}
		x, ignored := ignoredDodge(rs, c, foe, r.Kind)
		if ignored {
			add(x)
		}
		if u, unaware := unawareDodge(rs, foe, r); unaware {
			if !ignored {
				add(u) // put back once
			}
		} else if x, ok := aimingDodge(rs, c, r); ok {
			add(x)
		}
	}
	// Stances and caps already in the stats the roll reads.
	reads := r.Reads
	if ch := r.Check; ch != nil {
		reads = []dice.Expr{ch.Roll, ch.Target}
	}
	for _, x := range statParts(rs, c, r.Against, reads) {
		add(x)
	}
	if ch := r.Check; ch != nil && ch.Defence && (!m.Free || m.AtStep) {
		if d := DefenceMod(rs, c); d != 0 {
			m.Defence, m.DefenceMod = c.Defences+1, d
			m.Total += d
		}
	}
	if x, ok := positionMod(rs, c, r.Kind); ok {
		add(x)
	}
	if x, ok := initRoundsMod(rs, c, r.Kind); ok {
		add(x)
	}
	if x, ok := aimedMod(c, r.Against, r.Kind); ok {
		add(x)
	}
	if x, ok := strikeMod(c, r.Check, r.Kind); ok {
		add(x)
	}
	if r.Penalized {
		m.Penalty = Penalty(rs, c)
		m.Total += m.Penalty
	}
	m.Edge = edgeOf(m.Mods)
	return m, nil
}

// edgeOf is the Advantage or Disadvantage the modifiers give a roll: any
// number of one is one, and one of each cancels (Energy l.380).
func edgeOf(mods []CheckMod) dice.Edge {
	adv, dis := false, false
	for _, x := range mods {
		adv = adv || x.Edge > 0
		dis = dis || x.Edge < 0
	}
	switch {
	case adv && !dis:
		return dice.Advantage
	case dis && !adv:
		return dice.Disadvantage
	}
	return dice.NoEdge
}

// againstMods are what c making a roll of the kind against foe gains
// from its state: its conditions' against_mods (formulas of the roller's
// stats, foe's as target_X, and the roll's target number), and for an
// attack its conditions' melee or ranged bonus (but those of the
// conditions in voids: the modifiers chosen void them), its stun level's
// attacker bonus and the ranged bonus of what it declared. A condition
// foe holds at one combatant (given by an action at_foe) gives its own
// to that one's rolls alone (Pathmaster's Retreat, l.725-730).
func againstMods(rs *rules.Ruleset, c, foe *Combatant, kind rules.RollKind, voids []string, read dice.StatFunc) ([]CheckMod, error) {
	out := stunBonus(rs, foe, kind)
	ranged := rules.Reaches(rules.RollRanged, kind)
	level := -1 // where the against_once mod taken is in out
	// Where the ruleset compounds them, a formula reading the target
	// number reads it with the modifiers gathered here before it (an
	// against_once level without the level it would stand in for).
	running := func(once bool) dice.StatFunc {
		return func(name string) (int, bool) {
			v, ok := read(name)
			if ok && name == rules.TargetNumber && rs.Dice.CompoundTarget {
				for i, x := range out {
					if x.Stat == "" && (!once || i != level) {
						v += x.Value
					}
				}
			}
			return v, ok
		}
	}
	for _, x := range foe.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok || !x.reaches(c) {
			continue
		}
		if b, ok := conditionBonus(rs, foe, x, kind); ok && !slices.Contains(voids, x.ID) {
			out = append(out, b)
		}
		for _, k := range slices.Sorted(maps.Keys(def.AgainstMods)) {
			if !rules.Reaches(k, kind) {
				continue
			}
			v, err := formula(def.AgainstMods[k], running(def.AgainstOnce))
			if err != nil {
				return out, fmt.Errorf("%s: %w", def.Name, err)
			}
			m := CheckMod{Condition: def.ID, Target: true, Value: v}
			if def.AgainstOnce {
				// A level: the largest of those that say so alone.
				if level >= 0 {
					if v > out[level].Value {
						out[level] = m
					}
					continue
				}
				level = len(out)
			}
			out = append(out, m)
		}
		for _, k := range slices.Sorted(maps.Keys(def.AgainstEdge)) {
			if rules.Reaches(k, kind) {
				out = append(out, CheckMod{Condition: def.ID, Target: true, Edge: dice.Edge(def.AgainstEdge[k].Sign())})
				break
			}
		}
	}
	if ranged {
		// The declarations' ranged bonus is counted once, the largest
		// (AttackerBonus): standing still is one thing however declared.
		var most *CheckMod
		for _, x := range foe.Declared {
			if d, ok := rs.Declaration(x.ID); ok && d.RangedBonus != 0 && (most == nil || d.RangedBonus > most.Value) {
				most = &CheckMod{Declaration: d.ID, Target: true, Value: d.RangedBonus}
			}
		}
		if most != nil {
			out = append(out, *most)
		}
	}
	return out, nil
}

// chosenVoids are the target's conditions whose melee and ranged bonus
// the modifiers chosen void (checks.modifiers.voids_bonuses).
func chosenVoids(ch *rules.Check, chosen []string) []string {
	var out []string
	for _, id := range chosen {
		if md, ok := ch.Modifier(id); ok {
			out = append(out, md.VoidsBonuses...)
		}
	}
	return out
}

// foeVoids are foe's conditions whose melee and ranged bonus c's rolls do
// not take: those a condition foe holds at c voids (voids_for_foe).
func foeVoids(rs *rules.Ruleset, c, foe *Combatant) []string {
	var out []string
	for _, x := range foe.Conditions {
		if def, ok := rs.Condition(x.ID); ok && x.On != 0 && x.On == c.ID {
			out = append(out, def.VoidsForFoe...)
		}
	}
	return out
}

// holderVoids are the foe's conditions whose melee and ranged bonus c's
// rolls do not take because of a condition c holds
// (voids_target_bonuses: an invisible attacker ignores the Dodge Prone
// changes).
func holderVoids(rs *rules.Ruleset, c *Combatant) []string {
	var out []string
	for _, x := range c.Conditions {
		if def, ok := rs.Condition(x.ID); ok {
			out = append(out, def.VoidsTargetBonuses...)
		}
	}
	return out
}

// attackerBonuses are what attackers of the kind gain from foe's state:
// its stun level's attacker bonus, and its conditions' melee or ranged
// bonus (those the stun counts, another condition voids, or in voids, left
// out); one held at another than c gives c nothing.
func attackerBonuses(rs *rules.Ruleset, c, foe *Combatant, kind rules.RollKind, voids []string) []CheckMod {
	out := stunBonus(rs, foe, kind)
	for _, x := range foe.Conditions {
		if !x.reaches(c) {
			continue
		}
		if b, ok := conditionBonus(rs, foe, x, kind); ok && !slices.Contains(voids, x.ID) {
			out = append(out, b)
		}
	}
	return out
}

// stunBonus is the attacker bonus of foe's stun level now, for an attack.
func stunBonus(rs *rules.Ruleset, foe *Combatant, kind rules.RollKind) []CheckMod {
	attack := rules.Reaches(rules.RollAttack, kind) || rules.Reaches(rules.RollMelee, kind) || rules.Reaches(rules.RollRanged, kind)
	if lvl, _ := StunNow(rs, foe); lvl >= 0 && attack {
		if l := rs.Stun.Levels[lvl]; l.AttackerBonus != 0 {
			return []CheckMod{{Level: l.ID, Target: true, Value: l.AttackerBonus}}
		}
	}
	return nil
}

// conditionBonus is the melee or ranged bonus a condition foe holds gives
// attackers of the kind, unless the stun counts it or another voids it.
func conditionBonus(rs *rules.Ruleset, foe *Combatant, x Condition, kind rules.RollKind) (CheckMod, bool) {
	def, ok := rs.Condition(x.ID)
	switch {
	case !ok, stunCounts(rs, foe, x), voided(rs, foe, x.ID):
	case rules.Reaches(rules.RollMelee, kind) && def.MeleeBonus != 0:
		return CheckMod{Condition: def.ID, Target: true, Value: def.MeleeBonus}, true
	case rules.Reaches(rules.RollRanged, kind) && def.RangedBonus != 0:
		return CheckMod{Condition: def.ID, Target: true, Value: def.RangedBonus}, true
	}
	return CheckMod{}, false
}

// statParts names what the roller's and the foe's declarations and
// conditions' caps put into the stats the formulas read: already counted,
// shown beside the modifiers.
func statParts(rs *rules.Ruleset, c, foe *Combatant, reads []dice.Expr) []CheckMod {
	var out []CheckMod
	seen := map[string]bool{}
	for _, e := range reads {
		for _, name := range e.Stats() {
			if seen[name] {
				continue
			}
			seen[name] = true
			who, stat, target := c, name, false
			if s, ok := strings.CutPrefix(name, rules.TargetPrefix); ok {
				if foe == nil {
					continue
				}
				who, stat, target = foe, s, true
			}
			out = append(out, partsOf(rs, who, stat, target)...)
		}
	}
	return out
}

// partsOf is what a combatant's declarations and caps do to one stat.
func partsOf(rs *rules.Ruleset, c *Combatant, stat string, target bool) []CheckMod {
	var out []CheckMod
	for _, x := range c.Declared {
		for _, sm := range DeclaredMods(rs, c, x) {
			if sm.Stat == stat && sm.Mod != 0 {
				out = append(out, CheckMod{Declaration: x.ID, Stat: stat, Target: target, Value: sm.Mod})
			}
		}
	}
	if rs.Guard.Set() {
		for _, x := range guardDelta(rs, c, stat, c.Stats[stat]) {
			x.Target = target
			out = append(out, x)
		}
	}
	if v := CastingStat(rs, c, stat); v != 0 {
		out = append(out, CheckMod{Casting: true, Stat: stat, Target: target, Value: v})
	}
	if id, capped, ok := capOf(rs, c, stat); ok && id != "" {
		c2 := *c
		c2.Conditions = nil
		if v, _ := statsOf(rs, &c2)(stat); capped < v {
			out = append(out, CheckMod{Condition: id, Stat: stat, Target: target, Value: capped - v})
		}
	}
	return out
}

// capOf is the condition whose cap on a stat is the lowest (CappedStat),
// with the cap.
func capOf(rs *rules.Ruleset, c *Combatant, name string) (string, int, bool) {
	low, found, id := 0, false, ""
	// try takes a cap on the stat from caps, held by who ("" for a band
	// of hit points), where it is the lowest yet.
	try := func(caps map[string]dice.Expr, who string) {
		e, ok := caps[name]
		if !ok {
			return
		}
		v, err := dice.Roller{}.Total(e, func(name string) (int, bool) { v, ok := c.Stats[name]; return v, ok }) // dice.StatMap
		if err != nil {
			return
		}
		if !found || v < low {
			low, found, id = v, true, who
		}
	}
	for _, x := range c.Conditions {
		if def := conditionDef(rs, x.ID); def != nil {
			try(def.Stats, def.ID)
		}
	}
	// The lowest band of hit points held caps too (thresholds.stats): no
	// condition's.
	for i := range rs.Thresholds {
		if len(rs.Thresholds[i].Stats) > 0 {
			if th := hitBand(rs, c); th != nil {
				try(th.Stats, "")
			}
			break
		}
	}
	return id, low, found
}

// conditionDef is rs.Condition's definition, the ruleset's own, not a
// copy (nil: none).
func conditionDef(rs *rules.Ruleset, id string) *rules.ConditionDef {
	for i := range rs.Conditions {
		if rs.Conditions[i].ID == id {
			return &rs.Conditions[i]
		}
	}
	return nil
}

// rollMods is RollMods within a transition.
func (t *tx) rollMods(c *Combatant, r Rolling) (Modifiers, error) {
	if r.Own == nil {
		r.Own = t.statsOf(c)
	}
	if r.Theirs == nil && r.Against != nil {
		r.Theirs = t.statsOf(r.Against)
	}
	r.OffTurn = t.enc.Status == StatusRunning && !t.ownTurn(c)
	return RollMods(t.rs, c, r)
}

// rollWith rolls an expression for a combatant with the modifiers of a
// roll of its kind (and its penalties where it takes them), and logs it:
// what, a roll fact, is given the modifiers. It returns the roll and what
// it comes to with them.
func (t *tx) rollWith(c *Combatant, e dice.Expr, r Rolling, what modded) (dice.Result, int, error) {
	if r.Reads == nil {
		r.Reads = []dice.Expr{e}
	}
	m, err := t.rollMods(c, r)
	if err != nil {
		return dice.Result{}, 0, err
	}
	res, err := t.rollEdged(c, e, what.withMods(m), m.Edge)
	if err == nil {
		t.rolledEnds(c, r.Kind, CheckRef{})
		t.positionSpent(c, m)
		t.initRoundsSpent(c, m)
		t.aimedSpent(c, m)
	}
	return res, res.Total + m.Total, err
}

// modded is a roll fact that states the modifiers added to it.
type modded interface {
	Fact
	withMods(m Modifiers) Fact
}

func (f ConditionCheckRoll) withMods(m Modifiers) Fact {
	f.Penalty, f.Mods = m.Penalty, namedMods(m)
	return f
}
func (f FirstAidRoll) withMods(m Modifiers) Fact {
	f.Penalty, f.Mods = m.Penalty, namedMods(m)
	return f
}
func (f ActionRoll) withMods(m Modifiers) Fact { f.Mods = namedMods(m); return f }

// namedMods are the modifiers a roll fact names: those added.
func namedMods(m Modifiers) []CheckMod {
	if len(m.Mods) == 0 {
		return nil
	}
	return slices.Clone(m.Mods)
}
