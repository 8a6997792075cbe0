// Package playerview is the players' screen of a fight: what the GM lets
// them see, large and calm, for a TV at the table (fray watch) or a
// player's own terminal (fray serve). Render is a pure function of the
// fight and the GM's choices (engine's visibility: who is hidden, how each
// side's hit points show, which events are public); Model runs it as a
// Bubble Tea program fed by whoever follows the fight.
package playerview

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
	"fray/session"
)

// Screen is what Render draws from.
type Screen struct {
	Name  string // the fight's
	Rules *rules.Ruleset
	Enc   *engine.Encounter // nil: no fight yet (Note says why)
	Log   []engine.Event
	// Note is a line about the view itself: the GM's fray has gone, the
	// fight cannot be read.
	Note          string
	Width, Height int
	Styles        Styles
}

// Styles are the player view's few looks, from a small palette that reads
// on light and dark screens.
type Styles struct {
	Title, Now, Next, Label, Name, Muted, Down, Warn lipgloss.Style
}

// NewStyles returns the styles for a dark or light background; noColor
// keeps bold and faint only.
func NewStyles(dark, noColor bool) Styles {
	if noColor {
		b := lipgloss.NewStyle().Bold(true)
		p := lipgloss.NewStyle()
		return Styles{Title: b, Now: b.Reverse(true), Next: b, Label: p, Name: p, Muted: p.Faint(true), Down: p.Faint(true), Warn: b}
	}
	ld := lipgloss.LightDark(dark)
	accent := ld(lipgloss.Color("#8a4b00"), lipgloss.Color("#ffb454"))
	calm := ld(lipgloss.Color("#1f5f8b"), lipgloss.Color("#7fc8f8"))
	muted := ld(lipgloss.Color("#666666"), lipgloss.Color("#8a8a8a"))
	warn := ld(lipgloss.Color("#a00000"), lipgloss.Color("#ff6b6b"))
	b := lipgloss.NewStyle().Bold(true)
	return Styles{
		Title: b.Foreground(calm), Now: b.Foreground(accent), Next: b.Foreground(calm),
		Label: lipgloss.NewStyle().Foreground(muted), Name: lipgloss.NewStyle(),
		Muted: lipgloss.NewStyle().Foreground(muted), Down: lipgloss.NewStyle().Foreground(muted).Strikethrough(true),
		Warn: b.Foreground(warn),
	}
}

// Render draws the players' screen, exactly Width x Height cells at most.
func Render(s Screen) string {
	w, h := max(s.Width, 20), max(s.Height, 5)
	st := s.Styles
	var top []string
	top = append(top, fit(st.Title.Render(session.Safe(s.Name))+"  "+st.Label.Render(where(s)), w))
	if s.Note != "" {
		top = append(top, fit(st.Warn.Render(session.Safe(s.Note)), w))
	}
	top = append(top, "")
	if s.Enc == nil {
		return strings.Join(top, "\n")
	}
	turn := engine.PublicTurn(s.Rules, s.Enc)
	if s.Enc.Status == engine.StatusRunning {
		top = append(top, fit(nowNext(s, turn), w), "")
	}
	order := orderRows(s, turn, w)
	meanings := meaningRows(s, w)
	log := logRows(s, turn, w, h)
	// The order first, then what conditions mean, then the log, each cut
	// to what is left (the log keeps its newest lines).
	room := h - len(top)
	order = order[:min(len(order), max(room-4, room/2))]
	if len(order) > 0 && room-2*len(order) >= 12 {
		// Room to spare: a line between rows, easier read from afar.
		spaced := make([]string, 0, 2*len(order))
		for _, r := range order {
			spaced = append(spaced, r, "")
		}
		order = spaced[:len(spaced)-1]
	}
	room -= len(order)
	if len(meanings) > 0 && room > 4 {
		meanings = meanings[:min(len(meanings), (room-2)/2)]
		meanings = append([]string{""}, meanings...)
	} else {
		meanings = nil
	}
	room -= len(meanings)
	if room >= 3 && len(log) > 0 {
		log = log[max(0, len(log)-(room-2)):]
		log = append([]string{"", fit(st.Label.Render("What happened"), w)}, log...)
	} else {
		log = nil
	}
	lines := slices.Concat(top, order, meanings, log)
	return strings.Join(lines[:min(len(lines), h)], "\n")
}

