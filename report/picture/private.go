package picture

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator"
)

// drawPrivate draws a power's own tracks below the public picture, from
// its private view pv only; it returns the new height.
func drawPrivate(c *canvas, v adjudicator.View, p adjudicator.Power, pv *adjudicator.PowerView, y int) int {
	y += 8
	col := powerColour(p)
	c.roundBox(margin, y, Width-margin, y+60, 12, col)
	h := c.face(true, sizeHead)
	c.text(margin+20, midBaseline(h, y, 60), p.Title()+" only: secret, not shown to the other powers", h, colWhite)
	y += 60
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
	Get   func(adjudicator.ActivityCounters) int
}{
	{"3", func(a adjudicator.ActivityCounters) int { return a.Three }},
	{"2", func(a adjudicator.ActivityCounters) int { return a.Two }},
	{"1", func(a adjudicator.ActivityCounters) int { return a.One }},
	{"0", func(a adjudicator.ActivityCounters) int { return a.Zero }},
	{"S", func(a adjudicator.ActivityCounters) int { return a.Ship }},
	{"R", func(a adjudicator.ActivityCounters) int { return a.Research }},
}

func drawCounters(c *canvas, pv *adjudicator.PowerView, y int) int {
	y = sectionTitle(c, y, "Activity counters", "12.3")
	f := c.face(false, sizeSmall)
	bf := c.face(true, sizeText)
	const sq, gap = 52, 8
	x := margin
	any := false
	for _, k := range counterKinds {
		avail, used := k.Get(pv.Available), k.Get(pv.Used)
		total := max(k.Get(pv.Counters), avail+used)
		if total == 0 {
			continue
		}
		w := total*(sq+gap) + 16
		if x > margin && x+w > Width-margin {
			x = margin
			y += sq + gap
		}
		any = true
		for i := 0; i < total; i++ {
			if i < avail {
				c.roundBox(x, y, x+sq, y+sq, 8, colInk)
				c.textMid(x+sq/2, midBaseline(bf, y, sq), k.Label, bf, colWhite)
			} else {
				c.roundFrame(x, y, x+sq, y+sq, 8, 3, colMuted)
				c.textMid(x+sq/2, midBaseline(bf, y, sq), k.Label, bf, colMuted)
				c.line(float32(x+6), float32(y+sq-6), float32(x+sq-6), float32(y+6), 3, colMuted)
			}
			x += sq + gap
		}
		x += 16
	}
	if !any {
		c.text(margin, midBaseline(f, y, sq), "No activity counters this turn.", c.face(false, sizeText), colMuted)
	}
	y += sq + 10
	key := fmt.Sprintf("Available: %d points. Dark: available; crossed out: used. S ship, R research counter.", pv.Available.Points())
	for _, l := range wrap(f, key, Width-2*margin) {
		c.text(margin, y+28, l, f, colMuted)
		y += 36
	}
	return y + 4
}

// shipAbbrev is the short name of a ship class on the chart (19.63).
var shipAbbrev = map[adjudicator.ShipClass]string{
	adjudicator.Carrier: "CV", adjudicator.Battleship3: "BB3", adjudicator.Battleship4: "BB4", adjudicator.Battleship5: "BB5",
}

func shipName(s adjudicator.Ship) string {
	a, ok := shipAbbrev[s.Class]
	if !ok {
		a = string(s.Class)
	}
	return fmt.Sprintf("#%d %s", s.No, a)
}

