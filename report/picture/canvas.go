package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// The fonts are the Go fonts, parsed once; a face per size, shared by
// every picture (sharedFace).
var (
	fontsOnce          sync.Once
	regularFont, boldF *opentype.Font
	fontsErr           error
)

func loadFonts() error {
	fontsOnce.Do(func() {
		regularFont, fontsErr = opentype.Parse(goregular.TTF)
		if fontsErr == nil {
			boldF, fontsErr = opentype.Parse(gobold.TTF)
		}
	})
	return fontsErr
}

type faceKey struct {
	bold bool
	size int
}

// canvas draws on img; with a nil img it only lays out (measuring text),
// so that the height of a picture is known before drawing it.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
	// inks are the colours drawn with, in order of first use: the
	// palette keeps them exactly (encode.go).
	inks    []color.RGBA
	inkSeen map[color.RGBA]bool
}

func newCanvas(img *image.RGBA) *canvas {
	return &canvas{img: img, inkSeen: map[color.RGBA]bool{}}
}

// close releases what the canvas holds (nothing: the faces are shared).
func (c *canvas) close() {}

var (
	facesMu sync.Mutex
	faces   = map[faceKey]*sharedFace{}
)

// face returns the shared face of the font (bold or regular) at size
// pixels.
func (c *canvas) face(bold bool, size int) font.Face {
	k := faceKey{bold, size}
	facesMu.Lock()
	defer facesMu.Unlock()
	if f := faces[k]; f != nil {
		return f
	}
	ft := regularFont
	if bold {
		ft = boldF
	}
	f, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err) // the embedded fonts always give a face
	}
	sf := &sharedFace{f: f, metrics: f.Metrics(), glyphs: map[glyphKey]*glyph{},
		advances: map[rune]glyphAdvance{}, kerns: map[[2]rune]fixed.Int26_6{}, widths: map[string]int{}}
	faces[k] = sf
	return sf
}

// sharedFace is a font.Face safe for concurrent use that keeps what it
// computes: every glyph is rasterized once for all pictures. A glyph's
// mask depends only on the dot's fraction of a pixel (always 0 here:
// text starts on whole pixels and the hinted advances are whole pixels),
// so the cache gives exactly the pixels the face would draw.
type sharedFace struct {
	mu       sync.Mutex
	f        font.Face
	metrics  font.Metrics
	glyphs   map[glyphKey]*glyph
	advances map[rune]glyphAdvance
	kerns    map[[2]rune]fixed.Int26_6
	// widths are the widths of the strings measured (textWidth), at
	// most maxWidths: the pictures measure the same labels again and
	// again (a twentieth of the daemon's time under load).
	widths map[string]int
}

// maxWidths bounds a face's widths kept; beyond it they are forgotten.
const maxWidths = 4096

// width is font.MeasureString(f, s), rounded up, kept.
func (f *sharedFace) width(s string) int {
	f.mu.Lock()
	w, ok := f.widths[s]
	f.mu.Unlock()
	if ok {
		return w
	}
	w = font.MeasureString(f, s).Ceil() // f's methods lock f.mu
	f.mu.Lock()
	if len(f.widths) >= maxWidths {
		clear(f.widths)
	}
	f.widths[s] = w
	f.mu.Unlock()
	return w
}

type glyphKey struct {
	r      rune
	fx, fy fixed.Int26_6 // the dot's fraction of a pixel
}

// glyph is a rasterized glyph: dr is relative to the dot's whole pixel.
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

type glyphAdvance struct {
	advance fixed.Int26_6
	ok      bool
}

func (f *sharedFace) Close() error { return nil }

func (f *sharedFace) Metrics() font.Metrics { return f.metrics }

func (f *sharedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	f.mu.Lock()
	defer f.mu.Unlock()
	k, ok := f.kerns[[2]rune{r0, r1}]
	if !ok {
		k = f.f.Kern(r0, r1)
		f.kerns[[2]rune{r0, r1}] = k
	}
	return k
}

func (f *sharedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	a, ok := f.advances[r]
	if !ok {
		a.advance, a.ok = f.f.GlyphAdvance(r)
		f.advances[r] = a
	}
	return a.advance, a.ok
}

func (f *sharedFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.f.GlyphBounds(r)
}

