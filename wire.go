package main

import (
	"errors"
	"os"
	"sync"

	"fray/content"
	"fray/engine"
	"fray/saves"
	"fray/session"
)

// library shows the content library to the tracker.
type library struct{ lib *content.Library }

func (l library) Rulesets() []session.RulesetInfo {
	var out []session.RulesetInfo
	for _, r := range l.lib.Rulesets() {
		out = append(out, session.RulesetInfo{ID: r.ID, Name: r.Name})
	}
	return out
}

func (l library) Ruleset(id string) (*engine.Ruleset, string, bool) {
	r, ok := l.lib.Ruleset(id)
	if !ok {
		return nil, "", false
	}
	return r.Ruleset, r.Hash, true
}

func (l library) Creatures(ruleset string) []engine.Template {
	var out []engine.Template
	for _, c := range l.lib.Creatures(ruleset) {
		out = append(out, c.Template)
	}
	return out
}

// store keeps fights in a directory with the saves package. Saves are
// serialised: one write at a time, whoever asks.
type store struct {
	dir   string
	rules saves.Rules
	mu    sync.Mutex
}

func newStore(dir string, lib *content.Library) *store {
	return &store{dir: dir, rules: library{lib}.Ruleset}
}

func (s *store) List() ([]session.SaveInfo, error) {
	list, err := saves.List(s.dir)
	out := make([]session.SaveInfo, len(list))
	for i, x := range list {
		out[i] = session.SaveInfo{Path: x.Path, Name: x.Name, Ruleset: x.Ruleset, Round: x.Round, Changed: x.Changed, Problem: x.Problem}
	}
	return out, err
}

func (s *store) Load(path string) (*session.Saved, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := saves.Decode(path, data, s.rules)
	if err != nil {
		return nil, err
	}
	return &session.Saved{Name: f.Name, Fight: f.Fight, Source: f.Source, Hash: f.Hash, Notices: f.Notices}, nil
}

func (s *store) Save(path string, snap session.Snapshot) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	data, err := saves.EncodeSnapshot(saves.Snapshot{
		Name: snap.Name, Ruleset: snap.Rules.ID, Hash: snap.Hash, RNG: snap.RNG,
		Current: snap.Current, Base: snap.Base, Done: snap.Done, Undone: snap.Undone,
	}, now())
	if err != nil {
		return err
	}
	return saves.WriteFile(path, data, func(b []byte) error {
		_, err := saves.Decode(path, b, s.rules)
		return err
	})
}

func (s *store) NewPath(name string) string { return saves.NewPath(s.dir, name) }

func (s *store) Lock(path string) (func(), error) {
	l, err := saves.Acquire(path)
	if errors.Is(err, saves.ErrLocked) {
		return nil, session.ErrLocked
	}
	if err != nil {
		return nil, err
	}
	return l.Release, nil
}
