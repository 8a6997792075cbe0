package engine_test

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// documentedKeys reads the first column of the "Ruleset keys" table of
// docs/content.md into key paths: "`[order] kind`" is order.kind, "`[[stun.levels]] id,
// name`" stun.levels.id and stun.levels.name, "`id`, `name`" id and name.
func documentedKeys(t *testing.T, page string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(page, "\n## Ruleset keys\n")
	if !ok {
		t.Fatal(`docs/content.md has no "## Ruleset keys" section`)
	}
	section := regexp.MustCompile(`^\[\[?([a-z_.]+)\]\]?\s+`)
	key := regexp.MustCompile(`^[a-z_]+$`)
	var out []string
	rows := 0
	for line := range strings.Lines(rest) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			break
		}
		if !strings.HasPrefix(line, "|") {
			if rows > 0 {
				break // the table has ended
			}
			continue
		}
		cells := strings.Split(line, "|")
		first := strings.TrimSpace(strings.ReplaceAll(cells[1], "`", ""))
		if first == "key" || strings.Trim(first, "- ") == "" {
			continue // the header and its rule
		}
		rows++
		prefix := ""
		if m := section.FindStringSubmatch(first); m != nil {
			prefix = m[1] + "."
			first = first[len(m[0]):]
		}
		for _, k := range strings.Split(first, ",") {
			k = strings.TrimSpace(k)
			if !key.MatchString(k) {
				t.Errorf("docs/content.md row %q: %q is not a key (write a table's keys, [[stun.levels]] id, name)", strings.TrimSpace(line), k)
				continue
			}
			out = append(out, prefix+k)
		}
	}
	if rows == 0 {
		t.Fatal("docs/content.md's Ruleset keys section has no table")
	}
	return out
}

// TestRulesetKeysDocumented holds the table of ruleset keys in
// docs/content.md to the schema, both ways: a GM who writes a key from the
// page gets a key the loader reads, and every key the loader reads is on
// the page.
func TestRulesetKeysDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "content.md"))
	if err != nil {
		t.Fatal(err)
	}
	onPage := map[string]int{}
	for _, k := range documentedKeys(t, string(b)) {
		onPage[k]++
	}
	inSchema := map[string]bool{}
	for _, k := range schemaKeys(t) {
		inSchema[k.path] = true
		if onPage[k.path] == 0 {
			t.Errorf("docs/content.md: the Ruleset keys table lacks %s", k.path)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(onPage)) {
		switch {
		case !inSchema[k]:
			t.Errorf("docs/content.md: the Ruleset keys table lists %s, which no ruleset may hold", k)
		case onPage[k] > 1:
			t.Errorf("docs/content.md: the Ruleset keys table lists %s %d times", k, onPage[k])
		}
	}
}

func TestDocumentedKeysParse(t *testing.T) {
	page := "x\n## Ruleset keys\n\n| key | meaning |\n| --- | --- |\n" +
		"| `id`, `name` | who |\n| `[order] kind` | how |\n| `[[stun.levels]] id, name` | levels |\n\nAfter.\n| `[x] y` | not the table |\n"
	got := documentedKeys(t, page)
	want := []string{"id", "name", "order.kind", "stun.levels.id", "stun.levels.name"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
