package picture

import (
	"image"
	"image/color"
	"image/draw"
	"slices"
	"sync"
)

// mapBase keeps the part of the map that is the same in every picture
// (drawMapStatic: the regions, their labels, the borders and the key of
// the powers), drawn once on the background and copied into each
// picture, with the colours it was drawn with, in the order drawn (the
// palette depends on that order, encode.go). A picture with other borders
// or another top has it drawn anew: the copy is exactly what drawing it
// would give, so the output does not depend on what was drawn before.
var mapBase struct {
	sync.Mutex
	edges []edge
	rect  image.Rectangle
	img   *image.RGBA
	inks  []color.RGBA
}

// drawMapBase draws the map's unchanging part between top and bottom.
func drawMapBase(c *canvas, edges []edge, top, bottom int) {
	if c.img == nil {
		return // the map's height is fixed
	}
	r := image.Rect(0, top, Width, bottom)
	mapBase.Lock()
	defer mapBase.Unlock()
	if mapBase.img == nil || mapBase.rect != r || !slices.Equal(mapBase.edges, edges) {
		img := image.NewRGBA(r)
		bc := newCanvas(img)
		bc.rect(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y, colBackground)
		drawMapStatic(bc, edges, top)
		bc.close()
		mapBase.edges, mapBase.rect, mapBase.img, mapBase.inks = slices.Clone(edges), r, img, bc.inks
	}
	draw.Draw(c.img, r, mapBase.img, r.Min, draw.Src)
	for _, k := range mapBase.inks {
		c.ink(k)
	}
}
