package engine

import (
	"fmt"
	"strconv"

	"fray/engine/dice"
	"fray/engine/rules"
)

// Op names a command.
type Op string

// Command ops. Beside each, the fields it reads (Who is the combatant the
// command is about).
const (
	OpAdd        Op = "add"         // Add
	OpRemove     Op = "remove"      // Who
	OpStart      Op = "start"       //
	OpNext       Op = "next"        //
	OpDamage     Op = "damage"      // Who, Amount or Expr, Bare, NonLethal, Location (hit locations: "" rolls it)
	OpHeal       Op = "heal"        // Who, Amount or Expr, Location (hit locations: healed there too)
	OpSetInit    Op = "set_init"    // Who, Entry, Init or Expr
	OpMove       Op = "move"        // Who, Entry, Dir
	OpWait       Op = "wait"        // Who, After
	OpDelay      Op = "delay"       // Who, Text: the trigger
	OpHold       Op = "hold"        // Who, To
	OpEnd        Op = "end"         //
	OpNotes      Op = "notes"       // Who, Text
	OpRename     Op = "rename"      // Who, Text
	OpRoll       Op = "roll"        // Expr, Who (0: nobody's stats), Text: what it is for
	OpStun       Op = "stun"        // Who, Level, Amount: rounds
	OpWound      Op = "wound"       // Who, Amount: hits a round
	OpFirstAid   Op = "first_aid"   // Who: the patient, Healer, Treat (Wound or Injury): rolled at once
	OpCondition  Op = "condition"   // Who, Condition, Amount: rounds (0: its own), Duration, Remove
	OpSpend      Op = "spend"       // Who, Maneuver; First Aid begun: Target the patient, Treat (Wound or Injury)
	OpInjury     Op = "injury"      // Who, Amount: the penalty (negative), Text: what it is; or Remove: Injury healed
	OpAbandon    Op = "abandon"     // Who: drops the extended action under way
	OpResist     Op = "resist"      // Who, AttackLevel, DefenceLevel, Expr: a modifier, Text: against what
	OpParry      Op = "parry"       // Who parries once more this round
	OpInitRounds Op = "init_rounds" // Who, Amount: rounds of initiative from a critical
	OpCheck      Op = "check"       // Who rolls Check against Target (0: nobody), Expr: a modifier, Modifiers: the check's chosen, Answer: the target's answer
	OpDeclare    Op = "declare"     // Who declares Declare (with Amount), or takes it back (Remove)
	OpMissile    Op = "missile"     // Who has Missile stuck in it (Grievous: on a grievous hit), or taken out (Remove)
	OpRecord     Op = "record"      // Who takes a wound at Location of Severity (Penetrating), or Wound is struck off (Remove)
	OpEngage     Op = "engage"      // Who engages Target in a flurry, or disengages (Remove)
	OpFlurry     Op = "flurry"      // Who's flurry: Maneuver "action" (Amount of them), "obstacle", or "again" (a new flurry)
	OpHide       Op = "hide"        // Who is hidden from the players, or shown (Remove)
	OpView       Op = "view"        // Setting of the player view on, or off (Remove); for "hp", Side's hit points as Show
	OpCast       Op = "cast"        // Who begins Text, of kind Spell at rank Amount (no Spell: Amount is the casting time), or is interrupted (Remove)
	OpGroup      Op = "group"       // Who joins Target's group (sharing its place in the order), or leaves its own (Remove)
	OpTimer      Op = "timer"       // a GM's timer: Text, At, To (the count), in Amount rounds, Every; or Timer taken away (Remove)
	OpWithdraw   Op = "withdraw"    // Who withdraws from melee (Flee: flees the fight), each of Foes taking a free attack with the modifier Expr
	OpManeuver   Op = "maneuver"    // Who takes the maneuver Maneuver at column Amount (from 0), its check rolled with the modifier Expr
)

