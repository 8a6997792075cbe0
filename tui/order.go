package tui

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"fray/engine"
	"fray/engine/rules"
)

// orderPane lists the combatants in the order they act, one row each, and
// keeps the selection: the combatant the tracker's keys act on.
type orderPane struct {
	*common
	width, height int
	sel           int          // the selected combatant's ID
	marks         map[int]bool // the marked combatants' IDs (marking.go)
	lastMarks     []int        // those a marked step was last done to, for V to mark again
}

func (p *orderPane) SetSize(w, h int) { p.width, p.height = w, h }

// stateMemo keeps what the panes work out from one state of the fight,
// for as long as the fight is in that state: the order's rows, the order
// of its phase, which pairs in it act together, and the order pane (and,
// under a dialog, the panel) as last drawn. Moving the selection draws the
// same state again, a key in a dialog draws it all again under the dialog,
// and a step makes one new state: at a thousand combatants, working these
// out for each frame was most of it. A state is known by its lists (the
// engine makes new ones for each state and never changes a state once
// made; the memo holds on to them, so no other state can be given the
// same ones) and the rest of its fields.
type stateMemo struct {
	key  stateKey
	rows []*engine.Combatant
	seq  []engine.Ref
	tied map[[2]int]bool // a pair of the phase's order (who, who), and whether they act together
	// flags and inits are each row's flags and place (by the combatant's
	// ID) as drawn.
	flags, inits map[int]string
	// tiedShown is who acts together among the rows last shown, from
	// tiedFrom (the first shown) and tiedLen (how many).
	tiedShown         map[int]bool
	tiedFrom, tiedLen int
	has               struct{ rows, seq bool }
	// order and panel are the panes last drawn of the state, with the
	// rest of what they were drawn from (the panel's, under a dialog).
	order paneDrawn[orderPaneKey]
	panel paneDrawn[panelKey]
}

type stateKey struct {
	rs                     *rules.Ruleset
	cs                     **engine.Combatant
	es                     *engine.Entry
	os                     *int
	ts                     *engine.Timer
	hs                     *engine.PhaseHold
	gs                     *engine.Departed
	nc, ne, no, nt, nh, ng int
	phase, round, next     int
	cur                    engine.Ref
	count                  engine.Count
	status, name           string
}

// paneDrawn is a pane as last drawn, and what it was drawn from besides
// the state.
type paneDrawn[K comparable] struct {
	key  K
	text string
	ok   bool
}

// get is the pane drawn from k, or draws it.
func (d *paneDrawn[K]) get(k K, draw func() string) string {
	if !d.ok || d.key != k {
		d.key, d.text, d.ok = k, draw(), true
	}
	return d.text
}

// memo is the memo of enc, made anew when enc is another state.
func (c *common) memo(enc *engine.Encounter) *stateMemo {
	k := stateKey{rs: c.fight().Rules, cs: unsafe.SliceData(enc.Combatants), es: unsafe.SliceData(enc.Entries),
		os: unsafe.SliceData(enc.Order), ts: unsafe.SliceData(enc.Timers), hs: unsafe.SliceData(enc.PhaseHolds),
		gs: unsafe.SliceData(enc.Gone), nc: len(enc.Combatants), ne: len(enc.Entries), no: len(enc.Order),
		nt: len(enc.Timers), nh: len(enc.PhaseHolds), ng: len(enc.Gone), phase: enc.Phase, round: enc.Round,
		next: enc.NextID, cur: enc.Cur, count: enc.Count, status: enc.Status, name: enc.Name}
	if c.drawn.state == nil || c.drawn.state.key != k || len(enc.Combatants) == 0 {
		c.drawn.state = &stateMemo{key: k}
	}
	return c.drawn.state
}

// orderRows are rows(enc), kept while the fight is in that state: not to be
// changed.
func (c *common) orderRows(enc *engine.Encounter) []*engine.Combatant {
	m := c.memo(enc)
	if !m.has.rows {
		m.rows, m.has.rows = rows(enc), true
	}
	return m.rows
}

