package site

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"stormjudge/adjudicator"
	"stormjudge/report"
	"stormjudge/store"
)

// gamesPage is what gamesTemplate renders: the games of a directory of
// sites, each in its subdirectory.
type gamesPage struct {
	Title string
	Games []link
}

var gamesTemplate = template.Must(template.New("games").Parse(head + `<body>
<main>
<h1>{{.Title}}</h1>
{{if not .Games}}<p>No game yet.</p>
{{end}}{{range .Games}}<p><a href="{{.Page}}">{{.Text}}</a></p>
{{end}}</main>
</body>
</html>
`))

// WriteGames writes dir/index.html, the list of the games whose sites are
// in dir's subdirectories (each written by Write into dir/<game>), with
// where each stands.
func WriteGames(db *store.DB, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	defer lockDir(dir)()
	p := gamesPage{Title: "Gathering Storm games"}
	if err := db.View(func(tx *store.Tx) error {
		gs, err := tx.Games()
		if err != nil {
			return err
		}
		for _, g := range gs {
			if !exists(filepath.Join(dir, g.ID), indexFile) {
				continue // not written (yet)
			}
			s, err := tx.State(g.ID, g.Version)
			if err != nil {
				return err
			}
			pv := adjudicator.Derive(s).Public
			what := fmt.Sprintf("%s, %s", pv.Turn, pv.SegmentTitle)
			if !g.Ended.IsZero() {
				what, _, _ = strings.Cut(report.EndedText(pv), ". ") // "The game has ended (in ...)": the rest is on the game's page
			}
			p.Games = append(p.Games, link{Page: g.ID + "/" + indexFile, Text: fmt.Sprintf("Game %s: %s", g.ID, what)})
		}
		return nil
	}); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	var b bytes.Buffer
	if err := gamesTemplate.Execute(&b, p); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	return writeIfChanged(dir, indexFile, b.Bytes())
}
