package tui

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"fray/engine"
)

func TestSelectionKeys(t *testing.T) {
	m, _, _ := demo(t)
	rows := rows(m.fight().Current())
	m, _ = keys(m, "j")
	if m.order.sel != rows[1].ID {
		t.Fatal("j did not select the next row")
	}
	m, _ = keys(m, "down", "down", "down", "down")
	if m.order.sel != rows[3].ID {
		t.Fatal("down past the end")
	}
	m, _ = keys(m, "k", "up")
	if m.order.sel != rows[1].ID {
		t.Fatal("k/up")
	}
}

// Energy's order row shows Stamina (which the round never refills), and
// no two pools read alike: the Swift attack is not an S a GM would take
// for Stamina, the Agile moves not an A beside Agility.
// ledger: energy/token-tip
func TestEnergyRowShowsStamina(t *testing.T) {
	m := fightIn(t, "energy", "Ash", "Brand")
	var row string
	for _, l := range strings.Split(screenText(m), "\n") {
		if strings.Contains(l, "Ash") && strings.Contains(l, "30/30") {
			row, _, _ = strings.Cut(l, "│")
			break
		}
	}
	for _, want := range []string{"St10", "E5", "Ag3", "Sw1"} {
		if !strings.Contains(row, want) {
			t.Errorf("the row lacks %s: %q", want, row)
		}
	}
	for _, not := range []string{" S1", " A0", " A3"} {
		if strings.Contains(row, not) {
			t.Errorf("the row reads %q, which a GM misreads: %q", not, row)
		}
	}
}

// A ruleset that keeps no order (Energy: anyone may act) has no Init
// column, which would say "-" of everyone, and its rows start with the
// name; one that keeps an order keeps the column.
func TestNoInitColumnWithoutAnOrder(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		init    bool
	}{{"energy", false}, {"pathmaster", true}} {
		s := screenText(fightIn(t, c.ruleset, "Ash", "Brand"))
		head, row := "", ""
		for _, l := range strings.Split(s, "\n") {
			l, _, _ = strings.Cut(l, "│")
			switch {
			case strings.Contains(l, "Name") && head == "":
				head = l
			case strings.Contains(l, "Ash") && row == "":
				row = l
			}
		}
		if got := strings.Contains(head, "Init"); got != c.init {
			t.Errorf("%s: the heading %q (an Init column: %v)", c.ruleset, head, c.init)
		}
		if got := !strings.HasPrefix(strings.TrimLeft(row, " ▶*"), "Ash"); got != c.init {
			t.Errorf("%s: the row %q (an Init column: %v)", c.ruleset, row, c.init)
		}
	}
}

