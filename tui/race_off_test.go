//go:build !race

package tui

const raceBuild = false
