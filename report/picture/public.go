package picture

import (
	"fmt"
	"image/color"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// Geometry of the public part, in pixels of the PNG.
const (
	headerH  = 112
	cellW    = 137 // a map cell; mapCols of them across
	cellH    = 118
	mapX0    = (Width - mapCols*cellW) / 2
	boxInset = 4  // a box inside its cell
	bandH    = 34 // a box's title band
	chipH    = 30 // a marker
	chipGap  = 4
	chipPad  = 5 // between a box's edge and its markers

	trackX    = margin + 128 // where the tracks' cells start
	trackCell = 44           // width of one cell of a -5..+5 track
	trackH    = 44
	rowGap    = 10
)

// signed formats n with its sign, a real minus sign for negatives.
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "0"
}

// drawPublic draws the public picture from the top and returns its
// height. Its height does not depend on the figures (PublicHeight).
func drawPublic(c *canvas, v adjudicator.View) int {
	y := drawHeader(c, v.Public)
	y = drawMap(c, v.Public, y)
	y = drawTracks(c, v.Public, y)
	y = drawPowers(c, v.Public, y)
	y = drawRussia(c, v.Public, y)
	return y + margin
}

func drawHeader(c *canvas, pv adjudicator.PublicView) int {
	title := c.face(true, sizeTitle)
	text := c.face(false, sizeText)
	bold := c.face(true, sizeText)
	turn := "Gathering Storm"
	if pv.Turn.Season != 0 {
		turn += " · " + pv.Turn.String()
	}
	c.text(margin, 44, fit(title, turn, Width-2*margin), title, colInk)
	seg := pv.SegmentTitle
	if seg == "" {
		seg = string(pv.Segment)
	}
	var status string
	switch {
	case pv.Ended:
		status = "Game over"
	case pv.AwaitsDraw:
		status = "Awaiting the moderator's draw"
	}
	// The second line: the segment on the left; on the right the powers
	// that must order now, as letter chips, or else the status.
	const lineY, lineH = 58, 40
	b := midBaseline(text, lineY, lineH)
	right := Width - margin
	if len(pv.Required) > 0 && !pv.Ended {
		x := Width - margin
		for i := len(pv.Required) - 1; i >= 0; i-- {
			x -= 32
			letterChip(c, x, lineY+(lineH-32)/2, 32, pv.Required[i])
			x -= 4
		}
		x -= 6
		x -= textWidth(text, "To order:")
		c.text(x, b, "To order:", text, colMuted)
		right = x - 16
		if status != "" {
			// Never both today (orders are given in the economic
			// phase, the draw waits in the random events phase).
			seg = status + " · " + seg
			status = ""
		}
	}
	if status != "" {
		c.textRight(Width-margin, b, status, bold, colInk)
		right = Width - margin - textWidth(bold, status) - 16
	}
	c.text(margin, b, fit(text, seg, right-margin), text, colInk)
	c.rect(margin, headerH-6, Width-margin, headerH-4, colRule)
	return headerH
}

// letterChip draws a square of the power's colour with its letter.
func letterChip(c *canvas, x, y, s int, p storm.Power) {
	c.roundBox(x, y, x+s, y+s, 6, powerColour(p))
	f := c.face(true, sizeSmall)
	c.textMid(x+s/2, midBaseline(f, y, s), letter(p), f, colWhite)
}

// cellRect is the pixel rectangle of a map cell.
func cellRect(top, col, row int) (x0, y0, x1, y1 int) {
	x0 = mapX0 + col*cellW
	y0 = top + row*cellH
	return x0, y0, x0 + cellW, y0 + cellH
}

func boxCentre(top int, p place) (float32, float32) {
	x0, y0, x1, y1 := cellRect(top, p.Col, p.Row)
	return float32(x0+x1) / 2, float32(y0+y1) / 2
}

// drawMap draws the map of the targets with its key; it returns the y
// below.
func drawMap(c *canvas, pv adjudicator.PublicView, y int) int {
	y = sectionTitle(c, y, "Diplomatic targets", "24.21, by region 4.16")
	top := y + 2
	bottom := top + mapRows*cellH
	// The regions, their labels, the key of the powers and the borders
	// are the same in every picture: drawn once (mapBase).
	drawMapBase(c, borderEdges(pv.Targets), top, bottom)
	for _, t := range pv.Targets {
		if p, ok := placeOf(t.Name); ok { // Croatia (25.73A) has no place: the text reports it
			drawTarget(c, top, p, t)
		}
	}
	return drawMarkerKey(c, bottom+8)
}

