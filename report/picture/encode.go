package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sort"
)

// encodePaletted: the picture is drawn on an RGBA image but written as an
// 8-bit paletted PNG. Anti-aliased text makes thousands of colours, and
// the RGBA PNG of a public picture weighs about 300 KB; paletted, about
// a third of that. false writes the RGBA image as it is.
const encodePaletted = true

// shades is how many colours the palette holds besides the inks drawn
// with: the most frequent anti-aliasing shades.
var shades = 16

// encode writes img as PNG; inks are the colours drawn with, which the
// palette keeps exactly.
func encode(img *image.RGBA, inks []color.RGBA) ([]byte, error) {
	var out image.Image = img
	if encodePaletted {
		out = quantize(img, inks)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func key(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// quantize maps img (opaque) to a palette: the inks first, then the most
// frequent other colours (ties by value), each pixel to its nearest
// palette colour. Deterministic: the same image gives the same result.
func quantize(img *image.RGBA, inks []color.RGBA) *image.Paletted {
	var pal color.Palette
	in := map[uint32]bool{}
	for _, c := range inks {
		c.A = 0xff
		if !in[key(c)] && len(pal) < 256 {
			in[key(c)] = true
			pal = append(pal, c)
		}
	}
	r := img.Bounds()
	count := map[uint32]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := 0; i < len(row); i += 4 {
			count[uint32(row[i])<<16|uint32(row[i+1])<<8|uint32(row[i+2])]++
		}
	}
	others := make([]uint32, 0, len(count))
	for k := range count {
		if !in[k] {
			others = append(others, k)
		}
	}
	sort.Slice(others, func(i, j int) bool {
		a, b := others[i], others[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a < b
	})
	for _, k := range others {
		if len(pal) >= min(256, len(inks)+shades) {
			break
		}
		pal = append(pal, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff})
	}
	p := image.NewPaletted(r, pal)
	index := map[uint32]uint8{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		prow := p.Pix[p.PixOffset(r.Min.X, y):p.PixOffset(r.Max.X, y)]
		for i := 0; i < len(prow); i++ {
			k := uint32(row[4*i])<<16 | uint32(row[4*i+1])<<8 | uint32(row[4*i+2])
			j, ok := index[k]
			if !ok {
				j = nearest(pal, k)
				index[k] = j
			}
			prow[i] = j
		}
	}
	return p
}

// nearest is the index of the palette colour closest to k (squared RGB
// distance, the first of equals).
func nearest(pal color.Palette, k uint32) uint8 {
	r, g, b := int(k>>16&0xff), int(k>>8&0xff), int(k&0xff)
	best, bestD := 0, 1<<30
	for i, c := range pal {
		q := c.(color.RGBA)
		dr, dg, db := r-int(q.R), g-int(q.G), b-int(q.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
