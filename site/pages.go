package site

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/internal/htmlpage"
	"stormjudge/report"
	"stormjudge/store"
)

// link is a link of a page: a file of the site and its text.
type link struct {
	Page string
	Text string
}

// navLinks are the links put at the top of a report's or notice's page.
type navLinks struct {
	Game     string
	Previous string // the previous version's page, "" none
	Next     string // the next version's page, "" none
	Public   string // a notice's: its version's public report
	Notices  []link // a public report's: each power's notice (the game ended)
}

// navTemplate is the line of links put at the top of a report's page.
// Inline styles, as the report's own.
var navTemplate = template.Must(template.New("nav").Parse(
	`<p style="margin:0 0 10px 0;font-size:15px;line-height:2;"><a href="index.html">Game {{.Game}}: every version</a>` +
		`{{if .Previous}} · <a href="{{.Previous}}">previous version</a>{{end}}` +
		`{{if .Next}} · <a href="{{.Next}}">next version</a>{{end}}` +
		`{{if .Public}} · <a href="{{.Public}}">the public report</a>{{end}}</p>
{{if .Notices}}<p style="margin:0 0 10px 0;font-size:15px;line-height:2;">The notices of this version (the game has ended):{{range .Notices}} <a href="{{.Page}}">{{.Text}}</a>{{end}}</p>
{{end}}`))

// sitePage is the page of a report or notice: the HTML its mail carries
// (html/template's, report.Message.HTML), its picture shown from the file
// picture beside it instead of the mail's cid: part, and nav's links at
// the top.
func sitePage(m report.Message, picture string, nav navLinks) ([]byte, error) {
	page := m.HTML
	if m.HasPicture {
		ref := "cid:" + m.PictureCID
		if !strings.Contains(page, `src="`+ref+`"`) {
			return nil, fmt.Errorf("the picture's reference %q is not in the page", ref)
		}
		page = strings.ReplaceAll(page, `src="`+ref+`"`, `src="`+picture+`"`)
	}
	var b strings.Builder
	if err := navTemplate.Execute(&b, nav); err != nil {
		return nil, err
	}
	// After the report's wrapper opens (report/html.go's pageTemplate:
	// <body ...> then <div ...>).
	at := strings.Index(page, "<body")
	if at < 0 {
		return nil, fmt.Errorf("no <body> in the page")
	}
	if d := strings.Index(page[at:], "<div"); d >= 0 {
		at += d
	}
	end := strings.IndexByte(page[at:], '>')
	if end < 0 {
		return nil, fmt.Errorf("the page's wrapper does not close")
	}
	at += end + 1
	return []byte(page[:at] + "\n" + b.String() + page[at:]), nil
}

// siteCSS is the style sheet of the site's own pages (the index and the
// press), in each page: the site works from a file:// URL. No colour is
// forced on text, so a dark scheme recolours it; the chart keeps its own
// light background, as the pictures do.
const siteCSS = `body{margin:0;padding:12px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.45}
main{max-width:980px;margin:0 auto}
h1{font-size:20px;line-height:1.3;margin:0 0 10px 0}
h2{font-size:17px;line-height:1.3;margin:22px 0 8px 0;border-bottom:1px solid #8888;padding-bottom:2px}
p{margin:0 0 8px 0}
a{overflow-wrap:anywhere}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,280px),1fr));gap:14px}
.card{border:1px solid #8886;border-radius:4px;padding:8px;min-width:0}
.card p{margin:0 0 6px 0}
.card img{display:block;width:100%;height:auto;border:1px solid #8884}
.small{font-size:14px}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:13px;margin:6px 0}
th,td{padding:2px 6px;border-bottom:1px solid #8884;text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
th:first-child,td:first-child{text-align:left}
.chart{display:block;width:100%;max-width:560px;height:auto;border:1px solid #8886}
.press{border:1px solid #8886;border-radius:4px;padding:8px;margin:0 0 12px 0}
.press pre{margin:6px 0 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}
`

// head is the head of the site's own pages.
const head = htmlpage.Head + `<title>{{.Title}}</title>
<style>
` + siteCSS + `</style>
</head>
`

// indexPage is what indexTemplate renders.
type indexPage struct {
	Title    string
	Game     string
	Status   []string
	Ended    bool
	Chart    chartData
	Columns  []string // the figures table's header
	Rows     [][]string
	Versions []indexVersion // newest first
}

type indexVersion struct {
	V             int
	Caption       string
	Page, Picture string
	Alt           string
	Width, Height int
	Notices       []link
}

var indexTemplate = template.Must(template.Must(template.New("index").Parse(head + `<body>
<main>
<h1>{{.Title}}</h1>
{{range .Status}}<p>{{.}}</p>
{{end}}{{if .Ended}}<p><a href="press.html">The press of the game</a>: every message the powers sent each other.</p>
{{end}}<h2>The tracks over time</h2>
{{template "chart" .Chart}}
<details>
<summary>The same figures, version by version</summary>
<div class="scroll"><table>
<tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table></div>
</details>
<h2>Every version, newest first</h2>
<p class="small">Each version is the game as one adjudication left it: its public report, and the picture of the diplomatic targets and the tracks.</p>
<div class="grid">
{{range .Versions}}<div class="card">
<p><a href="{{.Page}}">Version {{.V}}: {{.Caption}}</a></p>
<a href="{{.Page}}"><img src="{{.Picture}}" width="{{.Width}}" height="{{.Height}}" alt="{{.Alt}}" loading="lazy"></a>
{{if .Notices}}<p class="small">Notices:{{range .Notices}} <a href="{{.Page}}">{{.Text}}</a>{{end}}</p>
{{end}}</div>
{{end}}</div>
</main>
</body>
</html>
`)).New("chart").Parse(chartTemplate))

