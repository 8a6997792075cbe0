package content_test

import (
	"testing"

	"fray/engine"
)

// Minor wounds worth a major one (l.531): a failed Luck roll knocks out; a
// success, or a failed Luck roll by one without them, does not.
//
// ledger: brp/minor-wounds-add-up
func TestBRPMinorWoundsLuckKnocksOut(t *testing.T) {
	for _, c := range []struct {
		luck int
		out  bool
	}{{99, true}, {5, false}} {
		f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}}, c.luck)
		inv := f.ID("Investigator")
		f.Must(engine.Damage{Who: inv, Amount: 4})
		f.Must(engine.Damage{Who: inv, Amount: 3})
		if !f.Get("Investigator").Has("half_lost") {
			t.Fatalf("7 of %d HP in minor wounds: not weakened", f.Get("Investigator").MaxHP)
		}
		f.Must(engine.RollCheck{Who: inv, Check: "luck"})
		if got := f.Get("Investigator").Has("unconscious"); got != c.out {
			t.Errorf("Luck %d: unconscious %v, want %v (%s)", c.luck, got, c.out, f.LastLog("Luck"))
		}
	}
	// Unhurt, a failed Luck roll does nothing.
	f, _ := startFight(t, "brp", []member{{name: "Investigator", creature: "investigator"}, {name: "Cultist", creature: "cultist"}}, 99)
	f.Must(engine.RollCheck{Who: f.ID("Investigator"), Check: "luck"})
	if f.Get("Investigator").Has("unconscious") {
		t.Errorf("a failed Luck roll knocks out one with no minor wounds")
	}
}
