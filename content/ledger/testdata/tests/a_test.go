package a

import (
	"testing"
	tt "testing"
)

// TestInitiative rolls it.
// ledger: tiny/initiative
func TestInitiative(t *testing.T) {}

func TestStun(t *tt.T) {
	t.Run("stun", func(t *tt.T) {})
	// ledger: tiny/stunned-target
}

// TestHelper is not a test: it takes no *testing.T.
func TestHelper(x int) {}

// Testing is not a test name.
func Testing(t *testing.T) {}

func TestWithResult(t *testing.T) error { return nil }

func BenchmarkX(b *testing.B) {}
