package saves

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fray/engine"
	"fray/engine/rules"
	"fray/narrate"
	"fray/session"
)

// A fight's journal, beside its save (fight.toml.journal), holds the
// changes made since the save, one a line, each appended and synced before
// the screen calls it saved:
//
//	# fray journal: the changes made to "Bridge ambush" since its save, one a line: ...
//	journal d82caea1 {version = 1, fight = "f8defb2e588a16ea", after = 0}
//	1 8c97e227 {do = {op = "damage", who = 2, expr = "1d6"}, faces = [4], rng = "7063…"}  # Fighter 2 damage: 1d6: [4] = 4; ...
//	2 1f178d45 {undo = true}  # undid: Fighter 2 damage: 1d6: [4] = 4; ...
//	3 bf5672a7 {redo = true}  # Fighter 2 damage: 1d6: [4] = 4; ...
//
// Each line is its number (the header's is "journal"), a checksum (CRC-32C,
// in hex, of the line without it), the change as an inline table, and what
// it logged as a comment for people. The header names the fight (the save's
// id) and how many changes came before the first line. A change is a step
// done (the command, the faces it rolled, and the dice's state after it, when
// it moved), an undo or a redo. Lines that a save already holds are skipped
// as the fight opens; the rest are done again, with their faces.
//
// The journal only grows, by whole lines, until a save takes its changes in;
// then it is written anew (durably, like a save) with the lines the backup
// save does not hold, so the backup and the journal together are the fight.
// A line cut short by a crash (it was never reported saved) is dropped with a
// notice, and so is a damaged one and all after it, the journal being kept
// aside first. Another process can follow a journal as it grows: it reads
// whole lines, and when the file is replaced, reads the save again.

// journalVersion is the version of the journal format.
const journalVersion = 1

// jheader is a journal's first line.
type jheader struct {
	Version int    `toml:"version"`
	Fight   string `toml:"fight"`
	After   int    `toml:"after"`
}

// record is a change as its line holds it: one of do, undo and redo.
type record struct {
	Do    *cmdLine `toml:"do,omitempty"`
	Faces []int    `toml:"faces,omitempty"`
	Undo  bool     `toml:"undo,omitempty"`
	Redo  bool     `toml:"redo,omitempty"`
	RNG   string   `toml:"rng,omitempty"`
}

// castagnoli is the journal's checksum table, made the first time a line is
// written or read: making it takes some 0.2 ms, which every command paid
// as the program started.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// appendLine writes one journal line: tag, checksum, value, comment. The
// checksum is of the line without it ("tag value  # comment"); the line
// is made in place, its eight digits filled in once the rest is there.
func appendLine(b []byte, tag string, v any, comment string) ([]byte, error) {
	start := len(b)
	b = slices.Grow(b, len(tag)+len(comment)+160)
	b = append(b, tag...)
	b = append(b, " 00000000"...)
	rest := len(b)
	b = append(b, ' ')
	b, err := marshalInline(b, v)
	if err != nil {
		return b[:start], err
	}
	if comment != "" {
		b = append(b, "  # "...)
		b = append(b, commentText(comment)...)
	}
	sum := crc32.Update(crc32.Update(0, castagnoli(), b[start:rest-8]), castagnoli(), b[rest+1:])
	for i := rest - 1; i >= rest-8; i-- { // %08x
		b[i] = "0123456789abcdef"[sum&0xf]
		sum >>= 4
	}
	return append(b, '\n'), nil
}

// commentText makes text fit in a comment and safe to show: one line, no
// control characters.
func commentText(s string) string {
	s = session.Safe(s)
	if len(s) > 300 {
		s = strings.ToValidUTF8(s[:300], "") + "…"
	}
	return s
}

// recordOf is the line of a change, and its comment: what it logged, in the
// words of the ruleset rs.
func recordOf(rs *rules.Ruleset, c session.Change, rngBefore string) (record, string, error) {
	var r record
	comment := ""
	switch c.Op {
	case session.OpDo:
		cmd, err := lineOf(c.Step.Cmd)
		if err != nil {
			return r, "", err
		}
		r.Do, r.Faces = &cmd, c.Step.Faces
		comment = eventsText(rs, c.Step.Events)
	case session.OpUndo:
		r.Undo = true
		comment = "undid: " + eventsText(rs, c.Step.Events)
	case session.OpRedo:
		r.Redo = true
		comment = eventsText(rs, c.Step.Events)
	}
	if c.RNG != rngBefore {
		r.RNG = c.RNG
	}
	return r, comment, nil
}

func eventsText(rs *rules.Ruleset, events []engine.Event) string {
	var parts []string
	for _, e := range events {
		parts = append(parts, narrate.Line(rs, e))
	}
	return strings.Join(parts, "; ")
}

// A jline is a line read from a journal.
type jline struct {
	n   int // the change's number
	rec record
	end int // offset just past the line
}

// journalRead is what a journal holds, as far as it reads.
type journalRead struct {
	raw    []byte
	header jheader
	lines  []jline
	good   int    // offset just past the last good line
	torn   bool   // the last line was cut short (a crash while writing it)
	bad    string // why reading stopped before the end, if it did
	badAt  int    // the line (from 1) it stopped at
	left   int    // lines after the good ones, the bad one included
}

