package tui

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/engine"
	"fray/session"
)

// memParties keeps parties in memory, as saves.Parties keeps them in files.
type memParties struct {
	mu   sync.Mutex
	kept map[string]engine.Party
	from map[string]string
	when map[string]time.Time
	fail error
}

func newMemParties() *memParties {
	return &memParties{kept: map[string]engine.Party{}, from: map[string]string{}, when: map[string]time.Time{}}
}

func (ps *memParties) List() ([]session.PartyInfo, error) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	var out []session.PartyInfo
	for n, p := range ps.kept {
		var who []string
		for _, m := range p.Members {
			who = append(who, m.Name)
		}
		out = append(out, session.PartyInfo{Path: n + ".toml", Name: p.Name, Ruleset: p.Ruleset, Members: who, Kept: ps.when[n], From: ps.from[n]})
	}
	slices.SortFunc(out, func(a, b session.PartyInfo) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

func (ps *memParties) Load(name string) (engine.Party, session.PartyInfo, error) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p, ok := ps.kept[strings.ToLower(name)]
	if !ok {
		return p, session.PartyInfo{}, errors.New("no party " + name)
	}
	return p, session.PartyInfo{Name: p.Name, Ruleset: p.Ruleset}, nil
}

func (ps *memParties) Keep(name, from string, change func(engine.Party) (engine.Party, error)) (engine.Party, error) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.fail != nil {
		return engine.Party{}, ps.fail
	}
	p, ok := ps.kept[strings.ToLower(name)]
	if !ok {
		p = engine.Party{Name: name}
	}
	p, err := change(p)
	if err != nil {
		return p, err
	}
	ps.kept[strings.ToLower(name)], ps.from[strings.ToLower(name)], ps.when[strings.ToLower(name)] = p, from, time.Now()
	return p, nil
}

// partyModel is a model on the start screen whose parties are ps.
func partyModel(t *testing.T, ps *memParties) (Model, *memStore, *session.Session) {
	t.Helper()
	st := newMemStore()
	sess := &session.Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true, Parties: ps})
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, listedMsg{})
	return m, st, sess
}

// do makes a change as a key would.
func do(t *testing.T, m Model, cmd engine.Command) Model {
	t.Helper()
	next, c := m.apply(actCommand{cmd: cmd})
	m = next.(Model)
	var quit bool
	for _, msg := range exec(c, &quit) {
		m, _ = run(m, msg)
	}
	if m.status.err {
		t.Fatalf("%+v: %s", cmd, m.status.text)
	}
	return m
}

// choose moves the open list's cursor to the item labelled label and
// presses enter.
func choose(t *testing.T, m Model, label string) Model {
	t.Helper()
	if m.dlg == nil && m.screen == screenStart {
		for i, it := range m.start.menu {
			if it.label == label {
				m.start.at = i
				m, _ = keys(m, "enter")
				return m
			}
		}
		t.Fatalf("no %q on the start screen:\n%s", label, screenText(m))
	}
	for range 30 {
		p, ok := m.dlg.(listed)
		if !ok {
			t.Fatalf("no list open (%T):\n%s", m.dlg, screenText(m))
		}
		sel, n := p.cursor()
		if n > 0 && p.labelAt(sel) == label {
			m, _ = keys(m, "enter")
			return m
		}
		if sel == n-1 {
			break
		}
		m, _ = keys(m, "down")
	}
	t.Fatalf("no %q in the list:\n%s", label, screenText(m))
	return m
}

