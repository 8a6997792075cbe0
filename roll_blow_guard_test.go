package main

import (
	"strings"
	"testing"
)

// BRP l.133: a dodge against a bullet or an arrow is Difficult, half the
// skill; l.119: a thrown weapon parried with a hand weapon only on a
// special. fray roll's blow answers a missile with the answer's own
// modifier picked (--guard): dodge 60 against a revolver is 30, so 25
// dodges and 35 is hit; a thrown dagger parried at 60 with a hand weapon,
// 30 (a plain success) fails, 10 (a special) parries. Without --guard the
// refusal names the ids to pick from; an unknown one is refused.
// ledger: brp/missile-dodge-difficult brp/missile-parry
func TestRollBlowAnswersAMissileWithAGuard(t *testing.T) {
	lib := shipped(t)
	gun := "--rules brp --blow attack --damage 1d10 --kind impaling --kind missile --kind firearm --stat skill=60 --target dodge=60 --answer dodge"
	for _, c := range []struct {
		args, want string
	}{
		{gun + " --guard missile --faces 30,25", "Blocked or dodged: no harm"},
		{gun + " --guard missile --faces 30,35,5", "vs 30 or less (60 - 30): Failure"},
		{"--rules brp --blow attack --damage 1d4+2 --kind impaling --kind missile --kind thrown --stat skill=60 --target parry=60" +
			" --answer parry --guard thrown_hand_weapon --faces 30,30,3", "A hit: damage rolled"},
		{"--rules brp --blow attack --damage 1d4+2 --kind impaling --kind missile --kind thrown --stat skill=60 --target parry=60" +
			" --answer parry --guard thrown_hand_weapon --faces 30,10", "Blocked or dodged: no harm"},
	} {
		out, errs, code := blowOut(t, lib, c.args)
		if code != 0 || errs != "" || !strings.Contains(out, c.want) {
			t.Errorf("fray roll %s: exit %d, %q\n%s\nwant %q", c.args, code, errs, out, c.want)
		}
	}
	if _, errs, code := blowOut(t, lib, gun+" --faces 30"); code == 0 || !strings.Contains(errs, "--guard ID: defensive, missile, thrown") {
		t.Errorf("no --guard: exit %d, %q", code, errs)
	}
	if _, errs, code := blowOut(t, lib, gun+" --guard nope --faces 30"); code == 0 || !strings.Contains(errs, "missile (A missile: Difficult") {
		t.Errorf("--guard nope: exit %d, %q", code, errs)
	}
}
