package picture

import (
	"fmt"
	"image/color"
	"strings"

	"stormjudge/adjudicator"
)

// Geometry of the public part, in pixels of the PNG.
const (
	headerH   = 128
	cellW     = (Width - 2*margin) / mapCols
	cellH     = 156
	boxInset  = 10
	bandH     = 44
	chipH     = 38
	trackX    = 264 // where the tracks' cells start
	trackCell = 80  // width of one cell of a -5..+5 track
	trackH    = 50
	rowGap    = 12
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
// height.
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
	c.text(margin, 58, turn, title, colInk)
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
	if status != "" {
		c.textRight(Width-margin, 58, status, bold, colInk)
	}
	c.text(margin, 104, fit(text, seg, 820), text, colInk)
	if len(pv.Required) > 0 && !pv.Ended {
		// The powers that must order now, as letter chips.
		x := Width - margin
		for i := len(pv.Required) - 1; i >= 0; i-- {
			x -= chipH
			letterChip(c, x, 104-29, chipH, pv.Required[i])
			x -= 6
		}
		c.textRight(x-6, 104, "To order:", text, colMuted)
	}
	c.rect(margin, headerH-4, Width-margin, headerH-2, colRule)
	return headerH
}

// letterChip draws a square of the power's colour with its letter.
func letterChip(c *canvas, x, y, s int, p adjudicator.Power) {
	c.roundBox(x, y, x+s, y+s, 7, powerColour(p))
	f := c.face(true, sizeSmall)
	c.textMid(x+s/2, midBaseline(f, y, s), letter(p), f, colWhite)
}

// cellRect is the pixel rectangle of a map cell.
func cellRect(top, col, row int) (x0, y0, x1, y1 int) {
	x0 = margin + col*cellW
	y0 = top + row*cellH
	return x0, y0, x0 + cellW, y0 + cellH
}

func boxCentre(top int, p place) (float32, float32) {
	x0, y0, x1, y1 := cellRect(top, p.Col, p.Row)
	return float32(x0+x1) / 2, float32(y0+y1) / 2
}

func drawMap(c *canvas, pv adjudicator.PublicView, top int) int {
	top += 8
	head := c.face(true, sizeText)
	// The regions of 4.16.
	for _, r := range regionBoxes {
		x0, y0, _, _ := cellRect(top, r.Col0, r.Row0)
		_, _, x1, y1 := cellRect(top, r.Col1, r.Row1)
		c.roundBox(x0+3, y0+3, x1-3, y1-3, 18, regionColours[r.Region])
		lx0, ly0, lx1, ly1 := cellRect(top, r.LabelCol, r.LabelRow)
		lh := 36
		by := (ly0+ly1)/2 - lh*len(r.Label)/2
		for i, l := range r.Label {
			c.textMid((lx0+lx1)/2, midBaseline(head, by+i*lh, lh), l, head, colMuted)
		}
	}
	// The corner cell names the map.
	{
		x0, y0, x1, y1 := cellRect(top, 0, 0)
		f := c.face(true, sizeText)
		s := c.face(false, sizeSmall)
		c.textMid((x0+x1)/2, (y0+y1)/2-6, "Diplomatic", f, colInk)
		c.textMid((x0+x1)/2, (y0+y1)/2+30, "targets 24.21", s, colMuted)
	}
	// The borders of 28.42, under the boxes.
	for _, e := range borderEdges(pv.Targets) {
		a, _ := placeOf(e.A)
		b, _ := placeOf(e.B)
		ax, ay := boxCentre(top, a)
		bx, by := boxCentre(top, b)
		c.line(ax, ay, bx, by, 4, colBorderLine)
	}
	for _, t := range pv.Targets {
		p, _ := placeOf(t.Name)
		drawTarget(c, top, p, t)
	}
	drawPowerKey(c, top)
	bottom := top + mapRows*cellH
	return drawMarkerKey(c, bottom+6)
}