// Command is one transition asked of the engine. It is plain data so it can
// be logged, saved and replayed; each field means one thing, and each op
// reads the fields listed beside it above.
type Command struct {
	Op  Op  `toml:"op"`
	Who int `toml:"who,omitzero"`
	// Entry picks one of Who's entries in the round (from 0), for the
	// orders that give a combatant several (rank, segments).
	Entry int `toml:"entry,omitzero"`
	// Amount is a number of hit points, rounds, hits a round or a penalty,
	// as the op says.
	Amount int `toml:"amount,omitzero"`
	// Expr, when set, is rolled: for the amount (damage, heal), the
	// initiative (set_init), a modifier (resist, check), or for the log (roll).
	Expr string `toml:"expr,omitempty"`
	// Bare is a hit that ignores armour (hp.armor): a critical.
	Bare bool `toml:"bare,omitempty"`
	// NonLethal damage at 0 hit points does what hp.nonlethal_gives and
	// hp.nonlethal_costs say instead of rolling hp.damage_at_zero.
	NonLethal bool `toml:"nonlethal,omitempty"`
	// Init is the initiative set_init gives; To the rank or segment a hold
	// holds to; Dir the way move moves an entry (-1 earlier, +1 later).
	Init int `toml:"init,omitzero"`
	To   int `toml:"to,omitzero"`
	Dir  int `toml:"dir,omitzero"`
	// After is the combatant a wait re-enters after (0: the end of the round).
	After int `toml:"after,omitzero"`
	// Healer gives first aid (0: the patient) to the patient's Wound (from 0).
	Healer int `toml:"healer,omitzero"`
	Wound  int `toml:"wound,omitzero"`
	// Treat is what First Aid treats: the patient's Wound, its Injury
	// (from 0) or its hits ("": a wound).
	Treat  Treat `toml:"treat,omitempty"`
	Injury int   `toml:"injury,omitzero"`
	// Level is a level of the stun ladder.
	Level string `toml:"level,omitempty"`
	// Condition is a condition's id; Remove takes it away instead of giving it.
	Condition string `toml:"condition,omitempty"`
	Remove    bool   `toml:"remove,omitempty"`
	// Duration, when set, is how long a condition given lasts, in place of
	// its own: rounds (Amount of them), to the end of this round or the next,
	// or until removed.
	Duration rules.Duration `toml:"duration,omitempty"`
	// Maneuver is the action spent.
	Maneuver string `toml:"maneuver,omitempty"`
	// AttackLevel and DefenceLevel set a Resistance Roll's target.
	AttackLevel  int `toml:"attack_level,omitzero"`
	DefenceLevel int `toml:"defence_level,omitzero"`
	// Check is the id of a check of the ruleset, rolled by Who against
	// Target, a combatant (0: nobody).
	Check  string `toml:"check,omitempty"`
	Target int    `toml:"target,omitzero"`
	// Modifiers are the ids of the check's modifiers the GM chose.
	Modifiers []string `toml:"modifiers,omitempty"`
	// Answer is the check (one of the check's against) the target answers
	// with when the check succeeds.
	Answer string `toml:"answer,omitempty"`
	// Declare is the id of a declaration of the ruleset.
	Declare string `toml:"declare,omitempty"`
	// Spell is the id of a kind of spell of the ruleset.
	Spell string `toml:"spell,omitempty"`
	// Missile is the id of a missile of the ruleset; Grievous, that it
	// stuck on a grievous hit.
	Missile  string `toml:"missile,omitempty"`
	Grievous bool   `toml:"grievous,omitempty"`
	// Location and Severity are a wound's in a wound record; Penetrating,
	// that it cuts or pierces (it bleeds) rather than bruises.
	Location    string `toml:"location,omitempty"`
	Severity    string `toml:"severity,omitempty"`
	Penetrating bool   `toml:"penetrating,omitempty"`
	// Foes are the combatants who take a free attack on one withdrawing
	// from melee; Flee, that it flees the fight.
	Foes []int `toml:"foes,omitempty"`
	Flee bool  `toml:"flee,omitempty"`
	// Setting is a setting of the player view (ViewHideNewFoes...); Side
	// and Show say how a side's hit points show to the players.
	Setting string       `toml:"setting,omitempty"`
	Side    string       `toml:"side,omitempty"`
	Show    rules.HPShow `toml:"show,omitempty"`
	// Text is free text: notes, a name, a trigger, what an injury is.
	Text string         `toml:"text,omitempty"`
	Add  []NewCombatant `toml:"add,omitempty"`
	// Targets, when set, are the marked combatants the op is done to, each
	// in turn as Who, in one step (damage, heal, condition, stun, wound,
	// group).
	Targets []int `toml:"targets,omitempty"`
	// At, Every and Timer are a GM's timer (OpTimer): the point it fires at,
	// every how many rounds (0: once), and the timer taken away (Remove).
	At    rules.EventAt `toml:"at,omitempty"`
	Every int           `toml:"every,omitzero"`
	Timer int           `toml:"timer,omitzero"`
}

