package deck

import (
	"fmt"
	"strings"

	"stormjudge/orders"
)

// The BurntSushi/toml decoder keeps key positions private (MetaData has
// none for us, and keys inside arrays of tables share one entry), so scan
// finds the line of every table and key itself. It records paths in the
// form the parser uses: "card[3].germany.effect[0].kind", indexes 0-based
// within the enclosing table. It only runs on text the TOML decoder
// accepted, and needs to be exact only for the forms docs/deck.md uses;
// for anything else the parser falls back to the enclosing table's line.
func scan(text string) map[string]int {
	s := &scanner{lines: map[string]int{}, count: map[string]int{}, array: map[string]bool{}}
	cur := ""
	inString := "" // the closing delimiter of a multi-line string
	for i, ln := range strings.Split(text, "\n") {
		line := i + 1
		if inString != "" {
			if strings.Count(ln, inString)%2 == 1 {
				inString = ""
			}
			continue
		}
		t := strings.TrimSpace(ln)
		switch {
		case t == "" || t[0] == '#':
		case strings.HasPrefix(t, "[["):
			end := strings.Index(t, "]]")
			if end < 0 {
				continue
			}
			segs := splitKey(t[2:end])
			if len(segs) == 0 {
				continue
			}
			parent := s.indexed(segs[:len(segs)-1])
			arr := join(parent, segs[len(segs)-1])
			s.array[strings.Join(segs, ".")] = true
			s.count[arr]++
			cur = fmt.Sprintf("%s[%d]", arr, s.count[arr]-1)
			s.set(cur, line)
		case t[0] == '[':
			end := strings.LastIndexByte(t, ']')
			if end < 0 {
				continue
			}
			cur = s.indexed(splitKey(t[1:end]))
			s.set(cur, line)
		default:
			eq := indexOutsideQuotes(t, '=')
			if eq <= 0 {
				continue
			}
			s.set(join(cur, strings.Join(splitKey(t[:eq]), ".")), line)
			v := t[eq+1:]
			for _, d := range []string{`"""`, `'''`} {
				if strings.Count(v, d)%2 == 1 {
					inString = d
				}
			}
		}
	}
	return s.lines
}

type scanner struct {
	lines map[string]int
	count map[string]int  // indexed path of an array of tables -> tables so far
	array map[string]bool // plain path -> is an array of tables
}

func (s *scanner) set(path string, line int) {
	if _, ok := s.lines[path]; !ok {
		s.lines[path] = line
	}
}

// indexed turns the segments of a table name into an indexed path: each
// array of tables on the way stands for its last element.
func (s *scanner) indexed(segs []string) string {
	ip, pp := "", ""
	for _, seg := range segs {
		ip, pp = join(ip, seg), join(pp, seg)
		if s.array[pp] {
			ip = fmt.Sprintf("%s[%d]", ip, s.count[ip]-1)
		}
	}
	return ip
}

// splitKey splits a dotted TOML key, dropping quotes and spaces.
func splitKey(k string) []string {
	var out []string
	var b strings.Builder
	quote := rune(0)
	for _, r := range k {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			b.WriteRune(r)
		case r == '"' || r == '\'':
			quote = r
		case r == '.':
			out = append(out, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteRune(r)
		}
	}
	return append(out, strings.TrimSpace(b.String()))
}

func indexOutsideQuotes(s string, c byte) int {
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		switch {
		case quote != 0 && s[i] == quote:
			quote = 0
		case quote != 0:
		case s[i] == '"' || s[i] == '\'':
			quote = s[i]
		case s[i] == c:
			return i
		}
	}
	return -1
}

// didYouMean returns ` (did you mean "X"?)` for the candidate closest to
// word, if close enough to be a typo (the order language's rule:
// orders.Suggest), else "".
func didYouMean(word string, candidates []string) string {
	best := orders.Suggest(word, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}
