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
	st, path, code := watchedFight("watch", args, stderr)
	if code != 0 {
		return code
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	fd := newFeed(st, path)
	go fd.run(ctx)
	w := saves.StartWatch(path, 1)
	defer w.Stop()

	p := tea.NewProgram(playerview.New(fd.current(), os.Getenv("NO_COLOR") != ""),
		tea.WithFPS(120)) // Bubble Tea works out the colours, tmux's answer and all
	push, stopPush := latest(func(f playerview.Fight) { p.Send(playerview.FightMsg{Fight: f}) })
	defer stopPush()
	defer fd.subscribe(push)()
	push(fd.current()) // what changed before the subscription
	if _, err := p.Run(); err != nil {
		fmt.Fprintln(stderr, "fray watch:", err)
		return 1
	}
	return 0
}

// watchedFight is the store and the fight a viewer follows: the one named,
// or the fight changed last.
func watchedFight(cmd string, args []string, stderr io.Writer) (*saves.Store, string, int) {
	lib, probs := openContent()
	for _, p := range probs {
		fmt.Fprintf(stderr, "fray: %v (file skipped)\n", p)
	}
	dir := saves.Dir()
	st := saves.NewStore(dir, lib.Tracker().Ruleset, time.Now)
	if len(args) == 1 {
		return st, args[0], 0
	}
	list, err := st.List()
	if err != nil {
		fmt.Fprintf(stderr, "fray %s: %v\n", cmd, err)
		return nil, "", 1
	}
	for _, s := range list {
		if s.Problem == "" {
			return st, s.Path, 0
		}
	}
	fmt.Fprintf(stderr, "fray %s: no saved fight in %s to follow (name one: fray %s FILE)\n", cmd, dir, cmd)
	return nil, "", 1
}