// move moves the selection up (-1) or down (1) the order.
func (p *orderPane) move(d int) {
	rows := p.orderRows(p.fight().Current())
	if len(rows) == 0 {
		return
	}
	i := 0
	for j, c := range rows {
		if c.ID == p.sel {
			i = j
		}
	}
	p.sel = rows[min(max(i+d, 0), len(rows)-1)].ID
}

// selected is the selected combatant, or nil when there is nobody.
func (p *orderPane) selected() *engine.Combatant { return p.fight().Current().Combatant(p.sel) }

// selectActor selects the combatant acting now, if any, or else keeps the
// selection on someone still there.
func (p *orderPane) selectActor() {
	enc := p.fight().Current()
	if a := enc.Actor(); a != nil {
		p.sel = a.ID
	} else if enc.Combatant(p.sel) == nil && len(enc.Combatants) > 0 {
		p.sel = enc.Combatants[0].ID
	}
}

// kept is where the selection stood before a change: on the actor or not,
// and the fight as it was, whose rows after the selected one are looked at
// when it leaves (a change makes a new encounter: the one kept is not
// changed under it).
type kept struct {
	onActor bool
	actor   int
	before  engine.Encounter
}

// keep notes where the selection stands, before a change to the fight.
func (p *orderPane) keep() kept {
	enc := p.fight().Current()
	k := kept{before: *enc}
	if a := enc.Actor(); a != nil {
		k.actor, k.onActor = a.ID, a.ID == p.sel
	}
	return k
}

// after are the rows after the selected one in the fight as it was.
func (k kept) after(sel int) []int {
	var out []int
	seen := false
	for _, c := range rows(&k.before) { // the state before: not the memo's
		if seen {
			out = append(out, c.ID)
		}
		seen = seen || c.ID == sel
	}
	return out
}

// restore puts the selection where the GM left it after a change: it
// follows the actor when it was on the actor and the turn moved on;
// otherwise it stays on the one selected, or, when that one has left the
// fight, goes to the one after it (the one before, at the end).
func (p *orderPane) restore(k kept) {
	enc := p.fight().Current()
	a := enc.Actor()
	switch {
	case a != nil && a.ID != k.actor && (k.onActor || k.actor == 0):
		p.sel = a.ID // the turn moved on from the selected, or the fight began
	case enc.Combatant(p.sel) != nil:
	default:
		for _, id := range k.after(p.sel) {
			if enc.Combatant(id) != nil {
				p.sel = id
				return
			}
		}
		if rs := p.orderRows(enc); len(rs) > 0 {
			p.sel = rs[len(rs)-1].ID
		}
	}
}

// View draws the rows around the selection under a heading; each row is the
// pane's width, and there are no more rows than its height.
func (p orderPane) View() string {
	enc := p.fight().Current()
	if len(enc.Combatants) == 0 || len(p.marks) > 0 {
		return p.draw(enc)
	}
	return p.memo(enc).order.get(orderPaneKey{sel: p.sel, width: p.width, height: p.height}, func() string { return p.draw(enc) })
}

// orderPaneKey is what the order pane is drawn from besides the state and
// the marks (with marks, it is drawn afresh).
type orderPaneKey struct{ sel, width, height int }

