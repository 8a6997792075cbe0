package engine_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/enginetest"
)

// Every number and word of every fact says whose it is: a fact the players'
// view has not been told of reads as nothing, so a new fact cannot reach
// the players by default, and this test names what it must be told.
func TestEveryFactSaysWhoseItsNumbersAre(t *testing.T) {
	for _, f := range engine.Facts() {
		if why := engine.UntoldPrivacy(f); why != "" {
			t.Errorf("%s", why)
		}
	}
}

// An untold number, a tag that does not parse, a tag naming a field that
// is not there: each is found, and the players read nothing of the fact.
type untold struct{ Amount int }
type badTag struct {
	Amount int `players:"nobody"`
}
type badField struct {
	Amount int `players:"if:Shown"`
}
type goodFact struct {
	Amount int `players:"public"`
}

func TestUntoldNumbersAreFound(t *testing.T) {
	cases := map[string]any{
		"untold.Amount: no players tag says whose it is":                              untold{},
		`badTag.Amount: players tag "nobody": "nobody" is not one of`:                 badTag{},
		`badField.Amount: players tag "if:Shown": badField has no bool field "Shown"`: badField{},
	}
	for want, v := range cases {
		got := engine.UntoldPrivacyOf(v)
		if !strings.HasPrefix(got, want) {
			t.Errorf("%T: %q, want %q", v, got, want)
		}
	}
	if got := engine.UntoldPrivacyOf(goodFact{}); got != "" {
		t.Errorf("a fact whose numbers are all told: %q", got)
	}
}

// A group in the players' turn line: those of it they see act, the
// hidden and the down left out; a group all hidden is nobody's turn to
// them.
func TestPublicActorsOfAGroup(t *testing.T) {
	f := enginetest.Start(t, visRules(t), map[string]int{"Ann": 20, "Orc 1": 10, "Orc 2": 10, "Orc 3": 10}, "Ann", "Orc 1", "Orc 2", "Orc 3")
	f.Must(engine.JoinGroup{Who: f.ID("Orc 2"), With: f.ID("Orc 1")})
	f.Must(engine.JoinGroup{Who: f.ID("Orc 3"), With: f.ID("Orc 1")})
	names := func(cs []*engine.Combatant) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	lead := f.ID("Orc 1")
	if got := names(engine.PublicActors(f.Rules, f.Current(), lead)); !slices.Equal(got, []string{"Orc 1", "Orc 2", "Orc 3"}) {
		t.Errorf("the group acts as %v", got)
	}
	f.Must(engine.Hide{Who: lead})
	f.Must(engine.Damage{Who: f.ID("Orc 3"), Amount: 20})
	if got := names(engine.PublicActors(f.Rules, f.Current(), lead)); !slices.Equal(got, []string{"Orc 2"}) {
		t.Errorf("with its leader hidden and Orc 3 down, the group acts as %v, want [Orc 2]", got)
	}
	if got := names(engine.PublicGroup(f.Current(), f.Get("Orc 1"))); !slices.Equal(got, []string{"Orc 2", "Orc 3"}) {
		t.Errorf("the players see the group as %v, want [Orc 2 Orc 3]", got)
	}
	f.Must(engine.Hide{Who: f.ID("Orc 2")})
	if got := engine.PublicActors(f.Rules, f.Current(), lead); len(got) != 0 {
		t.Errorf("a group the players see nobody of acts as %v", names(got))
	}
	for f.Current().Cur.Who != lead {
		f.Next()
	}
	turn := engine.PublicTurn(f.Rules, f.Current())
	if turn.Now.Who == lead || len(turn.Acting) != 0 && turn.Acting[0].Hidden {
		t.Errorf("the players see the hidden group act: %+v", turn)
	}
}
