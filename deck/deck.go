// Package deck reads random event decks (rule 8.4) from TOML files into
// storm.Deck. The format is documented for moderators in
// docs/deck.md. Every error carries the line of the file it concerns:
// TOML syntax errors, unknown keys and effect kinds (with a "did you mean"),
// values of the wrong type, and what deckcheck.Check finds (missing
// parameters, duplicate numbers ...).
package deck

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"stormjudge/adjudicator/deckcheck"
	"stormjudge/adjudicator/storm"
)

// Error is one problem of a deck file. Line is 1-based, 0 when unknown.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Errors are all the problems of a deck file, in line order.
type Errors []*Error

func (es Errors) Error() string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = "deck: " + e.Error()
	}
	return strings.Join(s, "\n")
}

// LoadFile reads and parses a deck file; the deck's name defaults to the
// file's base name without extension.
func LoadFile(path string) (storm.Deck, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return storm.Deck{}, fmt.Errorf("deck: %w", err)
	}
	return Parse(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)), data)
}

// Parse reads a deck in the TOML format of docs/deck.md and checks it
// (deckcheck.Check). name is the deck's name unless the file sets
// one. The error, if any, is Errors.
func Parse(name string, data []byte) (storm.Deck, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			msg := pe.Message
			if pe.LastKey != "" {
				msg = fmt.Sprintf("%s (after key %q)", msg, pe.LastKey)
			}
			return storm.Deck{}, Errors{{Line: pe.Position.Line, Msg: "TOML syntax: " + msg}}
		}
		return storm.Deck{}, Errors{{Msg: err.Error()}}
	}
	p := &parser{lines: scan(string(data)), reported: map[string]bool{}}
	d := p.deck(raw)
	if d.Name == "" {
		d.Name = name
	}
	for _, e := range deckcheck.Check(d) {
		path := errorPath(e)
		if p.reported[path] || p.reported[parentPath(path)] {
			continue // the parser said it already
		}
		p.errorf(path, "%s", e.Msg)
	}
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool { return p.errs[i].Line < p.errs[j].Line })
		return d, p.errs
	}
	return d, nil
}

// errorPath is the key path (as scan records it) of a Check error.
func errorPath(e deckcheck.Error) string {
	if e.Card < 0 {
		return ""
	}
	path := fmt.Sprintf("card[%d]", e.Card)
	if e.Event != "" {
		path += "." + e.Event
	}
	if e.Effect >= 0 {
		path += fmt.Sprintf(".effect[%d]", e.Effect)
	}
	if e.Key != "" {
		path += "." + e.Key
	}
	return path
}

type parser struct {
	lines    map[string]int // key path -> line (scan)
	errs     Errors
	reported map[string]bool
}

