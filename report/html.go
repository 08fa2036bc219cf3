package report

import (
	"crypto/sha256"
	"encoding/hex"
	"html/template"
	"strings"

	"stormjudge/internal/htmlpage"
	"stormjudge/internal/lru"
)

// pictureCID is the Content-ID (without angle brackets, RFC 2392) by
// which a report's HTML shows its picture, carried as an inline part of a
// multipart/related: unique to the report (a hash of its subject and
// text), as Content-IDs should be, and the same for the same report.
func pictureCID(subject, text string) string {
	sum := sha256.Sum256([]byte(subject + "\n" + text))
	return "picture." + hex.EncodeToString(sum[:10]) + "@stormjudge"
}

// Inline styles only (mail apps drop <style> and external sheets); no
// colours are forced on text, so a mail app's dark mode recolours it, and
// the picture keeps its own opaque background.
const (
	styleBody  = "margin:0;padding:12px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.45;"
	styleWrap  = "max-width:720px;margin:0 auto;"
	styleH1    = "font-size:19px;line-height:1.3;margin:0 0 10px 0;"
	styleH2    = "font-size:16px;line-height:1.3;margin:18px 0 6px 0;border-bottom:1px solid #8888;padding-bottom:2px;"
	styleH3    = "font-size:15px;margin:10px 0 4px 0;font-style:italic;font-weight:normal;"
	styleP     = "margin:0 0 6px 0;"
	stylePre   = "margin:4px 0 8px 0;white-space:pre-wrap;word-wrap:break-word;overflow-wrap:anywhere;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;"
	styleTable = "border-collapse:collapse;margin:4px 0 10px 0;font-size:13px;"
	styleCell  = "padding:2px 6px 2px 0;text-align:left;vertical-align:top;border-bottom:1px solid #8884;"
	styleNum   = "padding:2px 0 2px 6px;text-align:right;vertical-align:top;border-bottom:1px solid #8884;font-variant-numeric:tabular-nums;"
	styleImg   = "display:block;width:100%;max-width:720px;height:auto;margin:8px 0;border:1px solid #8886;"
)

// htmlBlock is one element of a report's HTML page: a heading, a
// paragraph, preformatted lines, a table or the picture. Its text is
// player- or judge-written text, which the template escapes for the
// context it lands in (html/template): a BROADCAST, a REASON or a
// power's press full of markup stays text. Which element it is, and its
// style, are the template's own literals, chosen by its fields (a
// style or a tag passed as data costs escaping calls in every cell of
// every table, the largest part of rendering a page).
type htmlBlock struct {
	// Which element: at most one set; none is a paragraph. (Fields, not
	// a kind with methods or a tag compared by eq: the template reads a
	// field for less than it calls a function.)
	Table, Pre, H1, H2, H3, Img, Caption bool
	Text                                 string
	// Indent: a paragraph's left margin, in em (0: none).
	Indent float64
	// A table's rows, the first its header; Wide: a table of many
	// columns, in a smaller font with narrower gaps.
	Rows []htmlRow
	Wide bool
	// HTML is the table as tableTemplate rendered it (renderTable).
	HTML template.HTML
	// The picture's.
	CID           string
	Width, Height int
}

type htmlRow []htmlCell

// htmlCell is a table cell: a header cell (the first row's) or not, a
// number (aligned right) or not.
type htmlCell struct {
	Header, Num bool
	Text        string
}

// htmlPage is what pageTemplate renders.
type htmlPage struct {
	Title  string
	Blocks []htmlBlock
}

// pageTemplate is every report's HTML page (renderHTML): the styles are
// the constants above, written into the template as literals (pageHTML);
// everything else goes through html/template's contextual escaping.
var pageTemplate = template.Must(template.New("page").Parse(styles.Replace(pageHTML)))

