package picture

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"sort"
)

// The picture is drawn on an RGBA image and written as an 8-bit paletted
// PNG. Anti-aliased text makes a thousand colours or so, and the RGBA PNG
// of a public picture weighs about 250 KB; paletted, about 60 KB, and a
// quarter of the bytes to compress.
//
// The PNG is written here (writeContainer: the signature and four chunks) so
// that its zlib stream comes from klauspost/compress, which compresses
// these pictures about four times faster than the standard library's at
// the same level, for about 5% more bytes (a report's pictures
// are drawn while the players wait for it). image/png reads the result
// (the golden tests decode it).

// compression is the zlib level of the public rows, drawn once a version
// and in every picture of it. Measured on a busy private picture
// (720x2290 px, paletted): level 4 98 KB in 7 ms, level 6 89 KB in 10 ms
// (the standard library's level 6: 84 KB in 39 ms).
const compression = 6

// ownCompression is the zlib level of a power's own rows, drawn for each
// power: level 1 compresses them about three times faster than level 6
// for about 6% more bytes in a notice's picture (the busy Germany: 94.5
// KB instead of 89.4 KB; a version's set of six a quarter less CPU,
// BenchmarkRenderSet).
const ownCompression = 1

// shades is how many colours the palette holds besides the inks drawn
// with: the most frequent anti-aliasing shades.
var shades = 32

// writeContainer writes the PNG (RFC 2083) around idat, its zlib stream,
// of a picture in palette pal, width by height pixels: the signature,
// IHDR (8-bit palette indices, not interlaced), PLTE, one IDAT and IEND.
func writeContainer(w *bytes.Buffer, pal color.Palette, width, height int, idat []byte) {
	w.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 3 // bit depth 8, colour type 3: palette indices
	writeChunk(w, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		q := color.RGBAModel.Convert(c).(color.RGBA)
		plte = append(plte, q.R, q.G, q.B)
	}
	writeChunk(w, "PLTE", plte)
	writeChunk(w, "IDAT", idat)
	writeChunk(w, "IEND", nil)
}

