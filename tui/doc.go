// Package tui is fray's tracker screen: one root Bubble Tea model that owns
// the encounter, panes and dialogs that render it, and keys that become
// engine commands. It does no file I/O: a session.Library and a
// session.Store are handed in.
package tui
