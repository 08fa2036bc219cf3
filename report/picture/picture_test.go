package picture

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/internal/lru"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// startView is the view of a new game, Spring 1935.
func startView() adjudicator.View { return adjudicator.Derive(adjudicator.NewGame(1)) }

// busyState is a game with every marker of the picture in use: flags of
// a power and its partner, trade pacts, civil wars, a controlled country,
// the EAI and climate off centre, support beyond the bar, a garrison
// check, purge events, ships on the chart and research under way.
func busyState() storm.State {
	s := adjudicator.NewGame(1)
	s.Turn = storm.Turn{Year: 1937, Season: storm.Summer}
	s.Segment = storm.SegEconomic
	s.EAI = -4
	s.EconomicClimate = 2
	set := func(name string, f func(m *storm.Minor)) {
		m := s.Minor(name)
		if m == nil {
			panic(name)
		}
		f(m)
	}
	set("Austria", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.Controller, m.TradePact = 4, storm.Germany, storm.Germany, storm.Germany
	})
	set("Rhineland", func(m *storm.Minor) { m.Controller = storm.Germany; m.Flags = 0; m.FlagPower = 0 })
	set("Albania", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.Controller, m.TradePact = 3, storm.Italy, storm.Italy, storm.Italy
	})
	set("Spain", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.PartnerFlags, m.CivilWarEvents = 2, storm.Germany, 1, 3
	})
	set("Greece", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.PartnerFlags, m.TradePact, m.CivilWarEvents = 3, storm.Britain, 2, storm.Britain, 1
	})
	set("Yugoslavia", func(m *storm.Minor) { m.Flags, m.FlagPower, m.CivilWarEvents = 1, storm.Russia, 2 })
	set("Turkey", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.TradePact = 3, storm.Russia, storm.Russia
	})
	set("Sweden", func(m *storm.Minor) {
		m.Flags, m.FlagPower, m.TradePact = 3, storm.Germany, storm.Germany
	})
	s.Powers[storm.Germany].Support = 3
	s.Powers[storm.Italy].Support = -2
	s.Powers[storm.Britain].Support = 8
	s.Powers[storm.France].Support = -7
	s.Powers[storm.Russia].Support = 1
	s.Powers[storm.Germany].TilePoints = 7
	s.Powers[storm.Britain].TilePoints = 12
	s.Powers[storm.Germany].Factories = storm.Factories{Civilian: 3, Military: 7, Idle: 2}
	s.Powers[storm.Germany].Used = storm.ActivityCounters{Two: 1, One: 1}
	s.Russia.PurgeEvents = 23
	s.Russia.Cohesion = storm.CohesionFor(23)
	when := storm.Turn{Year: 1937, Season: storm.Spring}
	s.Russia.Garrison = storm.GarrisonCheck{Turn: &when, When: "21.23A", Units: 9, ResearchCounts: 2, Flags: 3,
		Garrison: 14, Japan: 8, BalanceOfPower: 2, EAI: 0, Borders: 1, Required: 11, Surplus: 3, Support: 1}
	s.Balance.Armor, s.Balance.Infantry, s.Balance.Air, s.Balance.Naval, s.Balance.Race = 3, -1, 2, -3, -1
	launched := storm.Turn{Year: 1936, Season: storm.Fall}
	s.Powers[storm.Germany].Naval = storm.Naval{
		Building: []storm.Ship{
			{No: 2, Class: storm.Battleship5, Row: 5, Column: storm.Summer, LaidDown: storm.FirstTurn},
			{No: 3, Class: storm.Battleship4, Row: 4, Column: storm.Winter, LaidDown: storm.FirstTurn},
			{No: 4, Class: storm.Carrier, Row: 2, Column: storm.Summer, LaidDown: storm.FirstTurn},
			{No: 5, Class: storm.Battleship3, Row: 2, Column: storm.Summer, LaidDown: storm.FirstTurn},
		},
		Launched: []storm.Ship{{No: 1, Class: storm.Battleship3, Row: storm.LaunchRow, Column: storm.Fall,
			LaidDown: storm.FirstTurn, LaunchedIn: &launched}},
		Saved: 1, Next: 6,
	}
	for _, p := range []struct {
		power storm.Power
		name  string
		steps int
	}{
		{storm.Germany, "armor", 5}, {0, "radar", 2}, {storm.Germany, "jets", 1},
		{0, "covert operations", 7}, {storm.Italy, "submarines", 3},
	} {
		s.Sheets.Progress = append(s.Sheets.Progress, storm.ProjectProgress{Side: storm.Axis, Power: p.power, Project: p.name, Steps: p.steps})
	}
	return s
}

