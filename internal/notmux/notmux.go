// Package notmux keeps Lip Gloss from asking tmux for its colours as fray
// starts. Lip Gloss works out the terminal's colour profile as its package
// initialises, before main, whatever the command; inside tmux, with a
// terminal for output, that runs `tmux info`, a process of its own: 5 ms,
// and tens of milliseconds on a busy machine, even for fray roll 2d6.
//
// Packages initialise in the order of their import paths, each once what it
// imports has: this one imports only os, and the package that detects the
// colours (github.com/charmbracelet/colorprofile) sorts after it and
// imports os too, so this one always comes first. It hides TMUX from the
// environment; Restore, the first thing main does, puts it back. The
// screens that draw colours work the profile out themselves, tmux's answer
// and all, while their content loads.
package notmux

import "os"

var (
	tmux   string
	hidden bool
)

func init() {
	tmux, hidden = os.LookupEnv("TMUX")
	if hidden {
		os.Unsetenv("TMUX")
	}
}

// Restore puts TMUX back as it was when the program started.
func Restore() {
	if hidden {
		os.Setenv("TMUX", tmux)
		hidden = false
	}
}
