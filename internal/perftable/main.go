// Command perftable measures what the README's Performance section shows
// and writes its table. Each benchmark the table names runs in its own
// process once a round, for several rounds, so that no figure is taken in
// a quieter minute than the others; a figure's baseline is a sub-benchmark
// of the same benchmark, run in the same process. Each figure is the
// median of the rounds, and the table says how loaded the machine was.
//
//	go run ./internal/perftable              # 5 rounds; docs/performance.md rewritten
//	go run ./internal/perftable -rounds 1 -print
//	go run ./internal/perftable -only 'Change|Keypress$'   # those rows, printed
//	go run ./internal/perftable -verify bench.txt
//
// -verify reads the output of go test -bench over the repository (CI runs
// every benchmark once) and fails unless every benchmark the table names,
// sub-benchmarks and all, ran.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A benchmark is named as in go test's output, less "Benchmark" and the
// GOMAXPROCS suffix: "Change/100_events", in a package: "./saves".
type bench struct {
	pkg, name string
}

func (b bench) top() string { return strings.SplitN(b.name, "/", 2)[0] }

// row is a row of the table: its figures, and their baselines measured
// beside them in the same run.
type row struct {
	what      string
	pkg       string
	figures   []string
	baselines []string // shown as "name: figure", or as baseLabels say
	// metric is "" for ns/op, else a metric the benchmark reports: in ms
	// when it ends or starts so ("p90-ms", "ms-median"), in MB when it
	// starts with "MB", in percent when it ends in "%".
	metric string
	// baseMetric and baseLabels, when set, are the baselines' metric and
	// what each is called.
	baseMetric string
	baseLabels []string
	aim        string
	// met says how far the figures and baselines (ns) are from the aim, and
	// whether it is met.
	met func(figs, bases []float64) (string, bool)
}

// tags are the build tags a package's benchmarks need.
var tags = map[string]string{".": "e2e"}

// benchtime is how long, or how many times, each benchmark runs a round.
var benchtime = map[string]string{
	"TmuxFirstFrame":            "40x",
	"FirstFrame":                "200x",
	"Process":                   "100x",
	"OpenToFirstFrame":          "100x",
	"KeypressWithViewers":       "500x",
	"KeypressDuringResizeStorm": "500x",
	"ServeMemoryPerPlayer":      "1x",
	"BRPStep":                   "200x",
	"Snapshot":                  "50x",
	"Encode":                    "100x",
	"Open":                      "50x",
	"Replay":                    "20x",
	"Change":                    "2000x",
	"Keypress":                  "1000x",
	"RoundOf100":                "200x",
	"Roll2d10PlusQU":            "100000x",
	"RollD100OE":                "100000x",
}

const ms = 1e6

