package engine

import (
	"fmt"
	"strconv"

	"fray/engine/dice"
)

// maneuver is an attack made for another end than a wound landing on its
// target (War & Combat's maneuver table): the row's check rolled by the
// target against the cell's number (Fumble-10: 3d6 + DEX modifier must
// beat 10), the row's and the cell's conditions given, and the cell's fate
// of the weapon in hand (broken).
func (t *tx) maneuver(cmd Maneuver) error {
	if err := t.running(); err != nil {
		return err
	}
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	row, ok := t.rs.Maneuver(cmd.Row)
	if !ok {
		return fmt.Errorf("%s has no maneuver %q", t.rs.Name, cmd.Row)
	}
	if cmd.Column < 0 || cmd.Column >= len(row.Cells) {
		return fmt.Errorf("%s has %d columns: pick one", row.Name, len(row.Cells))
	}
	cell := row.Cells[cmd.Column]
	t.log(EvCondition, of(c), nil, TakesManeuver{Maneuver: row.ID, Column: cmd.Column})
	for _, id := range []string{row.Give, cell.Give} {
		if id == "" || c.Has(id) {
			continue
		}
		def, _ := t.rs.Condition(id)
		g, err := t.ownGrant(c, def, "", 0)
		if err != nil {
			return err
		}
		if err := t.give(c, id, g); err != nil {
			return err
		}
	}
	if cell.Weapon != "" {
		t.weaponFate(c, cell.Weapon)
	}
	if cell.Target == 0 || row.Check == "" {
		return nil // a level with no roll is the GM's (a shock level)
	}
	ch, _ := t.rs.Check(row.Check)
	ch.Target = dice.MustParse(strconv.Itoa(cell.Target))
	ch.Name = fmt.Sprintf("%s-%d", row.Effect, cell.Target)
	_, err = t.rollThe(ch, CheckRef{ID: ch.ID, Maneuver: row.ID, Cell: cell.Target}, RollCheck{Who: c.ID, Check: ch.ID, Expr: cmd.Expr})
	return err
}
