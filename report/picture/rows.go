package picture

import (
	"bytes"
	"hash/adler32"
	"hash/crc32"
	"hash/maphash"
	"image"
	"image/color"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"

	"stormjudge/internal/lru"
)

// A picture's rows are mapped to its palette and compressed in bands of
// bandRows rows. Each band's deflate blocks are compressed on
// their own, from a fresh compressor, and end with a sync flush: they
// refer to no other band, so any run of bands joins into one zlib
// stream (the zlib header, the bands' blocks, a final empty block and the
// Adler-32, combined from the bands': adler32Combine).
//
// Consecutive versions of a game mostly repeat the same rows (the map,
// most tracks, a power's research sheet), and so do the pictures of
// games at the same point: bands keeps, by the content of a band's
// drawn pixels, its colours with their counts (the palette is chosen
// from them without counting the band again) and its compressed form
// under the palette indices its colours had (reused while they have the
// same indices again). A picture is the same bytes whatever the cache
// holds: a band's compressed form is a function of its pixels, their
// indices and the level.

// bandRows is the height of a band: 64 rows of 721 bytes (filter byte
// and indices) are 46 KB, more than deflate's 32 KB window, so cutting
// the rows into bands loses little (the busy public picture: 61.6 KB
// instead of 61.3 KB).
const bandRows = 64

// bandCacheBytes bounds the memory bands holds: the colours, counts,
// indices and compressed bytes of its bands, plus a fixed allowance per
// band for the structures (bandOverhead). A band of the public picture
// takes 2 to 4 KB; a version's six pictures about 110 bands, 300 KB, of
// which a following version of the game typically changes a fifth.
const bandCacheBytes = 8 << 20

// bandOverhead is what bands counts for a band besides its slices:
// the entry, its list element and map slot.
const bandOverhead = 256

// bandKey identifies a band by its drawn pixels: a 64-bit hash of its
// RGBA bytes with a random seed (made at start: nobody can choose pixels
// that collide), their CRC-32 (another 32 bits for a sixth of the time)
// and its height.
type bandKey struct {
	hash uint64
	crc  uint32
	rows int
}

var bandSeed = maphash.MakeSeed()

// bandEntry is what is kept of a band: its colours (key form, sorted) and
// how many pixels have each, fixed once made, and its last compressed
// forms (at most bandOuts, the latest first): pictures that differ
// elsewhere may give its colours other palette indices (a shade more
// frequent than another in one game and not in the next).
type bandEntry struct {
	key    bandKey
	cols   []uint32
	counts []int32
	outs   atomic.Pointer[[]*bandOut]
}

// bandOuts is how many compressed forms of a band are kept.
const bandOuts = 4

// out is e's compressed form at level with mapping, or nil.
func (e *bandEntry) out(level int, mapping []uint8) *bandOut {
	if outs := e.outs.Load(); outs != nil {
		for _, o := range *outs {
			if o.level == level && bytes.Equal(o.mapping, mapping) {
				return o
			}
		}
	}
	return nil
}

// bandOut is a band compressed at level with its colours (bandEntry.cols)
// at palette indices mapping: raw deflate blocks ended by a sync flush,
// and the Adler-32 of the band's scanlines.
type bandOut struct {
	level   int
	mapping []uint8
	deflate []byte
	adler   uint32
}

func (e *bandEntry) size() int {
	n := bandOverhead + 8*len(e.cols)
	if outs := e.outs.Load(); outs != nil {
		for _, o := range *outs {
			n += len(o.mapping) + len(o.deflate)
		}
	}
	return n
}

// bands are the bands kept, by key, bounded to bandCacheBytes (each
// counted by its size).
var bands = lru.New[bandKey, *bandEntry](bandCacheBytes)

// setOut adds o to e's compressed forms, the oldest beyond bandOuts
// dropped, when e is the entry kept under its key (one dropped meanwhile
// is not looked up again).
func setOut(e *bandEntry, o *bandOut) {
	bands.Update(e.key, func(kept *bandEntry) int {
		if kept == e {
			outs := []*bandOut{o}
			if old := e.outs.Load(); old != nil {
				outs = append(outs, (*old)[:min(len(*old), bandOuts-1)]...)
			}
			e.outs.Store(&outs)
		}
		return kept.size()
	})
}

// rowBands is some rows of a drawn picture on their way to zlib data:
// the rows cut into bands, each with its entry (kept or new).
type rowBands struct {
	img   *image.RGBA
	level int
	bands []rowBand
}

type rowBand struct {
	from, to int
	e        *bandEntry
	runs     *bandRuns // when counted for this picture (a new entry)
}

// newRowBands cuts img's rows [from, to) into bands of bandRows rows (the
// last one shorter) and finds or counts each band's colours (count).
func newRowBands(img *image.RGBA, from, to, level int) *rowBands {
	rb := &rowBands{img: img, level: level}
	for y := from; y < to; y += bandRows {
		rb.bands = append(rb.bands, rowBand{from: y, to: min(y+bandRows, to)})
	}
	return rb
}

// rows is the RGBA bytes of img's rows [from, to).
func rows(img *image.RGBA, from, to int) []byte {
	r := img.Bounds()
	return img.Pix[img.PixOffset(r.Min.X, from):img.PixOffset(r.Min.X, to)]
}