// Apply runs one command against an encounter and returns the next encounter
// and the events that happened. The encounter passed in is never changed; on
// error the returned encounter is the one passed in.
func Apply(rs *rules.Ruleset, enc Encounter, cmd Command, rnd dice.Rand) (Encounter, []Event, error) {
	if rs == nil || rs.ID != enc.Ruleset {
		return enc, nil, fmt.Errorf("the encounter is for ruleset %q", enc.Ruleset)
	}
	t := &tx{rs: rs, enc: enc.Clone(), roller: dice.Roller{Rand: rnd, OE: rs.OE()}}
	if err := t.apply(cmd); err != nil {
		return enc, nil, err
	}
	t.wake()
	return t.enc, t.events, nil
}

// tx is one transition in progress.
type tx struct {
	rs     *rules.Ruleset
	enc    Encounter
	roller dice.Roller
	events []Event
}

func (t *tx) who(id int) (*Combatant, error) {
	c := t.enc.Combatant(id)
	if c == nil {
		return nil, fmt.Errorf("there is no combatant #%d", id)
	}
	return c, nil
}

func (t *tx) running() error {
	switch t.enc.Status {
	case StatusSetup:
		return fmt.Errorf("the fight has not started")
	case StatusEnded:
		return fmt.Errorf("the fight is over")
	}
	return nil
}

// ops is the one list of what each command does.
var ops = map[Op]func(t *tx, cmd Command) error{
	OpAdd:        func(t *tx, cmd Command) error { return t.add(cmd.Add) },
	OpRemove:     func(t *tx, cmd Command) error { return t.remove(cmd.Who) },
	OpStart:      func(t *tx, _ Command) error { return t.start() },
	OpNext:       func(t *tx, _ Command) error { return t.next() },
	OpEnd:        func(t *tx, _ Command) error { return t.end() },
	OpDamage:     (*tx).hp,
	OpHeal:       (*tx).hp,
	OpSetInit:    (*tx).setInit,
	OpMove:       (*tx).move,
	OpWait:       (*tx).wait,
	OpDelay:      (*tx).delay,
	OpHold:       (*tx).hold,
	OpNotes:      (*tx).notes,
	OpRename:     (*tx).rename,
	OpRoll:       (*tx).freeRoll,
	OpStun:       (*tx).stun,
	OpWound:      (*tx).wound,
	OpFirstAid:   (*tx).firstAid,
	OpCondition:  (*tx).condition,
	OpSpend:      (*tx).spend,
	OpInjury:     (*tx).injury,
	OpAbandon:    (*tx).abandon,
	OpResist:     (*tx).resist,
	OpParry:      (*tx).parry,
	OpInitRounds: (*tx).initRounds,
	OpCheck:      (*tx).check,
	OpDeclare:    (*tx).declare,
	OpCast:       (*tx).cast,
	OpMissile:    (*tx).missile,
	OpGroup:      (*tx).group,
	OpTimer:      (*tx).timer,
	OpWithdraw:   (*tx).withdraw,
	OpManeuver:   (*tx).maneuver,
	OpRecord:     (*tx).record,
	OpEngage:     (*tx).engage,
	OpFlurry:     (*tx).flurry,
	OpHide:       (*tx).hide,
	OpView:       (*tx).view,
}

