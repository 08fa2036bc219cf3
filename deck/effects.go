package deck

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/BurntSushi/toml"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// effectsFile is the TOML of a table of aggression effects (30): one
// [[effect]] table a row, with the keys of storm.AggressionEffect
// (docs/deck.md, "Aggression effects").
type effectsFile struct {
	Effect []storm.AggressionEffect `toml:"effect"`
}

// LoadEffects reads and checks a table of aggression effects
// (adjudicator.CheckAggressionEffects); an unknown key is an error, so a
// misspelt key is not silently ignored.
func LoadEffects(path string) ([]storm.AggressionEffect, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("aggression effects: %w", err)
	}
	return ParseEffects(data)
}

// ParseEffects parses the TOML of a table of aggression effects.
func ParseEffects(data []byte) ([]storm.AggressionEffect, error) {
	var f effectsFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("aggression effects: line %d: %s", pe.Position.Line, pe.Message)
		}
		return nil, fmt.Errorf("aggression effects: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("aggression effects: unknown key %s (kind, aggressor, target, except, power, value, turns, rule, inferred)", und[0])
	}
	if len(f.Effect) == 0 {
		return nil, errors.New("aggression effects: no [[effect]] row")
	}
	if err := adjudicator.CheckAggressionEffects(f.Effect); err != nil {
		return nil, err
	}
	return f.Effect, nil
}

// FormatEffects writes a table as the TOML ParseEffects reads.
func FormatEffects(rows []storm.AggressionEffect) ([]byte, error) {
	var b bytes.Buffer
	if err := toml.NewEncoder(&b).Encode(effectsFile{Effect: rows}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
