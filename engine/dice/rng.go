package dice

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
)

// Source is fray's random source: a PCG generator whose state can be saved and
// restored, so a resumed fight rolls exactly what it would have rolled.
type Source struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewSource returns a source seeded with seed.
func NewSource(seed uint64) *Source {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Source{pcg: pcg, r: rand.New(pcg)}
}

// IntN returns a value in [0, n).
func (s *Source) IntN(n int) int { return s.r.IntN(n) }

// State returns the generator state as text.
func (s *Source) State() string {
	var buf [32]byte
	b, _ := s.pcg.AppendBinary(buf[:0]) // PCG's cannot fail
	return hex.EncodeToString(b)        // as %x writes it; one string, once a change
}

// SetState restores a state from State.
func (s *Source) SetState(text string) error {
	var b []byte
	if _, err := fmt.Sscanf(text, "%x", &b); err != nil {
		return fmt.Errorf("bad random state %q", text)
	}
	if err := s.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("bad random state %q: %v", text, err)
	}
	return nil
}

// Scripted hands out faces from a list, in order, for tests and for values the
// GM rolled at the table. A face that does not fit the die, or running out of
// faces, is recorded in Err and answered with the lowest face.
type Scripted struct {
	Faces []int
	Err   error
	next  int
}

// Script returns a Scripted source with the given faces.
func Script(faces ...int) *Scripted { return &Scripted{Faces: faces} }

// IntN returns the next scripted face minus one.
func (s *Scripted) IntN(n int) int {
	if s.next >= len(s.Faces) {
		if s.Err == nil {
			s.Err = fmt.Errorf("scripted dice ran out after %d faces (a d%d was asked for)", len(s.Faces), n)
		}
		return 0
	}
	f := s.Faces[s.next]
	s.next++
	if f < 1 || f > n {
		if s.Err == nil {
			s.Err = fmt.Errorf("scripted face %d does not fit a d%d", f, n)
		}
		return 0
	}
	return f - 1
}

// Left returns how many scripted faces are unused.
func (s *Scripted) Left() int { return len(s.Faces) - s.next }
