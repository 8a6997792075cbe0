package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A critical's extra impact dice are like the weapon's (war-and-combat.txt
// l.323); a weapon of flat impact (a cap of -7 to -3 does 1 point, l.330)
// rolls none. A ruleset whose critical gives extra_dice with no extra_die
// has no die to add for it: such a weapon is refused where the content
// loads, with its file:line:col, not when it first strikes a critical.
// ledger: war-and-combat/critical-effects
func TestFlatWeaponWithoutAnExtraDieRefusedOnLoad(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755)
	wc, err := builtin.ReadFile("rulesets/war-and-combat.toml")
	if err != nil {
		t.Fatal(err)
	}
	house := strings.ReplaceAll(string(wc), `, extra_die = 3 }]`, ` }]`)
	if house == string(wc) {
		t.Fatal("the shipped critical gives no extra_die")
	}
	os.WriteFile(filepath.Join(dir, "rulesets", "war-and-combat.toml"), []byte(house), 0o644)
	os.WriteFile(filepath.Join(dir, "knives.toml"), []byte(`ruleset = "war-and-combat"
[[creatures]]
id = "cutpurse"
name = "Cutpurse"
stats = { fighter_rank = 2 }
weapons = [
  { name = "Knife", damage = "1d3" },
  { name = "Fist", damage = "1" },
]
`), 0o644)
	_, probs := Load(dir)
	var got []string
	for _, p := range probs {
		got = append(got, p.Error())
	}
	if len(got) != 1 || !strings.Contains(got[0], "knives.toml:8:") || !strings.Contains(got[0], "weapons[1].damage") ||
		!strings.Contains(got[0], "extra_die") {
		t.Errorf("the flat Fist is not refused at its line:\n%s", strings.Join(got, "\n"))
	}
}
