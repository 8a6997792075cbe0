package content

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"fray/engine/dice"
	"fray/engine/rules"
)

// A GM adds a creature to their own content from a line like the add
// key's (fray creature add): it goes in their creature file for its
// ruleset, creatures/<ruleset>.toml in their content directory, as one
// more [[creatures]] table after what the file holds (their comments and
// order kept). These say where, write the table, and check the file as
// the loader would read it.

// CreatureFile is the GM's creature file for a ruleset in their content
// directory dir.
func CreatureFile(dir, ruleset string) string {
	return filepath.Join(dir, "creatures", ruleset+".toml")
}

// creatureBlock is a creature as its [[creatures]] table writes it: what a
// creature of the file's ruleset needs, nothing empty.
type creatureBlock struct {
	ID    string         `toml:"id"`
	Name  string         `toml:"name"`
	Side  string         `toml:"side,omitempty"`
	HP    int            `toml:"hp,omitzero"`
	MaxHP int            `toml:"max_hp,omitzero"`
	Notes string         `toml:"notes,omitempty"`
	Stats map[string]int `toml:"stats,omitempty"`
	// Weapons are the line's weapon= (name, damage, and hit points when
	// it keeps them).
	Weapons []weaponBlock `toml:"weapons,omitempty"`
}

// weaponBlock is a weapon as the line gives it.
type weaponBlock struct {
	Name   string    `toml:"name"`
	Damage dice.Expr `toml:"damage"`
	HP     int       `toml:"hp,omitzero"`
}

// WithCreature is the creature file old (empty: none yet) with t added at
// its end: a new file says its ruleset first.
func WithCreature(old []byte, ruleset string, t rules.Template) ([]byte, error) {
	var b bytes.Buffer
	if len(bytes.TrimSpace(old)) == 0 {
		fmt.Fprintf(&b, "# Creatures of your own for %s (fray creature add writes here; edit freely:\n# fray check reads "+
			"it).\nruleset = %q\n", ruleset, ruleset)
	} else {
		b.Write(old)
		if !bytes.HasSuffix(old, []byte("\n")) {
			b.WriteByte('\n')
		}
	}
	var blk bytes.Buffer
	enc := toml.NewEncoder(&blk)
	enc.Indent = ""
	err := enc.Encode(struct {
		Creatures []creatureBlock `toml:"creatures"`
	}{[]creatureBlock{{ID: t.ID, Name: t.Name, Side: t.Side, HP: t.HP, MaxHP: t.MaxHP, Notes: t.Notes, Stats: t.Stats,
		Weapons: weaponBlocks(t.Weapons)}}})
	if err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	b.Write(blk.Bytes())
	return b.Bytes(), nil
}

// weaponBlocks are a creature's weapons as the line gave them: a name,
// damage and hit points is all a line gives.
func weaponBlocks(ws []rules.Weapon) []weaponBlock {
	var out []weaponBlock
	for _, w := range ws {
		out = append(out, weaponBlock{Name: w.Name, Damage: w.Damage, HP: w.HP})
	}
	return out
}

// CheckCreatures reads data as the creature file name (a path below the
// content directory dir) would be read, with the library's rulesets and
// creatures, and returns its problems; the library is left as it was.
func (l *Library) CheckCreatures(dir, name string, data []byte) []Problem {
	c := *l
	c.creatures = slices.Clone(l.creatures)
	rel, err := filepath.Rel(dir, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = filepath.Base(name)
	}
	rel = filepath.ToSlash(rel)
	probs := c.addFiles(memFS{rel: memFile{data: data}}, []string{rel}, dir)
	if len(probs) == 0 {
		var f map[string]any
		if _, err := toml.Decode(string(data), &f); err != nil || kindOf(f) != "creatures" {
			probs = append(probs, Problem{File: name, Line: 1, Col: 1, Msg: "not a creature file"})
		}
	}
	return probs
}
