package picture

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"runtime"
	"slices"
	"sync"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// RenderSet draws in one go the public picture of v and the picture of
// each of powers that has a private view in v: the public part above, the
// power's own tracks below. A version's pictures share their public part,
// most of every picture, so it is drawn, mapped to its palette and
// compressed once for all of them (a report's six pictures cost
// about a third of six separate drawings):
//
//   - a power's palette is the public picture's, then the power's own
//     inks and shades after it, so the public rows keep their indices;
//   - the public rows' zlib data is a run of bands of deflate blocks,
//     each ended by a sync flush (rows.go); each picture appends the
//     bands of its own rows, compressed on their own (no reference back
//     into the shared rows), and the Adler-32 of all its rows, combined
//     from the bands'. A band whose pixels were drawn lately (the
//     version before, another game) is not counted or compressed again
//     (bandCache).
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
	shared := newRowBands(pub, 0, split, compression)
	tail := newRowBands(pub, split, pubH, compression) // the public picture's last rows
	shared.countAll()
	tail.countAll()
	pal, t := palette(nil, inks, func(int) int { return min(256, len(inks)+shades) }, shared, tail)
	sharedZ := shared.encodeAll(t)
	public, err := writePNG(pal, pubH, sharedZ.then(tail.encodeAll(t)))
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
			b, err := renderOwn(v, p, pv, pal, split, sharedZ)
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
// split (in palette pubPal, compressed in shared), p's own part below.
// Only the own part is drawn, mapped and compressed here: its image holds
// the rows [split, h) alone (the drawing is clipped to them, as it was to
// the rows below the public part on a whole picture). Its palette is
// pubPal extended with the inks drawn there and then the most frequent
// other colours there, up to shades more (at most 256 in all): the
// public rows keep their indices.
func renderOwn(v adjudicator.View, p storm.Power, pv *adjudicator.PowerView, pubPal color.Palette, split int, shared zrows) ([]byte, error) {
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
	own := newRowBands(img, split, h, ownCompression)
	own.countAll()
	pal, t := palette(slices.Clone(pubPal), c.inks, func(n int) int { return min(256, n+shades) }, own)
	return writePNG(pal, h, shared.then(own.encodeAll(t)))
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

// writePNG writes as PNG a picture Width pixels wide and h tall in
// palette pal whose scanlines z holds: the zlib stream is its header, z's
// deflate blocks, a final empty block and the Adler-32.
func writePNG(pal color.Palette, h int, z zrows) ([]byte, error) {
	if len(pal) == 0 || len(pal) > 256 {
		return nil, fmt.Errorf("picture: a palette of %d colours", len(pal))
	}
	if z.n != int64(h*(Width+1)) {
		return nil, fmt.Errorf("picture: %d bytes of scanlines for %d rows", z.n, h)
	}
	n := 2 + 2 + 4
	for _, c := range z.chunks {
		n += len(c)
	}
	idat := make([]byte, 0, n)
	idat = append(idat, 0x78, 0x9c) // zlib: deflate, 32 KiB window, no dictionary
	for _, c := range z.chunks {
		idat = append(idat, c...)
	}
	idat = append(idat, 0x03, 0x00) // a final block of fixed codes, empty
	idat = binary.BigEndian.AppendUint32(idat, z.adler)
	var out bytes.Buffer
	out.Grow(len(idat) + 1024)
	writeContainer(&out, pal, Width, h, idat)
	return out.Bytes(), nil
}
