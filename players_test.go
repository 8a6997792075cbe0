package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/wish/v2/testsession"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"fray/content"
	"fray/engine"
	"fray/engine/dice"
	"fray/engine/rules"
	"fray/export"
	"fray/narrate"
	"fray/playerview"
	"fray/saves"
	"fray/session"
)

// The players' screen is a security boundary. TestPlayersLearnNoSecret
// plays random GM sessions of every shipped ruleset (adds, hides, reveals,
// removals, renames, damage and healing, pools spent, timers, groups,
// conditions, checks, spells, undo and redo) and after every step reads
// what a player receives: the screen of fray watch (the player view's
// View, ANSI taken out), an SSH session's bytes and the screen they draw
// (fray serve, in process, following the fight's journal as the GM's fray
// writes it), and fray export --player in every format. An oracle that
// knows every secret of the fight so far checks that none is there.
//
// The secrets, as the fight stands after the step:
//   - the names of combatants the players have never been shown, every
//     name each had; the name of one hidden now; of one that left hidden;
//   - the hit points of a combatant whose side's hit points the GM does not
//     show as numbers now, every value it has had;
//   - the numbers of a pool the players may not read (a foe's, unless the
//     ruleset makes the pool public; the party's when its hit points do not
//     show as numbers), every value it has had;
//   - the words of every GM's timer never marked for the table;
//   - the GM's notes;
//   - a foe's statement of intent (a declaration made or taken back) while
//     the foes' rolls were kept, unless it made the same in sight too; and
//     an order of the round that tells one, the foe left out or moved off
//     its rank for it (orderTells).
//
// Every name, timer and note is a word made for the test and found nowhere
// else (seven letters, a prefix of its own, none a part of another), and
// the numbers that are secrets are of six digits, from stats and hit points
// chosen for it, where nothing a player may read has six: a secret found
// is a secret told, never a coincidence. Where a name is part of another
// (a hidden "Orc" beside "Orc 1"), TestPlayersNameCollisions says what
// the players must read.
//
// FRAY_PRIVACY_SESSIONS sets how many sessions run (by default a few, in
// a few seconds), FRAY_PRIVACY_SEED the first seed; one session in
// privacySSHEvery (at least one) is watched over SSH as well.

// privacySSHEvery is how often a session is watched over SSH too.
const privacySSHEvery = 25

// ledger: brp/npc-statements
func TestPlayersLearnNoSecret(t *testing.T) {
	n, seed := 10, uint64(1)
	if s := os.Getenv("FRAY_PRIVACY_SESSIONS"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("FRAY_PRIVACY_SESSIONS=%q: a number of sessions, 1 or more", s)
		}
		n = v
	}
	if s := os.Getenv("FRAY_PRIVACY_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("FRAY_PRIVACY_SEED=%q: a number", s)
		}
		seed = v
	}
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	sets := lib.Rulesets()
	if len(sets) != 5 {
		t.Fatalf("%d shipped rulesets, want 5", len(sets))
	}
	var total privacyTally
	found := map[string]*leakSeen{}
	for i := range n {
		s := seed + uint64(i)
		rs := sets[i%len(sets)].Ruleset
		ssh := i%privacySSHEvery == 0
		t.Run(fmt.Sprintf("%s/%d", rs.ID, s), func(t *testing.T) {
			tally, leaks := playPrivately(t, rs, s, 60, ssh, nil)
			total.add(tally)
			for _, l := range leaks {
				t.Error(l.report)
				k := l.kind + " · " + l.view
				if found[k] == nil {
					found[k] = &leakSeen{first: l}
				}
				found[k].sessions++
			}
		})
	}
	t.Logf("%d sessions: %s", n, total)
	if len(found) > 0 {
		var b strings.Builder
		keys := slices.Sorted(maps.Keys(found))
		for _, k := range keys {
			x := found[k]
			fmt.Fprintf(&b, "\n  %s: in %d sessions; first seed %d (%s), step %d: %q", k, x.sessions, x.first.seed, x.first.ruleset, x.first.step, x.first.line)
		}
		t.Errorf("what the players learnt, by kind and where:%s", b.String())
	}
}

// leak is a secret a player read, and the report of it with the steps
// that led there.
type leak struct {
	kind, view, ruleset, line string
	seed                      uint64
	step                      int
	report                    string
}

// leakSeen is a kind of leak, in how many sessions, first where.
type leakSeen struct {
	first    leak
	sessions int
}

// privacyTally counts what a run did and read.
type privacyTally struct {
	sessions, steps, undos, redos, screens, sshScreens, exports int
	hidden, removedHidden, publicTimers, pools                  int
	ops                                                         map[string]int
}

func (a *privacyTally) add(b privacyTally) {
	a.sessions += b.sessions
	a.steps += b.steps
	a.undos += b.undos
	a.redos += b.redos
	a.screens += b.screens
	a.sshScreens += b.sshScreens
	a.exports += b.exports
	a.hidden += b.hidden
	a.removedHidden += b.removedHidden
	a.publicTimers += b.publicTimers
	a.pools += b.pools
	if a.ops == nil {
		a.ops = map[string]int{}
	}
	for k, v := range b.ops {
		a.ops[k] += v
	}
}

func (a privacyTally) String() string {
	var ops []string
	for k, v := range a.ops {
		ops = append(ops, fmt.Sprintf("%s %d", k, v))
	}
	slices.Sort(ops)
	return fmt.Sprintf("%d steps (%d undone, %d redone), %d screens of fray watch, %d of fray serve, %d records of fray export --player; "+
		"%d combatants hidden, %d of them removed hidden, %d timers for the table, %d secret pool numbers; steps by op: %s",
		a.steps, a.undos, a.redos, a.screens, a.sshScreens, a.exports, a.hidden, a.removedHidden, a.publicTimers, a.pools, strings.Join(ops, ", "))
}

