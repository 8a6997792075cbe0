package rules

// Movement says where movement falls in a segments order (countdown: from
// segment 10 to segment 1, a tenth of each one's movement a segment) and
// which stat is a combatant's movement a round (TMR). Declarations may
// change it for the round (movement = "TMR / 2"), and a check's outcome may
// start it later (move_after: attack and move).
type Movement struct {
	Stat string `toml:"stat"`
	From int    `toml:"from"`
	To   int    `toml:"to"`
	// Penalized: the combatant's penalties (its wound modifiers) come off
	// the movement stat before anything else reads it (countdown: Badly
	// Wounded takes 10 off TMR as well as off every action).
	Penalized bool `toml:"penalized"`
	// KeepMoved: one stopped mid-round (stunned, down) keeps what it has
	// moved by then; only the rest of the round's movement is lost.
	KeepMoved bool `toml:"keep_moved"`
}

// Segments is how many segments movement lasts (0 without movement).
func (m Movement) Segments() int {
	if m.Stat == "" {
		return 0
	}
	return m.From - m.To + 1
}

// Withdraw is leaving melee (countdown, Withdrawing From Melee): each foe
// left behind may take a free attack, rolled with Check (and its
// Modifiers always chosen: no shield for the one withdrawing), unless it
// declared one of NoFreeAttack (Full Defense, Desperate Defense). One who
// flees the fight is given Fled. With Blow, a blow whose check is Check,
// each free attack is that blow (the strike, the weapon's damage, armour,
// stun) struck with the foe's first ready weapon; a foe with none rolls
// the check alone.
type Withdraw struct {
	Check        string   `toml:"check"`
	Blow         string   `toml:"blow"`
	Modifiers    []string `toml:"modifiers"`
	NoFreeAttack []string `toml:"no_free_attack"`
	Fled         string   `toml:"fled_condition"`
}

// Offered reports whether the ruleset has withdrawing from melee.
func (w Withdraw) Offered() bool { return w.Check != "" || w.Fled != "" }