var rows = []row{
	{
		what: "start to first frame on a tmux screen, `fray demo`", pkg: ".",
		figures: []string{"TmuxFirstFrame/fray-demo"}, baselines: []string{"TmuxFirstFrame/printf+cat"}, metric: "ms-median",
		aim: "at most 5 ms over `printf` of the same screen, then `cat`",
		met: func(f, b []float64) (string, bool) { return duration(f[0]-b[0]) + " over", f[0]-b[0] <= 5*ms },
	},
	{
		what: "start to first frame, in process: `fray demo` / `fray` (the start screen) / " +
			"`fray demo` the first time (the content's index made, every file parsed)",
		pkg:     ".",
		figures: []string{"FirstFrame/demo", "FirstFrame/start_screen", "FirstFrame/demo_first_start"},
	},
	{
		what: "`fray roll 2d6`, a whole process (fork, exec, run, exit), built as the README installs it (static)", pkg: ".",
		figures: []string{"Process/fray_roll_2d6"}, baselines: []string{"Process/true", "Process/go_hello", "Process/cgo_roll_2d6"},
		baseLabels: []string{"true", "go_hello", "built with cgo"},
		aim:        "at most 3 ms",
		met:        func(f, b []float64) (string, bool) { return "", f[0] <= 3*ms },
	},
	{
		what: "the same for `fray --version` / `fray roll d100oe` / `fray rules`", pkg: ".",
		figures:   []string{"Process/fray_version", "Process/fray_roll_d100oe", "Process/fray_rules"},
		baselines: []string{"Process/go_hello", "Process/cgo_version"}, baseLabels: []string{"go_hello", "`fray --version` built with cgo"},
	},
	{
		what: "`fray FILE` on a 10,000-event fight to its first frame, in process: content opened, the fight opened, first View", pkg: ".",
		figures: []string{"OpenToFirstFrame"},
		aim:     "under 15 ms",
		met:     func(f, b []float64) (string, bool) { return "", f[0] < 15*ms },
	},
	{
		what: "a keypress stepping the fight (Update + View), 10 / 100 / 1,000 combatants", pkg: "./tui",
		figures: []string{"Keypress/n/10", "Keypress/n/100", "Keypress/n/1000"},
		aim:     "under 0.3 ms at 10, under 1 ms at 1,000",
		met:     func(f, b []float64) (string, bool) { return "", f[0] < 0.3*ms && f[2] < 1*ms },
	},
	{
		what: "a keypress moving the selection, 10 / 100 / 1,000 combatants", pkg: "./tui",
		figures: []string{"Keypress/j/10", "Keypress/j/100", "Keypress/j/1000"},
	},
	{
		what:      "one change made durable (a step or its undo, appended to the journal and synced), 100 / 1,000 / 10,000 logged events",
		pkg:       "./saves",
		figures:   []string{"Change/100_events_no_snapshots", "Change/1000_events_no_snapshots", "Change/10000_events_no_snapshots"},
		baselines: []string{"Change/disk_append_sync"},
		aim:       "within 1.5x the disk's own append and sync",
		met: func(f, b []float64) (string, bool) {
			return fmt.Sprintf("%.2fx at most", slices.Max(f)/b[0]), slices.Max(f) <= 1.5*b[0]
		},
	},
	{
		what: "the same with snapshots taken as in play, changes coming as fast as the disk takes them", pkg: "./saves",
		figures: []string{"Change/100_events", "Change/1000_events", "Change/10000_events"}, baselines: []string{"Change/disk_append_sync"},
	},
	{
		what:    "a snapshot, off the key path: encode, write, sync, read back and check, keep the backup, rename; 1,000 / 10,000 events",
		pkg:     "./saves",
		figures: []string{"Snapshot/1000_events", "Snapshot/10000_events"},
	},
	{
		what: "of it, the encoding, 1,000 / 10,000 events", pkg: "./saves",
		figures: []string{"Encode/1000_events", "Encode/10000_events"},
	},
	{
		what:    "open a fight: read and check its save, read and apply its journal (20 changes), take its lock; 1,000 / 10,000 events",
		pkg:     "./saves",
		figures: []string{"Open/1000_events", "Open/10000_events"},
	},
	{
		what: "its history replayed after the first frame, a stretch at a time; 1,000 / 10,000 events", pkg: "./saves",
		figures: []string{"Replay/1000_events", "Replay/10000_events"},
	},
	{
		what: "the GM's keypress, drawn and durable, with 0 / 1 / 20 players on `fray serve`, and with 20 `fray watch` processes", pkg: ".",
		figures: []string{"KeypressWithViewers/serve_viewers=0", "KeypressWithViewers/serve_viewers=1",
			"KeypressWithViewers/serve_viewers=20", "KeypressWithViewers/watch_processes=20"},
	},
	{
		what: "`fray serve`'s memory per player, as a process: " +
			"20 at 80x24 / 10 at 200x60 / 32 at 5000x2000 (drawn 400x200), over idle",
		pkg:       ".",
		figures:   []string{"ServeMemoryPerPlayer/80x24", "ServeMemoryPerPlayer/200x60", "ServeMemoryPerPlayer/5000x2000"},
		metric:    "MB/player",
		baselines: []string{"ServeMemoryPerPlayer/80x24"}, baseMetric: "MB-idle", baseLabels: []string{"idle"},
	},
	{
		what: "`fray serve`'s memory after the players left, the same runs", pkg: ".",
		figures: []string{"ServeMemoryPerPlayer/80x24", "ServeMemoryPerPlayer/200x60", "ServeMemoryPerPlayer/5000x2000"},
		metric:  "MB-after",
	},
	{
		what: "the GM's keypress, a key each 20 ms, 90th percentile, with `fray serve` showing 1 player / and 10 still / " +
			"and 10 dragging their windows, a resize a millisecond each",
		pkg: ".",
		figures: []string{"KeypressDuringResizeStorm/player", "KeypressDuringResizeStorm/player+10_still",
			"KeypressDuringResizeStorm/player+10_dragging"}, metric: "p90-ms",
	},
	{
		what: "`fray serve`'s CPU meanwhile, of a core", pkg: ".",
		figures: []string{"KeypressDuringResizeStorm/player", "KeypressDuringResizeStorm/player+10_still",
			"KeypressDuringResizeStorm/player+10_dragging"}, metric: "serve-cpu-%",
	},
	{
		what: "the same keypress with 10 still at 5000x2000 / 10 in a storm between 80x24 and 5000x2000; " +
			"`fray serve`'s CPU meanwhile",
		pkg:        ".",
		figures:    []string{"KeypressDuringResizeStorm/player+10_still_5000x2000", "KeypressDuringResizeStorm/player+10_huge_storm"},
		metric:     "p90-ms",
		baselines:  []string{"KeypressDuringResizeStorm/player+10_still_5000x2000", "KeypressDuringResizeStorm/player+10_huge_storm"},
		baseMetric: "serve-cpu-%", baseLabels: []string{"CPU, still", "CPU, storm"},
	},
	{
		what: "one round of 100 combatants: Pathmaster / War & Combat / Countdown", pkg: "./content",
		figures: []string{"RoundOf100/pathmaster", "RoundOf100/war-and-combat", "RoundOf100/countdown"},
	},
	{
		what: "a step of a BRP round (powers by INT and its tie-breaks, ranks counted down), 10 / 100 / 1,000 combatants", pkg: "./content",
		figures: []string{"BRPStep/10", "BRPStep/100", "BRPStep/1000"},
	},
	{
		what: "a roll parsed and rolled: `2d10 + QU` / `d100oe`", pkg: "./engine/dice",
		figures: []string{"Roll2d10PlusQU", "RollD100OE"},
	},
}