// playPrivately plays one random session of steps changes and checks what
// the players receive after each: it returns the session's first leak of
// each kind in each place, with the steps that led there. plant, where
// given, is a view of the fight checked as the players' too (to prove the
// oracle finds what a view tells).
func playPrivately(t *testing.T, rs *rules.Ruleset, seed uint64, steps int, ssh bool, plant func(*engine.Fight) string) (privacyTally, []leak) {
	src := dice.NewSource(seed)
	f := engine.NewFight(rs, engine.NewEncounter("Vault", rs), src)
	g := newGMSim(rs, f, seed)
	o := newOracle(rs)
	var w *sshWitness
	if ssh {
		w = newSSHWitness(t, rs, f, src)
		g.record = w.record
	}
	tally := privacyTally{sessions: 1, ops: map[string]int{}}
	var leaks []leak
	told := map[string]bool{}
	for k := 0; k < steps; {
		what, op, ok := g.step()
		if !ok {
			continue
		}
		k++
		tally.steps++
		tally.ops[op]++
		switch op {
		case "undo":
			tally.undos++
		case "redo":
			tally.redos++
		}
		o.see(f.Current())
		secrets := append(o.secrets(f.Current()), o.statements(f)...)
		check := func(view, text string) {
			for _, x := range append(findSecrets(text, secrets), o.orderTells(f, text)...) {
				l := leak{kind: x.kind, view: view, ruleset: rs.ID, line: x.line, seed: seed, step: k}
				if told[l.kind+l.view] {
					continue
				}
				told[l.kind+l.view] = true
				l.report = fmt.Sprintf("seed %d, %s, step %d (%s): %s: the players learn %s, reading %q\nthe steps:\n%s",
					seed, rs.ID, k, what, view, x.what, x.line, g.history())
				leaks = append(leaks, l)
			}
		}
		if plant != nil {
			check("planted", plant(f))
		}
		screen := watchScreen(rs, f, playerview.MaxWidth, playerview.MaxHeight)
		tally.screens++
		check("fray watch", screen)
		for _, format := range export.Formats {
			var b bytes.Buffer
			if err := export.Write(&b, "Vault", f, format, export.Options{Player: true}); err != nil {
				t.Fatalf("seed %d, %s, step %d: export %s: %v", seed, rs.ID, k, format, err)
			}
			tally.exports++
			check("fray export --player "+format, b.String())
		}
		if w != nil {
			shown, raw := w.after(screenAt(rs, f, w.w, w.h))
			tally.sshScreens++
			check("fray serve's screen", shown)
			check("fray serve's bytes", raw)
		}
	}
	tally.hidden, tally.removedHidden, tally.publicTimers, tally.pools = o.counts()
	return tally, leaks
}

// watchScreen is fray watch's screen of the fight, w x h, without its
// styles: the player view's View as a viewer's program draws it.
func watchScreen(rs *rules.Ruleset, f *engine.Fight, w, h int) string {
	m := playerview.New(heardOf(rs, f), true)
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return ansi.Strip(next.(playerview.Model).View().Content)
}

// screenAt is the screen a terminal of w x h shows of the player view:
// each line without the spaces at its end.
func screenAt(rs *rules.Ruleset, f *engine.Fight, w, h int) string {
	lines := strings.Split(watchScreen(rs, f, w, h), "\n")
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines[:h], "\n")
}

// heardOf is the fight as a viewer hears of it.
func heardOf(rs *rules.Ruleset, f *engine.Fight) playerview.Heard {
	return playerview.Heard{Name: "Vault", Rules: rs, Enc: f.Current(), Log: tailLog(f, feedLog)}
}

// ---------------------------------------------------------------- the GM

// gmSim is a GM playing a fight at random: every change a GM can make,
// some refused (as a GM's would be), undo and redo among them.
type gmSim struct {
	r      *rand.Rand
	rs     *rules.Ruleset
	f      *engine.Fight
	words  *secretWords
	done   []string
	record func(op session.ChangeOp, s engine.Step)
}

func newGMSim(rs *rules.Ruleset, f *engine.Fight, seed uint64) *gmSim {
	return &gmSim{r: rand.New(rand.NewPCG(seed, 34)), rs: rs, f: f, words: newSecretWords(seed)}
}

// history is the steps taken so far, one a line.
func (g *gmSim) history() string {
	var b strings.Builder
	for i, s := range g.done {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, s)
	}
	return b.String()
}

// step makes one change: what it was (for the report), its op, and false
// when the engine refused it.
func (g *gmSim) step() (string, string, bool) {
	f := g.f
	switch x := g.r.IntN(100); {
	case x < 4 && f.CanUndo():
		s, ok := f.Undo()
		if !ok {
			return "", "", false
		}
		g.note(session.OpUndo, s)
		g.done = append(g.done, "undo "+g.describe(s.Cmd))
		return "undo", "undo", true
	case x < 7 && f.CanRedo():
		s, err := f.Redo()
		if err != nil {
			return "", "", false
		}
		g.note(session.OpRedo, s)
		g.done = append(g.done, "redo "+g.describe(s.Cmd))
		return "redo", "redo", true
	}
	cmd := g.command()
	if cmd == nil {
		return "", "", false
	}
	if _, err := f.Do(cmd); err != nil {
		return "", "", false
	}
	g.note(session.OpDo, f.Done[len(f.Done)-1])
	d := g.describe(cmd)
	g.done = append(g.done, d)
	return d, string(cmd.Op()), true
}

func (g *gmSim) note(op session.ChangeOp, s engine.Step) {
	if g.record != nil {
		g.record(op, s)
	}
}

// describe says a command with the names of those it concerns.
func (g *gmSim) describe(cmd engine.Command) string {
	if add, ok := cmd.(engine.Add); ok {
		var who []string
		for _, c := range add.Combatants {
			x := fmt.Sprintf("%s (%s, %d)", c.Name, c.Side, c.HP)
			if c.Group {
				x += " in a group"
			}
			who = append(who, x)
		}
		return "add " + strings.Join(who, ", ")
	}
	s := fmt.Sprintf("%s %+v", cmd.Op(), cmd)
	return regexp.MustCompile(`(Who|With|Target|After):(\d+)`).ReplaceAllStringFunc(s, func(m string) string {
		k, v, _ := strings.Cut(m, ":")
		id, _ := strconv.Atoi(v)
		if c := g.f.Current().Combatant(id); c != nil {
			return k + ":" + c.Name
		}
		return m
	})
}

// who is a combatant of the fight at random (0 when there is none).
func (g *gmSim) who() int {
	cs := g.f.Current().Combatants
	if len(cs) == 0 {
		return 0
	}
	return cs[g.r.IntN(len(cs))].ID
}

// actor is the one acting now, or anyone.
func (g *gmSim) actor() int {
	if a := g.f.Current().Actor(); a != nil && g.r.IntN(4) > 0 {
		return a.ID
	}
	return g.who()
}

func pick[T any](r *rand.Rand, xs []T) (T, bool) {
	var zero T
	if len(xs) == 0 {
		return zero, false
	}
	return xs[r.IntN(len(xs))], true
}

