package site

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator/storm"
	"stormjudge/internal/browsertest"
)

// chromium finds a headless Chromium, or skips the test.
func chromium(t *testing.T) string { return browsertest.Chromium(t) }

// runChromium runs headless Chromium with args and returns its output.
func runChromium(t *testing.T, bin string, args ...string) string {
	t.Helper()
	return browsertest.Run(t, 3*time.Minute, bin, args...)
}

// harness is the test's own page (the site has no script): it opens
// each page of the site in turn in an iframe as wide as a screen, and
// once the page and its pictures have loaded, notes how wide the page
// lays out, its widest element (outside the boxes that scroll on their
// own), and its pictures that did not load. --dump-dom prints the result.
const harness = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>running</title></head>
<body style="margin:0">
<pre id="out"></pre>
<script>
var pages = PAGES, width = WIDTH, results = [], i = 0;
function next() {
  if (i >= pages.length) {
    document.getElementById('out').textContent = JSON.stringify(results);
    document.title = 'done';
    return;
  }
  var f = document.createElement('iframe');
  f.style.width = width + 'px'; f.style.height = '900px'; f.style.border = '0';
  f.onload = function () {
    var r = {page: pages[i], broken: []};
    try {
      var d = f.contentDocument;
      r.title = d.title;
      r.scroll = d.documentElement.scrollWidth;
      var widest = 0, what = '';
      d.querySelectorAll('body *').forEach(function (e) {
        var box = e.parentElement && e.parentElement.closest('div[style*="overflow-x:auto"], .scroll');
        if (box) { return; }
        var right = e.getBoundingClientRect().right;
        if (right > widest) { widest = right; what = e.tagName + ':' + (e.textContent || '').trim().slice(0, 24); }
      });
      r.widest = Math.ceil(widest); r.what = what;
      r.images = d.images.length;
      for (var k = 0; k < d.images.length; k++) {
        var img = d.images[k];
        if (!img.complete || img.naturalWidth === 0) { r.broken.push(img.getAttribute('src')); }
      }
      r.svg = d.querySelectorAll('svg').length;
    } catch (e) { r.error = String(e); }
    results.push(r);
    document.body.removeChild(f);
    i++;
    next();
  };
  f.src = pages[i];
  document.body.appendChild(f);
}
window.addEventListener('load', next);
</script>
</body></html>
`

// pageResult is what the harness notes of a page.
type pageResult struct {
	Page   string   `json:"page"`
	Title  string   `json:"title"`
	Scroll int      `json:"scroll"`
	Widest int      `json:"widest"`
	What   string   `json:"what"`
	Images int      `json:"images"`
	Broken []string `json:"broken"`
	SVG    int      `json:"svg"`
	Error  string   `json:"error"`
}

// inBrowser opens every page of the site in dir in Chromium at width
// (through a copy of the site, its pictures loaded eagerly: the index's
// are lazy) and checks each loads whole, with every picture, and is no
// wider than the screen.
func inBrowser(t *testing.T, bin, dir string, width int) []pageResult {
	t.Helper()
	cp := t.TempDir()
	var pages []string
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range des {
		b, err := os.ReadFile(filepath.Join(dir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(de.Name(), ".html") {
			pages = append(pages, de.Name())
			b = bytes.ReplaceAll(b, []byte(` loading="lazy"`), nil)
		}
		if err := os.WriteFile(filepath.Join(cp, de.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	list, _ := json.Marshal(pages)
	h := strings.NewReplacer("PAGES", string(list), "WIDTH", itoa(width)).Replace(harness)
	if err := os.WriteFile(filepath.Join(cp, "harness-of-the-test.html"), []byte(h), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := runChromium(t, bin, "--dump-dom", "--virtual-time-budget=600000", "--window-size=1400,1000", "file://"+filepath.Join(cp, "harness-of-the-test.html"))
	m := regexp.MustCompile(`(?s)<pre id="out">(.*?)</pre>`).FindStringSubmatch(dom)
	if m == nil || strings.TrimSpace(m[1]) == "" {
		t.Fatalf("the harness did not finish:\n%.2000s", dom)
	}
	var res []pageResult
	if err := json.Unmarshal([]byte(htmlUnescape(m[1])), &res); err != nil {
		t.Fatalf("the harness's result: %v\n%.2000s", err, m[1])
	}
	if len(res) != len(pages) {
		t.Fatalf("%d pages of %d opened", len(res), len(pages))
	}
	for _, r := range res {
		switch {
		case r.Error != "":
			t.Errorf("%s at %d px: %s", r.Page, width, r.Error)
		case r.Title == "":
			t.Errorf("%s at %d px: no title (did it load?)", r.Page, width)
		case r.Scroll > width:
			t.Errorf("%s at %d px: the page is %d px wide: it scrolls sideways", r.Page, width, r.Scroll)
		case r.Widest > width:
			t.Errorf("%s at %d px: %s reaches %d px", r.Page, width, r.What, r.Widest)
		case len(r.Broken) > 0:
			t.Errorf("%s at %d px: pictures not loaded: %v", r.Page, width, r.Broken)
		}
	}
	return res
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func htmlUnescape(s string) string {
	return strings.NewReplacer("&quot;", `"`, "&lt;", "<", "&gt;", ">", "&#39;", "'", "&amp;", "&").Replace(s)
}