// Markers around the table in the README.
const (
	begin = "<!-- perftable: go run ./internal/perftable -->"
	end   = "<!-- /perftable -->"
)

func main() {
	rounds := flag.Int("rounds", 5, "rounds: each benchmark runs once a round")
	print := flag.Bool("print", false, "print the table instead of writing docs/performance.md")
	verify := flag.String("verify", "", "check that this go test -bench output ran every benchmark the table names")
	only := flag.String("only", "", "measure only the rows whose benchmarks' top-level names all match this pattern, and print them")
	flag.Parse()
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fail(err)
		}
		rows = slices.DeleteFunc(rows, func(r row) bool {
			return slices.ContainsFunc(r.names(), func(n string) bool {
				return !re.MatchString(bench{r.pkg, n}.top())
			})
		})
		if len(rows) == 0 {
			fail(fmt.Errorf("no row's benchmarks all match %q", *only))
		}
		*print = true
	}
	root, err := repoRoot()
	if err != nil {
		fail(err)
	}
	if *verify != "" {
		data, err := os.ReadFile(*verify)
		if err != nil {
			fail(err)
		}
		if missing := verifyRan(data); len(missing) > 0 {
			fail(fmt.Errorf("the table names benchmarks that did not run: %s", strings.Join(missing, ", ")))
		}
		fmt.Printf("perftable: every benchmark the table names ran (%d)\n", len(allBenches()))
		return
	}
	table, err := measure(root, *rounds)
	if err != nil {
		fail(err)
	}
	if *print {
		fmt.Print(table)
		return
	}
	readme := filepath.Join(root, "docs", "performance.md")
	old, err := os.ReadFile(readme)
	if err != nil {
		fail(err)
	}
	out, err := replaceTable(string(old), table)
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(readme, []byte(out), 0o644); err != nil {
		fail(err)
	}
	fmt.Println("perftable: docs/performance.md's table rewritten")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "perftable:", err)
	os.Exit(1)
}

