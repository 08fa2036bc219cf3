package picture

import (
	"sort"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// The schematic map: the diplomatic targets of 24.21 and Russia (4.16B) on
// a grid of mapCols x mapRows cells that roughly follows European
// geography, grouped by the regions of 4.16: Scandinavia along the top,
// Western Europe down the left, Central Europe in the middle, Eastern
// Europe on the right, the Balkans at the bottom. Every pair of bordering
// targets of 28.42 lies in neighbouring cells (side by side or
// diagonally), so that no border line runs under a box. Germany, Italy,
// Britain and France are not targets and have no box; the empty cells
// carry the region labels and the key of the powers.
//
//	         0           1          2          3          4
//	0    Ireland    [Scandi-]    Norway     Sweden     Finland
//	1    Belg/Lux   [Central]    Czecho     Poland     Russia
//	2    Rhineland   Austria     Hungary    Rumania   [Eastern]
//	3    [Western]  (powers)     Yugo       Bulgaria   Turkey
//	4    Spain      (powers)     Albania    Greece    [Balkans]

const (
	mapCols = 5
	mapRows = 5
)

// place is one country's cell on the map grid.
type place struct {
	Name  string // as in adjudicator.TargetView.Name (24.21)
	Short string // the label on its box
	Col   int
	Row   int
}

// places is the map layout, one row per diplomatic target of 24.21 (with
// its letter) and Russia; each lies inside the box of its region of 4.16
// (regionBoxes).
var places = []place{
	{"Norway", "Norway", 2, 0},               // 24.21J, 4.16A
	{"Sweden", "Sweden", 3, 0},               // 24.21O, 4.16A
	{"Finland", "Finland", 4, 0},             // 24.21F, 4.16A
	{"Ireland", "Ireland", 0, 0},             // 24.21I, 4.16C
	{"Belgium/Luxembourg", "Belg/Lux", 0, 1}, // 24.21C, 4.16C
	{"Rhineland", "Rhineland", 0, 2},         // 24.21L, 4.16C
	{"Spain", "Spain", 0, 4},                 // 24.21N, 4.16C
	{"Czechoslovakia", "Czecho", 2, 1},       // 24.21E, 4.16D
	{"Austria", "Austria", 1, 2},             // 24.21B, 4.16D
	{"Hungary", "Hungary", 2, 2},             // 24.21H, 4.16D
	{"Poland", "Poland", 3, 1},               // 24.21K, 4.16B
	{storm.RussiaTarget, "Russia", 4, 1},     // 4.16B
	{"Rumania", "Rumania", 3, 2},             // 24.21M, 4.16B
	{"Yugoslavia", "Yugo", 2, 3},             // 24.21Q, 4.16E
	{"Bulgaria", "Bulgaria", 3, 3},           // 24.21D, 4.16E
	{"Albania", "Albania", 2, 4},             // 24.21A, 4.16E
	{"Greece", "Greece", 3, 4},               // 24.21G, 4.16E
	{"Turkey", "Turkey", 4, 3},               // 24.21P, 4.16E
}

// regionBox is the faint background of a region of 4.16: cells
// Col0..Col1 x Row0..Row1 (inclusive), labelled in its empty cell
// LabelCol, LabelRow.
type regionBox struct {
	Region             storm.Region
	Label              []string
	Col0, Row0         int
	Col1, Row1         int
	LabelCol, LabelRow int
}

var regionBoxes = []regionBox{
	{storm.Scandinavia, []string{"Scandi-", "navia"}, 1, 0, 4, 0, 1, 0},    // 4.16A
	{storm.WesternEurope, []string{"Western", "Europe"}, 0, 0, 0, 4, 0, 3}, // 4.16C
	{storm.CentralEurope, []string{"Central", "Europe"}, 1, 1, 2, 2, 1, 1}, // 4.16D
	{storm.EasternEurope, []string{"Eastern", "Europe"}, 3, 1, 4, 2, 4, 2}, // 4.16B
	{storm.Balkans, []string{"Balkans"}, 2, 3, 4, 4, 4, 4},                 // 4.16E
}

// legendCol, legendRow is the top of the two empty cells (1,3)-(1,4),
// outside every region, that hold the key of the powers.
var legendCol, legendRow = 1, 3

func placeOf(name string) (place, bool) {
	for _, p := range places {
		if p.Name == name {
			return p, true
		}
	}
	return place{}, false
}

func regionBoxOf(r storm.Region) (regionBox, bool) {
	for _, b := range regionBoxes {
		if b.Region == r {
			return b, true
		}
	}
	return regionBox{}, false
}

// edge is one pair of bordering countries (28.42), A < B.
type edge struct{ A, B string }

// borderEdges returns each pair of bordering targets once, sorted: the
// relation of 28.42 made symmetric, keeping only countries on the map
// (the Baltic States and Ethiopia are not diplomatic targets).
func borderEdges(targets []adjudicator.TargetView) []edge {
	on := map[string]bool{}
	for _, t := range targets {
		if _, ok := placeOf(t.Name); ok {
			on[t.Name] = true
		}
	}
	seen := map[edge]bool{}
	var out []edge
	for _, t := range targets {
		for _, b := range t.Borders {
			if !on[t.Name] || !on[b] || b == t.Name {
				continue
			}
			e := edge{t.Name, b}
			if e.B < e.A {
				e.A, e.B = e.B, e.A
			}
			if !seen[e] {
				seen[e] = true
				out = append(out, e)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].A != out[j].A {
			return out[i].A < out[j].A
		}
		return out[i].B < out[j].B
	})
	return out
}
