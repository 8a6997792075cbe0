package content

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"unicode/utf8"

	"fray/session"
)

// The GM's content directory may hold anything named *.toml: a pipe (which
// would hang fray as it starts, and fray check), a link to a device
// (/dev/zero would fill memory), a directory. Only regular files are read,
// each at most MaxFileSize; anything else is skipped with a problem.

// dirFS is a directory on disk as an fs.FS whose Open opens regular files
// only, without waiting on a pipe.
type dirFS string

func (d dirFS) path(name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	return filepath.Join(string(d), filepath.FromSlash(name)), nil
}

func (d dirFS) Open(name string) (fs.File, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return session.OpenRegular(p)
}

func (d dirFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.ReadDir(p)
}

func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	return os.Stat(p)
}

// unsafeText finds text in a file's values (and keys) that would not show
// as itself on a terminal: a control character, an escape sequence, a bidi
// override, a zero-width character. fray check reports each where it is.
func unsafeText(path string, v any) []fieldErr {
	var out []fieldErr
	switch v := v.(type) {
	case string:
		if r, at, bad := session.Unsafe(v); bad {
			out = append(out,
				fieldErr{path: path,
					msg: fmt.Sprintf("the text has %s at its character %d: control characters, escape sequences, bidi overrides and "+
						"zero-width characters are not allowed in content", describeRune(r), utf8.RuneCountInString(v[:at])+1)})
		}
	case map[string]any:
		for _, k := range sortedKeys(v) {
			if r, _, bad := session.Unsafe(k); bad {
				out = append(out, fieldErr{path: join(path, k), key: true, msg: fmt.Sprintf("the key has %s", describeRune(r))})
				continue
			}
			out = append(out, unsafeText(join(path, k), v[k])...)
		}
	case []map[string]any:
		for i, e := range v {
			out = append(out, unsafeText(fmt.Sprintf("%s[%d]", path, i), e)...)
		}
	case []any:
		for i, e := range v {
			out = append(out, unsafeText(fmt.Sprintf("%s[%d]", path, i), e)...)
		}
	}
	return out
}

func describeRune(r rune) string {
	names := map[rune]string{0x1b: "an escape (ESC)", 0x07: "a bell (BEL)", '\r': "a carriage return", 0x7f: "a delete (DEL)",
		0x9b: "a CSI"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("%s, U+%04X,", n, r)
	}
	if r == utf8.RuneError {
		return "a byte that is not UTF-8 (or U+FFFD),"
	}
	return fmt.Sprintf("U+%04X", r)
}