func (p orderPane) draw(enc *engine.Encounter) string {
	w := p.width
	rows := p.orderRows(enc)
	if len(rows) == 0 {
		return pad("", w) + "\n" + pad("  Nobody here yet: a adds combatants.", w)
	}
	pending := engine.Upcoming(p.fight().Rules, enc)
	visible := p.height - 1 - min(len(pending), maxMarkers)
	selAt := 0
	for i, c := range rows {
		if c.ID == p.sel {
			selAt = i
		}
	}
	top := min(max(selAt-visible/2, 0), max(len(rows)-visible, 0))
	shown := rows[top:min(top+visible, len(rows))]
	flags := make([]string, len(shown))
	tied := together(p.fight().Rules, enc, shown, p.memo(enc))
	memo := p.memo(enc)
	if memo.flags == nil {
		memo.flags = map[int]string{}
	}
	last := p.drawnRows(p.fight().Rules)
	for i, c := range shown {
		f, ok := memo.flags[c.ID]
		if !ok {
			if r, drawn := last[c]; drawn {
				f = r.flags // the same combatant as drawn before: the same flags
			} else {
				f = p.flags(c)
			}
			memo.flags[c.ID] = f
		}
		flags[i] = f
		if tied[c.ID] {
			flags[i] = strings.TrimSpace("together " + flags[i])
		}
	}
	p.initTexts(enc, shown)
	cols := p.columns(shown, flags)
	headText := "  " + p.initHead() + pad("Name", cols.name) + " "
	if cols.side > 0 {
		headText += pad("Side", cols.side) + " "
	}
	if rs := p.fight().Rules; rs.Recorded() {
		headText += "Wounds"
	} else {
		headText += rs.HP.Name
	}
	if len(rows) > visible {
		headText = pad(headText, w-8) + fmt.Sprintf("%3d/%-3d", selAt+1, len(rows))
	}
	lines := []string{p.st.Muted.Render(pad(headText, w))}
	actor := enc.Actor()
	at := markerPlaces(enc, rows, pending)
	left := min(len(pending), maxMarkers)
	marker := func(i int) {
		for k, pl := range at {
			if pl != i || left == 0 {
				continue
			}
			left--
			text := p.markerText(pending[k])
			if left == 0 && len(pending) > maxMarkers {
				text = fmt.Sprintf("  %d more timed events (T lists the timers)", len(pending)-maxMarkers+1)
			}
			lines = append(lines, p.st.Muted.Render(pad(truncate(text, w), w)))
		}
	}
	drawn := make(map[*engine.Combatant]drawnRow, len(shown)) // this frame's rows, kept for the next
	for i, c := range shown {
		marker(top + i)
		k := rowKey{isActor: actor != nil && engine.Leader(enc, c).ID == actor.ID, selected: c.ID == p.sel, marked: p.marks[c.ID],
			flags: flags[i], init: p.initText(enc, c), cols: cols, width: w}
		r, ok := last[c]
		if !ok || r.key != k {
			r = drawnRow{key: k, flags: memo.flags[c.ID], line: p.row(enc, c, k.isActor, flags[i], cols)}
		}
		drawn[c] = r
		lines = append(lines, r.line)
	}
	p.drawn.rows = drawn
	if top+len(shown) == len(rows) {
		marker(len(rows))
	}
	return strings.Join(lines, "\n")
}

// drawnRow is a combatant's row as the order pane drew it, with what it
// was drawn from besides the combatant: a combatant is never changed once
// in a state of the fight (a step changes a copy, engine/share.go), so
// while the frame holds it no other can take its place. flags are its
// flags before "together".
type drawnRow struct {
	key   rowKey
	flags string
	line  string
}

type rowKey struct {
	isActor, selected, marked bool
	flags, init               string
	cols                      orderCols
	width                     int
}

// drawnRows are the rows of the last frame, by combatant, if drawn under
// rs.
func (p orderPane) drawnRows(rs *rules.Ruleset) map[*engine.Combatant]drawnRow {
	if p.drawn.rowsRules != rs {
		p.drawn.rows, p.drawn.rowsRules = nil, rs
	}
	return p.drawn.rows
}

// maxMarkers is the most lines of timed events the order shows.
const maxMarkers = 3

// markerPlaces says before which row each pending event falls: one at a
// count before the first row whose place is at the count or below (it fires
// as the count reaches it, before those at it act); the others
// (the round's end, the next round's start) after the last row.
func markerPlaces(enc *engine.Encounter, rows []*engine.Combatant, pending []engine.Pending) []int {
	at := make([]int, len(pending))
	for k, e := range pending {
		at[k] = len(rows)
		if e.At != rules.EventCount {
			continue
		}
		for i, c := range rows {
			if v, ok := placeValue(enc, c); ok && v <= e.Count {
				at[k] = i
				break
			}
		}
	}
	return at
}

// placeValue is the value of a combatant's (or its group's) next place in
// this round's order.
func placeValue(enc *engine.Encounter, c *engine.Combatant) (int, bool) {
	l := engine.Leader(enc, c)
	for _, e := range enc.Entries {
		if e.Who == l.ID && !e.Started {
			return e.Value, true
		}
	}
	for _, e := range enc.Entries {
		if e.Who == l.ID {
			return e.Value, true
		}
	}
	return 0, false
}

