package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/narrate"
)

// Formats are the formats Write knows.
var Formats = []string{"md", "txt", "json"}

// Write writes the record of f named name in format ("md", "txt" or
// "json").
func Write(w io.Writer, name string, f *engine.Fight, format string, opt Options) error {
	es, final, note := record(f, opt.Keep)
	if opt.Player {
		es = forPlayers(f.Rules, es, &final)
	}
	if format == "json" {
		return writeJSON(w, es, note)
	}
	var st style
	switch format {
	case "md", "":
		st = markdown{}
	case "txt":
		st = plain{}
	default:
		return fmt.Errorf("no format %q: md, txt or json", format)
	}
	var b strings.Builder
	document(&b, st, name, f, es, &final, note, opt.Player)
	_, err := io.WriteString(w, b.String())
	return err
}

// style is how a document is marked up: Markdown or plain text.
type style interface {
	heading(b *strings.Builder, level int, text string)
	item(b *strings.Builder, text string)
	// itemBy is an item of what someone did: their name stands out.
	itemBy(b *strings.Builder, who, text string)
	// sub is an item under the item before it.
	sub(b *strings.Builder, text string)
	table(b *strings.Builder, head []string, rows [][]string)
}

// document writes the record: the combatants, a part for each round with
// a line for each turn, who went down and when, and a summary.
func document(b *strings.Builder, st style, name string, f *engine.Fight, es []entry, final *engine.Encounter, note string, player bool) {
	rs := f.Rules
	st.heading(b, 1, name)
	fmt.Fprintf(b, "%s: %s.\n\n", rs.Name, statusText(final))
	st.heading(b, 2, "Combatants")
	who := byOrder(final)
	if player {
		who = visible(who)
	}
	var rows [][]string
	for _, c := range who {
		init := "-"
		switch l := final.Combatant(c.Group); {
		case player && (!engine.RollShown(final, engine.Leader(final, c).ID) || engine.Leader(final, c).InitTaken):
			// A foe's initiative is its roll: the players read its place;
			// so is one taken from a foe as the GM moved one past it.
		case c.HasInit:
			init = fmt.Sprint(c.Init)
		case l != nil && l.ID != c.ID && l.HasInit:
			init = fmt.Sprint(l.Init) // a group's member acts on its leader's
		}
		show, end := rules.HPExact, state(rs, c)
		if player {
			show, end = engine.HPShowOf(rs, final, c.Side), playerState(rs, c)
		}
		rows = append(rows, []string{c.Name, c.Side, init, narrate.HP(rs, show, c), end})
	}
	st.table(b, []string{"Combatant", "Side", "Initiative", rs.HP.Name, "At the end"}, rows)
	turns(b, st, rs, es)
	t := tallies(es)
	st.heading(b, 2, "Who went down")
	downs := 0
	for _, c := range who {
		if x := t[c.ID]; x != nil && len(x.down) > 0 {
			st.item(b, c.Name+": "+strings.Join(x.down, "; then "))
			downs++
		}
	}
	if downs == 0 {
		st.item(b, "nobody")
	}
	b.WriteString("\n")
	st.heading(b, 2, "Summary")
	st.item(b, fmt.Sprintf("Rounds: %d", final.Round))
	if t := timeText(rs, final.Round); t != "" {
		st.item(b, "Time in the fight: "+t)
	}
	rows = rows[:0]
	for _, c := range who {
		x := t[c.ID]
		if x == nil {
			x = &tally{}
		}
		taken, healed := fmt.Sprint(x.taken), fmt.Sprint(x.healed)
		if player && engine.HPShowOf(rs, final, c.Side) != rules.HPExact {
			taken, healed = "-", "-" // the players see no numbers for them
		}
		rows = append(rows, []string{c.Name, fmt.Sprint(x.dealt), taken, healed})
	}
	b.WriteString("\n")
	st.table(b, []string{"Combatant", "Damage dealt", "Damage taken", "Healed"}, rows)
	b.WriteString("Damage dealt counts what a combatant's checks took off others, and what the damage key took off the other " +
		"side in its turn while it could act; bleeding, the clock's ticks and harm from conditions are nobody's.\n")
	if player {
		b.WriteString("As the players see the fight: only hit points shown to them as numbers are counted.\n")
	}
	if note != "" {
		b.WriteString("\n" + note + "\n")
	}
}

