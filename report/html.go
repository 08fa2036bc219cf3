package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"strings"
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

// renderHTML renders the blocks of w as a complete HTML document. When
// picture is true the picture is shown (by PictureCID) after the lead,
// with alt, its description in words, beside it.
func renderHTML(subject string, w *writer, cid string, alt string, width, height int) string {
	picture := cid != ""
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"supported-color-schemes\" content=\"light dark\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n</head>\n<body style=\"%s\">\n<div style=\"%s\">\n", html.EscapeString(subject), styleBody, styleWrap)
	var pre []string
	flush := func() {
		if len(pre) > 0 {
			fmt.Fprintf(&b, "<pre style=\"%s\">%s</pre>\n", stylePre, html.EscapeString(strings.Join(pre, "\n")))
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
			fmt.Fprintf(&b, "<h1 style=\"%s\">%s</h1>\n", styleH1, html.EscapeString(bl.text))
		case blockHeading:
			headings++
			// The picture follows the lead: before the second heading.
			if picture && !shown && headings == 2 {
				writePicture(&b, cid, alt, width, height)
				shown = true
			}
			fmt.Fprintf(&b, "<h2 style=\"%s\">%s</h2>\n", styleH2, html.EscapeString(bl.text))
		case blockSub:
			fmt.Fprintf(&b, "<h3 style=\"%s\">%s</h3>\n", styleH3, html.EscapeString(upperFirst(bl.text)))
		case blockPara:
			indent := len(bl.first)
			style := styleP
			if indent > 0 {
				style += fmt.Sprintf("margin-left:%.1fem;", float64(indent)*0.5)
			}
			fmt.Fprintf(&b, "<p style=\"%s\">%s</p>\n", style, html.EscapeString(strings.TrimSpace(bl.text)))
		case blockLine, blockCode:
			if preformatted {
				pre = append(pre, bl.text)
			} else {
				fmt.Fprintf(&b, "<p style=\"%s\">%s</p>\n", styleP, html.EscapeString(bl.text))
			}
		case blockTable:
			writeTable(&b, bl.cells)
		}
	}
	flush()
	if picture && !shown {
		writePicture(&b, cid, alt, width, height)
	}
	b.WriteString("</div>\n</body>\n</html>\n")
	return b.String()
}

func writePicture(b *strings.Builder, cid, alt string, width, height int) {
	fmt.Fprintf(b, "<img src=\"cid:%s\" width=\"%d\" height=\"%d\" alt=\"%s\" style=\"%s\">\n",
		cid, width, height, html.EscapeString(alt), styleImg)
	fmt.Fprintf(b, "<p style=\"%sfont-size:13px;\">%s</p>\n", styleP,
		"The picture shows the diplomatic targets and the tracks; the tables below give the same figures in words.")
}

// writeTable writes cells as a table, the first row its header; cells
// that are numbers are aligned right.
func writeTable(b *strings.Builder, cells [][]string) {
	// A wide table (the incomes) gets a smaller font and narrower gaps to
	// fit a phone, and scrolls on its own rather than widen the page.
	wide := len(cells) > 0 && len(cells[0]) > 6
	table, cell, num := styleTable, styleCell, styleNum
	if wide {
		table += "font-size:12px;"
		cell = strings.Replace(cell, "padding:2px 6px 2px 0;", "padding:2px 3px 2px 0;", 1)
		num = strings.Replace(num, "padding:2px 0 2px 6px;", "padding:2px 0 2px 3px;", 1)
	}
	fmt.Fprintf(b, "<div style=\"overflow-x:auto;max-width:100%%;\">\n<table style=\"%s\">\n", table)
	for i, row := range cells {
		b.WriteString("<tr>")
		for _, c := range row {
			tag, style := "td", cell
			if i == 0 {
				tag = "th"
			}
			if isNumber(c) {
				style = num
			}
			fmt.Fprintf(b, "<%s style=\"%s\">%s</%s>", tag, style, html.EscapeString(c), tag)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</table>\n</div>\n")
}

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
