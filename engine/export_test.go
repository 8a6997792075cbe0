package engine

// FirstDifference lets the tests outside the package find where two
// values differ as the step check does.
var FirstDifference = firstDifference