// turns writes a part for each round, and in it an item for each turn
// with a line under it for each thing that happened; what happened outside
// turns (the round beginning and ending) is an item of its own. A run of
// the same tick taking the same from several is one line (narrate.Ticks).
func turns(b *strings.Builder, st style, rs *rules.Ruleset, es []entry) {
	round := -1
	for i := 0; i < len(es); {
		e := es[i]
		if e.Round != round {
			if round != -1 {
				b.WriteString("\n")
			}
			round = e.Round
			if round == 0 {
				st.heading(b, 2, "Before the fight")
			} else {
				st.heading(b, 2, fmt.Sprintf("Round %d", round))
			}
		}
		j := i + 1
		for j < len(es) && es[j].Round == round && es[j].Turn == e.Turn {
			j++
		}
		if round > 0 && e.Turn != 0 {
			head, rest := "", es[i:j]
			if e.Kind == engine.EvTurn {
				head, rest = e.Text, rest[1:] // the turn's own line heads it
			}
			st.itemBy(b, entryActor(es, e.Turn), head)
			for _, l := range runLines(rs, rest) {
				st.sub(b, l)
			}
		} else {
			for _, l := range runLines(rs, es[i:j]) {
				st.item(b, l)
			}
		}
		i = j
	}
	if round != -1 {
		b.WriteString("\n")
	}
}

// runLines is the lines of a run of entries, a run of alike ticks made
// one.
func runLines(rs *rules.Ruleset, es []entry) []string {
	var out []string
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].Kind == es[i].Kind {
			if _, ok := es[j].Fact.(engine.TickSpends); !ok {
				break
			}
			j++
		}
		if j-i >= 2 {
			evs := make([]engine.Event, j-i)
			for k := range evs {
				evs[k] = es[i+k].Event
			}
			if line, ok := narrate.Ticks(rs, evs); ok {
				out = append(out, line)
				i = j
				continue
			}
		}
		out = append(out, es[i].Text)
		i++
	}
	return out
}

// entryActor is the name of combatant id as the record last knew it.
func entryActor(es []entry, id int) string {
	for i := len(es) - 1; i >= 0; i-- {
		if es[i].Turn == id && es[i].Actor != "" {
			return es[i].Actor
		}
	}
	return fmt.Sprintf("#%d", id)
}

func statusText(enc *engine.Encounter) string {
	switch enc.Status {
	case engine.StatusSetup:
		return "prepared, not started"
	case engine.StatusEnded:
		return fmt.Sprintf("ended after %d round%s", enc.Round, plural(enc.Round))
	}
	return fmt.Sprintf("under way in round %d", enc.Round)
}

// markdown marks the record up for session notes.
type markdown struct{}

func (markdown) heading(b *strings.Builder, level int, text string) {
	b.WriteString(strings.Repeat("#", level) + " " + mdEscape(text) + "\n\n")
}
func (markdown) item(b *strings.Builder, text string) { b.WriteString("- " + mdEscape(text) + "\n") }
func (markdown) itemBy(b *strings.Builder, who, text string) {
	if text == "" {
		b.WriteString("- **" + mdEscape(who) + "**\n")
		return
	}
	b.WriteString("- **" + mdEscape(who) + "**: " + mdEscape(text) + "\n")
}
func (markdown) sub(b *strings.Builder, text string) { b.WriteString("  - " + mdEscape(text) + "\n") }
func (markdown) table(b *strings.Builder, head []string, rows [][]string) {
	cell := func(s string) string { return strings.ReplaceAll(mdEscape(s), "|", `\|`) }
	row := func(r []string) {
		cs := make([]string, len(r))
		for i, s := range r {
			cs[i] = cell(s)
		}
		b.WriteString("| " + strings.Join(cs, " | ") + " |\n")
	}
	row(head)
	b.WriteString("|" + strings.Repeat(" --- |", len(head)) + "\n")
	for _, r := range rows {
		row(r)
	}
	b.WriteString("\n")
}

