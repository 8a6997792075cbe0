package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fray roll --check with the books' cases, and --faces for every roll.
// ledger: countdown/strike countdown/automatic-results pathmaster/casting-results pathmaster/unusual-event war-and-combat/stumble-check
// ledger: energy/combat-roll energy/combat-roll-armor
func TestRollChecksAndFaces(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cases := []struct {
		args string
		code int
		out  string // contained in stdout (each line of it)
		err  string // contained in stderr
	}{
		// BRP, Firearm 60%: 98-00 fumble, 01-03 critical, 04-12 special.
		{"--rules brp --check skill --stat skill=60 --faces 98", 0, "Skill roll: d100: [98] = 98 vs 60 or less: Fumble", ""},
		{"--rules brp --check skill --stat skill=60 --faces 3", 0, ": Critical success", ""},
		{"--rules brp --check skill --stat skill=60 --faces 12", 0, ": Special success", ""},
		{"--rules brp --check skill --stat skill=80 --mod -20 --faces 61", 0, "vs 60 or less (80 - 20): Failure", ""},
		// Energy's Combat roll.
		{"--rules energy --check combat --faces 20", 0, ": Critical hit\n  Hits whatever the Defense roll, ignores the armour, and the target is Exposed; a Precise weapon widens it (Precise 1: 19-20).\n  the target is Exposed\n", ""},
		{"--rules energy --check combat --faces 2", 0, "the roller is Exposed to the end of the next round", ""},
		{"--rules energy --check combat --faces 1", 0, ": Critical failure\n  The attack misses", ""},
		{"--rules energy --check combat --target armor_coverage=12 --faces 11", 0, "d20: [11] = 11 vs 12 or more: On the armour", ""},
		// The Fortitude against a trip reads the tripper's weapon (target_weapon_X): none typed, no bonus.
		{"--rules energy --check trip_fortitude --stat fortitude=10 --target av=18 --faces 9", 0, "[9] + 10 = 19 vs more than 18: Stays standing", ""},
		// Countdown: SC 112 vs DEF 40 needs 72 or less, 11 or less critical, 4 or less grievous.
		{"--rules countdown --check strike --stat SC=112 --target DEF=40 --faces 72", 0, "d100: [72] = 72 vs 72 or less: Hit", ""},
		{"--rules countdown --check strike --stat SC=112 --target DEF=40 --faces 73", 0, "vs 72 or less: Miss\n", ""},
		{"--rules countdown --check strike --stat SC=112 --target DEF=40 --faces 11", 0, "vs 72 or less: Critical hit", ""},
		{"--rules countdown --check strike --stat SC=112 --target DEF=40 --faces 4", 0, "vs 72 or less: Grievous hit", ""},
		{"--rules countdown --check strike --stat SC=200 --target DEF=0 --faces 96", 0, "vs 200 or less: Miss (96-100 always misses)", ""},
		{"--rules countdown --check strike --stat SC=10 --target DEF=40 --faces 3", 0, "vs -30 or less: Hit (03 always hits)", ""},
		{"--rules countdown --check strike --stat SC=10 --target DEF=40 --faces 2", 0, "vs -30 or less: Critical hit (02 always is)", ""},
		{"--rules countdown --check strike --stat SC=10 --target DEF=40 --faces 1", 0, "vs -30 or less: Grievous hit (01 always is)", ""},
		// Pathmaster's spell casting and War & Combat's Stumble?.
		{"--rules pathmaster --check spell --stat SP=40 --faces 100,30", 0, "d100oe + SP: [100 + 30] + 40 = 170 vs 101 or more: Unusual event", ""},
		{"--rules war-and-combat --check stumble --faces 3,3,4", 0, "vs more than 10: Falls\n", ""},
		// An effect done only to a side holding a condition says so (Pathmaster's
		// confused creature attacked, l.859-860): fray roll knows no conditions.
		{"--rules pathmaster --check attack --stat OB=80 --faces 50", 0, "  the target, if Confused, is Confused, attacked\n", ""},
		// --faces on any roll: exactly the faces the roll uses.
		{"3d6 + 2 --faces 1,2,3", 0, "3d6 + 2: [1, 2, 3] + 2 = 8", ""},
		{"d100oe --faces 97,4", 0, "d100oe: [97 + 4] = 101", ""},
		{"3d6 --faces 1,2", 1, "", "--faces: too few faces: the roll uses 3, 2 typed"},
		{"3d6 --faces 1,2,3,4", 1, "", "--faces: too many faces: the roll uses 3, 4 typed"},
		{"d100oe --faces 97", 1, "", "too few faces: the roll uses 2, 1 typed"},
		{"d6 --faces 7", 1, "", "face 7 (the 1st typed) does not fit a d6"},
		{"--rules brp --check skill --faces 50,50", 1, "", "too many faces: the roll uses 1, 2 typed"},
		{"--rules war-and-combat --check fumble --faces 3", 1, "", "too few faces: the roll uses 3, 1 typed"},
		{"d6 --faces 1,x", 2, "", "--faces takes the faces rolled"},
		{"d6 --faces 3 --seed 2", 2, "", "nothing to seed"},
		// What is not a check.
		{"--rules brp --check grapple", 2, "", "brp has no check \"grapple\"; its checks:\n  skill"},
		{"--check skill", 2, "", "pathmaster has no check \"skill\""},
		{"--rules brp --check skill --stat QU=3", 2, "", `brp has no stat "QU"`},
		{"--rules brp --check skill --target QU=3", 2, "", `brp has no stat "QU"`},
		{"--rules brp --check skill --target skill", 2, "", "--target takes NAME=NUMBER"},
		{"d6 --target DEF=3", 2, "", "add --check"},
		{"d6 --mod 3", 2, "", "add --check"},
		{"d6 --rules brp --check skill", 2, "", "a check rolls its own dice"},
		{"--rules brp --check skill --mod 2+", 1, "", "--mod: expression ends"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, append([]string{"roll"}, strings.Fields(c.args)...)...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.err) {
			t.Errorf("fray roll %s: code %d\nstdout: %s\nstderr: %s", c.args, code, out, errs)
		}
	}
}