// drawMapStatic draws what drawMapBase keeps: the regions of 4.16 with
// their labels, the borders of 28.42 (under the boxes) and the key of the
// powers.
func drawMapStatic(c *canvas, edges []edge, top int) {
	head := c.face(true, sizeText)
	for _, r := range regionBoxes {
		x0, y0, _, _ := cellRect(top, r.Col0, r.Row0)
		_, _, x1, y1 := cellRect(top, r.Col1, r.Row1)
		c.roundBox(x0+1, y0+1, x1-1, y1-1, 14, regionColours[r.Region])
		lx0, ly0, lx1, ly1 := cellRect(top, r.LabelCol, r.LabelRow)
		const lh = 30
		by := (ly0+ly1)/2 - lh*len(r.Label)/2
		for i, l := range r.Label {
			c.textMid((lx0+lx1)/2, midBaseline(head, by+i*lh, lh), l, head, colMuted)
		}
	}
	for _, e := range edges {
		a, _ := placeOf(e.A)
		b, _ := placeOf(e.B)
		ax, ay := boxCentre(top, a)
		bx, by := boxCentre(top, b)
		c.line(ax, ay, bx, by, 4, colBorderLine)
	}
	drawPowerKey(c, top)
}

// drawTarget draws one country's box: its name in the title band (in the
// controller's colour for a controlled country), then two rows of
// markers: control and flags, then trade pact and civil war.
func drawTarget(c *canvas, top int, p place, t adjudicator.TargetView) {
	cx0, cy0, cx1, cy1 := cellRect(top, p.Col, p.Row)
	x0, y0, x1, y1 := cx0+boxInset, cy0+boxInset, cx1-boxInset, cy1-boxInset
	name := c.face(true, sizeName)
	small := c.face(false, sizeSmall)
	if t.Controller != 0 {
		// A controlled country (11.61E): its frame and title band in
		// the controller's colour.
		col := powerColour(t.Controller)
		c.roundBox(x0, y0, x1, y1, 10, col)
		c.roundBox(x0+4, y0+bandH, x1-4, y1-4, 7, colWhite)
		c.rect(x0+4, y0+bandH, x1-4, y0+bandH+8, colWhite)
		c.textMid((x0+x1)/2, midBaseline(name, y0, bandH)+1, fit(name, p.Short, x1-x0-8), name, colWhite)
	} else {
		c.roundBox(x0, y0, x1, y1, 10, colBoxFrame)
		c.roundBox(x0+2, y0+2, x1-2, y1-2, 8, colWhite)
		c.textMid((x0+x1)/2, midBaseline(name, y0, bandH)+2, fit(name, p.Short, x1-x0-8), name, colInk)
		c.rect(x0+8, y0+bandH, x1-8, y0+bandH+2, colCell)
	}
	inner := x1 - x0 - 2*chipPad
	// Row 1: control (11.61E), flags (24.18) and the partner's flags
	// (11.61A-B).
	ry := y0 + bandH + 6
	x := x0 + chipPad
	if t.Controller != 0 {
		x = controlChip(c, x, ry, t.Controller) + chipGap
	}
	partner := t.PartnerPower // 0 when there are no partner flags
	switch {
	case t.Name == storm.RussiaTarget:
		c.textMid((x0+x1)/2, midBaseline(small, ry, chipH), "major power", small, colMuted)
	case t.Flags > 0 || t.PartnerFlags > 0:
		flagsChip(c, x, ry, x0+chipPad+inner-x, t.FlagPower, t.Flags, partner, t.PartnerFlags)
	case t.Controller == 0:
		c.text(x+2, midBaseline(small, ry, chipH), "no flags", small, colMuted)
	}
	// Row 2: trade pact (11.61) and civil war events (25.31).
	ry += chipH + chipGap
	x = x0 + chipPad
	if t.TradePact != 0 {
		x = pactChip(c, x, ry, t.TradePact) + chipGap
	}
	if t.CivilWarEvents > 0 {
		civilWarChip(c, x, ry, t.CivilWarEvents)
	}
}