func (f *sharedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	base := image.Pt(dot.X.Floor(), dot.Y.Floor())
	k := glyphKey{r, dot.X - fixed.I(base.X), dot.Y - fixed.I(base.Y)}
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.glyphs[k]
	if g == nil {
		g = &glyph{}
		var m image.Image
		var mp image.Point
		g.dr, m, mp, g.advance, g.ok = f.f.Glyph(fixed.Point26_6{X: k.fx, Y: k.fy}, r)
		g.mask = image.NewAlpha(image.Rect(0, 0, g.dr.Dx(), g.dr.Dy()))
		if m != nil {
			draw.Draw(g.mask, g.mask.Rect, m, mp, draw.Src)
		}
		for i, a := range g.mask.Pix {
			g.mask.Pix[i] = glyphCoverage(a)
		}
		f.glyphs[k] = g
	}
	return g.dr.Add(base), g.mask, image.Point{}, g.advance, g.ok
}

// glyphLevels is how many levels of coverage a glyph is drawn with (0:
// all 256): 4 (none, a third, two thirds, full) looks the same at this
// size and makes the PNG a quarter smaller.
var glyphLevels = 4

// glyphCoverage maps a glyph's coverage of a pixel to the few levels
// drawn: crisper text, and fewer shades to keep in the palette and to
// compress.
func glyphCoverage(a uint8) uint8 {
	if glyphLevels == 0 {
		return a
	}
	n := glyphLevels - 1
	return uint8((int(a)*n + 127) / 255 * 255 / n)
}

// ink records a colour drawn with.
func (c *canvas) ink(col color.RGBA) {
	if !c.inkSeen[col] {
		c.inkSeen[col] = true
		c.inks = append(c.inks, col)
	}
}

