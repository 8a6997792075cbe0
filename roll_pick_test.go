package main

import (
	"strings"
	"testing"
)

// brp.md l.509: at quadruple range a missile attack is at a fifth of the
// skill, "equivalent to a special success, but if rolled, the result is a
// normal success"; l.504-515: Difficult halves, Easy doubles, one after the
// other. fray roll picks the skill roll's named modifiers with --pick, as A
// and g offer them: 2 at long range on 60% (12) is a plain success, not the
// special that --mod -48 makes of it; darkness and cover together are a
// quarter, not nothing (60 - 30 - 30).
// ledger: brp/missile-range-modifiers
func TestRollCheckPicksNamedModifier(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	cases := []struct {
		args string
		code int
		out  string
		err  string
	}{
		{"--rules brp --check skill --stat skill=60 --pick long_range --faces 2", 0, "vs 12 or less", ""},
		{"--rules brp --check skill --stat skill=60 --pick long_range --faces 2", 0, ": Success", ""},
		{"--rules brp --check skill --stat skill=60 --pick long_range --faces 13", 0, ": Failure", ""},
		{"--rules brp --check skill --stat skill=60 --pick darkness --pick concealed --faces 15", 0, "vs 15 or less", ""},
		{"--rules brp --check skill --stat skill=60 --pick darkness --pick concealed --faces 16", 0, ": Failure", ""},
		// Without the range, 2 at 60 is a critical; --mod adds to the picks.
		{"--rules brp --check skill --stat skill=60 --faces 2", 0, ": Critical success", ""},
		{"--rules brp --check skill --stat skill=60 --pick point_blank --mod -10 --faces 110", 1, "", ""},
		{"--rules brp --check skill --stat skill=60 --pick point_blank --mod -10 --faces 100", 0, "vs 110 or less", ""},
		{"--rules brp --check skill --stat skill=60 --pick nearby --faces 2", 2, "", `Skill roll has no modifier "nearby"; its modifiers: point_blank`},
		{"d6 --pick long_range", 2, "", "--pick is a check's modifier: add --check"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, append([]string{"roll"}, strings.Fields(c.args)...)...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errs, c.err) {
			t.Errorf("fray roll %s: code %d\nstdout: %s\nstderr: %s", c.args, code, out, errs)
		}
	}
}

// The same for the blow: its attack roll at long range, rolled 2 on 60%,
// hits as a plain success: the damage rolled once, no special.
// ledger: brp/missile-range-modifiers
func TestRollBlowPicksNamedModifier(t *testing.T) {
	lib := shipped(t)
	out, errs, code := blowOut(t, lib, "--rules brp --blow attack --damage 1d8+1 --kind missile --kind impaling --stat skill=60 --pick long_range --faces 2,5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "vs 12 or less") || !strings.Contains(out, ": Success") || strings.Contains(out, "pecial") ||
		!strings.Contains(out, "Defender takes 6 (100 -> 94 HP)") {
		t.Errorf("a long-range arrow rolled 2 on 60%%:\n%s", out)
	}
	if _, errs, code := blowOut(t, lib, "--rules brp --blow attack --damage 1d8 --kind missile --pick nearby --faces 2,5"); code == 0 ||
		!strings.Contains(errs, `no modifier "nearby"`) {
		t.Errorf("an unknown modifier: exit %d %q", code, errs)
	}
}
