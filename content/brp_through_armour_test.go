package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// A special's harm beyond the damage (bleeding, a crushing blow's stun)
// reaches only a target the blow got through to: armour that stops it all
// stops them too (l.333, 347).

// ledger: brp/bleeding
func TestBRPBleedingNeedsDamageThroughArmour(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Cultist", creature: "cultist"}, {name: "Kallistor", creature: "kallistor"}})
	onRank(t, f, "Cultist")
	f.Must(engine.Blow{Who: f.ID("Cultist"), Blow: "attack", Foes: []int{f.ID("Kallistor")}}, 5, 1)
	c := f.Get("Kallistor")
	if c.Bleeding() > 0 || c.Has("bleeding") {
		t.Errorf("a special stopped by armour still bleeds: %v", c.Bleeding())
	}
}

// ledger: brp/crushing-stun
func TestBRPCrushNeedsDamageThroughArmour(t *testing.T) {
	tank := member{name: "Tank", hp: 15, stats: map[string]int{"AV": 30, "CON": 10, "DEX": 5}}
	f, _ := startFight(t, "brp", []member{{name: "Guard", creature: "temple_guard"}, tank})
	onRank(t, f, "Guard")
	f.Must(engine.Blow{Who: f.ID("Guard"), Blow: "attack", Foes: []int{f.ID("Tank")}}, 5, 1, 1, 1)
	if strings.Contains(logText(f), "Stamina") || f.Get("Tank").Has("stunned") {
		t.Errorf("a crush stopped by armour rolls Stamina or stuns")
	}
}
