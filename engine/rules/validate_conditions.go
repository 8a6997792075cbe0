package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// conditionDuration checks how long a condition lasts, and what follows it.
func (c *checker) conditionDuration(p string, d ConditionDef) {
	if d.Duration != "" {
		oneOf(c, p+".duration", d.Duration, Durations)
	}
	c.expr(p+".rounds", d.Rounds)
	c.expr(p+".rounds_at_most", d.RoundsAtMost)
	c.formula(p+".rounds_at_most", d.RoundsAtMost)
	switch {
	case d.Duration == ForRounds && d.Rounds.IsZero():
		c.bad(p+".rounds", "a duration in rounds needs its rounds")
	case d.Duration != ForRounds && !d.Rounds.IsZero():
		c.bad(p+".rounds", "only a duration in rounds has rounds")
	case !d.Rounds.HasDice() && len(d.Rounds.Stats()) == 0:
		if lo, _, err := d.Rounds.Bounds(nil); err == nil && lo < 1 && d.Duration == ForRounds {
			c.bad(p+".rounds", "a duration in rounds needs rounds >= 1")
		}
	}
	for j, th := range d.Then {
		c.ref(fmt.Sprintf("%s.then[%d]", p, j), "condition", th, c.conds)
	}
	for j, by := range d.EndedBy {
		c.ref(fmt.Sprintf("%s.ended_by[%d]", p, j), "condition", by, c.conds)
		if by == d.ID {
			c.bad(fmt.Sprintf("%s.ended_by[%d]", p, j), "a condition cannot end itself")
		}
	}
	if d.EndedByHealing && d.HealedEnds {
		c.bad(p+".ended_by_healing", "healed_ends ends it on healing already, giving its then: one or the other")
	}
	if d.EndedByFirstAid && !c.rs.Wounds.Given() {
		c.bad(p+".ended_by_first_aid", "the ruleset gives no First Aid (wounds.first_aid_check or first_aid_roll)")
	}
	if len(d.Then) > 0 && (d.Duration == UntilRemoved || d.Duration == "") && !d.HealedEnds {
		c.bad(p+".then", "a condition that lasts until removed never runs out")
	}
	if d.AfterFight != "" {
		oneOf(c, p+".after_fight", d.AfterFight, AfterFights)
	}
	switch {
	case !d.LastAction:
	case c.rs.HP.KeepActing || c.rs.Recorded() || c.rs.HP.OutCondition == "":
		c.bad(p+".last_action",
			"a last action is for one hit points take out of the order: hp.out_condition, no keep_acting or wound record")
	case d.NoTurn || d.ID == c.rs.HP.OutCondition:
		c.bad(p+".last_action", "a last action gives a turn: not with no_turn, nor on hp.out_condition itself")
	case d.Duration != ForRounds && d.Turns == 0:
		c.bad(p+".last_action", "a last action runs out: a duration in rounds (expires own_turn_end) or turns")
	}
	if d.UntilPhase != "" {
		switch {
		case !slicesContainsPhase(c.rs.RoundPhases(), d.UntilPhase):
			c.bad(p+".until_phase", "unknown phase %q", d.UntilPhase)
		case d.Duration != UntilRoundEnd:
			c.bad(p+".until_phase", "only a grant to the round's end may end with a phase instead (duration end_of_round)")
		}
	}
	if d.Expires != "" {
		oneOf(c, p+".expires", d.Expires, []Point{AtOwnTurnStart, AtOwnTurnEnd, AtRoundStart, AtRoundEnd})
		c.turnPoint(p+".expires", d.Expires)
		if d.Duration != ForRounds {
			c.bad(p+".expires", "only a duration in rounds counts its rounds down at a point")
		}
	}
}

