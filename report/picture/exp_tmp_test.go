package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"sort"
	"testing"
)

func encSize(img image.Image) int {
	var b bytes.Buffer
	(&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
	return b.Len()
}

func TestExpTmp(t *testing.T) {
	v := busyView()
	h := Height(v, 0)
	img := image.NewRGBA(image.Rect(0, 0, Width, h))
	c := newCanvas(img)
	c.rect(0, 0, Width, h, colBackground)
	drawAll(c, v, 0)
	t.Logf("rgba %d", encSize(img))
	cnt := map[color.RGBA]int{}
	for i := 0; i < len(img.Pix); i += 4 {
		cnt[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 255}]++
	}
	var cols []color.RGBA
	for k := range cnt {
		cols = append(cols, k)
	}
	sort.Slice(cols, func(i, j int) bool { return cnt[cols[i]] > cnt[cols[j]] })
	for _, n := range []int{256, 64, 32} {
		pal := color.Palette{}
		for _, c := range cols[:n] {
			pal = append(pal, c)
		}
		p := image.NewPaletted(img.Bounds(), pal)
		for y := 0; y < h; y++ {
			for x := 0; x < Width; x++ {
				p.SetColorIndex(x, y, uint8(pal.Index(img.RGBAAt(x, y))))
			}
		}
		t.Logf("paletted %d: %d", n, encSize(p))
		// RGBA snapped to the palette
		q := image.NewRGBA(img.Bounds())
		for y := 0; y < h; y++ {
			for x := 0; x < Width; x++ {
				q.Set(x, y, pal[p.ColorIndexAt(x, y)])
			}
		}
		t.Logf("rgba snapped %d: %d", n, encSize(q))
		if n == 64 {
			var b bytes.Buffer
			png.Encode(&b, p)
			_ = b
			f, _ := createTmp("/tmp/p64.png")
			png.Encode(f, p)
			f.Close()
		}
	}
}

func createTmp(name string) (*os.File, error) { return os.Create(name) }
