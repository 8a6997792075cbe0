package content_test

import (
	"bytes"
	"strings"
	"testing"

	"fray/engine"
	"fray/export"
)

// The record credits a blow's damage to the one who struck it, whoever's
// turn it was: Yvarre's dagger gets 4 through the Guard's armour.
func TestRecordCreditsTheBlowsStriker(t *testing.T) {
	f, _ := startFight(t, "brp", []member{{name: "Yvarre", creature: "yvarre"}, {name: "Guard", creature: "temple_guard"}})
	y, g := f.ID("Yvarre"), f.ID("Guard")
	onRank(t, f, "Yvarre")
	f.Must(engine.Blow{Who: y, Blow: "attack", Foes: []int{g}, Answer: "parry"}, 2, 30, 1, 1, 1)
	var b bytes.Buffer
	if err := export.Write(&b, "Temple", f.Fight, "md", export.Options{}); err != nil {
		t.Fatal(err)
	}
	if md := b.String(); !strings.Contains(md, "| Yvarre | 4 |") {
		t.Errorf("Yvarre's 4 not credited:\n%s", md)
	}
}
