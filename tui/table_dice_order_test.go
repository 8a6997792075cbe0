package tui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// The faces prompt's up-front list is the order the faces are taken in,
// whatever they come up: typed in that order, each die goes to the roll
// it was listed for. BRP's blow listed its Stamina roll against a crushing
// blow fifth, from the preview with no faces typed, and the fifth face
// went to the major wound table the damage typed had called for.
// For every shipped ruleset, every blow (A) and every check answered by a
// defence and every attack check (g), each with every answer, the faces of the listed dice are
// typed at random (seeded) many times over.
func TestTableDiceListedOrderIsTheOrderTaken(t *testing.T) {
	for _, id := range []string{"countdown", "brp", "war-and-combat", "energy", "pathmaster"} {
		t.Run(id, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(24, uint64(len(id))))
			cases, kept := 0, 0
			blowCases(t, id, func(c blowCase) {
				f := c.m.fight()
				first, err := f.Preview(c.cmd)
				if err != nil {
					t.Logf("%s: %v", c.name, err)
					return // not one this fighter may make now
				}
				cases++
				all := rollsOf(f.Rules, first)
				hint := c.m.facesPrompt("Dice rolled at the table", c.cmd).hint
				listed := listedRolls(hint, all)
				if listed == nil {
					t.Errorf("%s: the list is not the rolls' own:\n%s", c.name, hint)
					return
				}
				if len(listed) < len(all) && !strings.Contains(hint, "then the rolls the faces typed call for") {
					t.Errorf("%s: %d of %d rolls listed, and no word that more follow:\n%s", c.name, len(listed), len(all), hint)
				}
				if len(listed) > 1 {
					kept++
				}
				for trial := range 30 {
					if why := typedAsListed(f, c.cmd, listed, rng); why != "" {
						t.Errorf("%s (trial %d): %s\nthe prompt: %s", c.name, trial, why, hint)
						break
					}
				}
			})
			if cases < 4 {
				t.Fatalf("%d blows tried", cases)
			}
			t.Logf("%d blows, %d listing more than one roll", cases, kept)
		})
	}
}

// listedRolls reads the rolls the prompt's hint lists first, as a prefix
// of all (nil: none of them).
func listedRolls(hint string, all []askedRoll) []askedRoll {
	for k := len(all); k >= 1; k-- {
		var parts []string
		dice := 0
		for _, r := range all[:k] {
			var ds []string
			for _, d := range r.dice {
				ds = append(ds, fmt.Sprintf("d%d", d))
			}
			dice += len(r.dice)
			parts = append(parts, fmt.Sprintf("%s (%s): %s", r.what, r.expr, strings.Join(ds, " ")))
		}
		head := fmt.Sprintf("in this order: %d %s, %s", dice, plural(dice, "die", "dice"), strings.Join(parts, ", "))
		if rest, ok := strings.CutPrefix(hint, head); ok && strings.HasPrefix(rest, ";") {
			return all[:k]
		}
	}
	return nil
}

// typedAsListed types random faces for the listed rolls, in the order
// listed (more for a roll's die that comes up high and rolls on), and
// says where a face went to another roll than the one it was typed for.
func typedAsListed(f *engine.Fight, cmd engine.Command, listed []askedRoll, rng *rand.Rand) string {
	var faces []int
	var typedFor [][]int
	for i, r := range listed {
		var mine []int
		for _, sides := range r.dice {
			mine = append(mine, 1+rng.IntN(sides))
		}
		for {
			pv, _ := f.Preview(cmd, append(slices.Clone(faces), mine...)...)
			got := rollsOf(f.Rules, pv)
			if i >= len(got) || got[i].what != r.what || got[i].expr != r.expr {
				return fmt.Sprintf("faces %v: roll %d is %v, listed as %q (%s)", append(faces, mine...), i+1, nth(got, i), r.what, r.expr)
			}
			if len(got[i].dice) <= len(mine) {
				break
			}
			mine = append(mine, 1+rng.IntN(got[i].dice[len(mine)])) // an open-ended or exploding die rolls on
		}
		faces = append(faces, mine...)
		typedFor = append(typedFor, mine)
	}
	pv, _ := f.Preview(cmd, faces...)
	i := 0
	for _, e := range pv.Events {
		if e.Roll == nil || e.Roll.Typed || len(termDice(e.Roll.Tree)) == 0 {
			continue
		}
		if _, ok := e.Fact.(engine.TieRoll); ok || i >= len(typedFor) {
			continue
		}
		var shown []int
		for _, d := range termDice(e.Roll.Tree) {
			shown = append(shown, d.Face)
			if d.Other != 0 {
				shown = append(shown, d.Other) // with an edge: the pair, kept the higher or the lower
			}
		}
		if !slices.Equal(sorted(shown), sorted(typedFor[i])) {
			return fmt.Sprintf("faces %v: %q shows %v, typed for it %v", faces, listed[i].what, shown, typedFor[i])
		}
		i++
	}
	return ""
}