// fray roll --rules finds the GM's own rulesets, and their checks.
func TestRollFindsYourOwnRulesets(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	house := `id = "house"
name = "House rules"

[order]
kind = "none"

[[stats]]
id = "luck"
name = "Luck"
default = 11

[[checks]]
id = "luck"
name = "Luck roll"
roll = "3d6"
target = "luck"
succeeds = "at_most"

[[checks.outcomes]]
id = "lucky"
name = "Lucky"
result = "success"

[[checks.outcomes]]
id = "unlucky"
name = "Unlucky"
result = "failure"
`
	if err := os.MkdirAll(filepath.Join(dir, "fray"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fray", "house.toml"), []byte(house), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "roll", "--rules", "house", "--check", "luck", "--faces", "4,4,3")
	if code != 0 || out != "Luck roll: 3d6: [4, 4, 3] = 11 vs 11 or less: Lucky\n" {
		t.Errorf("code %d\nstdout: %s\nstderr: %s", code, out, errs)
	}
	// A broken file of one's own is pointed at when the ruleset is missing.
	os.WriteFile(filepath.Join(dir, "fray", "broken.toml"), []byte("id = \"x\"\nname = 3\n"), 0o644)
	if code, _, errs := runCLI(t, "roll", "--rules", "x", "d6"); code != 2 || !strings.Contains(errs, `no ruleset "x" (2 problems in your content: run fray check)`) {
		t.Errorf("code %d, stderr: %s", code, errs)
	}
}

// The README's fray roll examples print what the README says they print.
func TestREADMERollExamples(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	n := 0
	for i, l := range lines {
		cmd, ok := strings.CutPrefix(l, "$ fray roll ")
		if !ok {
			continue
		}
		var want []string
		for _, o := range lines[i+1:] {
			if strings.HasPrefix(o, "$ ") || strings.HasPrefix(o, "```") {
				break
			}
			want = append(want, o)
		}
		_, out, errs := runCLI(t, append([]string{"roll"}, shellWords(cmd)...)...)
		if got := strings.TrimSuffix(out+errs, "\n"); got != strings.Join(want, "\n") {
			t.Errorf("$ fray roll %s\ngot:\n%s\nthe README says:\n%s", cmd, got, strings.Join(want, "\n"))
		}
		n++
	}
	if n < 7 {
		t.Errorf("found %d fray roll examples in the README", n)
	}
	if _, out, _ := runCLI(t, "--help"); !strings.Contains(out, "--faces N,N...") || !strings.Contains(out, "fray roll --check CHECK") || !strings.Contains(out, "--target NAME=V") {
		t.Errorf("the usage does not tell of checks and faces:\n%s", out)
	}
}

// shellWords splits a command line at spaces outside double quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quoted, any := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, any = !quoted, true
		case r == ' ' && !quoted:
			if any {
				out = append(out, cur.String())
			}
			cur.Reset()
			any = false
		default:
			cur.WriteRune(r)
			any = true
		}
	}
	if any {
		out = append(out, cur.String())
	}
	return out
}
