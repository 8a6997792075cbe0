package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fray/content"
	"fray/engine/dice"
)

// blowOut runs fray roll's blow in process, with the shipped rulesets
// loaded once: its stdout, its stderr and the exit code.
func blowOut(t *testing.T, lib *content.Library, args string) (string, string, int) {
	t.Helper()
	a, msg := parseRoll(strings.Fields(args))
	if msg != "" {
		return "", msg, 2
	}
	rs, ok := lib.Ruleset(a.rules)
	if !ok {
		t.Fatalf("no ruleset %q", a.rules)
	}
	typed := dice.TypedFaces(rs.OE(), a.faces...)
	var errs bytes.Buffer
	out, code := rollBlow(rs.Ruleset, a, typed, &errs)
	if code == 0 {
		if err := typed.Check(); err != nil {
			return out, "--faces: " + err.Error(), 1
		}
	}
	return out, errs.String(), code
}

func shipped(t *testing.T) *content.Library {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return lib
}

// Countdown's own numbers: SC 112 against DEF 40 needs 72 or less, 11 or
// less is a critical, 4 or less grievous; the longsword does 1d8+4; a hit
// takes PROT off, a critical or grievous one does double damage through
// PROT, a grievous one lowers PROT by 1, and a hit over CON stuns.
// ledger: countdown/critical-double countdown/critical-no-protection countdown/protection countdown/multiple-attackers countdown/grievous-protection
func TestRollBlowCountdown(t *testing.T) {
	lib := shipped(t)
	base := "--rules countdown --blow attack --stat SC=112 --target DEF=40 --target PROT=3 --target CON=14 --damage 1d8+4 --faces "
	cases := []struct {
		faces string
		want  []string
		not   []string
	}{
		{"72,6", []string{"Result:  Attacker's Attack on Defender: Hit: the damage less PROT", "1d8+4: [6] + 4 = 10", "Defender's PROT 3 takes 3 off 10: 7 gets through", "Net:     Defender takes 7 (100 -> 93 HP)", "Effects: none"}, nil},
		{"73", []string{"Miss", "Damage:  no damage", "Net:     nothing off the hit points"}, nil},
		{"11,6", []string{"Critical hit: double damage and no PROT", "weapon 10 x 2 = 20", "PROT 3 is bypassed: all 20 gets through", "Defender takes 20 (100 -> 80 HP)", "stunned by a single hit of 20 (more than 14)"}, []string{"PROT falls"}},
		{"12,1", []string{"Hit: the damage less PROT", "PROT 3 takes 3 off 5: 2 gets through"}, nil},
		{"4,8", []string{"Grievous hit", "weapon 12 x 2 = 24", "PROT 3 is bypassed: all 24", "Defender's PROT falls by 1 until repaired (3 -> 2)"}, nil},
		{"5,8", []string{"Critical hit"}, []string{"Grievous"}},
		{"96", []string{"Miss (96-100 always misses)"}, nil},
	}
	for _, c := range cases {
		out, errs, code := blowOut(t, lib, base+c.faces)
		if code != 0 {
			t.Errorf("--faces %s: code %d: %s", c.faces, code, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("--faces %s: no %q in\n%s", c.faces, w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("--faces %s: %q in\n%s", c.faces, n, out)
			}
		}
	}
	// Three on one: each strikes at +20.
	out, errs, _ := blowOut(t, lib, "--rules countdown --blow attack --stat SC=60 --target DEF=40 --attackers 3 --damage 1d6 --faces 40,2")
	if !strings.Contains(out, "one of 3 on Defender: +20") || !strings.Contains(out, "vs 40 or less (20 + 20): Hit") {
		t.Errorf("three attackers: %s%s", out, errs)
	}
}

// Every edge of countdown's strike table through --blow: at the lowest and
// the highest modified strike chance of each row, the faces either side of
// its grievous, critical and hit ranges, with 01, 02, 03 and 96 always
// what the book says (the table's grievous range first, 01 grievous always).
// ledger: countdown/strike-table countdown/automatic-results
func TestRollBlowCountdownStrikeTable(t *testing.T) {
	lib := shipped(t)
	// The book's table (countdown.txt l.28-48): modified strike chance from,
	// to, grievous up to, critical up to.
	rows := [][4]int{{1, 9, 0, 1}, {10, 16, 1, 2}, {17, 23, 1, 3}, {24, 28, 1, 4}, {29, 36, 2, 5}, {37, 43, 2, 6}, {44, 49, 2, 7},
		{50, 56, 3, 8}, {57, 63, 3, 9}, {64, 69, 3, 10}, {70, 76, 4, 11}, {77, 83, 4, 12}, {84, 89, 4, 13}, {90, 96, 5, 14},
		{97, 103, 5, 15}, {104, 109, 5, 16}, {110, 116, 6, 17}, {117, 123, 6, 18}, {124, 129, 6, 19}, {130, 160, 7, 20}}
	for _, r := range rows {
		for _, chance := range []int{r[0], r[1]} {
			g, c := r[2], r[3]
			for _, face := range []int{1, 2, 3, g, g + 1, c, c + 1, chance, chance + 1, 95, 96} {
				if face < 1 || face > 100 {
					continue
				}
				want := "Miss"
				switch {
				case face >= 96:
				case face <= g, face == 1: // 01 is always a potential grievous, the 01-09 row too
					want = "Grievous hit"
				case face <= c:
					want = "Critical hit"
				case face == 2:
					want = "Critical hit"
				case face <= chance || face == 3:
					want = "Hit"
				}
				faces := fmt.Sprint(face)
				if want != "Miss" {
					faces += ",4"
				}
				args := fmt.Sprintf("--rules countdown --blow attack --stat SC=%d --target DEF=40 --damage 1d6 --faces %s", chance+40, faces)
				out, errs, code := blowOut(t, lib, args)
				if line := "Attacker's Attack on Defender: " + want + ":"; code != 0 || !strings.Contains(out, line) && !strings.HasSuffix(strings.TrimSpace(lineOf(out, "Result:")), want) {
					t.Errorf("strike chance %d, face %d: want %s\n%s%s", chance, face, want, out, errs)
				}
			}
		}
	}
}

// lineOf is the first line of out that starts with prefix.
func lineOf(out, prefix string) string {
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// Every row of BRP's Attack and Defense Matrix through --blow, against a
// parry and a dodge: skill 60 (01-03 critical, 04-12 special, 13-60
// success, 61-97 failure, 98-00 fumble) with a 1D8+1 sword, against
// armour 2.
// ledger: brp/attack-defence-matrix brp/critical-damage brp/armour-value
func TestRollBlowBRPMatrix(t *testing.T) {
	lib := shipped(t)
	face := map[string]int{"critical": 2, "special": 10, "success": 40, "failure": 80, "fumble": 99}
	const (
		none   = "no damage"
		max    = "Defender takes 9 (100 -> 91 HP)" // 9 through the armour
		rolled = "Defender's AV 2 takes 2 off 6: 4 gets through"
	)
	rows := []struct {
		attack, defence, text, damage string
		fumbles                       bool // the defender fumbles
	}{
		{"critical", "critical", "Parried or dodged: no harm", none, false},
		{"critical", "special", "Partly deflected", rolled, false},
		{"critical", "success", "Barely deflected", rolled, false},
		{"critical", "failure", "A critical hit", max, false},
		{"critical", "fumble", "A critical hit", max, true},
		{"critical", "", "A critical hit", max, false},
		{"special", "critical", "Parried or dodged: no harm; a parried weapon takes 1", none, false},
		{"special", "special", "Parried or dodged: no harm", none, false},
		{"special", "success", "Partly stopped", rolled, false},
		{"special", "failure", "A special hit", rolled, false},
		{"special", "fumble", "A special hit", rolled, true},
		{"special", "", "A special hit", rolled, false},
		{"success", "critical", "Blocked or dodged: no harm; a parry in melee does 2", none, false},
		{"success", "special", "Blocked or dodged: no harm; a parry in melee does 1", none, false},
		{"success", "success", "Blocked or dodged: no harm", none, false},
		{"success", "failure", "A hit: damage rolled", rolled, false},
		{"success", "fumble", "A hit: damage rolled", rolled, true},
		{"success", "", "A hit: damage rolled", rolled, false},
		{"failure", "", "No harm; the defender need not roll", none, false},
		{"fumble", "", "A clean miss, and the attacker fumbles", none, false},
	}
	for _, r := range rows {
		for _, answer := range []string{"parry", "dodge"} {
			faces := fmt.Sprint(face[r.attack])
			args := "--rules brp --blow attack --stat skill=60 --target parry=60 --target dodge=60 --target AV=2 --damage 1d8+1 --kind melee"
			if r.defence != "" {
				faces += fmt.Sprintf(",%d", face[r.defence])
				args += " --answer " + answer
			}
			if r.damage == rolled {
				faces += ",5"
			}
			if r.fumbles || r.attack == "fumble" {
				faces += ",50" // the fumble table's row
			}
			out, errs, code := blowOut(t, lib, args+" --faces "+faces)
			name := fmt.Sprintf("%s against %s %s", r.attack, answer, r.defence)
			if code != 0 {
				t.Errorf("%s: code %d: %s", name, code, errs)
				continue
			}
			if !strings.Contains(lineOf(out, "Result:"), r.text) || !strings.Contains(out, r.damage) {
				t.Errorf("%s: want %q and %q:\n%s", name, r.text, r.damage, out)
			}
			fumble := map[string]string{"parry": "Defender is Fumbled (melee parry)", "dodge": "Defender is Fumbled (natural weapon or parry)"}[answer]
			if got := strings.Contains(out, "Defender is Fumbled"); got != r.fumbles {
				t.Errorf("%s: defender fumbles %v, want %v:\n%s", name, got, r.fumbles, out)
			} else if r.fumbles && !strings.Contains(out, fumble) {
				t.Errorf("%s: want %q:\n%s", name, fumble, out)
			}
			if r.attack == "fumble" && !strings.Contains(out, "Attacker is Fumbled (melee attack)") {
				t.Errorf("%s: the attacker fumbles:\n%s", name, out)
			}
			if r.attack == "failure" && strings.Contains(out, "Defender: Parry") {
				t.Errorf("%s: a failed attack needs no parry:\n%s", name, out)
			}
		}
	}
}

// BRP's worked numbers: a shortsword's critical with a 1D4 damage
// modifier is 7 + 1D4 through any armour; a greatsword's critical is 16;
// an impale doubles the weapon's dice and modifier (2D6+2), not the
// modifier; a crush doubles the damage modifier and calls for Stamina;
// a slash bleeds; a shield's special knocks back a metre for every 5
// rolled; an entangling one entangles.
// ledger: brp/critical-damage brp/crushing-damage brp/special-kinds brp/impale-damage
func TestRollBlowBRPExamples(t *testing.T) {
	lib := shipped(t)
	cases := []struct {
		args string
		want []string
	}{
		{"--damage 1d6+1 --bonus 1d4 --target AV=5 --faces 3,2", []string{"weapon at its most 7 + bonus 2 = 9", "AV 5 is bypassed: all 9 gets through"}},
		{"--damage 2d8 --target AV=5 --faces 1", []string{"weapon at its most 16", "all 16 gets through"}},
		{"--damage 1d6+1 --bonus 1d4 --kind impaling --kind melee --faces 10,3,5,2", []string{"1d6+1: [3] + 1 = 4", "again (impaled): 1d6+1: [5] + 1 = 6", "weapon twice (impaled) 10 + bonus 2 = 12", "Attacker's Weapon is stuck in Defender"}},
		{"--damage 1d6+1 --kind impaling --kind missile --faces 10,3,5", []string{"weapon twice (impaled) 10"}},
		{"--damage 1d8+2 --bonus 1d4 --kind crushing --kind melee --target CON=10 --faces 10,4,1,2,60,2", []string{"bonus doubled (crushed) 3 = 9", "Stamina against a crushing blow against Attacker: d100: [60] = 60 vs 50 or less"}},
		{"--damage 1d8+2 --kind crushing --target CON=10 --faces 10,4,3,10", []string{"crushing bonus: 1d4: [3]", "bonus doubled (crushed) 3 = 9"}},
		{"--damage 1d8+2 --bonus -1d4 --kind crushing --target CON=10 --faces 10,4,10", []string{"weapon 6 + bonus doubled (crushed) 0 = 6"}},
		{"--damage 1d8+1 --kind bleeding --faces 10,4", []string{"Defender bleeds 1 a round"}},
		{"--damage 2d6+6 --kind knockback --faces 10,6,6", []string{"Defender is knocked back 3 m by 18 damage rolled"}},
		{"--damage 1d4 --kind entangling --faces 10,2", []string{"Defender is Entangled"}},
	}
	for _, c := range cases {
		out, errs, code := blowOut(t, lib, "--rules brp --blow attack --stat skill=60 "+c.args)
		if code != 0 {
			t.Errorf("%s: code %d: %s", c.args, code, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.args, w, out)
			}
		}
	}
}

// What --blow refuses, and says why.
func TestRollBlowRefuses(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cases := []struct {
		args string
		code int
		err  string
	}{
		{"--rules countdown --blow swing --damage 1d6", 2, "countdown has no blow \"swing\"; its blows:\n  attack"},
		{"--rules pathmaster --blow attack --damage 1d6", 2, "pathmaster has no blows"},
		{"--rules countdown --blow attack", 2, "needs the weapon's damage"},
		{"--rules countdown --blow attack --damage 1d6+", 1, "--damage: expression ends"},
		{"--rules countdown --blow attack --damage 1d6 --kind axe", 2, `no weapon kind "axe"`},
		{"--rules countdown --blow attack --damage 1d6 --stat QU=2", 2, `countdown has no stat "QU"`},
		{"--rules countdown --blow attack --damage 1d6 --weapon skill", 2, "--weapon takes FIELD=NUMBER"},
		{"--rules brp --blow attack --damage 1d6 --answer block --faces 10", 1, `is not answered with "block"`},
		{"--rules countdown --blow attack --damage 1d6 --check strike", 2, "drop --check"},
		{"--rules countdown --damage 1d6 --check strike", 2, "--damage is a blow's: add --blow BLOW"},
		{"--rules countdown --blow attack --damage 1d6 --faces 50,2,3", 1, "too many faces"},
		{"--rules countdown --blow attack --damage 1d6 --attackers 0", 2, "--attackers takes"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, append([]string{"roll"}, strings.Fields(c.args)...)...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("fray roll %s: code %d\nstdout: %s\nstderr: %s", c.args, code, out, errs)
		}
	}
}

// The ruleset's card says its blows and what its fighters carry.
func TestRulesCardShowsBlows(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, c := range []struct{ id, want string }{
		{"countdown", "Attack (attack)  Strike; defence: none"},
		{"countdown", "armour adds to  PROT"},
		{"brp", "Skill roll; defence: Parry or Dodge (matrix)"},
		{"brp", "kind impaling      Pointed: impales on a special"},
		{"brp", "field skill        Skill with the weapon (%) (unless given: skill)"},
		{"brp", "field malfunction  Malfunctions on this roll or more (0: never) (unless given: 0)"},
	} {
		code, out, errs := runCLI(t, "rules", c.id)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("fray rules %s: no %q:\n%s%s", c.id, c.want, out, errs)
		}
	}
}

