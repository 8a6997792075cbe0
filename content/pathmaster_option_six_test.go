package content_test

import (
	"testing"

	"fray/engine"
)

// Option 6 of the action table: no Attack, no Move, "Unlimited" Free
// actions and 2 Interrupts (l.158-163). Gavvin talks five times (the Move,
// then the Attack, given up to Free actions: unlimited from then on) and
// still has both Interrupts, whichever came first: two instantaneous spells
// go, a third is refused; in the other order the same.
// ledger: pathmaster/action-exchange
func TestOptionSixKeepsTwoInterrupts(t *testing.T) {
	for _, talksFirst := range []int{5, 4} {
		f, _ := pm(t)
		g := f.ID("Gavvin")
		for range talksFirst {
			f.Must(engine.Spend{Who: g, Action: "talk"})
		}
		f.Must(engine.Spend{Who: g, Action: "instant_spell"})
		f.Must(engine.Spend{Who: g, Action: "instant_spell"})
		f.Refuse(engine.Spend{Who: g, Action: "instant_spell"}, "costs 1 Interrupt")
		f.Must(engine.Spend{Who: g, Action: "talk"})
		if c := f.Get("Gavvin"); c.Pools["move"] != 0 || c.Pools["attack"] != 0 {
			t.Errorf("%d talks first: Option 6 left Move %d, Attack %d", talksFirst, c.Pools["move"], c.Pools["attack"])
		}
		f.Refuse(engine.Spend{Who: g, Action: "step"}, "Move costs 1 Move")
	}
}