// writeChunk writes one PNG chunk: length, type, data, CRC-32 of type and
// data.
func writeChunk(w *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	w.WriteString(kind)
	w.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

func key(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// colourTable counts the colours of a picture: an open-addressing hash
// table of 24-bit colours (a Go map costs several times more per look-up,
// and quantize looks a colour up once per run of pixels).
type colourTable struct {
	keys  []uint32 // colour+1; 0: empty
	count []int32
	index []uint8 // the colour's palette index, once set
	n     int
}

func newColourTable() *colourTable {
	const size = 1 << 12
	return &colourTable{keys: make([]uint32, size), count: make([]int32, size), index: make([]uint8, size)}
}

// slot is k's slot, claimed when new.
func (t *colourTable) slot(k uint32) int {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	i := int((k*0x9E3779B1)>>8) & mask
	for {
		switch t.keys[i] {
		case k + 1:
			return i
		case 0:
			t.keys[i] = k + 1
			t.n++
			return i
		}
		i = (i + 1) & mask
	}
}

// find is k's slot, which must be there (a look-up that changes
// nothing: safe while other goroutines look up too).
func (t *colourTable) find(k uint32) int {
	mask := len(t.keys) - 1
	i := int((k*0x9E3779B1)>>8) & mask
	for t.keys[i] != k+1 {
		i = (i + 1) & mask
	}
	return i
}

func (t *colourTable) grow() {
	old := *t
	t.keys = make([]uint32, 2*len(old.keys))
	t.count = make([]int32, len(t.keys))
	t.index = make([]uint8, len(t.keys))
	t.n = 0
	for i, k := range old.keys {
		if k != 0 {
			j := t.slot(k - 1)
			t.count[j], t.index[j] = old.count[i], old.index[i]
		}
	}
}

// withInks returns pal with the inks it lacks appended (at most 256
// colours in all), and the set of its colours' keys.
func withInks(pal color.Palette, inks []color.RGBA) (color.Palette, map[uint32]bool) {
	in := map[uint32]bool{}
	for _, c := range pal {
		in[key(c.(color.RGBA))] = true
	}
	for _, c := range inks {
		c.A = 0xff
		if !in[key(c)] && len(pal) < 256 {
			in[key(c)] = true
			pal = append(pal, c)
		}
	}
	return pal, in
}

// withShades returns pal with the most frequent colours of t that it
// lacks (ties by value) appended, up to limit colours in all.
func withShades(pal color.Palette, in map[uint32]bool, t *colourTable, limit int) color.Palette {
	others := make([]int, 0, t.n) // slots
	for i, k := range t.keys {
		if k != 0 && !in[k-1] {
			others = append(others, i)
		}
	}
	sort.Slice(others, func(i, j int) bool {
		a, b := others[i], others[j]
		if t.count[a] != t.count[b] {
			return t.count[a] > t.count[b]
		}
		return t.keys[a] < t.keys[b]
	})
	for _, i := range others {
		if len(pal) >= limit {
			break
		}
		k := t.keys[i] - 1
		pal = append(pal, color.RGBA{uint8(k >> 16), uint8(k >> 8), uint8(k), 0xff})
	}
	return pal
}

// bandRuns is a band of a picture's rows [from, from+len(rows)) as runs
// of one colour: row y is the runs all[rows[y-from][0]:rows[y-from][1]];
// a row the same as the one above it shares its runs.
type bandRuns struct {
	from int
	rows [][2]int32
	all  []colourRun
}

// colourRun is a run of n pixels whose 32-bit word is w.
type colourRun struct {
	w uint32
	n int32
}

// countRows counts the colours of img's rows [from, to) into t and
// returns the rows as runs (indexRows maps them). A run ends where the
// pixel's 32-bit word changes (the pictures are opaque); t is looked up
// once per run of a distinct row; a row the same as the one above it
// (margins, boxes, bars) is not scanned again, its runs count again.
func countRows(t *colourTable, img *image.RGBA, from, to int) *bandRuns {
	r := img.Bounds()
	b := &bandRuns{from: from, rows: make([][2]int32, 0, to-from), all: make([]colourRun, 0, 64*(to-from))}
	var span [2]int32 // the last distinct row's runs
	rep := int32(0)   // how many rows they stand for
	flush := func() {
		for _, u := range b.all[span[0]:span[1]] {
			t.count[t.slot(wordKey(u.w))] += u.n * rep
		}
	}
	var prev []byte
	for y := from; y < to; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		if prev != nil && bytes.Equal(row, prev) {
			rep++
			b.rows = append(b.rows, span)
			continue
		}
		flush()
		start := int32(len(b.all))
		for i := 0; i+4 <= len(row); {
			w := binary.LittleEndian.Uint32(row[i:])
			two := uint64(w)<<32 | uint64(w) // two pixels of w: long runs go two by two
			j := i + 4
			for ; j+32 <= len(row); j += 32 { // eight pixels a step
				q := row[j : j+32 : j+32]
				le := binary.LittleEndian
				if le.Uint64(q) != two || le.Uint64(q[8:]) != two || le.Uint64(q[16:]) != two || le.Uint64(q[24:]) != two {
					break
				}
			}
			for j+8 <= len(row) && binary.LittleEndian.Uint64(row[j:]) == two {
				j += 8
			}
			for j+4 <= len(row) && binary.LittleEndian.Uint32(row[j:]) == w {
				j += 4
			}
			b.all = append(b.all, colourRun{w: w, n: int32(j-i) / 4})
			i = j
		}
		span, rep, prev = [2]int32{start, int32(len(b.all))}, 1, row
		b.rows = append(b.rows, span)
	}
	flush()
	return b
}

// wordKey is the colour key (key) of a pixel read as a
// little-endian 32-bit word: R in the low byte.
func wordKey(w uint32) uint32 { return (w&0xff)<<16 | w&0xff00 | (w>>16)&0xff }

// setIndices sets the palette index of every colour of t: the nearest
// colour of pal.
func setIndices(t *colourTable, pal color.Palette) {
	for i, k := range t.keys {
		if k != 0 {
			t.index[i] = nearest(pal, k-1)
		}
	}
}

// fill sets every byte of s to c: a short run byte by byte, a long one
// by copies of what is filled already.
func fill(s []byte, c byte) {
	if len(s) < 16 {
		for i := range s {
			s[i] = c
		}
		return
	}
	s[0] = c
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
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
