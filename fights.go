package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	tty "github.com/charmbracelet/x/term"

	"fray/content"
	"fray/saves"
	"fray/session"
)

// Fights pile up: fray rm and fray rename tidy the saves directory from
// the command line, each naming a fight by its name or its file.

// stdin is what fray asks the GM's yes or no on; askable says whether a
// person is there to answer (a terminal). Tests set both.
var (
	stdin   io.Reader = os.Stdin
	askable           = func() bool {
		return runtime.GOOS != "windows" && tty.IsTerminal(os.Stdin.Fd())
	}
)

// fightPath finds the fight a command names: a path to a saved fight, or a
// fight's name (in any case) in the saves directory. A name two fights
// have is refused with the file of each; a name no fight has, with the
// nearest one.
func fightPath(arg string) (string, error) {
	path, err := fightPathIn(arg, saves.Dir())
	if err != nil {
		// An archived fight is found by its name too (fray rm removes it).
		if p, aerr := fightPathIn(arg, saves.ArchiveDir(saves.Dir())); aerr == nil {
			return p, nil
		}
	}
	return path, err
}

// fightPathIn finds a fight by its file, or by its name in dir.
func fightPathIn(arg, dir string) (string, error) {
	fi, err := os.Stat(arg)
	if err == nil && !fi.IsDir() {
		return arg, nil
	}
	if err == nil && strings.ContainsRune(arg, os.PathSeparator) {
		return "", fmt.Errorf("%s is a directory: name a fight's file, or a fight (fray ls lists them)", arg)
	}
	list, err := saves.List(dir)
	if err != nil {
		return "", err
	}
	var found, names []string
	for _, sv := range list {
		if sv.Problem != "" {
			continue
		}
		names = append(names, sv.Name)
		if strings.EqualFold(strings.TrimSpace(sv.Name), strings.TrimSpace(arg)) {
			found = append(found, sv.Path)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		msg := fmt.Sprintf("no saved fight is named %q, and no file is there (fray ls lists them)", arg)
		if near := session.Nearest(arg, names); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return "", errors.New(msg)
	}
	return "", fmt.Errorf("%d saved fights are named %q: give the file of the one you mean: %s", len(found), arg, strings.Join(found, ", "))
}

// ask asks the GM a yes-or-no question on the terminal; no terminal, or
// anything but y or yes, is no.
func ask(stderr io.Writer, question string) bool {
	if !askable() {
		return false
	}
	fmt.Fprintf(stderr, "%s [y/N] ", question)
	line, _ := bufio.NewReader(stdin).ReadString('\n')
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return true
	}
	return false
}

// fightStore is a store on the saves directory, for the commands that
// read or change a fight outside the tracker.
func fightStore() *saves.Store {
	lib, _ := content.Load(content.UserDir())
	return saves.NewStore(saves.Dir(), lib.Tracker().Ruleset, time.Now)
}

// cmdRemove deletes saved fights: fray rm FIGHT... [--yes]. Each is asked
// about on the terminal (--yes: not asked); one another fray has open is
// refused.
func cmdRemove(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"yes": false})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray rm:", msg)
		return 2
	case len(rest) == 0:
		fmt.Fprintln(stderr, "fray rm: which fight? fray rm FIGHT... [--yes] (a name or a file: fray ls lists them)")
		return 2
	}
	yes := len(fl["yes"]) > 0
	if !yes && !askable() {
		fmt.Fprintln(stderr, "fray rm: removing a fight cannot be undone, and there is no terminal to ask on: say --yes to "+
			"remove without asking")
		return 2
	}
	st := fightStore()
	code := 0
	for _, arg := range rest {
		path, err := fightPath(arg)
		if err != nil {
			fmt.Fprintln(stderr, "fray rm:", err)
			code = 1
			continue
		}
		if !yes && !ask(stderr, fmt.Sprintf("Remove %s? It cannot be undone.", describeFight(path))) {
			fmt.Fprintf(stdout, "kept %s\n", path)
			continue
		}
		gone, err := st.Remove(path)
		if err != nil {
			fmt.Fprintln(stderr, "fray rm:", whyLocked(err))
			code = 1
			continue
		}
		fmt.Fprintf(stdout, "removed %s (%d file%s)\n", path, len(gone), plural(len(gone)))
	}
	return code
}

// cmdRename gives a saved fight a new name: fray rename FIGHT NAME. The
// file stays where it is.
func cmdRename(args []string, stdout, stderr io.Writer) int {
	_, rest, msg := parseFlags(args, map[string]bool{})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray rename:", msg)
		return 2
	case len(rest) != 2 || strings.TrimSpace(rest[1]) == "":
		fmt.Fprintln(stderr, "fray rename: fray rename FIGHT NAME (the fight by its name or file: fray ls lists them)")
		return 2
	}
	path, err := fightPath(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "fray rename:", err)
		return 1
	}
	name := strings.TrimSpace(rest[1])
	if err := fightStore().Rename(path, name); err != nil {
		fmt.Fprintln(stderr, "fray rename:", whyLocked(err))
		return 1
	}
	fmt.Fprintf(stdout, "%s is now called %q\n", path, name)
	return 0
}

// describeFight names a fight for a question: its name, ruleset and how far
// it has gone, and its file.
func describeFight(path string) string {
	list, _ := saves.List(filepath.Dir(path))
	for _, sv := range list {
		if sv.Path == path && sv.Problem == "" {
			return fmt.Sprintf("%q (%s, %s; %s)", sv.Name, sv.Ruleset, roundWords(sv.Round), path)
		}
	}
	return path
}

func roundWords(round int) string {
	if round == 0 {
		return "prepared"
	}
	return fmt.Sprintf("round %d", round)
}

// whyLocked says of a fight another fray has open that it is left alone.
func whyLocked(err error) string {
	if errors.Is(err, session.ErrLocked) {
		return err.Error() + ": it is left as it is (close it there first)"
	}
	return err.Error()
}

// cmdArchive puts saved fights away, kept whole but out of fray ls and the
// start screen: fray archive FIGHT...; fray archive --restore FIGHT...
// brings them back (fray ls --archived lists them). A fight another fray
// has open is left alone.
func cmdArchive(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"restore": false})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray archive:", msg)
		return 2
	case len(rest) == 0:
		fmt.Fprintln(stderr, "fray archive: which fight? fray archive FIGHT... or fray archive --restore FIGHT... "+
			"(fray ls and fray ls --archived list them)")
		return 2
	}
	restore := len(fl["restore"]) > 0
	st := fightStore()
	code := 0
	for _, arg := range rest {
		var path, to string
		var err error
		if restore {
			if path, err = fightPathIn(arg, saves.ArchiveDir(saves.Dir())); err == nil {
				to, err = st.Restore(path)
			}
		} else if path, err = fightPathIn(arg, saves.Dir()); err == nil {
			to, err = st.Archive(path)
		}
		if err != nil {
			why := whyLocked(err)
			if restore {
				why = strings.Replace(why, "(fray ls lists them)", "(fray ls --archived lists them)", 1)
			}
			fmt.Fprintln(stderr, "fray archive:", why)
			code = 1
			continue
		}
		what := "archived"
		if restore {
			what = "restored"
		}
		fmt.Fprintf(stdout, "%s %s: now %s\n", what, path, to)
	}
	return code
}
