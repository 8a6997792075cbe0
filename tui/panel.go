package tui

import (
	"fmt"
	"strings"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
)

// panelPane tells all about the selected combatant: hit points, place,
// budget, and what its stun, wounds, conditions and injuries mean now.
type panelPane struct {
	*common
	width, height int
	sel           int       // the order pane's selection, handed over as the root draws
	book          bookState // the book lines, handed over likewise
	// underDialog: a dialog is open over the panel (handed over likewise),
	// and the keys typed in it change the dialog, not the fight.
	underDialog bool
}

func (p *panelPane) SetSize(w, h int) { p.width, p.height = w, h }

// View draws what there is to say of the selected combatant, cut at the
// pane's height.
//
// Under a dialog it is drawn once for the state of the fight, the
// selection and the size, and kept while they stay (a state never changes
// once made), unless the book lines are on: it is most of what a key
// typed in a dialog draws.
func (p panelPane) View() string {
	enc := p.fight().Current()
	if !p.underDialog || p.book.on || len(enc.Combatants) == 0 {
		return p.draw(enc)
	}
	return p.memo(enc).panel.get(panelKey{sel: p.sel, width: p.width, height: p.height}, func() string { return p.draw(enc) })
}

// panelKey is what the panel is drawn from besides the state.
type panelKey struct{ sel, width, height int }

func (p panelPane) draw(enc *engine.Encounter) string {
	c := enc.Combatant(p.sel)
	if c == nil {
		return ""
	}
	rs, w := p.fight().Rules, p.width
	var l []string
	title := p.st.Header.Render(safe(c.Name))
	if c.Side != "" {
		title += p.st.Muted.Render(" · " + safe(c.Side))
	}
	l = append(l, title)
	if a := enc.Actor(); a != nil && a.ID == c.ID {
		l = append(l, p.st.Actor.Render("acting now"))
	}
	if c.HiddenToTurn {
		l = append(l, p.st.Warn.Render(wrap("Hidden from the players until its first turn (H shows it)", w)))
	} else if c.Hidden {
		l = append(l, p.st.Warn.Render(wrap("Hidden from the players (H shows it)", w)))
	}
	if rs.Recorded() {
		l = append(l, p.recordLines(c)...)
	} else {
		l = append(l, fmt.Sprintf("%s %d/%d ", rs.HP.Name, c.HP, c.MaxHP)+hpBar(&p.st, c, min(10, max(w-16, 3))))
		if rs.HP.LocationsOn {
			l = append(l, wrap(narrate.Locations(rs, c), w))
		}
		if c.Nonlethal > 0 {
			l = append(l, wrap(fmt.Sprintf("Non-lethal %d (out while more than the %s left)", c.Nonlethal, rs.HP.Name), w))
		}
	}
	if f := c.Flurry; f != nil {
		l = append(l, wrap(flurryText(enc, c), w))
	}
	if id, dead := engine.Death(rs, c); dead {
		l = append(l, p.st.Danger.Render(condName(rs, id)+": out of the fight"))
	} else if c.Out {
		l = append(l, p.st.Danger.Render("down: out of the order"))
	}
	if t := initText(enc, c); t != "-" && rs.Order.Kind != rules.OrderNone {
		l = append(l, countWordTitle(rs)+" "+t)
	}
	if mv := narrate.Movement(rs, enc, c); mv != "" && enc.Status == engine.StatusRunning {
		l = append(l, wrap(mv, w))
	}
	if b := budget(rs, c, false); b != "" {
		l = append(l, wrap(b, w))
	}
	if len(c.Shares) > 0 && rs.Order.Split != "" {
		with := ""
		if c.SplitWith != "" {
			with = ", with the " + c.SplitWith
		}
		l = append(l, wrap(fmt.Sprintf("%s split this round: %s%s", rs.Order.Split, engine.SharesText(c.Shares), with), w))
	}
	if c.WaitOn {
		l = append(l, wrap("Waiting: its Wait lasts until it acts", w))
	}
	if c.Delaying != "" {
		l = append(l, wrap("Delaying: "+safe(c.Delaying), w))
	}
	if melee, ranged, from := engine.AttackerBonus(rs, c); len(from) > 0 {
		var why []string
		for _, b := range from {
			why = append(why, b.From)
		}
		sum := fmt.Sprintf("Attackers %+d", melee)
		if melee != ranged {
			sum = fmt.Sprintf("Attackers: melee %+d, ranged %+d", melee, ranged)
		}
		l = append(l, p.st.Danger.Render(wrap(sum+" ("+strings.Join(why, ", ")+")", w)))
	}
	if g := guardLine(rs, c); g != "" {
		l = append(l, wrap(g, w))
	}
	l = append(l, p.stateLines(c)...)
	l = append(l, gearLines(rs, enc, c, w)...)
	if stats := statLine(rs, c); stats != "" {
		l = append(l, p.st.Muted.Render(wrap(stats, w)))
	}
	if c.Template != "" {
		l = append(l, p.st.Muted.Render("from "+safe(c.Template)))
	}
	if c.Notes != "" {
		l = append(l, wrap(safeLines(c.Notes), w))
	}
	return p.cut(strings.Join(l, "\n"))
}

