package saves

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// withoutPhase is a ruleset's copy without one of its round phases, as a
// house rule that drops it makes it.
func withoutPhase(rs *rules.Ruleset, id string) *rules.Ruleset {
	c := *rs
	c.Phases = slices.DeleteFunc(slices.Clone(rs.Phases), func(p rules.Phase) bool { return p.ID == id })
	return &c
}

// A fight is saved with the ids of its ruleset's phases: a ruleset that
// loses a phase before the one the fight stands in opens it in that phase
// still (it opened in the next one: saved in Flurry, opened in
// Adjustment), and one that loses the phase itself is refused, saying so.
// Saves before schema 4 count phases by position, as they always did.
func TestPhasesByID(t *testing.T) {
	rs, hash, _ := shippedRules("war-and-combat")
	a := randomFight(t, "war-and-combat", 1, 0)
	f := a.Fight
	for f.CanRedo() { // randomFight may end on undos, the start's too
		if _, err := f.Redo(); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; f.Current().Phase != 2; i++ { // shock, movement, flurry
		if i > 40 {
			t.Fatal("never in the flurry phase")
		}
		if _, err := f.Do(engine.Next{}); err != nil {
			t.Fatal(err)
		}
	}
	if rs.RoundPhases()[2].ID != "flurry" {
		t.Fatalf("phase 2 is %s", rs.RoundPhases()[2].ID)
	}
	data, err := Encode(a.Snapshot(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nphases = [\"shock\", \"movement\", \"flurry\", \"adjustment\", \"morale\"]\n") {
		t.Fatal("the save does not list the phases by id")
	}
	house := withoutPhase(rs, "movement")
	b, err := Decode("x.toml", data, func(string) (*rules.Ruleset, string, bool) { return house, hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if p := b.Fight.Current().Phase; house.RoundPhases()[p].ID != "flurry" {
		t.Errorf("opened in %s, saved in flurry", house.RoundPhases()[p].ID)
	}
	gone := withoutPhase(rs, "flurry")
	_, err = Decode("x.toml", data, func(string) (*rules.Ruleset, string, bool) { return gone, hash, true })
	if err == nil || !strings.Contains(err.Error(), `[current] does not fit ruleset "war-and-combat" as it is now: it stands in phase "flurry", which the ruleset does not have`) || !strings.Contains(err.Error(), "x.toml:") {
		t.Errorf("a phase the ruleset lost: %v", err)
	}
	// The same fight as schema 3 wrote it: phase = 2, by position.
	old := asSchema3(t, data, rs)
	b, err = Decode("x.toml", []byte(old), func(string) (*rules.Ruleset, string, bool) { return house, hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if p := b.Fight.Current().Phase; house.RoundPhases()[p].ID != "adjustment" {
		t.Errorf("schema 3, by position: opened in %s", house.RoundPhases()[p].ID)
	}
	// A key of schema 4 in a schema 3 save is refused, not ignored.
	_, err = Decode("x.toml", []byte(strings.Replace(old, "\nchanges = ", "\nphases = [\"shock\"]\nchanges = ", 1)), shippedRules)
	if err == nil || !strings.Contains(err.Error(), "phases is a key of schema 4") {
		t.Errorf("%v", err)
	}
}

// asSchema3 is a save as schema 3 would have written the same fight:
// without the keys of schema 4, each event kept as the line it showed.
func asSchema3(t *testing.T, data []byte, rs *rules.Ruleset) string {
	t.Helper()
	old := strings.Replace(string(data), "\nschema = 4\n", "\nschema = 3\n", 1)
	for _, key := range []string{"checksum", "done_steps", "undone_steps", "phases"} {
		i := strings.Index(old, "\n"+key+" = ")
		old = old[:i] + old[i+strings.Index(old[i+1:], "\n")+1:]
	}
	lines := strings.Split(old, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "{cmd = ") {
			continue
		}
		s, rest, err := readStep(l, Schema)
		if err != nil {
			t.Fatal(err)
		}
		cmd, err := lineOf(s.Cmd)
		if err != nil {
			t.Fatal(err)
		}
		h := hline3{Cmd: cmd, Faces: s.Faces}
		for _, e := range s.Events {
			h.Log = append(h.Log, logged3{Kind: e.Kind, Round: e.Round, Who: e.Who.ID, HP: e.HP, Text: narrate.Line(rs, e), Private: e.Private != ""})
		}
		b, err := marshalInline(nil, h)
		if err != nil {
			t.Fatal(err)
		}
		lines[i] = string(b) + rest
	}
	return strings.Join(lines, "\n")
}