func busyView() adjudicator.View { return adjudicator.Derive(busyState()) }

func render(t testing.TB, v adjudicator.View, p storm.Power) []byte {
	t.Helper()
	b, err := Render(v, p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// samePixels compares two decoded pictures pixel by pixel (the golden
// files do not depend on the PNG encoder's exact bytes).
func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		view  adjudicator.View
		power storm.Power
	}{
		{"start_public", startView(), 0},
		{"busy_public", busyView(), 0},
		{"busy_germany", busyView(), storm.Germany},
		{"start_britain", startView(), storm.Britain},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := render(t, tc.view, tc.power)
			file := filepath.Join("testdata", tc.name+".png")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./report/picture/ -update)", err)
			}
			if !bytes.Equal(got, want) && !samePixels(decode(t, got), decode(t, want)) {
				out := filepath.Join(t.TempDir(), tc.name+".png")
				os.WriteFile(out, got, 0o644)
				t.Errorf("picture differs from %s; got %s (run go test ./report/picture/ -update)", file, out)
			}
			img := decode(t, got)
			if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != Width || h != Height(tc.view, tc.power) {
				t.Errorf("size %dx%d, want %dx%d", w, h, Width, Height(tc.view, tc.power))
			}
			if tc.power == 0 && img.Bounds().Dy() != PublicHeight {
				t.Errorf("public height %d, want PublicHeight %d", img.Bounds().Dy(), PublicHeight)
			}
			t.Logf("%s: %dx%d px, %d bytes", tc.name, img.Bounds().Dx(), img.Bounds().Dy(), len(got))
		})
	}
}

func TestPublicPictureSmall(t *testing.T) {
	for _, v := range []adjudicator.View{startView(), busyView()} {
		// 64 KB: the zlib of klauspost/compress at level 6 makes 61 KB of
		// the busy picture, four times faster than the 58 KB of the
		// standard library's (encode.go).
		if n := len(render(t, v, 0)); n > 64_000 {
			t.Errorf("public picture of %d bytes", n)
		}
	}
}

// TestDrawnForAPhone: the picture fits a phone's column of 360 CSS px at
// 2x, its text is at least 11 CSS px there, and its height is whole CSS
// pixels.
func TestDrawnForAPhone(t *testing.T) {
	if CSSWidth != 360 || Scale != 2 || Width != 720 {
		t.Errorf("drawn %d CSS px wide at %dx (%d px)", CSSWidth, Scale, Width)
	}
	for _, s := range []int{sizeSmall, sizeText, sizeName, sizeNum, sizeHead, sizeTitle} {
		if s < 11*Scale {
			t.Errorf("text of %d px: %d CSS px", s, s/Scale)
		}
	}
	render(t, busyView(), storm.Germany)
	facesMu.Lock()
	for k := range faces {
		if k.size < 11*Scale {
			t.Errorf("text drawn at %d px", k.size)
		}
	}
	facesMu.Unlock()
	if mapX0 < margin || mapX0+mapCols*cellW > Width-margin {
		t.Errorf("the map (%d..%d) is wider than the picture", mapX0, mapX0+mapCols*cellW)
	}
	for _, p := range []storm.Power{0, storm.Germany, storm.Britain} {
		if h := Height(busyView(), p); h%Scale != 0 {
			t.Errorf("power %d: height %d px", p, h)
		}
	}
}

