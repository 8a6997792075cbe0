package content_test

import (
	"testing"
	"time"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
	"fray/saves"
)

// A party lives on "each as the fight left them" (docs/party.md): a hero
// kept keeps its weapons, with what the fight did to them, and its armour,
// whose value comes off each attack's damage (l.459). A weapon dropped or
// stuck is picked up or pulled out once the fight is over and comes ready;
// one broken stays broken, as the hit points a weapon loses stay lost
// (l.117, 196). The cult archer drops its bow and breaks its knife; kept,
// saved and loaded again, it joins the next fight with both, the bow ready,
// the knife broken, and its leather on (AV 1).
// ledger: brp/weapon-and-shield-damage brp/armour-value
func TestBRPKeptPartyKeepsItsWeaponsAndArmour(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Archer", creature: "cult_archer"}, {name: "Guard", hp: 12}}, 27, 30)
	rs := f.Rules
	a := f.ID("Archer")
	f.Must(engine.Arm{Who: a, Weapon: 0, State: rules.FateDropped})
	f.Must(engine.Arm{Who: a, Weapon: 1, State: rules.FateBroken})
	f.Must(engine.End{})
	ps := saves.NewParties(t.TempDir(), time.Now)
	if _, err := ps.Keep("Band", "Temple", func(p engine.Party) (engine.Party, error) {
		p, _, err := p.Keep(rs, f.Current(), []int{a})
		return p, err
	}); err != nil {
		t.Fatal(err)
	}
	p, _, err := ps.Load("Band")
	if err != nil {
		t.Fatal(err)
	}
	joining, err := p.Joining(rs)
	if err != nil {
		t.Fatal(err)
	}
	g := enginetest.New(t, rs, dice.Script())
	g.Must(engine.Add{Combatants: append(joining, engine.NewCombatant{Name: "Cultist", HP: 12})})
	c := g.Get("Archer")
	if len(c.Weapons) != 2 || c.Weapons[0].Name != "Short bow" || !c.Weapons[0].Ready() || c.Weapons[1].State != rules.FateBroken {
		t.Errorf("the archer joins with %+v, want the bow ready and the knife broken", c.Weapons)
	}
	if av := engine.StatNow(rs, c, "AV"); av != 1 || len(c.Armor) != 1 {
		t.Errorf("the archer joins with AV %d and armour %+v, want its leather (1)", av, c.Armor)
	}
}

// A party file is text a GM may edit: what became of more weapons than the
// member carries, or a weapon's lost hit points out of range, is refused
// with the reason as it joins.
func TestKeptWeaponWearIsChecked(t *testing.T) {
	rs := brpRules(t)
	spear := rules.Weapon{Name: "Spear", Damage: dice.MustParse("1d8+1")}
	for _, k := range []engine.Lasting{
		{Wear: []engine.WeaponWear{{Broken: true}, {Lost: 1}}},
		{Wear: []engine.WeaponWear{{Lost: -1}}},
	} {
		p := engine.Party{Name: "Band", Ruleset: rs.ID, Members: []engine.NewCombatant{{Name: "K", HP: 12, Weapons: []rules.Weapon{spear}, Carried: &k}}}
		if _, err := p.Joining(rs); err == nil {
			t.Errorf("%+v joins", k.Wear)
		}
	}
	p := engine.Party{Name: "Band", Ruleset: rs.ID, Members: []engine.NewCombatant{{Name: "K", HP: 12, Weapons: []rules.Weapon{spear},
		Carried: &engine.Lasting{Wear: []engine.WeaponWear{{Broken: true, Lost: 2}}}}}}
	if _, err := p.Joining(rs); err != nil {
		t.Error(err)
	}
}
