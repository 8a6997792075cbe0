package tui

import (
	"strings"
	"testing"
)

// l.73: actions below DEX rank 1 are lost; l.103: each extra non-combat
// action costs 5 DEX ranks. D's prompt for Extra non-combat actions says,
// before a number is typed, where each leaves the rank: at rank 20, 1
// leaves 15, 2 leave 10, 3 leave 5, and 4 no action this round; the
// panel says so once they are stated.
// ledger: brp/noncombat-actions
func TestBRPExtraActionsPromptSaysWhereEachLeavesTheRank(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "D", "extra", "enter")
	s := screenText(m)
	if !strings.Contains(s, "-5 ranks each from rank 20: 1 leaves rank") || !strings.Contains(s, "15, 2 rank 10, 3 rank 5, 4 no action this round") {
		t.Errorf("the prompt:\n%s", s)
	}
	m, _ = keys(m, "4", "enter")
	if s := screenText(m); !strings.Contains(s, "(-20 ranks: rank 20 -> 0, no action") {
		t.Errorf("the panel once four are stated:\n%s", s)
	}
}

// l.95, 103: a full move gives up the round's DEX ranks, so no extra
// non-combat action goes beside it. Stated after it, D's list says Extra
// non-combat actions is refused and why, and picking it says so at once,
// before a prompt that would promise a rank the round never gives.
// ledger: brp/noncombat-actions
func TestBRPExtraActionsRefusedAtThePickBesideAFullMove(t *testing.T) {
	m := fightIn(t, "brp", "Ann", "Bob")
	m, _ = keys(m, "D", "full move", "enter")
	m, _ = keys(m, "D")
	why := "Ann cannot declare Extra non-combat actions"
	if s := screenText(m); !strings.Contains(s, "Extra non-combat actions  refused: not with Full move") {
		t.Errorf("D's list beside the full move:\n%s", s)
	}
	m, _ = keys(m, "extra", "enter")
	if s := screenText(m); !strings.Contains(s, why+": not with Full move") || strings.Contains(s, "leaves rank") {
		t.Errorf("Extra picked beside the full move:\n%s", s)
	}
}