// where is the round, the phase, the count and the time in the fight.
func where(s Screen) string {
	enc, rs := s.Enc, s.Rules
	if enc == nil {
		return ""
	}
	switch enc.Status {
	case engine.StatusSetup:
		return "the fight is about to begin"
	case engine.StatusEnded:
		return fmt.Sprintf("the fight has ended, after round %d", enc.Round)
	}
	turn := engine.PublicTurn(rs, enc)
	if turn.Round == 0 {
		return "the fight is about to begin"
	}
	parts := []string{fmt.Sprintf("Round %d", turn.Round)}
	if phases := rs.RoundPhases(); len(phases) > 1 && turn.Phase < len(phases) {
		parts = append(parts, session.Safe(phases[turn.Phase].Name))
	}
	if phases := rs.RoundPhases(); turn.Now.Who != 0 && turn.Phase < len(phases) && phases[turn.Phase].Order == rules.PhaseStat {
		// A phase counted by a stat (BRP's powers by INT) names its count
		// as the GM's header does, not the DEX rank of the order.
		v, _ := engine.StatRank(rs, enc, turn.Phase, turn.Now.Who)
		parts = append(parts, fmt.Sprintf("%s %d", session.Safe(phases[turn.Phase].Stat), v))
	} else if turn.Now.Who != 0 && (rs.Order.Kind == rules.OrderRank || rs.Order.Kind == rules.OrderSegments) {
		parts = append(parts, narrate.Count(rs, turn.Value))
	}
	if t := narrate.FightTime(rs, turn.Round); t != "" {
		parts = append(parts, t+" into the fight")
	}
	return strings.Join(parts, " · ")
}

func nowNext(s Screen, turn engine.Turn) string {
	st := s.Styles
	// A group's turn is named by the first of it the players see act, and
	// how many more act with it.
	name := func(cs []*engine.Combatant) string {
		switch len(cs) {
		case 0:
			return "—"
		case 1:
			return session.Safe(cs[0].Name)
		}
		return fmt.Sprintf("%s and %d more", session.Safe(cs[0].Name), len(cs)-1)
	}
	if s.Rules.Order.Kind == rules.OrderNone {
		return st.Now.Render("Anyone may act")
	}
	next := st.Label.Render("Next up  ") + st.Next.Render(name(turn.Upcoming))
	if turn.Round == 0 {
		return next
	}
	return st.Label.Render("Now  ") + st.Now.Render(name(turn.Acting)) + "     " + next
}

// orderRows are the visible combatants in the order, each with what the
// players may see of it: a group as the GM's order has it, its members
// under the first of it they see ("+" before each), those hidden left out.
func orderRows(s Screen, turn engine.Turn, w int) []string {
	enc, rs, st := s.Enc, s.Rules, s.Styles
	var refs []engine.Ref
	// The order as the players may read it: a foe's statement the GM
	// keeps neither moves it nor takes it out (BRP l.21-25).
	for _, e := range engine.PublicEntries(rs, enc) {
		refs = append(refs, e.Ref())
	}
	if len(refs) == 0 || rs.Order.Kind == rules.OrderNone {
		refs = refs[:0]
		for _, c := range enc.Combatants {
			if c.Group == 0 || c.Group == c.ID || enc.Combatant(c.Group) == nil {
				refs = append(refs, engine.Ref{Who: c.ID})
			}
		}
		if enc.Status == engine.StatusRunning {
			// Not rolled yet this round (War & Combat's shock phase): in
			// the order of the initiative each rolled last.
			slices.SortStableFunc(refs, func(a, b engine.Ref) int { return enc.Combatant(b.Who).Init - enc.Combatant(a.Who).Init })
		}
	}
	several := rs.Order.Kind == rules.OrderRank || rs.Order.Kind == rules.OrderSegments
	type row struct {
		r     engine.Ref
		i     int // its place in its group as the players see it (0: first)
		x     *engine.Combatant
		label string
	}
	var list []row
	nameW := 8
	for _, r := range refs {
		c := enc.Combatant(r.Who)
		if c == nil {
			continue
		}
		for i, x := range engine.PublicGroup(enc, c) {
			label := session.Safe(x.Name)
			if i > 0 {
				label = "+ " + label
			}
			nameW = max(nameW, min(ansi.StringWidth(label), 24))
			list = append(list, row{r, i, x, label})
		}
	}
	acting := map[int]bool{}
	for _, c := range turn.Acting {
		acting[c.ID] = true
	}
	// The mark stands at the first of those acting now.
	marked := 0
	if len(turn.Acting) > 0 {
		marked = turn.Acting[0].ID
	}
	var rows []string
	for _, it := range list {
		r, i, x := it.r, it.i, it.x
		now := r == turn.Now && enc.Status == engine.StatusRunning
		mark := "  "
		if now && x.ID == marked {
			mark = st.Now.Render("▶ ")
		}
		place := ""
		if several {
			place = "      "
			// A foe's initiative is its roll's, the GM's: so is a number one
			// took from a foe as it moved past it, or a foe-led group's.
			l := engine.Leader(enc, x)
			if e := enc.Entry(r); e != nil && i == 0 && !e.Taken && !l.InitTaken && engine.RollShown(enc, l.ID) {
				place = fmt.Sprintf("%4d  ", e.Value)
			}
		}
		name := pad(it.label, nameW)
		_, dead := engine.Death(rs, x)
		switch {
		case x.Out || dead:
			name = st.Down.Render(name)
		case now && acting[x.ID]:
			name = st.Now.Render(name)
		default:
			name = st.Name.Render(name)
		}
		hp := hpText(rs, enc, x)
		held := states(rs, x)
		if dead && len(held) == 1 && strings.EqualFold(held[0], hp) {
			held = nil // "dead" said once
		}
		rows = append(rows, fit(mark+place+name+"  "+pad(hp, 12)+"  "+st.Muted.Render(strings.Join(held, ", ")), w))
	}
	return rows
}

