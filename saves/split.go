package saves

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/BurntSushi/toml"
)

// decoded is a save's TOML read into a file, with what Decode asks of the
// parse besides: whether a schema was given, and the keys fray did not read.
type decoded struct {
	sf        file
	hasSchema bool
	undecoded []toml.Key
}

// decodeTOML parses a save: a long one in parts on every core (parsing is
// half of loading), anything else, and any save the parts do not account
// for exactly, whole.
func decodeTOML(data []byte) (decoded, error) {
	if d, ok := decodeSplit(data, runtime.GOMAXPROCS(0), splitMin); ok {
		return d, nil
	}
	var d decoded
	md, err := toml.Decode(string(data), &d.sf)
	if err != nil {
		return d, err
	}
	d.hasSchema, d.undecoded = md.IsDefined("schema"), md.Undecoded()
	return d, nil
}

// splitMin is the fewest steps for which parsing in parts pays.
const splitMin = 64

// stepsPart is what a part after the head may hold.
type stepsPart struct {
	Steps  []step `toml:"steps"`
	Undone []step `toml:"undone"`
}

// decodeSplit cuts a save at "[[steps]]" lines into a head (everything
// before the first step) and runs of whole steps, and parses them at once.
// Each part starts where a step starts, so the tables in it mean what they
// mean in the whole file. It reports false, and the caller parses the file
// whole, when there are fewer than fewest steps, and unless every part parses
// and holds only what it should: a cut inside a multi-line string leaves a
// part that does not parse, and a table a part cannot place (a second
// [current], say) is a key it did not read.
func decodeSplit(data []byte, parts, fewest int) (decoded, bool) {
	if parts < 2 {
		return decoded{}, false
	}
	starts := stepLines(data)
	if len(starts) < fewest || len(starts) < parts {
		return decoded{}, false
	}
	cuts := []int{0}
	for i := range parts {
		cuts = append(cuts, starts[i*len(starts)/parts])
	}
	cuts = append(cuts, len(data))

	var (
		head  decoded
		ok    = make([]bool, len(cuts)-1)
		found = make([]stepsPart, len(cuts)-1)
		wg    sync.WaitGroup
	)
	for i := range len(cuts) - 1 {
		text := string(data[cuts[i]:cuts[i+1]])
		wg.Go(func() {
			if i == 0 {
				md, err := toml.Decode(text, &head.sf)
				ok[0] = err == nil && len(head.sf.Steps) == 0 && len(head.sf.Undone) == 0
				head.hasSchema, head.undecoded = md.IsDefined("schema"), md.Undecoded()
				return
			}
			md, err := toml.Decode(text, &found[i])
			ok[i] = err == nil && len(md.Undecoded()) == 0
		})
	}
	wg.Wait()
	for _, k := range ok {
		if !k {
			return decoded{}, false
		}
	}
	for _, p := range found[1:] {
		head.sf.Steps = append(head.sf.Steps, p.Steps...)
		head.sf.Undone = append(head.sf.Undone, p.Undone...)
	}
	return head, true
}

// stepLines finds where each line that is exactly "[[steps]]" starts.
func stepLines(data []byte) []int {
	var out []int
	const h = "[[steps]]"
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data) - off
		}
		line := bytes.TrimSuffix(data[off:off+end], []byte("\r"))
		if string(line) == h {
			out = append(out, off)
		}
		off += end + 1
	}
	return out
}
