package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"stormjudge/adjudicator/storm"
)

// Visibility says who may see an event: everybody, or one power only.
type Visibility struct {
	Public bool        `json:"public"`
	Power  storm.Power `json:"power,omitempty"`
	// Moderator: for the game's moderators only (physical-deck mode).
	Moderator bool `json:"moderator,omitempty"`
}

// Event is a typed outcome of adjudication. Reports are rendered from events.
type Event interface {
	Visibility() Visibility
	// Type is the event's name in JSON ("FactoryConverted").
	Type() string
}

var public = Visibility{Public: true}

// TurnBegan opens a new turn (2.41).
type TurnBegan struct {
	Turn storm.Turn `json:"turn"`
}

// SegmentSkipped reports a segment passed without adjudication.
type SegmentSkipped struct {
	Turn    storm.Turn    `json:"turn"`
	Segment storm.Segment `json:"segment"`
	Note    string        `json:"note"`
}

// NotImplemented is the note of segments stormjudge does not adjudicate yet.
const NotImplemented = "not yet implemented"

// SpanishCivilWarSetup reports the tile drawn at setup and the Spanish civil
// war events deemed to have occurred (25.32A, 4.14B).
type SpanishCivilWarSetup struct {
	Tile   int `json:"tile"`
	Events int `json:"events"`
}

// IncomeComputed reports one power's national income (11.12C); tile
// holdings are public (6.31).
type IncomeComputed struct {
	Turn         storm.Turn  `json:"turn"`
	Power        storm.Power `json:"power"`
	storm.Income `json:"income"`
	Shortfall    int `json:"shortfall,omitempty"` // income below zero that could not be paid (6.12)
	TilePoints   int `json:"tile_points"`         // after the income
}

// TilePoolReplenished reports 6.24: tiles turned face down.
type TilePoolReplenished struct {
	FaceDown storm.TileCounts `json:"face_down"` // after replenishing
}

// FactoryConverted reports a factory conversion (14.11, 13.12A).
type FactoryConverted struct {
	Power      storm.Power       `json:"power"`
	From       storm.FactoryKind `json:"from"`
	To         storm.FactoryKind `json:"to"`
	Cost       int               `json:"cost"`
	TilePoints int               `json:"tile_points"` // after paying
	Factories  storm.Factories   `json:"factories"`   // after converting
}

// NoConversion reports that a power converted no factory this turn.
type NoConversion struct {
	Power storm.Power `json:"power"`
}

// Mobilized reports a mobilization (14.3, 14.6); its units (14.7) are chosen
// later.
type Mobilized struct {
	Power  storm.Power `json:"power"`
	Number int         `json:"number"` // the power's n-th mobilization, 14.9 included
	Note   string      `json:"note"`
}

// SupportFromMobilization reports a support increase from military
// factories (10.41A) and the tile point gained at once (13.21D).
type SupportFromMobilization struct {
	Power      storm.Power `json:"power"`
	Support    int         `json:"support"`     // 10.41A support after the mobilization
	TileGained int         `json:"tile_gained"` // 13.21D
}

// ActivityCounterChanged reports a counter gained or lost with the number of
// civilian factories (12.22A/B, 13.21A).
type ActivityCounterChanged struct {
	Power    storm.Power `json:"power"`
	Strength int         `json:"strength"`
	Research bool        `json:"research_only"`
	Delta    int         `json:"delta"`
	Rule     string      `json:"rule"`
}

// OrderVoided reports an order that failed re-validation at resolution; it
// is treated as not given.
type OrderVoided struct {
	Power storm.Power `json:"power"`
	Order storm.Order `json:"order"`
	Rule  string      `json:"rule"`
	Msg   string      `json:"msg"`
}

// TilesCarriedOver reports the tile points kept into the next turn (6.33).
type TilesCarriedOver struct {
	Power  storm.Power `json:"power"`
	Before int         `json:"before"`
	After  int         `json:"after"`
}

// TurnEnded closes a turn.
type TurnEnded struct {
	Turn storm.Turn `json:"turn"`
}