// text draws s with its baseline at y starting at x; it returns the
// width.
func (c *canvas) text(x, y int, s string, f font.Face, col color.RGBA) int {
	w := textWidth(f, s)
	if c.img != nil {
		c.ink(col)
		d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: f, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	return w
}

// textMid draws s centred on cx.
func (c *canvas) textMid(cx, y int, s string, f font.Face, col color.RGBA) {
	c.text(cx-textWidth(f, s)/2, y, s, f, col)
}

// textRight draws s ending at x.
func (c *canvas) textRight(x, y int, s string, f font.Face, col color.RGBA) {
	c.text(x-textWidth(f, s), y, s, f, col)
}

func textWidth(f font.Face, s string) int {
	if sf, ok := f.(*sharedFace); ok {
		return sf.width(s)
	}
	return font.MeasureString(f, s).Ceil()
}

// midBaseline is the baseline that centres capitals vertically in the
// band y..y+h.
func midBaseline(f font.Face, y, h int) int {
	m := f.Metrics()
	return y + (h+m.CapHeight.Round())/2
}

// fit shortens s with an ellipsis until it is at most w wide.
func fit(f font.Face, s string, w int) string {
	if textWidth(f, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ,") + "…"
		if textWidth(f, t) <= w {
			return t
		}
	}
	return ""
}

// wrap breaks s into lines at most w wide, at spaces.
func wrap(f font.Face, s string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && textWidth(f, try) > w {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// rect fills the rectangle x0,y0-x1,y1 (pixel aligned).
func (c *canvas) rect(x0, y0, x1, y1 int, col color.RGBA) {
	if c.img == nil {
		return
	}
	c.ink(col)
	draw.Draw(c.img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Over)
}

// path is a vector path in picture coordinates.
type path struct {
	ops                    []pathOp
	has                    bool
	minX, minY, maxX, maxY float32
}

type pathOp struct {
	kind byte // 'M', 'L', 'C', 'Z'
	p    [6]float32
}

func (p *path) point(x, y float32) {
	if !p.has {
		p.has = true
		p.minX, p.minY, p.maxX, p.maxY = x, y, x, y
	}
	p.minX, p.maxX = min(p.minX, x), max(p.maxX, x)
	p.minY, p.maxY = min(p.minY, y), max(p.maxY, y)
}

func (p *path) moveTo(x, y float32) {
	p.point(x, y)
	p.ops = append(p.ops, pathOp{kind: 'M', p: [6]float32{x, y}})
}

func (p *path) lineTo(x, y float32) {
	p.point(x, y)
	p.ops = append(p.ops, pathOp{kind: 'L', p: [6]float32{x, y}})
}

func (p *path) cubeTo(x1, y1, x2, y2, x, y float32) {
	p.point(x1, y1)
	p.point(x2, y2)
	p.point(x, y)
	p.ops = append(p.ops, pathOp{kind: 'C', p: [6]float32{x1, y1, x2, y2, x, y}})
}

func (p *path) close() { p.ops = append(p.ops, pathOp{kind: 'Z'}) }

// kappa places the control points of a cubic Bézier quarter circle.
const kappa = 0.5522847498

// roundRect adds a rounded rectangle, clockwise when cw is true.
func (p *path) roundRect(x0, y0, x1, y1, r float32, cw bool) {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	k := r * (1 - kappa)
	if cw {
		p.moveTo(x0+r, y0)
		p.lineTo(x1-r, y0)
		p.cubeTo(x1-k, y0, x1, y0+k, x1, y0+r)
		p.lineTo(x1, y1-r)
		p.cubeTo(x1, y1-k, x1-k, y1, x1-r, y1)
		p.lineTo(x0+r, y1)
		p.cubeTo(x0+k, y1, x0, y1-k, x0, y1-r)
		p.lineTo(x0, y0+r)
		p.cubeTo(x0, y0+k, x0+k, y0, x0+r, y0)
	} else {
		p.moveTo(x0+r, y0)
		p.cubeTo(x0+k, y0, x0, y0+k, x0, y0+r)
		p.lineTo(x0, y1-r)
		p.cubeTo(x0, y1-k, x0+k, y1, x0+r, y1)
		p.lineTo(x1-r, y1)
		p.cubeTo(x1-k, y1, x1, y1-k, x1, y1-r)
		p.lineTo(x1, y0+r)
		p.cubeTo(x1, y0+k, x1-k, y0, x1-r, y0)
	}
	p.close()
}

// fill rasterizes p in col (anti-aliased, non-zero winding).
func (c *canvas) fill(p *path, col color.RGBA) {
	if c.img == nil || len(p.ops) == 0 {
		return
	}
	c.fillIn(p, col, p.bounds())
}

// bounds is the rectangle fill rasterizes p in: p's bounding box and a
// pixel around it.
func (p *path) bounds() image.Rectangle {
	return image.Rect(int(math.Floor(float64(p.minX)))-1, int(math.Floor(float64(p.minY)))-1,
		int(math.Ceil(float64(p.maxX)))+1, int(math.Ceil(float64(p.maxY)))+1)
}

// fillIn rasterizes p in col within r only.
func (c *canvas) fillIn(p *path, col color.RGBA, r image.Rectangle) {
	r = r.Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	c.ink(col)
	z := &c.z
	z.Reset(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for _, o := range p.ops {
		q := o.p
		switch o.kind {
		case 'M':
			z.MoveTo(q[0]-ox, q[1]-oy)
		case 'L':
			z.LineTo(q[0]-ox, q[1]-oy)
		case 'C':
			z.CubeTo(q[0]-ox, q[1]-oy, q[2]-ox, q[3]-oy, q[4]-ox, q[5]-oy)
		case 'Z':
			z.ClosePath()
		}
	}
	z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

// roundBox fills a rounded rectangle. Its edges lie on whole pixels, so
// only its four corners are anti-aliased: an opaque box is drawn as
// solid rectangles and its corners alone rasterized, each in a window of
// its own. The pixels are those of rasterizing the whole box (the corner
// windows get the same coverage, in the rasterizer's fixed-point math,
// which it uses for a box of up to 510 pixels a side: a larger one is
// rasterized whole). Most of a picture's boxes are drawn this way, at a
// fraction of the cost.
func (c *canvas) roundBox(x0, y0, x1, y1, r int, col color.RGBA) {
	var p path
	p.roundRect(float32(x0), float32(y0), float32(x1), float32(y1), float32(r), true)
	if c.img == nil {
		return
	}
	k := int(math.Ceil(float64(min(float32(r), float32(x1-x0)/2, float32(y1-y0)/2)))) // a corner's side
	b := p.bounds()
	if col.A != 0xff || k <= 0 || 2*k >= x1-x0 || 2*k >= y1-y0 || b.Dx() > 512 || b.Dy() > 512 {
		if col.A != 0xff || !c.keptBox(&p, x0, y0, x1, y1, r, col) {
			c.fill(&p, col)
		}
		return
	}
	c.ink(col)
	solid := image.NewUniform(col)
	for _, s := range []image.Rectangle{
		image.Rect(x0, y0+k, x1, y1-k), image.Rect(x0+k, y0, x1-k, y0+k), image.Rect(x0+k, y1-k, x1-k, y1),
	} {
		draw.Draw(c.img, s, solid, image.Point{}, draw.Src)
	}
	for _, w := range []image.Rectangle{
		image.Rect(x0, y0, x0+k, y0+k), image.Rect(x1-k, y0, x1, y0+k),
		image.Rect(x0, y1-k, x0+k, y1), image.Rect(x1-k, y1-k, x1, y1),
	} {
		c.fillIn(&p, col, w)
	}
}

// roundFrame strokes a rounded rectangle with a line of width t inside
// x0,y0-x1,y1.
func (c *canvas) roundFrame(x0, y0, x1, y1, r, t int, col color.RGBA) {
	var p path
	p.roundRect(float32(x0), float32(y0), float32(x1), float32(y1), float32(r), true)
	ft := float32(t)
	p.roundRect(float32(x0)+ft, float32(y0)+ft, float32(x1)-ft, float32(y1)-ft, max(float32(r)-ft, 0), false)
	c.fill(&p, col)
}

// disc fills a circle.
func (c *canvas) disc(cx, cy, r float32, col color.RGBA) {
	var p path
	p.roundRect(cx-r, cy-r, cx+r, cy+r, r, true)
	c.fill(&p, col)
}

// line strokes a segment of width w.
func (c *canvas) line(x0, y0, x1, y1, w float32, col color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n == 0 {
		return
	}
	nx, ny := -dy/n*w/2, dx/n*w/2
	var p path
	p.moveTo(x0+nx, y0+ny)
	p.lineTo(x1+nx, y1+ny)
	p.lineTo(x1-nx, y1-ny)
	p.lineTo(x0-nx, y0-ny)
	p.close()
	c.fill(&p, col)
}

// triangle fills a triangle.
func (c *canvas) triangle(x0, y0, x1, y1, x2, y2 float32, col color.RGBA) {
	var p path
	p.moveTo(x0, y0)
	p.lineTo(x1, y1)
	p.lineTo(x2, y2)
	p.close()
	c.fill(&p, col)
}

// wideBoxes keeps the pixels of the boxes roundBox rasterizes whole (too
// large for its corner windows: the title bar of a power's own part,
// drawn for every version at the same place) drawn on one colour: a box
// drawn at the same place, in the same colour, on the same colour, is a
// copy of them. At most wideBoxesMax are kept (a bar is 690x54 px, 150
// KB): the set is emptied when full.
var wideBoxes struct {
	sync.Mutex
	m map[wideBoxKey][]byte
}

const wideBoxesMax = 16

type wideBoxKey struct {
	x0, y0, x1, y1, r int
	col, under        color.RGBA
	window            image.Rectangle
}

// keptBox draws the opaque round box p (x0, y0, x1, y1, r) as fill would
// if its window lies on one colour, from wideBoxes or keeping it there; it
// reports whether it drew it.
func (c *canvas) keptBox(p *path, x0, y0, x1, y1, r int, col color.RGBA) bool {
	w := p.bounds().Intersect(c.img.Bounds())
	if w.Empty() {
		return false
	}
	under := c.img.RGBAAt(w.Min.X, w.Min.Y)
	line := make([]byte, 4*w.Dx())
	for i := 0; i < len(line); i += 4 {
		line[i], line[i+1], line[i+2], line[i+3] = under.R, under.G, under.B, under.A
	}
	row := func(y int) []byte {
		i := c.img.PixOffset(w.Min.X, y)
		return c.img.Pix[i : i+len(line)]
	}
	for y := w.Min.Y; y < w.Max.Y; y++ {
		if !bytes.Equal(row(y), line) {
			return false
		}
	}
	k := wideBoxKey{x0, y0, x1, y1, r, col, under, w}
	wideBoxes.Lock()
	kept := wideBoxes.m[k]
	wideBoxes.Unlock()
	if kept != nil {
		c.ink(col)
		for y := w.Min.Y; y < w.Max.Y; y++ {
			copy(row(y), kept[(y-w.Min.Y)*len(line):])
		}
		return true
	}
	c.fillIn(p, col, w)
	kept = make([]byte, 0, len(line)*w.Dy())
	for y := w.Min.Y; y < w.Max.Y; y++ {
		kept = append(kept, row(y)...)
	}
	wideBoxes.Lock()
	if len(wideBoxes.m) >= wideBoxesMax || wideBoxes.m == nil {
		wideBoxes.m = map[wideBoxKey][]byte{}
	}
	wideBoxes.m[k] = kept
	wideBoxes.Unlock()
	return true
}