// hpText is a combatant's hit points as its side shows them.
func hpText(rs *rules.Ruleset, enc *engine.Encounter, c *engine.Combatant) string {
	return narrate.HP(rs, engine.HPShowOf(rs, enc, c.Side), c)
}

// states are the conditions and stun a combatant holds, by name: of the
// dead, their death alone (a fatal wound or knocked out beside it says
// less than the truth).
func states(rs *rules.Ruleset, c *engine.Combatant) []string {
	if id, dead := engine.Death(rs, c); dead {
		if d, ok := rs.Condition(id); ok {
			return []string{session.Safe(d.Name)}
		}
	}
	var out []string
	if lv, ok := stunLevel(rs, c); ok {
		out = append(out, session.Safe(lv.Name))
	}
	for _, cd := range c.Conditions {
		if d, ok := rs.Condition(cd.ID); ok {
			out = append(out, session.Safe(d.Name))
		}
	}
	return out
}

// stunLevel is the worst level of the stun ladder a combatant holds.
func stunLevel(rs *rules.Ruleset, c *engine.Combatant) (rules.StunLevel, bool) {
	for i, n := range c.Stun {
		if n > 0 && i < len(rs.Stun.Levels) {
			return rs.Stun.Levels[i], true
		}
	}
	return rules.StunLevel{}, false
}

// meaningRows say what each condition a visible combatant holds means, as
// the ruleset describes it, once each.
func meaningRows(s Screen, w int) []string {
	rs, st := s.Rules, s.Styles
	seen := map[string]bool{}
	var rows []string
	add := func(name, summary string) {
		if summary == "" || seen[name] {
			return
		}
		seen[name] = true
		text := ansi.Wordwrap(session.Safe(name)+": "+session.Safe(summary), w-2, " ")
		for i, l := range strings.Split(text, "\n") {
			if i == 0 {
				rows = append(rows, st.Label.Render(l))
			} else {
				rows = append(rows, st.Label.Render("  "+l))
			}
		}
	}
	for _, c := range s.Enc.Combatants {
		if !engine.Visible(c) {
			continue
		}
		if id, dead := engine.Death(rs, c); dead {
			if d, ok := rs.Condition(id); ok {
				add(d.Name, d.Summary) // its row says its death alone
			}
			continue
		}
		if lv, ok := stunLevel(rs, c); ok {
			add(lv.Name, lv.Summary)
		}
		for _, cd := range c.Conditions {
			if d, ok := rs.Condition(cd.ID); ok {
				add(d.Name, d.Summary)
			}
		}
	}
	return rows
}

// logRows are the public log's lines, oldest first, each cut to the width.
// While the players are shown an earlier round than the fight's (a hidden
// one opens it), the lines that say a round ended or began are held back.
// Only the newest n are read: a long fight costs a viewer no more.
func logRows(s Screen, turn engine.Turn, w, n int) []string {
	early := turn.Round < s.Enc.Round && s.Enc.Status == engine.StatusRunning
	var rows []string
	for i := len(s.Log) - 1; i >= 0 && len(rows) < n; i-- {
		ev := s.Log[i]
		if early && roundLine(ev) && (ev.Round > turn.Round || ev.Kind == engine.EvRoundUp) {
			continue
		}
		if text, ok := narrate.Public(s.Rules, s.Enc, ev); ok {
			rows = append(rows, fit(session.Safe(text), w))
		}
	}
	slices.Reverse(rows)
	return rows
}

// fit cuts a (possibly styled) line to w cells.
func fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

func pad(s string, w int) string {
	s = fit(s, w)
	if n := ansi.StringWidth(s); n < w {
		s += strings.Repeat(" ", w-n)
	}
	return s
}

// roundLine reports whether an event tells of the round's course: a round
// begun or ended, a phase, a new order.
func roundLine(ev engine.Event) bool {
	switch ev.Kind {
	case engine.EvRound, engine.EvRoundUp, engine.EvPhase, engine.EvOrder:
		return true
	}
	return false
}
