package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"
	"time"

	"stormjudge/adjudicator"
)

func rgbaOf(v adjudicator.View, p adjudicator.Power) (*image.RGBA, *canvas) {
	h := Height(v, p)
	img := image.NewRGBA(image.Rect(0, 0, Width, h))
	c := newCanvas(img)
	c.rect(0, 0, Width, h, colBackground)
	drawAll(c, v, p)
	return img, c
}

func TestZZEnc(t *testing.T) {
	for _, tc := range []struct {
		n string
		v adjudicator.View
		p adjudicator.Power
	}{{"start_public", startView(), 0}, {"busy_public", busyView(), 0}, {"busy_germany", busyView(), adjudicator.Germany}} {
		img, c := rgbaOf(tc.v, tc.p)
		t0 := time.Now()
		for i := 0; i < 5; i++ {
			img, c = rgbaOf(tc.v, tc.p)
		}
		fmt.Printf("%s draw %v\n", tc.n, time.Since(t0)/5)
		for _, sh := range []int{0, 16, 48, 200} {
			shades = sh
			t0 := time.Now()
			var q *image.Paletted
			for i := 0; i < 5; i++ {
				q = quantize(img, c.inks)
			}
			qt := time.Since(t0) / 5
			for _, lv := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression, png.BestCompression} {
				var buf bytes.Buffer
				t0 := time.Now()
				for i := 0; i < 3; i++ {
					buf.Reset()
					(&png.Encoder{CompressionLevel: lv}).Encode(&buf, q)
				}
				fmt.Printf("  pal shades %d (%d cols) quant %v level %d: %d bytes %v\n", sh, len(q.Palette), qt, lv, buf.Len(), time.Since(t0)/3)
			}
		}
		for _, lv := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression} {
			var buf bytes.Buffer
			t0 := time.Now()
			(&png.Encoder{CompressionLevel: lv}).Encode(&buf, img)
			fmt.Printf("  rgba level %d: %d bytes %v\n", lv, buf.Len(), time.Since(t0))
		}
	}
}
