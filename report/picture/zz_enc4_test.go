package picture

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"testing"
)

func TestZZEnc4(t *testing.T) {
	img, c := rgbaOf(busyView(), 0)
	shades = 16
	q := quantize(img, c.inks)
	h := q.Rect.Dy()
	size := func(y0, y1 int) int {
		var raw []byte
		for y := y0; y < y1; y++ {
			raw = append(raw, 0)
			raw = append(raw, q.Pix[y*q.Stride:y*q.Stride+Width]...)
		}
		var buf bytes.Buffer
		w, _ := zlib.NewWriterLevel(&buf, 6)
		w.Write(raw)
		w.Close()
		return buf.Len()
	}
	prev := 0
	for y := 100; y <= h+99; y += 100 {
		s := size(0, min(y, h))
		fmt.Printf("rows %d-%d: %d\n", y-100, min(y, h), s-prev)
		prev = s
	}
}
