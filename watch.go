package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	"fray/playerview"
	"fray/saves"
)

// cmdWatch shows the player view of a fight in this terminal (a TV at the
// table, a second monitor), following it as the GM's fray saves it. It
// takes no lock and writes nothing of the fight.
func cmdWatch(args []string, stderr io.Writer) int {
	if len(args) > 1 {
		fmt.Fprintln(stderr, "fray watch: one saved fight at most (fray ls lists them)")
		return 2
	}
	st, path, follow, code := watchedFight("watch", args, stderr)
	if code != 0 {
		return code
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	fd, w := startFeed(ctx, st, path, follow, 1, nil)
	defer w.Stop()

	p := tea.NewProgram(playerview.New(fd.current(), os.Getenv("NO_COLOR") != ""),
		tea.WithFPS(120)) // Bubble Tea works out the colours, tmux's answer and all
	push, stopPush := latest(func(f playerview.Heard) { p.Send(playerview.HeardMsg{Heard: f}) })
	defer stopPush()
	defer fd.subscribe(push)()
	push(fd.current()) // what changed before the subscription
	if _, err := p.Run(); err != nil {
		fmt.Fprintln(stderr, "fray watch:", err)
		return 1
	}
	return 0
}

// startFeed starts following the fight at path for a viewer with n
// players (more come with Watch.Set), or, with follow, the fight the GM
// has open, from path on; moved, when set, hears of each move. The GM's
// tracker counts the players, on the fight they watch. The caller stops
// the Watch.
func startFeed(ctx context.Context, st *saves.Store, path string, follow bool, n int, moved func(path string)) (*feed, *saves.Watch) {
	fd := newFeed(st, path)
	w := saves.StartWatch(path, n)
	if follow {
		fd.followGM(st.Dir(), func(p string) {
			w.Move(p)
			if moved != nil {
				moved(p)
			}
		})
	}
	go fd.run(ctx)
	return fd, w
}

// watchedFight is the store and the fight a viewer follows: the one named,
// or (follow) the fight the GM has open, as the GM's tracker says, moving
// with the GM from fight to fight; until the GM opens one, the fight
// changed last, or none yet ("").
func watchedFight(cmd string, args []string, stderr io.Writer) (st *saves.Store, path string, follow bool, code int) {
	lib, probs := openContent()
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
	dir := saves.Dir()
	st = saves.NewStore(dir, lib.Tracker().Ruleset, time.Now)
	if len(args) == 1 {
		// A fight's file (waited for when the GM has not saved it yet),
		// or a saved fight's name; a directory is never a fight.
		path := args[0]
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			fmt.Fprintf(stderr, "fray %s: %s is a directory: name a fight's file, or a fight (fray ls lists them)\n", cmd, path)
			return nil, "", false, 2
		} else if err != nil {
			if p, ferr := fightPath(path); ferr == nil {
				path = p
			}
		}
		return st, path, false, 0
	}
	if p, ok := saves.Playing(dir); ok {
		return st, p, true, 0
	}
	list, err := st.List()
	if err != nil {
		fmt.Fprintf(stderr, "fray %s: %v\n", cmd, err)
		return nil, "", false, 1
	}
	for _, s := range list {
		if s.Problem == "" {
			return st, s.Path, true, 0
		}
	}
	return st, "", true, 0
}
