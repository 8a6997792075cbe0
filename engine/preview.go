package engine

import (
	"fray/engine/dice"
)

// Preview is what a command would do to a fight, worked out without doing it.
type Preview struct {
	// Next is the encounter the command would make, Events what it would log.
	Next   Encounter
	Events []Event
	// Dice are the sides of each die the command rolls, in the order it rolls
	// them (a d6 is 6). Without typed faces every die shows a face that adds
	// no die (1, or a d100 between its open-ended thresholds), so an
	// open-ended or exploding die may want more when it comes up high.
	Dice []int
}

// Preview runs cmd against the current encounter as Do would, but records
// nothing and rolls nothing: the fight is left as it was. With no typed
// faces every die shows a face that adds no die, so the error is the rules'
// refusal of the command itself; with typed faces (dice rolled at the
// table) they must fit the dice the command rolls, every one of them used,
// and Dice says how many it uses with those faces.
func (f *Fight) Preview(cmd Command, typed ...int) (Preview, error) {
	src := dice.TypedFaces(f.Rules.OE(), typed...)
	dice := &sides{src: src}
	next, events, err := Apply(f.Rules, *f.Current(), cmd, dice)
	if err != nil {
		return Preview{}, err
	}
	p := Preview{Next: next, Events: events, Dice: dice.sides}
	if len(typed) > 0 {
		return p, src.Check()
	}
	return p, nil
}

// sides notes the size of every die asked of a source.
type sides struct {
	src   dice.Rand
	sides []int
}

func (s *sides) IntN(n int) int {
	s.sides = append(s.sides, n)
	return s.src.IntN(n)
}
