package dice

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestRollNotation(t *testing.T) {
	stats := StatMap(map[string]int{"QU": 5, "fighter_rank": 3, "dex_mod": -2, "DEX": 14})
	cases := []struct {
		expr  string
		faces []int
		total int
		line  string
	}{
		{"7", nil, 7, "7: 7 = 7"},
		{"d6", []int{4}, 4, "d6: [4] = 4"},
		{"1d6", []int{6}, 6, "1d6: [6] = 6"},
		{"3d6", []int{1, 2, 3}, 6, "3d6: [1, 2, 3] = 6"},
		{"1D6", []int{2}, 2, "1D6: [2] = 2"},
		{"d%", []int{57}, 57, "d%: [57] = 57"},
		{"2d10 + QU", []int{7, 3}, 15, "2d10 + QU: [7, 3] + 5 = 15"},
		{"3d6 + fighter_rank", []int{6, 6, 6}, 21, "3d6 + fighter_rank: [6, 6, 6] + 3 = 21"},
		{"1d10 + dex_mod", []int{1}, -1, "1d10 + dex_mod: [1] - 2 = -1"},
		{"1d10+DEX", []int{10}, 24, "1d10+DEX: [10] + 14 = 24"},
		{"2 + 3 * 4", nil, 14, "2 + 3 * 4: 2 + 3 * 4 = 14"},
		{"(2 + 3) * 4", nil, 20, "(2 + 3) * 4: (2 + 3) * 4 = 20"},
		{"10 - 4 - 3", nil, 3, "10 - 4 - 3: 10 - 4 - 3 = 3"},
		{"7 / 2", nil, 3, "7 / 2: 7 / 2 = 3"},
		{"-7 / 2", nil, -4, "-7 / 2: -7 / 2 = -4"},
		{"-d4", []int{3}, -3, "-d4: -[3] = -3"},
		{"2d20kh1", []int{17, 4}, 17, "2d20kh1: [17, 4 dropped] = 17"},
		{"2d20kh", []int{4, 17}, 17, "2d20kh: [4 dropped, 17] = 17"},
		{"2d20kl1", []int{17, 4}, 4, "2d20kl1: [17 dropped, 4] = 4"},
		{"4d6dl1", []int{3, 5, 1, 6}, 14, "4d6dl1: [3, 5, 1 dropped, 6] = 14"},
		{"4d6dh1", []int{3, 5, 1, 6}, 9, "4d6dh1: [3, 5, 1, 6 dropped] = 9"},
		{"4d6k3", []int{3, 5, 1, 6}, 14, "4d6k3: [3, 5, 1 dropped, 6] = 14"},
		{"3d6kh2", []int{4, 4, 4}, 8, "3d6kh2: [4, 4, 4 dropped] = 8"},
		{"3d6!", []int{6, 6, 2, 3, 1}, 18, "3d6!: [6!, 6!, 2, 3, 1] = 18"},
		{"2d6!>5", []int{5, 1, 2}, 8, "2d6!>5: [5!, 1, 2] = 8"},
		{"1d10!>=9", []int{9, 10, 4}, 23, "1d10!>=9: [9!, 10!, 4] = 23"},
		{"2d6!kh1", []int{6, 2, 5}, 8, "2d6!kh1: [6!, 2, 5 dropped] = 8"},
		// d100oe: up while high, down once low with an open-ended subtraction.
		{"d100oe", []int{50}, 50, "d100oe: [50] = 50"},
		{"d100oe", []int{97, 100, 23}, 220, "d100oe: [97 + 100 + 23] = 220"},
		{"d100oe", []int{96, 40}, 136, "d100oe: [96 + 40] = 136"},
		{"d100oe", []int{3, 45}, -42, "d100oe: [3 - 45] = -42"},
		{"d100oe", []int{3, 98, 45}, -140, "d100oe: [3 - 98 - 45] = -140"},
		{"d100oe", []int{5, 99, 96, 1}, -191, "d100oe: [5 - 99 - 96 - 1] = -191"},
		{"d100oe", []int{6}, 6, "d100oe: [6] = 6"},
		{"d100oe", []int{95}, 95, "d100oe: [95] = 95"},
		{"1d100OE + 40", []int{100, 2}, 142, "1d100OE + 40: [100 + 2] + 40 = 142"},
		{"d%oe", []int{1, 7}, -6, "d%oe: [1 - 7] = -6"},
		{"min(DEX, 5)", nil, 5, "min(DEX, 5): min(14, 5) = 5"},
		{"max(1d6, 2d6, 3)", []int{2, 1, 1}, 3, "max(1d6, 2d6, 3): max([2], [1, 1], 3) = 3"},
		{"max(0, fighter_rank - 5) + 1", nil, 1, "max(0, fighter_rank - 5) + 1: max(0, 3 - 5) + 1 = 1"},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			e, err := Parse(c.expr)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			src := Script(c.faces...)
			r, err := Roller{Rand: src}.Roll(e, stats)
			if err != nil {
				t.Fatalf("roll: %v", err)
			}
			if src.Err != nil || src.Left() != 0 {
				t.Fatalf("dice script: err=%v, %d faces unused", src.Err, src.Left())
			}
			if r.Total != c.total {
				t.Errorf("total = %d, want %d", r.Total, c.total)
			}
			if got := r.String(); got != c.line {
				t.Errorf("line = %q, want %q", got, c.line)
			}
			lo, hi, err := e.Bounds(stats)
			if err != nil || r.Total < lo || r.Total > hi {
				t.Errorf("total %d outside bounds [%d, %d] (err %v)", r.Total, lo, hi, err)
			}
		})
	}
}

