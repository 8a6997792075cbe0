package tui

import (
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/rules"
)

// What the panes say of one combatant: its place in the order, its hit-point
// bar, what is left of its budget, the short note of its state.

// rows are the combatants in the order shown: this round's order first,
// then anyone without a place in it, in the order they joined.
func rows(enc *engine.Encounter) []*engine.Combatant {
	// Where each combatant is, by its ID: a slice when the IDs are small
	// (as the engine gives them: 1, 2, 3...), else a map. A frame asks
	// for the rows of a fight of a thousand, so no map is made for them.
	minID, maxID := 0, 0
	for i := range enc.Combatants {
		minID, maxID = min(minID, enc.Combatants[i].ID), max(maxID, enc.Combatants[i].ID)
	}
	var at []int32 // index+1 of the combatant with that ID; 0: none, or placed
	var byID map[int]*engine.Combatant
	if minID >= 0 && maxID <= 4*len(enc.Combatants)+64 {
		at = make([]int32, maxID+1)
		for i := range enc.Combatants {
			at[enc.Combatants[i].ID] = int32(i + 1)
		}
	} else {
		byID = make(map[int]*engine.Combatant, len(enc.Combatants))
		for i := range enc.Combatants {
			byID[enc.Combatants[i].ID] = enc.Combatants[i]
		}
	}
	out := make([]*engine.Combatant, 0, len(enc.Combatants))
	// Each is taken as it is placed: those left have no place.
	place := func(id int) {
		if byID == nil {
			if id >= 0 && id < len(at) && at[id] != 0 {
				out = append(out, enc.Combatants[at[id]-1])
				at[id] = 0
			}
		} else if c := byID[id]; c != nil {
			delete(byID, id)
			out = append(out, c)
		}
	}
	if len(enc.Entries) > 0 {
		for _, e := range enc.Entries {
			place(e.Who)
		}
	} else {
		for _, id := range enc.Order {
			place(id)
		}
	}
	placed := len(out)
	for i := range enc.Combatants {
		id := enc.Combatants[i].ID
		if byID == nil && at[id] == int32(i+1) || byID != nil && byID[id] != nil {
			out = append(out, enc.Combatants[i])
		}
	}
	if placed == 0 && enc.Status == engine.StatusRunning {
		// The round's order is not rolled yet (War & Combat's shock
		// phase): the initiative each rolled last keeps them in order.
		slices.SortStableFunc(out, func(a, b *engine.Combatant) int { return b.Init - a.Init })
	}
	return grouped(enc, out)
}

// grouped puts each group's members right after its leader, in the order
// they joined.
func grouped(enc *engine.Encounter, list []*engine.Combatant) []*engine.Combatant {
	groups := false
	for _, c := range list {
		groups = groups || c.Group != 0
	}
	if !groups {
		return list
	}
	// Each group's members, in the order they joined, found in one pass
	// (engine.Members for each leader, and a lookup of each member's
	// leader, made a fight of a thousand in groups take a million steps).
	members := map[int][]*engine.Combatant{}
	in := make(map[int]bool, len(enc.Combatants))
	for _, x := range enc.Combatants {
		in[x.ID] = true
		if x.Group != 0 && x.Group != x.ID {
			members[x.Group] = append(members[x.Group], x)
		}
	}
	out := make([]*engine.Combatant, 0, len(list))
	for _, c := range list {
		switch {
		case c.Group == 0:
			out = append(out, c)
		case c.Group == c.ID:
			out = append(append(out, c), members[c.ID]...)
		case !in[c.Group]:
			out = append(out, c) // no leader: never in a sound fight
		}
	}
	return out
}

// initText is a combatant's place: its initiative, or every rank or segment
// it acts at this round.
func initText(enc *engine.Encounter, c *engine.Combatant) string {
	if l := engine.Leader(enc, c); l != c {
		return initText(enc, l) // a group's place is its leader's
	}
	var vals []string
	for _, e := range enc.Entries {
		if e.Who == c.ID {
			v := itoa(e.Value)
			if e.Lost {
				v += "×"
			}
			vals = append(vals, v)
		}
	}
	if len(vals) > 0 {
		return strings.Join(vals, "/")
	}
	if c.HasInit {
		return itoa(c.Init)
	}
	return "-"
}

