package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/saves"
	"fray/session"
	"fray/tui"
)

// fray party: the heroes a GM keeps from one fight to the next
// (docs/party.md). A party is a file beside the fights; each of these
// reads it, and those that change it write it durably.

func parties() *saves.Parties {
	return saves.NewParties(saves.PartyDir(saves.Dir()), time.Now)
}

func cmdParty(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "ls" {
		if len(args) > 1 {
			fmt.Fprintln(stderr, "fray party ls: takes no arguments")
			return 2
		}
		return partyList(stdout, stderr)
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "show":
		return partyShow(rest, stdout, stderr)
	case "keep":
		return partyKeep(rest, stdout, stderr)
	case "rest":
		return partyRest(rest, stdout, stderr)
	case "set":
		return partySet(rest, stdout, stderr)
	case "drop":
		return partyDrop(rest, stdout, stderr)
	case "rm":
		return partyRemove(rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "fray party: no command %q: ls, show, keep, rest, set, drop, rm (fray party --help)\n", sub)
	return 2
}

func partyList(stdout, stderr io.Writer) int {
	ps := parties()
	list, err := ps.List()
	if err != nil {
		fmt.Fprintln(stderr, "fray party:", err)
		return 1
	}
	if len(list) == 0 {
		fmt.Fprintf(stdout, "no parties kept in %s (fray party keep FIGHT PARTY keeps one)\n", ps.Dir())
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PARTY\tRULESET\tMEMBERS\tKEPT\tFROM")
	safe := session.Safe
	for _, p := range list {
		if p.Problem != "" {
			fmt.Fprintf(w, "?\t\t\t\t%s (%s)\n", safe(p.Path), safe(p.Problem))
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", safe(p.Name), safe(p.Ruleset), safe(strings.Join(p.Members, ", ")),
			p.Kept.Local().Format("2006-01-02 15:04"), safe(p.From))
	}
	w.Flush()
	return 0
}

// partyOf loads a party and its ruleset; a problem is printed, with the
// exit code.
func partyOf(cmd, name string, stderr io.Writer) (engine.Party, *rules.Ruleset, int) {
	p, _, err := parties().Load(name)
	if err != nil {
		fmt.Fprintf(stderr, "fray party %s: %v\n", cmd, err)
		return p, nil, 1
	}
	lib, probs := content.Load(content.UserDir())
	rs, _, ok := lib.Tracker().Ruleset(p.Ruleset)
	if !ok {
		fmt.Fprintf(stderr, "fray party %s: %s is a party of %s, a ruleset fray does not have", cmd, p.Name, p.Ruleset)
		if len(probs) > 0 {
			fmt.Fprintf(stderr, " (%d problem%s in your content: fray check says which)", len(probs), plural(len(probs)))
		}
		fmt.Fprintln(stderr)
		return p, nil, 1
	}
	return p, rs, 0
}

func partyShow(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "fray party show: fray party show PARTY")
		return 2
	}
	p, in, err := parties().Load(args[0])
	if err != nil {
		fmt.Fprintln(stderr, "fray party show:", err)
		return 1
	}
	lib, _ := content.Load(content.UserDir())
	rs, _, ok := lib.Tracker().Ruleset(p.Ruleset)
	fmt.Fprintf(stdout, "%s (%s), kept %s", session.Safe(p.Name), session.Safe(p.Ruleset), in.Kept.Local().Format("2006-01-02 15:04"))
	if in.From != "" {
		fmt.Fprintf(stdout, " from %q", session.Safe(in.From))
	}
	fmt.Fprintf(stdout, "\n%s\n", in.Path)
	if !ok {
		fmt.Fprintf(stdout, "fray has no ruleset %s: its members cannot be read\n", session.Safe(p.Ruleset))
		return 1
	}
	if _, err := p.Joining(rs); err != nil {
		fmt.Fprintf(stdout, "it would not join a fight of %s: %v\n", rs.Name, err)
	}
	for _, m := range p.Members {
		fmt.Fprintf(stdout, "  %s\n", session.Safe(memberText(rs, m)))
	}
	if len(rs.Rests) > 0 {
		var rests []string
		for _, r := range rs.Rests {
			rests = append(rests, r.ID)
		}
		fmt.Fprintf(stdout, "rests: fray party rest %q %s\n", p.Name, strings.Join(rests, "|"))
	}
	return 0
}