// readJournal reads a journal. It never fails: what it cannot read ends
// it, and says why. One loop over the lines, with each way a line can be
// wrong beside the check for it.
func readJournal(data []byte) journalRead {
	j := journalRead{raw: data}
	haveHeader := false
	next := 0
	no := 0
	for off := 0; off < len(data); {
		no++
		end := bytes.IndexByte(data[off:], '\n')
		complete := end >= 0
		if !complete {
			end = len(data)
		} else {
			end += off
		}
		line := string(data[off:end])
		stop := func(why string) {
			j.bad, j.badAt, j.torn = why, no, !complete
			j.left = bytes.Count(data[off:], []byte("\n"))
			if data[len(data)-1] != '\n' {
				j.left++
			}
		}
		if !complete {
			stop("the last line was cut short")
			return j
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			off = end + 1
			j.good = off
			continue
		}
		tag, body, err := checkLine(line)
		if err != nil {
			stop(err.Error())
			return j
		}
		if !haveHeader {
			if tag != "journal" {
				stop("the journal does not start with its header")
				return j
			}
			if err := readBody(body, &j.header); err != nil {
				stop("the header: " + err.Error())
				return j
			}
			if j.header.Version != journalVersion {
				stop(fmt.Sprintf("journal version %d (this fray reads version %d)", j.header.Version, journalVersion))
				return j
			}
			if j.header.After < 0 || j.header.After > maxCount {
				stop(fmt.Sprintf("the header counts %d changes before the journal, not a count fray could have made", j.header.After))
				return j
			}
			haveHeader = true
			next = j.header.After + 1
			j.good = end + 1
			off = end + 1
			continue
		}
		n, err := strconv.Atoi(tag)
		if err != nil || n != next {
			stop(fmt.Sprintf("change %q where change %d should be", tag, next))
			return j
		}
		var r record
		if err := readBody(body, &r); err != nil {
			stop(fmt.Sprintf("change %d: %v", n, err))
			return j
		}
		if err := r.check(); err != nil {
			stop(fmt.Sprintf("change %d: %v", n, err))
			return j
		}
		j.lines = append(j.lines, jline{n: n, rec: r, end: end + 1})
		next++
		j.good = end + 1
		off = end + 1
	}
	if !haveHeader && len(data) > 0 && j.bad == "" {
		j.bad, j.badAt, j.left = "the journal has no header", 1, 1
	}
	return j
}

// checkLine splits a line into its tag and body (from the value on) and
// checks its checksum.
func checkLine(line string) (tag, body string, err error) {
	tag, rest, ok := strings.Cut(line, " ")
	if !ok || tag == "" {
		return "", "", errors.New("not a journal line")
	}
	sum, body, ok := strings.Cut(rest, " ")
	if !ok || len(sum) != 8 {
		return "", "", errors.New("not a journal line (no checksum)")
	}
	want, err := strconv.ParseUint(sum, 16, 32)
	if err != nil {
		return "", "", errors.New("not a journal line (a checksum that is not hex)")
	}
	if crc32.Checksum([]byte(tag+" "+body), castagnoli()) != uint32(want) {
		return "", "", errors.New("the line is damaged (its checksum does not match)")
	}
	return tag, body, nil
}

// readBody reads a line's value and checks that only a comment follows.
func readBody(body string, v any) error {
	rest, err := unmarshalInline(body, v)
	if err != nil {
		return err
	}
	rest = strings.TrimLeft(rest, " \t")
	if rest != "" && !strings.HasPrefix(rest, "#") {
		return fmt.Errorf("%q after the value", rest)
	}
	return nil
}

func (r record) check() error {
	n := 0
	if r.Do != nil {
		n++
	}
	if r.Undo {
		n++
	}
	if r.Redo {
		n++
	}
	switch {
	case n != 1:
		return errors.New("a change is one of do, undo and redo")
	case r.Do == nil && len(r.Faces) > 0:
		return errors.New("faces belong to a do")
	case r.Do != nil:
		_, err := r.Do.command()
		return err
	}
	return nil
}

// replayJournal does again, on a fight opened from a save holding `saved`
// changes, the journal's changes after those. It returns how many changes
// the fight has had and the dice's state, and why it stopped early, if it
// did.
func replayJournal(f *engine.Fight, j journalRead, saved int, rng string) (changes int, state string, stopped error) {
	changes, state = saved, rng
	for _, l := range j.lines {
		if l.n <= saved {
			continue
		}
		if l.n != changes+1 {
			return changes, state, fmt.Errorf("the journal goes on from change %d, the save holds %d", l.n-1, saved)
		}
		if err := applyRecord(f, l.rec); err != nil {
			return changes, state, fmt.Errorf("change %d: %w", l.n, err)
		}
		if l.rec.RNG != "" {
			state = l.rec.RNG
		}
		changes = l.n
	}
	if j.header.After > saved {
		return changes, state, fmt.Errorf("the journal goes on from change %d, the save holds %d", j.header.After, saved)
	}
	return changes, state, nil
}

func applyRecord(f *engine.Fight, r record) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the engine failed on it: %v", p)
		}
	}()
	switch {
	case r.Do != nil:
		var cmd engine.Command
		if cmd, err = r.Do.command(); err == nil {
			_, err = f.DoRecorded(engine.Step{Cmd: cmd, Faces: r.Faces})
		}
	case r.Undo:
		if _, ok := f.Undo(); !ok {
			err = errors.New("nothing to undo")
			if b := f.Broken(); b != nil {
				err = fmt.Errorf("undo: %w", b)
			}
		}
	case r.Redo:
		_, err = f.Redo()
	}
	return err
}
