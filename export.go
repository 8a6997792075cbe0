package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"fray/export"
	"fray/saves"
)

// cmdExport writes the record of a saved fight to stdout: fray export FIGHT
// [--format md|txt|json] [--player], the fight by its name or its file. It reads the save as a follower does, without
// its lock, so a fight open in another fray can be exported as it stands.
func cmdExport(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"format": true, "player": false})
	format := "md"
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray export:", msg)
		return 2
	case len(rest) != 1:
		fmt.Fprintln(stderr, "fray export: which fight? fray export FIGHT [--format md|txt|json] [--player] (a name or a file: "+
			"fray ls lists them)")
		return 2
	case len(fl["format"]) > 1:
		fmt.Fprintln(stderr, "fray export: one --format")
		return 2
	case len(fl["format"]) == 1:
		format = strings.ToLower(fl["format"][0])
	}
	if !slices.Contains(export.Formats, format) {
		fmt.Fprintf(stderr, "fray export: no format %q: md, txt or json\n", format)
		return 2
	}
	lib, _ := openContent()
	shelf := lib.Tracker()
	st := saves.NewStore(saves.Dir(), shelf.Ruleset, time.Now)
	path, err := fightPath(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "fray export:", err)
		return 1
	}
	fol, err := st.Follow(path)
	if err != nil {
		fmt.Fprintln(stderr, "fray export:", err)
		return 1
	}
	s := fol.Saved()
	w := bufio.NewWriter(stdout)
	err = export.Write(w, s.Name, s.Fight, format, export.Options{Player: len(fl["player"]) > 0})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "fray export:", err)
		return 1
	}
	return 0
}
