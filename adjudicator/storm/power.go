package storm

import (
	"fmt"
	"strings"
)

// Power is one of the five major powers. The zero value is invalid.
type Power uint8

// The major powers in the order of play (7.21).
const (
	Germany Power = iota + 1
	Italy
	Britain
	France
	Russia
)

// Powers lists the major powers in the order of play (7.21).
var Powers = []Power{Germany, Italy, Britain, France, Russia}

var powerNames = [...]string{"", "germany", "italy", "britain", "france", "russia"}

// powerTitles are the names capitalised, spelt once: Title is asked for
// every message of every order checked.
var powerTitles = [...]string{"", "Germany", "Italy", "Britain", "France", "Russia"}

// String returns the lower-case name ("germany").
func (p Power) String() string {
	if p.Valid() {
		return powerNames[p]
	}
	return fmt.Sprintf("power(%d)", uint8(p))
}

// Title returns the capitalised name ("Germany").
func (p Power) Title() string {
	if !p.Valid() {
		return p.String()
	}
	return powerTitles[p]
}

// Valid reports whether p is one of the five major powers.
func (p Power) Valid() bool { return p >= Germany && p <= Russia }

// ParsePower parses a power name, case-insensitively.
func ParsePower(s string) (Power, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range Powers {
		if powerNames[p] == s {
			return p, true
		}
	}
	return 0, false
}

// MarshalText encodes p as its lower-case name (also used for map keys).
func (p Power) MarshalText() ([]byte, error) {
	if !p.Valid() {
		return nil, fmt.Errorf("adjudicator: invalid power %d", uint8(p))
	}
	return []byte(p.String()), nil
}

// UnmarshalText decodes a power name.
func (p *Power) UnmarshalText(b []byte) error {
	q, ok := ParsePower(string(b))
	if !ok {
		return fmt.Errorf("adjudicator: unknown power %q", b)
	}
	*p = q
	return nil
}

// Side is an alliance for research and diplomacy: the Axis (Germany, Italy),
// the Allies (Britain, France) or Russia (15.11).
type Side string

// The three sides.
const (
	Axis   Side = "axis"
	Allies Side = "allies"
	Soviet Side = "russia"
)

// Title names the side at the start of a sentence: "The Axis", "The
// Allies", "Russia".
func (s Side) Title() string {
	switch s {
	case Axis:
		return "The Axis"
	case Allies:
		return "The Allies"
	}
	return "Russia"
}

// Name names the side within a sentence: "the Axis", "the Allies",
// "Russia".
func (s Side) Name() string {
	switch s {
	case Axis:
		return "the Axis"
	case Allies:
		return "the Allies"
	}
	return "Russia"
}

// Has is the verb "have" after the side's name: "the Allies have", "the
// Axis has", "Russia has".
func (s Side) Has() string {
	if s == Allies {
		return "have"
	}
	return "has"
}

// Possessive names the side as an owner within a sentence: "the Axis'",
// "the Allies'", "Russia's".
func (s Side) Possessive() string { return Possessive(s.Name()) }

// TheTarget names an aggression target in a sentence, with its article
// where it takes one: "the Baltic States", "the Rhineland", "the
// Sudetenland", "Poland".
func TheTarget(t string) string {
	switch t {
	case BalticStates, Rhineland, "Sudetenland":
		return "the " + t
	}
	return t
}

// SideOf returns the side a power belongs to.
func SideOf(p Power) Side {
	switch p {
	case Germany, Italy:
		return Axis
	case Britain, France:
		return Allies
	}
	return Soviet
}

// Season is one of the four seasons of a year (2.41). The zero value is invalid.
type Season uint8

// The seasons in order (2.41).
const (
	Spring Season = iota + 1
	Summer
	Fall
	Winter
)

var seasonNames = [...]string{"", "Spring", "Summer", "Fall", "Winter"}

// String returns "Spring" ... "Winter".
func (s Season) String() string {
	if s >= Spring && s <= Winter {
		return seasonNames[s]
	}
	return fmt.Sprintf("season(%d)", uint8(s))
}

// MarshalText encodes the season as its name.
func (s Season) MarshalText() ([]byte, error) {
	if s < Spring || s > Winter {
		return nil, fmt.Errorf("adjudicator: invalid season %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a season name, case-insensitively.
func (s *Season) UnmarshalText(b []byte) error {
	for i := Spring; i <= Winter; i++ {
		if strings.EqualFold(seasonNames[i], string(b)) {
			*s = i
			return nil
		}
	}
	return fmt.Errorf("adjudicator: unknown season %q", b)
}

// Turn is one game turn: a season of a year (2.41).
type Turn struct {
	Year   int    `json:"year"`
	Season Season `json:"season"`
}

// FirstTurn is Spring 1935, the first turn of the game (2.31).
var FirstTurn = Turn{Year: 1935, Season: Spring}

// String returns e.g. "Spring 1935".
func (t Turn) String() string { return fmt.Sprintf("%s %d", t.Season, t.Year) }

// Next returns the following turn (2.41).
func (t Turn) Next() Turn {
	if t.Season >= Winter {
		return Turn{Year: t.Year + 1, Season: Spring}
	}
	return Turn{Year: t.Year, Season: t.Season + 1}
}

// Index numbers turns from Spring 1935 = 0, one per season.
func (t Turn) Index() int { return (t.Year-FirstTurn.Year)*4 + int(t.Season) - int(Spring) }

// Before reports whether t comes before u.
func (t Turn) Before(u Turn) bool { return t.Index() < u.Index() }