// markerText is a timed event's line in the order.
func (p orderPane) markerText(e engine.Pending) string {
	where := "end"
	switch e.At {
	case rules.EventCount:
		where = itoa(e.Count)
	case rules.EventRoundStart:
		where = "next"
	}
	return "  " + pad(where, 5) + " ~ " + safe(e.Name)
}

// orderName is a combatant's name in the order: a member of a group that
// is not its leader has a "+" before it (it follows the one above).
func orderName(c *engine.Combatant) string {
	if c.Group != 0 && c.Group != c.ID {
		return "+" + safe(c.Name)
	}
	return safe(c.Name)
}

// columns shares the pane's width out: the name as wide as the longest
// (up to 24), then the side, then the flags (stun, bleeding, conditions,
// the budget) as wide as the widest; what does not fit is cut with a mark.
func (p orderPane) columns(shown []*engine.Combatant, flags []string) orderCols {
	fixed := 2 + p.initWidth() + 1 + 6 + 8 // mark, init, spaces, bar, " 999/999"
	longName, longSide, longFlags := 4, 4, 0
	sided := false // a column of no sides is left out
	for i, c := range shown {
		longName = max(longName, width(orderName(c)))
		longSide = max(longSide, width(safe(c.Side)))
		sided = sided || c.Side != ""
		longFlags = max(longFlags, width(flags[i]))
	}
	avail := max(p.width-fixed, 0)
	cols := orderCols{name: min(longName, 24)}
	if reserve := min(longFlags+1, 9); avail-cols.name < reserve { // room for "stun 1 …"
		cols.name = max(avail-reserve, min(longName, 6))
	}
	// The side stays while the flags keep a cell and their mark ("s…"):
	// the flags are cut first, with the mark (the panel has them in full).
	rest := avail - cols.name
	least := 0
	if longFlags > 0 {
		least = min(longFlags, 2) + 1
	}
	if side := min(longSide, 8); sided && rest >= side+1+least {
		cols.side = side
		rest -= side + 1
	}
	if longFlags > 0 && rest > 1 {
		cols.flags = min(longFlags, rest-1)
	}
	return cols
}

// orderCols are the widths of a row's columns that change with the pane's
// width: the name, the side (0: not shown) and the flags (0: none).
type orderCols struct{ name, side, flags int }

// row is one combatant's line: the actor's mark, its place, name, side, HP
// bar and numbers, then its flags.
func (p orderPane) row(enc *engine.Encounter, c *engine.Combatant, isActor bool, flags string, cols orderCols) string {
	w := p.width
	mark, name := "  ", pad(orderName(c), cols.name)
	rest := " "
	if cols.side > 0 {
		rest += pad(safe(c.Side), cols.side) + " "
	}
	nums := fmt.Sprintf(" %3d/%-3d", c.HP, c.MaxHP)
	tail := ""
	if cols.flags > 0 {
		tail = " " + pad(flags, cols.flags)
	}
	used := 2 + p.initWidth() + cols.name + width(rest) + 6 + width(nums) + width(tail)
	tail += strings.Repeat(" ", max(w-used, 0))
	if isActor {
		mark = "▶ "
	}
	if p.marks[c.ID] {
		mark = mark[:len(mark)-1] + "*"
	}
	plainInit := ""
	if p.initWidth() > 0 {
		plainInit = pad(p.initText(enc, c), 5) + " "
	}
	bar := strings.Repeat("█", barCells(c, 6)) + strings.Repeat("░", 6-barCells(c, 6))
	styled := ""
	if rs := p.fight().Rules; rs.Recorded() {
		// A wound record: how many wounds, and the penalty they make.
		bar, nums = pad(fmt.Sprintf("%d wd", len(c.Record)), 6), fmt.Sprintf(" %7s", fmt.Sprintf("pen %d", engine.Penalty(rs, c)))
		styled = bar
		if len(c.Record) > 0 {
			styled = p.st.Danger.Render(bar)
		}
	}
	switch {
	case c.ID == p.sel:
		return p.st.Selected.Render(truncate(mark+plainInit+name+rest+bar+nums+tail, w))
	case c.Out:
		return p.st.Dim.Render(truncate(mark+plainInit+name+rest+bar+nums+tail, w))
	}
	if isActor {
		mark, name = p.st.Actor.Render(mark), p.st.Actor.Render(name)
	}
	if styled == "" {
		styled = hpBar(&p.st, c, 6)
	}
	return truncate(mark+plainInit+name+rest+styled+nums+p.st.Muted.Render(tail), w)
}