// memberText is one of a party in a line: name, side, hit points of their
// most, weapons (broken, hit points lost) and armour, pools, conditions (with the rounds they have left), bleeding,
// injuries, wounds on the record, missiles.
func memberText(rs *rules.Ruleset, m engine.NewCombatant) string {
	parts := []string{m.Name}
	if m.Side != "" {
		parts[0] += " (" + m.Side + ")"
	}
	hpName := rs.HP.Name
	if hpName == "" {
		hpName = "HP"
	}
	if !rs.Recorded() {
		most := m.MaxHP
		if most == 0 {
			most = m.HP
		}
		parts = append(parts, fmt.Sprintf("%d of %d %s", m.HP, most, hpName))
	}
	k := m.Carried
	var worn []engine.WeaponWear
	if k != nil {
		worn = k.Wear
	}
	for i, w := range m.Weapons {
		name := w.Name
		if i < len(worn) && worn[i].Broken {
			name += " (broken)"
		}
		if i < len(worn) && worn[i].Lost > 0 {
			name += fmt.Sprintf(" (%d hp lost)", worn[i].Lost)
		}
		parts = append(parts, name)
	}
	for _, a := range m.Armor {
		parts = append(parts, a.Name)
	}
	if k == nil {
		return strings.Join(parts, ": ")
	}
	for _, p := range rs.Pools {
		if v, ok := k.Pools[p.ID]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", p.Name, v))
		}
	}
	for _, x := range k.Conditions {
		if !x.Own {
			continue
		}
		name := x.ID
		if d, ok := rs.Condition(x.ID); ok {
			name = d.Name
		}
		if x.Left > 0 {
			name += fmt.Sprintf(" (%d round%s left)", x.Left, plural(x.Left))
		}
		if x.Save {
			name += " (until a save)"
		}
		parts = append(parts, name)
	}
	if n := k.Bleeding(); n > 0 {
		parts = append(parts, fmt.Sprintf("bleeding %d a round", n))
	}
	for _, in := range k.Injuries {
		parts = append(parts, fmt.Sprintf("injury: %s (%d)", in.Text, in.Now()))
	}
	for _, w := range k.Record {
		sev, loc := w.Severity, w.Location
		if s, ok := rs.Severity(w.Severity); ok {
			sev = s.Name
		}
		if l, ok := rs.Location(w.Location); ok {
			loc = l.Name
		}
		parts = append(parts, fmt.Sprintf("%s wound to the %s", sev, loc))
	}
	for _, s := range k.Stuck {
		name := s.ID
		if mi, ok := rs.Missile(s.ID); ok {
			name = mi.Name
		}
		parts = append(parts, name+" stuck")
	}
	if k.ArmorLost > 0 {
		parts = append(parts, fmt.Sprintf("armour %d down", k.ArmorLost))
	}
	return strings.Join(parts, ": ")
}

// partyKeep keeps the party of a fight: fray party keep FIGHT PARTY [--who
// NAME]... (by default its combatants on the side party).
func partyKeep(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"who": true})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray party keep:", msg)
		return 2
	case len(rest) != 2 || strings.TrimSpace(rest[1]) == "":
		fmt.Fprintln(stderr, "fray party keep: fray party keep FIGHT PARTY [--who NAME]... (the fight by its name or file)")
		return 2
	}
	path, err := fightPath(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "fray party keep:", err)
		return 1
	}
	fol, err := fightStore().Follow(path)
	if err != nil {
		fmt.Fprintln(stderr, "fray party keep:", err)
		return 1
	}
	sv := fol.Saved()
	enc, rs := sv.Fight.Current(), sv.Fight.Rules
	ids, err := partyIDs(enc, fl["who"])
	if err != nil {
		fmt.Fprintln(stderr, "fray party keep:", err)
		return 1
	}
	var kept []engine.Kept
	p, err := parties().Keep(rest[1], sv.Name, func(p engine.Party) (engine.Party, error) {
		var err error
		p, kept, err = p.Keep(rs, enc, ids)
		return p, err
	})
	if err != nil {
		fmt.Fprintln(stderr, "fray party keep:", err)
		return 1
	}
	if enc.Status != engine.StatusEnded {
		fmt.Fprintf(stdout, "%q is not over (%s): its party is kept as it stands now\n", sv.Name, roundWords(enc.Round))
	}
	fmt.Fprintf(stdout, "kept %s (%s) from %q:\n", session.Safe(p.Name), rs.Name, session.Safe(sv.Name))
	for _, k := range kept {
		i := slices.IndexFunc(p.Members, func(m engine.NewCombatant) bool { return m.Name == k.Name })
		line := memberText(rs, p.Members[i])
		if len(k.Ended) > 0 {
			line += "; ended with the fight: " + condNames(rs, k.Ended)
		}
		fmt.Fprintf(stdout, "  %s\n", session.Safe(line))
	}
	fmt.Fprintf(stdout, "fray new NAME --rules %s --party %q brings it into the next fight\n", rs.ID, p.Name)
	return 0
}