// command is a change a GM might make now (the engine may refuse it).
func (g *gmSim) command() engine.Command {
	r, rs, enc := g.r, g.rs, g.f.Current()
	if enc.Status == engine.StatusSetup && (len(enc.Combatants) < 2 || r.IntN(3) > 0) {
		if len(enc.Combatants) < 4 || r.IntN(3) == 0 {
			return g.add()
		}
	}
	if enc.Status == engine.StatusSetup && len(enc.Combatants) >= 2 && r.IntN(4) == 0 {
		return engine.Start{}
	}
	// In the statements phase a GM mostly takes statements: a foe's made
	// there is a secret the oracle must see kept, so sessions reach it.
	if ph := rs.RoundPhases(); enc.Status == engine.StatusRunning && rs.Order.DeclarePhase != "" &&
		enc.Phase < len(ph) && ph[enc.Phase].ID == rs.Order.DeclarePhase && r.IntN(3) == 0 {
		if d, ok := pick(r, rs.Declarations); ok {
			return engine.Declare{Who: g.who(), Declaration: d.ID, Amount: r.IntN(3) * 5}
		}
	}
	switch x := r.IntN(60); {
	case x < 12:
		return engine.Next{}
	case x < 15:
		return g.add()
	case x < 18:
		return engine.Hide{Who: g.who()}
	case x < 20:
		return engine.Show{Who: g.who()}
	case x < 22:
		return engine.Remove{Who: g.who()}
	case x < 23:
		return engine.Rename{Who: g.who(), Name: g.words.name()}
	case x < 27:
		if rs.Recorded() {
			v := rs.Vitality
			loc, _ := pick(r, v.Locations)
			sev, _ := pick(r, v.Severities)
			return engine.RecordWound{Who: g.who(), Location: loc.ID, Severity: sev.ID, Penetrating: r.IntN(2) == 0}
		}
		if r.IntN(2) == 0 {
			return engine.Damage{Who: g.who(), Amount: 1 + r.IntN(30)}
		}
		return engine.Damage{Who: g.who(), Expr: "2d6"}
	case x < 28:
		return engine.Heal{Who: g.who(), Amount: 1 + r.IntN(10)}
	case x < 31:
		a, ok := pick(r, rs.Actions)
		if !ok {
			return engine.Next{}
		}
		return engine.Spend{Who: g.actor(), Action: a.ID}
	case x < 34:
		return g.timer()
	case x < 36:
		tm, ok := pick(r, enc.Timers)
		switch {
		case !ok:
			return g.timer()
		case r.IntN(3) == 0:
			return engine.StopTimer{Timer: tm.ID}
		case r.IntN(2) == 0:
			return engine.ShowTimer{Timer: tm.ID}
		}
		return engine.HideTimer{Timer: tm.ID}
	case x < 38:
		return engine.JoinGroup{Who: g.who(), With: g.who()}
	case x < 39:
		return engine.LeaveGroup{Who: g.who()}
	case x < 42:
		c, ok := pick(r, rs.Conditions)
		if !ok {
			return engine.Next{}
		}
		if r.IntN(3) == 0 {
			return engine.TakeCondition{Who: g.who(), Condition: c.ID}
		}
		return engine.GiveCondition{Who: g.who(), Condition: c.ID, Rounds: r.IntN(3)}
	case x < 45:
		ch, ok := pick(r, rs.Checks)
		if !ok {
			return engine.Roll{Who: g.actor(), Expr: "1d20", For: "swings"}
		}
		return engine.RollCheck{Who: g.actor(), Check: ch.ID, Target: g.who()}
	case x < 46:
		return engine.Roll{Who: g.actor(), Expr: "1d20", For: "swings"}
	case x < 47:
		return engine.Notes{Who: g.who(), Text: "GM: " + g.words.note()}
	case x < 49:
		switch r.IntN(4) {
		case 0:
			return engine.View{Setting: engine.ViewHideNewFoes, Off: r.IntN(2) == 0}
		case 1:
			return engine.View{Setting: engine.ViewFoeRolls, Off: r.IntN(3) > 0}
		case 2: // the GM's own, never the players'
			return engine.View{Setting: engine.ViewTableDice, Off: r.IntN(2) == 0}
		}
		side := []string{"foes", "party", "goblins"}[r.IntN(3)]
		show, _ := pick(r, rules.HPShows)
		return engine.ViewHP{Side: side, Show: show}
	case x < 51:
		if rs.Spells.Power != "" || rs.Spells.Check != "" || len(rs.Spells.Kinds) > 0 {
			switch r.IntN(3) {
			case 0:
				return engine.Cast{Who: g.actor(), Name: "Sleep", Rank: 1 + r.IntN(3)}
			case 1:
				return engine.Cast{Who: g.actor()}
			}
			return engine.DropSpell{Who: g.actor()}
		}
		return engine.Next{}
	case x < 53:
		if lv, ok := pick(r, rs.Stun.Levels); ok {
			return engine.Stun{Who: g.who(), Level: lv.ID, Rounds: 1 + r.IntN(2)}
		}
		return engine.Stun{Who: g.who(), Rounds: 1 + r.IntN(2)}
	case x < 55:
		return engine.Bleed{Who: g.who(), Rate: 1 + r.IntN(5)}
	case x < 56:
		return engine.Injure{Who: g.who(), Penalty: -5 * (1 + r.IntN(4)), Text: "a cut"}
	case x < 57:
		return engine.Wait{Who: enc.Cur.Who, After: g.who()}
	case x < 58:
		if d, ok := pick(r, rs.Declarations); ok {
			return engine.Declare{Who: g.who(), Declaration: d.ID, Amount: r.IntN(3) * 5}
		}
		return engine.Next{}
	case x < 59:
		if enc.Round > 3 && r.IntN(4) == 0 {
			return engine.End{}
		}
		return engine.Next{}
	}
	return engine.Next{}
}

// add brings one to three combatants in: the party's with hit points of
// three digits, the foes' with six (the secrets the oracle looks for), and
// stats that make a private pool's numbers six digits too.
func (g *gmSim) add() engine.Command {
	r, rs := g.r, g.rs
	n := 1 + r.IntN(3)
	group := n > 1 && r.IntN(3) == 0
	side := "foes"
	switch r.IntN(10) {
	case 0, 1, 2:
		side = engine.PlayersSide
		group = false
	case 3:
		side = "goblins"
	}
	var add []engine.NewCombatant
	for range n {
		hp := 100 + r.IntN(900)
		if side != engine.PlayersSide {
			hp = 100000 + r.IntN(100000)
		}
		stats := map[string]int{}
		for _, s := range rs.Stats {
			stats[s.ID] = s.Default
			if poolStat(rs, s.ID) {
				stats[s.ID] = 200000 + r.IntN(50000)
			}
		}
		if side != engine.PlayersSide && r.IntN(2) == 0 {
			// Half the foes with the stats others' rolls read of them
			// (a Defense, an armour's coverage) at 900,000 and more:
			// a roll against one that says its target tells them.
			for _, id := range theirStats(rs) {
				if !poolStat(rs, id) {
					stats[id] = theirsFrom + r.IntN(50000)
				}
			}
		}
		nc := engine.NewCombatant{Name: g.words.name(), Side: side, HP: hp, Stats: stats, Group: group}
		if r.IntN(2) == 0 {
			v := r.IntN(20)
			nc.Init = &v
		}
		add = append(add, nc)
	}
	return engine.Add{Combatants: add}
}

