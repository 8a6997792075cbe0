//go:build race

package tui

// raceBuild is true under -race, which runs the model about ten times slower.
const raceBuild = true