// partyIDs are the combatants of a fight a party keeps: those named, or
// those on the side party.
func partyIDs(enc *engine.Encounter, who []string) ([]int, error) {
	var ids []int
	if len(who) == 0 {
		for _, c := range enc.Combatants {
			if c.Side == "party" {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) == 0 {
			return nil, errors.New("no combatant of the fight is on the side party: say who with --who NAME")
		}
		return ids, nil
	}
	for _, n := range who {
		i := slices.IndexFunc(enc.Combatants, func(c *engine.Combatant) bool { return strings.EqualFold(c.Name, strings.TrimSpace(n)) })
		if i < 0 {
			var names []string
			for _, c := range enc.Combatants {
				names = append(names, c.Name)
			}
			return nil, fmt.Errorf("no combatant %q in the fight (%s)", n, strings.Join(names, ", "))
		}
		ids = append(ids, enc.Combatants[i].ID)
	}
	return ids, nil
}

func condNames(rs *rules.Ruleset, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		if d, ok := rs.Condition(id); ok {
			out[i] = d.Name
		}
	}
	return strings.Join(out, ", ")
}

// partyRest takes a rest of the ruleset's book: fray party rest PARTY REST
// [--spend N | --spend NAME=N]... [--seed N].
func partyRest(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"spend": true, "seed": true})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray party rest:", msg)
		return 2
	case len(rest) != 2:
		fmt.Fprintln(stderr, "fray party rest: fray party rest PARTY REST [--spend N | --spend NAME=N]... (fray party show "+
			"PARTY names the rests)")
		return 2
	}
	seed := uint64(time.Now().UnixNano())
	if len(fl["seed"]) > 0 {
		n, err := strconv.ParseUint(fl["seed"][0], 10, 64)
		if err != nil {
			fmt.Fprintln(stderr, "fray party rest: --seed takes a whole number")
			return 2
		}
		seed = n
	}
	p, rs, code := partyOf("rest", rest[0], stderr)
	if code != 0 {
		return code
	}
	r, ok := restOf(rs, rest[1])
	if !ok {
		if len(rs.Rests) == 0 {
			fmt.Fprintf(stderr, "fray party rest: %s gives no rest between fights: what comes back is yours to say, with fray "+
				"party set %q \"NAME hp=N ...\"\n", rs.Name, p.Name)
		} else {
			var ids []string
			for _, r := range rs.Rests {
				ids = append(ids, fmt.Sprintf("%s (%s)", r.ID, r.Name))
			}
			fmt.Fprintf(stderr, "fray party rest: %s has no rest %q: %s\n", rs.Name, rest[1], strings.Join(ids, ", "))
		}
		return 2
	}
	spend, all, err := spends(p, fl["spend"])
	if err != nil {
		fmt.Fprintln(stderr, "fray party rest:", err)
		return 2
	}
	if (all > 0 || len(spend) > 0) && r.Spend == "" {
		fmt.Fprintf(stderr, "fray party rest: a %s spends nothing\n", r.Name)
		return 2
	}
	src := dice.NewSource(seed)
	var lines []string
	p, err = parties().Keep(p.Name, "", func(now engine.Party) (engine.Party, error) {
		lines = lines[:0]
		now.Members = slices.Clone(now.Members)
		for i, m := range now.Members {
			n := all
			if v, ok := spend[strings.ToLower(m.Name)]; ok {
				n = v
			}
			after, done, err := engine.Rest(rs, m, r, n, src)
			if err != nil {
				return now, err
			}
			now.Members[i] = after
			lines = append(lines, restLine(rs, r, after, done))
		}
		return now, nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "fray party rest:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s takes a %s:\n", session.Safe(p.Name), r.Name)
	for _, l := range lines {
		fmt.Fprintf(stdout, "  %s\n", session.Safe(l))
	}
	return 0
}

