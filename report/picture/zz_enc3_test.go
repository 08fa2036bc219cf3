package picture

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"testing"

	"stormjudge/adjudicator"
)

func abs8(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestZZEnc3(t *testing.T) {
	for _, tc := range []struct {
		n string
		v adjudicator.View
		p adjudicator.Power
	}{{"start_public", startView(), 0}} {
		img, c := rgbaOf(tc.v, tc.p)
		shades = 16
		q := quantize(img, c.inks)
		h := q.Rect.Dy()
		// count edge pixels
		flat := 0
		for y := 0; y < h; y++ {
			row := q.Pix[y*q.Stride : y*q.Stride+Width]
			for x := 1; x < Width; x++ {
				if row[x] == row[x-1] {
					flat++
				}
			}
		}
		fmt.Printf("pixels %d, same as left %d\n", Width*h, flat)
		for _, ft := range []int{0, 1, 2, 4} {
			var raw []byte
			prev := make([]byte, Width)
			for y := 0; y < h; y++ {
				row := q.Pix[y*q.Stride : y*q.Stride+Width]
				raw = append(raw, byte(ft))
				for x := 0; x < Width; x++ {
					var a, b, cc int
					if x > 0 {
						a = int(row[x-1])
						cc = int(prev[x-1])
					}
					b = int(prev[x])
					var pr int
					switch ft {
					case 1:
						pr = a
					case 2:
						pr = b
					case 4:
						p := a + b - cc
						pa, pb, pc := abs8(p-a), abs8(p-b), abs8(p-cc)
						if pa <= pb && pa <= pc {
							pr = a
						} else if pb <= pc {
							pr = b
						} else {
							pr = cc
						}
					}
					raw = append(raw, byte(int(row[x])-pr))
				}
				copy(prev, row)
			}
			for _, lv := range []int{6} {
				var buf bytes.Buffer
				w, _ := zlib.NewWriterLevel(&buf, lv)
				w.Write(raw)
				w.Close()
				fmt.Printf("filter %d lvl %d: %d\n", ft, lv, buf.Len())
			}
		}
	}
}
