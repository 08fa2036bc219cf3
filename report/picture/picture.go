package picture

import (
	"fmt"
	"image/color"
	"sync"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// The size of the picture. It is drawn for a phone's column of CSSWidth
// CSS pixels at Scale device pixels each: the PNG is Width pixels wide,
// and Height(v, power) pixels tall (PublicHeight for every public
// picture), always a multiple of Scale. The mail shows it at the column's
// full width (at most Width CSS pixels on a wide screen).
const (
	Scale    = 2
	CSSWidth = 360
	Width    = CSSWidth * Scale
)

// PublicHeight is the height in pixels of every public picture
// (Render(v, 0)); a notice's picture is taller (Height).
var PublicHeight = roundUp(publicEnd)

// publicEnd is where every picture's public part ends, the private part
// begins (drawPublic's height, before rounding).
var publicEnd = mustPublicEnd()

func mustPublicEnd() int {
	if err := loadFonts(); err != nil {
		panic(err)
	}
	c := newCanvas(nil)
	defer c.close()
	return drawPublic(c, publicLayoutView())
}

// publicLayoutView is a view whose public picture has the height of every
// public picture: the public part's height does not depend on the figures.
func publicLayoutView() adjudicator.View { return adjudicator.View{} }

// Text sizes in pixels of the PNG: shown CSSWidth CSS px wide, the
// smallest, sizeSmall, is 11 CSS px; the figures that matter are bold and
// larger (sizeNum).
const (
	sizeSmall = 22 // notes, keys, unmarked track cells, markers
	sizeText  = 24 // labels and lines of text
	sizeName  = 24 // the countries' names (bold)
	sizeNum   = 26 // the figures that matter (bold)
	sizeHead  = 28 // section titles (bold)
	sizeTitle = 32 // the picture's title (bold)
	margin    = 16
)

// The palette: a light opaque background and dark ink; one colour per
// power, always shown with the power's letter, chosen among colours that
// colour-blind readers can tell apart (Paul Tol's, Okabe and Ito's).
var (
	colBackground = rgb(0xfb, 0xfa, 0xf6)
	colInk        = rgb(0x1e, 0x1e, 0x1e)
	colMuted      = rgb(0x5a, 0x5a, 0x5a)
	colRule       = rgb(0xc4, 0xc2, 0xbb)
	colBorderLine = rgb(0x8c, 0x8a, 0x84)
	colBoxFrame   = rgb(0x6e, 0x6c, 0x66)
	colWhite      = rgb(0xff, 0xff, 0xff)
	colCell       = rgb(0xee, 0xed, 0xe7)
	colCivilWar   = rgb(0xf4, 0xdf, 0xa8)
)

var powerColours = map[storm.Power]color.RGBA{
	storm.Germany: rgb(0x22, 0x22, 0x22), // black
	storm.Italy:   rgb(0x11, 0x77, 0x33), // green
	storm.Britain: rgb(0xcc, 0x33, 0x11), // red
	storm.France:  rgb(0x00, 0x66, 0xbb), // blue
	storm.Russia:  rgb(0x88, 0x22, 0x55), // wine
}

var powerLetters = map[storm.Power]string{
	storm.Germany: "G", storm.Italy: "I", storm.Britain: "B", storm.France: "F", storm.Russia: "R",
}

var regionColours = map[storm.Region]color.RGBA{
	storm.Scandinavia:   rgb(0xe3, 0xee, 0xf6),
	storm.WesternEurope: rgb(0xf2, 0xec, 0xdc),
	storm.CentralEurope: rgb(0xe6, 0xf0, 0xdf),
	storm.EasternEurope: rgb(0xf4, 0xe4, 0xe7),
	storm.Balkans:       rgb(0xec, 0xe6, 0xf4),
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

func powerColour(p storm.Power) color.RGBA {
	if c, ok := powerColours[p]; ok {
		return c
	}
	return colMuted
}

func letter(p storm.Power) string {
	if l, ok := powerLetters[p]; ok {
		return l
	}
	return "?"
}

// own returns the private view Render and Alt may show for power: only
// v.Powers[power], nil for the public picture.
func own(v adjudicator.View, power storm.Power) *adjudicator.PowerView {
	if power == 0 {
		return nil
	}
	return v.Powers[power]
}

func check(v adjudicator.View, power storm.Power) error {
	if power != 0 && !power.Valid() {
		return fmt.Errorf("picture: invalid power %d", uint8(power))
	}
	for _, t := range v.Public.Targets {
		if _, ok := placeOf(t.Name); !ok && t.Name != storm.Croatia { // 25.73A: drawn in the text only
			return fmt.Errorf("picture: no place on the map for %q", t.Name)
		}
	}
	return loadFonts()
}

// Height returns the height in pixels of the picture Render draws for v
// and power.
func Height(v adjudicator.View, power storm.Power) int {
	if err := check(v, power); err != nil {
		return PublicHeight
	}
	pv := own(v, power)
	if pv == nil {
		return PublicHeight
	}
	// The public part's height is every picture's (publicEnd): only the
	// private part is laid out (a report's HTML names the
	// picture's height, and laying out the whole picture again for each
	// mail cost a third of rendering the mails).
	c := newCanvas(nil)
	defer c.close()
	return roundUp(drawPrivate(c, v, power, pv, publicEnd))
}

// Render draws the picture of v as PNG bytes. power 0 draws the public
// picture; a power draws the public picture plus that power's own hidden
// tracks from v.Powers[power] (never any other entry of v.Powers, even if
// present).
func Render(v adjudicator.View, power storm.Power) ([]byte, error) {
	var powers []storm.Power
	if power != 0 {
		powers = []storm.Power{power}
	}
	set, err := RenderSet(v, powers)
	if err != nil {
		return nil, err
	}
	if b, ok := set[power]; ok {
		return b, nil
	}
	return set[0], nil // a power without a private view: the public picture
}

// pixPool keeps the pixel buffers of the pictures (several MB each)
// between renderings.
var pixPool bufPool

type bufPool struct{ p sync.Pool }

func (b *bufPool) get(n int) []uint8 {
	if s, ok := b.p.Get().(*[]uint8); ok && cap(*s) >= n {
		return (*s)[:n]
	}
	return make([]uint8, n)
}

func (b *bufPool) put(s []uint8) { b.p.Put(&s) }

// drawAll draws the whole picture and returns its height, a multiple of
// Scale (whole CSS pixels).
func drawAll(c *canvas, v adjudicator.View, power storm.Power) int {
	y := drawPublic(c, v)
	if pv := own(v, power); pv != nil {
		y = drawPrivate(c, v, power, pv, y)
	}
	return roundUp(y)
}

// roundUp is a height y rounded up to a multiple of Scale (whole CSS
// pixels).
func roundUp(y int) int { return (y + Scale - 1) / Scale * Scale }