// drawNaval draws the naval construction chart (19.21): rows 5..2 by
// season column, with the rate, capacity and saved points (19.3-19.75).
func drawNaval(c *canvas, season adjudicator.Season, n *adjudicator.NavalView, y int) int {
	y = sectionTitle(c, y, "Naval construction", "19.2")
	f := c.face(false, sizeSmall)
	t := c.face(false, sizeText)
	bf := c.face(true, sizeSmall)
	x := margin
	for i, kv := range []struct {
		k string
		v int
	}{{"rate", n.Rate}, {"capacity", n.Capacity}, {"saved", n.Saved}} {
		if i > 0 {
			x += c.text(x, y+30, "   ", t, colInk)
		}
		x += c.text(x, y+30, kv.k+" ", t, colInk)
		x += c.text(x, y+30, fmt.Sprint(kv.v), c.face(true, sizeText), colInk)
	}
	if len(n.ShipCosts) > 0 {
		var parts []string
		for _, sc := range n.ShipCosts {
			a, ok := shipAbbrev[sc.Class]
			if !ok {
				a = string(sc.Class)
			}
			parts = append(parts, fmt.Sprintf("%s %d", a, sc.Cost))
		}
		c.textRight(Width-margin, y+30, "cost: "+strings.Join(parts, " · "), f, colMuted)
	}
	y += 46
	const labelW, headH, rowH = 120, 40, 52
	colW := (Width - 2*margin - labelW) / 4
	for s := adjudicator.Spring; s <= adjudicator.Winter; s++ {
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
		ry := y + (5-row)*rowH
		c.rect(margin, ry, Width-margin, ry+1, colRule)
		c.text(margin+8, midBaseline(f, ry, rowH), fmt.Sprintf("row %d", row), f, colMuted)
		for s := adjudicator.Spring; s <= adjudicator.Winter; s++ {
			x0 := margin + labelW + int(s-1)*colW
			if s == season {
				c.rect(x0+2, ry+1, x0+colW-2, ry+rowH, rgb(0xf0, 0xef, 0xe8))
			}
			var here []adjudicator.Ship
			for _, sh := range n.Building {
				if sh.Row == row && sh.Column == s {
					here = append(here, sh)
				}
			}
			x := x0 + 8
			for i, sh := range here {
				label := shipName(sh)
				w := textWidth(bf, label) + 20
				rest := len(here) - i - 1
				if rest > 0 && x+w+textWidth(bf, "+9")+16 > x0+colW-6 || x+w > x0+colW-6 {
					c.text(x, midBaseline(bf, ry, rowH), fmt.Sprintf("+%d", len(here)-i), bf, colInk)
					break
				}
				c.roundBox(x, ry+8, x+w, ry+rowH-8, 8, colInk)
				c.text(x+10, midBaseline(bf, ry+8, rowH-16), label, bf, colWhite)
				x += w + 8
			}
		}
	}
	y += 4 * rowH
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
	y += 6
	for _, l := range wrap(f, line, Width-2*margin) {
		c.text(margin, y+28, l, f, colInk)
		y += 36
	}
	return y + 4
}

// Columns of the research sheet.
const (
	researchBarX = 470
	researchBarW = 500
	researchText = researchBarX + researchBarW + 20
)

// drawResearch draws the side's research record sheet (15.4): a bar per
// project with steps, the results and those held (16.16).
func drawResearch(c *canvas, r adjudicator.ResearchView, y int) int {
	note := "15.4"
	if r.Side != "" {
		note = title(string(r.Side)) + " sheet, 15.4"
	}
	if r.Leader {
		note += "; you place the basic points (15.21)"
	}
	y = sectionTitle(c, y, "Research", note)
	f := c.face(false, sizeSmall)
	const rowH = 46
	if len(r.Projects) == 0 {
		c.text(margin, y+30, "No steps on the research sheet yet.", c.face(false, sizeText), colMuted)
		y += 44
	}
	for i, p := range r.Projects {
		ry := y + i*rowH
		if i%2 == 0 {
			c.rect(margin, ry, Width-margin, ry+rowH, rgb(0xf1, 0xf0, 0xea))
		}
		b := midBaseline(f, ry, rowH)
		c.text(margin+8, b, fit(f, p.Project, researchBarX-margin-24), f, colInk)
		by0, by1 := ry+10, ry+rowH-10
		if p.MaxSteps > 0 {
			n := p.MaxSteps
			gap := 3
			if n > 40 {
				gap = 0
			}
			seg := float64(researchBarW+gap) / float64(n)
			for k := 0; k < n; k++ {
				x0 := researchBarX + int(float64(k)*seg)
				x1 := researchBarX + int(float64(k+1)*seg) - gap
				col := rgb(0xd8, 0xd6, 0xcf)
				if k < p.Steps {
					col = colInk
				}
				c.rect(x0, by0, x1, by1, col)
			}
		} else {
			// No limit: one square per step, as many as fit.
			const s = 26
			k := 0
			for ; k < p.Steps && (k+1)*(s+4) <= researchBarW; k++ {
				x0 := researchBarX + k*(s+4)
				c.rect(x0, by0, x0+s, by1, colInk)
			}
			if k < p.Steps {
				c.text(researchBarX+k*(s+4)+4, b, "…", f, colInk)
			}
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
		c.text(researchText, b, fit(f, strings.Join(parts, " · "), Width-margin-researchText), f, colInk)
	}
	y += len(r.Projects) * rowH
	var res []string
	for _, x := range r.Results {
		name := x.Project
		if x.Power != 0 {
			if !strings.HasPrefix(name, nationalityOf(x.Power)) {
				name = nationalityOf(x.Power) + " " + name
			}
		}
		res = append(res, fmt.Sprintf("%s %d", name, x.Results))
	}
	line := "Results achieved (15.5): none"
	if len(res) > 0 {
		line = "Results achieved (15.5): " + strings.Join(res, ", ")
	}
	y += 6
	for _, l := range wrap(f, line, Width-2*margin) {
		c.text(margin, y+28, l, f, colInk)
		y += 36
	}
	return y
}

func nationalityOf(p adjudicator.Power) string {
	switch p {
	case adjudicator.Germany:
		return "german"
	case adjudicator.Italy:
		return "italian"
	case adjudicator.Britain:
		return "british"
	case adjudicator.France:
		return "french"
	case adjudicator.Russia:
		return "russian"
	}
	return ""
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
