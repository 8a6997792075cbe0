package rules

import (
	"fmt"
	"strings"
)

// HPShow is how the player view shows a combatant's hit points.
type HPShow string

// Ways to show hit points to the players.
const (
	HPExact HPShow = "exact" // the numbers: 24/45
	HPWords HPShow = "word"  // a word for the band they are in: "bloodied"
	HPBar   HPShow = "bar"   // a bar, no numbers
	HPNone  HPShow = "none"  // nothing at all
)

// HPShows are the ways a ruleset or a GM may choose.
var HPShows = []HPShow{HPExact, HPWords, HPBar, HPNone}

// PlayerViewRules are what the players see of a fight unless the GM
// changes it in the fight (key P): the ruleset's defaults.
type PlayerViewRules struct {
	// HideNewFoes: a combatant that joins on any side but the players' is
	// hidden from them until its first turn or until the GM shows it.
	HideNewFoes bool `toml:"hide_new_foes"`
	// FoesHP is how the foes' hit points are shown (word when unset); the
	// players' own side shows them exactly unless the GM says otherwise.
	FoesHP HPShow `toml:"foes_hp"`
	// HPWords name bands of hit points for the word display: the lowest
	// band a combatant is in gives its word. Unset: DefaultHPWords.
	HPWords []HPWord `toml:"hp_words"`
}

// HPWord is a word for hit points under Below percent of the maximum.
type HPWord struct {
	Below int    `toml:"below"`
	Word  string `toml:"word"`
}

// DefaultHPWords are the words of a ruleset that names none; at full hit
// points a combatant is "unhurt", and "down" once out of the fight.
var DefaultHPWords = []HPWord{{Below: 100, Word: "wounded"}, {Below: 50, Word: "bloodied"}, {Below: 25, Word: "near death"}}

// Words returns the ruleset's words for hit points, highest band first.
func (p PlayerViewRules) Words() []HPWord {
	if len(p.HPWords) == 0 {
		return DefaultHPWords
	}
	return p.HPWords
}

func (c *checker) playerView() {
	p := c.rs.PlayerView
	if p.FoesHP != "" {
		oneOf(c, "player_view.foes_hp", p.FoesHP, HPShows)
	}
	last := 101
	for i, w := range p.HPWords {
		path := fmt.Sprintf("player_view.hp_words[%d]", i)
		switch {
		case w.Below < 1 || w.Below > 100:
			c.bad(path+".below", "a percentage of the maximum, 1 to 100")
		case w.Below >= last:
			c.bad(path+".below", "bands go from the highest down: %d is not under %d", w.Below, last)
		}
		last = w.Below
		if strings.TrimSpace(w.Word) == "" {
			c.bad(path+".word", "a band needs a word")
		}
	}
}
