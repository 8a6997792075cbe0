package content_test

import (
	"slices"
	"strings"
	"testing"

	"fray/engine"
)

// Every attack of one fighter that lands on the same segment as any other of
// its own goes a segment later until none share one (countdown.txt l.11, 14):
// three attacks at dex_mod 0 rolling 5, 5 and 5 go at 5, 4 and 3; setting the
// third to 5 afterwards moves it past both.
// ledger: countdown/tie-next-segment
func TestCountdownThreeAttacksTie(t *testing.T) {
	f, dice := startFight(t, "countdown", []member{
		{name: "Fighter", hp: 30, stats: map[string]int{"dex_mod": 0, "attacks": 3}},
	}, 5, 5, 5)
	f.Next()
	values := func() []int {
		var got []int
		for _, e := range f.Current().Entries {
			got = append(got, e.Value)
		}
		return got
	}
	if got := values(); !slices.Equal(got, []int{5, 4, 3}) {
		t.Errorf("faces 5, 5, 5: %v, want [5 4 3]\n%s", got, logText(f))
	}
	if dice.Left() != 0 {
		t.Errorf("%d faces left", dice.Left())
	}
	f.Must(engine.SetInit{Who: f.ID("Fighter"), Entry: 2, Init: 5})
	if got := values(); !slices.Equal(got, []int{5, 4, 3}) {
		t.Errorf("third set to 5: %v, want [5 4 3]\n%s", got, logText(f))
	}
	if !strings.Contains(logText(f), "Fighter's third action ties an earlier one of its own: segment 3 (movement)") {
		t.Errorf("log:\n%s", logText(f))
	}
	f.Must(engine.SetInit{Who: f.ID("Fighter"), Entry: 1, Init: 3})
	if got := values(); !slices.Equal(got, []int{5, 3, 2}) {
		t.Errorf("second set to 3: %v, want [5 3 2]\n%s", got, logText(f))
	}
}
