package saves

import (
	"fmt"
	"reflect"
	"sync"

	"fray/engine"
	"fray/engine/rules"
)

// A command is written as its op and the keys of its payload, in one flat
// inline table: {op = "damage", who = 2, expr = "1d6"}. The engine's payload
// types (engine.Damage, engine.Stun ...) tag each field with its key. A few
// ops have two payloads, told apart by a key of the line: remove = true for
// the one that undoes what the op does (a condition taken away), and
// setting = "hp" for how a side's hit points show. A step on marked
// combatants is its step's line with their targets.
//
// Reading a line picks the payload by the op (and those keys) and refuses
// a key the payload does not have: a line cannot carry what its op would
// not read. Every schema wrote commands this way (schema 1 with two keys
// more: legacy.go), so old lines read as they are.

// cmdLine is a command as a line holds it: every key a payload has, so the
// TOML library and the inline reader read a line the same way; a line sets
// only its own payload's.
type cmdLine struct {
	Op           engine.Op             `toml:"op"`
	Who          int                   `toml:"who,omitzero"`
	Entry        int                   `toml:"entry,omitzero"`
	Amount       int                   `toml:"amount,omitzero"`
	Expr         string                `toml:"expr,omitempty"`
	Bare         bool                  `toml:"bare,omitempty"`
	Critical     bool                  `toml:"critical,omitempty"`
	NonLethal    bool                  `toml:"nonlethal,omitempty"`
	Init         int                   `toml:"init,omitzero"`
	To           int                   `toml:"to,omitzero"`
	Dir          int                   `toml:"dir,omitzero"`
	After        int                   `toml:"after,omitzero"`
	Healer       int                   `toml:"healer,omitzero"`
	Wound        int                   `toml:"wound,omitzero"`
	Treat        engine.Treat          `toml:"treat,omitempty"`
	Injury       int                   `toml:"injury,omitzero"`
	Level        string                `toml:"level,omitempty"`
	Condition    string                `toml:"condition,omitempty"`
	Remove       bool                  `toml:"remove,omitempty"`
	Duration     rules.Duration        `toml:"duration,omitempty"`
	Maneuver     string                `toml:"maneuver,omitempty"`
	AttackLevel  int                   `toml:"attack_level,omitzero"`
	DefenceLevel int                   `toml:"defence_level,omitzero"`
	Check        string                `toml:"check,omitempty"`
	Target       int                   `toml:"target,omitzero"`
	Modifiers    []string              `toml:"modifiers,omitempty"`
	Answer       string                `toml:"answer,omitempty"`
	Declare      string                `toml:"declare,omitempty"`
	Spell        string                `toml:"spell,omitempty"`
	Missile      string                `toml:"missile,omitempty"`
	Grievous     bool                  `toml:"grievous,omitempty"`
	Location     string                `toml:"location,omitempty"`
	Severity     string                `toml:"severity,omitempty"`
	Penetrating  bool                  `toml:"penetrating,omitempty"`
	Kind         string                `toml:"kind,omitempty"`
	Foes         []int                 `toml:"foes,omitempty"`
	Flee         bool                  `toml:"flee,omitempty"`
	Setting      string                `toml:"setting,omitempty"`
	Side         string                `toml:"side,omitempty"`
	Show         rules.HPShow          `toml:"show,omitempty"`
	Text         string                `toml:"text,omitempty"`
	Add          []engine.NewCombatant `toml:"add,omitempty"`
	Targets      []int                 `toml:"targets,omitempty"`
	Shares       []engine.Share        `toml:"shares,omitempty"`
	Share        engine.Share          `toml:"share,omitempty"`
	Source       string                `toml:"source,omitempty"`
	At           rules.EventAt         `toml:"at,omitempty"`
	Every        int                   `toml:"every,omitzero"`
	Timer        int                   `toml:"timer,omitzero"`
	Blow         string                `toml:"blow,omitempty"`
	With         []int                 `toml:"with,omitempty"`
	Weapon       int                   `toml:"weapon,omitzero"`
	Guards       []string              `toml:"guards,omitempty"`
	Guard        int                   `toml:"guard,omitzero"`
	State        rules.WeaponFate      `toml:"state,omitempty"`
	Reload       bool                  `toml:"reload,omitempty"`
	Keep         bool                  `toml:"keep,omitempty"`
	Armor        bool                  `toml:"armor,omitempty"`
	Public       bool                  `toml:"public,omitempty"`
	Split        []int                 `toml:"split,omitempty"`
	Foe          int                   `toml:"foe,omitzero"`
	Subconscious bool                  `toml:"subconscious,omitempty"`
	As           bool                  `toml:"as,omitempty"`
}

