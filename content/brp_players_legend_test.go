package content_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"fray/engine"
	"fray/engine/dice"
	"fray/engine/enginetest"
	"fray/playerview"
)

// gmSpeak is what a condition's summary says to the GM alone: the keys
// that act on it ("(g)", "(D)", "h at the leg", "d with a leading !") and
// what to do ("take this away").
var gmSpeak = regexp.MustCompile(`\((g|h|d|D|w)\)|\bg's\b|\bh at\b|, h[,)]|leading !|take (this|it) away`)

// The players read what a condition means (l.389: a weapon impaled stays
// in the wound until pulled out; l.683: unconscious at 2 HP or less), in
// their own words ([[conditions]] players): never the GM's keys. Every
// condition of the book says so, and fray watch's legend under the order
// shows each one a combatant holds whole, or cut with "…", and names those
// there is no room for: nothing cut without a mark (README).
func TestBRPPlayersLegendSaysWhatConditionsMean(t *testing.T) {
	rs := brpRules(t)
	for _, d := range rs.Conditions {
		if m := gmSpeak.FindString(d.PlayersText()); m != "" {
			t.Errorf("the players read of %s %q: %q", d.Name, m, d.PlayersText())
		}
	}
	f := enginetest.New(t, rs, dice.Script())
	f.Must(engine.Add{Combatants: []engine.NewCombatant{
		{Name: "Yvarre", HP: 12, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 14}},
		{Name: "Kallistor", HP: 12, Side: engine.PlayersSide, Stats: map[string]int{"DEX": 12}}}})
	f.Must(engine.Start{})
	held := []string{"impaled", "no_shield", "knocked_out", "prone", "half_lost", "held_shut", "arm_useless"}
	for _, id := range held {
		f.Must(engine.GiveCondition{Who: f.ID("Yvarre"), Condition: id})
	}
	f.Must(engine.GiveCondition{Who: f.ID("Kallistor"), Condition: "fatal_wound"})
	names := map[string]bool{}
	for _, c := range f.Current().Combatants {
		for _, cd := range c.Conditions {
			if d, ok := rs.Condition(cd.ID); ok && d.PlayersText() != "" {
				names[d.Name] = true
			}
		}
	}
	for h := 16; h <= 60; h++ {
		s := ansi.Strip(playerview.Render(playerview.Screen{Name: "Vault", Rules: rs, Enc: f.Current(), Log: f.Log(),
			Width: 100, Height: h, Styles: playerview.NewStyles(true, true)}))
		if m := gmSpeak.FindString(s); m != "" {
			t.Errorf("%d lines: the players' screen says %q:\n%s", h, m, s)
		}
		// The legend: the lines after the order's, up to the log's.
		legend, _, _ := strings.Cut(s, "What happened")
		lines := strings.Split(legend, "\n")
		told := map[string]bool{}
		for i, l := range lines {
			l = strings.TrimSpace(l)
			if rest, ok := strings.CutPrefix(l, "more: "); ok || strings.Contains(l, " more: ") {
				_, rest, _ = strings.Cut(l, " more: ")
				parts := strings.Split(rest, ", ")
				for k, n := range parts {
					told[n] = true
					if cut, ok := strings.CutSuffix(n, "…"); ok && k == len(parts)-1 {
						// The line cut with a mark: those after it are in
						// its count.
						for m := range names {
							if strings.HasPrefix(m, cut) || !slices.Contains(parts, m) {
								told[m] = true
							}
						}
					}
				}
				continue
			}
			for n := range names {
				if !strings.HasPrefix(l, n+": ") {
					continue
				}
				told[n] = true
				// Whole: its text ends a sentence; cut: with "…".
				j := i
				for j+1 < len(lines) && strings.HasPrefix(lines[j+1], "  ") && strings.TrimSpace(lines[j+1]) != "" {
					j++
				}
				end := strings.TrimSpace(lines[j])
				if !strings.HasSuffix(end, ".") && !strings.HasSuffix(end, "…") {
					t.Errorf("%d lines: %s's meaning ends %q, neither whole nor cut with a mark:\n%s", h, n, end, s)
				}
			}
		}
		for n := range names {
			if !told[n] {
				t.Errorf("%d lines: %s is held and its meaning is gone with no mark:\n%s", h, n, s)
			}
		}
	}
}
