package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/engine"
)

// View renders the whole screen, exactly width x height.
func (m Model) View() tea.View {
	var s string
	if m.screen == screenStart {
		s = fit(m.startView(), m.width, m.height)
	} else {
		s = fit(m.trackerView(), m.width, m.height)
	}
	if m.dlg != nil {
		box := m.dlg.view(m.st, m.width)
		x := max((m.width-lipgloss.Width(box))/2, 0)
		y := max((m.height-lipgloss.Height(box))/2-1, 1)
		s = overlay(s, box, x, y, m.width, m.height)
	}
	v := tea.NewView(s)
	v.AltScreen = true
	v.WindowTitle = "fray"
	return v
}

// overlay draws box over the screen s (w x h) with its top left corner at
// x, y; a box larger than the screen is cut at its edges. It splices lines
// rather than compositing cells: a dialog is open for most keys a GM types,
// and a cell canvas cost a millisecond a frame.
func overlay(s, box string, x, y, w, h int) string {
	lines := strings.Split(s, "\n")
	for i, bl := range strings.Split(box, "\n") {
		row := y + i
		if row >= len(lines) {
			break
		}
		bw := width(bl)
		left := ansi.Truncate(lines[row], x, "")
		if n := width(left); n < x {
			left += strings.Repeat(" ", x-n) // a wide rune cut in half
		}
		right := ansi.TruncateLeft(lines[row], x+bw, "")
		lines[row] = left + "\x1b[m" + bl + "\x1b[m" + right
	}
	return fit(strings.Join(lines, "\n"), w, h)
}

// fit pads or cuts s to exactly w x h cells.
func fit(s string, w, h int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = pad(l, w)
	}
	return strings.Join(lines, "\n")
}

// statusLine and helpLine end every screen.
func (m Model) bottom() string {
	status := strings.Repeat(" ", m.width)
	if m.status != "" {
		if m.statusErr {
			status = m.st.Error.Render(pad(m.status, m.width))
		} else {
			status = m.st.Status.Render(pad(m.status, m.width))
		}
	}
	return status + "\n" + truncate(m.help.View(m.hints()), m.width)
}

// hints are the keys of the mode the screen is in, for the help bar.
func (m Model) hints() help.KeyMap {
	switch m.mode() {
	case modeDialog:
		return dialogHelp{m.keys}
	case modeStart:
		return startHelp{m.keys}
	}
	return trackerHelp{m.keys}
}

// ---------------------------------------------------------------- start

func (m Model) startView() string {
	var b strings.Builder
	b.WriteString(m.st.Title.Render("fray") + m.st.Muted.Render("  a combat tracker for game masters") + "\n\n")
	for i, it := range m.menu {
		line := it.label
		if it.detail != "" {
			line += m.st.Muted.Render("  " + it.detail)
		}
		if i == m.menuAt {
			b.WriteString(m.st.Selected.Render("› "+line) + "\n")
		} else {
			b.WriteString("  " + line + "\n")
		}
	}
	if len(m.saves) > 0 {
		b.WriteString("\n" + m.st.Header.Render("Recent fights") + "\n")
		for i, s := range m.saves {
			if i == 6 {
				break
			}
			if s.Problem != "" {
				b.WriteString(m.st.Dim.Render(fmt.Sprintf("  %s: %s", s.Path, s.Problem)) + "\n")
				continue
			}
			b.WriteString(fmt.Sprintf("  %-28s %s\n", truncate(s.Name, 28),
				m.st.Muted.Render(fmt.Sprintf("%s, round %d, %s", s.Ruleset, s.Round, s.Changed.Format("Jan 2 15:04")))))
		}
	}
	top := strings.TrimRight(b.String(), "\n")
	gap := m.height - lipgloss.Height(top) - 2
	return top + strings.Repeat("\n", max(gap, 0)+1) + m.bottom()
}

// ---------------------------------------------------------------- tracker

func (m Model) logHeight() int { return min(max(m.height/4, 3), 12) }