// payload is a payload type of the engine as a line writes it: its op, and
// the key that tells it from the op's other payload, if it has one.
type payload struct {
	cmd     engine.Command // its zero value
	remove  bool           // remove = true
	setting string         // setting = "hp"
}

// payloads are every payload of the engine (a test holds this list to the
// engine's types).
var payloads = []payload{
	{cmd: engine.Add{}}, {cmd: engine.Remove{}}, {cmd: engine.Start{}}, {cmd: engine.Next{}}, {cmd: engine.End{}},
	{cmd: engine.Damage{}}, {cmd: engine.Heal{}}, {cmd: engine.SetInit{}}, {cmd: engine.Move{}},
	{cmd: engine.Wait{}}, {cmd: engine.Delay{}}, {cmd: engine.HoldTo{}}, {cmd: engine.Notes{}},
	{cmd: engine.Rename{}}, {cmd: engine.SetMaxHP{}},
	{cmd: engine.Roll{}}, {cmd: engine.Stun{}}, {cmd: engine.Bleed{}}, {cmd: engine.CloseWound{}, remove: true}, {cmd: engine.FirstAid{}},
	{cmd: engine.GiveCondition{}}, {cmd: engine.TakeCondition{}, remove: true},
	{cmd: engine.Spend{}}, {cmd: engine.Injure{}}, {cmd: engine.HealInjury{}, remove: true},
	{cmd: engine.Abandon{}}, {cmd: engine.Resist{}}, {cmd: engine.Parry{}}, {cmd: engine.InitRounds{}}, {cmd: engine.Allot{}},
	{cmd: engine.Split{}},
	{cmd: engine.Position{}}, {cmd: engine.ForcedMove{}}, {cmd: engine.Drain{}}, {cmd: engine.RollCheck{}},
	{cmd: engine.Declare{}}, {cmd: engine.Undeclare{}, remove: true},
	{cmd: engine.StickMissile{}}, {cmd: engine.PullMissile{}, remove: true},
	{cmd: engine.RecordWound{}}, {cmd: engine.StrikeWound{}, remove: true},
	{cmd: engine.Engage{}}, {cmd: engine.Disengage{}, remove: true}, {cmd: engine.Flurry{}},
	{cmd: engine.Hide{}}, {cmd: engine.Show{}, remove: true},
	{cmd: engine.View{}}, {cmd: engine.ViewHP{}, setting: viewHP},
	{cmd: engine.Cast{}}, {cmd: engine.DropSpell{}, remove: true},
	{cmd: engine.JoinGroup{}}, {cmd: engine.LeaveGroup{}, remove: true},
	{cmd: engine.SetTimer{}}, {cmd: engine.StopTimer{}, remove: true},
	{cmd: engine.ShowTimer{}}, {cmd: engine.HideTimer{}, remove: true},
	{cmd: engine.Withdraw{}}, {cmd: engine.Maneuver{}},
	{cmd: engine.Blow{}}, {cmd: engine.Arm{}},
}

// viewHP is the setting of a ViewHP line.
const viewHP = "hp"

// byType finds a payload's entry by its Go type.
var byType = sync.OnceValue(func() map[reflect.Type]payload {
	m := map[reflect.Type]payload{}
	for _, p := range payloads {
		m[reflect.TypeOf(p.cmd)] = p
	}
	return m
})

// lineFields are the fields of a cmdLine by key.
var lineFields = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for _, f := range fieldsOf(reflect.TypeFor[cmdLine]()).list {
		m[f.name] = f.index
	}
	return m
})

