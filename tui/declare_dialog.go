package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// declareDialog offers the ruleset's declarations before initiative is
// rolled: picking one declared already takes it back; one with an amount
// (Defending) asks for it; one that may be made again (another free action)
// is declared once more, and a line of its own takes one back.
func (m Model) declareDialog(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	var items []item[declPick]
	for _, d := range rs.Declarations {
		label, detail := d.Name, d.Summary
		n := 0
		for _, x := range c.Declared {
			if x.ID == d.ID {
				n++
			}
		}
		if i := slices.IndexFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID }); i >= 0 {
			label = "✓ " + narrate.Declared(rs, c, c.Declared[i])
			detail = "declared: pick to take it back"
			if d.Repeat {
				label = fmt.Sprintf("✓ %s ×%d", narrate.Declared(rs, c, c.Declared[i]), n)
				detail = fmt.Sprintf("declared %d: pick to declare one more", n)
			}
		}
		if why := engine.DeclareExcluded(rs, c, d); why != "" && n == 0 {
			detail = "refused: " + why
		}
		detail = m.book.detail(rs, "declarations["+d.ID+"]", detail)
		items = append(items, item[declPick]{label: label, detail: detail, value: declPick{d: d}})
		if d.Repeat && n > 0 {
			items = append(items, item[declPick]{label: "  take back one " + d.Name, detail: fmt.Sprintf("declared %d", n),
				value: declPick{d: d, back: true}})
		}
	}
	if st := rs.Order.Split; st != "" && (len(c.Shares) > 0 || engine.SplitWhole(rs, c) >= 2*rs.Order.SplitLeast) {
		// The split of a stat over the round's actions (order.split): typed
		// shares, "60 50"; nothing typed takes a split back. Offered only
		// where two shares of split_least fit (BRP: a skill of 100% or more).
		detail := fmt.Sprintf("%s %d over this round's actions, each at least %d", st, engine.SplitWhole(rs, c), rs.Order.SplitLeast)
		if len(c.Shares) > 0 {
			detail = "split: " + engine.SharesText(c.Shares) + "; type others, or nothing to take it back"
		}
		items = append(items, item[declPick]{label: "Split the " + st, detail: detail, value: declPick{split: true}})
	}
	return newPick(c.Name+" declares", "this round, "+declareWhen(rs), items, true,
		func(it item[declPick], _ string) (action, error) {
			if it.value.split {
				return actDialog{m.splitPrompt(c)}, nil
			}
			d := it.value.d
			cmd := engine.Declare{Who: c.ID, Declaration: d.ID}
			if it.value.back || (!d.Repeat && slices.ContainsFunc(c.Declared, func(x engine.Declared) bool { return x.ID == d.ID })) {
				back := engine.Undeclare{Who: c.ID, Declaration: d.ID}
				if err := m.check(back); err != nil {
					return nil, err
				}
				return actCommand{cmd: back}, nil
			} else if why := engine.DeclareExcluded(rs, c, d); why != "" {
				// At the pick, not after an amount the round would not give.
				return nil, fmt.Errorf("%s cannot declare %s: %s", c.Name, d.Name, why)
			} else if !d.Amount.IsZero() {
				hint := "how much (" + d.Amount.String() + " at most)"
				if shifts := rankShifts(rs, c, d); shifts != "" {
					hint = "how much (" + d.Amount.String() + " at most; " + shifts + ")"
				}
				if d.Pays != "" {
					most, _ := engine.DeclareMost(rs, c, d)
					hint = fmt.Sprintf("%s to spend (0 to %d)", strings.ToLower(poolLabel(rs, d.Pays)), most)
				}
				return actDialog{newPrompt(c.Name+": "+d.Name, hint, "", func(s string) (action, error) {
					n, err := strconv.Atoi(strings.TrimSpace(s))
					if err != nil {
						return nil, fmt.Errorf("a whole number")
					}
					cmd.Amount = n
					if err := m.check(cmd); err != nil {
						return nil, err
					}
					return actCommand{cmd: cmd}, nil
				})}, nil
			}
			if err := m.check(cmd); err != nil {
				return nil, err
			}
			return actCommand{cmd: cmd}, nil
		})
}

// declPick is a line of the declarations dialog: a declaration, or taking
// back one of a declaration made more than once.
type declPick struct {
	d     rules.Declaration
	back  bool
	split bool // the split of order.split instead
}

// splitPrompt asks for the shares of the stat split over the round's
// actions, the first action's first ("60 50").
func (m Model) splitPrompt(c *engine.Combatant) dialog {
	rs := m.fight().Rules
	hint := fmt.Sprintf("the shares of %s %d, first action first (60 50), each at least %d; empty: no split",
		rs.Order.Split, engine.SplitWhole(rs, c), rs.Order.SplitLeast)
	return newPrompt(c.Name+": split the "+rs.Order.Split, hint, "", func(s string) (action, error) {
		var shares []int
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '/' }) {
			n, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("whole numbers, one for each action: %q is not", f)
			}
			shares = append(shares, n)
		}
		cmd := engine.Split{Who: c.ID, Shares: shares}
		if err := m.check(cmd); err != nil {
			return nil, err
		}
		return actCommand{cmd: cmd}, nil
	})
}

// rankShifts says, before the amount is typed, where each amount of a
// declaration of ranks (per_amount) leaves the combatant's rank this round:
// "-5 ranks each from rank 13: 1 leaves rank 8, 2 rank 3, 3 or more no
// action this round" (BRP l.73, 103). "": it moves no rank.
func rankShifts(rs *rules.Ruleset, c *engine.Combatant, d rules.Declaration) string {
	most, err := engine.DeclareMost(rs, c, d)
	if err != nil || most < 1 || d.Repeat {
		return ""
	}
	from, _, ok := engine.RankDeclaring(rs, c, d.ID, 1)
	if !ok {
		return ""
	}
	var each []string
	for n := 1; n <= most; n++ {
		_, to, _ := engine.RankDeclaring(rs, c, d.ID, n)
		if to < rs.Order.Lowest {
			lost := strconv.Itoa(n)
			if n < most {
				lost += " or more"
			}
			each = append(each, lost+" no action this round")
			break
		}
		if n == 1 {
			each = append(each, fmt.Sprintf("1 leaves rank %d", to))
		} else {
			each = append(each, fmt.Sprintf("%d rank %d", n, to))
		}
	}
	return fmt.Sprintf("%+d ranks each from rank %d: %s", d.PerAmount, from, strings.Join(each, ", "))
}
