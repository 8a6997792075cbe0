package session

import "fray/engine"

// Every step this package's tests take checks that it wrote into nothing
// of the state before it, which the states after share (engine.CheckSteps).
func init() { engine.CheckSteps() }
