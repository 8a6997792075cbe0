//go:build e2e

package sub

import "testing"

// ledger: tiny/initiative
func TestEndToEnd(t *testing.T) {}

func TestStun(t *testing.T) {}
