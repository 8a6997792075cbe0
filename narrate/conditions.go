package narrate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

// ConditionRules says what a condition does to rolls and what it forbids,
// for the rule card: the rolls of each kind its penalties reach, what those
// acting against its holder gain, the checks it adds to, and what it
// forbids or makes wait on a check. Empty when it does none of these.
func ConditionRules(rs *rules.Ruleset, d rules.ConditionDef) (reaches, forbids []string) {
	for _, k := range slices.Sorted(maps.Keys(d.RollMods)) {
		reaches = append(reaches, fmt.Sprintf("%s %s", k, signed(d.RollMods[k].String())))
	}
	for _, id := range slices.Sorted(maps.Keys(d.CheckBonus)) {
		reaches = append(reaches, fmt.Sprintf("%s %+d", checkName(rs, engine.CheckRef{ID: id}), d.CheckBonus[id]))
	}
	if d.MeleeBonus != 0 {
		reaches = append(reaches, fmt.Sprintf("melee attacks against it %+d", d.MeleeBonus))
	}
	if d.RangedBonus != 0 {
		reaches = append(reaches, fmt.Sprintf("ranged attacks against it %+d", d.RangedBonus))
	}
	for _, k := range slices.Sorted(maps.Keys(d.AgainstMods)) {
		reaches = append(reaches, fmt.Sprintf("%s against it %s", k, signed(d.AgainstMods[k].String())))
	}
	switch {
	case d.NoTurn:
		forbids = append(forbids, "no turn")
	case d.Passive:
		forbids = append(forbids, "only passive actions")
	}
	if len(d.Actions) > 0 {
		forbids = append(forbids, "only "+actionList(rs, d.Actions))
	}
	if len(d.Forbids) > 0 {
		forbids = append(forbids, "no "+actionList(rs, d.Forbids))
	}
	for _, k := range d.ForbidsRolls {
		forbids = append(forbids, fmt.Sprintf("no %s rolls", k))
	}
	for _, k := range slices.Sorted(maps.Keys(d.RollsNeed)) {
		forbids = append(forbids, fmt.Sprintf("%s rolls only after a successful %s", k, checkName(rs, engine.CheckRef{ID: d.RollsNeed[k]})))
	}
	if d.NoMovement {
		forbids = append(forbids, "no movement")
	}
	for _, p := range d.NoSpend {
		forbids = append(forbids, "no "+poolName(rs, p)+" spent")
	}
	return reaches, forbids
}

// signed is a modifier's formula with its sign: "-10", "+10", "+target".
func signed(s string) string {
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		return s
	}
	return "+" + s
}

func actionList(rs *rules.Ruleset, ids []string) string {
	names := make([]string, 0, len(ids))
	for _, id := range ids {
		if a, ok := rs.Action(id); ok {
			names = append(names, a.Name)
		} else {
			names = append(names, id)
		}
	}
	return strings.Join(names, ", ")
}