func (m Model) trackerView() string {
	f := m.fight()
	enc := f.Current()
	logH := m.logHeight()
	bodyH := max(m.height-4-logH, 3)
	left := m.width - 30
	if m.width >= 120 {
		left = m.width * 58 / 100
	}
	left = max(left, min(m.width, 40))
	right := max(m.width-left-1, 0)

	order := m.orderPane(enc, left, bodyH)
	var panel []string
	if right >= 12 {
		panel = strings.Split(m.panel(enc, right), "\n")
	}
	sep := m.st.Muted.Render("│")
	lines := make([]string, 0, m.height)
	lines = append(lines, pad(m.header(enc), m.width))
	for i := range bodyH {
		l := ""
		if i < len(order) {
			l = order[i]
		}
		if right < 12 {
			lines = append(lines, pad(l, m.width))
			continue
		}
		if i >= len(order) {
			l = strings.Repeat(" ", left)
		}
		p := ""
		if i < len(panel) {
			p = panel[i]
		}
		lines = append(lines, l+sep+pad(p, right))
	}
	logTitle := "── Log "
	if m.logBack > 0 {
		logTitle += fmt.Sprintf("(%d back, ] to return) ", m.logBack)
	}
	lines = append(lines, m.st.Muted.Render(logTitle+strings.Repeat("─", max(m.width-width(logTitle), 0))))
	logLines := m.logPane(logH)
	for i := range logH {
		l := ""
		if i < len(logLines) {
			l = logLines[i]
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n") + "\n" + m.bottom()
}

func (m Model) header(enc *engine.Encounter) string {
	rs := m.fight().Rules
	parts := []string{m.st.Title.Render("fray"), m.st.Header.Render(m.sess.Name), rs.Name}
	if m.sess.ReadOnly {
		parts[0] += " " + m.st.Error.Render("[read-only]")
	}
	if m.tableDice {
		parts[0] += " " + m.st.Warn.Render("[table dice]")
	}
	switch enc.Status {
	case engine.StatusSetup:
		parts = append(parts, m.st.Warn.Render("setting up: a adds, n starts the fight"))
	case engine.StatusEnded:
		parts = append(parts, fmt.Sprintf("ended after round %d", enc.Round))
	default:
		parts = append(parts, fmt.Sprintf("Round %d", enc.Round))
		if phases := rs.RoundPhases(); len(phases) > 1 {
			parts = append(parts, phases[enc.Phase].Name)
		}
		if a := enc.Actor(); a != nil {
			where := ""
			if e := enc.Entry(enc.Cur); e != nil {
				where = " (" + itoa(e.Value) + ")"
				if rs.Order.Kind == engine.OrderRank || rs.Order.Kind == engine.OrderSegments {
					where = " (" + engine.CountName(rs, e.Value) + ")"
				}
			}
			parts = append(parts, m.st.Actor.Render(a.Name+" acts")+where)
		} else if rs.Order.Kind == engine.OrderNone {
			parts = append(parts, "anyone may act")
		}
	}
	return truncate(strings.Join(parts, m.st.Muted.Render(" · ")), m.width)
}

// rows are the combatants in the order shown: this round's order first,
// then anyone without a place in it, in the order they joined.
func (m Model) rows() []*engine.Combatant {
	enc := m.fight().Current()
	byID := make(map[int]*engine.Combatant, len(enc.Combatants))
	for i := range enc.Combatants {
		byID[enc.Combatants[i].ID] = &enc.Combatants[i]
	}
	out := make([]*engine.Combatant, 0, len(enc.Combatants))
	seen := make(map[int]bool, len(enc.Combatants))
	ids := enc.Order
	if len(enc.Entries) > 0 {
		ids = ids[:0:0]
		for _, e := range enc.Entries {
			ids = append(ids, e.Who)
		}
	}
	for _, id := range ids {
		if c := byID[id]; c != nil && !seen[id] {
			seen[id] = true
			out = append(out, c)
		}
	}
	for i := range enc.Combatants {
		if !seen[enc.Combatants[i].ID] {
			out = append(out, &enc.Combatants[i])
		}
	}
	return out
}

// initText is a combatant's place: its initiative, or every rank or segment
// it acts at this round.
func initText(enc *engine.Encounter, c *engine.Combatant) string {
	var vals []string
	for _, e := range enc.Entries {
		if e.Who == c.ID {
			v := itoa(e.Value)
			if e.Lost {
				v += "×"
			}
			vals = append(vals, v)
		}
	}
	if len(vals) > 0 {
		return strings.Join(vals, "/")
	}
	if c.HasInit {
		return itoa(c.Init)
	}
	return "-"
}

// barCells is how many of cells the HP bar fills (rounded up: a scratch
// never shows as empty).
func barCells(c *engine.Combatant, cells int) int {
	if c.MaxHP <= 0 || c.HP <= 0 {
		return 0
	}
	return min((c.HP*cells+c.MaxHP-1)/c.MaxHP, cells)
}

func (m Model) hpBar(c *engine.Combatant, cells int) string {
	full := barCells(c, cells)
	style := m.st.BarFull
	switch {
	case c.HP <= 0:
		style = m.st.Danger
	case c.HP*4 < c.MaxHP:
		style = m.st.Danger
	case c.HP*2 < c.MaxHP:
		style = m.st.Warn
	}
	return style.Render(strings.Repeat("█", full)) + m.st.BarEmpty.Render(strings.Repeat("░", cells-full))
}

func (m Model) orderPane(enc *engine.Encounter, w, h int) []string {
	rows := m.rows()
	if len(rows) == 0 {
		return []string{"", pad("  Nobody here yet: a adds combatants.", w)}
	}
	visible := h - 1
	selAt := 0
	for i, c := range rows {
		if c.ID == m.sel {
			selAt = i
		}
	}
	top := min(max(selAt-visible/2, 0), max(len(rows)-visible, 0))
	shown := rows[top:min(top+visible, len(rows))]
	flags := make([]string, len(shown))
	// mark 2, init 5, name, side 6, bar 6 and " 999/999", then the flags.
	// A narrow pane drops the side before it drops the budget.
	flagW := 0
	for i, c := range shown {
		flags[i] = m.flags(c)
		flagW = max(flagW, width(flags[i]))
	}
	flagW = min(flagW, max(14, w-2-5-1-1-14-24-7-1)) // room left by the widest name and side
	fixed := 2 + 5 + 1 + 1 + 14
	if flagW > 0 {
		fixed += flagW + 1
	}
	sideW := 0
	if w-fixed-7 >= 12 {
		sideW = 6
	}
	nameW := min(max(w-fixed-sideW-min(sideW, 1), 6), 24)
	headText := "  " + pad("Init", 5) + " " + pad("Name", nameW) + " "
	if sideW > 0 {
		headText += pad("Side", sideW) + " "
	}
	headText += m.fight().Rules.HP.Name
	if len(rows) > visible {
		headText = pad(headText, w-8) + fmt.Sprintf("%3d/%-3d", selAt+1, len(rows))
	}
	lines := []string{m.st.Muted.Render(pad(headText, w))}
	actor := enc.Actor()
	for i, c := range shown {
		isActor := actor != nil && c.ID == actor.ID
		mark, name := "  ", pad(c.Name, nameW)
		rest := " "
		if sideW > 0 {
			rest += pad(c.Side, sideW) + " "
		}
		nums := fmt.Sprintf(" %3d/%-3d", c.HP, c.MaxHP)
		tail := ""
		if flagW > 0 {
			tail = " " + pad(flags[i], flagW)
		}
		used := 2 + 5 + 1 + nameW + width(rest) + 6 + width(nums) + width(tail)
		tail += strings.Repeat(" ", max(w-used, 0))
		if isActor {
			mark = "▶ "
		}
		plainInit := pad(initText(enc, c), 5) + " "
		switch {
		case c.ID == m.sel:
			bar := strings.Repeat("█", barCells(c, 6)) + strings.Repeat("░", 6-barCells(c, 6))
			lines = append(lines, m.st.Selected.Render(truncate(mark+plainInit+name+rest+bar+nums+tail, w)))
		case c.Out:
			bar := strings.Repeat("█", barCells(c, 6)) + strings.Repeat("░", 6-barCells(c, 6))
			lines = append(lines, m.st.Dim.Render(truncate(mark+plainInit+name+rest+bar+nums+tail, w)))
		default:
			if isActor {
				mark, name = m.st.Actor.Render(mark), m.st.Actor.Render(name)
			}
			lines = append(lines, mark+plainInit+name+rest+m.hpBar(c, 6)+nums+m.st.Muted.Render(tail))
		}
	}
	return lines
}

// flags is the short state of a combatant for its row, plain.
func (m Model) flags(c *engine.Combatant) string {
	var f []string
	if c.Out {
		f = append(f, "down")
	}
	if s := m.shortState(c); s != "" {
		f = append(f, s)
	}
	if b := m.budget(c, true); b != "" {
		f = append(f, b)
	}
	if c.Delaying != "" {
		f = append(f, "delaying")
	}
	return strings.Join(f, " ")
}

// budget lists what is left of the pools: "Attack 1 · Move 1" or, short, "A1 M1".
func (m Model) budget(c *engine.Combatant, short bool) string {
	var parts []string
	for _, p := range m.fight().Rules.Pools {
		v, ok := c.Pools[p.ID]
		if !ok {
			continue
		}
		if short {
			parts = append(parts, fmt.Sprintf("%s%d", strings.ToUpper(p.ID[:1]), v))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d", p.Name, v))
		}
	}
	if short {
		return strings.Join(parts, " ")
	}
	return strings.Join(parts, " · ")
}

func (m Model) panel(enc *engine.Encounter, w int) string {
	c := enc.Combatant(m.sel)
	if c == nil {
		return ""
	}
	rs := m.fight().Rules
	var l []string
	title := m.st.Header.Render(c.Name)
	if c.Side != "" {
		title += m.st.Muted.Render(" · " + c.Side)
	}
	l = append(l, title)
	if a := enc.Actor(); a != nil && a.ID == c.ID {
		l = append(l, m.st.Actor.Render("acting now"))
	}
	l = append(l, fmt.Sprintf("%s %d/%d ", rs.HP.Name, c.HP, c.MaxHP)+m.hpBar(c, min(10, max(w-16, 3))))
	if c.Out {
		l = append(l, m.st.Danger.Render("down: out of the order"))
	}
	if t := initText(enc, c); t != "-" && rs.Order.Kind != engine.OrderNone {
		l = append(l, countWordTitle(rs)+" "+t)
	}
	if b := m.budget(c, false); b != "" {
		l = append(l, wrap(b, w))
	}
	if c.Delaying != "" {
		l = append(l, wrap("Delaying: "+c.Delaying, w))
	}
	l = append(l, m.stateLines(c, w)...)
	var stats []string
	for _, s := range rs.Stats {
		stats = append(stats, fmt.Sprintf("%s %d", s.ID, c.Stats[s.ID]))
	}
	if len(stats) > 0 {
		l = append(l, m.st.Muted.Render(wrap(strings.Join(stats, " · "), w)))
	}
	if c.Template != "" {
		l = append(l, m.st.Muted.Render("from "+c.Template))
	}
	if c.Notes != "" {
		l = append(l, wrap(c.Notes, w))
	}
	return strings.Join(l, "\n")
}

// stateLines say what stun, wounds, conditions and injuries mean for c now.
func (m Model) stateLines(c *engine.Combatant, w int) []string {
	rs := m.fight().Rules
	var l []string
	if total := engine.StunTotal(c); total > 0 {
		var counts []string
		for i, lv := range rs.Stun.Levels {
			n := 0
			if i < len(c.Stun) {
				n += c.Stun[i]
			}
			if i < len(c.StunHeld) {
				n += c.StunHeld[i]
			}
			if n > 0 {
				counts = append(counts, fmt.Sprintf("%s %d", lv.Name, n))
			}
		}
		l = append(l, m.st.Warn.Render(wrap(fmt.Sprintf("Stun %d: %s", total, strings.Join(counts, ", ")), w)))
		lvl, ignored := engine.StunNow(rs, c)
		switch {
		case lvl >= 0:
			lv := rs.Stun.Levels[lvl]
			s := fmt.Sprintf("Now %s: %s", lv.Name, lv.Summary)
			if lv.AttackerBonus > 0 {
				s += fmt.Sprintf(" Attackers +%d.", lv.AttackerBonus)
			}
			l = append(l, wrap(s, w))
		case ignored:
			l = append(l, wrap("Stun set aside this turn: acts normally", w))
		}
	}
	if n := engine.Bleeding(c); n > 0 || len(c.Wounds) > 0 {
		var ws []string
		for _, wd := range c.Wounds {
			s := itoa(wd.Rate)
			if wd.Treated {
				s += " (treated)"
			}
			ws = append(ws, s)
		}
		l = append(l, m.st.Danger.Render(wrap(fmt.Sprintf("Bleeding %d a round: wounds %s", n, strings.Join(ws, ", ")), w)))
		if engine.Restricted(c) && rs.Wounds.Restriction != "" {
			l = append(l, wrap(rs.Wounds.Restriction, w))
		}
	}
	for _, cond := range c.Conditions {
		d, _ := rs.Condition(cond.ID)
		s := d.Name
		switch {
		case cond.Left > 0:
			s += fmt.Sprintf(" (%d rd)", cond.Left)
		case cond.Parent != "":
			s += " (with " + m.condName(cond.Parent) + ")"
		}
		l = append(l, wrap(s+": "+d.Summary, w))
	}
	if p := engine.Penalty(rs, c); p != 0 {
		l = append(l, m.st.Warn.Render(fmt.Sprintf("Penalty %d", p)))
	}
	if band := engine.InjuryBand(rs, c); band != "" {
		l = append(l, wrap(band, w))
	}
	for _, in := range c.Injuries {
		l = append(l, wrap(fmt.Sprintf("Injury: %s (%d)", in.Text, in.Penalty), w))
	}
	if c.Ext != nil {
		if a, ok := rs.Action(c.Ext.Action); ok {
			l = append(l, fmt.Sprintf("Under way: %s %d/%d", a.Name, c.Ext.Paid, c.Ext.Total))
		}
	}
	return l
}

func (m Model) condName(id string) string {
	if d, ok := m.fight().Rules.Condition(id); ok {
		return d.Name
	}
	return id
}

// shortState is the row's note of stun, bleeding and conditions.
func (m Model) shortState(c *engine.Combatant) string {
	var f []string
	if n := engine.StunTotal(c); n > 0 {
		f = append(f, "stun "+itoa(n))
	}
	if n := engine.Bleeding(c); n > 0 {
		f = append(f, "bleed "+itoa(n))
	}
	for _, cond := range c.Conditions {
		if cond.Parent == "" {
			f = append(f, strings.ToLower(m.condName(cond.ID)))
		}
	}
	return strings.Join(f, " ")
}

func countWordTitle(rs *engine.Ruleset) string {
	w := countWord(rs)
	return strings.ToUpper(w[:1]) + w[1:]
}

// logPane shows the end of the log, h lines, logBack lines back.
func (m Model) logPane(h int) []string {
	events := lastEvents(m.fight(), h+m.logBack)
	if len(events) == 0 {
		return []string{m.st.Muted.Render(pad("  Nothing has happened yet.", m.width))}
	}
	end := max(len(events)-m.logBack, 0)
	start := max(end-h, 0)
	var lines []string
	for _, e := range events[start:end] {
		line := pad(e.Text, m.width)
		switch e.Kind {
		case engine.EvRound, engine.EvRoundUp, engine.EvStart, engine.EvEnd:
			line = m.st.Accent.Render(line)
		case engine.EvLost, engine.EvOut:
			line = m.st.Warn.Render(line)
		case engine.EvDamage:
			line = m.st.Danger.Render(line)
		}
		lines = append(lines, line)
	}
	return lines
}

// lastEvents returns the last n events of the log without building it all.
func lastEvents(f *engine.Fight, n int) []engine.Event {
	var chunks [][]engine.Event
	count := 0
	for i := len(f.Done) - 1; i >= 0 && count < n; i-- {
		chunks = append(chunks, f.Done[i].Events)
		count += len(f.Done[i].Events)
	}
	out := make([]engine.Event, 0, count)
	for i := len(chunks) - 1; i >= 0; i-- {
		out = append(out, chunks[i]...)
	}
	if len(out) > n {
		out = out[len(out)-n:]
	}
	return out
}
