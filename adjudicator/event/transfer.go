package event

import "stormjudge/adjudicator/storm"

// TilePointsTransferred reports an Anglo-French transfer (16.16G); public,
// as tile points are (6.31).
type TilePointsTransferred struct {
	Turn           storm.Turn  `json:"turn"`
	From           storm.Power `json:"from"`
	To             storm.Power `json:"to"`
	Points         int         `json:"points"`
	FromTilePoints int         `json:"from_tile_points"`
	ToTilePoints   int         `json:"to_tile_points"`
}

func (TilePointsTransferred) Visibility() Visibility { return public }
func (TilePointsTransferred) Type() string           { return "TilePointsTransferred" }

func init() { eventTypes["TilePointsTransferred"] = decode[TilePointsTransferred] }
