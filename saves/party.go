package saves

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"fray/engine"
	"fray/session"
)

// A party kept between fights is a file of its own beside the fights, in
// the parties folder of the saves directory: parties/<name>.toml. It holds
// the party as it will join the next fight (engine.Party), when it was
// last kept and from which fight. It is written as a fight's save is
// (durably, the last one kept as .bak) under a lock, so two trackers
// keeping one party one after the other each see the other's.

// PartySchema is the version of the party file format.
const PartySchema = 1

// partyFile is a party as its file holds it.
type partyFile struct {
	Schema       int    `toml:"schema"`
	Kept         string `toml:"kept"`
	From         string `toml:"from,omitempty"`
	engine.Party        // name, ruleset, [[members]]
}

// Parties keeps the GM's parties in a directory: it is the tracker's
// session.Parties.
type Parties struct {
	dir string
	now func() time.Time
}

// NewParties keeps parties in dir (PartyDir of the saves directory),
// stamping each with the time now gives as it is kept.
func NewParties(dir string, now func() time.Time) *Parties {
	return &Parties{dir: dir, now: now}
}

// PartyDir is where the parties of the fights saved in dir are kept.
func PartyDir(dir string) string { return filepath.Join(dir, "parties") }

// Dir is the directory the parties are kept in.
func (ps *Parties) Dir() string { return ps.dir }

// List lists the parties, in the order of their names; a file that does not
// read as a party is listed with its problem.
func (ps *Parties) List() ([]session.PartyInfo, error) {
	entries, err := os.ReadDir(ps.dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []session.PartyInfo
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".toml") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(ps.dir, e.Name())
		f, err := readParty(p)
		if err != nil {
			out = append(out, session.PartyInfo{Path: p, Problem: err.Error()})
			continue
		}
		out = append(out, info(p, f))
	}
	slices.SortStableFunc(out, func(a, b session.PartyInfo) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out, nil
}

func info(path string, f partyFile) session.PartyInfo {
	in := session.PartyInfo{Path: path, Name: f.Name, Ruleset: f.Ruleset, From: f.From}
	in.Kept, _ = time.Parse(time.RFC3339, f.Kept)
	for _, m := range f.Members {
		in.Members = append(in.Members, m.Name)
	}
	return in
}

// Load reads the party of the name (in any case), or the party file at a
// path.
func (ps *Parties) Load(name string) (engine.Party, session.PartyInfo, error) {
	path, err := ps.find(name)
	if err != nil {
		return engine.Party{}, session.PartyInfo{}, err
	}
	f, err := readParty(path)
	if err != nil {
		return engine.Party{}, session.PartyInfo{}, err
	}
	return f.Party, info(path, f), nil
}

// ErrNoParty is a party that is not kept.
var ErrNoParty = errors.New("no party of that name")

// find is the file of the party of the name: its name in the file, or its
// file's name; or the path given when it is one.
func (ps *Parties) find(name string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) || strings.HasSuffix(name, ".toml") {
		if _, err := os.Stat(name); err == nil {
			return name, nil
		}
	}
	list, err := ps.List()
	if err != nil {
		return "", err
	}
	for _, in := range list {
		if in.Problem == "" && strings.EqualFold(in.Name, strings.TrimSpace(name)) {
			return in.Path, nil
		}
	}
	p := ps.path(name)
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	var names []string
	for _, in := range list {
		if in.Problem == "" {
			names = append(names, in.Name)
		}
	}
	if near := session.Nearest(name, names); near != "" {
		return "", fmt.Errorf("%w: %q; did you mean %q?", ErrNoParty, name, near)
	}
	return "", fmt.Errorf("%w: %q (fray party lists them)", ErrNoParty, name)
}

// path is the file a party of the name is kept in.
func (ps *Parties) path(name string) string { return filepath.Join(ps.dir, slugify(name)+".toml") }

