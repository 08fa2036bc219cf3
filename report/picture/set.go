package picture

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"io"
	"runtime"
	"sync"

	"github.com/klauspost/compress/flate"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// RenderSet draws in one go the public picture of v and the picture of
// each of powers that has a private view in v: the public part above, the
// power's own tracks below. A version's pictures share their public part,
// most of every picture, so it is drawn, mapped to its palette and
// compressed once for all of them (issue 24: a report's six pictures cost
// about a third of six separate drawings):
//
//   - a power's palette is the public picture's, then the power's own
//     inks and shades after it, so the public rows keep their indices;
//   - the public rows' zlib data is one run of deflate blocks ended by a
//     sync flush; each picture appends the blocks of its own rows,
//     compressed on their own (no reference back into the shared rows),
//     and the Adler-32 of all its rows.
//
// The map holds the public picture under 0 and each power's under the
// power. Render draws one picture the same way.
func RenderSet(v adjudicator.View, powers []storm.Power) (map[storm.Power][]byte, error) {
	out := map[storm.Power][]byte{}
	var mu sync.Mutex
	err := RenderEach(v, powers, func(p storm.Power, b []byte) {
		mu.Lock()
		defer mu.Unlock()
		out[p] = b
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// RenderEach is RenderSet handing each picture to emit as soon as it is
// drawn: the public one first (under 0), then the powers' as they are
// done, from other goroutines (emit must be safe for that). On an error
// some pictures may have been handed over already.
func RenderEach(v adjudicator.View, powers []storm.Power, emit func(storm.Power, []byte)) error {
	if err := check(v, 0); err != nil {
		return err
	}
	for _, p := range powers {
		if err := check(v, p); err != nil {
			return err
		}
	}
	pubH := Height(v, 0)
	buf := pixPool.get(4 * Width * pubH)
	defer pixPool.put(buf)
	pub := &image.RGBA{Pix: buf, Stride: 4 * Width, Rect: image.Rect(0, 0, Width, pubH)}
	split, inks := drawPublicBands(pub, v) // rows [0, split) are every picture's
	pq := quantize(pub, inks)
	defer palPool.put(pq.Pix)
	shared, err := newSharedRows(pq, split)
	if err != nil {
		return err
	}
	public, err := shared.png(pq)
	if err != nil {
		return err
	}
	emit(0, public)
	// The powers' parts side by side, one a core: each reads the shared
	// rows and writes its own buffers only.
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		errs []error
		sem  = make(chan struct{}, runtime.GOMAXPROCS(0))
	)
	for _, p := range powers {
		pv := own(v, p)
		if pv == nil {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			b, err := renderOwn(v, p, pv, pq, split, shared)
			if err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				return
			}
			emit(p, b)
		}()
	}
	wg.Wait()
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// renderOwn draws power p's picture: the public picture's rows above
// split (mapped in pq, compressed in shared), p's own part below. Only
// the own part is drawn, mapped and compressed here: its image holds the
// rows [split, h) alone (the drawing is clipped to them, as it was to
// the rows below the public part on a whole picture).
func renderOwn(v adjudicator.View, p storm.Power, pv *adjudicator.PowerView, pq *image.Paletted, split int, shared *sharedRows) ([]byte, error) {
	layout := newCanvas(nil)
	h := roundUp(drawPrivate(layout, v, p, pv, split)) // Height(v, p), without the public part again
	layout.close()
	pbuf := pixPool.get(4 * Width * (h - split))
	defer pixPool.put(pbuf)
	img := &image.RGBA{Pix: pbuf, Stride: 4 * Width, Rect: image.Rect(0, split, Width, h)}
	c := newCanvas(img)
	c.rect(0, split, Width, h, colBackground)
	drawPrivate(c, v, p, pv, split)
	c.close()
	q := extendPalette(img, pq, c.inks)
	defer palPool.put(q.Pix)
	return shared.png(q)
}

// drawPublicBands draws the public picture of v on img, as drawPublic
// does, in two bands side by side: the heading and the map above, the
// tracks below, where the map ends (a first pass lays it out without
// drawing). It returns the height drawPublic returns and the inks in the
// order drawPublic would use them first: the upper band's, then the
// lower band's new ones.
func drawPublicBands(img *image.RGBA, v adjudicator.View) (int, []color.RGBA) {
	layout := newCanvas(nil)
	mid := drawMap(layout, v.Public, drawHeader(layout, v.Public))
	layout.close()
	up, down := newCanvas(img), newCanvas(img)
	up.rect(0, 0, Width, mid, colBackground)
	down.rect(0, mid, Width, img.Bounds().Dy(), colBackground)
	var end int
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		drawMap(up, v.Public, drawHeader(up, v.Public))
	}()
	y := drawTracks(down, v.Public, mid)
	y = drawPowers(down, v.Public, y)
	end = drawRussia(down, v.Public, y) + margin
	wg.Wait()
	up.close()
	down.close()
	inks := up.inks
	for _, k := range down.inks {
		if !up.inkSeen[k] {
			inks = append(inks, k)
		}
	}
	return end, inks
}

// extendPalette maps img, the rows below the public picture pq (from
// img's first row on), to pq's palette extended with the inks drawn there
// and then the most frequent other colours there, up to shades more (at
// most 256 in all): the public rows keep pq's indices.
func extendPalette(img *image.RGBA, pq *image.Paletted, inks []color.RGBA) *image.Paletted {
	r := img.Bounds()
	pal, in := withInks(append(color.Palette(nil), pq.Palette...), inks)
	t := newColourTable()
	rs := countRows(t, img, r.Min.Y, r.Max.Y)
	pal = withShades(pal, in, t, min(256, len(pal)+shades))
	setIndices(t, pal)
	p := &image.Paletted{Pix: palPool.get(r.Dx() * r.Dy()), Stride: r.Dx(), Rect: r, Palette: pal}
	indexRows(t, rs, p) // the powers' parts are side by side already
	return p
}

// sharedRows is the compressed form of the rows every picture of a set
// begins with.
type sharedRows struct {
	split   int
	deflate []byte // raw deflate blocks of the rows, ended by a sync flush
	adler   []byte // the Adler-32 state after the rows (MarshalBinary)
}

// newSharedRows compresses the first split rows of p, band by band side
// by side: each band's deflate blocks, ended by a sync flush, refer to no
// other band, so they join into one stream.
func newSharedRows(p *image.Paletted, split int) (*sharedRows, error) {
	bands := parts(0, split)
	out := make([]bytes.Buffer, len(bands))
	errs := make([]error, len(bands))
	inParallel(bands, func(i int, b [2]int) {
		w, err := flate.NewWriter(&out[i], compression)
		if err == nil {
			writeRows(p, b[0], b[1], w)
			err = w.Flush()
		}
		errs[i] = err
	})
	var all []byte
	for i := range bands {
		if errs[i] != nil {
			return nil, errs[i]
		}
		all = append(all, out[i].Bytes()...)
	}
	a := adler32.New() // over all the bands at once
	writeRows(p, 0, split, a)
	state, err := a.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, err
	}
	return &sharedRows{split: split, deflate: all, adler: state}, nil
}