func TestOpenEndedThresholdsFromRuleset(t *testing.T) {
	e := MustParse("d100oe")
	// A ruleset that opens only on 100 and 01.
	oe := OpenEnded{High: 100, Low: 1}
	r, _ := Roller{Rand: Script(97), OE: oe}.Roll(e, nil)
	if r.Total != 97 {
		t.Errorf("97 with High=100: total %d, want 97", r.Total)
	}
	r, _ = Roller{Rand: Script(100, 100, 3), OE: oe}.Roll(e, nil)
	if r.Total != 203 {
		t.Errorf("100,100,3: total %d, want 203", r.Total)
	}
	r, _ = Roller{Rand: Script(2), OE: oe}.Roll(e, nil)
	if r.Total != 2 {
		t.Errorf("2 with Low=1: total %d, want 2", r.Total)
	}
}

func TestExplosionsAreCapped(t *testing.T) {
	faces := make([]int, MaxExplosions+1)
	for i := range faces {
		faces[i] = 6
	}
	r, err := Roller{Rand: Script(faces...)}.Roll(MustParse("d6!"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 6*(MaxExplosions+1) || !strings.Contains(r.String(), "capped") {
		t.Errorf("capped explosion: total %d, line %q", r.Total, r.String())
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		expr string
		col  int
		msg  string
	}{
		{"", 1, "empty"},
		{"2d", 2, "unexpected"},
		{"2d6 +", 6, "ends where"},
		{"2d6 + + ", 9, "ends where"},
		{"(2d6", 5, "expected ')'"},
		{"2d6)", 4, "unexpected ')'"},
		{"2d6 $ 3", 5, "unexpected character"},
		{"2d6x", 4, "unknown dice modifier \"x\""},
		{"2d6kz", 4, "unknown dice modifier"},
		{"0d6", 1, "at least one die"},
		{"d0", 2, "at least one face"},
		{"5000d6", 1, "too many"},
		{"d9999999", 2, "too large"},
		{"d6!>1", 1, "never stop"},
		{"d6!>0", 1, "never stop"},
		{"d6!>=0", 1, "never stop"},
		{"d1!", 1, "never stop"},
		{"d6!>7", 1, "never explode"},
		{"2d20kh3", 1, "cannot keep"},
		{"2d20kh0", 1, "keeping no dice"},
		{"d20oe", 2, "d100oe only"},
		{"2d100oe", 1, "no count"},
		{"10 / 0", 4, "divisor can be zero"},
		{"10 / (d6 - 1)", 4, "divisor can be zero"},
		{"99999999999999", 1, "too large"},
		{"QU QU", 4, "unexpected name"},
		{"min(3)", 1, "at least two"},
		{"max(3 4)", 7, "expected ','"},
		{"min(1, 2", 9, "expected ',' or ')'"},
		{"3, 4", 2, "unexpected ','"},
		{strings.Repeat("(", 100) + "1" + strings.Repeat(")", 100), 65, "nested too deeply"},
		{strings.Repeat("1+", 300) + "1", MaxExprLen + 1, "longer than"},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			_, err := Parse(c.expr)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want a SyntaxError", err)
			}
			if se.Col != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("got col %d %q, want col %d containing %q", se.Col, se.Msg, c.col, c.msg)
			}
		})
	}
}

