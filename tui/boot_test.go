package tui

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// bootRecorder is a root model that writes down what it is given.
type bootRecorder struct {
	got *[]tea.Msg
}

type bootInitMsg struct{}

func (r bootRecorder) Init() tea.Cmd { return func() tea.Msg { return bootInitMsg{} } }
func (r bootRecorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	*r.got = append(*r.got, msg)
	return r, nil
}
func (r bootRecorder) View() tea.View { return tea.NewView("tracker") }

func TestBootHandsOverInOrder(t *testing.T) {
	var got []tea.Msg
	loads := 0
	var root tea.Model = NewBoot(func() tea.Model { loads++; return bootRecorder{got: &got} })
	v := root.View()
	if !v.AltScreen || v.Content != "" || v.WindowTitle != "fray" {
		t.Errorf("before the load the screen is empty on the alternate screen, titled: %+v", v)
	}
	cmd := root.Init()
	if loads != 0 {
		t.Fatal("the load ran on the event loop, not in a command")
	}
	early := []tea.Msg{
		tea.WindowSizeMsg{Width: 100, Height: 30},
		tea.KeyPressMsg{Code: 'n', Text: "n"},
		QuitMsg{},
	}
	for _, m := range early {
		var c tea.Cmd
		root, c = root.Update(m)
		if c != nil {
			t.Fatalf("Boot answered %T before the tracker existed", m)
		}
	}
	if len(got) != 0 {
		t.Fatal("messages reached the tracker before it was built")
	}
	booted := cmd()
	if loads != 1 {
		t.Fatalf("the load ran %d times", loads)
	}
	root, cmd = root.Update(booted)
	if _, ok := root.(bootRecorder); !ok {
		t.Fatalf("after the load the root model is %T, not the tracker", root)
	}
	if !reflect.DeepEqual(got, early) {
		t.Errorf("the tracker was given %v, want %v in that order", got, early)
	}
	if cmd == nil {
		t.Fatal("the tracker's Init was dropped")
	}
	// Its Init's command is among those returned.
	found := false
	switch msg := cmd().(type) {
	case bootInitMsg:
		found = true
	case tea.BatchMsg:
		for _, c := range msg {
			if c != nil {
				if _, ok := c().(bootInitMsg); ok {
					found = true
				}
			}
		}
	}
	if !found {
		t.Error("the tracker's Init command is not in the batch")
	}
	// Later messages go straight to the tracker.
	root.Update(tea.KeyPressMsg{Code: 'j', Text: "j"})
	if len(got) != len(early)+1 {
		t.Error("a message after the hand-over was not delivered")
	}
}

func TestBootWithoutModelQuits(t *testing.T) {
	var root tea.Model = NewBoot(func() tea.Model { return nil })
	_, cmd := root.Update(root.Init()())
	if cmd == nil {
		t.Fatal("no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("a load that builds nothing does not end the program")
	}
}

func TestNoticesShowAtStart(t *testing.T) {
	note := "house.toml:3:5: unknown key \"speed\" (file skipped)"
	m := New(shippedLib, newMemStore(), &Session{}, Options{NoColor: true, Notices: []string{note}})
	m, _ = run(m, tea.WindowSizeMsg{Width: 120, Height: 24})
	if s := screenText(m); !strings.Contains(s, note) {
		t.Errorf("the start screen does not show the content problem:\n%s", s)
	}
}
