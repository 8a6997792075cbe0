package content_test

import (
	"strings"
	"testing"

	"fray/engine"
)

// What a blow's damage takes from its modifiers (countdown.txt l.155,
// l.83): the offhand's -2 with the offhand chosen, a completely surprised
// target's +2 from its state; each is the weapon's damage, doubled with it
// on a critical. The Fighter (SC 112, Longsword 1d8+4) at the Ogre (DEF
// 20, PROT 2).
// ledger: countdown/offhand countdown/ambush-round
func TestCountdownBlowDamageModifiers(t *testing.T) {
	for _, c := range []struct {
		name      string
		chosen    []string
		surprised bool
		faces     []int // the strike's d100, the damage's d8
		want      []string
		hp        int
	}{
		{"offhand, a hit", []string{"offhand"}, false, []int{50, 5},
			[]string{"[50] = 50 vs 72 or less (92 - 20): Hit", "Fighter's damage: weapon 9 + Offhand (not ambidextrous) -2 = 7",
				"PROT 2 takes 2 off 7: 5 gets through"}, 55},
		{"offhand, a critical", []string{"offhand"}, false, []int{10, 5},
			[]string{"Critical hit", "Fighter's damage: (weapon 9 + Offhand (not ambidextrous) -2) x 2 = 14"}, 46},
		{"completely surprised", nil, true, []int{50, 5},
			[]string{"[50] = 50 vs 122 or less (92 + 30): Hit", "Fighter's damage: weapon 9 + target Completely surprised (5x PER) +2 = 11",
				"PROT 2 takes 2 off 11: 9 gets through"}, 51},
	} {
		// The Fighter 1d10 9 and 1d8 1, the Ogre 1d10 5: the Fighter acts at 11.
		f, _ := startFight(t, "countdown", []member{{name: "Fighter", creature: "fighter"}, {name: "Ogre", creature: "ogre"}}, 9, 1, 5)
		if c.surprised {
			f.Must(engine.GiveCondition{Who: f.ID("Ogre"), Condition: "ambushed_5x"})
		}
		f.Next()
		f.Must(engine.Blow{Who: f.ID("Fighter"), Blow: "attack", Foes: []int{f.ID("Ogre")}, Modifiers: c.chosen}, c.faces...)
		log := logText(f)
		for _, want := range c.want {
			if !strings.Contains(log, want) {
				t.Errorf("%s: log lacks %q:\n%s", c.name, want, log)
			}
		}
		if got := f.Get("Ogre").HP; got != c.hp {
			t.Errorf("%s: the Ogre has %d HP, want %d", c.name, got, c.hp)
		}
	}
}