// flagsChip draws the flag markers of a country: a chip of the flag
// power's colour with a small white flag, its letter and number of flags,
// joined on its right by the partner's (if any) in the partner's colour.
// It draws the widest form that fits in w: with spaces ("G 2"), without
// ("G2"), then without the flag. It returns the right edge.
func flagsChip(c *canvas, x, y, w int, p storm.Power, n int, partner storm.Power, pn int) int {
	parts := flagParts(p, n, partner, pn)
	form := 0
	for form < len(flagForms)-1 && flagsWidth(c, parts, form) > w {
		form++
	}
	f := c.face(true, sizeSmall)
	sep, flag := flagForms[form].sep, flagForms[form].flag
	total := flagsWidth(c, parts, form)
	px := x
	for i, q := range parts {
		col := powerColour(q.p)
		tx := px + 5
		if i == 0 {
			c.roundBox(x, y, x+total, y+chipH, 6, col)
			if flag {
				// The flag: a pole and a pennant.
				c.rect(tx, y+6, tx+2, y+chipH-6, colWhite)
				c.rect(tx+2, y+7, tx+11, y+15, colWhite)
				tx += flagW
			}
		} else {
			// The partner's part, after a white seam.
			c.roundBox(px, y, x+total, y+chipH, 6, col)
			c.rect(px, y, px+6, y+chipH, col)
			c.rect(px, y, px+2, y+chipH, colWhite)
			tx += 2
		}
		l := letter(q.p) + sep + fmt.Sprint(q.n)
		c.text(tx, midBaseline(f, y, chipH), l, f, colWhite)
		px = tx + textWidth(f, l) + 5
	}
	return x + total
}

type flagPart struct {
	p storm.Power
	n int
}

func flagParts(p storm.Power, n int, partner storm.Power, pn int) []flagPart {
	var parts []flagPart
	if n > 0 {
		parts = append(parts, flagPart{p, n})
	}
	if pn > 0 {
		parts = append(parts, flagPart{partner, pn})
	}
	return parts
}

// flagForms are the forms of a flags chip, widest first.
var flagForms = []struct {
	sep  string
	flag bool
}{{" ", true}, {"", true}, {"", false}}

// flagW is the width of the flag and the space after it.
const flagW = 15

func flagsWidth(c *canvas, parts []flagPart, form int) int {
	f := c.face(true, sizeSmall)
	t := 0
	for i, q := range parts {
		t += textWidth(f, letter(q.p)+flagForms[form].sep+fmt.Sprint(q.n)) + 2*5
		if i > 0 {
			t += 2
		}
	}
	if flagForms[form].flag {
		t += flagW
	}
	return t
}

// controlChip marks a controlled country (11.61E): a white disc with the
// controller's letter on a chip of its colour. It returns the right edge.
func controlChip(c *canvas, x, y int, p storm.Power) int {
	f := c.face(true, sizeSmall)
	col := powerColour(p)
	const w = controlW
	c.roundBox(x, y, x+w, y+chipH, 6, col)
	c.disc(float32(x)+w/2, float32(y)+chipH/2, 12, colWhite)
	c.textMid(x+w/2, midBaseline(f, y, chipH), letter(p), f, col)
	return x + w
}

const controlW = chipH + 4

// pactChip draws a trade pact marker: an outlined chip "T" and the
// holder's letter in its colour.
func pactChip(c *canvas, x, y int, p storm.Power) int {
	f := c.face(true, sizeSmall)
	col := powerColour(p)
	const d = 11 // the radius of the letter's disc
	w := pactWidth(c)
	c.roundBox(x, y, x+w, y+chipH, chipH/2, col)
	c.roundBox(x+3, y+3, x+w-3, y+chipH-3, chipH/2-3, colWhite)
	b := midBaseline(f, y, chipH)
	c.text(x+7, b, "T", f, col)
	cx := float32(x+w) - 4 - d
	c.disc(cx, float32(y)+float32(chipH)/2, d, col)
	c.textMid(int(cx+0.5), b, letter(p), f, colWhite)
	return x + w
}

