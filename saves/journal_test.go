package saves

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fray/session"
)

// crashed makes a fight with a snapshot and n changes in its journal, the
// last snapshot not taken, as a kill leaves it. It returns the store and
// the save's path.
func crashed(t testing.TB, n int) (*Store, string) {
	t.Helper()
	st := NewStore(t.TempDir(), shippedRules, time.Now)
	return st, reference(t, st, n).Path
}

// reference plays the first k changes of crashed's fight in st, and
// crashes; it returns the session.
func reference(t testing.TB, st *Store, k int) *session.Session {
	t.Helper()
	sess, w := newFightW(t, st, "pathmaster", 10)
	if last := play(t, sess, 5, k); last > 0 {
		if err := sess.Wait(last); err != nil {
			t.Fatal(err)
		}
	}
	w.crash()
	return sess
}

// lines returns a journal's lines, each with its newline.
func journalLines(data []byte) [][]byte {
	return bytes.SplitAfter(data, []byte("\n"))
}

// The journal's damage, case by case: a fight opens with every change
// before it, says what was dropped, keeps the journal aside when more than a
// line cut short by the crash is dropped, and goes on from there.
func TestDamagedJournals(t *testing.T) {
	const n = 12
	flip := func(line int) func([]byte) []byte {
		return func(d []byte) []byte {
			ls := journalLines(d)
			l := ls[line]
			l[len(l)/2] ^= 0x20
			return bytes.Join(ls, nil)
		}
	}
	header := 3 // two lines of comment, then the header: change k is line header+k-1 (from 0)
	cases := []struct {
		name   string
		damage func([]byte) []byte
		keep   int    // changes kept
		notice string // in the notices
		aside  bool   // the journal is kept aside
	}{
		{"none", func(d []byte) []byte { return d }, n, "", false},
		{"the last line cut short", func(d []byte) []byte { return d[:len(d)-9] }, n - 1, "cut short by a crash", false},
		{"the last line's newline missing", func(d []byte) []byte { return d[:len(d)-1] }, n - 1, "cut short by a crash", false},
		{"a byte flipped in the middle", flip(header + 4), 4, "damaged (its checksum does not match)", true},
		{"a byte flipped in the last line", flip(header + n - 1), n - 1, "damaged", true},
		{"two lines out of order", func(d []byte) []byte {
			ls := journalLines(d)
			ls[header+5], ls[header+6] = ls[header+6], ls[header+5]
			return bytes.Join(ls, nil)
		}, 5, "where change 6 should be", true},
		{"a line twice", func(d []byte) []byte {
			ls := journalLines(d)
			return bytes.Join(append(ls[:header+8:header+8], append([][]byte{ls[header+7]}, ls[header+8:]...)...), nil)
		}, 8, "where change 9 should be", true},
		{"garbage after the last line", func(d []byte) []byte { return append(d, "\x00\x00\x1b[2J\n"...) }, n, "not a journal line", true},
		{"no header", func(d []byte) []byte {
			ls := journalLines(d)
			return bytes.Join(append(ls[:2:2], ls[3:]...), nil)
		}, 0, "does not start with its header", true},
		{"a header with a damaged id", func(d []byte) []byte {
			i := bytes.Index(d, []byte("fight = \""))
			d[i+9] ^= 1
			return d
		}, 0, "damaged", true},
		{"another fight's", func(d []byte) []byte {
			ls := journalLines(d)
			ls[2], _ = appendLine(nil, "journal", jheader{Version: 1, Fight: "0123456789abcdef"}, "")
			return bytes.Join(ls, nil)
		}, 0, "not this fight's", true},
		{"empty", func(d []byte) []byte { return nil }, 0, "", false},
		{"one that goes on from after the save", func(d []byte) []byte {
			// Numbered as if five changes were missing between the save
			// and the journal: none of it can be applied.
			j := readJournal(d)
			out, _ := appendLine(nil, "journal", jheader{Version: 1, Fight: j.header.Fight, After: j.header.After + 5}, "")
			for _, l := range j.lines {
				out, _ = appendLine(out, strconv.Itoa(l.n+5), l.rec, "")
			}
			return out
		}, 0, "the journal goes on from change 5, the save holds 0", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, p := crashed(t, n)
			jp := journalPath(p)
			data, _ := os.ReadFile(jp)
			bad := c.damage(bytes.Clone(data))
			os.WriteFile(jp, bad, 0o644)
			start := time.Now()
			sv, err := st.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("opening took %v", d)
			}
			notices := strings.Join(sv.Notices, "\n")
			if c.notice == "" && notices != "" || !strings.Contains(notices, c.notice) {
				t.Errorf("notices %q, want %q", notices, c.notice)
			}
			want := reference(t, NewStore(t.TempDir(), shippedRules, time.Now), c.keep)
			sameFight(t, "opened", sv.Fight, want.Fight, sv.Source.State(), want.Source.State())
			aside, _ := filepath.Glob(jp + ".kept-*")
			if c.aside != (len(aside) == 1) {
				t.Fatalf("kept aside: %v, want %v", aside, c.aside)
			}
			if c.aside {
				if kept, _ := os.ReadFile(aside[0]); !bytes.Equal(kept, bad) {
					t.Error("the journal kept aside is not the journal as it was")
				}
			}
			// It goes on from there, and what is made then is kept.
			sess := &session.Session{}
			sess.Open(sv)
			last := play(t, sess, 6, 4)
			sess.Wait(last)
			sv.Journal.(*writer).crash()
			again, err := st.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Journal.Close()
			if len(again.Notices) > 0 {
				t.Errorf("reopened: %v", again.Notices)
			}
			sameFight(t, "reopened", again.Fight, sess.Fight, again.Source.State(), sess.Source.State())
		})
	}
}

// The journal reader never panics and never takes a line it should not:
// torn tails, flipped bytes, lines out of order or from elsewhere. What it
// reads is a run of changes numbered from its header on, and reading its
// good part again reads the same.
func FuzzJournal(f *testing.F) {
	_, p := crashed(f, 8)
	good, _ := os.ReadFile(journalPath(p))
	f.Add(good)
	f.Add(good[:len(good)-5])
	ls := journalLines(bytes.Clone(good))
	ls[4], ls[5] = ls[5], ls[4]
	f.Add(bytes.Join(ls, nil))
	f.Add([]byte("journal 00000000 {version = 1}\n"))
	save, _ := os.ReadFile(p)
	base, _ := decode(p, save, shippedRules)
	f.Fuzz(func(t *testing.T, data []byte) {
		j := readJournal(data)
		if j.good > len(data) || j.good < 0 {
			t.Fatalf("good part %d of %d bytes", j.good, len(data))
		}
		for i, l := range j.lines {
			if l.n != j.header.After+1+i || l.rec.check() != nil || l.end > j.good {
				t.Fatalf("line %d: %+v", i, l)
			}
		}
		again := readJournal(data[:j.good])
		if len(again.lines) != len(j.lines) || again.bad != "" && again.bad != "the journal has no header" {
			t.Fatalf("the good part reads otherwise: %d lines, %q", len(again.lines), again.bad)
		}
		// Done again on the fight, whatever it holds, it may stop, not panic.
		if len(j.lines) > 0 && j.lines[len(j.lines)-1].n > base.changes {
			l, _ := decode(p, save, shippedRules)
			replayJournal(l.saved.Fight, j, base.changes, l.saved.Source.State())
		}
	})
}