// drawTarget draws one country's box.
func drawTarget(c *canvas, top int, p place, t adjudicator.TargetView) {
	cx0, cy0, cx1, cy1 := cellRect(top, p.Col, p.Row)
	x0, y0, x1, y1 := cx0+boxInset, cy0+boxInset, cx1-boxInset, cy1-boxInset
	name := c.face(true, sizeName)
	small := c.face(false, sizeSmall)
	if t.Controller != 0 {
		// A controlled country (11.61E): its title band in the
		// controller's colour, with its letter.
		col := powerColour(t.Controller)
		c.roundBox(x0, y0, x1, y1, 12, col)
		c.roundBox(x0+4, y0+bandH, x1-4, y1-4, 9, colWhite)
		c.rect(x0+4, y0+bandH, x1-4, y0+bandH+12, colWhite)
		r := float32(15)
		dx, dy := float32(x0+8)+r, float32(y0+bandH/2)+1
		c.disc(dx, dy, r, colWhite)
		lf := c.face(true, sizeSmall)
		c.textMid(int(dx), midBaseline(lf, y0, bandH)+1, letter(t.Controller), lf, col)
		nx0 := x0 + 8 + int(2*r)
		n := fit(name, p.Short, x1-nx0-8)
		c.textMid((nx0+x1)/2, midBaseline(name, y0, bandH)+1, n, name, colWhite)
	} else {
		c.roundBox(x0, y0, x1, y1, 12, colBoxFrame)
		c.roundBox(x0+2, y0+2, x1-2, y1-2, 10, colWhite)
		c.textMid((x0+x1)/2, midBaseline(name, y0, bandH)+2, fit(name, p.Short, x1-x0-12), name, colInk)
		c.rect(x0+10, y0+bandH, x1-10, y0+bandH+2, colCell)
	}
	// Flags (24.18), the partner's flags (11.61A-B).
	fy := y0 + bandH + 6
	x := x0 + 8
	switch {
	case t.Name == adjudicator.RussiaTarget:
		c.textMid((x0+x1)/2, midBaseline(small, fy, chipH), "major power", small, colMuted)
	case t.Flags > 0 || t.PartnerFlags > 0:
		if t.Flags > 0 {
			x = flagChip(c, x, fy, t.FlagPower, t.Flags) + 8
		}
		if t.PartnerFlags > 0 {
			flagChip(c, x, fy, partnerOf(t.FlagPower), t.PartnerFlags)
		}
	default:
		c.text(x+4, midBaseline(small, fy, chipH), "no flags", small, colMuted)
	}
	// Trade pact (11.61) and civil war events (25.31).
	my := fy + chipH + 4
	x = x0 + 8
	if t.TradePact != 0 {
		x = pactChip(c, x, my, t.TradePact) + 8
	}
	if t.CivilWarEvents > 0 {
		civilWarChip(c, x, my, t.CivilWarEvents)
	}
}

// partnerOf is the alliance partner whose flags PartnerFlags counts
// (11.61A-B).
func partnerOf(p adjudicator.Power) adjudicator.Power {
	switch p {
	case adjudicator.Germany:
		return adjudicator.Italy
	case adjudicator.Italy:
		return adjudicator.Germany
	case adjudicator.Britain:
		return adjudicator.France
	case adjudicator.France:
		return adjudicator.Britain
	}
	return 0
}

// flagChip draws a flag marker: a chip of the power's colour with a small
// white flag, the power's letter and the number of flags. It returns the
// right edge.
func flagChip(c *canvas, x, y int, p adjudicator.Power, n int) int {
	f := c.face(true, sizeSmall)
	label := fmt.Sprintf("%s %d", letter(p), n)
	w := 10 + 18 + 8 + textWidth(f, label) + 10
	c.roundBox(x, y, x+w, y+chipH, 8, powerColour(p))
	// The flag: a pole and a pennant.
	px := x + 10
	c.rect(px, y+7, px+3, y+chipH-7, colWhite)
	c.rect(px+3, y+8, px+18, y+19, colWhite)
	c.text(x+36, midBaseline(f, y, chipH), label, f, colWhite)
	return x + w
}

