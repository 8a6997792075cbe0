package content_test

import (
	"testing"

	"fray/engine"
)

// The parry is attack skill given up (l.1098-1101), set before the attack
// is rolled ("Before rolling, he allocates +40 parry", l.1130-1131), and a
// multi-strike's parry comes off every roll alike (l.243-244): once the
// combatant has rolled an attack in its turn, its allotment stays as it is
// until its next turn. Spending the Attack first still lets it allot.
// ledger: pathmaster/parry-allocation
func TestParrySetBeforeTheAttackRoll(t *testing.T) {
	f, _ := pm(t)
	g, o := f.ID("Gavvin"), f.ID("Orc 1")
	f.Must(engine.Spend{Who: g, Action: "melee_attack"})
	f.Must(engine.Allot{Who: g, Parry: 20})
	f.Must(engine.RollCheck{Who: g, Check: "attack", Target: o}, 50)
	f.Refuse(engine.Allot{Who: g, Parry: 40}, "Gavvin has rolled its attack with its parry at 20")
	f.Refuse(engine.Allot{Who: g, Parry: 0}, "Gavvin has rolled its attack with its parry at 20")
	f.Next()
	f.ToTurnOf("Gavvin")
	f.Must(engine.Allot{Who: g, Parry: 40}) // a new turn: set afresh
}