func pactWidth(c *canvas) int { return 7 + textWidth(c.face(true, sizeSmall), "T") + 3 + 2*11 + 4 }

func civilWarWidth(c *canvas, n int) int {
	return textWidth(c.face(true, sizeSmall), fmt.Sprintf("CW %d", n)) + 10
}

// civilWarChip draws the civil war events of a country (25.31).
func civilWarChip(c *canvas, x, y, n int) int {
	f := c.face(true, sizeSmall)
	label := fmt.Sprintf("CW %d", n)
	w := civilWarWidth(c, n)
	c.roundBox(x, y, x+w, y+chipH, 6, rgb(0x8a, 0x6d, 0x1c))
	c.roundBox(x+2, y+2, x+w-2, y+chipH-2, 5, colCivilWar)
	c.text(x+5, midBaseline(f, y, chipH), label, f, colInk)
	return x + w
}

// drawPowerKey fills the empty cells (1,3)-(1,4), where Italy and France
// would be, with the powers' colours and letters.
func drawPowerKey(c *canvas, top int) {
	x0, y0, _, _ := cellRect(top, legendCol, legendRow)
	_, _, _, y1 := cellRect(top, legendCol, legendRow+1)
	f := c.face(false, sizeSmall)
	n := len(storm.Powers)
	rowH := (y1 - y0 - 16) / n
	for i, p := range storm.Powers {
		y := y0 + 8 + i*rowH
		const s = 30
		letterChip(c, x0+6, y+(rowH-s)/2, s, p)
		c.text(x0+6+s+6, midBaseline(f, y, rowH), p.Title(), f, colInk)
	}
}

// drawMarkerKey explains the markers of the boxes under the map; it
// returns the y below.
func drawMarkerKey(c *canvas, y int) int {
	f := c.face(false, sizeSmall)
	items := []struct {
		w    int
		draw func(x, y int)
		text string
	}{
		{flagsWidth(c, flagParts(storm.Germany, 2, storm.Italy, 1), 0), func(x, y int) {
			flagsChip(c, x, y, Width, storm.Germany, 2, storm.Italy, 1)
		}, "flags, partner's flags"},
		{pactWidth(c), func(x, y int) { pactChip(c, x, y, storm.France) }, "trade pact"},
		{civilWarWidth(c, 1), func(x, y int) { civilWarChip(c, x, y, 1) }, "civil war"},
		{controlW, func(x, y int) { controlChip(c, x, y, storm.Germany) }, "controlled"},
		{40, func(x, y int) {
			c.line(float32(x), float32(y+chipH/2), float32(x+40), float32(y+chipH/2), 4, colBorderLine)
		}, "border 28.42"},
	}
	x := margin
	for _, it := range items {
		w := it.w + 6 + textWidth(f, it.text)
		if x > margin && x+w > Width-margin {
			x = margin
			y += chipH + 8
		}
		it.draw(x, y)
		c.text(x+it.w+6, midBaseline(f, y, chipH), it.text, f, colInk)
		x += w + 22
	}
	return y + chipH + 4
}

// sectionTitle draws a section's title, a note after it, and a rule; it
// returns the y below.
func sectionTitle(c *canvas, y int, title, note string) int {
	h := c.face(true, sizeHead)
	y += 14
	w := c.text(margin, y+28, title, h, colInk)
	if note != "" {
		f := c.face(false, sizeSmall)
		c.text(margin+w+12, y+28, fit(f, note, Width-2*margin-w-12), f, colMuted)
	}
	c.rect(margin, y+38, Width-margin, y+40, colRule)
	return y + 48
}

// trackX0 is the left edge of the cell of value v on a -5..+5 track.
func trackX0(v int) int { return trackX + (v+5)*trackCell }

