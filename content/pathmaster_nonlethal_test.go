package content_test

import (
	"testing"

	"fray/engine"
)

// Non-lethal damage past the hits left knocks out (l.1056) and never kills:
// 100 non-lethal on an orc of 45 hits leaves its hits and puts it down
// Unconscious, not dead at -CON; healing takes the non-lethal off as it
// heals and the orc comes to once it is within its hits again.
// ledger: pathmaster/nonlethal-damage
func TestNonlethalKnocksOutNeverKills(t *testing.T) {
	f, _ := pm(t)
	o := f.ID("Orc 1")
	f.Must(engine.Damage{Who: o, Amount: 40, NonLethal: true})
	if c := f.Get("Orc 1"); c.HP != 45 || c.Out || c.Nonlethal != 40 {
		t.Fatalf("40 non-lethal on 45 hits: hits %d, out %v, non-lethal %d", c.HP, c.Out, c.Nonlethal)
	}
	f.Must(engine.Damage{Who: o, Amount: 60, NonLethal: true})
	if line := f.LastLog("Orc 1 takes 60"); line != "Orc 1 takes 60 non-lethal (100 non-lethal against 45 Hits)" {
		t.Errorf("the log: %q", line)
	}
	c := f.Get("Orc 1")
	if !c.Out || !c.Has("unconscious") || c.Has("dead") || c.HP != 45 {
		t.Fatalf("100 non-lethal: out %v, unconscious %v, dead %v, hits %d", c.Out, c.Has("unconscious"), c.Has("dead"), c.HP)
	}
	f.Must(engine.Damage{Who: o, Amount: 10})
	f.Must(engine.Heal{Who: o, Amount: 10})
	if c := f.Get("Orc 1"); !c.Out || c.Nonlethal != 90 {
		t.Errorf("healed 10: out %v, non-lethal %d", c.Out, c.Nonlethal)
	}
	f.Must(engine.Damage{Who: o, Amount: 20})
	f.Must(engine.Heal{Who: o, Amount: 20})
	f.Must(engine.Heal{Who: o, Amount: 40})
	if c := f.Get("Orc 1"); c.Out || c.Has("unconscious") || c.Nonlethal != 30 || c.HP != 45 {
		t.Errorf("healed 60 more: out %v, non-lethal %d, hits %d", c.Out, c.Nonlethal, c.HP)
	}
}
