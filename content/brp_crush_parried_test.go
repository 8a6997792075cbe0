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

// crushParried is A, a club (1D6, damage modifier 1D4) at 50%, striking T,
// who parries at 45% with a sword of 6 hit points (AV 1, CON 10): the
// attack a special (05), the parry as given, the club's 4 and the doubled
// modifier's 2 and 3: 9 held against the sword.
func crushParried(t *testing.T, parry int) (*enginetest.Fight, int, int) {
	t.Helper()
	f, a, tt := crushFight(t)
	f.Must(engine.Blow{Who: a, Blow: "attack", Foes: []int{tt}, Answer: "parry"}, 5, parry, 4, 2, 3)
	return f, a, tt
}

// crushFight is crushParried's fight before the blow, on A's rank.
func crushFight(t *testing.T) (*enginetest.Fight, int, int) {
	t.Helper()
	club := []rules.Weapon{{Name: "Club", Damage: dice.MustParse("1d6"), Bonus: dice.MustParse("1d4"), Kinds: []string{"crushing", "melee"}}}
	sword := []rules.Weapon{{Name: "Sword", Damage: dice.MustParse("1d8"), Kinds: []string{"bleeding", "melee"}, HP: 6}}
	rs, _ := shipped(t).Ruleset("brp")
	f := enginetest.New(t, rs.Ruleset, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "A", HP: 30, Stats: map[string]int{"DEX": 18, "skill": 50}, Weapons: club},
		{Name: "T", HP: 30, Stats: map[string]int{"DEX": 2, "INT": 10, "CON": 10, "parry": 45, "dodge": 40, "AV": 1}, Weapons: sword},
	}})
	f.Must(engine.Start{})
	a, tt := f.ID("A"), f.ID("T")
	onRank(t, f, "A")
	return f, a, tt
}

// l.349: "If the target successfully parries against a crushing special
// success attack, they risk their weapon or shield breaking. The attacker
// rolls damage and the increased damage modifier, and compares the damage
// rolled to the parrying item's current hit points on the resistance
// table." The blow (A) rolls the club's damage with the modifier doubled
// (4 + 2 + 3) and holds it on the sword: T is not hurt, the sword not yet
// struck (not the matrix's 2 of special against success), whatever the
// parry's level (a success 30, a special 05, a critical 01).
// ledger: brp/crushing-parry
func TestBRPCrushingSpecialParriedHeldAgainstTheItem(t *testing.T) {
	for _, parry := range []int{30, 5, 1} {
		f, _, _ := crushParried(t, parry)
		if got := f.Get("T").HP; got != 30 {
			t.Errorf("parry %d: T at %d HP, want 30 (the blow waits on the sword's resistance roll):\n%s", parry, got, logText(f))
		}
		w := f.Get("T").Weapons[0]
		if w.Lost != 0 || w.Held != 9 {
			t.Errorf("parry %d: the sword lost %d, holds %d, want 0 and 9 (4 + 2 + 3):\n%s", parry, w.Lost, w.Held, logText(f))
		}
		if got := f.LastLog("holds the blow"); !strings.Contains(got, "its 9 damage against the Sword's 6 hit points left") {
			t.Errorf("parry %d: the log does not name the resistance roll: %q", parry, got)
		}
	}
}

// l.349: "If the active roll is successful, the parrying item takes all
// the damage from the blow, and any remaining damage is inflicted on the
// parrying target. The target may subtract armor protection ... If the
// target takes damage, they are subject to the rules for stunning." The
// resistance roll (9 against 6: 65% typed) made at 30: the sword takes its
// 6 and breaks, 3 go on, 1 armour off: T at 28, then Stamina (CON 10 x 5)
// failed at 80, stunned for 1D3 (2). Undone, all of it is back; saved and
// resumed, the held blow is still there to settle.
// ledger: brp/crushing-parry
func TestBRPCrushingParryWonStrikesThroughTheItem(t *testing.T) {
	f, a, tt := crushParried(t, 30)
	before := *f.Current()
	f.Must(engine.RollCheck{Who: a, Check: "crush_parried", Target: tt, Expr: "65"}, 30, 80, 2)
	if got := f.Get("T").HP; got != 28 {
		t.Errorf("T at %d HP, want 28 (9 less the sword's 6, less 1 armour):\n%s", got, logText(f))
	}
	if w := f.Get("T").Weapons[0]; w.State != rules.FateBroken || w.Held != 0 {
		t.Errorf("the sword is %q holding %d, want broken, holding nothing", w.State, w.Held)
	}
	if !f.Get("T").Has("stunned") {
		t.Errorf("T hurt by the crushing blow, Stamina failed, is not stunned:\n%s", logText(f))
	}
	f.Undo()
	if !reflect.DeepEqual(*f.Current(), before) {
		t.Errorf("undone, the fight is not as the blow left it")
	}
	rs, _ := shipped(t).Ruleset("brp")
	data, err := saves.Encode(session.Saved{Name: "crush", Fight: f.Fight, Source: dice.NewSource(5), Hash: rs.Hash}.Snapshot(),
		time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	back, err := saves.Decode("crush.toml", data, func(string) (*rules.Ruleset, string, bool) { return rs.Ruleset, rs.Hash, true })
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Fight.Current().Combatant(tt).Weapons[0].Held; got != 9 {
		t.Errorf("resumed, the sword holds %d, want 9", got)
	}
}

// l.351: "If the passive roll of the parrying item's hit points is
// successful, it takes the normal attack damage directly to its hit
// points. If the parrying item takes more damage than it has hit points,
// it is destroyed ... but the blow does not continue to strike the
// target." The roll made at 90 of 65: the sword takes the 9 and breaks;
// T is untouched and rolls no Stamina.
// ledger: brp/crushing-parry
func TestBRPCrushingParryLostStopsAtTheItem(t *testing.T) {
	f, a, tt := crushParried(t, 30)
	f.Must(engine.RollCheck{Who: a, Check: "crush_parried", Target: tt, Expr: "65"}, 90)
	if got := f.Get("T").HP; got != 30 {
		t.Errorf("T at %d HP, want 30 (the blow stops at the sword):\n%s", got, logText(f))
	}
	if w := f.Get("T").Weapons[0]; w.State != rules.FateBroken || w.Lost != 9 {
		t.Errorf("the sword is %q, %d lost, want broken by the 9", w.State, w.Lost)
	}
	if strings.Contains(logText(f), "Stamina") {
		t.Errorf("a blow stopped at the item rolls Stamina:\n%s", logText(f))
	}
}