// initWidth is the columns the Init column takes with its space: none
// where the ruleset keeps no order (Energy: anyone may act, and an
// Initiative roll is a contest, not a place), where it would say "-" of
// everyone.
func (p orderPane) initWidth() int {
	if p.fight().Rules.Order.Kind == rules.OrderNone {
		return 0
	}
	return 5 + 1
}

// initHead is the Init column's heading.
func (p orderPane) initHead() string {
	if p.initWidth() == 0 {
		return ""
	}
	return pad("Init", 5) + " "
}

// initText is initText(enc, c), kept with the state it was drawn from.
func (p orderPane) initText(enc *engine.Encounter, c *engine.Combatant) string {
	m := p.memo(enc)
	if m.inits == nil {
		m.inits = map[int]string{}
	}
	t, ok := m.inits[c.ID]
	if !ok {
		t = initText(enc, c)
		m.inits[c.ID] = t
	}
	return t
}

// initTexts keeps initText of each of cs not kept yet with the state,
// reading the round's entries once for them all rather than once each (a
// thousand entries for each row, at a thousand combatants).
func (p orderPane) initTexts(enc *engine.Encounter, cs []*engine.Combatant) {
	if p.initWidth() == 0 {
		return
	}
	m := p.memo(enc)
	if m.inits == nil {
		m.inits = map[int]string{}
	}
	var todo []*engine.Combatant
	for _, c := range cs {
		if _, ok := m.inits[c.ID]; !ok {
			todo = append(todo, c)
		}
	}
	for i, t := range placesOf(enc, todo) {
		m.inits[todo[i].ID] = t
	}
}

// placesOf is initText of each of cs, from one reading of the round's
// entries: the entries are looked up in a slice by their leader's ID when
// the IDs are small (as the engine gives them), else in a map.
func placesOf(enc *engine.Encounter, cs []*engine.Combatant) []string {
	if len(cs) == 0 {
		return nil
	}
	var leaders []*engine.Combatant // whose places cs go by (a group's place is its leader's)
	lead := make([]int, len(cs))    // each one's leader, in leaders
	most := 0
	for i, c := range cs {
		l := leaderOf(enc, c)
		if lead[i] = slices.Index(leaders, l); lead[i] < 0 {
			lead[i], leaders = len(leaders), append(leaders, l)
			most = max(most, l.ID)
		}
	}
	var small []int32 // index+1 in leaders, by ID
	var big map[int]int
	if most <= 1<<16 && !slices.ContainsFunc(leaders, func(l *engine.Combatant) bool { return l.ID < 0 }) {
		small = make([]int32, most+1)
		for k, l := range leaders {
			small[l.ID] = int32(k + 1)
		}
	} else {
		big = make(map[int]int, len(leaders))
		for k, l := range leaders {
			big[l.ID] = k + 1
		}
	}
	places := make([][]string, len(leaders))
	for _, e := range enc.Entries {
		k := 0
		if big != nil {
			k = big[e.Who]
		} else if e.Who >= 0 && e.Who < len(small) {
			k = int(small[e.Who])
		}
		if k == 0 {
			continue
		}
		v := itoa(e.Value)
		if e.Lost {
			v += "×"
		}
		places[k-1] = append(places[k-1], v)
	}
	out := make([]string, len(cs))
	for i := range cs {
		switch l, vals := leaders[lead[i]], places[lead[i]]; {
		case len(vals) > 0:
			out[i] = strings.Join(vals, "/")
		case l.HasInit:
			out[i] = itoa(l.Init)
		default:
			out[i] = "-"
		}
	}
	return out
}

