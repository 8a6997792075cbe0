//go:build race

package saves

const raceBuild = true