// styles writes the styles into the templates' text.
var styles = strings.NewReplacer(
	"%BODY%", styleBody, "%WRAP%", styleWrap, "%H1%", styleH1, "%H2%", styleH2, "%H3%", styleH3, "%PRE%", stylePre, "%IMG%", styleImg,
	"%PARA%", styleP, "%CAPTION%", styleP+"font-size:13px;",
	"%WTABLE%", styleTable+"font-size:12px;", "%TABLE%", styleTable,
	"%WCELL%", wideCell, "%WNUM%", wideNum, "%CELL%", styleCell, "%NUM%", styleNum,
)

// tableTemplate is a table of a page, rendered on its own (renderTable)
// and put into the page as the HTML it made.
var tableTemplate = template.Must(template.New("table").Parse(styles.Replace(tableHTML)))

const tableHTML = `<div style="overflow-x:auto;max-width:100%;">
{{if .Wide}}<table style="%WTABLE%">
{{range .Rows}}<tr>{{range .}}{{if .Header}}{{if .Num}}<th style="%WNUM%">{{.Text}}</th>{{else}}<th style="%WCELL%">{{.Text}}</th>{{end}}{{else if .Num}}<td style="%WNUM%">{{.Text}}</td>{{else}}<td style="%WCELL%">{{.Text}}</td>{{end}}{{end}}</tr>
{{end}}{{else}}<table style="%TABLE%">
{{range .Rows}}<tr>{{range .}}{{if .Header}}{{if .Num}}<th style="%NUM%">{{.Text}}</th>{{else}}<th style="%CELL%">{{.Text}}</th>{{end}}{{else if .Num}}<td style="%NUM%">{{.Text}}</td>{{else}}<td style="%CELL%">{{.Text}}</td>{{end}}{{end}}</tr>
{{end}}{{end}}</table>
</div>
`

// The cells of a wide table: narrower gaps.
var (
	wideCell = strings.Replace(styleCell, "padding:2px 6px 2px 0;", "padding:2px 3px 2px 0;", 1)
	wideNum  = strings.Replace(styleNum, "padding:2px 0 2px 6px;", "padding:2px 0 2px 3px;", 1)
)

// pageHTML is pageTemplate's text, its styles named (%NAME%) by the
// constants that replace them.
const pageHTML = htmlpage.Head + `<meta name="supported-color-schemes" content="light dark">
<title>{{.Title}}</title>
</head>
<body style="%BODY%">
<div style="%WRAP%">
{{range .Blocks}}{{if .Table}}{{.HTML}}{{else if .Img}}<img src="cid:{{.CID}}" width="{{.Width}}" height="{{.Height}}" alt="{{.Text}}" style="%IMG%">
{{else if .H1}}<h1 style="%H1%">{{.Text}}</h1>
{{else if .H2}}<h2 style="%H2%">{{.Text}}</h2>
{{else if .H3}}<h3 style="%H3%">{{.Text}}</h3>
{{else if .Pre}}<pre style="%PRE%">{{.Text}}</pre>
{{else if .Caption}}<p style="%CAPTION%">{{.Text}}</p>
{{else if .Indent}}<p style="%PARA%margin-left:{{.Indent}}em;">{{.Text}}</p>
{{else}}<p style="%PARA%">{{.Text}}</p>
{{end}}{{end}}</div>
</body>
</html>
`