// pactChip draws a trade pact marker: an outlined chip "T" and the
// holder's letter in its colour.
func pactChip(c *canvas, x, y int, p adjudicator.Power) int {
	f := c.face(true, sizeSmall)
	col := powerColour(p)
	tw := textWidth(f, "T")
	d := float32(chipH-10) / 2 // the radius of the letter's disc
	w := 11 + tw + 6 + int(2*d) + 5
	c.roundBox(x, y, x+w, y+chipH, chipH/2, col)
	c.roundBox(x+3, y+3, x+w-3, y+chipH-3, chipH/2-3, colWhite)
	b := midBaseline(f, y, chipH)
	c.text(x+11, b, "T", f, col)
	cx := float32(x+w) - 5 - d
	c.disc(cx, float32(y)+float32(chipH)/2, d, col)
	c.textMid(int(cx), b, letter(p), c.face(true, sizeSmall-4), colWhite)
	return x + w
}

// civilWarChip draws the civil war events of a country (25.31).
func civilWarChip(c *canvas, x, y, n int) int {
	f := c.face(true, sizeSmall)
	label := fmt.Sprintf("CW %d", n)
	w := textWidth(f, label) + 18
	c.roundBox(x, y, x+w, y+chipH, 6, rgb(0x8a, 0x6d, 0x1c))
	c.roundBox(x+2, y+2, x+w-2, y+chipH-2, 5, colCivilWar)
	c.text(x+9, midBaseline(f, y, chipH), label, f, colInk)
	return x + w
}

// drawPowerKey fills the empty cells (0,4)-(1,4) with the powers'
// colours and letters.
func drawPowerKey(c *canvas, top int) {
	x0, y0, _, y1 := cellRect(top, legendCol, legendRow)
	f := c.face(false, sizeSmall)
	rowH := (y1 - y0 - 2*boxInset) / 3
	for i, p := range adjudicator.Powers {
		col, row := i/3, i%3
		x := x0 + boxInset + col*(cellW+8)
		y := y0 + boxInset + row*rowH
		s := rowH - 8
		letterChip(c, x, y+4, s, p)
		c.text(x+s+10, midBaseline(f, y+4, s), p.Title(), f, colInk)
	}
}

// drawMarkerKey explains the markers of the boxes, in one line under the
// map.
func drawMarkerKey(c *canvas, y int) int {
	f := c.face(false, sizeSmall)
	b := midBaseline(f, y, chipH)
	x := margin + boxInset
	x = flagChip(c, x, y, adjudicator.Germany, 2) + 8
	x += c.text(x, b, "flags", f, colInk) + 28
	x = pactChip(c, x, y, adjudicator.France) + 8
	x += c.text(x, b, "trade pact", f, colInk) + 28
	x = civilWarChip(c, x, y, 1) + 8
	x += c.text(x, b, "civil war", f, colInk) + 28
	// A controlled country's title band.
	w := 44
	col := powerColour(adjudicator.Germany)
	c.roundBox(x, y, x+w, y+chipH, 8, col)
	c.disc(float32(x+w/2), float32(y+chipH/2), 13, colWhite)
	lf := c.face(true, sizeSmall-4)
	c.textMid(x+w/2, midBaseline(lf, y, chipH), "G", lf, col)
	x += w + 8
	x += c.text(x, b, "controlled", f, colInk) + 28
	c.line(float32(x), float32(y+chipH/2), float32(x+44), float32(y+chipH/2), 4, colBorderLine)
	x += 52
	c.text(x, b, "border 28.42", f, colInk)
	return y + chipH + 14
}

// sectionTitle draws a section's title and rule; it returns the y below.
func sectionTitle(c *canvas, y int, title, note string) int {
	h := c.face(true, sizeHead)
	y += 18
	w := c.text(margin, y+36, title, h, colInk)
	if note != "" {
		c.text(margin+w+16, y+36, note, c.face(false, sizeSmall), colMuted)
	}
	c.rect(margin, y+50, Width-margin, y+52, colRule)
	return y + 64
}

// trackX0 is the left edge of the cell of value v on a -5..+5 track.
func trackX0(v int) int { return trackX + (v+5)*trackCell }

