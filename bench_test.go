package main

import (
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// BenchmarkFirstFrame is fray up to its first frame, in process: the
// content opened (shipped and the user's directory), then for fray demo
// the demo built, named and locked, and the first View; for fray, the
// start screen's. As fray starts but the first time, the content's index
// is in the cache; first_start makes it, parsing everything. What tmux
// adds around it (the process, the terminal, the renderer's first tick) is
// measured by BenchmarkTmuxFirstFrame (e2e tag).
func BenchmarkFirstFrame(b *testing.B) {
	for _, c := range []struct {
		name  string
		demo  bool
		index bool
	}{{"demo", true, true}, {"start_screen", false, true}, {"demo_first_start", true, false}} {
		b.Run(c.name, func(b *testing.B) {
			b.Setenv("XDG_CONFIG_HOME", b.TempDir())
			b.Setenv("XDG_DATA_HOME", b.TempDir())
			b.Setenv("XDG_CACHE_HOME", b.TempDir())
			if err := os.MkdirAll(saves.Dir(), 0o755); err != nil {
				b.Fatal(err)
			}
			openContent()
			for b.Loop() {
				if !c.index {
					b.StopTimer()
					os.RemoveAll(content.CacheDir())
					b.StartTimer()
				}
				lib, _ := openContent()
				shelf := lib.Tracker()
				st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
				sess := &session.Session{}
				m := tui.New(shelf, st, sess, tui.Options{Seed: func() uint64 { return 1 }, Demo: c.demo})
				if v := m.View(); len(v.Content) == 0 || lib.Cached != c.index {
					b.Fatal("no first frame, or not the index asked for")
				}
				b.StopTimer()
				sess.Close() // the demo's save, written meanwhile in the background
				os.RemoveAll(saves.Dir())
				os.MkdirAll(saves.Dir(), 0o755)
				b.StartTimer()
			}
		})
	}
}

// BenchmarkOpenToFirstFrame is fray FILE on a fight of 10,000 logged
// events, up to its first frame, in process: the content loaded, the save
// read and checked, its journal read and its writer started, the model
// made and its first View. Its history is replayed after that frame, a
// stretch at a time (BenchmarkReplay, package saves).
func BenchmarkOpenToFirstFrame(b *testing.B) {
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	b.Setenv("XDG_DATA_HOME", b.TempDir())
	b.Setenv("XDG_CACHE_HOME", b.TempDir())
	lib, _ := openContent()
	shelf := lib.Tracker()
	st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
	rs, hash, _ := shelf.Ruleset("pathmaster")
	src := dice.NewSource(1)
	f := engine.NewFight(rs, engine.NewEncounter("Long", rs), src)
	f.Do(engine.Add{Combatants: []engine.NewCombatant{{Name: "Gavvin", HP: 900}, {Name: "Orc 1", HP: 900}, {Name: "Orc 2", HP: 900}, {Name: "Orc 3", HP: 900}}})
	f.Do(engine.Start{})
	for events := len(f.Log()); events < 10000; {
		for _, cmd := range []engine.Command{engine.Next{}, engine.Damage{Who: 2, Expr: "1d4"}} {
			ev, _ := f.Do(cmd)
			events += len(ev)
		}
	}
	sv := session.Saved{Name: "Long", Fight: f, Source: src, Hash: hash, Path: st.NewPath("Long")}
	j, err := st.Create(sv.Path, sv.Snapshot(), false)
	if err != nil {
		b.Fatal(err)
	}
	j.Close()
	b.ResetTimer()
	for b.Loop() {
		lib, _ := openContent()
		shelf := lib.Tracker()
		st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
		sess := &session.Session{}
		if code := openSave(st, sess, sv.Path, io.Discard); code != 0 || sess.ReadOnly {
			b.Fatal("not opened, or opened read-only")
		}
		m := tui.New(shelf, st, sess, tui.Options{})
		if v := m.View(); !strings.Contains(v.Content, "Long") {
			b.Fatal("not the fight")
		}
		b.StopTimer()
		sess.Close()
		b.StartTimer()
	}
}