func TestRollErrors(t *testing.T) {
	if _, err := (Roller{Rand: Script(1)}).Roll(MustParse("d6 + QU"), nil); err == nil || !strings.Contains(err.Error(), `unknown stat "QU"`) {
		t.Errorf("unknown stat: %v", err)
	}
	if _, err := (Roller{Rand: Script()}).Roll(MustParse("10 / QU"), StatMap(map[string]int{"QU": 0})); err == nil || !strings.Contains(err.Error(), "divisor") {
		t.Errorf("divide by a zero stat: %v", err)
	}
	if _, err := (Roller{Rand: Script()}).Roll(MustParse("QU"), StatMap(map[string]int{"QU": MaxStat + 1})); err == nil {
		t.Errorf("stat out of range accepted")
	}
	// 20 terms of 1000d6: more than MaxTotalDice in all.
	big := strings.TrimSuffix(strings.Repeat("1000d6+", 21), "+")
	if _, err := (Roller{Rand: NewSource(1)}).Roll(MustParse(big), nil); !errors.Is(err, ErrTooManyDice) {
		t.Errorf("too many dice: %v", err)
	}
}

func TestExprStatsAndText(t *testing.T) {
	e := MustParse("2d10 + QU + QU * dex_mod")
	if got := strings.Join(e.Stats(), ","); got != "QU,dex_mod" {
		t.Errorf("Stats = %q", got)
	}
	var x Expr
	if err := x.UnmarshalText([]byte("1d10 + DEX")); err != nil || x.String() != "1d10 + DEX" || !x.HasDice() {
		t.Errorf("UnmarshalText: %v %q", err, x.String())
	}
	if err := x.UnmarshalText([]byte("1d")); err == nil {
		t.Errorf("bad text accepted")
	}
	if MustParse("3 + QU").HasDice() {
		t.Errorf("HasDice true without dice")
	}
}

// OpenEnded tells the expressions that need a ruleset's thresholds.
func TestExprOpenEnded(t *testing.T) {
	for src, want := range map[string]bool{
		"d100oe": true, "2d6 + max(3, d100oe)": true, "-(d100OE + 5)": true,
		"2d6": false, "d100": false, "d%": false, "4d6dl1 + QU": false, "7": false,
	} {
		if got := MustParse(src).OpenEnded(); got != want {
			t.Errorf("%s: open-ended %v, want %v", src, got, want)
		}
	}
	if (Expr{}).OpenEnded() {
		t.Error("the empty expression")
	}
}

func TestSeededRollsRepeat(t *testing.T) {
	e := MustParse("4d6dl1 + d100oe")
	a, _ := Roller{Rand: NewSource(42)}.Roll(e, nil)
	b, _ := Roller{Rand: NewSource(42)}.Roll(e, nil)
	if a.String() != b.String() {
		t.Errorf("same seed, different rolls: %s / %s", a, b)
	}
	s := NewSource(7)
	s.IntN(100)
	state := s.State()
	want := s.IntN(1000)
	s2 := NewSource(0)
	if err := s2.SetState(state); err != nil {
		t.Fatal(err)
	}
	if got := s2.IntN(1000); got != want {
		t.Errorf("restored state rolled %d, want %d", got, want)
	}
	if err := s2.SetState("zz"); err == nil {
		t.Errorf("bad state accepted")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2d10 + QU", "d100oe", "2d20kh1", "4d6dl1", "3d6!>5", "(1+2)*3/4", "d%", "-d4", "1d10 + dex_mod", "2d6!kh1"} {
		f.Add(s, uint64(1))
	}
	stats := StatMap(map[string]int{"QU": 3, "dex_mod": -1, "fighter_rank": 12})
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		e, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Col < 1 || se.Col > len(s)+1 {
				t.Fatalf("%q: error %v without a column in range", s, err)
			}
			return
		}
		lo, hi, err := e.Bounds(stats)
		if err != nil {
			return // a stat makes it unrollable, e.g. a zero divisor
		}
		r, err := Roller{Rand: NewSource(seed)}.Roll(e, func(n string) (int, bool) {
			v, ok := stats(n)
			return v, ok || true
		})
		if err != nil {
			return
		}
		if r.Total < lo || r.Total > hi {
			t.Fatalf("%q rolled %d outside [%d, %d]: %s", s, r.Total, lo, hi, r)
		}
		if r.String() == "" {
			t.Fatalf("empty rendering")
		}
	})
}