// guardLine is the combatant's defence parts as they stand ([guard]):
// "Dodge 15 · Shield 20 · Parry 40 (2nd at 50%) · as after Attack - Melee".
func guardLine(rs *rules.Ruleset, c *engine.Combatant) string {
	g := rs.Guard
	if !g.Set() {
		return ""
	}
	var parts []string
	if g.Dodge != "" {
		parts = append(parts, fmt.Sprintf("Dodge %d", engine.StatNow(rs, c, g.Dodge)))
	}
	if g.Shield != "" && c.Stats[g.Shield] != 0 {
		sh := fmt.Sprintf("Shield %d", engine.StatNow(rs, c, g.Shield))
		if by := engine.ShieldLost(rs, c); by != "" {
			sh = "no Shield (" + by + ")"
		}
		parts = append(parts, sh)
	}
	if g.ParryFrom != "" && c.Allotted > 0 {
		pa := fmt.Sprintf("Parry %d", engine.ParryNow(rs, c))
		if lim, by := engine.ParryLimit(rs, c); lim == rules.GuardNone {
			pa = "no Parry (" + by + ")"
		} else if by != "" {
			pa += " (" + lim + ": " + by + ")"
		}
		if c.Parries > 0 {
			next := "next"
			if g.ParryByFoe {
				next = "a new foe"
			}
			pa += fmt.Sprintf(", %s at %d%%", next, engine.NextShare(rs, c))
		}
		parts = append(parts, pa)
	}
	if a, ok := rs.Action(c.Stance); ok && a.Guards() {
		parts = append(parts, "as after "+a.Name)
	}
	return strings.Join(parts, " · ")
}

// statLine is the combatant's stats as the round has them ("QU 5 · DB
// 10"), a capped one with what it stands for ("defense 11 (of 23)").
func statLine(rs *rules.Ruleset, c *engine.Combatant) string {
	var stats []string
	for _, s := range rs.Stats {
		// As the round has them: with what was declared.
		v := engine.StatNow(rs, c, s.ID)
		if capped, ok := engine.CappedStat(rs, c, s.ID); ok && capped == v {
			// Capped by a condition (stunned: Defense halved): the value
			// that counts, and the one it stands for.
			full := c.Stats[s.ID] + engine.DeclaredStat(rs, c, s.ID) + engine.StuckStat(rs, c, s.ID) + engine.WornArmor(rs, c, s.ID)
			if s.ID == rs.HP.Armor {
				full -= c.ArmorLost
			}
			if full > v {
				stats = append(stats, s.ID+" "+itoa(v)+" (of "+itoa(full)+")")
				continue
			}
		}
		stats = append(stats, s.ID+" "+itoa(v)) // a line of thirty, at every step: not fmt's
	}
	return strings.Join(stats, " · ")
}

// cut keeps what fits the pane's height; when something is left out, the
// last line says how much, so nothing is hidden without a mark.
func (p panelPane) cut(s string) string {
	lines := strings.Split(s, "\n") // wrapped text is several lines
	if len(lines) <= p.height || p.height < 1 {
		return firstLines(s, p.height)
	}
	keep := lines[:p.height-1]
	more := len(lines) - len(keep)
	return strings.Join(keep,
		"\n") + "\n" + p.st.Warn.Render(pad(fmt.Sprintf("▼ %d more %s", more, plural(more, "line", "lines")), p.width))
}

