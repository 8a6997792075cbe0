package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"fray/session"
)

// Remove and Rename make the memory store a session.FightFiles, as the
// files' store is.
func (s *memStore) Remove(path string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[path] {
		return nil, session.ErrLocked
	}
	delete(s.saved, path)
	return []string{path}, nil
}

func (s *memStore) Archive(path string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[path] {
		return "", session.ErrLocked
	}
	s.kept["archive/"+path] = s.saved[path]
	delete(s.saved, path)
	return "archive/" + path, nil
}

func (s *memStore) Archived() ([]session.SaveInfo, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []session.SaveInfo
	for p, snap := range s.kept {
		out = append(out, session.SaveInfo{Path: p, Name: snap.Name, Ruleset: snap.Rules.ID, Round: snap.Current.Round})
	}
	slices.SortFunc(out, func(a, b session.SaveInfo) int { return strings.Compare(a.Path, b.Path) })
	return out, nil
}

func (s *memStore) Restore(path string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	back, ok := strings.CutPrefix(path, "archive/")
	if !ok || s.locks[path] {
		return "", session.ErrLocked
	}
	s.saved[back] = s.kept[path]
	delete(s.kept, path)
	return back, nil
}

func (s *memStore) Rename(path, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[path] {
		return session.ErrLocked
	}
	snap := s.saved[path]
	snap.Name = name
	s.saved[path] = snap
	return nil
}

// Fights pile up: on the start screen's list of saved fights, ctrl+d
// removes the one the cursor is on (asked first) and ctrl+r renames it;
// the list is read again after each, and one open in another fray is left
// alone with the reason.
func TestFightsRemovedAndRenamedFromTheStartScreen(t *testing.T) {
	m, st, sess := newModel(t)
	for _, name := range []string{"Demo: Gavvin and the orcs", "Demo: Gavvin and the orcs", "Bridge"} {
		m = choose(t, m, "New fight")
		m = choose(t, m, "Pathmaster")
		m, _ = keys(m, name, "enter")
		if sess.Name != name {
			t.Fatalf("no fight %s: %q", name, m.status.text)
		}
		sess.Close()
		m, _, sess = newModelOn(t, st)
	}
	m = choose(t, m, "Open a saved fight")
	if s := screenText(m); !strings.Contains(s, "ctrl+d") || !strings.Contains(s, "ctrl+r") {
		t.Errorf("the list does not say its keys:\n%s", s)
	}
	// The cursor is on the first: bridge.toml.
	m, _ = keys(m, "ctrl+d")
	if s := screenText(m); !strings.Contains(s, "Remove Bridge") {
		t.Fatalf("no question:\n%s", s)
	}
	m, _ = keys(m, "n")
	if _, ok := st.saved["bridge.toml"]; !ok {
		t.Fatal("no removed the fight")
	}
	m = choose(t, m, "Open a saved fight")
	m, _ = keys(m, "ctrl+d", "y")
	if _, ok := st.saved["bridge.toml"]; ok || !strings.Contains(m.status.text, "removed Bridge") {
		t.Fatalf("yes left the fight: %q", m.status.text)
	}
	d, ok := m.dlg.(*fightsDialog)
	if !ok || d.count() != 2 || strings.Contains(d.at(0).label+d.at(1).label, "Bridge") {
		t.Fatalf("the list is not shown again without it:\n%s", screenText(m))
	}
	// Two of one name: rename the one the cursor is on.
	renamed, other := d.at(d.sel).value, d.at(1-d.sel).value
	m, _ = keys(m, "ctrl+r")
	m, _ = keys(m, "Gavvin's last stand", "enter")
	if st.saved[renamed].Name != "Gavvin's last stand" || st.saved[other].Name != "Demo: Gavvin and the orcs" ||
		!strings.Contains(m.status.text, "is now called Gavvin's last stand") {
		t.Fatalf("renamed: %q %+v", m.status.text, st.saved)
	}
	m, _ = keys(m, "ctrl+r", "ctrl+u", "enter")
	if s := screenText(m); !strings.Contains(s, "a fight needs a name") {
		t.Errorf("an empty name:\n%s", s)
	}
	m, _ = keys(m, "esc")

	// One open elsewhere stays.
	st.locks[other] = true
	m, _, _ = newModelOn(t, st)
	m = choose(t, m, "Open a saved fight")
	for d := m.dlg.(*fightsDialog); d.at(d.sel).label != "Demo: Gavvin and the orcs"; {
		m, _ = keys(m, "down")
	}
	m, _ = keys(m, "ctrl+d", "y")
	if _, ok := st.saved[other]; !ok || !strings.Contains(m.status.text, "left as it is") {
		t.Errorf("a fight open elsewhere: %q", m.status.text)
	}
}

// newModelOn is a model on the start screen over the store st.
func newModelOn(t *testing.T, st *memStore) (Model, *memStore, *session.Session) {
	t.Helper()
	sess := &session.Session{}
	m := New(shippedLib, st, sess, Options{Seed: func() uint64 { return 42 }, NoColor: true})
	m, _ = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = run(m, m.listCmd()())
	return m, st, sess
}

// ctrl+a on the saved fights' list archives the fight the cursor is on:
// kept whole by the store, out of the list, which is read again.
func TestAFightArchivedFromTheStartScreen(t *testing.T) {
	m, st, sess := newModel(t)
	for _, name := range []string{"Ford", "Bridge"} {
		m = choose(t, m, "New fight")
		m = choose(t, m, "Pathmaster")
		m, _ = keys(m, name, "enter")
		sess.Close()
		m, _, sess = newModelOn(t, st)
	}
	m = choose(t, m, "Open a saved fight")
	if s := screenText(m); !strings.Contains(s, "ctrl+a archives") {
		t.Errorf("the list does not say ctrl+a:\n%s", s)
	}
	m, _ = keys(m, "ctrl+a") // the cursor is on the first: bridge.toml
	if _, ok := st.saved["bridge.toml"]; ok || st.kept["archive/bridge.toml"].Name != "Bridge" || !strings.Contains(m.status.text, "archived Bridge") {
		t.Fatalf("ctrl+a: %q, kept %v", m.status.text, st.kept)
	}
	d, ok := m.dlg.(*fightsDialog)
	if !ok || d.count() != 1 || d.at(0).label != "Ford" {
		t.Fatalf("the list is not shown again without it:\n%s", screenText(m))
	}
	// Brought back from the start screen: the archived list, enter on it.
	m, _ = keys(m, "esc")
	if s := screenText(m); !strings.Contains(s, "Archived fights") || !strings.Contains(s, "1 put away") {
		t.Fatalf("the start screen does not offer the archived fight:\n%s", s)
	}
	m = choose(t, m, "Archived fights")
	if s := screenText(m); !strings.Contains(s, "Bridge") || !strings.Contains(s, "enter brings the fight") {
		t.Fatalf("the archived list:\n%s", s)
	}
	m, _ = keys(m, "enter")
	if st.saved["bridge.toml"].Name != "Bridge" || len(st.kept) != 0 || !strings.Contains(m.status.text, "brought back Bridge") {
		t.Fatalf("enter on the archived fight: %q, saved %v, kept %v", m.status.text, st.saved, st.kept)
	}
	if d, ok := m.dlg.(*fightsDialog); !ok || d.count() != 2 {
		t.Fatalf("the saved fights are not listed again with it:\n%s", screenText(m))
	}
	for _, it := range m.start.menu {
		if it.label == "Archived fights" {
			t.Errorf("the start screen still offers archived fights with none left:\n%s", screenText(m))
		}
	}
}