// conditionRolls checks what a condition rolls at the start of an own turn:
// its check, its table.
func (c *checker) conditionRolls(p string, d ConditionDef) {
	c.expr(p+".check", d.Check)
	if d.CheckPenalized && d.Check.IsZero() {
		c.bad(p+".check_penalized", "penalties apply to a check: this condition has none")
	}
	if d.CheckTarget != 0 && d.Check.IsZero() {
		c.bad(p+".check_target", "a target for a check: this condition has none")
	}
	if c.rs.Order.Kind == OrderNone {
		for _, k := range []struct {
			key string
			set bool
		}{{"check", !d.Check.IsZero()}, {"turns", d.Turns != 0}, {"table_roll", !d.TableRoll.IsZero() && !d.TableOnGive}} {
			if k.set {
				c.bad(p+"."+k.key, "rolled or counted at the start of an own turn: a ruleset with no order has no turns")
			}
		}
	}
	c.expr(p+".table_roll", d.TableRoll)
	for j, id := range d.TableSkippedBy {
		c.ref(fmt.Sprintf("%s.table_skipped_by[%d]", p, j), "condition", id, c.conds)
	}
	if len(d.TableSkippedBy) > 0 && (d.TableRoll.IsZero() || d.TableOnGive) {
		c.bad(p+".table_skipped_by", "it skips the table rolled at the start of each own turn: this condition has none (table_roll)")
	}
	for j, r := range d.Table {
		c.lose(fmt.Sprintf("%s.table[%d].lose", p, j), r.Lose)
		if r.Again < 0 || r.Again > 10 {
			c.bad(fmt.Sprintf("%s.table[%d].again", p, j), "a row rolls the table 0 to 10 more times")
		}
		c.expr(fmt.Sprintf("%s.table[%d].damage", p, j), r.Damage)
		if r.WeaponDamage && !r.Damage.IsZero() {
			c.bad(fmt.Sprintf("%s.table[%d].weapon_damage", p, j), "one of the two: the damage given, or the weapon's")
		}
		if r.LimbField != "" {
			if _, ok := c.rs.WeaponField(r.LimbField); !ok {
				c.bad(fmt.Sprintf("%s.table[%d].limb_field", p, j), "unknown weapon field %q (gear.weapon_fields)", r.LimbField)
			} else if r.Damage.IsZero() && !r.WeaponDamage {
				c.bad(fmt.Sprintf("%s.table[%d].limb_field", p, j), "where the row's damage lands: give damage or weapon_damage")
			}
		}
		c.expr(fmt.Sprintf("%s.table[%d].weapon_hits", p, j), r.WeaponHits)
		for key, fate := range map[string]WeaponFate{"weapon": r.Weapon, "unkept": r.Unkept} {
			switch fate {
			case "", FateDropped, FateBroken:
			default:
				c.bad(fmt.Sprintf("%s.table[%d].%s", p, j, key), "dropped or broken (a blow sticks a weapon, not a table)")
			}
		}
		if r.Weapon != "" && !r.WeaponHits.IsZero() {
			c.bad(fmt.Sprintf("%s.table[%d].weapon_hits", p, j), "one of the two: what becomes of the weapon, or the points it loses")
		}
		c.expr(fmt.Sprintf("%s.table[%d].weapon_flies", p, j), r.WeaponFlies)
		if r.Alone != 0 {
			k := slices.IndexFunc(d.Table, func(o TableRow) bool { return r.Alone <= o.UpTo })
			if k < 0 || d.Table[k].Alone != 0 {
				c.bad(fmt.Sprintf("%s.table[%d].alone", p, j), "a roll landing on a row of the table that has no alone of its own")
			}
		}
		if r.FoeHits != "" && !c.blowOutcome(r.FoeHits) {
			c.bad(fmt.Sprintf("%s.table[%d].foe_hits", p, j), "%q is no outcome of a blow's attack check (blows.check)", r.FoeHits)
		}
		if !r.WeaponFlies.IsZero() && r.Weapon != FateDropped {
			c.bad(fmt.Sprintf("%s.table[%d].weapon_flies", p, j), "how far a dropped weapon lands: give weapon = \"dropped\"")
		}
		for _, k := range slices.Sorted(maps.Keys(r.StatsLost)) {
			q := fmt.Sprintf("%s.table[%d].stats_lost.%s", p, j, k)
			switch {
			case strings.TrimSpace(k) == "":
				c.bad(q, "a stat's name")
			case r.StatsLost[k].IsZero():
				c.bad(q, "the dice of the stat lost")
			case d.CheckOnGive == "" || !d.TableOnGive:
				c.bad(q, "lost when the check given with the condition fails: give table_on_give and check_on_give")
			default:
				c.expr(q, r.StatsLost[k])
			}
		}
		if r.Unkept != "" && r.WeaponHits.IsZero() {
			c.bad(fmt.Sprintf("%s.table[%d].unkept", p, j), "it is for a weapon that keeps no hit points for weapon_hits to take off")
		}
		for k, id := range r.Give {
			q := fmt.Sprintf("%s.table[%d].give[%d]", p, j, k)
			c.ref(q, "condition", id, c.conds)
			if id == d.ID {
				c.bad(q, "a row gives a condition other than its own table's")
			}
		}
	}
	if len(d.Table) > 0 && d.TableRoll.IsZero() {
		c.bad(p+".table_roll", "a table needs a roll")
	}
	if id := d.CheckOnGive; id != "" {
		if _, ok := c.rs.Check(id); !ok {
			c.bad(p+".check_on_give", "unknown check %q", id)
		}
	}
	if d.GivenAnew && d.Duration != ForRounds && !d.TableOnGive && d.CheckOnGive == "" {
		c.bad(p+".given_anew", "nothing starts over: give it rounds, table_on_give or check_on_give")
	}
	if !d.RoundsAtMost.IsZero() && d.Duration != ForRounds {
		c.bad(p+".rounds_at_most", "only a condition that lasts rounds has rounds to cut")
	}
	if d.TableOnGive && d.TableRoll.IsZero() {
		c.bad(p+".table_on_give", "this condition has no table to roll")
	}
	if d.SkipActed && (d.Duration != ForRounds || (d.Expires != "" && d.Expires != AtRoundEnd)) {
		c.bad(p+".skip_acted", "only rounds counted down as the round ends wait for the next round")
	}
	if d.WaitsRound && (d.WaitsActed || d.SkipActed) {
		c.bad(p+".waits_round", "it waits for the next round anyway: not with waits_acted or skip_acted")
	}
	if d.WaitsActed && d.SkipActed {
		c.bad(p+".waits_acted", "one of the two: skip_acted holds it now and counts from the next round; waits_acted holds it from then")
	}
	if d.Stanches && (d.Duration == UntilRemoved || d.Duration == "") {
		c.bad(p+".stanches", "wounds are closed when its own time runs out: give it a duration")
	}
}