// barCells is how many of cells the HP bar fills (rounded up: a scratch
// never shows as empty).
func barCells(c *engine.Combatant, cells int) int {
	if c.MaxHP <= 0 || c.HP <= 0 {
		return 0
	}
	return min((c.HP*cells+c.MaxHP-1)/c.MaxHP, cells)
}

func hpBar(st *styles, c *engine.Combatant, cells int) string {
	full := barCells(c, cells)
	style := st.BarFull
	switch {
	case c.HP <= 0:
		style = st.Danger
	case c.HP*4 < c.MaxHP:
		style = st.Danger
	case c.HP*2 < c.MaxHP:
		style = st.Warn
	}
	return style.Render(strings.Repeat("█", full)) + st.BarEmpty.Render(strings.Repeat("░", cells-full))
}

// budget lists what is left of the pools: "Attack 1 · Move 1" or, short, "A1 M1".
func budget(rs *rules.Ruleset, c *engine.Combatant, short bool) string {
	var b strings.Builder
	for _, p := range rs.Pools {
		v, ok := c.Pools[p.ID]
		if !ok || p.Unshown {
			continue
		}
		label := p.RowLabel()
		if short && label == "" {
			continue // the row shows the turn's budget (and pools labelled for it); the panel all of it
		}
		if p.Reset == rules.AtNever && v == 0 && engine.PoolCapacity(rs, c, p.ID) == 0 {
			continue // a pool it never had (Mana of one who casts no spells)
		}
		switch {
		case short && b.Len() > 0:
			b.WriteByte(' ')
		case b.Len() > 0:
			b.WriteString(" · ")
		}
		if short {
			b.WriteString(label)
		} else {
			b.WriteString(p.Name)
			b.WriteByte(' ')
		}
		if !short && engine.Unlimited(rs, c, p.ID) {
			b.WriteString("unlimited") // not counted this turn (pools.unlimited_after)
			continue
		}
		b.WriteString(strconv.Itoa(v))
	}
	return b.String()
}

// shortState is the row's note of stun, bleeding and conditions.
func shortState(rs *rules.Ruleset, c *engine.Combatant) string {
	var f []string
	if n := c.StunTotal(); n > 0 {
		f = append(f, "stun "+itoa(n))
	}
	if n := c.Bleeding(); n > 0 {
		f = append(f, "bleed "+itoa(n))
	}
	for _, cond := range c.Conditions {
		if len(cond.Parents) == 0 {
			f = append(f, strings.ToLower(condName(rs, cond.ID)))
		}
	}
	return strings.Join(f, " ")
}

// dead reports whether a combatant holds the ruleset's death
// (engine.Death): its row and panel say so before anything else.
func dead(rs *rules.Ruleset, c *engine.Combatant) bool {
	_, d := engine.Death(rs, c)
	return d
}

// deadFirst is a combatant's conditions with its death, if it holds it,
// put first: what else it holds (knocked out, a wound's shock) means little
// beside it.
func deadFirst(rs *rules.Ruleset, c *engine.Combatant) []engine.Condition {
	conds := c.Conditions
	id, _ := engine.Death(rs, c)
	i := slices.IndexFunc(conds, func(x engine.Condition) bool { return id != "" && x.ID == id })
	if i <= 0 {
		return conds
	}
	out := append([]engine.Condition{conds[i]}, conds[:i]...)
	return append(out, conds[i+1:]...)
}

func condName(rs *rules.Ruleset, id string) string {
	if d, ok := rs.Condition(id); ok {
		return d.Name
	}
	return id
}

// countWord is what the ruleset's order counts: initiative, ranks or segments.
func countWord(rs *rules.Ruleset) string {
	switch rs.Order.Kind {
	case rules.OrderRank:
		return "rank"
	case rules.OrderSegments:
		return "segment"
	}
	return "initiative"
}

func countWordTitle(rs *rules.Ruleset) string {
	w := countWord(rs)
	return strings.ToUpper(w[:1]) + w[1:]
}