func (TurnBegan) Visibility() Visibility               { return public }
func (SegmentSkipped) Visibility() Visibility          { return public }
func (SpanishCivilWarSetup) Visibility() Visibility    { return public }
func (IncomeComputed) Visibility() Visibility          { return public } // 6.31
func (TilePoolReplenished) Visibility() Visibility     { return public }
func (FactoryConverted) Visibility() Visibility        { return public } // 13.12A
func (NoConversion) Visibility() Visibility            { return public } // 13.12A
func (Mobilized) Visibility() Visibility               { return public } // 13.12A
func (SupportFromMobilization) Visibility() Visibility { return public }
func (ActivityCounterChanged) Visibility() Visibility  { return public } // 13.12
func (e OrderVoided) Visibility() Visibility           { return Visibility{Power: e.Power} }
func (TilesCarriedOver) Visibility() Visibility        { return public } // 6.31
func (TurnEnded) Visibility() Visibility               { return public }

func (TurnBegan) Type() string               { return "TurnBegan" }
func (SegmentSkipped) Type() string          { return "SegmentSkipped" }
func (SpanishCivilWarSetup) Type() string    { return "SpanishCivilWarSetup" }
func (IncomeComputed) Type() string          { return "IncomeComputed" }
func (TilePoolReplenished) Type() string     { return "TilePoolReplenished" }
func (FactoryConverted) Type() string        { return "FactoryConverted" }
func (NoConversion) Type() string            { return "NoConversion" }
func (Mobilized) Type() string               { return "Mobilized" }
func (SupportFromMobilization) Type() string { return "SupportFromMobilization" }
func (ActivityCounterChanged) Type() string  { return "ActivityCounterChanged" }
func (OrderVoided) Type() string             { return "OrderVoided" }
func (TilesCarriedOver) Type() string        { return "TilesCarriedOver" }
func (TurnEnded) Type() string               { return "TurnEnded" }

// eventTypes maps a type name to a decoder; each file registers its
// events in an init function.
var eventTypes = map[string]func([]byte) (Event, error){
	"TurnBegan":               decode[TurnBegan],
	"SegmentSkipped":          decode[SegmentSkipped],
	"SpanishCivilWarSetup":    decode[SpanishCivilWarSetup],
	"IncomeComputed":          decode[IncomeComputed],
	"TilePoolReplenished":     decode[TilePoolReplenished],
	"FactoryConverted":        decode[FactoryConverted],
	"NoConversion":            decode[NoConversion],
	"Mobilized":               decode[Mobilized],
	"SupportFromMobilization": decode[SupportFromMobilization],
	"ActivityCounterChanged":  decode[ActivityCounterChanged],
	"OrderVoided":             decode[OrderVoided],
	"TilesCarriedOver":        decode[TilesCarriedOver],
	"TurnEnded":               decode[TurnEnded],
}

func decode[T Event](b []byte) (Event, error) {
	var v T
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// MarshalEvents encodes events as a JSON array of objects, each with a
// "type" member naming the event followed by the event's fields.
func MarshalEvents(evs []Event) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i, e := range evs {
		if e == nil {
			return nil, fmt.Errorf("adjudicator: nil event at %d", i)
		}
		if _, ok := eventTypes[e.Type()]; !ok {
			return nil, fmt.Errorf("adjudicator: unregistered event type %q", e.Type())
		}
		b, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("adjudicator: event %d: %w", i, err)
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		name, _ := json.Marshal(e.Type())
		buf.WriteString(`{"type":`)
		buf.Write(name)
		if len(b) > 2 {
			buf.WriteByte(',')
			buf.Write(b[1:])
		} else {
			buf.WriteByte('}')
		}
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// UnmarshalEvents decodes the output of MarshalEvents.
func UnmarshalEvents(b []byte) ([]Event, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(b, &raws); err != nil {
		return nil, fmt.Errorf("adjudicator: events: %w", err)
	}
	evs := make([]Event, 0, len(raws))
	for i, raw := range raws {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return nil, fmt.Errorf("adjudicator: event %d: %w", i, err)
		}
		var name string
		if err := json.Unmarshal(fields["type"], &name); err != nil {
			return nil, fmt.Errorf("adjudicator: event %d: missing type", i)
		}
		dec, ok := eventTypes[name]
		if !ok {
			return nil, fmt.Errorf("adjudicator: event %d: unknown type %q", i, name)
		}
		delete(fields, "type")
		rest, err := json.Marshal(fields)
		if err != nil {
			return nil, fmt.Errorf("adjudicator: event %d: %w", i, err)
		}
		e, err := dec(rest)
		if err != nil {
			return nil, fmt.Errorf("adjudicator: event %d (%s): %w", i, name, err)
		}
		evs = append(evs, e)
	}
	return evs, nil
}

// TypeNames lists the JSON names of every event type, sorted.
func TypeNames() []string {
	return slices.Sorted(maps.Keys(eventTypes))
}