// stateLines say what stun, wounds, conditions and injuries mean for c now.
func (p panelPane) stateLines(c *engine.Combatant) []string {
	rs, w := p.fight().Rules, p.width
	var l []string
	if c.StunTotal() > 0 {
		l = append(l, p.stunLines(c)...)
		l = append(l, p.bookLine(stunElement(rs, c))...)
	}
	if n := c.Bleeding(); n > 0 || len(c.Wounds) > 0 {
		var ws []string
		for _, wd := range c.Wounds {
			s := itoa(wd.Rate)
			if wd.Treated {
				s += " (treated)"
			}
			ws = append(ws, s)
		}
		l = append(l, p.st.Danger.Render(wrap(fmt.Sprintf("Bleeding %d a round: wounds %s", n, strings.Join(ws, ", ")), w)))
		if c.Restricted() && rs.Wounds.Restriction != "" {
			l = append(l, wrap(rs.Wounds.Restriction, w))
		}
	}
	if items := harmItems(c); len(items) > 0 {
		var ws []string
		for _, it := range items {
			ws = append(ws, fmt.Sprintf("%d) %s", it.value, it.detail))
		}
		l = append(l, wrap("Wounds: "+strings.Join(ws, " · "), w))
	}
	if last, ok := engine.Deadline(rs, c); ok {
		l = append(l,
			p.st.Danger.Render(wrap(fmt.Sprintf("Dies at the end of round %d unless healed above %d %s", last, rs.HP.OutAt, rs.HP.Name),
				w)))
	}
	for _, cond := range deadFirst(rs, c) {
		d, _ := rs.Condition(cond.ID)
		s := d.Name
		switch {
		case cond.Left > 0:
			s += fmt.Sprintf(" (%d %s left)", cond.Left, plural(cond.Left, "round", "rounds"))
		case len(cond.Parents) > 0:
			names := make([]string, len(cond.Parents))
			for i, p := range cond.Parents {
				names[i] = condName(rs, p)
			}
			s += " (with " + strings.Join(names, ", ") + ")"
		}
		if by := givenBy(p.fight().Current(), cond); by != "" {
			s += " by " + by // whose blows gave it: an entangle's whips
		}
		l = append(l, wrap(s+": "+d.Summary, w))
		l = append(l, p.bookLine("conditions["+cond.ID+"]")...)
	}
	for _, st := range c.Stuck {
		if ms, ok := rs.Missile(st.ID); ok {
			l = append(l, p.st.Danger.Render(wrap("Stuck "+ms.Name+": "+narrate.Stuck(rs, st), w)))
			l = append(l, p.bookLine("missiles["+st.ID+"]")...)
		}
	}
	if x := c.Casting; x != nil && x.Concentrated {
		l = append(l, p.st.Warn.Render(wrap(safe(narrate.Prep(rs, c)), w)))
	} else if x != nil {
		when := "goes off at " + narrate.Count(rs, x.Off)
		if x.Carried {
			round := "next round"
			if x.Round != 0 && x.Round <= p.fight().Current().Round {
				round = "this round" // carried into it; its initiative takes it up
			}
			when = "begins " + round + " at " + narrate.Count(rs, rs.Spells.CarryTo) + ", goes off at " + itoa(x.Off)
		}
		if x.Held {
			when = "begins at " + narrate.Count(rs, x.Begins()) + ", goes off at " + narrate.Count(rs, x.Off)
			if m := narrate.Held(rs, c); m != "" {
				when += "; " + m + " from then"
			}
		}
		if m := narrate.Casting(rs, c); m != "" {
			when += "; " + m + " meanwhile"
		}
		l = append(l, p.st.Warn.Render(wrap("Casting "+x.Spell+": "+when, w)))
	}
	for _, x := range c.Declared {
		l = append(l, wrap("Declared: "+narrate.Declared(rs, c, x), w))
		l = append(l, p.bookLine("declarations["+x.ID+"]")...)
	}
	if pen := engine.Penalty(rs, c); pen != 0 {
		l = append(l, p.st.Warn.Render(fmt.Sprintf("Penalty %d", pen)))
	}
	if band := engine.InjuryBand(rs, c); band != "" {
		l = append(l, wrap(band, w))
		l = append(l, p.bookLine("thresholds")...)
	}
	for _, in := range c.Injuries {
		s := fmt.Sprintf("Injury: %s (%d)", safe(in.Text), in.Penalty)
		if in.Braced != 0 {
			s = fmt.Sprintf("Injury: %s (%d, braced to %d)", safe(in.Text), in.Penalty, in.Now())
		}
		l = append(l, wrap(s, w))
	}
	return append(l, p.aidLines(c)...)
}

