package engine

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"fray/engine/rules"
)

// Visibility is whether the players see a combatant: Hidden, they do
// not; HiddenToTurn, it joined hidden and shows on its first turn.
type Visibility struct {
	Hidden       bool `toml:"hidden,omitempty"`
	HiddenToTurn bool `toml:"hidden_to_turn,omitempty"`
}

// What the players may see of a fight (the player view of fray watch and
// fray serve) is the GM's choice, kept in the encounter so it is saved
// with the fight and undone like any step: who is hidden, how each side's
// hit points show, whether the foes' rolls reach the players' log. The
// player view is then a function of the encounter and its log alone:
// PlayersRead says what of an event the players read, HPShowOf how a
// side's hit points read, Visible who they see at all.

// PlayersSide is the side the players' own combatants are on: every other
// side is a foe's.
const PlayersSide = "party"

// PlayerView is what the GM lets the players see, changed by View and ViewHP.
type PlayerView struct {
	// HideNewFoes: a foe that joins is hidden until its first turn.
	HideNewFoes bool `toml:"hide_new_foes,omitempty"`
	// FoeRolls: the foes' rolls and statements of intent reach the players'
	// log (not by default).
	FoeRolls bool `toml:"foe_rolls,omitempty"`
	// HP is how each side's hit points show, where the GM chose.
	HP []SideHP `toml:"hp,omitempty"`
}

// Clone returns a deep copy.
func (v PlayerView) Clone() PlayerView {
	v.HP = slices.Clone(v.HP)
	return v
}

// SideHP is how one side's hit points show to the players.
type SideHP struct {
	Side string       `toml:"side"`
	Show rules.HPShow `toml:"show"`
}

// Settings of the player view View turns on and off.
const (
	ViewHideNewFoes = "hide_new_foes" // Off: new foes join shown
	ViewFoeRolls    = "foe_rolls"     // Off: the foes' rolls are kept from the players
	// ViewTableDice is the GM's own, not the players': the faces of every
	// roll are typed as rolled at the table (Off: fray rolls them).
	ViewTableDice = "table_dice"
)

// Foe reports whether a combatant is on a side other than the players'.
func Foe(c *Combatant) bool { return c.Side != PlayersSide }

// Visible reports whether the players see a combatant.
func Visible(c *Combatant) bool { return c != nil && !c.Hidden }

// HPShowOf is how a side's hit points show: the GM's choice, else the
// ruleset's for foes (a word unless it says), exactly for the players'.
func HPShowOf(rs *rules.Ruleset, enc *Encounter, side string) rules.HPShow {
	for _, s := range enc.View.HP {
		if s.Side == side {
			return s.Show
		}
	}
	if side != PlayersSide && side != "foes" {
		// Any other side is a foe's: the foes' choice holds for it.
		for _, s := range enc.View.HP {
			if s.Side == "foes" {
				return s.Show
			}
		}
	}
	if side == PlayersSide {
		return rules.HPExact
	}
	if rs.PlayerView.FoesHP != "" {
		return rs.PlayerView.FoesHP
	}
	return rules.HPWords
}

// hide hides a combatant from the players.
func (t *tx) hide(cmd Hide) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if c.Hidden {
		return fmt.Errorf("%s is hidden already", c.Name)
	}
	c.Hidden, c.HiddenToTurn = true, false
	t.log(EvView, of(c), nil, HiddenFromPlayers{})
	return nil
}

// show shows a hidden combatant to the players.
func (t *tx) show(cmd Show) error {
	c, err := t.who(cmd.Who)
	if err != nil {
		return err
	}
	if !c.Hidden {
		return fmt.Errorf("%s is not hidden", c.Name)
	}
	c.Hidden, c.HiddenToTurn = false, false
	t.log(EvView, of(c), nil, ShownToPlayers{})
	return nil
}

// view turns a setting of the player view on or off, or the GM's table
// dice.
func (t *tx) view(cmd View) error {
	v := &t.enc.View
	switch cmd.Setting {
	case ViewHideNewFoes:
		v.HideNewFoes = !cmd.Off
		t.log(EvView, Subject{}, nil, NewFoesSet{Hidden: v.HideNewFoes}).Private = PrivateGM
	case ViewFoeRolls:
		v.FoeRolls = !cmd.Off
		t.log(EvView, Subject{}, nil, FoeRollsSet{Shown: v.FoeRolls}).Private = PrivateGM
	case ViewTableDice:
		t.enc.TableDice = !cmd.Off
		t.log(EvView, Subject{}, nil, TableDiceSet{On: t.enc.TableDice}).Private = PrivateGM
	default:
		return fmt.Errorf("the player view has no setting %q", cmd.Setting)
	}
	return nil
}

