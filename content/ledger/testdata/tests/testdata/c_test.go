package c

import "testing"

func TestHidden(t *testing.T) {}
