package picture

import (
	"fmt"
	"testing"
)

func TestZZMeasure(t *testing.T) {
	loadFonts()
	c := newCanvas(nil)
	for _, sz := range []int{22, 24, 26, 28} {
		for _, bold := range []bool{false, true} {
			f := c.face(bold, sz)
			m := f.Metrics()
			fmt.Printf("size %d bold %v asc %v desc %v cap %v h %v\n", sz, bold, m.Ascent.Round(), m.Descent.Round(), m.CapHeight.Round(), m.Height.Round())
			for _, s := range []string{"Rhineland", "Bulgaria", "Belg/Lux", "Hungary", "Czecho", "G 2", "G2", "G 10", "T", "CW 3", "CW3", "Germany", "Infantry", "Axis 4 Allies 2", "−5", "+4", "Gathering Storm · Summer 1937", "Covert operations and subversion", "Awaiting the moderator's draw", "To order:", "Battleship race (19.9): the Allies lead, −1 naval", "Garrison check Spring 1937 (21.23A): surplus +3", "#2 BB5", "#4 CV", "#5 BB3", "7 steps · 2 results · 2 held", "covert operations", "Germany only: secret, not shown to others", "Scandinavia", "Western", "Balkans", "Eastern", "Central", "medium"} {
				fmt.Printf("  %q %d\n", s, textWidth(f, s))
			}
		}
	}
}
