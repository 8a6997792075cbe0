package rules

import (
	"fmt"

	"fray/engine/dice"
)

// Rest is a rest between fights as the ruleset's book gives it (Energy's
// Short and Long Rest): what it gives back to a party kept from one fight
// for the next. fray party rest takes one.
type Rest struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Summary string `toml:"summary"`
	// Refills are the pools it fills to their capacity.
	Refills []string `toml:"refills"`
	// Takes are the conditions it ends (Shaken until a Short Rest).
	Takes []string `toml:"takes"`
	// HealsAll gives back every hit point (a Long Rest: all Aura).
	HealsAll bool `toml:"heals_all"`
	// Spend is a pool the GM may spend from during the rest, each point
	// healing SpendHeals, rolled with the one resting's stats (Recovery
	// Surges: each gives the Recovery Value in Aura).
	Spend      string    `toml:"spend"`
	SpendHeals dice.Expr `toml:"spend_heals"`
}

// Rest returns the rest with the id.
func (rs *Ruleset) Rest(id string) (Rest, bool) {
	for _, r := range rs.Rests {
		if r.ID == id {
			return r, true
		}
	}
	return Rest{}, false
}

// rests checks each rest: its id and name, the pools and conditions it
// names, what it spends and heals, and that it gives something back.
func (c *checker) rests() {
	seen := map[string]bool{}
	for i, r := range c.rs.Rests {
		p := fmt.Sprintf("rests[%d]", i)
		c.id(p+".id", r.ID, seen)
		if r.Name == "" {
			c.bad(p+".name", "a rest needs a name")
		}
		for j, id := range r.Refills {
			c.ref(fmt.Sprintf("%s.refills[%d]", p, j), "pool", id, c.pools)
		}
		for j, id := range r.Takes {
			c.ref(fmt.Sprintf("%s.takes[%d]", p, j), "condition", id, c.conds)
		}
		c.ref(p+".spend", "pool", r.Spend, c.pools)
		c.expr(p+".spend_heals", r.SpendHeals)
		switch {
		case r.Spend != "" && r.SpendHeals.IsZero():
			c.bad(p+".spend_heals", "what each point of %s spent heals is needed", r.Spend)
		case r.Spend == "" && !r.SpendHeals.IsZero():
			c.bad(p+".spend_heals", "heals for each point spent: say which pool is spent (spend)")
		}
		if c.rs.Recorded() {
			if r.HealsAll {
				c.bad(p+".heals_all", "%s keeps a wound record: a rest heals no hit points", c.rs.ID)
			}
			if r.Spend != "" {
				c.bad(p+".spend", "%s keeps a wound record: a rest heals no hit points", c.rs.ID)
			}
		}
		if len(r.Refills) == 0 && len(r.Takes) == 0 && !r.HealsAll && r.Spend == "" {
			c.bad(p+".refills", "a rest that gives nothing back: say what it refills, takes away or heals")
		}
	}
}
