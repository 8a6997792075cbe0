package tui

import (
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/dice"
)

func amountPrompt(op engine.Op, who int) func(string) (action, error) {
	return func(s string) (action, error) { return amountCommand(op, who, s) }
}

// amountCommand reads a number or a dice expression typed into a prompt:
// an amount of damage or healing, or an initiative.
// Damage typed with a leading ! ignores armour (hp.armor): a critical; with
// a leading ~ it is non-lethal (hp.nonlethal_gives); both may be typed.
func amountCommand(op engine.Op, who int, s string) (action, error) {
	bare, soft := false, false
	for op == engine.OpDamage {
		t := strings.TrimSpace(s)
		if rest, ok := strings.CutPrefix(t, "!"); ok && !bare {
			bare, s = true, rest
		} else if rest, ok := strings.CutPrefix(t, "~"); ok && !soft {
			soft, s = true, rest
		} else {
			s = t
			break
		}
	}
	n, err := strconv.Atoi(s)
	expr := ""
	if err != nil {
		if _, err := dice.Parse(s); err != nil {
			return nil, exprError(s, err)
		}
		n, expr = 0, s
	}
	switch op {
	case engine.OpSetInit:
		return actCommand{cmd: engine.SetInit{Who: who, Init: n, Expr: expr}}, nil
	case engine.OpHeal:
		return actCommand{cmd: engine.Heal{Who: who, Amount: n, Expr: expr}}, nil
	}
	return actCommand{cmd: engine.Damage{Who: who, Amount: n, Expr: expr, Bare: bare, NonLethal: soft}}, nil
}
