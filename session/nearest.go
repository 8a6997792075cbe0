package session

import "strings"

// Nearest is the one of names closest to s, in any case, if one is close
// enough to be what was meant: a letter or two changed, added or left out
// (one for a short word), or s the start of it. "" when none is.
func Nearest(s string, names []string) string {
	ls := strings.ToLower(strings.TrimSpace(s))
	limit := max(1, min(2, len([]rune(ls))/4))
	best, bestD := "", limit+1
	for _, n := range names {
		ln := strings.ToLower(n)
		d := Distance(ls, ln)
		if len([]rune(ls)) >= 3 && strings.HasPrefix(ln, ls) {
			d = min(d, 1)
		}
		if d < bestD || (d == bestD && len(n) < len(best)) {
			best, bestD = n, d
		}
	}
	if bestD > limit {
		return ""
	}
	return best
}

// Distance is how many letters must be changed, added or taken away to
// make a into b (the Levenshtein distance), counted in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
