package picture

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
)

// drawPrivate draws a power's own tracks below the public picture, from
// its private view pv only; it returns the new height.
func drawPrivate(c *canvas, v adjudicator.View, p storm.Power, pv *adjudicator.PowerView, y int) int {
	col := powerColour(p)
	const h = 52
	c.roundBox(margin, y, Width-margin, y+h, 10, col)
	f := c.face(true, sizeNum)
	c.text(margin+16, midBaseline(f, y, h), fit(f, p.Title()+" only: secret, not shown to others", Width-2*margin-32), f, colWhite)
	y += h
	y = drawCounters(c, pv, y)
	if pv.Naval != nil {
		y = drawNaval(c, v.Public.Turn.Season, pv.Naval, y)
	}
	y = drawResearch(c, pv.Research, y)
	return y + margin
}

// counterKinds are the activity counters by strength (12.21) with the
// label of their square.
var counterKinds = []struct {
	Label string
	Get   func(storm.ActivityCounters) int
}{
	{"3", func(a storm.ActivityCounters) int { return a.Three }},
	{"2", func(a storm.ActivityCounters) int { return a.Two }},
	{"1", func(a storm.ActivityCounters) int { return a.One }},
	{"0", func(a storm.ActivityCounters) int { return a.Zero }},
	{"S", func(a storm.ActivityCounters) int { return a.Ship }},
	{"R", func(a storm.ActivityCounters) int { return a.Research }},
}

func drawCounters(c *canvas, pv *adjudicator.PowerView, y int) int {
	y = sectionTitle(c, y, "Activity counters", "12.3")
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	nf := c.face(true, sizeNum)
	y += 4
	b := y + 24
	x := margin + c.text(margin, b, "Available: ", t, colInk)
	x += c.text(x, b, fmt.Sprint(pv.Available.Points()), nf, colInk)
	c.text(x, b, " points", t, colInk)
	y += 38
	const sq, gap = 48, 8
	x = margin
	any := false
	for _, k := range counterKinds {
		avail, used := k.Get(pv.Available), k.Get(pv.Used)
		total := max(k.Get(pv.Counters), avail+used)
		if total == 0 {
			continue
		}
		w := total*(sq+gap) - gap
		if x > margin && x+w > Width-margin {
			x = margin
			y += sq + gap
		}
		any = true
		for i := 0; i < total; i++ {
			if x > margin && x+sq > Width-margin {
				x = margin
				y += sq + gap
			}
			if i < avail {
				c.roundBox(x, y, x+sq, y+sq, 8, colInk)
				c.textMid(x+sq/2, midBaseline(nf, y, sq), k.Label, nf, colWhite)
			} else {
				c.roundFrame(x, y, x+sq, y+sq, 8, 3, colMuted)
				c.textMid(x+sq/2, midBaseline(nf, y, sq), k.Label, nf, colMuted)
				c.line(float32(x+6), float32(y+sq-6), float32(x+sq-6), float32(y+6), 3, colMuted)
			}
			x += sq + gap
		}
		x += 12
	}
	if !any {
		c.text(margin, midBaseline(t, y, sq), "No activity counters this turn.", t, colMuted)
	}
	y += sq + 4
	key := "Dark: available; crossed out: used. S ship, R research counter."
	for _, l := range wrap(f, key, Width-2*margin) {
		c.text(margin, y+24, l, f, colMuted)
		y += 30
	}
	return y + 4
}

func shipName(s storm.Ship) string {
	return fmt.Sprintf("#%d %s", s.No, s.Class.Short())
}