func sorted(xs []int) []int { return slices.Sorted(slices.Values(xs)) }

func nth(rs []askedRoll, i int) string {
	if i >= len(rs) {
		return "none"
	}
	return fmt.Sprintf("%q (%s)", rs[i].what, rs[i].expr)
}

// blowCase is one blow or answered check, made where its striker acts.
type blowCase struct {
	name string
	m    Model
	cmd  engine.Command
}

// blowCases are a ruleset's blows by each of its creatures (the first six)
// with each weapon at the next creature of another side (or the next), each
// answer the blow takes, and its attack checks and those answered by a
// defence, made with g.
func blowCases(t *testing.T, id string, try func(blowCase)) {
	t.Helper()
	var ids []string
	for _, c := range shippedLib.Creatures(id) {
		if len(ids) < 6 {
			ids = append(ids, c.ID)
		}
	}
	m := armedFight(t, id, ids, nil)
	rs := m.fight().Rules
	locations := []string{""}
	switch {
	case rs.Recorded():
		locations = []string{rs.Vitality.Locations[0].ID}
	case rs.HP.LocationsOn:
		locations = append(locations, rs.HP.Locations[0].ID)
	}
	for _, who := range m.fight().Current().Combatants {
		m := atRankOf(m, who.Name)
		enc := m.fight().Current()
		c := enc.Combatant(who.ID)
		var foe *engine.Combatant
		for _, x := range enc.Combatants {
			if x.ID != c.ID && (foe == nil || foe.Side == c.Side && x.Side != c.Side) {
				foe = x
			}
		}
		if foe == nil {
			continue
		}
		for _, b := range rs.Blows {
			answers := []string{""}
			if b.Defence.Kind == rules.DefenceCheck {
				answers = append(answers, b.Defence.Checks...)
			}
			weapons := []int{0}
			if b.Weapon == nil {
				weapons = weapons[:0]
				for i := range c.Weapons {
					weapons = append(weapons, i)
				}
			}
			for _, as := range []bool{false, true} {
				if as && b.AlsoAs == nil {
					continue
				}
				for _, w := range weapons {
					for _, a := range answers {
						for _, l := range locations {
							try(blowCase{name: fmt.Sprintf("%s %s (as %v) with %d at %s, answer %q, at %q", c.Name, b.ID, as, w, foe.Name, a, l),
								m: m, cmd: engine.Blow{Who: c.ID, Blow: b.ID, As: as, Foes: []int{foe.ID}, Weapon: w, Answer: a, Location: l}})
						}
					}
				}
			}
		}
		for _, ch := range rs.Checks {
			if len(ch.Against) == 0 && !rules.Overlaps(rules.RollAttack, ch.Kind) {
				continue // not an attack
			}
			for _, a := range append([]string{""}, ch.Against...) {
				try(blowCase{name: fmt.Sprintf("%s g %s at %s, answer %q", c.Name, ch.ID, foe.Name, a),
					m: m, cmd: engine.RollCheck{Who: c.ID, Check: ch.ID, Target: foe.ID, Answer: a}})
			}
		}
	}
}

// atRankOf steps on (n) to where name acts in a phase of actions, or as
// far as it goes.
func atRankOf(m Model, name string) Model {
	for range 60 {
		enc := m.fight().Current()
		phases := m.fight().Rules.RoundPhases()
		if c := enc.Combatant(enc.Cur.Who); c != nil && c.Name == name && (len(phases) == 0 || phases[enc.Phase].Actions) {
			return m
		}
		m, _ = keys(m, "n")
	}
	return m
}
