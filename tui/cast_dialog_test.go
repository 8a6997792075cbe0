package tui

import (
	"strings"
	"testing"

	"fray/engine"
)

// C casts a spell on the acting caster's initiative: an SK spell at rank 8
// takes 6 segments; the panel shows when it goes off; C again interrupts.
// ledger: countdown/interrupted-spell countdown/cleric-spells countdown/mage-spells
func TestCastKey(t *testing.T) {
	m := fightIn(t, "countdown", "Mage", "Ogre")
	m, _ = keys(m, "n")
	actor := m.fight().Current().Actor()
	e := m.fight().Current().Entry(m.fight().Current().Cur)
	start := e.Value
	m, _ = keys(m, "C", "down", "down", "enter", "Bolt 8", "enter")
	c := combatant(m, actor.Name)
	if c.Casting == nil {
		t.Fatalf("C SK Bolt 8: nothing cast\n%s", screenText(m))
	}
	if want := start - 6; c.Casting.Off != want && !c.Casting.Carried {
		t.Errorf("goes off at %d, want %d", c.Casting.Off, want)
	}
	if !strings.Contains(screenText(m), "Bolt (SK spell, rank 8)") {
		t.Errorf("the cast is not shown:\n%s", screenText(m))
	}
	// Select the caster and interrupt.
	for range 3 {
		if sel := m.order.selected(); sel != nil && sel.ID == c.ID {
			break
		}
		m, _ = keys(m, "j")
	}
	m, _ = keys(m, "C", "y")
	if combatant(m, actor.Name).Casting != nil {
		t.Errorf("C y did not interrupt:\n%s", screenText(m))
	}
	if !strings.Contains(screenText(m), "is interrupted") {
		t.Errorf("the interruption is not logged:\n%s", screenText(m))
	}
}

// C where spells are prepared by concentrating (Pathmaster): begin a spell
// and its level, concentrate a round, then cast it with the casting
// modifiers picked; on another's turn only an instantaneous spell is
// offered, and it spoils the one under way.
// ledger: pathmaster/concentrate-action pathmaster/standard-spell-casting
// ledger: pathmaster/instantaneous-spell pathmaster/casting-spells pathmaster/casting-order
// ledger: pathmaster/casting-actions pathmaster/casting-modifiers pathmaster/casting-table
// ledger: pathmaster/caster-conditions pathmaster/instant-at-any-time pathmaster/free-spells
func TestConcentratedSpellKeys(t *testing.T) {
	m := fightIn(t, "pathmaster", "Mage", "Orc")
	m, _ = keys(m, "C", "enter", "Sleep 1", "enter")
	if s := screenText(m); !strings.Contains(s, "Sleep: what kind of spell") || !strings.Contains(s, "Informational spell") {
		t.Fatalf("C does not ask what kind of spell:\n%s", s)
	}
	m, _ = keys(m, "enter") // a normal spell
	c := combatant(m, "Mage")
	if c.Casting == nil || c.Casting.Spell != "Sleep" || c.Casting.Level != 1 {
		t.Fatalf("C, begin, Sleep 1: %+v\n%s", c.Casting, screenText(m))
	}
	m, _ = keys(m, "C", "down", "enter")
	if s := screenText(m); !strings.Contains(s, "Preparing Sleep (level 1): 1") {
		t.Errorf("the panel after concentrating:\n%s", s)
	}
	m, _ = keys(m, "n", "n") // the Orc's turn, then the Mage's
	m, _ = keys(m, "C", "enter", "both hands", "enter", "enter", "+5", "enter")
	if c := combatant(m, "Mage"); c.Casting != nil {
		t.Fatalf("Sleep not cast: %+v\n%s", c.Casting, screenText(m))
	}
	cast := lastLog(m, "Spell casting")
	// The table's -20, the typed +5 and both hands' +5: -10.
	if !strings.Contains(cast, "Mage: Spell casting (Both hands free (Channeling, Essence) +5): d100oe + SP: [52] + 0 = 52 - 10 = 42") {
		t.Errorf("the cast: %q", cast)
	}
	if !strings.Contains(lastLog(m, "casts Sleep"), "after 1 round of concentration: -20 (+0 levels)") {
		t.Errorf("the casting table's modifier: %q", lastLog(m, "casts Sleep"))
	}
	// Begun again, then the Orc's turn: the Mage only has instant spells.
	m, _ = keys(m, "C", "enter", "Light 1", "enter", "down", "enter", "n")
	if c := combatant(m, "Mage"); c.Casting == nil || c.Casting.Class != "free" {
		t.Fatalf("Light begun as a free spell: %+v", c.Casting)
	}
	for _, k := range []string{"k", "k", "j", "j"} {
		if sel := m.order.selected(); sel != nil && sel.Name == "Mage" {
			break
		}
		m, _ = keys(m, k)
	}
	if sel := m.order.selected(); sel == nil || sel.Name != "Mage" {
		t.Fatalf("the Mage is not selected:\n%s", screenText(m))
	}
	m, _ = keys(m, "C")
	if s := screenText(m); strings.Contains(s, "Cast Light now") || strings.Contains(s, "Concentrate a round") || !strings.Contains(s, "Give up Light") || !strings.Contains(s, "Cast an instantaneous spell") {
		t.Errorf("C off the Mage's turn:\n%s", s)
	}
	m, _ = keys(m, "esc", "?")
	if !strings.Contains(screenText(m), "cast a spell") {
		t.Errorf("the keys screen leaves out C:\n%s", screenText(m))
	}
}

// C on a stunned caster offers only a subconscious spell, which goes off
// at once with no action (l.1509-1514).
// ledger: pathmaster/subconscious-spells
func TestSubconsciousSpellKey(t *testing.T) {
	m := fightIn(t, "pathmaster", "Mage", "Orc")
	if _, err := m.fight().Do(engine.Stun{Who: combatant(m, "Mage").ID, Level: "stunned", Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	m, _ = keys(m, "C")
	if s := screenText(m); !strings.Contains(s, "A subconscious spell goes off") || strings.Contains(s, "Begin a spell") {
		t.Fatalf("C on a stunned caster:\n%s", s)
	}
	m, _ = keys(m, "enter", "Regenerate 1", "enter", "enter", "enter", "enter")
	if line := lastLog(m, "subconscious"); !strings.Contains(line, "Mage's subconscious casts Regenerate (level 1) at once") {
		t.Errorf("the spell: %q\n%s", line, screenText(m))
	}
}