// viewHP sets how a side's hit points show to the players.
func (t *tx) viewHP(cmd ViewHP) error {
	v := &t.enc.View
	if !slices.Contains(rules.HPShows, cmd.Show) {
		return fmt.Errorf("hit points show as one of exact, word, bar, none, not %q", cmd.Show)
	}
	if strings.TrimSpace(cmd.Side) == "" {
		return fmt.Errorf("whose hit points? a side is needed")
	}
	v.HP = slices.DeleteFunc(slices.Clone(v.HP), func(s SideHP) bool { return s.Side == cmd.Side })
	v.HP = append(v.HP, SideHP{Side: cmd.Side, Show: cmd.Show})
	t.log(EvView, Subject{}, nil, SideHPSet{Side: cmd.Side, Show: cmd.Show}).Private = PrivateGM
	return nil
}

// joinHidden hides a foe that joins when the GM hides new foes.
func (t *tx) joinHidden(c *Combatant) {
	if t.enc.View.HideNewFoes && Foe(c) {
		c.Hidden, c.HiddenToTurn = true, true
	}
}

// visibilityAt shows a foe hidden since it joined as its first turn starts.
func (t *tx) visibilityAt(c *Combatant, _ moment) {
	if !c.HiddenToTurn {
		return
	}
	c.Hidden, c.HiddenToTurn = false, false
	t.log(EvView, of(c), nil, ShownOnFirstTurn{})
}

// private says why the players must not read an event as it is logged
// ("": they may): it names a combatant hidden from them (namesHidden), or it
// is a foe's roll or statement of intent and the GM keeps those. What it was then holds: what a
// hidden one did stays the GM's once it is shown.
func (t *tx) private(e Event) Privacy {
	if _, order := e.Fact.(Order); order {
		// The players read the places of those they see (PlayersSee).
		return ""
	}
	if namesHidden(&t.enc, e) {
		return PrivateHidden
	}
	switch f := e.Fact.(type) {
	case Declares, Undeclared:
		if side, _, _ := sideOf(&t.enc, e.Who.ID); side != PlayersSide && !t.enc.View.FoeRolls {
			return PrivateFoeStatement
		}
	case ActionsGivenUp:
		// The actions a foe gives up for what it stated name the
		// statements: kept as they are.
		if side, _, _ := sideOf(&t.enc, e.Who.ID); len(f.Declarations) > 0 && side != PlayersSide && !t.enc.View.FoeRolls {
			return PrivateFoeStatement
		}
	}
	if (e.Roll != nil || e.Kind == EvRoll) && e.Who.ID != 0 {
		if side, _, _ := sideOf(&t.enc, e.Who.ID); side != PlayersSide && !t.enc.View.FoeRolls {
			return PrivateFoeRoll
		}
	}
	return ""
}

func containsWord(s, w string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return false
		}
		at := off + i
		before, _ := utf8.DecodeLastRuneInString(s[:at])
		after, _ := utf8.DecodeRuneInString(s[at+len(w):])
		if !wordRune(before) && !wordRune(after) {
			return true
		}
		off = at + 1
	}
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// Departed is a combatant that has left the fight, as the players' view of
// the log must still know it: what it did before it left is read as what
// it was as it left (hidden, or of a side whose hit points show so).
type Departed struct {
	ID     int    `toml:"id"`
	Name   string `toml:"name"`
	Side   string `toml:"side,omitempty"`
	Hidden bool   `toml:"hidden,omitempty"`
}

// Turn is whose turn the players see: Now acting (Who 0: nobody shown),
// Next up, in Round (0: the fight has not begun, to the players). While a hidden combatant acts, the marker stays on the
// last one the players saw act (at the start of a round, the last of the
// round before), so neither the marker nor the round gives it away.
type Turn struct {
	Now, Next Ref
	Round     int
	Phase     int
	// Value is Now's place in the count (its initiative, rank or segment).
	Value int
	// Acting are those the players see act at Now, Upcoming at Next: the
	// one whose place it is, or the members of its group that take their
	// turn there, those hidden left out (PublicActors).
	Acting, Upcoming []*Combatant
}

