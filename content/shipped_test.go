package content_test

import (
	"testing"

	"fray/content"
)

// The tests in <ruleset>_test.go run each book's worked examples with its
// shipped content. These are their helpers; the engine's own are in
// engine/enginetest.

// shipped is the built-in content, which must load without a problem.
func shipped(t testing.TB) *content.Library {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return lib
}
