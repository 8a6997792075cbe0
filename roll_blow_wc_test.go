package main

import (
	"strings"
	"testing"
)

// War & Combat's blow through fray roll --blow (war-and-combat.txt
// l.297-349): 3d6 + weapon skill 5 against Defense 13 (Fighter rank 3 +
// 10). Beating it by exactly 5 is a critical hit with one more impact die
// (2 dice of 1d3), by exactly 10 two more (3 dice), by 4 a hit; within 3
// under it parried, more a miss. A critical goes through the absorption
// and penetrates; a hit loses the absorption where it lands and penetrates
// only over the threshold less the weapon's penetration value. What gets
// through is read against the thresholds (Impaired 4, Disabled 8,
// Destroyed 12) and the wound noted with its shock value.
// ledger: war-and-combat/critical-dice war-and-combat/critical-effects war-and-combat/critical-impact war-and-combat/critical-hit
// ledger: war-and-combat/effective-impact war-and-combat/penetration war-and-combat/absorption war-and-combat/compare-thresholds
// ledger: war-and-combat/damage-results war-and-combat/severity-from-thresholds war-and-combat/shock-value-on-wound
// ledger: war-and-combat/parry-within-three war-and-combat/attack-roll war-and-combat/glossary-absorption
// ledger: war-and-combat/glossary-penetration-threshold war-and-combat/glossary-penetration-value war-and-combat/glossary-effective-impact
// ledger: war-and-combat/impact-one-point war-and-combat/wound-penalty-critical
func TestRollBlowWarAndCombat(t *testing.T) {
	lib := shipped(t)
	base := "--rules war-and-combat --blow attack --stat weapon_skill=5 --target fighter_rank=3 --target impaired=4 --target disabled=8 " +
		"--target destroyed=12 --target absorption=1 --target pen_threshold=3 --location head --damage "
	cases := []struct {
		args string
		want []string
		not  []string
	}{
		// 13 + 5 = 18: exactly 5 over, a critical of 2 dice.
		{"1d3 --faces 5,4,4,2,2", []string{"= 18 vs more than 13: Critical hit", "(made by 5)", "Attack extra dice: 1d3: [2] = 2",
			"2 dice: weapon 2 + extra dice 2 = 4", "absorption 1 at the head is bypassed: all 4 gets through",
			"Defender: 4 gets through, over 0, not over 4: a light wound to the head, penetrating whatever the armour",
			"Defender takes a light penetrating wound to the head (-1, noted P10)"}, []string{"3 dice"}},
		// 23: exactly 10 over, 3 dice.
		{"1d3 --faces 6,6,6,1,1,1", []string{"= 23 vs more than 13: Critical hit", "(made by 10)", "Attack extra dice: 2d3: [1, 1] = 2",
			"3 dice: weapon 1 + extra dice 2 = 3", "noted P10"}, nil},
		// 9 over, still 2 dice; 3 dice of 3 make 9 over Disabled 8: critical, knocked out.
		{"1d3 --faces 6,6,5,3,3,4", []string{"(made by 9)", "2 dice: weapon 3 + extra dice 3 = 6", "over 4, not over 8: a serious wound",
			"noted P16", "Defender is Stunned for 4 rounds"}, nil},
		{"1d3 --faces 6,6,6,3,3,3", []string{"3 dice: weapon 3 + extra dice 6 = 9", "9 gets through, over 8, not over 12: a critical wound",
			"Defender takes a critical penetrating wound to the head (-7, noted P19); penalty now -7", "Defender is Unconscious"}, nil},
		// A cap of -7 to -3 does 1 point of impact: a weapon of damage 1.
		{"1 --target absorption=0 --faces 4,4,4", []string{"Attack damage: 1: 1 = 1", "1 gets through, over 0, not over 4: a light wound"}, nil},
		// Its critical adds the book's dice of impact all the same: the
		// table's smallest, a d3 (one at 5 over, two at 10).
		{"1 --target absorption=0 --faces 6,6,6,2,3,4", []string{"(made by 10)", "Attack extra dice: 2d3: [2, 3] = 5", "weapon 1 + extra dice 5 = 6"}, nil},
		// 17: 4 over, a hit: 3 less absorption 1, 2 not over 3 less the weapon's 0: blunt.
		{"1d3 --faces 4,4,4,3", []string{"= 17 vs more than 13: Hit", "absorption 1 at the head takes 1 off 3: 2 gets through",
			"a light wound to the head, blunt (not over 3)", "noted B10"}, []string{"Critical", "dice:"}},
		// The weapon's penetration value 2 takes the threshold to 1: 2 penetrates.
		{"1d3 --weapon pen=2 --faces 4,4,4,3", []string{"penetrating (over 1)", "light penetrating wound"}, nil},
		// A serious blunt wound to the head: B16, and it stuns.
		{"2d6 --faces 4,4,4,2,3", []string{"2d6: [2, 3] = 5", "4 gets through, over 0, not over 4: a light wound"}, nil},
		{"2d6 --target pen_threshold=6 --faces 4,4,4,3,3,2", []string{"5 gets through, over 4, not over 8: a serious wound to the head, blunt (not over 6)",
			"Defender takes a serious blunt wound to the head (-3, noted B16)", "Defender is Stunned for 2 rounds"}, nil},
		// 13: equal is not beating it, within 3: parried; 10 too; 9 a miss.
		{"1d3 --faces 3,3,2", []string{"= 13 vs more than 13: Parried or dodged", "Result:  Attacker's Attack on Defender: Parried, blocked or dodged",
			"Damage:  no damage", "Net:     no wound"}, nil},
		{"1d3 --faces 2,2,1", []string{"= 10 vs more than 13: Parried or dodged"}, nil},
		{"1d3 --faces 2,1,1", []string{"= 9 vs more than 13: Miss", "Net:     no wound"}, nil},
	}
	for _, c := range cases {
		out, errs, code := blowOut(t, lib, base+c.args)
		if code != 0 {
			t.Errorf("%s: code %d: %s", c.args, code, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.args, w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("%s: %q in\n%s", c.args, n, out)
			}
		}
	}
}
