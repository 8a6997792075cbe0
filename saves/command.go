package saves

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"fray/engine"
)

// MarshalTOML writes a step's command as one inline table, its fields in a
// fixed order and only those it sets: `cmd = {op = "damage", who = 3,
// amount = 50}`. A person reads a step on one line, and the encoder does not
// walk every field of every command by reflection (that was half the time
// of encoding a long fight). The decoder reads it as any other table.
func (c command) MarshalTOML() ([]byte, error) {
	x := c.Command
	var b strings.Builder
	b.WriteString("{op = ")
	quote(&b, string(x.Op))
	num := func(k string, v int) {
		if v != 0 {
			fmt.Fprintf(&b, ", %s = %d", k, v)
		}
	}
	str := func(k, v string) {
		if v != "" {
			b.WriteString(", " + k + " = ")
			quote(&b, v)
		}
	}
	num("who", x.Who)
	num("entry", x.Entry)
	num("amount", x.Amount)
	str("expr", x.Expr)
	if x.Bare {
		b.WriteString(", bare = true")
	}
	num("init", x.Init)
	num("to", x.To)
	num("dir", x.Dir)
	num("after", x.After)
	num("healer", x.Healer)
	num("wound", x.Wound)
	str("level", x.Level)
	str("condition", x.Condition)
	if x.Remove {
		b.WriteString(", remove = true")
	}
	str("duration", string(x.Duration))
	str("maneuver", x.Maneuver)
	num("attack_level", x.AttackLevel)
	num("defence_level", x.DefenceLevel)
	num("target", x.Target)
	str("check", x.Check)
	if len(x.Modifiers) > 0 {
		b.WriteString(", modifiers = [")
		for i, m := range x.Modifiers {
			if i > 0 {
				b.WriteString(", ")
			}
			quote(&b, m)
		}
		b.WriteString("]")
	}
	str("declare", x.Declare)
	str("spell", x.Spell)
	str("missile", x.Missile)
	if x.Grievous {
		b.WriteString(", grievous = true")
	}
	str("text", x.Text)
	if len(x.Add) > 0 {
		b.WriteString(", add = [")
		for i, n := range x.Add {
			if i > 0 {
				b.WriteString(", ")
			}
			newCombatant(&b, n)
		}
		b.WriteString("]")
	}
	b.WriteString("}")
	return []byte(b.String()), nil
}

// newCombatant writes a combatant to add as an inline table.
func newCombatant(b *strings.Builder, n engine.NewCombatant) {
	b.WriteString("{name = ")
	quote(b, n.Name)
	for _, kv := range [][2]string{{"template", n.Template}, {"side", n.Side}} {
		if kv[1] != "" {
			b.WriteString(", " + kv[0] + " = ")
			quote(b, kv[1])
		}
	}
	fmt.Fprintf(b, ", hp = %d", n.HP)
	if len(n.Stats) > 0 {
		b.WriteString(", stats = {")
		for i, k := range slices.Sorted(maps.Keys(n.Stats)) {
			if i > 0 {
				b.WriteString(", ")
			}
			key(b, k)
			fmt.Fprintf(b, " = %d", n.Stats[k])
		}
		b.WriteString("}")
	}
	if n.Notes != "" {
		b.WriteString(", notes = ")
		quote(b, n.Notes)
	}
	if n.Init != nil {
		fmt.Fprintf(b, ", init = %d", *n.Init)
	}
	b.WriteString("}")
}

// key writes a table key: bare when it may be, quoted otherwise.
func key(b *strings.Builder, k string) {
	bare := k != ""
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			bare = false
		}
	}
	if bare {
		b.WriteString(k)
		return
	}
	quote(b, k)
}

// quote writes s as a TOML basic string: quotes, backslashes and control
// characters escaped, anything else as it is. Invalid UTF-8 is written as
// the replacement character, as the encoder would refuse it.
func quote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u00` + strconv.FormatUint(uint64(r)>>4, 16) + strconv.FormatUint(uint64(r)&15, 16))
		case r == utf8.RuneError:
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}
