package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestHelpKey(t *testing.T) {
	m, _, _ := demo(t)
	m, _ = keys(m, "?")
	s := screenText(m)
	for _, want := range []string{"Keys", "next step", "undo", "redo", "set initiative", "move later", "save as", "typing the dice"} {
		if !strings.Contains(s, want) {
			t.Errorf("? lacks %q", want)
		}
	}
	m, _ = keys(m, "x") // any key closes
	if m.dlg != nil {
		t.Fatal("help stays open")
	}
}

// TestEveryBindingHasHelp: every key of the KeyMap is shown by the help of
// some mode (the keys screen, the start screen's or a dialog's help bar) or
// by the confirm dialog's hint, so a key added to the map is a key a GM can
// find.
func TestEveryBindingHasHelp(t *testing.T) {
	k := DefaultKeyMap()
	shown := map[string]bool{}
	add := func(bs ...key.Binding) {
		for _, b := range bs {
			shown[b.Help().Key+" "+b.Help().Desc] = true
		}
	}
	for _, col := range (trackerHelp{k: k}).FullHelp() {
		add(col...)
	}
	add((startHelp{k}).ShortHelp()...)
	add((dialogHelp{k}).ShortHelp()...)
	add(k.Yes, k.No) // the confirm dialog's hint
	fights := newFightsDialog(newPick("", "", nil, false, nil))
	fights.lend(&common{keys: k})
	add(fights.ShortHelp()...) // the saved fights' own keys, in their help bar
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		b := v.Field(i).Interface().(key.Binding)
		if len(b.Keys()) == 0 || !shown[b.Help().Key+" "+b.Help().Desc] {
			t.Errorf("KeyMap.%s (%v) is in no help", v.Type().Field(i).Name, b.Keys())
		}
	}
}

// TestNoKeyMatchedByItsString: keys go through the KeyMap and key.Matches,
// never compared as text, so the help and the keys cannot drift apart.
func TestNoKeyMatchedByItsString(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	byString := regexp.MustCompile(`msg\.(String|Keystroke)\(\)|\.Code ==|\.Text ==`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if byString.MatchString(line) {
				t.Errorf("%s:%d matches a key by its text: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
