package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sort"
	"sync"
)

// encodePaletted: the picture is drawn on an RGBA image but written as an
// 8-bit paletted PNG. Anti-aliased text makes a thousand colours or so,
// and the RGBA PNG of a public picture weighs about 250 KB; paletted,
// under 60 KB, and it is faster to compress (a quarter of the bytes).
// false writes the RGBA image as it is.
const encodePaletted = true

// compression is the zlib effort. Measured on the public picture of a
// game in progress (paletted, 720x2060): BestSpeed 80 KB in about 4 ms,
// DefaultCompression 58 KB in about 12 ms, BestCompression 54 KB in about
// 190 ms.
const compression = png.DefaultCompression

// shades is how many colours the palette holds besides the inks drawn
// with: the most frequent anti-aliasing shades.
var shades = 32

// encode writes img as PNG; inks are the colours drawn with, which the
// palette keeps exactly.
func encode(img *image.RGBA, inks []color.RGBA) ([]byte, error) {
	var out image.Image = img
	if encodePaletted {
		q := quantize(img, inks)
		defer palPool.put(q.Pix)
		out = q
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: compression, BufferPool: encoderPool{}}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// palPool keeps the paletted pixels between renderings.
var palPool bufPool

// encoderPool keeps the PNG encoder's buffers between renderings.
type encoderPool struct{}

var encoderBuffers sync.Pool

func (encoderPool) Get() *png.EncoderBuffer {
	b, _ := encoderBuffers.Get().(*png.EncoderBuffer)
	return b
}

func (encoderPool) Put(b *png.EncoderBuffer) { encoderBuffers.Put(b) }

func key(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// pixelKey is the colour of the pixel at Pix[i:i+3].
func pixelKey(pix []uint8, i int) uint32 {
	return uint32(pix[i])<<16 | uint32(pix[i+1])<<8 | uint32(pix[i+2])
}

// quantize maps img (opaque) to a palette: the inks first, then the most
// frequent other colours (ties by value), each pixel to its nearest
// palette colour. Deterministic: the same image gives the same result.
// The picture is mostly runs of one colour: both passes look a colour up
// once per run.
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
		run, k := 0, pixelKey(row, 0)
		for i := 0; i < len(row); i += 4 {
			if q := pixelKey(row, i); q != k {
				count[k] += run
				run, k = 0, q
			}
			run++
		}
		count[k] += run
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
	p := &image.Paletted{Pix: palPool.get(r.Dx() * r.Dy()), Stride: r.Dx(), Rect: r, Palette: pal}
	index := make(map[uint32]uint8, len(count))
	for k := range count {
		index[k] = nearest(pal, k)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		prow := p.Pix[p.PixOffset(r.Min.X, y):p.PixOffset(r.Max.X, y)]
		k := pixelKey(row, 0)
		j := index[k]
		for i := range prow {
			if q := pixelKey(row, 4*i); q != k {
				k, j = q, index[q]
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
