package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/session"
)

// A party lives on from one fight to the next (engine/party.go): as the GM
// ends a fight, the tracker offers to keep its party (its side party) with
// what lasts of each; as the GM starts a new fight, it offers the parties
// kept for its ruleset. The GM may decline either. The parties are read and
// written by Options.Parties, in commands.

type (
	// actEndFight ends the fight, then offers to keep its party.
	actEndFight struct{}
	// actKeepParty keeps the fight's party under a name.
	actKeepParty struct{ name string }
	// actBringParty makes a new fight with a kept party in it ("": none).
	actBringParty struct{ ruleset, name, party string }
)

func (actEndFight) isAction()   {}
func (actKeepParty) isAction()  {}
func (actBringParty) isAction() {}

// partiesMsg is the parties kept, read for an offer: to keep the party of
// the fight just ended (bring empty), or to bring one into a new fight.
type partiesMsg struct {
	list  []session.PartyInfo
	err   error
	bring *actBringParty
}

// partyKeptMsg says how keeping a party went.
type partyKeptMsg struct {
	text string
	err  error
}

// listParties reads the parties kept, for an offer.
func (m Model) listParties(bring *actBringParty) tea.Cmd {
	ps := m.opts.Parties
	return func() tea.Msg {
		list, err := ps.List()
		return partiesMsg{list: list, err: err, bring: bring}
	}
}

// endFight ends the fight and, where it has a party and parties can be
// kept, asks which to keep it as.
func (m Model) endFight() (tea.Model, tea.Cmd) {
	cmd := m.do(engine.End{})
	if m.fight().Current().Status != engine.StatusEnded || m.opts.Parties == nil || m.sess.ReadOnly || len(m.partyIDs()) == 0 {
		return m, cmd
	}
	return m, tea.Batch(cmd, m.listParties(nil))
}