func BenchmarkRoll2d10PlusQU(b *testing.B) {
	stats := StatMap(map[string]int{"QU": 5})
	rl := Roller{Rand: NewSource(1)}
	for b.Loop() {
		e, err := Parse("2d10 + QU")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rl.Roll(e, stats); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRollD100OE(b *testing.B) {
	rl := Roller{Rand: NewSource(1)}
	for b.Loop() {
		e, err := Parse("d100oe")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rl.Roll(e, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Advantage rolls every die twice, each explosion too, and keeps the
// better; Disadvantage the worse; the log shows both.
// ledger: energy/advantage-disadvantage
func TestEdgeRollsEveryDieTwice(t *testing.T) {
	for _, c := range []struct {
		expr  string
		edge  Edge
		faces []int
		want  string
	}{
		{"d10! + 3", Advantage, []int{4, 10, 2, 10, 6, 1}, "d10! + 3, with Advantage: [10! (not 4), 10! (not 2), 6 (not 1)] + 3 = 29"},
		{"d10! + 3", Disadvantage, []int{4, 10}, "d10! + 3, with Disadvantage: [4 (not 10)] + 3 = 7"},
		{"2d6", Disadvantage, []int{5, 3, 2, 2}, "2d6, with Disadvantage: [3 (not 5), 2 (not 2)] = 5"},
		{"d20", NoEdge, []int{12}, "d20: [12] = 12"},
	} {
		src := TypedFaces(OpenEnded{}, c.faces...)
		r, err := Roller{Rand: src, Edge: c.edge}.Roll(MustParse(c.expr), nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != c.want {
			t.Errorf("%s %v: got %q, want %q", c.expr, c.edge, r.String(), c.want)
		}
		if err := src.Check(); err != nil {
			t.Errorf("%s: %v", c.expr, err)
		}
	}
}

// Total is Roll's total without the tree: the same value, the same error
// and the same faces used, expression by expression.
func TestTotalIsRollsTotal(t *testing.T) {
	stats := StatMap(map[string]int{"QU": 5, "rank": 3, "neg": -2, "zero": 0, "huge": MaxStat + 1})
	for _, src := range []string{
		"7", "QU", "-QU", "(QU)", "2 + 3 * 4", "(2 + 3) * 4", "10 - 4 - 3", "7 / 2", "-7 / 2", "7 / neg", "QU / zero",
		"min(QU, rank, 4)", "max(neg, rank - 5) + 1", "min(QU)", "max(-QU, -(rank * 2), neg)", "unknown + 1", "QU + unknown",
		"huge", "rank + huge", "unknown + huge", "huge + unknown", "2d6 + QU", "max(1d6, 2d6, 3)", "d100oe + rank", "3d6! - neg",
		"4d6dl1 / zero", "QU * QU * QU * QU * QU * QU * QU * QU",
	} {
		e, err := Parse(src)
		if err != nil {
			continue // min(QU) and the like: refused before any roll
		}
		for _, s := range []StatFunc{stats, nil} {
			a, b := Script(6, 1, 97, 4, 2, 3, 5, 6, 6, 1, 2, 3, 4), Script(6, 1, 97, 4, 2, 3, 5, 6, 6, 1, 2, 3, 4)
			r, errR := Roller{Rand: a}.Roll(e, s)
			v, errT := Roller{Rand: b}.Total(e, s)
			if r.Total != v || fmt.Sprint(errR) != fmt.Sprint(errT) || a.Left() != b.Left() {
				t.Errorf("%s: Roll %d (%v, %d faces left), Total %d (%v, %d left)", src, r.Total, errR, a.Left(), v, errT, b.Left())
			}
		}
	}
	if v, err := (Roller{}).Total(Expr{}, nil); v != 0 || err != nil {
		t.Errorf("the empty expression: %d, %v", v, err)
	}
}

// A source's state is its generator's bytes in lower-case hex, as a save
// keeps it, and it restores the source it was taken from.
func TestSourceStateIsHex(t *testing.T) {
	s := NewSource(42)
	s.IntN(6)
	b, _ := s.pcg.MarshalBinary()
	if got, want := s.State(), fmt.Sprintf("%x", b); got != want {
		t.Fatalf("state %q, want %q", got, want)
	}
	r := NewSource(0)
	if err := r.SetState(s.State()); err != nil || r.IntN(1000) != s.IntN(1000) {
		t.Fatalf("restored: %v", err)
	}
}