// theirsFrom is where the foes' stats others' rolls read begin; theirsNear
// is how far a number worked out from one (SC - target_DEF) may be from it
// and still tell it. Nothing else a player may read comes near: hit points
// are below 200,000, a pool's numbers below 800,000.
const theirsFrom, theirsNear = 900000, 5000

// theirStats are the stats of the ruleset the formulas read of the one a
// roll is against (target_X): what a roll's numbers tell of a foe.
func theirStats(rs *rules.Ruleset) []string {
	read := map[string]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			if e, ok := v.Interface().(dice.Expr); ok {
				for _, st := range e.Stats() {
					if id, ok := strings.CutPrefix(st, rules.TargetPrefix); ok {
						read[id] = true
					}
				}
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k))
			}
		}
	}
	walk(reflect.ValueOf(*rs))
	var out []string
	for _, s := range rs.Stats {
		if read[s.ID] {
			out = append(out, s.ID)
		}
	}
	return out
}

// poolStat reports whether a stat is the whole of a pool's capacity, or
// a sum's: given six digits, the pool's numbers have six too.
func poolStat(rs *rules.Ruleset, stat string) bool {
	for _, p := range rs.Pools {
		expr := p.Capacity.String()
		if strings.Contains(expr, "min(") {
			continue
		}
		for _, w := range regexp.MustCompile(`[A-Za-z_]+`).FindAllString(expr, -1) {
			if w == stat {
				return true
			}
		}
	}
	return false
}

// timer sets a timer of the GM's, with a message no other text has.
func (g *gmSim) timer() engine.Command {
	r := g.r
	at := []rules.EventAt{rules.EventRoundStart, rules.EventRoundEnd, rules.EventCount}[r.IntN(3)]
	cmd := engine.SetTimer{Text: g.words.timer() + " at the gate", At: at, Rounds: r.IntN(3)}
	if at == rules.EventCount {
		cmd.Count = r.IntN(20)
	}
	if r.IntN(3) == 0 {
		cmd.Every = 1 + r.IntN(2)
	}
	cmd.Public = r.IntN(4) == 0
	return cmd
}

// secretWords makes words found nowhere else: combatants' names, timers'
// messages, the GM's notes, each seven letters with a prefix of its kind,
// none twice. Words of one length cannot be a part of one another.
type secretWords struct {
	r    *rand.Rand
	used map[string]bool
}

func newSecretWords(seed uint64) *secretWords {
	return &secretWords{r: rand.New(rand.NewPCG(seed, 7)), used: map[string]bool{}}
}

func (s *secretWords) make(prefix string) string {
	const cons, vows = "bdfgklmnprstvz", "aeiou"
	for {
		w := prefix
		for i := 0; len(w) < 7; i++ {
			if i%2 == 0 {
				w += string(cons[s.r.IntN(len(cons))])
			} else {
				w += string(vows[s.r.IntN(len(vows))])
			}
		}
		if !s.used[w] {
			s.used[w] = true
			return w
		}
	}
}

func (s *secretWords) name() string  { return s.make("Xq") }
func (s *secretWords) timer() string { return s.make("Tq") }
func (s *secretWords) note() string  { return s.make("Nq") }

// ---------------------------------------------------------------- the oracle

// oracle knows every secret of a fight: it sees each state the players
// were shown, in turn, and says what they must not read now.
type oracle struct {
	rs  *rules.Ruleset
	who map[int]*knownCombatant
	// past are those whose id was given to another (an add undone).
	past   []*knownCombatant
	timers map[string]bool // a timer's message: ever marked for the table
	notes  map[string]bool
}

// knownCombatant is what the oracle knows of a combatant, present or gone.
type knownCombatant struct {
	names     []string
	side      string
	everShown bool
	hidden    bool // now, or as it left
	present   bool
	hp        map[int]bool
	pools     map[string]map[int]bool
	// theirs are the values of its stats others' rolls read of it, where
	// they are the test's (theirsFrom and up).
	theirs map[string]int
}

func newOracle(rs *rules.Ruleset) *oracle {
	return &oracle{rs: rs, who: map[int]*knownCombatant{}, timers: map[string]bool{}, notes: map[string]bool{}}
}

// see learns the state the players are shown now.
func (o *oracle) see(enc *engine.Encounter) {
	was := map[int]bool{}
	for id, k := range o.who {
		was[id], k.present = k.present, false
	}
	for i := range enc.Combatants {
		c := enc.Combatants[i]
		k := o.who[c.ID]
		if k != nil && !was[c.ID] && !slices.Contains(k.names, c.Name) {
			// An add undone, and its id given to another: the first is
			// kept as it was known, under no id.
			o.past = append(o.past, k)
			k = nil
		}
		if k == nil {
			k = &knownCombatant{side: c.Side, hp: map[int]bool{}, pools: map[string]map[int]bool{}}
			o.who[c.ID] = k
		}
		k.present, k.hidden = true, c.Hidden
		k.everShown = k.everShown || !c.Hidden
		if !slices.Contains(k.names, c.Name) {
			k.names = append(k.names, c.Name)
		}
		k.hp[c.HP], k.hp[c.MaxHP] = true, true
		for st, v := range c.Stats {
			if v >= theirsFrom {
				if k.theirs == nil {
					k.theirs = map[string]int{}
				}
				k.theirs[st] = v
			}
		}
		for p, v := range c.Pools {
			if k.pools[p] == nil {
				k.pools[p] = map[int]bool{}
			}
			k.pools[p][v] = true
		}
		if c.Notes != "" {
			o.notes[c.Notes] = true
		}
	}
	for _, tm := range enc.Timers {
		o.timers[tm.Text] = o.timers[tm.Text] || timerPublic(tm)
	}
}

// secret is one thing the players must not read: its kind, what it is,
// and the word or number that tells it.
type secret struct {
	kind, what, token string
	number            bool
	// near: any number within theirsNear of it tells it (a target worked
	// out from it).
	near bool
}

// Kinds of secret.
const (
	secretNeverShown = "the name of a combatant never shown"
	secretHiddenNow  = "the name of a combatant hidden now"
	secretLeftHidden = "the name of a combatant removed hidden"
	secretHP         = "hit points not shown as numbers"
	secretPool       = "a pool's numbers"
	secretTheirs     = "a foe's stat, read by a roll against it"
	secretTimer      = "a GM's timer"
	secretNotes      = "the GM's notes"
	secretStatement  = "a foe's statement of intent"
	// secretStatementOrder: the order of the round tells a foe's statement.
	secretStatementOrder = "a foe's statement of intent, by the order"
)