// errorf records an error at path's line (or the line of the nearest
// enclosing table).
func (p *parser) errorf(path, format string, args ...any) {
	p.reported[path] = true
	p.errs = append(p.errs, &Error{Line: p.line(path), Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) line(path string) int {
	for path != "" {
		if l, ok := p.lines[path]; ok {
			return l
		}
		path = parentPath(path)
	}
	return 0
}

// parentPath strips the last key or index of path.
func parentPath(path string) string {
	if strings.HasSuffix(path, "]") {
		if i := strings.LastIndexByte(path, '['); i >= 0 {
			return path[:i]
		}
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

// Keys of each table of the format.
var (
	deckKeys   = []string{"name", "card"}
	cardKeys   = []string{"number", "trend", "non_repeatable", "general", "germany", "italy", "britain", "france", "russia"}
	eventKeys  = []string{"title", "text", "secret", "category", "effect"}
	effectKeys = func() []string {
		k := []string{"kind"}
		for _, p := range storm.Params {
			k = append(k, string(p))
		}
		return k
	}()
)

func (p *parser) unknown(path, key string, known []string) {
	p.errorf(join(path, key), "unknown key %q%s; known here: %s", key, didYouMean(key, known), strings.Join(known, ", "))
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (p *parser) deck(raw map[string]any) storm.Deck {
	var d storm.Deck
	for _, k := range sortedKeys(raw) {
		switch k {
		case "name":
			d.Name = p.str(raw, "", k)
		case "card":
			cards, ok := raw[k].([]map[string]any)
			if !ok {
				p.errorf(k, "card must be written as [[card]] tables")
				continue
			}
			for i, c := range cards {
				d.Cards = append(d.Cards, p.card(fmt.Sprintf("card[%d]", i), c))
			}
		default:
			p.unknown("", k, deckKeys)
		}
	}
	return d
}

func (p *parser) card(path string, raw map[string]any) storm.Card {
	c := storm.Card{National: map[storm.Power]storm.CardEvent{}}
	if _, ok := raw["number"]; !ok {
		p.errorf(path, "missing: number (8.41D)")
	}
	for _, k := range sortedKeys(raw) {
		switch k {
		case "number":
			c.Number = p.integer(raw, path, k)
		case "trend":
			c.Trend = p.integer(raw, path, k)
		case "non_repeatable":
			c.NonRepeatable = p.boolean(raw, path, k)
		case "general":
			c.General = p.event(join(path, k), p.table(raw, path, k))
		default:
			pw, ok := storm.ParsePower(k)
			if !ok || pw.String() != k {
				p.unknown(path, k, cardKeys)
				continue
			}
			c.National[pw] = p.event(join(path, k), p.table(raw, path, k))
		}
	}
	if _, ok := raw["general"]; !ok {
		p.errorf(join(path, "general"), "missing: [card.general] (8.41B)")
	}
	return c
}

func (p *parser) event(path string, raw map[string]any) storm.CardEvent {
	var ev storm.CardEvent
	for _, k := range sortedKeys(raw) {
		switch k {
		case "title":
			ev.Title = p.str(raw, path, k)
		case "text":
			ev.Text = p.str(raw, path, k)
		case "secret":
			ev.Secret = p.boolean(raw, path, k)
		case "category":
			ev.Category = storm.EventCategory(p.str(raw, path, k))
			if s := string(ev.Category); s != "" && !slices.Contains(storm.EventCategories, ev.Category) {
				p.errorf(join(path, k), "unknown category %q%s; one of %s (8.21)", s,
					didYouMean(s, strs(storm.EventCategories)), strings.Join(strs(storm.EventCategories), ", "))
			}
		case "effect":
			effs, ok := raw[k].([]map[string]any)
			if !ok {
				p.errorf(join(path, k), "effects must be written as [[%s.effect]] tables", tableName(path))
				continue
			}
			for i, e := range effs {
				ep := fmt.Sprintf("%s.effect[%d]", path, i)
				// an effect of unknown kind is kept: Check's errors about it
				// are then dropped as already reported
				ev.Effects = append(ev.Effects, p.effect(ep, e))
			}
		default:
			p.unknown(path, k, eventKeys)
		}
	}
	return ev
}

// tableName turns "card[3].germany" into "card.germany".
func tableName(path string) string {
	var b strings.Builder
	skip := false
	for _, r := range path {
		switch {
		case r == '[':
			skip = true
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// effect converts one effect table; an unknown or missing kind is
// reported here, with a suggestion.
func (p *parser) effect(path string, raw map[string]any) storm.Effect {
	var e storm.Effect
	if _, has := raw["kind"]; !has {
		p.errorf(path, "missing: kind (one of the effect kinds of docs/deck.md)")
	}
	for _, k := range sortedKeys(raw) {
		kp := join(path, k)
		switch storm.Param(k) {
		case storm.ParamPower:
			s := p.str(raw, path, k)
			pw, good := storm.ParsePower(s)
			if !good && s != "" {
				p.errorf(kp, "unknown power %q%s", s, didYouMean(s, powerNames()))
			}
			e.Power = pw
		case storm.ParamSide:
			e.Side = storm.Side(strings.ToLower(p.str(raw, path, k)))
		case storm.ParamValue:
			e.Value = p.integer(raw, path, k)
		case storm.ParamCount:
			e.Count = p.integer(raw, path, k)
		case storm.ParamPer:
			e.Per = p.integer(raw, path, k)
		case storm.ParamMax:
			e.Max = p.integer(raw, path, k)
		case storm.ParamProject:
			e.Project = p.str(raw, path, k)
		case storm.ParamResearch:
			e.Research = storm.ResearchCategory(strings.ToLower(p.str(raw, path, k)))
		case storm.ParamRegion:
			s := p.str(raw, path, k)
			r, good := storm.ParseRegion(s)
			if !good {
				r = storm.Region(s) // Check reports it
			}
			e.Region = r
		case storm.ParamCountry, storm.ParamOther:
			s := p.str(raw, path, k)
			c, good := storm.FindCountry(s)
			if !good && s != "" {
				p.errorf(kp, "unknown country %q%s: a diplomatic target of 24.21 or Russia", s, didYouMean(s, storm.Countries()))
				c = s
			}
			if k == "country" {
				e.Country = c
			} else {
				e.Other = c
			}
		case storm.ParamCondition:
			e.Condition = storm.Condition(p.str(raw, path, k))
		case storm.ParamUnit:
			e.Unit = storm.UnitType(strings.ToLower(p.str(raw, path, k)))
		case storm.ParamUse:
			e.Use = storm.CounterUse(p.str(raw, path, k))
		case storm.ParamTurn:
			e.When = strings.ToLower(p.str(raw, path, k))
		default:
			if k == "kind" {
				s := p.str(raw, path, k)
				e.Kind = storm.EffectKind(s)
				if _, known := e.Kind.Spec(); !known && s != "" {
					p.errorf(kp, "unknown effect kind %q%s", s, didYouMean(s, strs(storm.EffectKinds())))
				}
				continue
			}
			p.unknown(path, k, effectKeys)
		}
	}
	return e
}

func (p *parser) str(raw map[string]any, path, key string) string {
	s, ok := raw[key].(string)
	if !ok {
		p.errorf(join(path, key), "%s must be a string in quotes, not %s", key, typeName(raw[key]))
	}
	return s
}

func (p *parser) integer(raw map[string]any, path, key string) int {
	n, ok := raw[key].(int64)
	if !ok {
		p.errorf(join(path, key), "%s must be a whole number, not %s", key, typeName(raw[key]))
		return 0
	}
	if n < -1000 || n > 1000 {
		p.errorf(join(path, key), "%s: %d is out of any range of the format", key, n)
		return 0
	}
	return int(n)
}

func (p *parser) boolean(raw map[string]any, path, key string) bool {
	b, ok := raw[key].(bool)
	if !ok {
		p.errorf(join(path, key), "%s must be true or false, not %s", key, typeName(raw[key]))
	}
	return b
}

func (p *parser) table(raw map[string]any, path, key string) map[string]any {
	t, ok := raw[key].(map[string]any)
	if !ok {
		p.errorf(join(path, key), "%s must be a table: [card.%s]", key, key)
	}
	return t
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "a number"
	case float64:
		return "a decimal number"
	case bool:
		return "true/false"
	case map[string]any:
		return "a table"
	case []map[string]any, []any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func strs[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

func powerNames() []string {
	out := make([]string, len(storm.Powers))
	for i, pw := range storm.Powers {
		out[i] = pw.String()
	}
	return out
}