// mdEscape keeps what the fight says from being read as Markdown markup:
// a name with a star in it, a link ("[l](javascript:...)": a bracket that
// would close a link's text is escaped, one in a roll's faces is left
// alone), an HTML tag or an autolink. A line break in a name would end
// the heading, item or table row it stands in: it is written as a space.
func mdEscape(s string) string { return mdEscaper.Replace(s) }

var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "<", `\<`, "*", `\*`, "](", `\](`, "][", `\][`,
	"\r\n", " ", "\n", " ", "\r", " ", "\u2028", " ", "\u2029", " ")

// plain is the record as plain text.
type plain struct{}

func (plain) heading(b *strings.Builder, level int, text string) {
	u := "="
	if level > 1 {
		u = "-"
	}
	b.WriteString(text + "\n" + strings.Repeat(u, len([]rune(text))) + "\n\n")
}
func (plain) item(b *strings.Builder, text string) { b.WriteString("  " + text + "\n") }
func (plain) itemBy(b *strings.Builder, who, text string) {
	if text == "" {
		b.WriteString("  " + who + "\n")
		return
	}
	b.WriteString("  " + who + ": " + text + "\n")
}
func (plain) sub(b *strings.Builder, text string) { b.WriteString("      " + text + "\n") }
func (plain) table(b *strings.Builder, head []string, rows [][]string) {
	w := make([]int, len(head))
	for _, r := range append([][]string{head}, rows...) {
		for i, s := range r {
			w[i] = max(w[i], len([]rune(s)))
		}
	}
	for _, r := range append([][]string{head}, rows...) {
		var cs []string
		for i, s := range r {
			cs = append(cs, s+strings.Repeat(" ", w[i]-len([]rune(s))))
		}
		b.WriteString("  " + strings.TrimRight(strings.Join(cs, "  "), " ") + "\n")
	}
	b.WriteString("\n")
}

// jsonEvent is one line of the JSON record.
type jsonEvent struct {
	Step  int          `json:"step"`
	Round int          `json:"round"`
	Kind  string       `json:"kind"`
	Who   int          `json:"who,omitempty"`
	Name  string       `json:"name,omitempty"`
	Turn  string       `json:"turn,omitempty"`
	Text  string       `json:"text"`
	HP    int          `json:"hp,omitempty"`
	Roll  *dice.Result `json:"roll,omitempty"`
}

// writeJSON writes one event a line, in the order they happened. A
// character a terminal would act on or not show (a control, a bidi
// override, a zero-width character) is written escaped, \uXXXX, as JSON
// allows: fray makes what it prints safe to show, and would otherwise
// replace it, so a name would not come back as it is.
func writeJSON(w io.Writer, es []entry, note string) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range es {
		if err := enc.Encode(jsonEvent{Step: e.Step, Round: e.Round, Kind: string(e.Kind), Who: e.Who.ID, Name: e.Name, Turn: e.Actor,
			Text: e.Text, HP: e.HP, Roll: e.Roll}); err != nil {
			return err
		}
	}
	if note != "" {
		if err := enc.Encode(jsonEvent{Kind: "note", Text: note}); err != nil {
			return err
		}
	}
	_, err := w.Write(escapeHidden(b.Bytes()))
	return err
}

// escapeHidden escapes, in JSON, the characters the encoder writes raw
// that do not reach a terminal as themselves: DEL, the C1 controls and the
// format characters (bidi controls, zero-width characters, tags). They
// stand only inside strings, where \uXXXX means the same.
func escapeHidden(b []byte) []byte {
	if !bytes.ContainsFunc(b, hiddenRune) {
		return b
	}
	out := make([]byte, 0, len(b)+64)
	for _, r := range string(b) {
		if !hiddenRune(r) {
			out = utf8.AppendRune(out, r)
			continue
		}
		if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
			out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
		} else {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
	}
	return out
}

func hiddenRune(r rune) bool {
	return r == 0x7f || r >= 0x80 && r < 0xa0 || r >= 0x80 && unicode.Is(unicode.Cf, r)
}