// A GM's own ruleset with a blow: --blow finds it; one whose words hold an
// escape sequence is refused at its line, never printed.
func TestRollBlowYourOwnRuleset(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	house := `id = "house"
name = "House rules"

[order]
kind = "none"

[[stats]]
id = "guard"
name = "Guard"
default = 11

[[checks]]
id = "swing"
name = "Swing"
roll = "3d6"
target = "target_guard"
succeeds = "at_least"

[[checks.outcomes]]
id = "hit"
name = "Hit"
result = "success"

[[checks.outcomes]]
id = "miss"
name = "Miss"
result = "failure"

[[blows]]
id = "attack"
name = "Swing"
check = "swing"

[blows.defence]
kind = "none"

[[blows.results]]
attack = ["hit"]
text = "Struck"
damage = "rolled"

[[blows.results]]
attack = ["miss"]
text = "Missed"
damage = "none"
`
	if err := os.MkdirAll(filepath.Join(dir, "fray"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fray", "house.toml"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "roll", "--rules", "house", "--blow", "attack", "--damage", "1d6", "--faces", "4,4,3,5")
	if code != 0 || !strings.Contains(out, "Struck") || !strings.Contains(out, "Defender takes 5 (100 -> 95 HP)") {
		t.Fatalf("code %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	bad := strings.Replace(strings.Replace(house, `"house"`, `"bad"`, 1), `text = "Struck"`, `text = "Struck \u001b[2J"`, 1)
	if err := os.WriteFile(filepath.Join(dir, "fray", "bad.toml"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, "check")
	if code != 1 || !strings.Contains(out+errs, "bad.toml:39:8: blows[0].results[0].text: the text has an escape") {
		t.Errorf("an escape in a blow's words: code %d\n%s%s", code, out, errs)
	}
	if _, out, errs := runCLI(t, "roll", "--rules", "bad", "--blow", "attack", "--damage", "1d6"); strings.ContainsRune(out+errs, 0x1b) {
		t.Errorf("an escape sequence reached the terminal: %q", out+errs)
	}
}
