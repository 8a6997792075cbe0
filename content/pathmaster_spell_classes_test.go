package content_test

import (
	"maps"
	"strings"
	"testing"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/engine/rules"
)

// caster adds the shipped caster (level 5, SP 40, 20 Mana) with more stats
// typed, and brings its turn.
func caster(t *testing.T, stats map[string]int) (*enginetest.Fight, int) {
	t.Helper()
	f, _ := pm(t)
	cr, _ := shipped(t).Creature("pathmaster", "caster")
	s := maps.Clone(cr.Stats)
	maps.Copy(s, stats)
	init := 40
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: s, Init: &init}}})
	f.ToTurnOf("Mage")
	return f, f.ID("Mage")
}

// A free spell costs no power points, cast or failed (l.1478-1480); an
// informational one costs its full cost even when it fails (l.1274-1275,
// 1324-1325), where a normal one's failure costs 1.
// ledger: pathmaster/free-spells pathmaster/informational-spells
func TestFreeAndInformationalSpells(t *testing.T) {
	for _, c := range []struct {
		class string
		want  string
	}{
		{"", "Mage: Spell failure costs 1 Mana (20 -> 19)"},
		{"free", "Mage: Spell failure costs 0 Mana (20 -> 20)"},
		{"informational", "Mage: Spell failure costs 3 Mana (20 -> 17)"},
	} {
		f, m := caster(t, nil)
		f.Must(engine.Cast{Who: m, Name: "Detect", Rank: 3, Kind: c.class})
		f.Must(engine.Spend{Who: m, Action: "concentrate"})
		f.Next()
		f.ToTurnOf("Mage")
		f.Must(engine.Cast{Who: m}, 30)
		if line := f.LastLog("Mage: Spell failure costs"); line != c.want {
			t.Errorf("%q: %q, want %q", c.class, line, c.want)
		}
	}
	f, m := caster(t, nil)
	f.Refuse(engine.Cast{Who: m, Name: "Detect", Rank: 3, Kind: "cheap"}, `Pathmaster has no class of spell "cheap"`)
}

// Transcendence (l.1269-1270, 1297-1302): covering all the penalties but
// the time (no hands, -20, against Transcendence 30), the spell is cast
// without a roll; a cross-realm spell is rolled, the skill added up to
// the penalties (cross-realm's among them, l.1301).
// ledger: pathmaster/transcendence
func TestTranscendenceCastsWithoutARoll(t *testing.T) {
	f, m := caster(t, map[string]int{"TR": 30})
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Next()
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Modifiers: []string{"no_hands"}})
	if line := f.LastLog("Transcendence"); line != "Mage's Transcendence 30 covers 20 of the casting's penalties of 20: the spell is cast without a roll" {
		t.Errorf("covered: %q", line)
	}
	if line := f.LastLog("Mage: Spell cast costs"); line != "Mage: Spell cast costs 3 Mana (20 -> 17)" {
		t.Errorf("its cost: %q", line)
	}
	if strings.Contains(logText(f), "Mage: Spell casting") {
		t.Error("a roll was made")
	}
	f, m = caster(t, map[string]int{"TR": 30})
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Next()
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Modifiers: []string{"cross_realm", "no_voice"}}, 50)
	if line := f.LastLog("Transcendence"); line != "Mage's Transcendence 30 covers 30 of the casting's penalties of 40: a roll all the same, for the cross-realm spell" {
		t.Errorf("cross-realm: %q", line)
	}
	if line := f.LastLog("Mage: Spell casting"); !strings.Contains(line, "[50] + 40 = 90 - 5 = 85") {
		t.Errorf("the roll: %q", line)
	}
}

// The book's two readings of a one-round spell: a Standard action casts
// after the concentrating turns (l.496, 1283: fray's), or the roll comes at
// the end of the turn's Concentrate (l.1451-1453:
// spells.cast_in_concentrate), with the Attack left.
// ledger: pathmaster/one-round-casting
func TestOneRoundCastingReadings(t *testing.T) {
	for _, in := range []bool{false, true} {
		f, m := sleepAlone(t, func(r *rules.Ruleset) { r.Spells.CastInConcentrate = in })
		_, err := f.Do(engine.Cast{Who: m}, 80)
		switch {
		case in && err != nil:
			t.Errorf("cast in the Concentrate: %v", err)
		case !in && (err == nil || !strings.Contains(err.Error(), "Spell Casting - Standard costs 1 Attack")):
			t.Errorf("cast after the Concentrate in the same turn: %v", err)
		}
	}
}

