package export_test

// Every step this package's tests take checks that it wrote into nothing
// of the state before it, which the states after share (engine.CheckSteps,
// turned on by engine/enginetest but for benchmarks).
import _ "fray/engine/enginetest"
