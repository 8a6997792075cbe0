package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A burst's offensive bonus is the burst's, on its one attack at a single
// target (l.452-488: Short-Burst wide +20; Long-Burst concentrated +20,
// wide +40; Full-Auto +30, +60): not on a single shot, not on another
// burst's roll, not on an opportunity attack later in the round, not on
// a second roll of the same burst (the firehose has no bonus). Picked with
// no attack spent yet, the roll spends the burst and its rounds.
// ledger: pathmaster/autofire-bursts pathmaster/full-auto
func TestBurstBonusIsTheBurstsAttack(t *testing.T) {
	f, b, o := fighter(t, map[string]int{"SHOTS": 20})
	roll := func(mods ...string) engine.RollCheck {
		return engine.RollCheck{Who: b, Check: "ranged", Target: o, Modifiers: mods}
	}
	f.Must(engine.Spend{Who: b, Action: "short_burst"})
	f.Refuse(roll("long_wide"), "Long burst, wide (+40) needs Blade to have taken Attack - Long-Burst")
	f.Must(roll("short_wide"), 55)
	if line := f.LastLog("Blade: Ranged attack"); !strings.Contains(line, "[55] + 80 - 10 = 125 + 20 = 145") {
		t.Errorf("the short burst's roll: %q", line)
	}
	// Later in the round, an opportunity attack (the Interrupt) is no burst.
	f.ToTurnOf("Gavvin")
	f.Refuse(roll("short_wide"), "needs Blade to have taken Attack - Short-Burst")
	f.Must(roll(), 55)
	if line := f.LastLog("Blade: Ranged attack"); !strings.Contains(line, "= 125 vs") {
		t.Errorf("the opportunity attack after the burst: %q", line)
	}

	// A single shot takes no burst's bonus.
	f, b, o = fighter(t, map[string]int{"SHOTS": 20})
	f.Must(engine.Spend{Who: b, Action: "ranged_attack"})
	f.Refuse(roll("short_wide"), "needs Blade to have taken Attack - Short-Burst")

	// Picked first, the roll spends the burst: 6 rounds and the full round.
	f, b, o = fighter(t, map[string]int{"SHOTS": 20})
	f.Must(roll("long_wide"), 55)
	if c := f.Get("Blade"); c.Pools["shots"] != 14 || c.Pools["move"] != 0 || c.Pools["attack"] != 0 {
		t.Errorf("the wide long burst picked in g left Shots %d, Move %d, Attack %d; want 14, 0, 0",
			c.Pools["shots"], c.Pools["move"], c.Pools["attack"])
	}
	// A wide burst is one attack: no firehose roll after it.
	f.Refuse(roll(), "has made the attack rolls its attacks pay for this turn")

	f, b, o = fighter(t, map[string]int{"SHOTS": 20})
	f.Must(roll("auto_wide"), 55)
	if c := f.Get("Blade"); c.Pools["shots"] != 10 {
		t.Errorf("the wide full auto picked in g left Shots %d; want 10", c.Pools["shots"])
	}

	// A firehose's rolls take no bonus, before or after.
	f, b, o = fighter(t, map[string]int{"SHOTS": 20})
	f.Must(engine.Spend{Who: b, Action: "long_burst"})
	f.Must(roll(), 55)
	f.Refuse(roll("long_wide"), "Long burst, wide (+40) is the bonus of one roll of Attack - Long-Burst")
	f.Must(engine.RollCheck{Who: b, Check: "ranged", Target: f.ID("Orc 2")}, 55)
}