// rows finds each combatant by its ID in a slice when the IDs are small, and
// in a map when they are not: both give the order the plain reading gives
// (this round's entries, or the order, then those with no place in it, in
// the order they joined; a group's members after their leader).
func TestRowsFindCombatantsByID(t *testing.T) {
	plain := func(enc *engine.Encounter) []*engine.Combatant {
		byID := map[int]*engine.Combatant{}
		for i := range enc.Combatants {
			byID[enc.Combatants[i].ID] = enc.Combatants[i]
		}
		var out []*engine.Combatant
		place := func(id int) {
			if c := byID[id]; c != nil {
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
		for i := range enc.Combatants {
			if byID[enc.Combatants[i].ID] != nil {
				out = append(out, enc.Combatants[i])
			}
		}
		return grouped(enc, out)
	}
	rnd := rand.New(rand.NewPCG(7, 7))
	for n := range 300 {
		enc := &engine.Encounter{}
		size := rnd.IntN(30)
		spread := []int{size + 1, 5 * size, 10000}[n%3] // small IDs, sparse ones, huge ones
		seen := map[int]bool{}
		for len(enc.Combatants) < size {
			id := 1 + rnd.IntN(spread+1)
			if n%7 == 0 && rnd.IntN(5) == 0 {
				id = -id // never given by the engine, found all the same
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			c := engine.Combatant{}
			c.ID = id
			enc.Combatants = append(enc.Combatants, &c)
		}
		for _, c := range enc.Combatants {
			switch rnd.IntN(4) {
			case 0: // no place
			case 1:
				enc.Order = append(enc.Order, c.ID)
			default:
				enc.Entries = append(enc.Entries, engine.Entry{Who: c.ID})
			}
		}
		enc.Entries = append(enc.Entries, engine.Entry{Who: 99999}) // one who has left
		rnd.Shuffle(len(enc.Entries), func(i, j int) { enc.Entries[i], enc.Entries[j] = enc.Entries[j], enc.Entries[i] })
		if n%2 == 0 {
			enc.Entries = nil
		}
		got, want := rows(enc), plain(enc)
		if len(got) != len(want) {
			t.Fatalf("case %d: %d rows, want %d", n, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("case %d: row %d is #%d, want #%d", n, i, got[i].ID, want[i].ID)
			}
		}
	}
}

// grouped puts each group's members right after its leader, in the order
// they joined, as reading engine.Members for each leader does: checked on
// fights of random groups, some of whose leaders are gone.
func TestGroupedIsMembersAfterLeaders(t *testing.T) {
	plain := func(enc *engine.Encounter, list []*engine.Combatant) []*engine.Combatant {
		var out []*engine.Combatant
		for _, c := range list {
			switch {
			case c.Group == 0:
				out = append(out, c)
			case c.Group == c.ID:
				out = append(out, engine.Members(enc, c)...)
			case enc.Combatant(c.Group) == nil:
				out = append(out, c)
			}
		}
		return out
	}
	rnd := rand.New(rand.NewPCG(3, 9))
	groups := 0
	for range 300 {
		enc := &engine.Encounter{}
		size := 1 + rnd.IntN(40)
		for i := range size {
			enc.Combatants = append(enc.Combatants, &engine.Combatant{Identity: engine.Identity{ID: i + 1}})
		}
		for _, c := range enc.Combatants {
			switch rnd.IntN(4) {
			case 0:
				c.Group = c.ID // a leader
			case 1:
				c.Group = 1 + rnd.IntN(size+5) // a member, of a leader that may be gone
			}
		}
		for _, c := range enc.Combatants {
			if l := enc.Combatant(c.Group); l != nil && l.Group != l.ID {
				c.Group = 0 // follows one who leads no group: not a fight the engine makes
			}
			if c.Group != 0 && c.Group != c.ID {
				groups++
			}
		}
		list := slices.Clone(enc.Combatants)
		rnd.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		if got, want := grouped(enc, list), plain(enc, list); !slices.Equal(got, want) {
			t.Fatalf("grouped differs from reading each leader's members:\n got  %v\n want %v", idsOf(got), idsOf(want))
		}
	}
	if groups == 0 {
		t.Fatal("no groups made: the test checks nothing")
	}
}

func idsOf(cs []*engine.Combatant) []int {
	var out []int
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// The order's places are read for the rows on the screen at once, from
// one reading of the round's entries: each is initText's, a group's
// member's its leader's, in every state of every ruleset's walk.
func TestPlacesReadAtOnceAreEach(t *testing.T) {
	walkFights(t, 300, func(m Model, after string) {
		enc := m.fight().Current()
		m.common.drawn = drawn{}
		m.order.initTexts(enc, enc.Combatants)
		for _, c := range enc.Combatants {
			if got, want := m.order.initText(enc, c), initText(enc, c); got != want {
				t.Fatalf("%s: %s's place read with the others is %q, alone %q", after, c.Name, got, want)
			}
		}
	})
}

// The places read at once are initText's in fights the engine does not
// make too: IDs too large or below zero for a slice by ID, members whose
// leader is gone or leads a group of its own, entries lost.
func TestPlacesReadAtOnceOfAnyIDs(t *testing.T) {
	rnd := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		enc := &engine.Encounter{}
		ids := []int{-3, 0, 1, 2, 5, 7, 70000, 1 << 20}
		for _, id := range ids {
			if rnd.IntN(3) > 0 {
				c := &engine.Combatant{}
				c.ID, c.HasInit, c.Init = id, rnd.IntN(2) == 0, rnd.IntN(30)
				switch rnd.IntN(3) {
				case 0:
					c.Group = id // a leader
				case 1:
					c.Group = ids[rnd.IntN(len(ids))] // a member, of a leader that may be gone
				}
				enc.Combatants = append(enc.Combatants, c)
			}
		}
		for _, c := range enc.Combatants {
			if l := enc.Combatant(c.Group); l != nil && l.Group != l.ID {
				c.Group = 0 // follows one who leads no group: not a fight the engine makes
			}
		}
		for range rnd.IntN(12) {
			enc.Entries = append(enc.Entries, engine.Entry{Who: ids[rnd.IntN(len(ids))], Value: rnd.IntN(30), Lost: rnd.IntN(4) == 0})
		}
		got := placesOf(enc, enc.Combatants)
		for i, c := range enc.Combatants {
			if want := initText(enc, c); got[i] != want {
				t.Fatalf("%+v: %d's place read with the others is %q, alone %q", enc, c.ID, got[i], want)
			}
		}
	}
}