func (t *tx) apply(cmd Command) error {
	op, ok := ops[cmd.Op]
	if !ok {
		return fmt.Errorf("unknown command %q", cmd.Op)
	}
	if len(cmd.Targets) > 0 {
		return t.each(op, cmd)
	}
	return op(t, cmd)
}

// freeRoll rolls an expression for the log, with Who's stats when Who is set.
func (t *tx) freeRoll(cmd Command) error {
	e, err := dice.Parse(cmd.Expr)
	if err != nil {
		return fmt.Errorf("%s: %w", cmd.Expr, err)
	}
	var c *Combatant
	if cmd.Who != 0 {
		if c, err = t.who(cmd.Who); err != nil {
			return err
		}
	}
	what := "rolls"
	if cmd.Text != "" {
		what = cmd.Text
	}
	_, err = t.roll(c, e, what)
	return err
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	case 4:
		return "fourth"
	}
	return strconv.Itoa(n) + "th"
}

// statsOf is what a combatant's formulas read: its stats, and its hit
// points as HP and MAX_HP unless the ruleset has stats of those names.
func (t *tx) statsOf(c *Combatant) dice.StatFunc { return statsOf(t.rs, c) }

// StatNow is a combatant's stat as the round has it (what the panel and
// the damage prompt show): with what it declared, what is stuck in it and
// its armour lost.
func StatNow(rs *rules.Ruleset, c *Combatant, name string) int {
	v, _ := statsOf(rs, c)(name)
	return v
}

// statsOf is what a combatant's formulas read, as the round has them: with
// what it declared, what is stuck in it and its armour lost.
func statsOf(rs *rules.Ruleset, c *Combatant) dice.StatFunc {
	return func(name string) (int, bool) {
		if v, ok := poolValue(rs, c, name); ok {
			return v, true
		}
		if v, ok := c.Stats[name]; ok {
			if name == rs.HP.Armor {
				v -= c.ArmorLost
			}
			v += DeclaredStat(rs, c, name) + StuckStat(rs, c, name)
			if capped, ok := CappedStat(rs, c, name); ok {
				v = min(v, capped)
			}
			return v, true
		}
		switch name {
		case "HP":
			return c.HP, true
		case "MAX_HP":
			return c.MaxHP, true
		}
		return 0, false
	}
}

// roll rolls an expression for a combatant and logs it.
func (t *tx) roll(c *Combatant, e dice.Expr, what string) (dice.Result, error) {
	var stats dice.StatFunc
	who := 0
	if c != nil {
		stats, who = t.statsOf(c), c.ID
	}
	r, err := t.roller.Roll(e, stats)
	if err != nil {
		return r, err
	}
	name := ""
	if c != nil {
		name = c.Name + " "
	}
	t.log(EvRoll, who, &r, "%s%s: %s", name, what, r)
	return r, nil
}

// rollPenalized rolls an expression for a combatant and, where the ruleset
// says its penalties apply to this roll, adds them: the log line shows the
// roll, the penalty and what it comes to.
func (t *tx) rollPenalized(c *Combatant, e dice.Expr, what string, penalized bool) (int, error) {
	p := 0
	if penalized {
		p = Penalty(t.rs, c)
	}
	if p == 0 {
		r, err := t.roll(c, e, what)
		return r.Total, err
	}
	r, err := t.roller.Roll(e, t.statsOf(c))
	if err != nil {
		return 0, err
	}
	t.log(EvRoll, c.ID, &r, "%s %s: %s, %+d penalty: %d", c.Name, what, r, p, r.Total+p)
	return r.Total + p, nil
}

// CappedStat is the lowest cap the combatant's conditions put on a stat
// (conditions.stats), from its own stats, and whether there is one.
func CappedStat(rs *rules.Ruleset, c *Combatant, name string) (int, bool) {
	low, found := 0, false
	for _, x := range c.Conditions {
		def, ok := rs.Condition(x.ID)
		if !ok {
			continue
		}
		e, ok := def.Stats[name]
		if !ok {
			continue
		}
		r, err := dice.Roller{}.Roll(e, dice.StatMap(c.Stats))
		if err != nil {
			continue
		}
		if !found || r.Total < low {
			low, found = r.Total, true
		}
	}
	return low, found
}