// secrets are what the players must not read as the fight stands in enc.
func (o *oracle) secrets(enc *engine.Encounter) []secret {
	var out []secret
	all := maps.Clone(o.who)
	for i, k := range o.past {
		all[-1-i] = k
	}
	for id, k := range all {
		name := k.names[len(k.names)-1]
		switch {
		case !k.everShown:
			for _, n := range k.names {
				out = append(out, secret{kind: secretNeverShown, what: fmt.Sprintf("the name of #%d, never shown", id), token: n})
			}
		case k.hidden && k.present:
			for _, n := range k.names {
				out = append(out, secret{kind: secretHiddenNow, what: fmt.Sprintf("the name of #%d (%s), hidden now", id, name), token: n})
			}
		case k.hidden:
			for _, n := range k.names {
				out = append(out, secret{kind: secretLeftHidden, what: fmt.Sprintf("the name of #%d (%s), removed while hidden", id, name), token: n})
			}
		}
		exact := engine.HPShowOf(o.rs, enc, k.side) == rules.HPExact
		if !exact {
			for v := range k.hp {
				if v >= 100000 {
					out = append(out, secret{kind: secretHP, what: fmt.Sprintf("the hit points of %s (side %s)", name, k.side), token: strconv.Itoa(v), number: true})
				}
			}
		}
		if k.side != engine.PlayersSide && !enc.View.FoeRolls && !exact {
			for st, v := range k.theirs {
				out = append(out, secret{kind: secretTheirs, what: fmt.Sprintf("%s's %s", name, st), token: strconv.Itoa(v), near: true})
			}
		}
		for p, vs := range k.pools {
			if poolPublic(o.rs, p) || k.side == engine.PlayersSide && exact {
				continue
			}
			for v := range vs {
				if v >= 100000 {
					out = append(out, secret{kind: secretPool, what: fmt.Sprintf("%s's %s", name, p), token: strconv.Itoa(v), number: true})
				}
			}
		}
	}
	for text, public := range o.timers {
		if !public {
			out = append(out, secret{kind: secretTimer, what: "a GM's timer", token: strings.Fields(text)[0]})
		}
	}
	for n := range o.notes {
		out = append(out, secret{kind: secretNotes, what: "the GM's notes", token: strings.TrimPrefix(n, "GM: ")})
	}
	return out
}

// statements are the foes' statements of intent the GM kept (BRP, l.25:
// "their actions remain unknown until they act"): each declaration a foe
// made, or took back, while the foes' rolls were kept from the players,
// read off the log in order with the settings of the player view as they
// were then. One the same foe made or took back in the players' sight too
// is not counted, as its words are the same.
func (o *oracle) statements(f *engine.Fight) []secret {
	type said struct {
		id   int
		decl string
		back bool
	}
	kept, seen := map[said]bool{}, map[said]bool{}
	shown := false
	for _, e := range f.Log() {
		var x said
		switch fact := e.Fact.(type) {
		case engine.FoeRollsSet:
			shown = fact.Shown
			continue
		case engine.Declares:
			if fact.Carried {
				continue
			}
			x = said{e.Who.ID, fact.Declaration, false}
		case engine.Undeclared:
			x = said{e.Who.ID, fact.Declaration, true}
		default:
			continue
		}
		if k := o.who[x.id]; k == nil || k.side == engine.PlayersSide {
			continue
		}
		if shown {
			seen[x] = true
		} else {
			kept[x] = true
		}
	}
	var out []secret
	for x := range kept {
		d, ok := o.rs.Declaration(x.decl)
		if seen[x] || !ok {
			continue
		}
		for _, n := range o.who[x.id].names {
			token := n + " declares " + d.Name
			if x.back {
				token = n + " takes back " + d.Name
			}
			out = append(out, secret{kind: secretStatement, what: fmt.Sprintf("%s's statement (%s)", n, d.Name), token: token})
		}
	}
	return out
}

// counts are, for the tally: combatants hidden at some point, those
// removed hidden, timers for the table, pool numbers kept.
func (o *oracle) counts() (hidden, removedHidden, publicTimers, pools int) {
	for _, k := range slices.Concat(slices.Collect(maps.Values(o.who)), o.past) {
		if !k.everShown || k.hidden {
			hidden++
		}
		if k.hidden && !k.present {
			removedHidden++
		}
		for p, vs := range k.pools {
			if !poolPublic(o.rs, p) {
				for v := range vs {
					if v >= 100000 {
						pools++
					}
				}
			}
		}
	}
	for _, pub := range o.timers {
		if pub {
			publicTimers++
		}
	}
	return
}

// told is a secret found in a text, with the line it stands in.
type told struct {
	secret
	line string
}

// findSecrets lists the secrets a text tells: a word anywhere, or cut
// short by "…"; a number standing alone.
func findSecrets(text string, ss []secret) []told {
	var out []told
	for _, line := range strings.Split(text, "\n") {
		cut := cutWords(line)
		for _, s := range ss {
			switch {
			case s.number && containsNumber(line, s.token):
			case s.near && containsNear(line, s.token):
			case !s.number && strings.Contains(line, s.token):
			case !s.number && slices.ContainsFunc(cut, func(w string) bool { return len(w) >= 4 && strings.HasPrefix(s.token, w) }):
			default:
				continue
			}
			out = append(out, told{s, strings.TrimSpace(line)})
		}
	}
	return out
}

