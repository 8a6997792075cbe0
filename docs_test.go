package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"fray/tui"
)

// docPages are the README and every page under docs/.
func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"README.md"}
	err := filepath.WalkDir("docs", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

var (
	mdLink    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading = regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	fenced    = regexp.MustCompile("(?ms)^```.*?^```")
)

// anchors are a page's headings as GitHub makes their anchors: lower case,
// spaces to '-', punctuation dropped.
func anchors(page string) map[string]bool {
	out := map[string]bool{}
	for _, m := range mdHeading.FindAllStringSubmatch(fenced.ReplaceAllString(page, ""), -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		out[b.String()] = true
	}
	return out
}

// TestDocsLinks: every link of the README and of docs/ to a file of the
// repository leads to a file that is there, and to a heading of it when it
// names one; and every page of docs/ is reachable from the README.
func TestDocsLinks(t *testing.T) {
	pages := docPages(t)
	reached := map[string]bool{"README.md": true}
	linksFrom := map[string][]string{}
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(fenced.ReplaceAllString(string(b), ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			body, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: the link %s leads nowhere (%v)", page, target, err)
				continue
			}
			linksFrom[page] = append(linksFrom[page], path)
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(string(body))[anchor] {
				t.Errorf("%s: the link %s names no heading of %s", page, target, path)
			}
		}
	}
	// What the README reaches, link by link.
	for more := true; more; {
		more = false
		for page := range reached {
			for _, to := range linksFrom[page] {
				if !reached[to] {
					reached[to], more = true, true
				}
			}
		}
	}
	for _, page := range pages {
		if !reached[page] {
			t.Errorf("%s: no link from the README leads to it", page)
		}
	}
}

func TestAnchors(t *testing.T) {
	got := anchors("# The player view\n\n```\n# not a heading\n```\n## Exporting a fight: fray export\n### Remote players, over SSH\n")
	want := map[string]bool{"the-player-view": true, "exporting-a-fight-fray-export": true, "remote-players-over-ssh": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// The README is a front door: what fray is, the two commands, the screen,
// its keys and the subcommands, then the docs; the rest is on docs/ pages.
func TestREADMEIsAFrontDoor(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n >= 400 {
		t.Errorf("the README is %d lines: at most 400, the rest on docs/ pages", n)
	}
}

// readmeKeys are the keys of the first column of the README's key table,
// each as the tracker binds it ("↓" is down), and the rows they are in.
func readmeKeys(t *testing.T) map[string][]int {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n| key | what it does |\n| --- | --- |\n")
	if !ok {
		t.Fatal("the README has no key table (| key | what it does |)")
	}
	named := map[string]string{"↑": "up", "↓": "down", "←": "left", "→": "right", "pgdn": "pgdown"}
	code := regexp.MustCompile("`([^`]+)`")
	out := map[string][]int{}
	for i, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "| ") {
			break
		}
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " |")
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			k := m[1]
			if n, ok := named[k]; ok {
				k = n
			}
			out[k] = append(out[k], i)
		}
	}
	return out
}

// TestREADMEKeyTable holds the README's key table to the tracker's keys,
// both ways: every key the tracker binds has its row (the dialogs' own keys
// are told of below the table), every key of the table is bound, and no
// key has two rows.
func TestREADMEKeyTable(t *testing.T) {
	inTable := readmeKeys(t)
	bound := map[string]bool{}
	km := tui.DefaultKeyMap()
	v := reflect.ValueOf(km)
	dialogs := []string{"Confirm", "Cancel", "ListUp", "ListDown", "Yes", "No"}
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		b := v.Field(i).Interface().(key.Binding)
		for _, k := range b.Keys() {
			bound[k] = true
			if !slices.Contains(dialogs, name) && len(inTable[k]) == 0 {
				t.Errorf("the README's key table lacks %s (%s: %s)", k, name, b.Help().Desc)
			}
		}
	}
	for k, rows := range inTable {
		switch {
		case !bound[k]:
			t.Errorf("the README's key table has %s, which fray does not bind", k)
		case len(rows) > 1:
			t.Errorf("the README's key table has %s in %d rows", k, len(rows))
		}
	}
}

// TestLayoutNamesEveryFile: docs/layout.md names every Go file of engine/
// and tui/ (tests aside), and every file it names is there, so that it
// cannot go stale as files come and go.
func TestLayoutNamesEveryFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("docs", "layout.md"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	named := map[string]bool{}
	for _, m := range regexp.MustCompile(`\b[a-z][a-z0-9_]*\.go\b`).FindAllString(page, -1) {
		named[m] = true
	}
	have := map[string]bool{}
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			have[d.Name()] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"engine", "tui"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if name := filepath.Base(f); !strings.HasSuffix(name, "_test.go") && !named[name] {
				t.Errorf("docs/layout.md does not say what %s holds", f)
			}
		}
	}
	for name := range named {
		if !have[name] {
			t.Errorf("docs/layout.md names %s, which is not in the tree", name)
		}
	}
}