// drawNaval draws the naval construction chart (19.21): rows 5..2 by
// season column, with the rate, capacity and saved points (19.3-19.75).
// A row is as tall as its fullest cell: the ships of a cell are stacked.
func drawNaval(c *canvas, season storm.Season, n *adjudicator.NavalView, y int) int {
	y = sectionTitle(c, y, "Naval construction", "19.2")
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	nf := c.face(true, sizeNum)
	bf := c.face(true, sizeSmall)
	y += 4
	x := margin
	for i, kv := range []struct {
		k string
		v int
	}{{"rate", n.Rate}, {"capacity", n.Capacity}, {"saved", n.Saved}} {
		if i > 0 {
			x += c.text(x, y+24, " · ", t, colMuted)
		}
		x += c.text(x, y+24, kv.k+" ", t, colInk)
		x += c.text(x, y+24, fmt.Sprint(kv.v), nf, colInk)
	}
	y += 34
	if len(n.ShipCosts) > 0 {
		var parts []string
		for _, sc := range n.ShipCosts {
			parts = append(parts, fmt.Sprintf("%s %d", sc.Class.Short(), sc.Cost))
		}
		for _, l := range wrap(f, "Cost this turn: "+strings.Join(parts, " · "), Width-2*margin) {
			c.text(margin, y+24, l, f, colMuted)
			y += 30
		}
	}
	y += 4
	const labelW, headH, chipRowH = 76, 36, 40
	colW := (Width - 2*margin - labelW) / 4
	for s := storm.Spring; s <= storm.Winter; s++ {
		x0 := margin + labelW + int(s-1)*colW
		face, ink := f, colMuted
		if s == season {
			face, ink = bf, colInk
			c.rect(x0+4, y+headH-4, x0+colW-4, y+headH-1, colInk)
		}
		c.textMid(x0+colW/2, midBaseline(face, y, headH), s.String(), face, ink)
	}
	y += headH
	for row := 5; row >= 2; row-- {
		var cells [4][]storm.Ship
		most := 1
		for _, sh := range n.Building {
			if sh.Row == row && sh.Column >= storm.Spring && sh.Column <= storm.Winter {
				i := int(sh.Column - storm.Spring)
				cells[i] = append(cells[i], sh)
				most = max(most, len(cells[i]))
			}
		}
		rowH := most*chipRowH + 8
		c.rect(margin, y, Width-margin, y+1, colRule)
		c.text(margin+6, midBaseline(f, y, min(rowH, chipRowH+8)), fmt.Sprintf("row %d", row), f, colMuted)
		for s := storm.Spring; s <= storm.Winter; s++ {
			x0 := margin + labelW + int(s-1)*colW
			if s == season {
				c.rect(x0+2, y+1, x0+colW-2, y+rowH, rgb(0xf0, 0xef, 0xe8))
			}
			for i, sh := range cells[s-storm.Spring] {
				cy := y + 4 + i*chipRowH
				label := fit(bf, shipName(sh), colW-12-16)
				w := textWidth(bf, label) + 16
				c.roundBox(x0+6, cy+4, x0+6+w, cy+chipRowH-2, 7, colInk)
				c.text(x0+6+8, midBaseline(bf, cy+4, chipRowH-6), label, bf, colWhite)
			}
		}
		y += rowH
	}
	c.rect(margin, y, Width-margin, y+1, colRule)
	var launched []string
	for _, sh := range n.Launched {
		l := shipName(sh)
		if sh.LaunchedIn != nil {
			l += " (" + sh.LaunchedIn.String() + ")"
		}
		launched = append(launched, l)
	}
	line := "Launched: none"
	if len(launched) > 0 {
		line = "Launched: " + strings.Join(launched, ", ")
	}
	if n.PreGameCarriers > 0 {
		line += fmt.Sprintf("; %d carriers built before the game", n.PreGameCarriers)
	}
	y += 4
	for _, l := range wrap(t, line, Width-2*margin) {
		c.text(margin, y+26, l, t, colInk)
		y += 32
	}
	return y + 4
}

// drawResearch draws the side's research record sheet (15.4): per project
// its name and figures, and under them a bar of its steps; then the
// results achieved and those held (16.16).
func drawResearch(c *canvas, r adjudicator.ResearchView, y int) int {
	note := "15.4"
	if r.Side != "" {
		note = title(string(r.Side)) + " sheet, 15.4"
	}
	y = sectionTitle(c, y, "Research", note)
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	if r.Leader {
		c.text(margin, y+26, "You place the side's basic points (15.21).", t, colInk)
		y += 34
	}
	if len(r.Projects) == 0 {
		c.text(margin, y+26, "No steps on the research sheet yet.", t, colMuted)
		y += 34
	}
	const rowH = 62
	barW := Width - 2*margin - 16
	for i, p := range r.Projects {
		ry := y + i*rowH
		if i%2 == 0 {
			c.rect(margin, ry, Width-margin, ry+rowH, rgb(0xf1, 0xf0, 0xea))
		}
		var parts []string
		if p.MaxSteps > 0 {
			parts = append(parts, fmt.Sprintf("%d/%d", p.Steps, p.MaxSteps))
		} else {
			parts = append(parts, fmt.Sprintf("%d steps", p.Steps))
		}
		parts = append(parts, plural(p.Results, "result"))
		if p.Held > 0 {
			parts = append(parts, fmt.Sprintf("%d held", p.Held))
		}
		figures := strings.Join(parts, " · ")
		b := ry + 30
		fw := textWidth(t, figures)
		c.textRight(Width-margin-8, b, figures, t, colInk)
		c.text(margin+8, b, fit(t, p.Project, Width-2*margin-16-fw-16), t, colInk)
		bx := margin + 8
		by0, by1 := ry+40, ry+54
		if p.MaxSteps > 0 {
			n := p.MaxSteps
			gap := 3
			if n > 40 {
				gap = 0
			}
			seg := float64(barW+gap) / float64(n)
			for k := 0; k < n; k++ {
				x0 := bx + int(float64(k)*seg)
				x1 := bx + int(float64(k+1)*seg) - gap
				col := rgb(0xd8, 0xd6, 0xcf)
				if k < p.Steps {
					col = colInk
				}
				c.rect(x0, by0, x1, by1, col)
			}
		} else {
			// No limit: one square per step, as many as fit.
			const s = 22
			k := 0
			for ; k < p.Steps && (k+1)*(s+4) <= barW-30; k++ {
				x0 := bx + k*(s+4)
				c.rect(x0, by0, x0+s, by1, colInk)
			}
			if k < p.Steps {
				c.text(bx+k*(s+4)+4, by1, "…", f, colInk)
			}
		}
	}
	y += len(r.Projects) * rowH
	var res []string
	for _, x := range r.Results {
		res = append(res, fmt.Sprintf("%s %d", x.ProjectID(), x.Results))
	}
	line := "Results achieved (15.5): none"
	if len(res) > 0 {
		line = "Results achieved (15.5): " + strings.Join(res, ", ")
	}
	y += 4
	for _, l := range wrap(t, line, Width-2*margin) {
		c.text(margin, y+26, l, t, colInk)
		y += 32
	}
	return y
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
