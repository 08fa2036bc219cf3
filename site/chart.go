package site

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/storm"
)

// The chart of the tracks over time: one SVG, inline in the index, with
// a panel for the European Aggression Index and the economic climate,
// one for each power's support level and, once the game has ended, one
// for the victory points. One point per version; the years are marked
// under the panels. The figures are the manifest's, each read from the
// engine's view of its version (figuresOf).

// Geometry, in the SVG's own units (it scales to the page's width).
const (
	chartWidth  = 360
	chartLeft   = 30 // room for the axis' labels
	chartRight  = 8
	panelTitle  = 18 // a panel's title above its plot
	panelHeight = 110
	panelGap    = 14
)

// Colours: the powers' as the pictures draw them (report/picture), and
// the tracks' own.
var (
	powerColour = map[storm.Power]string{storm.Germany: "#222222", storm.Italy: "#117733", storm.Britain: "#cc3311",
		storm.France: "#0066bb", storm.Russia: "#882255"}
	sideColour = [3]string{"#222222", "#0066bb", "#882255"} // Axis, Allies, Russia
)

type chartData struct {
	Width, Height int
	Title         string // in words, for a screen reader
	Panels        []panel
}

type panel struct {
	Title  string
	TitleY int
	Top    int
	Bottom int
	Left   int
	Right  int
	Grid   []tick
	Lines  []series
	Legend []legendItem
	Years  []tick // the first version of each year, labelled under the plot
}

type tick struct {
	X, Y  float64
	Label string
}

type series struct {
	Colour string
	Dash   string
	Points string
	Dots   []tick // a single version is a dot, not a line
}

type legendItem struct {
	X, Y   float64
	Colour string
	Dash   string
	Label  string
}

// chartTemplate draws chartData (html/template: every text escaped).
const chartTemplate = `<svg class="chart" viewBox="0 0 {{.Width}} {{.Height}}" width="{{.Width}}" height="{{.Height}}" role="img" aria-label="{{.Title}}" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="10">
<rect x="0" y="0" width="{{.Width}}" height="{{.Height}}" fill="#ffffff"/>
{{range .Panels}}{{$p := .}}<text x="{{.Left}}" y="{{.TitleY}}" fill="#222222" font-size="11" font-weight="bold">{{.Title}}</text>
{{range .Grid}}<line x1="{{$p.Left}}" x2="{{$p.Right}}" y1="{{.Y}}" y2="{{.Y}}" stroke="#cccccc" stroke-width="0.6"/><text x="{{.X}}" y="{{.Y}}" dy="3" text-anchor="end" fill="#444444">{{.Label}}</text>
{{end}}{{range .Years}}<line x1="{{.X}}" x2="{{.X}}" y1="{{$p.Top}}" y2="{{$p.Bottom}}" stroke="#dddddd" stroke-width="0.6"/><text x="{{.X}}" y="{{.Y}}" dx="2" fill="#444444">{{.Label}}</text>
{{end}}{{range .Lines}}{{$l := .}}<polyline points="{{.Points}}" fill="none" stroke="{{.Colour}}" stroke-width="1.6" stroke-dasharray="{{.Dash}}"/>{{range .Dots}}<circle cx="{{.X}}" cy="{{.Y}}" r="2.5" fill="{{$l.Colour}}"/>{{end}}
{{end}}{{range .Legend}}<rect x="{{.X}}" y="{{.Y}}" width="10" height="3" fill="{{.Colour}}"/><text x="{{.X}}" y="{{.Y}}" dx="13" dy="4" fill="#222222">{{.Label}}</text>
{{end}}{{end}}</svg>`

// chart lays out the figures of versions (oldest first): the victory
// points too once the game has ended.
func chart(versions []entry, ended bool) chartData {
	c := chartData{Width: chartWidth}
	n := len(versions)
	x := func(i int) float64 {
		if n <= 1 {
			return float64(chartLeft+chartWidth-chartRight) / 2
		}
		return chartLeft + float64(i)*float64(chartWidth-chartLeft-chartRight)/float64(n-1)
	}
	top := 0
	add := func(title string, lo, hi int, step int, lines []seriesData) {
		for _, l := range lines {
			for _, v := range l.values {
				lo, hi = min(lo, v), max(hi, v)
			}
		}
		if hi == lo {
			hi++
		}
		p := panel{Title: title, TitleY: top + 13, Top: top + panelTitle, Bottom: top + panelTitle + panelHeight,
			Left: chartLeft, Right: chartWidth - chartRight}
		y := func(v int) float64 {
			return float64(p.Top) + float64(hi-v)*float64(panelHeight)/float64(hi-lo)
		}
		if step <= 0 {
			step = max(1, (hi-lo+4)/5)
		}
		for v := lo - lo%step; v <= hi; v += step {
			if v < lo {
				continue
			}
			p.Grid = append(p.Grid, tick{X: chartLeft - 4, Y: y(v), Label: signedIf(v, lo < 0)})
		}
		lx := float64(chartLeft)
		for _, l := range lines {
			s := series{Colour: l.colour, Dash: l.dash}
			var pts []string
			for i, v := range l.values {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
			}
			if n == 1 {
				s.Dots = append(s.Dots, tick{X: x(0), Y: y(l.values[0])})
			}
			s.Points = strings.Join(pts, " ")
			p.Lines = append(p.Lines, s)
			p.Legend = append(p.Legend, legendItem{X: lx, Y: float64(p.Bottom) + 22, Colour: l.colour, Dash: l.dash, Label: l.label})
			lx += float64(18 + 6*len(l.label))
		}
		year := ""
		for i, e := range versions {
			if y := e.Turn[strings.LastIndexByte(e.Turn, ' ')+1:]; y != year {
				year = y
				p.Years = append(p.Years, tick{X: x(i), Y: float64(p.Bottom) + 11, Label: y})
			}
		}
		c.Panels = append(c.Panels, p)
		top = p.Bottom + 28 + panelGap
	}
	var eai, climate []int
	support := make([][]int, len(storm.Powers))
	var vp [3][]int
	for _, e := range versions {
		eai, climate = append(eai, e.Figures.EAI), append(climate, e.Figures.Climate)
		for i := range storm.Powers {
			s := 0
			if i < len(e.Figures.Support) {
				s = e.Figures.Support[i]
			}
			support[i] = append(support[i], s)
		}
		for i := range vp {
			vp[i] = append(vp[i], e.Figures.VP[i])
		}
	}
	if n == 0 {
		c.Height = 40
		c.Title = "No version yet."
		return c
	}
	add("European Aggression Index and economic climate", -5, 5, 1, []seriesData{
		{"EAI", "#b8860b", "", eai}, {"Economic climate", "#0e7c86", "4 2", climate}})
	var sl []seriesData
	for i, p := range storm.Powers {
		sl = append(sl, seriesData{p.Title(), powerColour[p], "", support[i]})
	}
	add("Support level of each power", 0, 0, 0, sl)
	words := "The European Aggression Index, the economic climate and each power's support level"
	if ended {
		add("Victory points", 0, 0, 0, []seriesData{
			{"Axis", sideColour[0], "", vp[0]}, {"Allies", sideColour[1], "", vp[1]}, {"Russia", sideColour[2], "", vp[2]}})
		words += " and the victory points"
	}
	c.Title = fmt.Sprintf("%s over %d versions (the table below gives the figures).", words, n)
	c.Height = top - panelGap + 4
	return c
}

type seriesData struct {
	label, colour, dash string
	values              []int
}

func signedIf(v int, sign bool) string {
	if sign {
		return signed(v)
	}
	return fmt.Sprint(v)
}
