package storm

// Tiles of denominations 1, 2 and 3 (6.21).
type TileCounts struct {
	One   int `json:"one"`
	Two   int `json:"two"`
	Three int `json:"three"`
}

// Total returns the number of tiles.
func (t TileCounts) Total() int { return t.One + t.Two + t.Three }

func (t *TileCounts) add(value, n int) {
	switch value {
	case 1:
		t.One += n
	case 2:
		t.Two += n
	case 3:
		t.Three += n
	}
}

func (t TileCounts) count(value int) int {
	switch value {
	case 1:
		return t.One
	case 2:
		return t.Two
	case 3:
		return t.Three
	}
	return 0
}

// TilePool is the common supply of tiles (6.2). Tiles held by the powers are
// not tracked one by one: a power holds tile points (6.27 lets it make change
// freely), so a tile drawn at random is credited to the drawing power and its
// physical tile goes back face up at once (6.23). See docs/rules.md.
type TilePool struct {
	FaceUp   TileCounts `json:"face_up"`
	FaceDown TileCounts `json:"face_down"`
}

// 6.21, 6.22: 30 tiles of each denomination, 20 of each face up and 10 of
// each face down at the start.
var StartingTilePool = TilePool{
	FaceUp:   TileCounts{One: 20, Two: 20, Three: 20}, // 6.22
	FaceDown: TileCounts{One: 10, Two: 10, Three: 10}, // 6.22
}

// 6.24: below ten face-down tiles, five of each denomination are turned face down.
const (
	replenishBelow   = 10 // 6.24
	replenishPerKind = 5  // 6.24
)

// DrawFaceDown draws one tile at random from the face-down pool (11.91,
// 25.32A) and returns its value; the tile is returned face up (6.23). The
// pool is replenished first when needed (6.24).
func (s *State) DrawFaceDown() int {
	s.Replenish()
	n := s.Tiles.FaceDown.Total()
	if n == 0 {
		return 0
	}
	i := s.RNG.Intn(n)
	for v := 1; v <= 3; v++ {
		c := s.Tiles.FaceDown.count(v)
		if i < c {
			s.Tiles.FaceDown.add(v, -1)
			s.Tiles.FaceUp.add(v, 1)
			return v
		}
		i -= c
	}
	panic("adjudicator: tile draw out of range")
}

// Replenish implements 6.24: with fewer than ten face-down tiles, five tiles
// of each denomination (as many as the face-up pool has) are turned face down.
func (s *State) Replenish() bool {
	if s.Tiles.FaceDown.Total() >= replenishBelow {
		return false
	}
	moved := false
	for v := 1; v <= 3; v++ {
		n := min(replenishPerKind, s.Tiles.FaceUp.count(v))
		if n > 0 {
			s.Tiles.FaceUp.add(v, -n)
			s.Tiles.FaceDown.add(v, n)
			moved = true
		}
	}
	return moved
}
