package main

import (
	"strings"
	"testing"
)

// A major wound is one wound of half the character's total hit points or
// more (brp.md l.529), the shock as many rounds as the hit points left
// (l.541). The book's arrow (l.671-673): Yvarre, 17 in all and 13 left,
// takes 9 less her tunic's 1: 8 of 17 is major (half rounded down, as the
// example counts it), 5 left, five rounds. --target HP=13/17 types both,
// as the tracker's add line does (hp=22/58); HP=13 alone is 13 of 13.
// ledger: brp/major-wound-threshold brp/major-wound-shock
func TestRollBlowWoundedDefenderTotalHP(t *testing.T) {
	lib := shipped(t)
	base := "--rules brp --blow attack --damage 1d8+1 --kind missile --stat skill=60 --target AV=1 --target POW=11 --faces 43,8,27,30 "
	out, errs, code := blowOut(t, lib, base+"--target HP=13/17")
	if code != 0 {
		t.Fatalf("HP=13/17: exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"Defender takes 8 (13 -> 5 HP)",
		"a hit of 8 is a Major wound (8 or more)",
		"Defender has a Major wound for 5 rounds",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("HP=13/17: no %q in\n%s", want, out)
		}
	}
	// 5 of 17 is a minor wound: no table, no shock.
	out, errs, code = blowOut(t, lib, "--rules brp --blow attack --damage 1d8+1 --kind missile --stat skill=60 --target HP=13/17 --faces 43,4")
	if code != 0 || strings.Contains(out, "Major wound") || !strings.Contains(out, "Defender takes 5 (13 -> 8 HP)") {
		t.Errorf("5 of 17: exit %d %s\n%s", code, errs, out)
	}
	for _, bad := range []string{"HP=13/", "HP=/17", "HP=18/17", "HP=13/0", "HP=a/17"} {
		if _, errs, code := blowOut(t, lib, base+"--target "+bad); code == 0 || errs == "" {
			t.Errorf("--target %s: taken (exit %d)", bad, code)
		}
	}
}