// TestMarkersFitInTheirBox: a box's two rows of markers fit in it even
// when a country has everything: control, flags of a power and of its
// partner, a trade pact and civil war events.
func TestMarkersFitInTheirBox(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	c := newCanvas(nil)
	defer c.close()
	inner := cellW - 2*boxInset - 2*chipPad
	parts := flagParts(storm.Britain, 9, storm.France, 9)
	if w := controlW + chipGap + flagsWidth(c, parts, len(flagForms)-1); w > inner {
		t.Errorf("control and flags: %d px in %d", w, inner)
	}
	if w := flagsWidth(c, parts, 0); w > inner {
		t.Errorf("flags of a power and its partner: %d px in %d", w, inner)
	}
	if w := pactWidth(c) + chipGap + civilWarWidth(c, 9); w > inner {
		t.Errorf("trade pact and civil war: %d px in %d", w, inner)
	}
	if bandH+6+2*chipH+chipGap > cellH-2*boxInset-4 {
		t.Error("two rows of markers overflow the box")
	}
	name := c.face(true, sizeName)
	for _, p := range places {
		if w := textWidth(name, p.Short); w > cellW-2*boxInset-8 {
			t.Errorf("%s: a name of %d px", p.Short, w)
		}
	}
}

// TestConcurrentRendersAgree: pictures drawn at the same time (sharing
// the fonts' glyphs and the map's unchanging part) are the same as drawn
// alone.
func TestConcurrentRendersAgree(t *testing.T) {
	want := map[storm.Power][]byte{}
	powers := []storm.Power{0, storm.Germany, storm.Britain}
	for _, p := range powers {
		want[p] = render(t, busyView(), p)
	}
	type result struct {
		p storm.Power
		b []byte
	}
	out := make(chan result)
	for _, p := range powers {
		go func() {
			b, _ := Render(busyView(), p)
			out <- result{p, b}
		}()
	}
	for range powers {
		r := <-out
		if !bytes.Equal(r.b, want[r.p]) {
			t.Errorf("power %d: drawn concurrently, the picture differs", r.p)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, p := range []storm.Power{0, storm.Germany} {
		a := render(t, busyView(), p)
		b := render(t, busyView(), p)
		if !bytes.Equal(a, b) {
			t.Errorf("power %d: two renderings differ", p)
		}
	}
}

// TestRule15_15SecretTracksOfOthersNotDrawn: a notice shows its power's
// own tracks and nothing of another power's, even when the view holds
// them (Britain's distinctive figures here), nor the moderators' part.
func TestRule15_15SecretTracksOfOthersNotDrawn(t *testing.T) {
	v := busyView()
	br := v.Powers[storm.Britain]
	br.Available.Three = 9
	br.Naval.Saved = 77
	br.Research.Projects = append(br.Research.Projects, adjudicator.ProjectView{Project: "british jets", Steps: 5, MaxSteps: 6})
	if !bytes.Equal(render(t, v, storm.Germany), render(t, v.For(storm.Germany), storm.Germany)) {
		t.Error("Germany's picture depends on another power's private view")
	}
	if !bytes.Equal(render(t, v, 0), render(t, v.PublicOnly(), 0)) {
		t.Error("the public picture depends on a private view")
	}
	if bytes.Equal(render(t, v, storm.Germany), render(t, v, 0)) {
		t.Error("Germany's picture shows nothing of its own")
	}
	if Alt(v, storm.Germany) != Alt(v.For(storm.Germany), storm.Germany) || Alt(v, 0) != Alt(v.PublicOnly(), 0) {
		t.Error("the alt text depends on another power's private view")
	}
	// A power without a private view gets the public picture.
	if !bytes.Equal(render(t, v.PublicOnly(), storm.Germany), render(t, v, 0)) {
		t.Error("a power without a private view should get the public picture")
	}
}

// TestRule28_42BordersDrawnOnce: every pair of bordering targets of
// 28.42 is one edge of the map, drawn once whichever side lists it.
func TestRule28_42BordersDrawnOnce(t *testing.T) {
	v := startView()
	edges := borderEdges(v.Public.Targets)
	seen := map[edge]bool{}
	for _, e := range edges {
		if e.A >= e.B {
			t.Errorf("edge %v not ordered", e)
		}
		if seen[e] {
			t.Errorf("edge %v twice", e)
		}
		seen[e] = true
	}
	onMap := map[string]bool{}
	for _, tv := range v.Public.Targets {
		onMap[tv.Name] = true
	}
	want := 0
	pairs := map[edge]bool{}
	for _, tv := range v.Public.Targets {
		for _, b := range storm.Borders(tv.Name) {
			if !onMap[b] {
				continue
			}
			e := edge{min(tv.Name, b), max(tv.Name, b)}
			if !pairs[e] {
				pairs[e] = true
				want++
			}
			if !seen[e] {
				t.Errorf("28.42: %s borders %s but no edge is drawn", tv.Name, b)
			}
		}
	}
	if len(edges) != want || want == 0 {
		t.Errorf("%d edges, want %d", len(edges), want)
	}
	// Poland and Russia border each other (28.42H) though only Poland's
	// entry says so.
	if !seen[edge{"Poland", storm.RussiaTarget}] {
		t.Error("no Poland-Russia edge")
	}
}

// TestRule4_16EveryTargetPlacedInItsRegion: every diplomatic target of
// 24.21 and Russia has a place, inside the box of its region of 4.16, and
// no two places or region boxes overlap.
func TestRule4_16EveryTargetPlacedInItsRegion(t *testing.T) {
	v := startView()
	if n := len(v.Public.Targets); n != 18 || v.Public.Targets[n-1].Name != storm.RussiaTarget {
		t.Fatalf("%d targets, the last not Russia", n)
	}
	cells := map[[2]int]string{}
	for _, tv := range v.Public.Targets {
		p, ok := placeOf(tv.Name)
		if !ok {
			t.Errorf("%s has no place on the map", tv.Name)
			continue
		}
		if p.Col < 0 || p.Col >= mapCols || p.Row < 0 || p.Row >= mapRows {
			t.Errorf("%s off the grid", tv.Name)
		}
		r, ok := regionBoxOf(tv.Region)
		if !ok {
			t.Errorf("%s: region %q has no box", tv.Name, tv.Region)
			continue
		}
		if p.Col < r.Col0 || p.Col > r.Col1 || p.Row < r.Row0 || p.Row > r.Row1 {
			t.Errorf("%s at %d,%d is outside the box of %s", tv.Name, p.Col, p.Row, tv.Region)
		}
		k := [2]int{p.Col, p.Row}
		if o, dup := cells[k]; dup {
			t.Errorf("%s and %s share a cell", tv.Name, o)
		}
		cells[k] = tv.Name
	}
	if len(places) != len(v.Public.Targets) {
		t.Errorf("%d places for %d targets", len(places), len(v.Public.Targets))
	}
	for i, a := range regionBoxes {
		if !slices.Contains(storm.Regions, a.Region) {
			t.Errorf("unknown region %q", a.Region)
		}
		if _, taken := cells[[2]int{a.LabelCol, a.LabelRow}]; taken {
			t.Errorf("the label of %s covers a country", a.Region)
		}
		for _, b := range regionBoxes[i+1:] {
			if a.Col0 <= b.Col1 && b.Col0 <= a.Col1 && a.Row0 <= b.Row1 && b.Row0 <= a.Row1 {
				t.Errorf("regions %s and %s overlap", a.Region, b.Region)
			}
		}
		// Every country of the region on the map lies in its box.
		for _, name := range storm.RegionCountries(a.Region) {
			p, ok := placeOf(name)
			if !ok || p.Col < a.Col0 || p.Col > a.Col1 || p.Row < a.Row0 || p.Row > a.Row1 {
				t.Errorf("4.16: %s not in the box of %s", name, a.Region)
			}
		}
	}
	if _, taken := cells[[2]int{legendCol, legendRow}]; taken {
		t.Error("the legend covers a country")
	}
}

func TestGlyphsPresent(t *testing.T) {
	if err := loadFonts(); err != nil {
		t.Fatal(err)
	}
	c := newCanvas(nil)
	defer c.close()
	for _, bold := range []bool{false, true} {
		f := c.face(bold, sizeText)
		for _, r := range "−·←→…#/" {
			if _, ok := f.GlyphAdvance(r); !ok {
				t.Errorf("no glyph for %q (bold %v)", r, bold)
			}
		}
	}
}

func TestAlt(t *testing.T) {
	a := Alt(busyView(), storm.Germany)
	for _, want := range []string{"Summer 1937", "EAI −4", "Austria by Germany", "Spain 3", "Greece (Britain)",
		"Germany's own tracks", "purge events", "garrison 14 against 11"} {
		if !strings.Contains(a, want) {
			t.Errorf("alt text lacks %q:\n%s", want, a)
		}
	}
	if p := Alt(busyView(), 0); strings.Contains(p, "own tracks") {
		t.Errorf("public alt text mentions private tracks:\n%s", p)
	}
	if strings.Contains(a, "\n") {
		t.Error("alt text is not one paragraph")
	}
}

func TestInvalid(t *testing.T) {
	if _, err := Render(startView(), storm.Power(9)); err == nil {
		t.Error("invalid power accepted")
	}
	v := startView()
	v.Public.Targets = append(v.Public.Targets, adjudicator.TargetView{Name: "Atlantis"})
	if _, err := Render(v, 0); err == nil {
		t.Error("a country without a place accepted")
	}
}

func BenchmarkRender(b *testing.B) {
	v := busyView()
	for b.Loop() {
		if _, err := Render(v, storm.Germany); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRenderSetSharesThePublicPart (issue 24): a version's pictures drawn
// as a set are each the picture Render draws alone, byte for byte; each
// decodes as a PNG (the zlib stream joins the shared rows' deflate
// blocks and the picture's own); and a power's picture begins with the
// public picture's rows, pixel for pixel.
func TestRenderSetSharesThePublicPart(t *testing.T) {
	for _, v := range []adjudicator.View{startView(), busyView()} {
		set, err := RenderSet(v, storm.Powers)
		if err != nil {
			t.Fatal(err)
		}
		if len(set) != 1+len(v.Powers) {
			t.Fatalf("%d pictures for %d private views", len(set), len(v.Powers))
		}
		pub := decode(t, set[0])
		for p, b := range set {
			alone := render(t, v, p)
			if !bytes.Equal(alone, b) {
				t.Errorf("%v: the set's picture differs from Render's", p)
			}
			img := decode(t, b)
			if p == 0 {
				continue
			}
			if img.Bounds().Dy() != Height(v, p) {
				t.Errorf("%v: %d px tall, want %d", p, img.Bounds().Dy(), Height(v, p))
			}
			for y := 0; y < PublicHeight-Scale; y++ {
				for x := 0; x < Width; x++ {
					if img.At(x, y) != pub.At(x, y) {
						t.Fatalf("%v: pixel (%d, %d) %v, the public picture's %v", p, x, y, img.At(x, y), pub.At(x, y))
					}
				}
			}
		}
	}
}

// BenchmarkRenderSet draws a version's six pictures at once, against
// BenchmarkRender's one, with no band kept from before (bands): a
// version none of whose rows were drawn lately.
func BenchmarkRenderSet(b *testing.B) {
	defer keepBands(0)()
	v := busyView()
	for b.Loop() {
		if _, err := RenderSet(v, storm.Powers); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRenderSetNextVersion draws the six pictures of a version
// after those of the one before, which differs in its turn (the heading)
// and EAI (a track): the other bands are kept (bands).
func BenchmarkRenderSetNextVersion(b *testing.B) {
	defer keepBands(bandCacheBytes)()
	v := busyView()
	i := 0
	for b.Loop() {
		i++
		v.Public.Turn.Year = 2000 + i
		v.Public.EAI = i%11 - 5
		if _, err := RenderSet(v, storm.Powers); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPublicBandsDoNotOverlap: the public picture's two bands, drawn side
// by side on one image (drawPublicBands), each stay in its rows: the
// heading and map draw nothing from where the tracks begin, and the
// tracks nothing above.
func TestPublicBandsDoNotOverlap(t *testing.T) {
	for _, v := range []adjudicator.View{startView(), busyView()} {
		layout := newCanvas(nil)
		mid := drawMap(layout, v.Public, drawHeader(layout, v.Public))
		h := Height(v, 0)
		for _, band := range []string{"up", "down"} {
			img := image.NewRGBA(image.Rect(0, 0, Width, h))
			c := newCanvas(img)
			c.rect(0, 0, Width, h, colBackground)
			from, to := mid, h // the rows the band must leave alone
			if band == "up" {
				drawMap(c, v.Public, drawHeader(c, v.Public))
			} else {
				drawRussia(c, v.Public, drawPowers(c, v.Public, drawTracks(c, v.Public, mid)))
				from, to = 0, mid
			}
			for y := from; y < to; y++ {
				for x := 0; x < Width; x++ {
					if img.RGBAAt(x, y) != colBackground {
						t.Fatalf("band %s drew at (%d, %d), outside its rows (map ends at %d)", band, x, y, mid)
					}
				}
			}
		}
	}
}

// BenchmarkQuantize maps a drawn picture (the busy view's Germany) to its
// palette: the colour count and the scanlines of palette indices, without
// the drawing or the compression (and with no band kept from before).
func BenchmarkQuantize(b *testing.B) {
	defer keepBands(0)()
	v := busyView()
	h := Height(v, storm.Germany)
	img := image.NewRGBA(image.Rect(0, 0, Width, h))
	c := newCanvas(img)
	drawAll(c, v, storm.Germany)
	buf := make([]byte, bandRows*(Width+1))
	for b.Loop() {
		rb := newRowBands(img, 0, h, compression)
		rb.countAll()
		_, t := palette(nil, c.inks, func(n int) int { return min(256, n+shades) }, rb)
		for _, band := range rb.bands {
			scanlines(t, band.runs, buf, Width+1)
		}
	}
}

// keepBands makes the band cache one of max bytes (0: none kept) and
// returns the function that restores it.
func keepBands(max int) func() {
	old := bands
	bands = lru.New[bandKey, *bandEntry](max)
	return func() { bands = old }
}

// TestKeptBandsGiveTheSameBytes (issue 24): a picture is the same bytes
// whatever bands the cache holds (none, those of other versions, its
// own), also when a band kept is met again under other palette indices,
// and from several renderings at once.
func TestKeptBandsGiveTheSameBytes(t *testing.T) {
	next := busyView()
	next.Public.Turn.Year++
	next.Public.EAI = 3
	views := []adjudicator.View{startView(), busyView(), next}
	want := make([]map[storm.Power][]byte, len(views))
	restore := keepBands(0)
	for i, v := range views {
		set, err := RenderSet(v, storm.Powers)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = set
	}
	restore()
	for _, max := range []int{bandCacheBytes, 64 << 10} { // everything kept; a few bands only
		defer keepBands(max)()
		var wg sync.WaitGroup
		for round := range 3 {
			for i, v := range views {
				wg.Add(1)
				go func() {
					defer wg.Done()
					set, err := RenderSet(v, storm.Powers)
					if err != nil {
						t.Error(err)
						return
					}
					for p, b := range want[i] {
						if !bytes.Equal(set[p], b) {
							t.Errorf("cache of %d bytes, round %d, view %d, %v: bytes differ from a rendering with no band kept", max, round, i, p)
						}
					}
				}()
			}
			wg.Wait()
		}
		if bands.Bytes() > max {
			t.Errorf("cache holds %d bytes, more than its %d", bands.Bytes(), max)
		}
	}
}