// renderIndex renders the index of game from the manifest m and the
// public view of the open version.
func renderIndex(game string, open adjudicator.PublicView, m manifest) ([]byte, error) {
	p := indexPage{Title: "Gathering Storm game " + game, Game: game, Ended: m.Ended, Chart: chart(m.Versions, m.Ended)}
	if len(m.Versions) > 0 {
		last := m.Versions[len(m.Versions)-1]
		if m.Ended {
			p.Status = append(p.Status, strings.TrimSuffix(report.EndedText(open), ".")+".")
			p.Status = append(p.Status, "Nothing is secret any more: each power's private notice of every version is linked under the version, and the press of the game below.")
		} else {
			p.Status = append(p.Status, fmt.Sprintf("Under way: %s, %s (version %d).", open.Turn, open.SegmentTitle, last.V))
			p.Status = append(p.Status, "This archive holds what every player sees: the public reports. The private notices and the press are added once the game has ended.")
		}
	}
	p.Columns = []string{"Version", "Turn", "EAI", "Climate"}
	for _, pw := range storm.Powers {
		p.Columns = append(p.Columns, pw.Title())
	}
	if m.Ended {
		p.Columns = append(p.Columns, "VP Axis", "VP Allies", "VP Russia")
	}
	for _, e := range slices.Backward(m.Versions) {
		row := []string{fmt.Sprint(e.V), e.Turn, signed(e.Figures.EAI), signed(e.Figures.Climate)}
		for _, s := range e.Figures.Support {
			row = append(row, fmt.Sprint(s))
		}
		if m.Ended {
			for _, vp := range e.Figures.VP {
				row = append(row, fmt.Sprint(vp))
			}
		}
		p.Rows = append(p.Rows, row)
		caption := e.Turn + ", " + e.Segment
		if e.Ended {
			caption = e.Turn + ", the game has ended"
		}
		iv := indexVersion{V: e.V, Caption: caption, Page: pageName(e.V), Picture: pictureName(e.V), Alt: e.Alt, Width: e.Width, Height: e.Height}
		if m.Ended {
			for _, name := range e.Notices {
				pw, _ := storm.ParsePower(name)
				iv.Notices = append(iv.Notices, link{Page: noticeName(e.V, pw), Text: pw.Title()})
			}
		}
		p.Versions = append(p.Versions, iv)
	}
	var b bytes.Buffer
	if err := indexTemplate.ExecuteTemplate(&b, "index", p); err != nil {
		return nil, fmt.Errorf("site: index: %w", err)
	}
	return b.Bytes(), nil
}

func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// pressPage is what pressTemplate renders.
type pressPage struct {
	Title string
	Game  string
	Press []pressItem
}

type pressItem struct {
	Seq  uint64
	When string // the version and turn it was sent in
	Page string // that version's page
	From string
	To   string
	Grey bool
	Text string
	Sent string
}

var pressTemplate = template.Must(template.New("press").Parse(head + `<body>
<main>
<p><a href="index.html">Game {{.Game}}: every version</a></p>
<h1>{{.Title}}</h1>
{{if not .Press}}<p>No power sent press in this game.</p>
{{end}}{{range .Press}}<div class="press">
<p class="small">#{{.Seq}}, sent {{.Sent}} in <a href="{{.Page}}">{{.When}}</a></p>
<p><strong>{{.From}}</strong> to {{.To}}{{if .Grey}} (grey press: its recipients were not told who sent it){{end}}</p>
<pre>{{.Text}}</pre>
</div>
{{end}}</main>
</body>
</html>
`))

// renderPress renders the press page of game: every press, oldest first,
// with its sender (grey press too: the game has ended) and recipients.
func renderPress(game string, press []store.Press, versions []entry) ([]byte, error) {
	p := pressPage{Title: "The press of game " + game, Game: game}
	turn := map[int]string{}
	for _, e := range versions {
		turn[e.V] = e.Turn
	}
	for _, pr := range press {
		var to []string
		for _, q := range pr.To {
			to = append(to, q.Title())
		}
		it := pressItem{Seq: pr.Seq, From: pr.From.Title(), To: strings.Join(to, ", "), Grey: pr.Grey, Text: pr.Text,
			Sent: pr.Sent.UTC().Format("2006-01-02 15:04 UTC")}
		if t, ok := turn[pr.Version]; ok {
			it.When, it.Page = fmt.Sprintf("version %d (%s)", pr.Version, t), pageName(pr.Version)
		} else {
			it.When, it.Page = fmt.Sprintf("version %d", pr.Version), indexFile // rolled back since
		}
		p.Press = append(p.Press, it)
	}
	var b bytes.Buffer
	if err := pressTemplate.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("site: press: %w", err)
	}
	return b.Bytes(), nil
}