// count finds band i's entry in the cache, or counts its colours and
// keeps a new one.
func (rb *rowBands) count(i int) {
	b := &rb.bands[i]
	px := rows(rb.img, b.from, b.to)
	k := bandKey{maphash.Bytes(bandSeed, px), crc32.ChecksumIEEE(px), b.to - b.from}
	if e, ok := bands.Get(k); ok {
		b.e = e
		return
	}
	t := newColourTable()
	b.runs = countRows(t, rb.img, b.from, b.to)
	e := &bandEntry{key: k}
	for _, kk := range t.keys {
		if kk != 0 {
			e.cols = append(e.cols, kk-1)
		}
	}
	slices.Sort(e.cols)
	e.counts = make([]int32, len(e.cols))
	for j, col := range e.cols {
		e.counts[j] = t.count[t.find(col)]
	}
	b.e = bands.Add(k, e, e.size())
}

// countAll is count for every band, side by side on the cores.
func (rb *rowBands) countAll() {
	forEach(len(rb.bands), rb.count)
}

// addCounts adds the colour counts of every band to t.
func (rb *rowBands) addCounts(t *colourTable) {
	for _, b := range rb.bands {
		for j, col := range b.e.cols {
			t.count[t.slot(col)] += b.e.counts[j]
		}
	}
}

// encode returns band i's compressed form with the palette indices of t
// (setIndices): the kept one if its colours have the same indices and
// level, else compressed now (and kept).
func (rb *rowBands) encode(t *colourTable, i int) *bandOut {
	b := &rb.bands[i]
	e := b.e
	mapping := make([]uint8, len(e.cols))
	for j, col := range e.cols {
		mapping[j] = t.index[t.find(col)]
	}
	if o := e.out(rb.level, mapping); o != nil {
		return o
	}
	runs := b.runs
	if runs == nil { // kept, but under other indices: count its runs again
		runs = countRows(newColourTable(), rb.img, b.from, b.to)
	}
	w := Width + 1
	buf := lineBuf.get(w * (b.to - b.from))
	defer lineBuf.put(buf)
	scanlines(t, runs, buf, w)
	var out bytes.Buffer
	out.Grow(len(buf) / 8)
	fw := getWriter(rb.level, &out)
	fw.Write(buf)
	fw.Flush()
	putWriter(rb.level, fw)
	o := &bandOut{level: rb.level, mapping: mapping, deflate: out.Bytes(), adler: adler32.Checksum(buf)}
	setOut(e, o)
	return o
}

// encodeAll is encode for every band, side by side on the cores, joined.
func (rb *rowBands) encodeAll(t *colourTable) zrows {
	outs := make([]*bandOut, len(rb.bands))
	forEach(len(rb.bands), func(i int) { outs[i] = rb.encode(t, i) })
	var z zrows
	z.adler = 1
	for i, o := range outs {
		z.join(o, int64((rb.bands[i].to-rb.bands[i].from)*(Width+1)))
	}
	return z
}

// zrows is the zlib data of some rows: the bands' deflate blocks in
// order, the Adler-32 and length of their scanlines.
type zrows struct {
	chunks [][]byte
	adler  uint32
	n      int64
}

func (z *zrows) join(o *bandOut, n int64) {
	z.chunks = append(z.chunks, o.deflate)
	z.adler = adler32Combine(z.adler, o.adler, n)
	z.n += n
}

// then is z followed by o.
func (z zrows) then(o zrows) zrows {
	out := zrows{chunks: append(slices.Clip(z.chunks), o.chunks...), adler: adler32Combine(z.adler, o.adler, o.n), n: z.n + o.n}
	return out
}

// scanlines writes the rows of b as PNG scanlines (filter type 0, none,
// then the palette indices of t) to buf, w bytes a row. A row the same
// as the one above it is a copy.
func scanlines(t *colourTable, b *bandRuns, buf []byte, w int) {
	for i, span := range b.rows {
		line := buf[i*w : (i+1)*w]
		if i > 0 && span == b.rows[i-1] {
			copy(line, buf[(i-1)*w:i*w])
			continue
		}
		line[0] = 0
		x := 1
		for _, u := range b.all[span[0]:span[1]] {
			fill(line[x:x+int(u.n)], t.index[t.find(wordKey(u.w))])
			x += int(u.n)
		}
	}
}

// lineBuf keeps the scanline buffers of the bands.
var lineBuf bufPool

// writers keeps the compressors by level (a new one allocates some
// hundreds of KB).
var writers sync.Map // level -> *sync.Pool

func getWriter(level int, dst *bytes.Buffer) *flate.Writer {
	p, _ := writers.LoadOrStore(level, &sync.Pool{})
	if w, ok := p.(*sync.Pool).Get().(*flate.Writer); ok {
		w.Reset(dst)
		return w
	}
	w, err := flate.NewWriter(dst, level)
	if err != nil {
		panic(err) // the levels are constants, all valid
	}
	return w
}

func putWriter(level int, w *flate.Writer) {
	w.Reset(nil)
	p, _ := writers.Load(level)
	p.(*sync.Pool).Put(w)
}

// forEach runs f(0) ... f(n-1), side by side on the cores, and waits.
func forEach(n int, f func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

// palette is the palette of some counted rows: pal with the inks it lacks
// (withInks), then the most frequent other colours of the rows up to
// limit colours in all (limit gets the length with the inks), and t, the
// rows' colours with their palette indices set.
func palette(pal color.Palette, inks []color.RGBA, limit func(int) int, parts ...*rowBands) (color.Palette, *colourTable) {
	pal, in := withInks(pal, inks)
	t := newColourTable()
	for _, p := range parts {
		p.addCounts(t)
	}
	pal = withShades(pal, in, t, limit(len(pal)))
	setIndices(t, pal)
	return pal, t
}