// leaderOf is whose place in the order c goes by, as initText follows
// it: its leader's, or its leader's leader's, and so on.
func leaderOf(enc *engine.Encounter, c *engine.Combatant) *engine.Combatant {
	for range len(enc.Combatants) + 1 {
		l := engine.Leader(enc, c)
		if l == c {
			break
		}
		c = l
	}
	return c
}

// together are which of the shown combatants tie the one before or after
// them in this phase's order past every tie-break (BRP: they act at once).
func together(rs *rules.Ruleset, enc *engine.Encounter, shown []*engine.Combatant, m *stateMemo) map[int]bool {
	out := map[int]bool{}
	if enc.Status != engine.StatusRunning || len(shown) == 0 {
		return out
	}
	if m.tiedShown != nil && m.tiedFrom == shown[0].ID && m.tiedLen == len(shown) {
		return m.tiedShown // the same rows of the same state as the last frame
	}
	defer func() { m.tiedShown, m.tiedFrom, m.tiedLen = out, shown[0].ID, len(shown) }()
	// Only pairs with a row on the screen are asked about: each asking
	// looks both up in the fight, and asking of every pair made a frame of
	// 1,000 combatants take milliseconds. The phase's order and each
	// pair's answer are kept while the fight stays in this state.
	onScreen := shownSet(shown)
	if !m.has.seq {
		m.seq, m.has.seq, m.tied = engine.Sequence(rs, enc, enc.Phase), true, map[[2]int]bool{}
	}
	seq := m.seq
	for i := 1; i < len(seq); i++ {
		if !onScreen.has(seq[i-1].Who) && !onScreen.has(seq[i].Who) {
			continue
		}
		pair := [2]int{seq[i-1].Who, seq[i].Who}
		tied, ok := m.tied[pair]
		if !ok {
			tied = engine.Together(rs, enc, enc.Phase, seq[i-1], seq[i])
			m.tied[pair] = tied
		}
		if tied {
			out[seq[i-1].Who], out[seq[i].Who] = true, true
		}
	}
	return out
}

// idSet is a set of combatants' IDs: a slice by ID when they are small (as
// the engine gives them), else a map. The order's rows on the screen are
// looked up in it once for each place in the phase's order, a thousand a
// frame at a thousand combatants.
type idSet struct {
	small []bool
	big   map[int]bool
}

func shownSet(shown []*engine.Combatant) idSet {
	most := 0
	for _, c := range shown {
		if c.ID < 0 {
			most = -1
			break
		}
		most = max(most, c.ID)
	}
	var s idSet
	if most < 0 || most > 1<<16 {
		s.big = make(map[int]bool, len(shown))
	} else {
		s.small = make([]bool, most+1)
	}
	for _, c := range shown {
		if s.big != nil {
			s.big[c.ID] = true
		} else {
			s.small[c.ID] = true
		}
	}
	return s
}

func (s idSet) has(id int) bool {
	if s.big != nil {
		return s.big[id]
	}
	return id >= 0 && id < len(s.small) && s.small[id]
}

// flags is the short state of a combatant for its row, plain.
func (p orderPane) flags(c *engine.Combatant) string {
	var f []string
	if c.Hidden {
		f = append(f, "hidden")
	}
	rs := p.fight().Rules
	if id, dead := engine.Death(rs, c); dead {
		// Its death alone: a fatal wound, knocked out or prone beside it
		// say less than the truth (BRP l.537-543).
		return strings.Join(append(f, strings.ToLower(condName(rs, id))), " ")
	} else if c.Out {
		f = append(f, "down")
	}
	if s := shortState(rs, c); s != "" {
		f = append(f, s)
	}
	if fl := c.Flurry; fl != nil {
		// In a flurry: its number, and the actions left once it has begun.
		if fl.Rolled {
			f = append(f, fmt.Sprintf("fl%d:%da", fl.ID, fl.Left))
		} else {
			f = append(f, fmt.Sprintf("fl%d", fl.ID))
		}
	}
	if b := budget(rs, c, true); b != "" {
		f = append(f, b)
	}
	if c.Delaying != "" {
		f = append(f, "delaying")
	}
	return strings.Join(f, " ")
}
