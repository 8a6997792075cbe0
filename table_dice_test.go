package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/export"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// Table dice (t) are a setting of the fight, saved with it: a fight the GM
// left asking for the faces rolled at the table reopens asking for them,
// its header saying so, and fray rolls nothing by itself. t is a step: u
// takes it back, and the players' log never reads it.
func TestTableDiceReopenAsTheyWereLeft(t *testing.T) {
	dir := gmTable(t)
	if code, _, errs := runCLI(t, "new", "Ford", "--rules", "pathmaster", "--add", "new: Hero hp=58 side=party", "--add", "Orc"); code != 0 {
		t.Fatalf("fray new: %d %s", code, errs)
	}
	path := filepath.Join(dir, "ford.toml")
	open := func() (tea.Model, *session.Session) {
		st := saves.NewStore(dir, shelf(t).Ruleset, time.Now)
		sv, err := st.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sess := &session.Session{}
		sess.Open(sv)
		var m tea.Model = tui.New(shelf(t), st, sess, tui.Options{NoColor: true})
		return drive(m, tea.WindowSizeMsg{Width: 120, Height: 40}), sess
	}
	screen := func(m tea.Model) string { return ansiRE.ReplaceAllString(m.View().Content, "") }

	m, sess := open()
	if strings.Contains(screen(m), "[table dice]") {
		t.Fatalf("table dice on in a new fight:\n%s", screen(m))
	}
	m = drive(m, press("t"))
	if !strings.Contains(screen(m), "[table dice]") || !strings.Contains(screen(m), "Table dice on") {
		t.Fatalf("t: no [table dice] in the header, or no line in the log:\n%s", screen(m))
	}
	var players bytes.Buffer
	if err := export.Write(&players, "Ford", sess.Fight, "txt", export.Options{Player: true}); err != nil {
		t.Fatal(err)
	}
	if w := watchScreen(sess.Fight.Rules, sess.Fight, 100, 40); strings.Contains(w+players.String(), "able dice") {
		t.Errorf("the players read of the GM's table dice:\n%s\n%s", w, players.String())
	}
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	if !openedFight(t, path).TableDice {
		t.Fatal("the save does not keep table dice on")
	}

	m, sess = open()
	if !strings.Contains(screen(m), "[table dice]") {
		t.Fatalf("the fight reopened without table dice:\n%s", screen(m))
	}
	m = drive(m, press("n")) // start: initiative rolled at the table
	if s := screen(m); !strings.Contains(s, "Dice rolled at the table") {
		t.Fatalf("the reopened fight rolled its initiative itself:\n%s", s)
	}
	m = drive(m, tea.KeyPressMsg{Code: tea.KeyEscape})
	m = drive(m, press("u"))
	if s := screen(m); strings.Contains(s, "[table dice]") {
		t.Errorf("u did not take table dice back:\n%s", s)
	}
	if err := sess.Close(); err != nil {
		t.Fatal(err)
	}
	if openedFight(t, path).TableDice {
		t.Error("the save keeps table dice on after u took it back")
	}
}