// aidLines say what c has under way (First Aid: on whom, and what) and who
// is giving c First Aid.
func (p panelPane) aidLines(c *engine.Combatant) []string {
	rs, enc, w := p.fight().Rules, p.fight().Current(), p.width
	var l []string
	if c.Ext != nil {
		if a, ok := rs.Action(c.Ext.Action); ok {
			name := a.Name
			if c.Ext.Treat != "" {
				name += " on " + safe(narrate.Aim(enc, c.Ext))
			}
			l = append(l, wrap(fmt.Sprintf("Under way: %s %d/%d", name, c.Ext.Paid, c.Ext.Total), w))
		}
	}
	for i := range enc.Combatants {
		h := enc.Combatants[i]
		if h.Ext != nil && h.Ext.Treat != "" && h.Ext.Patient == c.ID && h.ID != c.ID {
			l = append(l,
				wrap(fmt.Sprintf("First Aid from %s: %s %d/%d", safe(h.Name), safe(narrate.Aim(enc, h.Ext)), h.Ext.Paid, h.Ext.Total), w))
		}
	}
	return l
}

// stunLines count c's stun by level and say what the level it is at allows.
func (p panelPane) stunLines(c *engine.Combatant) []string {
	rs, w := p.fight().Rules, p.width
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
	l := []string{p.st.Warn.Render(wrap(fmt.Sprintf("Stun %d: %s", c.StunTotal(), strings.Join(counts, ", ")), w))}
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
	return l
}

// recordLines show a wound record: the penalty, then each location's
// wounds, worst first (only the worst counts).
func (p panelPane) recordLines(c *engine.Combatant) []string {
	rs := p.fight().Rules
	if len(c.Record) == 0 {
		return []string{"Wounds: none"}
	}
	l := []string{p.st.Danger.Render(fmt.Sprintf("Wounds: penalty %d", engine.Penalty(rs, c)))}
	for _, worst := range engine.WorstAt(rs, c) {
		loc, _ := rs.Location(worst.Location)
		var sevs []string
		for i := len(rs.Vitality.Severities) - 1; i >= 0; i-- {
			sv := rs.Vitality.Severities[i]
			for _, w := range c.Record {
				if w.Location == worst.Location && w.Severity == sv.ID {
					s := strings.ToLower(sv.Name)
					if w.Penetrating {
						s += " (" + narrate.WoundKind(rs, true, w.Kind) + ")"
					}
					sevs = append(sevs, s)
				}
			}
		}
		top, _ := rs.Severity(worst.Severity)
		l = append(l, wrap(fmt.Sprintf(" %s %d: %s", loc.Name, top.Penalty, strings.Join(sevs, ", ")), p.width))
	}
	return l
}

// flurryText says where a fighter stands in its flurry.
func flurryText(enc *engine.Encounter, c *engine.Combatant) string {
	f := c.Flurry
	var foes []string
	for _, x := range engine.FlurryFighters(enc, f.ID) {
		if x.ID != c.ID {
			foes = append(foes, safe(x.Name))
		}
	}
	if !f.Rolled {
		return fmt.Sprintf("Flurry %d vs %s: begins in the flurry phase", f.ID, strings.Join(foes, ", "))
	}
	return fmt.Sprintf("Flurry %d vs %s: initiative %d, %d action%s left", f.ID, strings.Join(foes, ", "), f.Init, f.Left,
		map[bool]string{true: "", false: "s"}[f.Left == 1])
}

// givenBy names those whose blows gave the condition and hold it (BRP: the
// whips that entangle), "" for one given otherwise.
func givenBy(enc *engine.Encounter, cond engine.Condition) string {
	var names []string
	for _, id := range append([]int{cond.By}, cond.Also...) {
		if x := enc.Combatant(id); id != 0 && x != nil {
			names = append(names, safe(x.Name))
		}
	}
	return strings.Join(names, ", ")
}