// partyIDs are the fight's combatants on the side party.
func (m Model) partyIDs() []int {
	var ids []int
	for _, c := range m.fight().Current().Combatants {
		if c.Side == "party" {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// newFight makes a new fight, first offering the parties kept for its
// ruleset where there are any.
func (m Model) newFight(a actNew) (tea.Model, tea.Cmd) {
	if m.opts.Parties == nil {
		return m, m.newCmd(a.ruleset, a.name, nil)
	}
	return m, m.listParties(&actBringParty{ruleset: a.ruleset, name: a.name})
}

// parties offers to keep or bring a party, as the list was read for.
func (m Model) parties(msg partiesMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.status.set("cannot read the parties: "+msg.err.Error(), true)
		if msg.bring != nil {
			return m, m.newCmd(msg.bring.ruleset, msg.bring.name, nil)
		}
		return m, nil
	}
	if msg.bring != nil {
		d := m.bringDialog(*msg.bring, msg.list)
		if d == nil {
			return m, m.newCmd(msg.bring.ruleset, msg.bring.name, nil)
		}
		m.open(d)
		return m, nil
	}
	if m.sess.Fight == nil || m.fight().Current().Status != engine.StatusEnded {
		return m, nil // undone meanwhile
	}
	m.open(m.keepDialog(msg.list))
	return m, nil
}

// keepDialog asks under which name to keep the fight's party; esc keeps
// nothing. The name offered is the party of this ruleset kept last.
func (m Model) keepDialog(list []session.PartyInfo) dialog {
	f := m.fight()
	enc, rs := f.Current(), f.Rules
	name := "Party"
	var latest session.PartyInfo
	for _, p := range list {
		if p.Problem == "" && p.Ruleset == rs.ID && p.Kept.After(latest.Kept) {
			latest, name = p, p.Name
		}
	}
	var who []string
	for _, id := range m.partyIDs() {
		c := enc.Combatant(id)
		w := c.Name
		if !rs.Recorded() {
			w += fmt.Sprintf(" %d/%d", c.HP, c.MaxHP)
		}
		if _, dead := engine.Death(rs, c); dead {
			w += " (dead: kept in the party, left out of its fights)"
		}
		who = append(who, w)
	}
	hint := fmt.Sprintf("%s go on to the next fight as they stand, with what outlasts this one (hit points, wounds, lasting "+
		"conditions, pools no fight refills); enter keeps them as the party named here, esc does not", strings.Join(who, ", "))
	p := newDefault("The fight is over. Keep the party?", hint, name, func(s string) (action, error) {
		if strings.TrimSpace(s) == "" {
			return nil, errors.New("a party needs a name")
		}
		return actKeepParty{name: s}, nil
	})
	return p
}

// keepCmd keeps the fight's party: each of its side party carried out of
// the fight (engine.Party.Keep) into the party of the name.
func (m Model) keepCmd(a actKeepParty) tea.Cmd {
	ps, f, fight := m.opts.Parties, m.fight(), m.sess.Name
	enc := f.Current().Clone()
	rs, ids := f.Rules, m.partyIDs()
	return func() tea.Msg {
		var kept []engine.Kept
		p, err := ps.Keep(a.name, fight, func(p engine.Party) (engine.Party, error) {
			var err error
			p, kept, err = p.Keep(rs, &enc, ids)
			return p, err
		})
		if err != nil {
			return partyKeptMsg{err: err}
		}
		var parts []string
		for _, k := range kept {
			s := k.Name
			if len(k.Ended) > 0 {
				var ended []string
				for _, id := range k.Ended {
					if d, ok := rs.Condition(id); ok {
						ended = append(ended, d.Name)
					}
				}
				s += " (no longer " + strings.Join(ended, ", ") + ")"
			}
			parts = append(parts, s)
		}
		return partyKeptMsg{text: fmt.Sprintf("kept %s: %s; a new fight of %s offers it", p.Name, strings.Join(parts, ", "), rs.Name)}
	}
}

// partyChoice is an item of the bring dialog: the party of a name ("":
// none), or why it cannot come.
type partyChoice struct {
	name string
	why  error
}

// bringDialog offers the parties kept for the new fight's ruleset (the one
// kept last first), and none; a party of another ruleset is listed with
// why it cannot come. nil when no party is kept at all.
func (m Model) bringDialog(a actBringParty, list []session.PartyInfo) dialog {
	rs, _, ok := m.lib.Ruleset(a.ruleset)
	if !ok || len(list) == 0 {
		return nil
	}
	list = slices.Clone(list)
	slices.SortStableFunc(list, func(x, y session.PartyInfo) int { return y.Kept.Compare(x.Kept) })
	var items, others []item[partyChoice]
	for _, p := range list {
		switch {
		case p.Problem != "":
			others = append(others, item[partyChoice]{label: p.Path, detail: p.Problem, value: partyChoice{why: errors.New(p.Problem)}})
		case p.Ruleset != rs.ID:
			others = append(others, item[partyChoice]{label: p.Name, detail: "a party of " + p.Ruleset,
				value: partyChoice{why: fmt.Errorf("%s is a party of %s: a fight of %s cannot take it (its conditions, pools "+
					"and wounds are that ruleset's)",
					p.Name, p.Ruleset, rs.Name)}})
		default:
			detail := strings.Join(p.Members, ", ")
			if p.From != "" {
				detail += "; from " + p.From
			}
			items = append(items, item[partyChoice]{label: p.Name, detail: detail, value: partyChoice{name: p.Name}})
		}
	}
	if len(items) == 0 && len(others) == 0 {
		return nil
	}
	items = append(items, item[partyChoice]{label: "Without a party", detail: "only who you add"})
	items = append(items, others...)
	return newPick("Bring a party into "+a.name+"?", "a kept party joins as it left its last fight; esc: no new fight", items, false,
		func(it item[partyChoice], _ string) (action, error) {
			if it.value.why != nil {
				return nil, it.value.why
			}
			b := a
			b.party = it.value.name
			return b, nil
		})
}

// bringCmd makes the new fight, with the party in it when one was chosen.
func (m Model) bringCmd(a actBringParty) tea.Cmd {
	if a.party == "" {
		return m.newCmd(a.ruleset, a.name, nil)
	}
	ps := m.opts.Parties
	return m.newCmd(a.ruleset, a.name, func(f *engine.Fight) error {
		p, _, err := ps.Load(a.party)
		if err != nil {
			return err
		}
		members, err := p.Joining(f.Rules)
		if err != nil {
			return err
		}
		_, err = f.Do(engine.Add{Combatants: members})
		return err
	})
}
