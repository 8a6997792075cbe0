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

// TestEveryBindingHasHelp: every key of the KeyMap is a row of the key
// table, and shown by the help of a mode it is live in (the keys screen or
// the help bar), so a key added to the map is a key a GM can find.
func TestEveryBindingHasHelp(t *testing.T) {
	k := DefaultKeyMap()
	c := &common{keys: k, table: bindings(k)}
	shown := map[string]bool{}
	for md := modeStart; md <= modeDialog; md++ {
		h := keyHelp{c: c, mode: md}
		for _, b := range append(h.ShortHelp(), h.FullHelp()[0]...) {
			shown[b.Help().Key+" "+b.Help().Desc] = true
		}
	}
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		b := v.Field(i).Interface().(key.Binding)
		if len(b.Keys()) == 0 || !shown[b.Help().Key+" "+b.Help().Desc] {
			t.Errorf("KeyMap.%s (%v) is in no help", v.Type().Field(i).Name, b.Keys())
		}
	}
}

// In every mode, each live row of the key table has a key of its own: no
// row is shadowed by an earlier one, and on the tracker no key does two
// things.
func TestKeyTableRowsAreLive(t *testing.T) {
	table := bindings(DefaultKeyMap())
	for md := modeStart; md < modeDialog; md++ {
		taken := map[string]int{}
		for i, b := range table {
			if !b.live.has(md) || b.do == nil {
				continue
			}
			own := false
			for _, k := range b.key.Keys() {
				if j, ok := taken[k]; ok {
					if md != modeStart {
						t.Errorf("mode %d: %q is both row %d (%s) and row %d (%s)", md, k, j, table[j].key.Help().Desc, i, b.key.Help().Desc)
					}
					continue
				}
				taken[k], own = i, true
			}
			if !own {
				t.Errorf("mode %d: row %d (%s) is shadowed: every key of it is an earlier row's", md, i, b.key.Help().Desc)
			}
		}
	}
}

// The help bar follows the mode: marked combatants make d and s act on all
// of them, and say so; a read-only window offers only what changes nothing.
func TestHelpBarFollowsTheMode(t *testing.T) {
	m, _, _ := demo(t)
	if bar := lastLine(screenText(m)); !strings.Contains(bar, "d damage •") {
		t.Fatalf("the tracker's bar: %q", bar)
	}
	m, _ = keys(m, "v")
	if m.mode() != modeMarking {
		t.Fatalf("v: mode %d", m.mode())
	}
	if bar := lastLine(screenText(m)); !strings.Contains(bar, "d damage the marked") {
		t.Errorf("the marking bar: %q", bar)
	}
	m, _ = keys(m, "v")
	if m.mode() != modeTracker {
		t.Fatalf("v again: mode %d", m.mode())
	}
	m.sess.ReadOnly = true
	if m.mode() != modeReadOnly {
		t.Fatalf("read-only: mode %d", m.mode())
	}
	m, _ = keys(m, "d")
	if m.dlg != nil || !strings.Contains(m.status.text, "read-only") {
		t.Errorf("d in a read-only window: dialog %T, status %q", m.dlg, m.status.text)
	}
	m, _ = keys(m, "j", "?")
	if _, ok := m.dlg.(*keysDialog); !ok {
		t.Fatalf("? in a read-only window: %T", m.dlg)
	}
	if s := screenText(m); strings.Contains(s, "damage") || !strings.Contains(s, "save as") {
		t.Errorf("the keys screen of a read-only window:\n%s", s)
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

// The footer advertises only keys the ruleset has a use for, and no key
// that changes the fight in a read-only window.
func TestFooterOnlyOffersWhatTheRulesetHas(t *testing.T) {
	m := fightIn(t, "brp", "Yvarre", "Bandit")
	foot := lastLine(screenText(m))
	if strings.Contains(foot, "m spend") || !strings.Contains(foot, "d damage") {
		t.Errorf("brp has no action list; the footer: %q", foot)
	}
	m, _ = keys(m, "?")
	if strings.Contains(screenText(m), "spend an action") || strings.Contains(screenText(m), "cast a spell") {
		t.Errorf("the keys screen offers what brp lacks:\n%s", screenText(m))
	}
	m, _ = keys(m, "esc")
	m.sess.ReadOnly = true
	foot = lastLine(screenText(m))
	for _, k := range []string{"d damage", "n/space", "u undo", "s stun"} {
		if strings.Contains(foot, k) {
			t.Errorf("a read-only window offers %q: %q", k, foot)
		}
	}
}
