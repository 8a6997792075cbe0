package main

import (
	"os"
	"testing"
	"time"

	"fray/content"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// BenchmarkFirstFrame is fray demo up to its first frame, in process: the
// content loaded (shipped and the user's directory), the demo built, named and
// locked, and the first View. What tmux adds around it (the process, the
// terminal, the renderer's first tick) is measured by BenchmarkTmuxFirstFrame
// (e2e tag).
func BenchmarkFirstFrame(b *testing.B) {
	b.Setenv("XDG_CONFIG_HOME", b.TempDir())
	b.Setenv("XDG_DATA_HOME", b.TempDir())
	if err := os.MkdirAll(saves.Dir(), 0o755); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		lib, _ := content.Load(content.UserDir())
		shelf := lib.Tracker()
		st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
		sess := &session.Session{}
		m := tui.New(shelf, st, sess, tui.Options{Seed: func() uint64 { return 1 }, Demo: true})
		if v := m.View(); len(v.Content) == 0 {
			b.Fatal("no first frame")
		}
		sess.Close()
	}
}
