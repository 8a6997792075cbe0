// Package quietstart keeps Lip Gloss from working out the terminal's
// colour profile as fray starts. Lip Gloss does it as its package
// initialises, before main, whatever the command: it reads the terminal's
// terminfo entry (and /etc/passwd, to find a home directory for it), and
// inside tmux it runs `tmux info`, a process of its own: 5 ms, and tens of
// milliseconds on a busy machine, even for fray roll 2d6. No command but
// the tracker's screen draws colours, and that one works the profile out
// itself, on the side, while its content opens (cmdTrack).
//
// Packages initialise in the order of their import paths, each once what it
// imports has: this one imports only os, and the package that detects the
// colours (github.com/charmbracelet/colorprofile) sorts after it and
// imports os too, so this one always comes first. It hides TERM and TMUX
// from the environment (with no TERM, nothing is looked up); Restore, the
// first thing main does, puts them back.
package quietstart

import "os"

// hidden is what init took out of the environment, by name.
var hidden = map[string]string{}

func init() {
	for _, name := range []string{"TERM", "TMUX"} {
		if v, ok := os.LookupEnv(name); ok {
			hidden[name] = v
			os.Unsetenv(name)
		}
	}
}

// Restore puts the environment back as it was when the program started.
func Restore() {
	for name, v := range hidden {
		os.Setenv(name, v)
	}
	clear(hidden)
}
