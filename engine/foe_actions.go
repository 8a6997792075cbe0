package engine

import (
	"fmt"
	"strings"

	"fray/engine/rules"
)

// Actions taken at a foe that ask something of it and do something to it
// (actions.foe_holds, foe_gets: Pathmaster's coup de grace, at the helpless
// alone, kills it; foe_loses: shaking a fascinated ally free), and what an action provokes (actions.provokes: the
// Opportunity Attack the foes in reach may take in answer).

// foeHolds checks the foe an action asks for: named, and holding one of
// its foe_holds. It changes nothing.
func (t *tx) foeHolds(a rules.ActionDef, at int) error {
	if len(a.FoeHolds) == 0 && a.FoeGets == "" {
		return nil
	}
	if at == 0 {
		return fmt.Errorf("%s is taken at a foe: name which", a.Name)
	}
	foe := t.enc.Combatant(at)
	if a.FoeGets != "" && foe.Has(a.FoeGets) {
		def, _ := t.rs.Condition(a.FoeGets)
		return fmt.Errorf("%s %s already", foe.Name, being(def, "is"))
	}
	if len(a.FoeHolds) == 0 {
		return nil
	}
	var names []string
	for _, id := range a.FoeHolds {
		if foe.Has(id) {
			return nil
		}
		def, _ := t.rs.Condition(id)
		names = append(names, def.Name)
	}
	return fmt.Errorf("%s is taken at a foe who is %s: %s is not", a.Name, strings.Join(names, " or "), foe.Name)
}

// foeGets gives the foe an action was taken at its foe_gets, and takes
// its foe_loses, once paid.
func (t *tx) foeGets(a rules.ActionDef, at int) error {
	if at == 0 {
		return nil
	}
	for _, id := range a.FoeLoses {
		t.checkTake(t.mine(t.enc.Combatant(at)), id)
	}
	if a.FoeGets == "" {
		return nil
	}
	return t.giveCondition(GiveCondition{Who: at, Condition: a.FoeGets})
}
