package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

func (m *Model) saveAsPrompt() dialog {
	return newDefault("Save as", "a name for a new copy of this fight; it continues there", m.sess.Name, func(s string) (action, error) {
		if s == "" {
			return nil, errors.New("type a name")
		}
		if strings.ContainsRune(s, os.PathSeparator) {
			return actSaveAs{name: strings.TrimSuffix(filepath.Base(s), ".toml"), path: s}, nil
		}
		return actSaveAs{name: s}, nil
	})
}
