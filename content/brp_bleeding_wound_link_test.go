package content_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
)

// l.337: First Aid on a bleeding wound stops it; l.619: "A successful
// First Aid roll immediately restores 1D3 hit points per wound". The
// bleeding is the wound of the hit that cut it: A's special cuts a vein
// (3), then B's plain hit lands in the same round (5). First Aid on the
// bleeding heals A's wound, not the round's last (B's): B's keeps its own
// First Aid, A's is healed once and takes no other; the wound stopped is
// treated no more. The link is kept through a save.
// ledger: brp/first-aid-heals brp/first-aid-stops-bleeding
func TestBRPBleedingFirstAidHealsTheHitThatCutIt(t *testing.T) {
	f := enginetest.New(t, brpRules(t), dice.Script())
	sword := func(skill int) []rules.Weapon {
		return []rules.Weapon{{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"},
			Fields: map[string]int{"skill": skill}}}
	}
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 12, Stats: map[string]int{"DEX": 15}, Weapons: sword(80)},
		{Name: "B", HP: 12, Stats: map[string]int{"DEX": 14}, Weapons: sword(80)},
		{Name: "D", HP: 30, Stats: map[string]int{"DEX": 5, "first_aid": 60}}}})
	f.Must(engine.Start{})
	d := f.ID("D")
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{d}}, 5, 3) // a special: the vein cut
	onRank(t, f, "B")
	f.Must(engine.Blow{Who: f.ID("B"), Blow: "attack", Foes: []int{d}}, 40, 5) // a plain hit, the same round
	c := f.Get("D")
	if len(c.Harms) != 2 || len(c.Wounds) != 1 || c.Wounds[0].Harm != 1 {
		t.Fatalf("D's wounds %+v, bleeding %+v: want two, the bleeding cut by the first", c.Harms, c.Wounds)
	}
	f.Must(engine.FirstAid{Who: d, Treat: engine.TreatWound, Wound: 0}, 10, 2)
	c = f.Get("D")
	if c.Bleeding() != 0 || !c.Harms[0].Aided || c.Harms[1].Aided || c.Harms[0].Left != c.Harms[0].Dealt-2 {
		t.Fatalf("First Aid on the bleeding: bleeding %d, wounds %+v; want it stopped and the first wound healed 2", c.Bleeding(), c.Harms)
	}
	f.Refuse(engine.FirstAid{Who: d, Treat: engine.TreatHits, Wound: 0}, "First Aid has healed it once")
	f.Refuse(engine.FirstAid{Who: d, Treat: engine.TreatWound, Wound: 0}, "bleeds no more")
	if why := engine.AidRefused(f.Rules, c, engine.TreatHits, 1); why != "" {
		t.Errorf("B's wound keeps its own First Aid: %s", why)
	}
	if engine.WoundOpen(f.Rules, c.Wounds[0]) {
		t.Errorf("the bleeding stopped for good is still open to a closing by magic")
	}
	data, err := saves.Encode(session.Saved{Name: "link", Fight: f.Fight, Source: dice.NewSource(5), Hash: "x"}.Snapshot(),
		time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("link.toml", data, func(string) (*rules.Ruleset, string, bool) { return f.Rules, "x", true })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*back.Fight.Current(), *f.Current()) || back.Fight.Current().Combatant(d).Wounds[0].Harm != 1 {
		t.Errorf("resumed, the bleeding's wound is lost")
	}
	if !strings.Contains(string(data), "harm = 1") {
		t.Errorf("the save does not keep the link")
	}
}

// The wound's own First Aid first (l.619), then the bleeding's (l.337):
// the bleeding stops and its wound, healed once, heals no more.
// ledger: brp/first-aid-heals
func TestBRPBleedingFirstAidAfterItsWoundsHealsNoMore(t *testing.T) {
	f := enginetest.New(t, brpRules(t), dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 12, Stats: map[string]int{"DEX": 15}, Weapons: []rules.Weapon{{Name: "Sword", Damage: dice.MustParse("1d8"),
			Kinds: []string{"bleeding", "melee"}, Fields: map[string]int{"skill": 80}}}},
		{Name: "D", HP: 30, Stats: map[string]int{"DEX": 5, "first_aid": 60}}}})
	f.Must(engine.Start{})
	d := f.ID("D")
	onRank(t, f, "A")
	f.Must(engine.Blow{Who: f.ID("A"), Blow: "attack", Foes: []int{d}}, 5, 6)
	f.Must(engine.FirstAid{Who: d, Treat: engine.TreatHits, Wound: 0}, 10, 2)
	hp := f.Get("D").HP
	f.Must(engine.FirstAid{Who: d, Treat: engine.TreatWound, Wound: 0}, 10) // no 1D3 rolled: its wound has had it
	if c := f.Get("D"); c.Bleeding() != 0 || c.HP != hp {
		t.Errorf("the bleeding's First Aid after its wound's: bleeding %d, %d HP (want 0, %d)", c.Bleeding(), c.HP, hp)
	}
}