// The casting round delayed (l.689-691): a caster with a spell prepared
// Delays; its turn does not ruin the spell nor add a round of
// preparation, and C casts it on another's turn, paid as the delayed
// attack (an Interrupt). Unused, the spell waits for the caster's turn.
// ledger: pathmaster/delay-spell-casting
func TestDelayedCastingRound(t *testing.T) {
	f, m := caster(t, nil)
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Next()
	f.ToTurnOf("Mage")
	f.Must(engine.Delay{Who: m, Trigger: "an orc comes near"})
	if line := f.LastLog("holds the casting"); line != "Mage holds the casting of Sleep: C casts it at the trigger, paid as the delayed attack" {
		t.Errorf("the delay: %q", line)
	}
	f.ToTurnOf("Orc 1")
	if x := f.Get("Mage").Casting; x == nil || x.Rounds != 1 {
		t.Fatalf("the delayed turn: %+v (want Sleep, 1 round)", x)
	}
	f.Must(engine.Cast{Who: m}, 80)
	if line := f.LastLog("Mage: Attack - Delayed"); line == "" {
		t.Errorf("the cast is not paid as the delayed attack:\n%s", logText(f))
	}
	if line := f.LastLog("Mage: Spell casting"); !strings.Contains(line, "[80] + 40") {
		t.Errorf("the roll: %q", line)
	}
	f, m = caster(t, nil)
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.Next()
	f.ToTurnOf("Mage")
	f.Must(engine.Delay{Who: m})
	f.Next()
	f.ToTurnOf("Mage")
	if x := f.Get("Mage").Casting; x == nil || x.Rounds != 1 {
		t.Errorf("an unused delay: %+v (want Sleep kept, 1 round)", x)
	}
}

// A subconscious spell may be triggered while its caster is stunned or
// knocked out (l.1509-1514): C casts it then, at once and with no action
// (the table's instant column), where any other spell is refused; a caster
// who can act casts it as a normal spell.
// ledger: pathmaster/subconscious-spells
func TestSubconsciousSpellGoesOffStunnedOrOut(t *testing.T) {
	f, m := caster(t, nil)
	f.Refuse(engine.Cast{Who: m, Name: "Regenerate", Rank: 3, Subconscious: true}, "can act: C casts it as a normal spell")
	f.Must(engine.Stun{Who: m, Level: "stunned", Rounds: 2})
	f.Refuse(engine.Cast{Who: m, Name: "Sleep", Rank: 3}, "no spells")
	f.Must(engine.Cast{Who: m, Name: "Regenerate", Rank: 3, Subconscious: true}, 95)
	if line := f.LastLog("Mage: Regenerate"); !strings.Contains(logText(f), "Mage's subconscious casts Regenerate (level 3) at once: +10 (+2 levels)") {
		t.Errorf("the trigger: %q\n%s", line, logText(f))
	}
	if !strings.Contains(logText(f), "Mage: Spell casting") {
		t.Errorf("no casting roll:\n%s", logText(f))
	}
	f.Must(engine.GiveCondition{Who: m, Condition: "unconscious"})
	f.Must(engine.Cast{Who: m, Name: "Regenerate", Rank: 3, Subconscious: true}, 95)
	f.Must(engine.GiveCondition{Who: m, Condition: "dead"})
	f.Refuse(engine.Cast{Who: m, Name: "Regenerate", Rank: 3, Subconscious: true}, "dead")
}