// Keep changes the party of the name as change says, and keeps it: change
// gets the party as it is (a new one, named, if none is kept) and returns
// it as it is to be. from is the fight it comes out of ("" leaves what the
// file says). Nothing is written if change fails; the file written must
// read back as the party before it replaces the one kept.
func (ps *Parties) Keep(name string, from string, change func(engine.Party) (engine.Party, error)) (engine.Party, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return engine.Party{}, errors.New("a party needs a name")
	}
	if err := os.MkdirAll(ps.dir, 0o755); err != nil {
		return engine.Party{}, err
	}
	path, err := ps.find(name)
	if errors.Is(err, ErrNoParty) {
		path, err = ps.path(name), nil
	}
	if err != nil {
		return engine.Party{}, err
	}
	lock, err := Acquire(path)
	if err != nil {
		return engine.Party{}, fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	defer lock.Release()
	f := partyFile{Party: engine.Party{Name: name}}
	if _, err := os.Lstat(path); err == nil {
		if f, err = readParty(path); err != nil {
			return engine.Party{}, err
		}
	}
	p, err := change(f.Party)
	if err != nil {
		return engine.Party{}, err
	}
	f.Party, f.Schema, f.Kept = p, PartySchema, ps.now().UTC().Format(time.RFC3339)
	if from != "" {
		f.From = from
	}
	data, err := encodeParty(f)
	if err != nil {
		return engine.Party{}, err
	}
	err = WriteFile(path, data, func(b []byte) error {
		back, err := decodeParty(path, b)
		if err == nil && !engine.Same(back, f) {
			err = errors.New("it reads back otherwise than it was written")
		}
		return err
	})
	return p, err
}

// Remove deletes the party of the name, and its backup.
func (ps *Parties) Remove(name string) (string, error) {
	path, err := ps.find(name)
	if err != nil {
		return "", err
	}
	lock, err := Acquire(path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", session.Safe(path), err)
	}
	defer lock.Release()
	if err := os.Remove(path); err != nil {
		return "", err
	}
	os.Remove(path + ".bak")
	os.Remove(path + ".lock")
	return path, syncDir(filepath.Dir(path))
}

func encodeParty(f partyFile) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# A party kept by fray between fights: each member as it joins the next\n" +
		"# fight, with its hit points of their most and what it carries (pools no\n" +
		"# fight refills, lasting conditions, wounds, missiles). fray party shows it.\n")
	enc := toml.NewEncoder(&b)
	enc.Indent = ""
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("encoding the party: %w", err)
	}
	return escapeHidden(b.Bytes()), nil
}

// readParty reads a party file: a regular file, not too large, TOML that
// nests no deeper than fray's, of a schema this fray reads, every key a
// party has.
func readParty(path string) (partyFile, error) {
	data, err := readRegular(path)
	if err != nil {
		return partyFile{}, fmt.Errorf("%s: %s", session.Safe(path), readProblem(err))
	}
	return decodeParty(path, data)
}

func decodeParty(path string, data []byte) (partyFile, error) {
	name := session.Safe(path)
	var de *session.DepthError
	if err := session.TOMLDepth(data); errors.As(err, &de) {
		return partyFile{}, &LoadError{File: name, Line: de.Line, Col: de.Col, Msg: "not a party: " + err.Error()}
	}
	var f partyFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		le := tomlError(name, err).(*LoadError)
		le.Msg = strings.Replace(le.Msg, "not a readable save", "not a readable party", 1)
		return partyFile{}, le
	}
	if u := md.Undecoded(); len(u) > 0 {
		key := u[0].String()
		return partyFile{}, &LoadError{File: name, Line: keyLine(data, u[0][len(u[0])-1]), Col: 1, Msg: fmt.Sprintf("unknown key %s", key)}
	}
	switch {
	case f.Schema == 0:
		return partyFile{}, &LoadError{File: name, Line: 1, Col: 1, Msg: "not a party (no schema)"}
	case f.Schema > PartySchema:
		return partyFile{}, &LoadError{File: name, Line: keyLine(data, "schema"), Col: 1, Msg: fmt.Sprintf("a party of schema "+
			"%d, written by a newer fray: this one reads %d", f.Schema, PartySchema)}
	case strings.TrimSpace(f.Name) == "":
		return partyFile{}, &LoadError{File: name, Line: keyLine(data, "name"), Col: 1, Msg: "a party needs a name"}
	case f.Ruleset == "":
		return partyFile{}, &LoadError{File: name, Line: keyLine(data, "ruleset"), Col: 1, Msg: "a party needs its ruleset"}
	}
	return f, nil
}