// cutWords are the words a text cuts short with "…".
func cutWords(text string) []string {
	var out []string
	for rest := text; ; {
		i := strings.Index(rest, "…")
		if i < 0 {
			return out
		}
		j := i
		for j > 0 && isWordByte(rest[j-1]) {
			j--
		}
		out = append(out, rest[j:i])
		rest = rest[i+len("…"):]
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// containsNumber reports whether n stands in s with no digit beside it.
// containsNear reports whether s holds a number within theirsNear of n.
func containsNear(s, n string) bool {
	v, _ := strconv.Atoi(n)
	for _, m := range sixDigits.FindAllString(s, -1) {
		if x, err := strconv.Atoi(m); err == nil && x >= v-theirsNear && x <= v+theirsNear {
			return true
		}
	}
	return false
}

var sixDigits = regexp.MustCompile(`\d{6,}`)

func containsNumber(s, n string) bool {
	for off := 0; ; {
		i := strings.Index(s[off:], n)
		if i < 0 {
			return false
		}
		at := off + i
		before := at > 0 && s[at-1] >= '0' && s[at-1] <= '9'
		end := at + len(n)
		after := end < len(s) && s[end] >= '0' && s[end] <= '9'
		if !before && !after {
			return true
		}
		off = at + 1
	}
}

// ---------------------------------------------------------------- fray serve

// sshWitness is a player at fray serve, in process: the GM's changes go to
// the fight's journal, the server follows it as it does the GM's fray, and
// the player's terminal is read after each.
type sshWitness struct {
	t    *testing.T
	sess *session.Session
	v    *viewer
	raw  *lockedBuffer
	w, h int
}

func newSSHWitness(t *testing.T, rs *rules.Ruleset, f *engine.Fight, src *dice.Source) *sshWitness {
	t.Helper()
	h := newHostile(t)
	log.SetOutput(io.Discard)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	st := h.store()
	_, hash, ok := h.shelf().Ruleset(rs.ID)
	if !ok {
		t.Fatalf("no ruleset %s", rs.ID)
	}
	sv := &session.Saved{Name: "Vault", Fight: f, Source: src, Hash: hash, Path: st.NewPath("Vault")}
	j, err := st.Create(sv.Path, sv.Snapshot(), false)
	if err != nil {
		t.Fatal(err)
	}
	sv.Journal = j
	sess := &session.Session{}
	sess.Open(sv)
	t.Cleanup(func() { sess.Close() })
	if err := sess.Wait(0); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	fd := newFeed(st, sv.Path)
	fd.every = 2 * time.Millisecond
	go fd.run(ctx)
	watch := saves.StartWatch(sv.Path, 0)
	t.Cleanup(watch.Stop)
	cfg := defaultServeConfig()
	cfg.addr = "127.0.0.1:0"
	srv, err := newServer(cfg, fd, &viewers{max: 4, watch: watch}, true)
	if err != nil {
		t.Fatal(err)
	}
	addr := testsession.Listen(t, srv)

	w := &sshWitness{t: t, sess: sess, raw: &lockedBuffer{}, w: 160, h: 60}
	s, err := testsession.NewClientSession(t, addr, &gossh.ClientConfig{User: "player"})
	if err != nil {
		t.Fatal(err)
	}
	w.v = &viewer{t: t, sess: s, term: newVT(w.w, w.h)}
	s.Stdout = io.MultiWriter(w.v, w.raw)
	s.Stderr = s.Stdout
	if w.v.in, err = s.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", w.h, w.w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Shell(); err != nil {
		t.Fatal(err)
	}
	w.v.waitFor("Vault")
	return w
}

// record writes a change to the fight's journal, as the GM's fray does,
// and waits for it to be durable.
func (w *sshWitness) record(op session.ChangeOp, s engine.Step) {
	if err := w.sess.Wait(w.sess.Record(op, s)); err != nil {
		w.t.Fatal(err)
	}
}

// after waits for the player's terminal to show want (the player view of
// the fight as the GM has it now) and returns what it shows, and the
// bytes sent since the last look, each escape sequence made a line break.
func (w *sshWitness) after(want string) (shown, raw string) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		shown = w.v.screen()
		if shown == want {
			break
		}
		if time.Now().After(deadline) {
			w.t.Errorf("the player's terminal never showed the fight as the GM has it;\nit shows:\n%s\nwant:\n%s", shown, want)
			break
		}
		time.Sleep(2 * time.Millisecond)
	}
	w.raw.mu.Lock()
	b := w.raw.buf.String()
	w.raw.buf.Reset()
	w.raw.mu.Unlock()
	return shown, escapesAsBreaks(b)
}

var escapeSeq = regexp.MustCompile(`\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\|[@-Z\\-_]|.)`)

// escapesAsBreaks makes each escape sequence of a terminal's bytes a line
// break: what the bytes write, without stitching two runs into one word.
func escapesAsBreaks(s string) string {
	return escapeSeq.ReplaceAllString(s, "\n")
}

// ---------------------------------------------------------------- what the rulesets say

// timerPublic reports whether the GM marked a timer for the table.
func timerPublic(tm engine.Timer) bool { return tm.Public }

// poolPublic reports whether the ruleset lets the players read a pool's
// numbers for every combatant.
func poolPublic(rs *rules.Ruleset, id string) bool {
	return slices.ContainsFunc(rs.Pools, func(p rules.Pool) bool { return p.ID == id && p.Public })
}

// ---------------------------------------------------------------- what was found

// playersRead is everything the players receive of a fight: fray watch's
// screen and fray export --player in every format.
func playersRead(t *testing.T, rs *rules.Ruleset, f *engine.Fight) string {
	t.Helper()
	out := []string{watchScreen(rs, f, playerview.MaxWidth, playerview.MaxHeight)}
	for _, format := range export.Formats {
		var b bytes.Buffer
		if err := export.Write(&b, "Vault", f, format, export.Options{Player: true}); err != nil {
			t.Fatal(err)
		}
		out = append(out, b.String())
	}
	return strings.Join(out, "\n")
}

// regressionFight is a pathmaster fight of Gavvin (the party's) and the
// foes given, begun.
func regressionFight(t *testing.T, foes ...engine.NewCombatant) (*rules.Ruleset, *engine.Fight) {
	t.Helper()
	return fightOf(t, "pathmaster", foes...)
}

