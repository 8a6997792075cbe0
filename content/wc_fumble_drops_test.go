package content_test

import (
	"testing"

	"fray/engine"
	"fray/engine/rules"
)

// What is carried is dropped (l.373, 408-413): a failed Fumble? drops the
// weapon in hand 1d6-1 metres away, a Fumble-XX missed by 1-3 at the
// feet, by 4 or more 1d6 hexes away; dropped, it strikes no blow until it
// is picked up (readied again). Undo gives it back.
// ledger: war-and-combat/fumble-check war-and-combat/fumble-xx
func TestWarAndCombatFumbleDropsTheWeapon(t *testing.T) {
	f := inFlurry(t)
	vet, arc, sgt := f.ID("Veteran"), f.ID("Archer"), f.ID("Sergeant")
	state := func(n string, i int) rules.WeaponFate { return f.Get(n).Weapons[i].State }
	// Fumble?: 3 + 1 = 4 against 10, the sword lands 2 m away.
	before := f.Current().Clone()
	f.Must(engine.RollCheck{Who: vet, Check: "fumble"}, 1, 1, 1, 3)
	if got := state("Veteran", 0); got != rules.FateDropped {
		t.Errorf("a failed Fumble? leaves the sword %q", got)
	}
	f.Refuse(engine.Blow{Who: vet, Blow: "attack", Foes: []int{arc}, Location: "chest"}, "dropped")
	f.Undo()
	if !engine.Same(*f.Current(), before) {
		t.Error("undo does not give the sword back")
	}
	// Fumble-16: 11 + 1 = 12, missed by 4: the bow flies 5 hexes.
	f.Must(engine.Maneuver{Who: arc, Row: "disarming", Column: 2}, 4, 4, 3, 5)
	if got := state("Archer", 0); got != rules.FateDropped {
		t.Errorf("the Archer's bow flew off, yet it is %q", got)
	}
	// Fumble-10: 8 + 0 = 8, missed by 2: the halberd at his feet.
	f.Must(engine.Maneuver{Who: sgt, Row: "disarming", Column: 1}, 3, 3, 2)
	if got := state("Sergeant", 0); got != rules.FateDropped {
		t.Errorf("the Sergeant's halberd dropped at his feet, yet it is %q", got)
	}
}

// A serious arm wound is a Fumble (l.379): like a failed Fumble?, what is
// carried is dropped; a critical disarming breaks the weapon (l.404): it
// strikes no more until mended.
// ledger: war-and-combat/fumble-serious war-and-combat/weapon-break
func TestWarAndCombatSeriousArmWoundAndBreakTakeTheWeapon(t *testing.T) {
	f := fourFighters(t)
	recordWound(f, "Veteran", "right_arm", "serious", 3)
	if got := f.Get("Veteran").Weapons[0].State; got != rules.FateDropped {
		t.Errorf("a serious arm wound leaves the sword %q", got)
	}
	f.Must(engine.Maneuver{Who: f.ID("Brigand"), Row: "disarming", Column: 3})
	if got := f.Get("Brigand").Weapons[0].State; got != rules.FateBroken {
		t.Errorf("a critical disarming leaves the axe %q", got)
	}
	f.Refuse(engine.Blow{Who: f.ID("Brigand"), Blow: "attack", Foes: []int{f.ID("Veteran")}, Location: "chest"}, "broken")
}
