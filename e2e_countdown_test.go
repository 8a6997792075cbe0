//go:build e2e

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// The countdown demo as a GM plays it, in tmux at 80x24: a declaration
// before initiative, the count with the share of movement in the header,
// a withdrawal with a free attack from f, and undo taking it back.
func TestEndToEndCountdown(t *testing.T) {
	bin, home := build(t)
	tm := startTerm(t, home, bin)
	tm.waitFor("the start screen", regexp.MustCompile(`Demo: skirmish at the ford`))
	// The demos' order on the start screen is not this test's business.
	for i := 0; !regexp.MustCompile(`› Demo: skirmish at the ford`).MatchString(tm.screen()); i++ {
		if i > 8 {
			t.Fatalf("no countdown demo on the start screen:\n%s", tm.screen())
		}
		tm.keys("Down")
		time.Sleep(100 * time.Millisecond)
	}
	tm.keys("Enter")
	tm.waitFor("the declarations", regexp.MustCompile(`Round 1 · Declarations`))
	tm.selectRow("Ogre")
	tm.keys("D")
	tm.waitFor("the declare dialog", regexp.MustCompile(`Ogre declares`))
	tm.text("move and")
	tm.keys("Enter")
	tm.waitFor("the declaration", regexp.MustCompile(`Ogre declares Move and attack`))
	// Step to the first action inside movement (segment 10 to 1).
	for i := 0; !regexp.MustCompile(`\d+% moved`).MatchString(tm.screen()); i++ {
		if i > 12 {
			t.Fatalf("no step in movement:\n%s", tm.screen())
		}
		before := tm.screen()
		tm.keys("n")
		for j := 0; j < 200 && tm.screen() == before; j++ {
			time.Sleep(10 * time.Millisecond)
		}
	}
	tm.keys("f")
	tm.waitFor("the withdraw dialog", regexp.MustCompile(`leaves the melee`))
	tm.keys("Enter")
	tm.waitFor("the foes", regexp.MustCompile(`free attacks`))
	tm.keys("Down", "Enter")
	tm.waitFor("a foe marked", regexp.MustCompile(`✓`))
	tm.keys("Up", "Enter")
	tm.waitFor("the modifier prompt", regexp.MustCompile(`Free attacks`))
	tm.keys("Enter")
	// The free attack is a blow: its chain is shown, then closed.
	s := tm.waitFor("the free attack's blow", regexp.MustCompile(`The blow`))
	if !strings.Contains(s, "Strike against") {
		t.Errorf("no free attack in the blow:\n%s", s)
	}
	tm.keys("Escape")
	tm.waitFor("the tracker again", regexp.MustCompile(`n/space next step`))
	tm.keys("u")
	tm.waitFor("the undo", regexp.MustCompile(`undid .*withdraws from melee`))
	tm.quit()
}