// repoRoot is the module's directory.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run it inside the fray module")
	}
	return filepath.Dir(mod), nil
}

// names are the benchmarks a row draws on, figures first, each once.
func (r row) names() []string {
	var out []string
	for _, n := range append(slices.Clone(r.figures), r.baselines...) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// allBenches are the benchmarks the table names, in order, each once.
func allBenches() []bench {
	var out []bench
	for _, r := range rows {
		for _, n := range r.names() {
			if b := (bench{r.pkg, n}); !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// tops are the top-level benchmarks to run, by package, in order.
func tops() []bench {
	var out []bench
	for _, b := range allBenches() {
		if t := (bench{b.pkg, b.top()}); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// result is one line of go test -bench output.
type result struct {
	name    string // less "Benchmark" and the GOMAXPROCS suffix
	metrics map[string]float64
}

var procs = regexp.MustCompile(`-\d+$`)

// parseBench reads the benchmark lines of go test -bench output, with the
// package each came from ("pkg: fray/saves" lines; "" before any).
func parseBench(out []byte) map[bench]result {
	res := map[bench]result{}
	pkg := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = p
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		r := result{name: procs.ReplaceAllString(strings.TrimPrefix(f[0], "Benchmark"), ""), metrics: map[string]float64{}}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				r.metrics[f[i+1]] = v
			}
		}
		res[bench{pkg, r.name}] = r
	}
	return res
}

// importPath is a package directory's import path ("./saves": fray/saves).
func importPath(pkg string) string {
	if pkg == "." {
		return "fray"
	}
	return "fray/" + strings.TrimPrefix(pkg, "./")
}

// verifyRan returns the benchmarks the table names that the output lacks.
func verifyRan(out []byte) []string {
	ran := parseBench(out)
	var missing []string
	for _, b := range allBenches() {
		if _, ok := ran[bench{importPath(b.pkg), b.name}]; !ok {
			missing = append(missing, b.pkg+" Benchmark"+b.name)
		}
	}
	return missing
}

// measure runs the rounds and returns the table.
func measure(root string, rounds int) (string, error) {
	tmp, err := os.MkdirTemp("", "perftable-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	bins := map[string]string{}
	for _, t := range tops() {
		if bins[t.pkg] != "" {
			continue
		}
		bin := filepath.Join(tmp, strings.NewReplacer(".", "_", "/", "_").Replace(t.pkg)+".test")
		args := []string{"test", "-c", "-o", bin}
		if tg := tags[t.pkg]; tg != "" {
			args = append(args, "-tags", tg)
		}
		cmd := exec.Command("go", append(args, t.pkg)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go test -c %s: %v\n%s", t.pkg, err, out)
		}
		bins[t.pkg] = bin
	}
	loadBefore := loadavg()
	samples := map[bench][]result{}
	for round := 1; round <= rounds; round++ {
		for _, t := range tops() {
			fmt.Fprintf(os.Stderr, "perftable: round %d of %d: %s Benchmark%s\n", round, rounds, t.pkg, t.name)
			cmd := exec.Command(bins[t.pkg], "-test.run", "^$", "-test.bench", "^Benchmark"+t.name+"$", "-test.benchtime",
				cmpOr(benchtime[t.name], "1s"), "-test.count", "1")
			cmd.Dir = filepath.Join(root, t.pkg)
			var buf bytes.Buffer
			cmd.Stdout, cmd.Stderr = &buf, &buf
			if err := cmd.Run(); err != nil {
				return "", fmt.Errorf("%s Benchmark%s: %v\n%s", t.pkg, t.name, err, buf.String())
			}
			for b, r := range parseBench(buf.Bytes()) {
				samples[bench{t.pkg, b.name}] = append(samples[bench{t.pkg, b.name}], r)
			}
		}
	}
	loadAfter := loadavg()
	median := func(pkg, name, metric string) (float64, error) {
		var vs []float64
		for _, r := range samples[bench{pkg, name}] {
			if v, ok := r.metrics[cmpOr(metric, "ns/op")]; ok {
				vs = append(vs, v)
			}
		}
		if len(vs) == 0 {
			return 0, fmt.Errorf("%s Benchmark%s reported no %s", pkg, name, cmpOr(metric, "ns/op"))
		}
		sort.Float64s(vs)
		m := vs[len(vs)/2]
		if len(vs)%2 == 0 {
			m = (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
		}
		if strings.HasSuffix(metric, "ms") || strings.HasPrefix(metric, "ms-") {
			m *= ms // in ns, as ns/op
		}
		return m, nil
	}
	show := func(metric string, v float64) string {
		switch {
		case strings.HasPrefix(metric, "MB"):
			return fmt.Sprintf("%.3g MB", v)
		case strings.HasSuffix(metric, "%"):
			return fmt.Sprintf("%.0f%%", v)
		}
		return duration(v)
	}
	var b strings.Builder
	fmt.Fprintf(&b,
		"Measured by `go run ./internal/perftable` on %s: %d CPUs, %s; the load average was %s as it began and %s as it ended. "+
			"Each figure is the median of %s; in each round every benchmark below runs in a process of its own, "+
			"its baseline beside it in the same process.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), runtime.NumCPU(), cpuModel(), loadBefore, loadAfter, plural(rounds, "round"))
	b.WriteString("| what | figure | beside it, in the same run | aim | benchmark |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range rows {
		var figs, bases []float64
		for _, n := range r.figures {
			v, err := median(r.pkg, n, r.metric)
			if err != nil {
				return "", err
			}
			figs = append(figs, v)
		}
		var baseText []string
		baseMetric := cmpOr(r.baseMetric, r.metric)
		for i, n := range r.baselines {
			v, err := median(r.pkg, n, baseMetric)
			if err != nil {
				return "", err
			}
			bases = append(bases, v)
			label := n[strings.LastIndexByte(n, '/')+1:]
			if i < len(r.baseLabels) {
				label = r.baseLabels[i]
			}
			baseText = append(baseText, fmt.Sprintf("%s: %s", label, show(baseMetric, v)))
		}
		aim := r.aim
		if r.met != nil {
			detail, ok := r.met(figs, bases)
			if detail != "" {
				detail += ", "
			}
			if ok {
				aim += ": " + detail + "met"
			} else {
				aim += ": " + detail + "**not met**"
			}
		}
		var ds []string
		for _, v := range figs {
			ds = append(ds, show(r.metric, v))
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r.what, strings.Join(ds, " / "), strings.Join(baseText, "; "), aim, benchCell(r))
	}
	return b.String(), nil
}

// benchCell names the row's benchmarks: the package, then each, figures
// first.
func benchCell(r row) string {
	var names []string
	for _, n := range r.names() {
		names = append(names, "`Benchmark"+n+"`")
	}
	return "`" + r.pkg + "` " + strings.Join(names, ", ")
}

// duration shows nanoseconds in ms, to two or three significant digits.
func duration(ns float64) string {
	v := ns / ms
	switch {
	case v < 0.01:
		return fmt.Sprintf("%.4f ms", v)
	case v < 0.1:
		return fmt.Sprintf("%.3f ms", v)
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 100:
		return fmt.Sprintf("%.1f ms", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func loadavg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// replaceTable puts the table between the README's markers.
func replaceTable(readme, table string) (string, error) {
	i := strings.Index(readme, begin)
	j := strings.Index(readme, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("README.md has no %s ... %s", begin, end)
	}
	return readme[:i+len(begin)] + "\n" + table + readme[j:], nil
}
