package picture

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"testing"
	"time"

	"stormjudge/adjudicator"
)

func TestZZEnc2(t *testing.T) {
	for _, tc := range []struct {
		n string
		v adjudicator.View
		p adjudicator.Power
	}{{"start_public", startView(), 0}, {"busy_public", busyView(), 0}} {
		img, c := rgbaOf(tc.v, tc.p)
		for _, sh := range []int{0, 4, 8, 16} {
			shades = sh
			q := quantize(img, c.inks)
			var raw []byte
			for y := 0; y < q.Rect.Dy(); y++ {
				raw = append(raw, 0)
				raw = append(raw, q.Pix[y*q.Stride:y*q.Stride+Width]...)
			}
			for _, lv := range []int{1, 3, 5, 6, 7, 8, 9} {
				var buf bytes.Buffer
				t0 := time.Now()
				w, _ := zlib.NewWriterLevel(&buf, lv)
				w.Write(raw)
				w.Close()
				fmt.Printf("%s shades %d lvl %d: %d %v\n", tc.n, sh, lv, buf.Len(), time.Since(t0))
			}
		}
	}
}