// restOf finds a rest by its id or name, in any case.
func restOf(rs *rules.Ruleset, s string) (rules.Rest, bool) {
	for _, r := range rs.Rests {
		if strings.EqualFold(r.ID, s) || strings.EqualFold(r.Name, s) {
			return r, true
		}
	}
	return rules.Rest{}, false
}

// spends reads --spend N (everyone) and --spend NAME=N (one member).
func spends(p engine.Party, vals []string) (map[string]int, int, error) {
	by, all := map[string]int{}, 0
	for _, v := range vals {
		who, n, named := strings.Cut(v, "=")
		if !named {
			n, who = who, ""
		}
		k, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || k < 0 || k > 1000 {
			return nil, 0, fmt.Errorf("--spend %s: a number from 0 to 1000, for everyone (--spend 2) or one (--spend Gavvin=2)", v)
		}
		if !named {
			all = k
			continue
		}
		if !slices.ContainsFunc(p.Members, func(m engine.NewCombatant) bool { return strings.EqualFold(m.Name, strings.TrimSpace(who)) }) {
			return nil, 0, fmt.Errorf("--spend %s: %s has no member %q", v, p.Name, who)
		}
		by[strings.ToLower(strings.TrimSpace(who))] = k
	}
	return by, all, nil
}

func restLine(rs *rules.Ruleset, r rules.Rest, m engine.NewCombatant, d engine.Rested) string {
	var did []string
	for _, p := range d.Refilled {
		name := p.Pool
		if i := slices.IndexFunc(rs.Pools, func(x rules.Pool) bool { return x.ID == p.Pool }); i >= 0 {
			name = rs.Pools[i].Name
		}
		did = append(did, fmt.Sprintf("%s %d -> %d", name, p.Before, p.After))
	}
	if d.Spent > 0 {
		name := r.Spend
		if i := slices.IndexFunc(rs.Pools, func(x rules.Pool) bool { return x.ID == r.Spend }); i >= 0 {
			name = rs.Pools[i].Name
		}
		did = append(did, fmt.Sprintf("%d %s spent", d.Spent, name))
	}
	if d.Healed > 0 {
		did = append(did, fmt.Sprintf("%d healed", d.Healed))
	}
	if len(d.Ended) > 0 {
		did = append(did, "no longer "+condNames(rs, d.Ended))
	}
	if len(d.After) > 0 {
		did = append(did, "now "+condNames(rs, d.After))
	}
	if len(did) == 0 {
		did = []string{"nothing to give back"}
	}
	return memberText(rs, m) + " (" + strings.Join(did, "; ") + ")"
}

// partySet is the GM saying what a member is now: fray party set PARTY
// "NAME hp=N[/M] side=S STAT=V POOL=V".
func partySet(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, `fray party set: fray party set PARTY "NAME hp=40/58 POOL=N STAT=N side=S"`)
		return 2
	}
	p, rs, code := partyOf("set", args[0], stderr)
	if code != 0 {
		return code
	}
	var line string
	p, err := parties().Keep(p.Name, "", func(now engine.Party) (engine.Party, error) {
		now.Members = slices.Clone(now.Members)
		m, i, err := setMember(rs, now, args[1])
		if err != nil {
			return now, err
		}
		now.Members[i] = m
		if _, err := now.Joining(rs); err != nil {
			return now, err
		}
		line = memberText(rs, m)
		return now, nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "fray party set:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %s\n", session.Safe(p.Name), session.Safe(line))
	return 0
}