// track draws one row of cells lo..hi (within -5..+5) with the cell of
// value marked; a value beyond the ends marks the end cell and says so.
func drawTrack(c *canvas, y int, label string, lo, hi, value int, markCol color.RGBA) {
	f := c.face(false, sizeSmall)
	lf := c.face(true, sizeText)
	nf := c.face(true, sizeNum)
	c.text(margin, midBaseline(lf, y, trackH), label, lf, colInk)
	at := min(max(value, lo), hi)
	for n := lo; n <= hi; n++ {
		x0 := trackX0(n)
		x1 := x0 + trackCell - 4
		if n == at {
			c.roundBox(x0-2, y-2, x1+2, y+trackH+2, 8, markCol)
			c.textMid((x0+x1)/2, midBaseline(nf, y, trackH), signed(value), nf, colWhite)
			continue
		}
		c.roundBox(x0, y, x1, y+trackH, 7, colCell)
		if n == 0 {
			c.roundFrame(x0, y, x1, y+trackH, 7, 2, colRule)
		}
		c.textMid((x0+x1)/2, midBaseline(f, y, trackH), signed(n), f, colMuted)
	}
}

func drawTracks(c *canvas, pv adjudicator.PublicView, y int) int {
	y = sectionTitle(c, y, "Tracks", "EAI 23, economic climate 11.3")
	y += 4
	drawTrack(c, y, "EAI", -5, 5, pv.EAI, colInk)
	y += trackH + rowGap
	drawTrack(c, y, "Climate", -3, 3, pv.EconomicClimate, colInk)
	y += trackH + rowGap

	// The balance of power (20.5): + for the Axis, - for the Allies,
	// with the counters of each side.
	y = sectionTitle(c, y, "Balance of power", "20.5; counters of each side")
	f := c.face(false, sizeSmall)
	nf := c.face(true, sizeNum)
	const axisX, alliesX = Width - margin - 88, Width - margin - 30 // centres
	b := midBaseline(f, y, 32)
	c.text(trackX0(-4), b, "← Allies", f, colMuted)
	c.textRight(trackX0(4)-4, b, "Axis →", f, colMuted)
	c.textMid(trackX0(0)+trackCell/2-2, b, "even", f, colMuted)
	c.textMid(axisX, b, "Axis", f, colMuted)
	c.textMid(alliesX, b, "Allies", f, colMuted)
	// A rule between the levels and the counters.
	sep := (trackX0(5) + axisX - textWidth(f, "Axis")/2) / 2
	c.rect(sep-1, y+4, sep+1, y+36+4*(trackH+rowGap)-rowGap, colRule)
	y += 36
	rows := pv.Balance.Rows
	for i := 0; i < 4; i++ {
		var r adjudicator.BalanceRow
		if i < len(rows) {
			r = rows[i]
		} else if i < len(storm.BalanceCategories) {
			r.Category = storm.BalanceCategories[i]
		}
		lo, hi := -3, 3
		if r.Category == storm.NavalBalance {
			lo, hi = -4, 4 // with the battleship race (19.92)
		}
		drawTrack(c, y, title(string(r.Category)), lo, hi, r.Level, colInk)
		tb := midBaseline(nf, y, trackH)
		c.textMid(axisX, tb, fmt.Sprint(r.Axis), nf, colInk)
		c.textMid(alliesX, tb, fmt.Sprint(r.Allies), nf, colInk)
		y += trackH + rowGap
	}
	race := "Battleship race (19.9): nobody leads"
	switch {
	case pv.Balance.Race > 0:
		race = fmt.Sprintf("Battleship race (19.9): the Axis lead, %s naval", signed(pv.Balance.Race))
	case pv.Balance.Race < 0:
		race = fmt.Sprintf("Battleship race (19.9): the Allies lead, %s naval", signed(pv.Balance.Race))
	}
	t := c.face(false, sizeText)
	c.text(margin, y+24, fit(t, race, Width-2*margin), t, colInk)
	return y + 34
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Columns of the table of powers.
const (
	colName       = margin + 40
	colSupportNum = 206 // right edge of the support figure
	supportZero   = 302 // the bar's 0
	supportUnit   = 11  // pixels per support level on the bar
	supportMax    = 6
	colTiles      = 436 // centre
	factoryX      = 486 // the factories' three columns start
	factoryColW   = 72
	factorySquare = 20
)

func drawPowers(c *canvas, pv adjudicator.PublicView, y int) int {
	y = sectionTitle(c, y, "Powers", "support 10.3, tile points, factories 11.21")
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	nf := c.face(true, sizeNum)
	// Two lines of headings: the columns, then the kinds of factory.
	hb := midBaseline(f, y, 30)
	c.textMid((colSupportNum-40+supportZero+supportMax*supportUnit+14)/2, hb, "Support", f, colMuted)
	c.textMid(colTiles, hb, "Tile pts", f, colMuted)
	c.textMid(factoryX+3*factoryColW/2, hb, "Factories", f, colMuted)
	y += 30
	hb = midBaseline(f, y, 30)
	for i, k := range []storm.FactoryKind{storm.Civilian, storm.Military, storm.Idle} {
		x0 := factoryX + i*factoryColW
		w := factorySquare + 5 + textWidth(f, factoryWord[k])
		x := x0 + (factoryColW-w)/2
		factory(c, x, y+(30-factorySquare)/2, k, colInk)
		c.text(x+factorySquare+5, hb, factoryWord[k], f, colMuted)
	}
	y += 34
	const rowH = 48
	for i, p := range pv.Powers {
		ry := y + i*rowH
		if i%2 == 0 {
			c.rect(margin, ry, Width-margin, ry+rowH, rgb(0xf1, 0xf0, 0xea))
		}
		const s = 32
		letterChip(c, margin+4, ry+(rowH-s)/2, s, p.Power)
		b := midBaseline(t, ry, rowH)
		c.text(colName, b, p.Power.Title(), t, colInk)
		// Support: a number and a bar clamped to -6..+6.
		nb := midBaseline(nf, ry, rowH)
		c.textRight(colSupportNum, nb, signed(p.Support), nf, colInk)
		by := ry + rowH/2 - 9
		x0, x1 := supportZero-supportUnit*supportMax, supportZero+supportUnit*supportMax
		c.rect(x0, by+8, x1, by+10, colRule)
		for k := -supportMax; k <= supportMax; k += 2 {
			c.rect(supportZero+k*supportUnit-1, by+3, supportZero+k*supportUnit+1, by+15, colRule)
		}
		v := min(max(p.Support, -supportMax), supportMax)
		col := powerColour(p.Power)
		if v > 0 {
			c.roundBox(supportZero, by, supportZero+v*supportUnit, by+18, 3, col)
		} else if v < 0 {
			c.roundBox(supportZero+v*supportUnit, by, supportZero, by+18, 3, col)
		}
		if p.Support > supportMax {
			ex := float32(supportZero + v*supportUnit)
			c.triangle(ex+1, float32(by-3), ex+13, float32(by+9), ex+1, float32(by+21), col)
		} else if p.Support < -supportMax {
			ex := float32(supportZero + v*supportUnit)
			c.triangle(ex-1, float32(by-3), ex-13, float32(by+9), ex-1, float32(by+21), col)
		}
		c.rect(supportZero-1, by-4, supportZero+1, by+22, colInk)
		c.textMid(colTiles, nb, fmt.Sprint(p.TilePoints), nf, colInk)
		// Factories (11.21): civilian, military, idle.
		for i, k := range []storm.FactoryKind{storm.Civilian, storm.Military, storm.Idle} {
			c.textMid(factoryX+i*factoryColW+factoryColW/2, nb, fmt.Sprint(p.Factories.Count(k)), nf, colInk)
		}
	}
	return y + max(len(pv.Powers), len(storm.Powers))*rowH
}

var factoryWord = map[storm.FactoryKind]string{storm.Civilian: "civ", storm.Military: "mil", storm.Idle: "idle"}

// factory draws the symbol of a kind of factory: civilian an empty
// square, military a full one, idle a grey one crossed out.
func factory(c *canvas, x, y int, k storm.FactoryKind, col color.RGBA) {
	s := factorySquare
	switch k {
	case storm.Civilian:
		c.rect(x, y, x+s, y+s, col)
		c.rect(x+3, y+3, x+s-3, y+s-3, colWhite)
	case storm.Military:
		c.rect(x, y, x+s, y+s, col)
	default:
		c.rect(x, y, x+s, y+s, rgb(0x9a, 0x98, 0x92))
		c.rect(x+3, y+3, x+s-3, y+s-3, rgb(0xde, 0xdc, 0xd6))
		c.line(float32(x+3), float32(y+s-3), float32(x+s-3), float32(y+3), 2.5, rgb(0x7a, 0x78, 0x72))
	}
}

// Purge events track (22.71): 0..purgeMax with the cohesion zones.
const purgeMax = 36

var cohesionZones = []struct {
	From int
	Name string
	Col  color.RGBA
}{
	{0, "low", rgb(0xf3, 0xe6, 0xea)},
	{10, "medium", rgb(0xe2, 0xc4, 0xd2)},
	{20, "high", rgb(0xc9, 0x97, 0xb0)},
	{30, "full", rgb(0xa8, 0x60, 0x86)},
}

func drawRussia(c *canvas, pv adjudicator.PublicView, y int) int {
	ru := pv.Russia
	y = sectionTitle(c, y, "Russia", "cohesion 22.7, garrison 21")
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	nf := c.face(true, sizeNum)
	coh := string(ru.Cohesion)
	if coh == "" {
		coh = "low"
	}
	b := y + 30
	x := margin
	x += c.text(x, b, "Cohesion ", t, colInk)
	x += c.text(x, b, coh, nf, colInk)
	x += c.text(x, b, " · purge events ", t, colInk)
	c.text(x, b, fmt.Sprint(ru.PurgeEvents), nf, colInk)
	y += 40
	// The purge events track, its marker above.
	x0, x1 := margin+2, Width-margin-2
	unit := float64(x1-x0) / purgeMax
	at := func(n int) int { return x0 + int(float64(n)*unit+0.5) }
	const barH = 36
	ty := y + 22
	for i, z := range cohesionZones {
		end := purgeMax
		if i+1 < len(cohesionZones) {
			end = cohesionZones[i+1].From
		}
		c.rect(at(z.From), ty, at(end), ty+barH, z.Col)
		fc := colInk
		if i == len(cohesionZones)-1 {
			fc = colWhite
		}
		c.text(at(z.From)+8, midBaseline(f, ty, barH), z.Name, f, fc)
		if z.From > 0 {
			c.rect(at(z.From)-1, ty-4, at(z.From)+1, ty+barH, colInk)
			c.textMid(at(z.From), ty+barH+24, fmt.Sprint(z.From), f, colMuted)
		}
	}
	c.textMid(at(0)+6, ty+barH+24, "0", f, colMuted)
	n := min(max(ru.PurgeEvents, 0), purgeMax)
	mx := float32(at(n))
	c.triangle(mx-11, float32(ty-20), mx+11, float32(ty-20), mx, float32(ty-1), powerColour(storm.Russia))
	c.rect(int(mx)-2, ty, int(mx)+2, ty+barH, powerColour(storm.Russia))
	y = ty + barH + 34
	// The last garrison check (21.23): the garrison against the
	// requirement, in the same space when there was none yet.
	g := ru.Garrison
	checked := g != nil && g.Turn != nil
	if checked {
		head := fmt.Sprintf("Garrison check %s", g.Turn.String())
		if g.When != "" {
			head += " (" + g.When + ")"
		}
		word := "surplus"
		if g.Surplus < 0 {
			word = "deficit"
		}
		x = margin
		x += c.text(x, y+26, fit(t, head+": ", Width-2*margin-200), t, colInk)
		x += c.text(x, y+26, word+" ", t, colInk)
		c.text(x, y+26, signed(g.Surplus), nf, colInk)
	} else {
		c.text(margin, y+26, "Garrison: no check yet (21.23)", t, colMuted)
		g = &storm.GarrisonCheck{}
	}
	by := y + 40
	const barX = margin + 104
	scale := 24
	if m := max(g.Garrison, g.Required); m*scale > Width-margin-barX-60 {
		scale = max((Width-margin-barX-60)/max(m, 1), 1)
	}
	for i, r := range []struct {
		name string
		n    int
		col  color.RGBA
	}{{"garrison", g.Garrison, powerColour(storm.Russia)}, {"required", g.Required, colMuted}} {
		ry := by + i*38
		b := midBaseline(f, ry, 34)
		c.text(margin, b, r.name, f, colMuted)
		if !checked {
			c.text(barX, b, "–", f, colMuted)
			continue
		}
		if r.n > 0 {
			c.rect(barX, ry+6, barX+r.n*scale, ry+28, r.col)
		}
		c.text(barX+max(r.n, 0)*scale+10, midBaseline(nf, ry, 34), fmt.Sprint(r.n), nf, colInk)
	}
	return by + 2*38
}