// fightOf is a fight of a shipped ruleset, of Gavvin (the party's) and the
// foes given, begun.
func fightOf(t *testing.T, id string, foes ...engine.NewCombatant) (*rules.Ruleset, *engine.Fight) {
	t.Helper()
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	crs, ok := lib.Ruleset(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	rs := crs.Ruleset
	f := engine.NewFight(rs, engine.NewEncounter("Vault", rs), dice.NewSource(1))
	init := 20
	add := append([]engine.NewCombatant{{Name: "Gavvin", Side: engine.PlayersSide, HP: 30, Stats: map[string]int{"CO": 12}, Init: &init}}, foes...)
	for i := range add {
		if _, ok := rs.Stat("CO"); !ok {
			add[i].Stats = nil
		}
	}
	mustDo(t, f, engine.Add{Combatants: add}, engine.Start{})
	return rs, f
}

func mustDo(t *testing.T, f *engine.Fight, cmds ...engine.Command) {
	t.Helper()
	for _, c := range cmds {
		if _, err := f.Do(c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
}

func foe(name string, hp, init int) engine.NewCombatant {
	return engine.NewCombatant{Name: name, Side: "foes", HP: hp, Stats: map[string]int{"CO": 12}, Init: &init}
}

// The leaks the property test was made to find, each as it was first seen.
func TestPlayersLeaksFound(t *testing.T) {
	t.Run("a hidden foe removed is never named", func(t *testing.T) {
		rs, f := regressionFight(t, foe("Orc 1", 45, 10))
		mustDo(t, f, engine.View{Setting: engine.ViewHideNewFoes})
		mustDo(t, f, engine.Add{Combatants: []engine.NewCombatant{foe("Assassin", 30, 5)}})
		id := f.Current().Combatants[2].ID
		mustDo(t, f, engine.Damage{Who: id, Amount: 4}, engine.Remove{Who: id})
		read := playersRead(t, rs, f)
		if strings.Contains(read, "Assassin") {
			t.Errorf("the players read of the hidden Assassin:\n%s", read)
		}
		if !strings.Contains(read, "Orc 1") {
			t.Errorf("the players do not see Orc 1:\n%s", read)
		}
	})
	t.Run("a visible foe removed keeps its hit points to itself", func(t *testing.T) {
		rs, f := regressionFight(t, foe("Orc 1", 45, 10))
		id := f.Current().Combatants[1].ID
		mustDo(t, f, engine.Damage{Who: id, Amount: 7}, engine.Remove{Who: id})
		read := playersRead(t, rs, f)
		for _, want := range []string{"Orc 1 joins the fight", "Orc 1 is hurt", "Orc 1 leaves the fight"} {
			if !strings.Contains(read, want) {
				t.Errorf("the players do not read %q:\n%s", want, read)
			}
		}
		for _, secret := range []string{"45", "38"} {
			if containsNumber(read, secret) {
				t.Errorf("the players read Orc 1's hit points (%s):\n%s", secret, read)
			}
		}
	})
	t.Run("the GM's timers are the GM's", func(t *testing.T) {
		rs, f := regressionFight(t, foe("Orc 1", 45, 10))
		mustDo(t, f, engine.SetTimer{Text: "Reinforcements: 4 hobgoblins at the gate", At: rules.EventRoundStart, Rounds: 4})
		if read := playersRead(t, rs, f); strings.Contains(read, "hobgoblins") {
			t.Errorf("the players read the GM's timer:\n%s", read)
		}
		mustDo(t, f, engine.Next{}, engine.Next{}, engine.Next{})
		if read := playersRead(t, rs, f); strings.Contains(read, "hobgoblins") {
			t.Errorf("the players read the GM's timer:\n%s", read)
		}
		mustDo(t, f, engine.ShowTimer{Timer: f.Current().Timers[0].ID})
		if read := playersRead(t, rs, f); !strings.Contains(read, "Reinforcements: 4 hobgoblins at the gate") {
			t.Errorf("the players do not read the timer shown to the table:\n%s", read)
		}
		mustDo(t, f, engine.SetTimer{Text: "The bridge gives way", At: rules.EventRoundEnd, Public: true})
		if read := playersRead(t, rs, f); !strings.Contains(read, "The bridge gives way") {
			t.Errorf("the players do not read a timer set for the table:\n%s", read)
		}
	})
	t.Run("the round's order names those seen, and is there", func(t *testing.T) {
		rs, f := fightOf(t, "brp", foe("Orc 1", 45, 10), foe("Assassin", 30, 5))
		mustDo(t, f, engine.Hide{Who: f.Current().Combatants[2].ID})
		for f.Current().Round < 2 {
			mustDo(t, f, engine.Next{})
		}
		read := playersRead(t, rs, f)
		// The Orc's place, not its initiative: a foe's roll is the GM's.
		if strings.Contains(read, "Assassin") || strings.Count(read, "Order: Gavvin 20, Orc 1\n") < 2 || strings.Contains(read, "Orc 1 10") {
			t.Errorf("the players do not read each round's order without the Assassin (and the Orc's initiative):\n%s", read)
		}
	})
	t.Run("a duration of as many rounds as hit points tells none", func(t *testing.T) {
		// BRP: a major wound puts one in shock for as many rounds as it
		// has hit points left.
		rs, f := fightOf(t, "brp", foe("Ogre", 23, 10))
		mustDo(t, f, engine.View{Setting: engine.ViewFoeRolls})
		mustDo(t, f, engine.GiveCondition{Who: f.Current().Combatants[1].ID, Condition: "major_wound"})
		gm := strings.Join(logLines(f), "\n")
		if !strings.Contains(gm, "Ogre has a Major wound for 23 rounds") {
			t.Fatalf("the GM's log does not say how long:\n%s", gm)
		}
		read := playersRead(t, rs, f)
		if !strings.Contains(read, "Ogre has a Major wound") || containsNumber(read, "23") {
			t.Errorf("the players read the Ogre's hit points in its wound:\n%s", read)
		}
	})
	t.Run("foes' pools are the GM's", func(t *testing.T) {
		rs, f := regressionFight(t, foe("Ogre", 60, 10))
		// Fatigue (40 + 3 x CO: 76) ticks at the end of round 3.
		for f.Current().Round < 4 {
			mustDo(t, f, engine.Next{})
		}
		gm := strings.Join(logLines(f), "\n")
		if !strings.Contains(gm, "Ogre: Fatigue: loses 1 Fatigue (76 -> 75)") || !strings.Contains(gm, "Gavvin: Fatigue: loses 1 Fatigue (76 -> 75)") {
			t.Fatalf("the GM's log does not show the Fatigue tick:\n%s", gm)
		}
		read := playersRead(t, rs, f)
		if strings.Contains(read, "Ogre: Fatigue") {
			t.Errorf("the players read the Ogre's Fatigue:\n%s", read)
		}
		if !strings.Contains(read, "Gavvin: Fatigue: loses 1 Fatigue (76 -> 75)") {
			t.Errorf("the players do not read their own Fatigue:\n%s", read)
		}
	})
}

// logLines is the GM's log of a fight, a line an event.
func logLines(f *engine.Fight) []string {
	var out []string
	for _, e := range f.Log() {
		out = append(out, narrate.Line(f.Rules, e))
	}
	return out
}

// The oracle finds what a view tells: the GM's own log, planted as the
// players' screen, tells every kind of secret the oracle keeps, and each
// is found. A checker that found nothing would pass every view.
// ledger: brp/npc-statements
func TestPrivacyOracleFindsAPlantedLeak(t *testing.T) {
	lib, probs := content.LoadBuiltin()
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	gmLog := func(f *engine.Fight) string {
		var b strings.Builder
		for _, e := range f.Log() {
			b.WriteString(narrate.Line(f.Rules, e) + "\n")
		}
		for _, c := range f.Current().Combatants {
			b.WriteString(c.Notes + "\n")
		}
		return b.String()
	}
	found := map[string]int{}
	for i, set := range lib.Rulesets() {
		for s := range uint64(4) {
			_, leaks := playPrivately(t, set.Ruleset, 100+s+uint64(i)*10, 60, false, gmLog)
			for _, l := range leaks {
				if l.view != "planted" {
					t.Error(l.report)
					continue
				}
				found[l.kind]++
			}
		}
	}
	for _, kind := range []string{secretNeverShown, secretHiddenNow, secretLeftHidden, secretHP, secretPool, secretTimer, secretNotes, secretStatement,
		secretTheirs, secretStatementOrder} {
		if found[kind] == 0 {
			t.Errorf("the GM's log, planted as the players' screen, tells %s, and the oracle did not find it", kind)
		}
	}
	t.Logf("found in the planted view: %v", found)
}

// The players' order shows a group as the GM's does: its members under the
// first of it they see, those hidden left out; the turn line names those
// who act there.
func TestPlayersSeeGroupsAsTheGMDoes(t *testing.T) {
	orc := func(name string) engine.NewCombatant {
		c := foe(name, 45, 10)
		c.Group = true
		return c
	}
	rs, f := regressionFight(t)
	mustDo(t, f, engine.Add{Combatants: []engine.NewCombatant{orc("Orc 1"), orc("Orc 2"), orc("Orc 3")}})
	for f.Current().Actor() == nil || f.Current().Actor().Name != "Orc 1" {
		mustDo(t, f, engine.Next{})
	}
	rows := func() []string {
		var out []string
		screen, _, _ := strings.Cut(watchScreen(rs, f, 100, 40), "What happened")
		for _, l := range strings.Split(screen, "\n") {
			if strings.Contains(l, "Orc") {
				out = append(out, strings.Join(strings.Fields(l), " "))
			}
		}
		return out
	}
	want := []string{"Now Orc 1 and 2 more Next up —", "▶ Orc 1 unhurt", "+ Orc 2 unhurt", "+ Orc 3 unhurt"}
	if got := rows(); !slices.Equal(got, want) {
		t.Errorf("the players see the group as\n%q\nwant\n%q", got, want)
	}
	id := func(name string) int {
		for _, c := range f.Current().Combatants {
			if c.Name == name {
				return c.ID
			}
		}
		t.Fatalf("no %s", name)
		return 0
	}
	mustDo(t, f, engine.Hide{Who: id("Orc 2")})
	want = []string{"Now Orc 1 and 1 more Next up —", "▶ Orc 1 unhurt", "+ Orc 3 unhurt"}
	if got := rows(); !slices.Equal(got, want) {
		t.Errorf("with Orc 2 hidden, the players see the group as\n%q\nwant\n%q", got, want)
	}
	mustDo(t, f, engine.Hide{Who: id("Orc 1")}, engine.Show{Who: id("Orc 2")}, engine.Damage{Who: id("Orc 2"), Amount: 45})
	want = []string{"Now Orc 3 Next up —", "Orc 2 down Unconscious, Helpless, Prone", "▶ + Orc 3 unhurt"}
	if got := rows(); !slices.Equal(got, want) {
		t.Errorf("with Orc 1 hidden and Orc 2 down, the players see the group as\n%q\nwant\n%q", got, want)
	}
}

// orderTells lists what the players' orders in a text tell of the foes'
// statements kept from them this round (BRP l.21-25: "their actions remain
// unknown until they act"): a foe that stated something kept must stand,
// in every order of the round the text gives, where its rank without the
// statement puts it (its initiative: before one on a lower rank that
// stated nothing, after one on a higher), and must not be missing from it
// for what it stated (its every action given up, or put past the last
// rank). The order of the round is found after "Round N begins".
func (o *oracle) orderTells(f *engine.Fight, text string) []told {
	enc := f.Current()
	if enc.Status != engine.StatusRunning || enc.View.FoeRolls || o.rs.Order.DeclarePhase == "" {
		return nil
	}
	kept := map[int]bool{}
	shown := false
	for _, e := range f.Log() {
		switch fact := e.Fact.(type) {
		case engine.FoeRollsSet:
			shown = fact.Shown
		case engine.Declares:
			if k := o.who[e.Who.ID]; e.Round == enc.Round && !fact.Carried && !shown && k != nil && k.side != engine.PlayersSide {
				kept[e.Who.ID] = true
			}
		}
	}
	if len(kept) == 0 {
		return nil
	}
	// at: each combatant's first place in an order line, by its names.
	at := func(line string) map[int]int {
		out := map[int]int{}
		parts := strings.Split(line[strings.Index(line, "Order: ")+len("Order: "):], ", ")
		for i, p := range parts {
			p = strings.TrimRight(strings.TrimSpace(p), "`*_\"}") // markdown's marks, the end of a JSON object
			for id, k := range o.who {
				for _, n := range k.names {
					rest, ok := strings.CutPrefix(p, n)
					if _, placed := out[id]; ok && !placed && (rest == "" || rest[0] == ' ' && strings.Trim(rest, " -0123456789") == "") {
						out[id] = i
					}
				}
			}
		}
		return out
	}
	begins := fmt.Sprintf("Round %d begins", enc.Round)
	var out []told
	in := false
	var first map[int]int // the round's first order, before any statement
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "Round ") && strings.Contains(line, " begins") {
			in, first = strings.Contains(line, begins), nil
			continue
		}
		if !in || !strings.Contains(line, "Order: ") {
			continue
		}
		places := at(line)
		if first == nil {
			first = places
		}
		for id := range kept {
			k := enc.Combatant(id)
			if k == nil || !engine.Visible(k) {
				continue
			}
			what := fmt.Sprintf("%s's statement, by its place in the order", k.Name)
			tell := func() {
				out = append(out, told{secret{kind: secretStatementOrder, what: what}, strings.TrimSpace(line)})
			}
			pk, there := places[id]
			if _, was := first[id]; !there && was {
				_, dead := engine.Death(o.rs, k)
				byStatement := !dead
				for _, e := range enc.Entries {
					if e.Who == id && !(e.GivenUp || e.Value < o.rs.Order.Lowest) {
						byStatement = false
					}
				}
				if byStatement {
					tell()
				}
				continue
			}
			if !there {
				continue
			}
			for _, x := range enc.Combatants {
				px, there := places[x.ID]
				e := enc.Entry(engine.Ref{Who: x.ID})
				if !there || x.ID == id || len(x.Declared) > 0 || e == nil || e.Value != x.Init || e.Taken || e.Waiting || x.Init == k.Init {
					continue
				}
				if (k.Init > x.Init) != (pk < px) {
					what += fmt.Sprintf(" (rank %d, beside %s's %d)", k.Init, x.Name, x.Init)
					tell()
					break
				}
			}
		}
	}
	return out
}