// PublicActors are those the players see act at a combatant's place in
// the order: the combatant, or, where it leads a group, its members, the
// leader first; those hidden left out, and those who cannot act there
// (down, or held by a condition that takes its turns), though the ruleset
// may give them their turn's points. None: the players see nobody act.
func PublicActors(rs *rules.Ruleset, enc *Encounter, who int) []*Combatant {
	c := enc.Combatant(who)
	if c == nil {
		return nil
	}
	members := []*Combatant{c}
	if c.Group == c.ID {
		members = Members(enc, c)
	}
	var out []*Combatant
	for _, x := range members {
		if Visible(x) && !x.Out && !noTurnOf(rs, x) {
			out = append(out, x)
		}
	}
	return out
}

// PublicGroup are the members of the group a combatant leads that the
// players see, the leader first (just the combatant, when it leads none;
// nobody, when they see none).
func PublicGroup(enc *Encounter, c *Combatant) []*Combatant {
	if c.Group != c.ID {
		if Visible(c) {
			return []*Combatant{c}
		}
		return nil
	}
	var out []*Combatant
	for _, x := range Members(enc, c) {
		if Visible(x) {
			out = append(out, x)
		}
	}
	return out
}

// PublicTurn is the turn as the players see it.
func PublicTurn(rs *rules.Ruleset, enc *Encounter) Turn {
	t := Turn{Round: enc.Round, Phase: enc.Phase}
	if enc.Status != StatusRunning {
		return t
	}
	shown := func(r Ref) bool { return r.Who != 0 && len(PublicActors(rs, enc, r.Who)) > 0 }
	seq := Sequence(rs, enc, enc.Phase)
	at := slices.Index(seq, enc.Cur)
	if at < 0 {
		at = len(seq) - 1
	}
	for i := at; i >= 0 && enc.Cur.Who != 0; i-- {
		if shown(seq[i]) {
			t.Now = seq[i]
			break
		}
	}
	if t.Now.Who == 0 && enc.Cur.Who != 0 && enc.Phase == 0 && enc.Round > 1 {
		// A hidden one opens the round: show the end of the last.
		phases := len(rs.RoundPhases())
		last := Sequence(rs, enc, phases-1)
		for i := len(last) - 1; i >= 0; i-- {
			if shown(last[i]) {
				t.Now, t.Round, t.Phase = last[i], enc.Round-1, phases-1
				break
			}
		}
	}
	if t.Now.Who == 0 && enc.Cur.Who != 0 && enc.Phase == 0 && enc.Round == 1 {
		// A hidden one opens the fight: to the players it has not begun.
		t.Round = 0
	}
	if e := enc.Entry(t.Now); e != nil {
		t.Value = e.Value
	}
	if t.Now.Who != 0 {
		t.Acting = PublicActors(rs, enc, t.Now.Who)
	}
	// Next up: the next shown in this phase's steps, then in the phases
	// after (from the round's first, when the round before is shown).
	first := t.Phase
	if t.Round != enc.Round {
		first = 0
	}
	for ph := first; ph < len(rs.RoundPhases()); ph++ {
		s := Sequence(rs, enc, ph)
		from := 0
		if ph == t.Phase && t.Round == enc.Round {
			from = max(at, slices.Index(s, t.Now)) + 1
		}
		if ph == t.Phase && t.Round == enc.Round {
			if r, ok := publicNext(rs, enc, ph, s[min(from, len(s)):], t.Now, shown); ok {
				t.Next, t.Upcoming = r, PublicActors(rs, enc, r.Who)
				return t
			}
		}
		for _, r := range s[min(from, len(s)):] {
			if shown(r) && r != t.Now && !passedOver(rs, enc, ph, r) {
				t.Next = r
				t.Upcoming = PublicActors(rs, enc, r.Who)
				return t
			}
		}
	}
	return t
}