// setMember reads a set line onto the member it names.
func setMember(rs *rules.Ruleset, p engine.Party, line string) (engine.NewCombatant, int, error) {
	var words []string
	var sets [][2]string
	for _, f := range strings.Fields(line) {
		if k, v, ok := strings.Cut(f, "="); ok {
			sets = append(sets, [2]string{k, v})
		} else {
			words = append(words, f)
		}
	}
	name := strings.Join(words, " ")
	i := slices.IndexFunc(p.Members, func(m engine.NewCombatant) bool { return strings.EqualFold(m.Name, name) })
	if i < 0 {
		var names []string
		for _, m := range p.Members {
			names = append(names, m.Name)
		}
		return engine.NewCombatant{}, 0, fmt.Errorf("%s has no member %q (%s)", p.Name, name, strings.Join(names, ", "))
	}
	if len(sets) == 0 {
		return engine.NewCombatant{}, 0, errors.New("say what to set: hp=40/58, a pool (fatigue=30), a stat (DEX=14), side=party")
	}
	m := p.Members[i]
	m.Stats = maps.Clone(m.Stats)
	if m.Carried != nil {
		k := m.Carried.Clone()
		m.Carried = &k
	}
	for _, kv := range sets {
		k, v := kv[0], kv[1]
		switch {
		case strings.EqualFold(k, "hp"):
			hp, most, err := tui.ParseHP(v)
			if err != nil {
				return m, 0, err
			}
			if most == 0 { // hp=N: what it has now, of the most it had
				most = max(m.MaxHP, m.HP)
				if hp > most {
					return m, 0, fmt.Errorf("hp=%d: more than its most (%d); hp=%d/%d raises its most", hp, most, hp, hp)
				}
			}
			m.HP, m.MaxHP = hp, most
			if m.HP == m.MaxHP {
				m.MaxHP = 0 // whole: its hit points are its most
			}
		case strings.EqualFold(k, "side"):
			m.Side = v
		default:
			n, err := strconv.Atoi(v)
			if err != nil {
				return m, 0, fmt.Errorf("%s=%s: a whole number", k, v)
			}
			named := func(id, name string) bool { return strings.EqualFold(id, k) || strings.EqualFold(name, k) }
			if pi := slices.IndexFunc(rs.Pools, func(x rules.Pool) bool { return named(x.ID, x.Name) }); pi >= 0 {
				if rs.Pools[pi].Reset != rules.AtNever {
					return m, 0, fmt.Errorf("%s=%s: %s refills as every fight begins: nothing of it is kept", k, v, rs.Pools[pi].Name)
				}
				if m.Carried == nil {
					m.Carried = &engine.Lasting{}
				}
				if m.Carried.Pools == nil {
					m.Carried.Pools = map[string]int{}
				}
				m.Carried.Pools[rs.Pools[pi].ID] = n
				continue
			}
			if si := slices.IndexFunc(rs.Stats, func(x rules.StatDef) bool { return named(x.ID, x.Name) }); si >= 0 {
				if m.Stats == nil {
					m.Stats = map[string]int{}
				}
				m.Stats[rs.Stats[si].ID] = n
				continue
			}
			return m, 0, fmt.Errorf("%s=%s: say hp=, side=, a pool no fight refills or a stat of %s", k, v, rs.Name)
		}
	}
	return m, i, nil
}

// partyDrop takes a member out of a party: fray party drop PARTY NAME.
func partyDrop(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 {
		fmt.Fprintln(stderr, "fray party drop: fray party drop PARTY NAME")
		return 2
	}
	p, err := parties().Keep(args[0], "", func(now engine.Party) (engine.Party, error) {
		who := strings.TrimSpace(args[1])
		i := slices.IndexFunc(now.Members, func(m engine.NewCombatant) bool { return strings.EqualFold(m.Name, who) })
		if i < 0 {
			return now, fmt.Errorf("%s has no member %q", now.Name, args[1])
		}
		now.Members = slices.Delete(slices.Clone(now.Members), i, i+1)
		return now, nil
	})
	if err != nil {
		fmt.Fprintln(stderr, "fray party drop:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d member%s left\n", session.Safe(p.Name), len(p.Members), plural(len(p.Members)))
	return 0
}

// partyRemove deletes a party: fray party rm PARTY [--yes].
func partyRemove(args []string, stdout, stderr io.Writer) int {
	fl, rest, msg := parseFlags(args, map[string]bool{"yes": false})
	switch {
	case msg != "":
		fmt.Fprintln(stderr, "fray party rm:", msg)
		return 2
	case len(rest) != 1:
		fmt.Fprintln(stderr, "fray party rm: fray party rm PARTY [--yes]")
		return 2
	}
	if len(fl["yes"]) == 0 {
		if !askable() {
			fmt.Fprintln(stderr, "fray party rm: removing a party cannot be undone, and there is no terminal to ask on: say "+
				"--yes to remove without asking")
			return 2
		}
		if !ask(stderr, fmt.Sprintf("Remove the party %q? It cannot be undone.", rest[0])) {
			fmt.Fprintln(stdout, "kept it")
			return 0
		}
	}
	path, err := parties().Remove(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "fray party rm:", err)
		return 1
	}
	fmt.Fprintf(stdout, "removed %s\n", path)
	return 0
}