// A spell "can be cancelled without effect up until the time of the actual
// casting" (l.1432): a preparation that lapses before the casting action
// (a turn without concentrating) costs nothing, as one given up does; the
// reading that charges the power point of l.1433-1434 for every lapsed
// preparation is spells.ruined = "1".
// ledger: pathmaster/spell-interrupted
func TestLapsedPreparationReadings(t *testing.T) {
	for _, c := range []struct {
		ruined string
		want   string
	}{{"", "Mage: the ruined spell costs 0 Mana (20 -> 20)"}, {"1", "Mage: the ruined spell costs 1 Mana (20 -> 19)"}} {
		f, _ := sleepAlone(t, func(r *rules.Ruleset) {
			if c.ruined != "" {
				r.Spells.Ruined = c.ruined
			}
		})
		f.Next()
		f.Next() // a turn with no Concentrate
		if line := f.LastLog("the ruined spell"); line != c.want {
			t.Errorf("ruined = %q: %q, want %q", c.ruined, line, c.want)
		}
	}
}

// The casting table's top row is "2+" and its last -5 (l.1334-1347): the
// casting line gives the caster's real level difference, and the row it
// read where the table clamps it. Level 5 casting level 1: +4 levels, read
// on the 2+ row (+10 at once; after 1 round, +5).
// ledger: pathmaster/casting-table
func TestCastingLineShowsTheLevelDifference(t *testing.T) {
	f, m := caster(t, nil)
	f.Must(engine.Cast{Who: m, Instant: "instant_spell", Name: "Blur", Rank: 1}, 50)
	if line := f.LastLog("Mage casts Blur"); line != "Mage casts Blur (level 1) at once: +10 (+4 levels, the table's 2+ row)" {
		t.Errorf("instant: %q", line)
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 12})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m}, 50)
	if line := f.LastLog("Mage casts Sleep"); line != "Mage casts Sleep (level 12) after 1 round of concentration: -80 (-7 levels, the table's -5 row)" {
		t.Errorf("prepared: %q", line)
	}
	f.ToTurnOf("Orc 1")
	f.ToTurnOf("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Cast{Who: m}, 50)
	if line := f.LastLog("Mage casts Sleep"); line != "Mage casts Sleep (level 3) after 0 rounds of concentration: +0 (+2 levels)" {
		t.Errorf("on the row: %q", line)
	}
}

// sleepAlone is the shipped caster alone in a fight of Pathmaster as edit
// leaves it, preparing Sleep (rank 3) with its first Concentrate.
func sleepAlone(t *testing.T, edit func(*rules.Ruleset)) (*enginetest.Fight, int) {
	t.Helper()
	lib := shipped(t)
	rs, _ := lib.Ruleset("pathmaster")
	cr, _ := lib.Creature("pathmaster", "caster")
	r := *rs.Ruleset
	edit(&r)
	f := enginetest.New(t, &r, dice.NewSource(5))
	init := 10
	f.Must(engine.Add{Combatants: []engine.NewCombatant{{Name: "Mage", Template: "caster", HP: cr.HP, Stats: cr.Stats, Init: &init}}})
	f.Must(engine.Start{})
	m := f.ID("Mage")
	f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
	f.Must(engine.Spend{Who: m, Action: "concentrate"})
	return f, m
}

// The casting "must be taken immediately after any Concentration actions
// used for preparation - there cannot be any interruption" (l.495-497): on
// the casting turn a Step may come first, a Move action ruins it.
// ledger: pathmaster/standard-spell-casting
func TestNothingBetweenConcentrationAndCasting(t *testing.T) {
	for _, c := range []struct {
		action string
		ruined bool
	}{{"single_step", false}, {"ready", true}} {
		f, m := caster(t, nil)
		f.Must(engine.Cast{Who: m, Name: "Sleep", Rank: 3})
		f.Must(engine.Spend{Who: m, Action: "concentrate"})
		f.Next()
		f.ToTurnOf("Mage")
		f.Must(engine.Spend{Who: m, Action: c.action})
		ruined := f.Get("Mage").Casting == nil
		if ruined != c.ruined || ruined && !strings.Contains(logText(f), "Mage's Sleep is ruined: Ready taken between the concentration and the casting") {
			t.Errorf("%s before the casting: ruined %v\n%s", c.action, ruined, f.LastLog("Mage"))
		}
		if !ruined {
			f.Must(engine.Cast{Who: m}, 80)
		}
	}
}