// The party lives on in the tracker: ending a fight (P, End the fight)
// asks under which name to keep its party; Gavvin kept at 22 of 40 and
// Confused comes into the next fight made from the start screen so, and
// the GM may decline both: esc keeps nothing, Without a party brings
// nobody.
func TestPartyKeptAndBroughtFromTheKeyboard(t *testing.T) {
	ps := newMemParties()
	m, _, sess := partyModel(t, ps)
	m, _ = keys(m, "enter") // the demo
	if sess.Fight == nil {
		t.Fatal("no demo")
	}
	g := combatant(m, "Gavvin")
	m = do(t, m, engine.Damage{Who: g.ID, Amount: g.HP - 22, Bare: true})
	m = do(t, m, engine.GiveCondition{Who: g.ID, Condition: "confused"})
	if g = combatant(m, "Gavvin"); g.HP != 22 {
		t.Fatalf("Gavvin at %d", g.HP)
	}
	most := g.MaxHP

	m, _ = keys(m, "P")
	m = choose(t, m, "End the fight")
	if m.fight().Current().Status != engine.StatusEnded {
		t.Fatal("the fight did not end")
	}
	if s := screenText(m); !strings.Contains(s, "Keep the party?") || !strings.Contains(s, "Gavvin 22/") {
		t.Fatalf("no offer to keep the party:\n%s", s)
	}
	m, _ = keys(m, "esc")
	if len(ps.kept) != 0 {
		t.Fatal("esc kept the party")
	}
	m, _ = keys(m, "u", "P") // undo the end, and end it again
	m = choose(t, m, "End the fight")
	m, _ = keys(m, "The Company", "enter")
	p, ok := ps.kept["the company"]
	if !ok || len(p.Members) != 1 || p.Members[0].Name != "Gavvin" || p.Members[0].HP != 22 || p.Members[0].MaxHP != most || p.Ruleset != "pathmaster" {
		t.Fatalf("the party kept: %+v", ps.kept)
	}
	if !strings.Contains(m.status.text, "kept The Company: Gavvin") {
		t.Errorf("the status: %q", m.status.text)
	}

	// The next evening: a new fight of the ruleset offers the party.
	m, _, sess = partyModel(t, ps)
	m = choose(t, m, "New fight")
	m = choose(t, m, "Pathmaster")
	m, _ = keys(m, "Tower", "enter")
	if s := screenText(m); !strings.Contains(s, "Bring a party into Tower?") || !strings.Contains(s, "The Company") {
		t.Fatalf("no party offered:\n%s", s)
	}
	m = choose(t, m, "The Company")
	if sess.Fight == nil || sess.Name != "Tower" {
		t.Fatalf("no new fight: %q", m.status.text)
	}
	g = combatant(m, "Gavvin")
	if g == nil || g.HP != 22 || g.MaxHP != most || !slices.ContainsFunc(g.Conditions, func(c engine.Condition) bool { return c.ID == "confused" }) {
		t.Fatalf("Gavvin in the next fight: %+v", g)
	}

	// Declined: a fight without the party.
	m, _, sess = partyModel(t, ps)
	m = choose(t, m, "New fight")
	m = choose(t, m, "Pathmaster")
	m, _ = keys(m, "Road", "enter")
	m = choose(t, m, "Without a party")
	if sess.Name != "Road" || len(m.fight().Current().Combatants) != 0 {
		t.Fatalf("declined, the fight has: %+v", m.fight().Current().Combatants)
	}

	// A fight of another ruleset lists the party with why it cannot come.
	m, _, _ = partyModel(t, ps)
	m = choose(t, m, "New fight")
	m = choose(t, m, "Basic Roleplaying")
	m, _ = keys(m, "Cave", "enter")
	m = choose(t, m, "The Company")
	if s := screenText(m); !strings.Contains(s, "a party of pathmaster") || m.dlg == nil {
		t.Fatalf("a party of another ruleset was taken:\n%s", s)
	}
}

// A fight with nobody on the side party ends without an offer; with no
// parties kept a new fight is made at once.
func TestNoPartyNoOffer(t *testing.T) {
	ps := newMemParties()
	m, _, sess := partyModel(t, ps)
	m = choose(t, m, "New fight")
	m = choose(t, m, "Pathmaster")
	m, _ = keys(m, "Alley", "enter")
	if sess.Name != "Alley" || m.dlg != nil {
		t.Fatalf("with no party kept: %q %T", sess.Name, m.dlg)
	}
	m = do(t, m, engine.Add{Combatants: []engine.NewCombatant{{Name: "Rat", HP: 3}, {Name: "Cat", HP: 3}}})
	m = do(t, m, engine.Start{})
	m, _ = keys(m, "P")
	m = choose(t, m, "End the fight")
	if m.dlg != nil || m.fight().Current().Status != engine.StatusEnded {
		t.Errorf("a fight with no party: %T\n%s", m.dlg, screenText(m))
	}
}

// A wounded hero can be typed into a fight: hp=22/58 in the add dialog
// joins at 22 of 58 (hp=22 alone is 22 of 22); more than the most is
// refused with the reason.
func TestAddWounded(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "a", "Hero hp=22/58 side=party", "enter")
	if c := combatant(m, "Hero"); c == nil || c.HP != 22 || c.MaxHP != 58 || c.Side != "party" {
		t.Fatalf("Hero: %+v\n%s", c, screenText(m))
	}
	m, _ = keys(m, "a", "Sage hp=22", "enter")
	if c := combatant(m, "Sage"); c == nil || c.HP != 22 || c.MaxHP != 22 {
		t.Fatalf("Sage: %+v", c)
	}
	m, _ = keys(m, "a", "Brute hp=60/58", "enter")
	if combatant(m, "Brute") != nil || !strings.Contains(screenText(m), "what is left (before the /)") {
		t.Errorf("hp=60/58:\n%s", screenText(m))
	}
}

// listed is an open pick list, whatever its items hold.
type listed interface {
	labelAt(i int) string
	cursor() (sel, count int)
}

func (p *pick[T]) labelAt(i int) string     { return p.at(i).label }
func (p *pick[T]) cursor() (sel, count int) { return p.sel, p.count() }