// checkLinks checks every link and picture of every page of the site in
// dir: relative, within the site, to a file that is there; and that no
// page has a script.
func checkLinks(t *testing.T, dir string) (links int) {
	t.Helper()
	ref := regexp.MustCompile(`\b(href|src)="([^"]*)"`)
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range des {
		if !strings.HasSuffix(de.Name(), ".html") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		// Player-written text (the press) is text: no element, handler
		// or link comes of it (html/template escapes it).
		low := strings.ToLower(string(b))
		if strings.Contains(low, "<script") || regexp.MustCompile(`<[^>]*\son[a-z]+=`).MatchString(low) || strings.Contains(low, "<b>markup") {
			t.Errorf("%s has a script, a handler or the press's markup", de.Name())
		}
		for _, m := range ref.FindAllStringSubmatch(string(b), -1) {
			links++
			target := m[2]
			if target == "" || strings.Contains(target, ":") || strings.HasPrefix(target, "/") || strings.Contains(target, "..") || strings.Contains(target, "/") {
				t.Errorf("%s: %s=%q is not a file of the site", de.Name(), m[1], target)
				continue
			}
			if !exists(dir, target) {
				t.Errorf("%s: %s=%q: no such file", de.Name(), m[1], target)
			}
		}
	}
	return links
}

// TestSiteInBrowser (issue 25): the site of a game, under way and then
// ended (with its notices and press), opened page by page in headless
// Chromium at a phone's width, and the ended one at a desktop's: every
// page loads with its pictures, nothing is wider than the screen; every
// link and picture is a file of the site; no page has a script.
// Screenshots of the index go to $STORMJUDGE_SCREENSHOTS when set.
func TestSiteInBrowser(t *testing.T) {
	bin := chromium(t)
	g := newGame(t)
	g.send(storm.Italy, "PRESS TO GERMANY, RUSSIA\n<b>Markup</b> & a long word: Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, and <a href=\"javascript:alert(1)\">a link</a>.")
	for range 3 {
		g.deadline()
	}
	dir := t.TempDir()
	if _, err := Write(g.db, "demo", dir); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, dir)
	res := inBrowser(t, bin, dir, 360)
	if i := slices.IndexFunc(res, func(r pageResult) bool { return r.Page == indexFile }); i < 0 || res[i].SVG != 1 || res[i].Images != 5 {
		t.Errorf("the index of a game at version 4: %+v, want the chart and 5 pictures", res)
	}
	g.end()
	if _, err := Write(g.db, "demo", dir); err != nil {
		t.Fatal(err)
	}
	links := checkLinks(t, dir)
	phone := inBrowser(t, bin, dir, 360)
	desk := inBrowser(t, bin, dir, 1280)
	if len(phone) != 5*6+2 {
		t.Errorf("%d pages in the site of an ended game of 5 versions, want 32 (5 reports, 25 notices, the index and the press)", len(phone))
	}
	t.Logf("%d pages, %d links and pictures; at 1280 px the index is %d px wide", len(phone), links, desk[slices.IndexFunc(desk, func(r pageResult) bool { return r.Page == indexFile })].Scroll)
	if shots := os.Getenv("STORMJUDGE_SCREENSHOTS"); shots != "" {
		if err := os.MkdirAll(shots, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{"360", "1280"} {
			runChromium(t, bin, "--screenshot="+filepath.Join(shots, "site-index-"+w+".png"), "--hide-scrollbars", "--window-size="+w+",2400", "file://"+filepath.Join(dir, indexFile))
		}
	}
}