// lineOf writes a command as a line holds it.
func lineOf(cmd engine.Command) (cmdLine, error) {
	var l cmdLine
	if m, ok := cmd.(engine.Marked); ok {
		if m.Step == nil {
			return l, fmt.Errorf("a step on marked combatants with no step")
		}
		l, err := lineOf(m.Step)
		l.Targets, l.Shares = m.Targets, m.Shares
		return l, err
	}
	if cmd == nil {
		return l, fmt.Errorf("no command")
	}
	p, ok := byType()[reflect.TypeOf(cmd)]
	if !ok {
		return l, fmt.Errorf("a command of type %T has no line", cmd)
	}
	l.Op, l.Remove, l.Setting = cmd.Op(), p.remove, p.setting
	lv := reflect.ValueOf(&l).Elem()
	cv := reflect.ValueOf(cmd)
	for _, f := range fieldsOf(cv.Type()).list {
		i, ok := lineFields()[f.name]
		if !ok {
			return l, fmt.Errorf("%T.%s: no key %q in a line", cmd, cv.Type().Field(f.index).Name, f.name)
		}
		lf := lv.Field(i)
		lf.Set(cv.Field(f.index).Convert(lf.Type()))
	}
	return l, nil
}

// command reads a line's command: the payload its op (and remove or
// setting) picks, with the line's keys, each of which the payload must
// have.
func (l cmdLine) command() (engine.Command, error) {
	p := pick(l)
	if p == nil {
		return nil, fmt.Errorf("unknown command %q", l.Op)
	}
	cv := reflect.New(reflect.TypeOf(p.cmd)).Elem()
	keys := fieldsOf(cv.Type())
	lv := reflect.ValueOf(l)
	for _, f := range fieldsOf(lv.Type()).list {
		v := lv.Field(f.index)
		switch {
		case f.name == "op" || f.name == "targets" || f.name == "shares" || v.IsZero():
			continue
		case f.name == "remove" && p.remove, f.name == "setting" && p.setting != "":
			continue
		}
		n, ok := keys.byName[f.name]
		if !ok {
			return nil, fmt.Errorf("a %s step has no %s", name(p), f.name)
		}
		cf := cv.Field(keys.list[n].index)
		cf.Set(v.Convert(cf.Type()))
	}
	cmd := cv.Interface().(engine.Command)
	if len(l.Targets) == 0 {
		if len(l.Shares) > 0 {
			return nil, fmt.Errorf("a %s step with shares and no targets", name(p))
		}
		return cmd, nil
	}
	m, ok := cmd.(engine.Markable)
	if !ok {
		return nil, fmt.Errorf("a %s step is done to one combatant at a time: it has no targets", name(p))
	}
	if l.Who != 0 {
		return nil, fmt.Errorf("a %s step on marked combatants has no who", name(p))
	}
	return engine.Marked{Targets: l.Targets, Shares: l.Shares, Step: m}, nil
}

// byOp are the payloads of each op: its plain one, and the one a line's
// remove or setting picks, if it has one.
var byOp = sync.OnceValue(func() map[engine.Op]struct{ plain, removed, setting *payload } {
	m := map[engine.Op]struct{ plain, removed, setting *payload }{}
	for i := range payloads {
		q := &payloads[i]
		e := m[q.cmd.Op()]
		switch {
		case q.remove:
			e.removed = q
		case q.setting != "":
			e.setting = q
		default:
			e.plain = q
		}
		m[q.cmd.Op()] = e
	}
	return m
})

// pick is the payload a line's op, and its remove or setting, pick.
func pick(l cmdLine) *payload {
	e := byOp()[l.Op]
	switch {
	case e.setting != nil && l.Setting == e.setting.setting:
		return e.setting
	case e.removed != nil && l.Remove:
		return e.removed
	}
	return e.plain
}

// name says which payload of its op a step is, for messages.
func name(p *payload) string {
	switch {
	case p.remove:
		return string(p.cmd.Op()) + " (remove)"
	case p.setting != "":
		return string(p.cmd.Op()) + " (" + p.setting + ")"
	}
	return string(p.cmd.Op())
}