// passedOver reports whether the step r of phase ph will be passed over as
// it comes, its action lost (a stun, a fumble, a DEX rank given up for a
// power), so that the players are not told it is next up. A foe's rank
// given up by a statement the players are not told of stays named: what
// the GM keeps of the statement is not given away by the order.
func passedOver(rs *rules.Ruleset, enc *Encounter, ph int, r Ref) bool {
	e := enc.Entry(r)
	if e == nil || !e.Lost {
		return false
	}
	if e.GivenUp {
		if phases := rs.RoundPhases(); ph < len(phases) && phases[ph].Order == rules.PhaseStat {
			return false // the power goes on its INT rank
		}
		if side, _, _ := sideOf(enc, r.Who); side != PlayersSide && !enc.View.FoeRolls {
			return false
		}
	}
	return true
}

// statementKept reports whether what c stated this round is kept from the
// players (BRP l.21-25: the foes' "actions remain unknown until they
// act"): a foe's statement, while the GM keeps the foes' rolls, in a
// ruleset whose statements set the round's ranks.
func statementKept(rs *rules.Ruleset, enc *Encounter, c *Combatant) bool {
	if rs.Order.DeclarePhase == "" || rs.Order.Kind != rules.OrderRank || enc.View.FoeRolls {
		return false
	}
	if !slices.ContainsFunc(c.Declared, func(x Declared) bool { return !x.Carried }) {
		return false
	}
	side, _, _ := sideOf(enc, c.ID)
	return side != PlayersSide
}

// PublicEntries is the round's order as the players may read it: a foe
// whose statements the GM keeps (statementKept) stands on the rank it had
// before them, its actions there, none given up, none moved by a move or
// an extra action it stated; so the order tells nothing of what it
// stated, and its action reaches the players as it acts. Where no
// statement is kept, it is the order itself (enc.Entries, not a copy).
func PublicEntries(rs *rules.Ruleset, enc *Encounter) []Entry {
	var out []Entry
	for i, e := range enc.Entries {
		c := enc.Combatant(e.Who)
		if c == nil || !statementKept(rs, enc, c) {
			continue
		}
		if out == nil {
			out = slices.Clone(enc.Entries)
		}
		var carried []Declared
		for _, x := range c.Declared {
			if x.Carried {
				carried = append(carried, x)
			}
		}
		v := rankWith(rs, c, statsOf(rs, c), carried) + e.Action*rs.Order.ActionStep
		byStatement := e.GivenUp || e.Value < rs.Order.Lowest
		out[i].Value, out[i].GivenUp = v, false
		out[i].Lost = v < rs.Order.Lowest || e.Lost && !byStatement
	}
	if out == nil {
		return enc.Entries
	}
	t := tx{rs: rs, enc: *enc}
	slices.SortStableFunc(out, t.cmpEntries)
	return out
}

// publicNext is who is next up in phase ph as the players' order has it
// (PublicEntries), where a foe's statement the GM keeps moved it (ok
// false: none did, or the phase is not counted in that order): of those
// still to act (rest, the phase's steps after the one now), the first
// after now in the players' order, or the first of them in it. A foe
// that moved later for its statement is named where the players expect
// it, not passed over.
func publicNext(rs *rules.Ruleset, enc *Encounter, ph int, rest []Ref, now Ref, shown func(Ref) bool) (Ref, bool) {
	if phases := rs.RoundPhases(); ph >= len(phases) || phases[ph].Order != rules.PhaseInitiative {
		return Ref{}, false
	}
	pub := PublicEntries(rs, enc)
	if len(pub) == 0 || len(enc.Entries) == 0 || &pub[0] == &enc.Entries[0] {
		return Ref{}, false
	}
	at := map[Ref]int{}
	for i, e := range pub {
		at[e.Ref()] = i
	}
	nowAt, ok := at[now]
	if !ok {
		nowAt = -1
	}
	best, first := Ref{}, Ref{}
	bestAt, firstAt := len(pub), len(pub)
	for _, r := range rest {
		i, ok := at[r]
		if !ok || !shown(r) || r == now || passedOver(rs, enc, ph, r) {
			continue
		}
		if i > nowAt && i < bestAt {
			best, bestAt = r, i
		}
		if i < firstAt {
			first, firstAt = r, i
		}
	}
	switch {
	case bestAt < len(pub):
		return best, true
	case firstAt < len(pub):
		return first, true
	}
	return Ref{}, false
}
