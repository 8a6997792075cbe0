package engine

import "fmt"

// Level is a level of success of a roll-under d100 check.
type Level int

const (
	Fumble Level = iota
	Failure
	Success
	Special
	Critical
)

func (l Level) String() string {
	return [...]string{"fumble", "failure", "success", "special", "critical"}[l]
}

// roundHalfUp divides a by b (both >= 0) rounding halves up, as the
// percentile tables do.
func roundHalfUp(a, b int) int { return (2*a + b) / (2 * b) }

// Ranges are the d100 ranges of each level for one skill: a roll r is
// critical when r <= Critical, special when r <= Special, a success when
// r <= Success, a fumble when r >= Fumble, and a failure otherwise.
type Ranges struct {
	Skill    int
	Critical int
	Special  int
	Success  int
	Fumble   int
}

// BRPRanges gives the levels of success for a skill rating. Critical is 1/20
// of the skill and special 1/5, rounded half up, at least 01 while the skill is
// above 0. A fumble starts at 100 minus 1/20 of the chance of failure (rounded
// half up), so it is 96-00 for low skills and only 00 from 100% up. The book's
// example: Firearm 60% gives critical 01-03, special 04-12, success 13-60,
// failure 61-97 and fumble 98-00.
func BRPRanges(skill int) Ranges {
	s := min(max(skill, 0), 100)
	r := Ranges{Skill: skill, Success: s}
	r.Critical = min(max(roundHalfUp(s, 20), 1), s)
	r.Special = min(max(roundHalfUp(s, 5), 1), s)
	r.Fumble = max(100-roundHalfUp(100-s, 20), 96)
	return r
}

// Level returns the level a d100 roll (1..100) reaches.
func (r Ranges) Level(roll int) Level {
	switch {
	case roll >= r.Fumble:
		return Fumble
	case roll <= r.Critical:
		return Critical
	case roll <= r.Special:
		return Special
	case roll <= r.Success:
		return Success
	}
	return Failure
}

// String renders the ranges as the books print them, 00 for 100.
func (r Ranges) String() string {
	return fmt.Sprintf("skill %d%%: critical %s, special %s, success %s, failure %s, fumble %s",
		r.Skill, span(1, r.Critical), span(r.Critical+1, r.Special), span(r.Special+1, r.Success),
		span(r.Success+1, r.Fumble-1), span(r.Fumble, 100))
}

func span(lo, hi int) string {
	pct := func(v int) string {
		if v == 100 {
			return "00"
		}
		return fmt.Sprintf("%02d", v)
	}
	switch {
	case lo > hi:
		return "-"
	case lo == hi:
		return pct(lo)
	}
	return pct(lo) + "-" + pct(hi)
}

// CheckResult is a roll-under check as rolled.
type CheckResult struct {
	Roll   Result
	Ranges Ranges
	Level  Level
}

// RollUnder rolls d100 against skill and returns the level reached.
func (rl Roller) RollUnder(skill int) (CheckResult, error) {
	res, err := rl.Roll(MustParse("d100"), nil)
	if err != nil {
		return CheckResult{}, err
	}
	rg := BRPRanges(skill)
	return CheckResult{Roll: res, Ranges: rg, Level: rg.Level(res.Total)}, nil
}

// StaticTarget is the total a static maneuver must reach unless the ruleset says otherwise.
const StaticTarget = 101

// Maneuver is a roll-high static maneuver as rolled: d100 OE plus bonus
// against a target.
type Maneuver struct {
	Roll    Result
	Bonus   int
	Total   int
	Target  int
	Success bool
	Margin  int // Total - Target
}

// StaticManeuver rolls d100 OE, adds bonus and compares with target (101 when
// target is 0).
func (rl Roller) StaticManeuver(bonus, target int) (Maneuver, error) {
	if target == 0 {
		target = StaticTarget
	}
	res, err := rl.Roll(MustParse("d100oe"), nil)
	if err != nil {
		return Maneuver{}, err
	}
	return ResolveManeuver(res, bonus, target), nil
}

// ResolveManeuver compares a rolled (or typed) d100 OE result with a target.
func ResolveManeuver(res Result, bonus, target int) Maneuver {
	total := res.Total + bonus
	return Maneuver{Roll: res, Bonus: bonus, Total: total, Target: target, Success: total >= target, Margin: total - target}
}