// track draws one row of cells lo..hi (within -5..+5) with the cell of
// value marked; a value beyond the ends marks the end cell and says so.
func track(c *canvas, y int, label string, lo, hi, value int, markCol color.RGBA) {
	f := c.face(false, sizeSmall)
	bf := c.face(true, sizeText)
	c.text(margin, midBaseline(bf, y, trackH), label, bf, colInk)
	at := min(max(value, lo), hi)
	for n := lo; n <= hi; n++ {
		x0 := trackX0(n)
		x1 := x0 + trackCell - 4
		if n == at {
			c.roundBox(x0, y, x1, y+trackH, 8, markCol)
			s := signed(value)
			c.textMid((x0+x1)/2, midBaseline(bf, y, trackH), s, bf, colWhite)
			continue
		}
		bg := colCell
		c.roundBox(x0, y, x1, y+trackH, 8, bg)
		if n == 0 {
			c.roundFrame(x0, y, x1, y+trackH, 8, 2, colRule)
		}
		c.textMid((x0+x1)/2, midBaseline(f, y, trackH), signed(n), f, colMuted)
	}
}

func drawTracks(c *canvas, pv adjudicator.PublicView, y int) int {
	y = sectionTitle(c, y, "Tracks", "")
	track(c, y, "EAI", -5, 5, pv.EAI, colInk)
	c.text(trackX0(5)+trackCell+12, midBaseline(c.face(false, sizeSmall), y, trackH), "rule 23", c.face(false, sizeSmall), colMuted)
	y += trackH + rowGap
	track(c, y, "Climate", -3, 3, pv.EconomicClimate, colInk)
	c.text(trackX0(5)+trackCell+12, midBaseline(c.face(false, sizeSmall), y, trackH), "economic 11.3", c.face(false, sizeSmall), colMuted)
	y += trackH + rowGap

	// The balance of power (20.5): + for the Axis, - for the Allies.
	y = sectionTitle(c, y, "Balance of power", "20.5")
	f := c.face(false, sizeSmall)
	bf := c.face(true, sizeSmall)
	b := midBaseline(f, y, 32)
	c.text(trackX0(-4), b, "← Allies", f, colMuted)
	c.textRight(trackX0(5)-4, b, "Axis →", f, colMuted)
	c.textMid(trackX0(0)+trackCell/2-2, b, "even", f, colMuted)
	c.text(trackX0(5)+trackCell+12, b, "counters", f, colMuted)
	y += 40
	rows := pv.Balance.Rows
	for i := 0; i < 4; i++ {
		var r adjudicator.BalanceRow
		if i < len(rows) {
			r = rows[i]
		} else if i < len(adjudicator.Categories) {
			r.Category = adjudicator.Categories[i]
		}
		lo, hi := -3, 3
		if r.Category == adjudicator.NavalBalance {
			lo, hi = -4, 4 // with the battleship race (19.92)
		}
		track(c, y, title(string(r.Category)), lo, hi, r.Level, colInk)
		tb := midBaseline(f, y, trackH)
		x := trackX0(5) + trackCell + 12
		x += c.text(x, tb, "Axis ", f, colMuted)
		x += c.text(x, tb, fmt.Sprint(r.Axis), bf, colInk)
		x += c.text(x, tb, " Allies ", f, colMuted)
		c.text(x, tb, fmt.Sprint(r.Allies), bf, colInk)
		y += trackH + rowGap
	}
	race := "Battleship race (19.9): nobody leads"
	switch {
	case pv.Balance.Race > 0:
		race = fmt.Sprintf("Battleship race (19.9): the Axis lead, %s naval", signed(pv.Balance.Race))
	case pv.Balance.Race < 0:
		race = fmt.Sprintf("Battleship race (19.9): the Allies lead, %s naval", signed(pv.Balance.Race))
	}
	c.text(margin, y+30, race, c.face(false, sizeText), colInk)
	return y + 42
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Columns of the table of powers.
const (
	colSupportNum = 404
	colSupportBar = 424
	supportUnit   = 24 // pixels per support level on the bar
	supportMax    = 6
	colTiles      = 790
	colFactories  = 880
	factorySquare = 26
)

func drawPowers(c *canvas, pv adjudicator.PublicView, y int) int {
	y = sectionTitle(c, y, "Powers", "")
	f := c.face(false, sizeSmall)
	bf := c.face(true, sizeText)
	hb := midBaseline(f, y, 34)
	c.text(margin, hb, "Power", f, colMuted)
	c.textMid(colSupportBar+supportUnit*supportMax-24, hb, "Support 10.3", f, colMuted)
	c.textMid(colTiles, hb, "Tile pts", f, colMuted)
	x := colFactories
	x += c.text(x, hb, "Factories", f, colMuted) + 14
	for _, k := range []adjudicator.FactoryKind{adjudicator.Civilian, adjudicator.Military, adjudicator.Idle} {
		factory(c, x, y+4, k, colInk)
		x += factorySquare + 6
		x += c.text(x, hb, factoryWord[k], f, colMuted) + 14
	}
	y += 44
	const rowH = 56
	for i, p := range pv.Powers {
		ry := y + i*rowH
		if i%2 == 0 {
			c.rect(margin, ry, Width-margin, ry+rowH, rgb(0xf1, 0xf0, 0xea))
		}
		s := rowH - 14
		letterChip(c, margin+6, ry+7, s, p.Power)
		b := midBaseline(bf, ry, rowH)
		c.text(margin+6+s+12, b, p.Power.Title(), c.face(false, sizeText), colInk)
		// Support: a number and a bar clamped to -6..+6.
		c.textRight(colSupportNum, b, signed(p.Support), bf, colInk)
		zero := colSupportBar + supportUnit*supportMax
		by := ry + rowH/2 - 10
		c.rect(colSupportBar, by+9, colSupportBar+2*supportUnit*supportMax, by+11, colRule)
		for k := -supportMax; k <= supportMax; k += 2 {
			c.rect(zero+k*supportUnit-1, by+4, zero+k*supportUnit+1, by+16, colRule)
		}
		v := min(max(p.Support, -supportMax), supportMax)
		col := powerColour(p.Power)
		if v > 0 {
			c.roundBox(zero, by, zero+v*supportUnit, by+20, 4, col)
		} else if v < 0 {
			c.roundBox(zero+v*supportUnit, by, zero, by+20, 4, col)
		}
		if p.Support > supportMax {
			ex := float32(zero + v*supportUnit)
			c.triangle(ex+2, float32(by-2), ex+16, float32(by+10), ex+2, float32(by+22), col)
		} else if p.Support < -supportMax {
			ex := float32(zero + v*supportUnit)
			c.triangle(ex-2, float32(by-2), ex-16, float32(by+10), ex-2, float32(by+22), col)
		}
		c.rect(zero-1, by-4, zero+1, by+24, colInk)
		c.textMid(colTiles, b, fmt.Sprint(p.TilePoints), bf, colInk)
		// Factories (11.21): one square each.
		fx := colFactories
		sq := factorySquare
		total := p.Factories.Total()
		step := sq + 4
		if total > 0 && total*step > 440 {
			step = 440 / total
			sq = max(step-3, 6)
		}
		for _, k := range []adjudicator.FactoryKind{adjudicator.Civilian, adjudicator.Military, adjudicator.Idle} {
			for n := 0; n < p.Factories.Count(k); n++ {
				factoryN(c, fx, ry+(rowH-sq)/2, sq, k, colInk)
				fx += step
			}
		}
		c.textRight(Width-margin-8, b, fmt.Sprintf("%d·%d·%d", p.Factories.Civilian, p.Factories.Military, p.Factories.Idle), c.face(false, sizeText), colInk)
	}
	return y + max(len(pv.Powers), len(adjudicator.Powers))*rowH
}

var factoryWord = map[adjudicator.FactoryKind]string{adjudicator.Civilian: "civ", adjudicator.Military: "mil", adjudicator.Idle: "idle"}

func factory(c *canvas, x, y int, k adjudicator.FactoryKind, col color.RGBA) {
	factoryN(c, x, y, factorySquare, k, col)
}

// factoryN draws one factory of kind k: civilian an empty square, military
// a full one, idle a grey one crossed out.
func factoryN(c *canvas, x, y, s int, k adjudicator.FactoryKind, col color.RGBA) {
	switch k {
	case adjudicator.Civilian:
		c.rect(x, y, x+s, y+s, col)
		c.rect(x+3, y+3, x+s-3, y+s-3, colWhite)
	case adjudicator.Military:
		c.rect(x, y, x+s, y+s, col)
	default:
		c.rect(x, y, x+s, y+s, rgb(0x9a, 0x98, 0x92))
		c.rect(x+3, y+3, x+s-3, y+s-3, rgb(0xde, 0xdc, 0xd6))
		c.line(float32(x+3), float32(y+s-3), float32(x+s-3), float32(y+3), 2.5, rgb(0x7a, 0x78, 0x72))
	}
}

// Purge events track (22.71): 0..purgeMax with the cohesion zones.
const purgeMax = 36

// garrisonH is the height of the garrison block, with or without a check.
const garrisonH = 138

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
	bf := c.face(true, sizeText)
	coh := string(ru.Cohesion)
	if coh == "" {
		coh = "low"
	}
	b := y + 32
	x := margin
	x += c.text(x, b, "Cohesion ", t, colInk)
	x += c.text(x, b, coh, bf, colInk)
	x += c.text(x, b, "   purge events ", t, colInk)
	c.text(x, b, fmt.Sprint(ru.PurgeEvents), bf, colInk)
	y += 48
	// The purge events track, its marker above.
	x0, x1 := margin+8, Width-margin-8
	unit := float64(x1-x0) / purgeMax
	at := func(n int) int { return x0 + int(float64(n)*unit+0.5) }
	ty := y + 34
	for i, z := range cohesionZones {
		end := purgeMax
		if i+1 < len(cohesionZones) {
			end = cohesionZones[i+1].From
		}
		c.rect(at(z.From), ty, at(end), ty+40, z.Col)
		fc := colInk
		if i == len(cohesionZones)-1 {
			fc = colWhite
		}
		c.text(at(z.From)+10, midBaseline(f, ty, 40), z.Name, f, fc)
		if z.From > 0 {
			c.rect(at(z.From)-1, ty-6, at(z.From)+1, ty+40, colInk)
			c.textMid(at(z.From), ty+40+28, fmt.Sprint(z.From), f, colMuted)
		}
	}
	c.textMid(at(0)+8, ty+40+28, "0", f, colMuted)
	n := min(max(ru.PurgeEvents, 0), purgeMax)
	mx := float32(at(n))
	c.triangle(mx-13, float32(ty-24), mx+13, float32(ty-24), mx, float32(ty-2), powerColour(adjudicator.Russia))
	c.rect(int(mx)-2, ty, int(mx)+2, ty+40, powerColour(adjudicator.Russia))
	y = ty + 40 + 40
	// The last garrison check (21.23): the garrison against the
	// requirement, in the same space when there was none yet.
	g := ru.Garrison
	checked := g != nil && g.Turn != nil
	if checked {
		head := fmt.Sprintf("Garrison check %s", g.Turn.String())
		if g.When != "" {
			head += " (" + g.When + ")"
		}
		x = margin
		x += c.text(x, y+30, head+": ", t, colInk)
		x += c.text(x, y+30, fmt.Sprint(g.Garrison), bf, colInk)
		x += c.text(x, y+30, " vs required ", t, colInk)
		x += c.text(x, y+30, fmt.Sprint(g.Required), bf, colInk)
		word := "surplus"
		if g.Surplus < 0 {
			word = "deficit"
		}
		x += c.text(x, y+30, ", "+word+" ", t, colInk)
		c.text(x, y+30, signed(g.Surplus), bf, colInk)
	} else {
		c.text(margin, y+30, "Garrison: no check yet (21.23)", t, colMuted)
		g = &adjudicator.GarrisonCheck{}
	}
	by := y + 50
	const barX = margin + 140
	scale := 24
	if m := max(g.Garrison, g.Required); m*scale > Width-margin-barX-80 {
		scale = max((Width-margin-barX-80)/max(m, 1), 1)
	}
	for i, r := range []struct {
		name string
		n    int
		col  color.RGBA
	}{{"garrison", g.Garrison, powerColour(adjudicator.Russia)}, {"required", g.Required, colMuted}} {
		ry := by + i*40
		b := midBaseline(f, ry, 34)
		c.text(margin, b, r.name, f, colMuted)
		if !checked {
			c.text(barX, b, "–", f, colMuted)
			continue
		}
		if r.n > 0 {
			c.rect(barX, ry+5, barX+r.n*scale, ry+29, r.col)
		}
		c.text(barX+max(r.n, 0)*scale+10, b, fmt.Sprint(r.n), f, colInk)
	}
	return y + garrisonH
}
