package engine_test

import (
	"slices"

	"fray/engine"
	"fray/engine/rules"
)

// Cases for the maneuver table.
func init() {
	schemaCases = append(schemaCases, maneuverCases...)
}

// gripBase has a check Grip (3d6 that must beat its target; equal slips)
// and the conditions Held and Broken.
func gripBase(rs *rules.Ruleset) {
	rs.Checks = append(rs.Checks, rules.Check{ID: "grip", Name: "Grip", Roll: ex("3d6"), Target: ex("10"), Succeeds: rules.Above,
		Outcomes: []rules.Outcome{{ID: "keeps", Name: "Keeps", Result: rules.Success}, {ID: "slips", Name: "Slips", AtLeast: ex("target")}, {ID: "drops", Name: "Drops", Result: rules.Failure}}})
	rs.Conditions = append(rs.Conditions, rules.ConditionDef{ID: "held", Name: "Held", Duration: rules.UntilRemoved}, rules.ConditionDef{ID: "broken", Name: "Broken", Duration: rules.UntilRemoved})
}

// table sets a maneuver table of one row, Disarming, with the check and
// the cells given.
func table(check string, cells ...rules.ManeuverCell) func(*rules.Ruleset) {
	return func(rs *rules.Ruleset) {
		rs.Maneuvers = rules.Maneuvers{Columns: []string{"Light", "Heavy"}, Rows: []rules.ManeuverRow{{ID: "disarm", Name: "Disarming", Effect: "Grip", Check: check, Cells: slices.Clone(cells)}}}
	}
}

// maneuverOn has B take Disarming at a column, its check's dice faces given.
func maneuverOn(col int, faces ...int) act {
	return do("B", engine.Maneuver{Row: "disarm", Column: col}, faces...)
}

var maneuverCases = []schemaCase{
	{key: "maneuvers.columns", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Columns = []string{"Glancing", "Square"} }, play: duel(maneuverOn(1, 3, 3, 4)),
		want: []string{"B takes Disarming, Square: Grip-10\nB: Grip-10: 3d6: [3, 3, 4] = 10 vs more than 10: Slips"}},
	{key: "maneuvers.columns", note: "none", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Columns = nil }, refused: "columns need names"},
	{key: "maneuvers.rows.id", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].ID = "strip" }, play: duel(maneuverOn(0, 1, 1, 1)), want: []string{`refused: Base has no maneuver "disarm"`}},
	{key: "maneuvers.rows.name", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Name = "Stripping" }, play: duel(maneuverOn(0, 1, 1, 1)), want: []string{"B takes Stripping, Light: Grip-4"}},
	{key: "maneuvers.rows.check", need: needs(gripBase, table("", rules.ManeuverCell{Give: "broken"}, rules.ManeuverCell{Give: "broken"})),
		set: func(rs *rules.Ruleset) {
			rs.Maneuvers.Rows[0].Cells[0] = rules.ManeuverCell{Target: 4}
			rs.Maneuvers.Rows[0].Check = "grip"
		},
		play: duel(maneuverOn(0, 1, 1, 1)), want: []string{"B: Grip-4: 3d6: [1, 1, 1] = 3 vs more than 4: Drops"}},
	{key: "maneuvers.rows.check", note: "unknown", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Check = "nope" }, refused: `unknown check "nope"`},
	{key: "maneuvers.rows.give", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Give = "held" }, play: duel(maneuverOn(0, 6, 6, 6)), want: []string{"B is Held\nB: Grip-4"}},
	{key: "maneuvers.rows.cells.target", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[1].Target = 16 }, play: duel(maneuverOn(1, 6, 6, 3)), want: []string{"Grip-16: 3d6: [6, 6, 3] = 15 vs more than 16: Drops"}},
	{key: "maneuvers.rows.cells.target", note: "with no check: logged", need: needs(gripBase, table("", rules.ManeuverCell{Give: "broken"}, rules.ManeuverCell{Give: "broken"})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[1].Target = 16 }, play: duel(maneuverOn(1)), want: []string{"B takes Disarming, Heavy: Grip-16\nB is Broken"}},
	{key: "maneuvers.rows.effect", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Effect = "Hold" }, play: duel(maneuverOn(0, 1, 1, 1)), want: []string{"B takes Disarming, Light: Hold-4\nB: Hold-4: 3d6"}},
	{key: "maneuvers.rows.cells.target", note: "no effect named", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Effect = "" }, refused: "name it"},
	{key: "maneuvers.rows.cells.give", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[1] = rules.ManeuverCell{Give: "broken"} }, play: duel(maneuverOn(1)), want: []string{"B takes Disarming, Heavy\nB is Broken"}},
	// weapon: what becomes of the weapon in hand of the one it is made on.
	{key: "maneuvers.rows.cells.weapon=broken", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set:  func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[1] = rules.ManeuverCell{Weapon: rules.FateBroken} },
		play: cast([]engine.NewCombatant{who("A", 10, 20, nil), armedWho("B", rules.Weapon{Name: "Sword", Damage: ex("1d6")})}, maneuverOn(1)),
		want: []string{"B takes Disarming, Heavy\nB's Sword is broken"}},
	{key: "maneuvers.rows.cells.weapon=dropped", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set:  func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[0].Weapon = rules.FateDropped },
		play: cast([]engine.NewCombatant{who("A", 10, 20, nil), armedWho("B", rules.Weapon{Name: "Sword", Damage: ex("1d6")})}, maneuverOn(0, 6, 6, 6)),
		want: []string{"B takes Disarming, Light: Grip-4\nB's Sword is dropped\nB: Grip-4"}},
	{key: "maneuvers.rows.cells.weapon=stuck", note: "refused", need: needs(gripBase, table("grip", rules.ManeuverCell{Target: 4}, rules.ManeuverCell{Target: 10})),
		set: func(rs *rules.Ruleset) { rs.Maneuvers.Rows[0].Cells[1].Weapon = rules.FateStuck }, refused: "dropped or broken"},
}