// renderHTML renders the blocks of w as a complete HTML document. When
// cid is set the picture is shown (by its Content-ID) after the lead,
// with alt, its description in words, beside it.
func renderHTML(subject string, w *writer, cid string, alt string, width, height int) string {
	picture := cid != ""
	page := htmlPage{Title: subject}
	var pre []string
	flush := func() {
		if len(pre) > 0 {
			page.Blocks = append(page.Blocks, htmlBlock{Pre: true, Text: strings.Join(pre, "\n")})
			pre = nil
		}
	}
	headings := 0
	shown := false
	for _, bl := range w.blocks {
		// Lines with aligned columns and order blocks are preformatted;
		// a plain sentence written as a line is a paragraph.
		preformatted := bl.kind == blockCode || (bl.kind == blockLine && (strings.Contains(bl.text, "  ") || strings.HasPrefix(bl.text, " ")))
		if !preformatted {
			flush()
		}
		switch bl.kind {
		case blockTitle:
			page.Blocks = append(page.Blocks, htmlBlock{H1: true, Text: bl.text})
		case blockHeading:
			headings++
			// The picture follows the lead: before the second heading.
			if picture && !shown && headings == 2 {
				page.Blocks = append(page.Blocks, pictureBlocks(cid, alt, width, height)...)
				shown = true
			}
			page.Blocks = append(page.Blocks, htmlBlock{H2: true, Text: bl.text})
		case blockSub:
			page.Blocks = append(page.Blocks, htmlBlock{H3: true, Text: upperFirst(bl.text)})
		case blockPara:
			page.Blocks = append(page.Blocks, htmlBlock{Indent: float64(len(bl.first)) * 0.5, Text: strings.TrimSpace(bl.text)})
		case blockLine, blockCode:
			if preformatted {
				pre = append(pre, bl.text)
			} else {
				page.Blocks = append(page.Blocks, htmlBlock{Text: bl.text})
			}
		case blockTable:
			page.Blocks = append(page.Blocks, htmlBlock{Table: true, HTML: renderTable(bl.cells)})
		}
	}
	flush()
	if picture && !shown {
		page.Blocks = append(page.Blocks, pictureBlocks(cid, alt, width, height)...)
	}
	var b strings.Builder
	if err := pageTemplate.Execute(&b, page); err != nil {
		panic(err) // the template and its data are the package's own
	}
	return b.String()
}

// pictureBlocks are the picture and the line under it.
func pictureBlocks(cid, alt string, width, height int) []htmlBlock {
	return []htmlBlock{
		{Img: true, Text: alt, CID: cid, Width: width, Height: height},
		{Caption: true, Text: "The picture shows the diplomatic targets and the tracks; the tables below give the same figures in words."},
	}
}

// tableBlock is cells as a table, the first row its header; cells that
// are numbers are aligned right.
func tableBlock(cells [][]string) htmlBlock {
	// A wide table (the incomes) gets a smaller font and narrower gaps to
	// fit a phone, and scrolls on its own rather than widen the page.
	bl := htmlBlock{Table: true, Wide: len(cells) > 0 && len(cells[0]) > 6}
	for i, row := range cells {
		r := make(htmlRow, 0, len(row))
		for _, c := range row {
			r = append(r, htmlCell{Header: i == 0, Num: isNumber(c), Text: c})
		}
		bl.Rows = append(bl.Rows, r)
	}
	return bl
}

// renderTable renders cells as a table (tableBlock, tableTemplate), or
// returns the HTML it rendered for the same cells lately (the
// digests of a version repeat the public report's tables for each power,
// and the next version many of them again; rendering them was a tenth
// of the daemon's time under load). The HTML depends on the cells alone.
func renderTable(cells [][]string) template.HTML {
	var k strings.Builder
	for _, row := range cells {
		for _, c := range row {
			k.WriteString(c)
			k.WriteByte(0)
		}
		k.WriteByte(1)
	}
	key := k.String()
	if h, ok := tables.Get(key); ok {
		return h
	}
	var b strings.Builder
	if err := tableTemplate.Execute(&b, tableBlock(cells)); err != nil {
		panic(err) // the template and its data are the package's own
	}
	h := template.HTML(b.String()) // html/template's own output
	return tables.Add(key, h, len(key)+len(h))
}

// tableCacheBytes bounds the memory of the tables kept: their cells (the
// key) and their HTML.
const tableCacheBytes = 4 << 20

// tables keeps the HTML of tables by their cells.
var tables = lru.New[string, template.HTML](tableCacheBytes)

func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