// conditionCaps checks the pools a condition caps.
func (c *checker) conditionCaps(p string, d ConditionDef) {
	for j, k := range d.MovingUsesUp {
		if !c.pools[k] {
			c.bad(fmt.Sprintf("%s.moving_uses_up[%d]", p, j), "unknown pool %q", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(d.Caps)) {
		switch {
		case !c.pools[k]:
			c.bad(p+".caps."+k, "unknown pool %q", k)
		case d.Caps[k] < 0:
			c.bad(p+".caps."+k, "a pool is capped at 0 or more")
		}
	}
}

// poolThreshold checks a band of a pool: a pool whose capacity is a formula
// (it is read again at every check), in percentages.
func (c *checker) poolThreshold(p string, t Threshold) {
	if t.Pool == "" {
		return
	}
	if !c.pools[t.Pool] {
		c.bad(p+".pool", "unknown pool %q", t.Pool)
		return
	}
	if t.Below == nil && t.AtMostPct == nil {
		c.bad(p+".pool", "a band of a pool is a percentage of its capacity (below or at_most)")
	}
	for _, pl := range c.rs.Pools {
		if pl.ID == t.Pool && pl.Capacity.HasDice() {
			c.bad(p+".pool", "the pool's capacity is rolled: a band needs a formula of stats")
		}
	}
}

// conditionChecks checks the bonuses a condition adds to checks.
func (c *checker) conditionChecks(p string, d ConditionDef) {
	for _, id := range slices.Sorted(maps.Keys(d.CheckBonus)) {
		if _, ok := c.rs.Check(id); !ok {
			c.bad(p+".check_bonus."+id, "unknown check %q", id)
		} else if d.CheckBonus[id] == 0 {
			c.bad(p+".check_bonus."+id, "a bonus of 0 does nothing")
		}
	}
	for j, id := range d.ForbidsChecks {
		if _, ok := c.rs.Check(id); !ok {
			c.bad(fmt.Sprintf("%s.forbids_checks[%d]", p, j), "unknown check %q", id)
		}
	}
	if d.ForbidsCuts && !c.rs.cutsFree() {
		c.bad(p+".forbids_cuts", "no blow's result cuts free (cuts_free): there is no cut to forbid")
	}
	for j, k := range d.ForbidsWeapons {
		if _, ok := c.rs.WeaponKind(k); !ok {
			c.bad(fmt.Sprintf("%s.forbids_weapons[%d]", p, j), "unknown weapon kind %q (gear.weapon_kinds: %s)", k,
				strings.Join(c.rs.weaponKindIDs(), ", "))
		}
	}
	if d.SpentByCheck && len(d.CheckBonus) == 0 {
		c.bad(p+".spent_by_check", "it is spent by a check it adds to: give it a check_bonus")
	}
}

// maneuvers checks the maneuver table: a cell for each column, each doing
// something, its check and conditions known.
func (c *checker) maneuvers() {
	mv := c.rs.Maneuvers
	if len(mv.Rows) > 0 && len(mv.Columns) == 0 {
		c.bad("maneuvers.columns", "the table's columns need names")
	}
	ids := map[string]bool{}
	for i, r := range mv.Rows {
		p := fmt.Sprintf("maneuvers.rows[%d]", i)
		c.id(p+".id", r.ID, ids)
		if r.Name == "" {
			c.bad(p+".name", "a maneuver needs a name")
		}
		if _, ok := c.rs.Check(r.Check); r.Check != "" && !ok {
			c.bad(p+".check", "unknown check %q", r.Check)
		}
		c.ref(p+".give", "condition", r.Give, c.conds)
		if len(r.Cells) != len(mv.Columns) {
			c.bad(p+".cells", "%d cells for %d columns", len(r.Cells), len(mv.Columns))
		}
		for j, cell := range r.Cells {
			q := fmt.Sprintf("%s.cells[%d]", p, j)
			c.ref(q+".give", "condition", cell.Give, c.conds)
			c.fateNotStuck(q+".weapon", cell.Weapon)
			switch {
			case cell.Target != 0 && r.Effect == "":
				c.bad(q+".target", "a target is the level of the row's effect: name it (Fumble, Shock)")
			case cell.Target == 0 && cell.Give == "" && r.Give == "" && cell.Weapon == "":
				c.bad(q, "a cell with no target and nothing to give does nothing")
			}
		}
	}
}

// blowOutcome reports whether id is an outcome of some blow's attack check.
func (c *checker) blowOutcome(id string) bool {
	for _, b := range c.rs.Blows {
		if ch, ok := c.rs.Check(b.Check); ok && slices.ContainsFunc(ch.Outcomes, func(o Outcome) bool { return o.ID == id }) {
			return true
		}
	}
	return false
}

// cutsFree reports whether some blow's result has a cuts_free effect.
func (rs *Ruleset) cutsFree() bool {
	for _, b := range rs.Blows {
		for _, r := range b.Results {
			if slices.ContainsFunc(r.Effects, func(e BlowEffect) bool { return e.CutsFree }) {
				return true
			}
		}
	}
	return false
}
