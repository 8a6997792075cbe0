package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// compareBin is another fray binary to time beside this one: an older build,
// to see what a change did on a machine whose timings drift.
var compareBin = flag.String("compare", "", "BenchmarkProcess and BenchmarkTmuxFirstFrame also time this fray binary")

// BenchmarkProcess is fray started as a whole process and run to its end,
// as a GM's shell runs it, beside what any process costs on the machine:
// true, and a Go hello world (the Go runtime's own start). Each run is a
// fork, an exec and a wait; fray has a fresh HOME whose content index is
// made before the timing, as every start but the first finds it. fray is
// built as the README installs it, static (CGO_ENABLED=0), and beside it
// as a plain go build makes it where a C compiler is found: with cgo, for
// the net package, so the binary is linked dynamically and the loader and
// the C library start first (the cgo_ runs).
//
//	go test . -run '^$' -bench Process
//	go test . -run '^$' -bench Process -args -compare /tmp/fray-old
func BenchmarkProcess(b *testing.B) {
	dir := b.TempDir()
	build := func(out, pkg string, env ...string) {
		cmd := exec.Command("go", "build", "-o", out, ".")
		cmd.Dir, cmd.Env = pkg, append(os.Environ(), env...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", out, err, msg)
		}
	}
	fray := filepath.Join(dir, "fray")
	build(fray, ".", "CGO_ENABLED=0")
	cgo := filepath.Join(dir, "fray-cgo")
	build(cgo, ".")
	src := filepath.Join(dir, "hellosrc")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module hello\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello\") }\n"), 0o644)
	hello := filepath.Join(dir, "hello")
	build(hello, src)
	trueBin, err := exec.LookPath("true")
	if err != nil {
		b.Fatal(err)
	}
	type process struct {
		name string
		argv []string
	}
	runs := []process{
		{"true", []string{trueBin}},
		{"go_hello", []string{hello}},
		{"fray_version", []string{fray, "--version"}},
		{"fray_roll_2d6", []string{fray, "roll", "2d6"}},
		{"fray_roll_d100oe", []string{fray, "roll", "d100oe"}},
		{"fray_rules", []string{fray, "rules"}},
		{"cgo_version", []string{cgo, "--version"}},
		{"cgo_roll_2d6", []string{cgo, "roll", "2d6"}},
	}
	if *compareBin != "" {
		runs = append(runs, process{"compare_version", []string{*compareBin, "--version"}}, process{"compare_roll_2d6", []string{*compareBin, "roll", "2d6"}})
	}
	home := b.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME=", "XDG_DATA_HOME=", "XDG_CACHE_HOME=")
	for _, r := range runs {
		cmd := exec.Command(r.argv[0], r.argv[1:]...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil { // and the index is made
			b.Fatalf("%v: %v\n%s", r.argv, err, out)
		}
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for b.Loop() {
				cmd := exec.Command(r.argv[0], r.argv[1:]...)
				cmd.Env = env
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