// png writes as PNG the picture made of the shared rows and then p's rows
// from s.split to its last: p is either the whole picture whose first
// s.split rows are the shared ones, or only the rows below them.
func (s *sharedRows) png(p *image.Paletted) ([]byte, error) {
	if len(p.Palette) == 0 || len(p.Palette) > 256 {
		return nil, fmt.Errorf("picture: a palette of %d colours", len(p.Palette))
	}
	a := adler32.New()
	if err := a.(encoding.BinaryUnmarshaler).UnmarshalBinary(s.adler); err != nil {
		return nil, err
	}
	var idat bytes.Buffer
	idat.Grow(len(s.deflate) * 3 / 2)
	idat.Write([]byte{0x78, 0x9c}) // zlib: deflate, 32 KiB window, no dictionary
	idat.Write(s.deflate)
	level := compression // the public picture's last rows
	if p.Rect.Min.Y == s.split {
		level = ownCompression // a power's own rows
	}
	w, err := flate.NewWriter(&idat, level)
	if err != nil {
		return nil, err
	}
	writeRows(p, s.split, p.Rect.Max.Y, io.MultiWriter(w, a))
	if err := w.Close(); err != nil {
		return nil, err
	}
	idat.Write(binary.BigEndian.AppendUint32(nil, a.Sum32()))
	var out bytes.Buffer
	out.Grow(idat.Len() + 1024)
	writeContainer(&out, p, idat.Bytes())
	return out.Bytes(), nil
}

// writeRows writes the rows [from, to) of p as PNG scanlines (filter
// type 0, none) to w: a compressor, a checksum, or both.
func writeRows(p *image.Paletted, from, to int, w io.Writer) {
	none := []byte{0}
	for y := from; y < to; y++ {
		w.Write(none)
		i := p.PixOffset(p.Rect.Min.X, y)
		w.Write(p.Pix[i : i+p.Rect.Dx()])
	}
}
