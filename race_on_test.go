//go:build race

package main

// raceEnabled: the race detector is on (it slows the program and grows its memory).
const raceEnabled = true
