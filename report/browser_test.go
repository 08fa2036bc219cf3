package report

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/event"
	"stormjudge/adjudicator/storm"
	"stormjudge/deck"
	"stormjudge/internal/browsertest"
)

// phoneWidth is the CSS width of a small phone's screen.
const phoneWidth = 360

// chromium finds a headless Chromium, or skips the test.
func chromium(t *testing.T) string { return browsertest.Chromium(t) }

// measure is injected into the test's copy of a mail's HTML only (mails
// carry no script): it writes the page's layout figures into the title,
// which --dump-dom prints. Headless Chromium's window is at least 500 px
// wide, so the page is laid out in a 360 px wide root element instead,
// as a phone's viewport would lay it out.
const measure = `<style>html{width:360px}</style>
<script>
window.addEventListener('load', function () {
  var img = document.images[0];
  var widest = 0, what = 'none';
  document.querySelectorAll('body *').forEach(function (e) {
    var box = e.parentElement && e.parentElement.closest('div[style*="overflow-x:auto"]');
    if (box) { return; } // inside a box that scrolls on its own: the box counts
    var r = e.getBoundingClientRect().right;
    if (r > widest) { widest = r; what = e.tagName + ':' + (e.textContent || '').trim().slice(0, 24).replace(/\s+/g, '_'); }
  });
  var fs = parseFloat(getComputedStyle(document.querySelector('p')).fontSize);
  // In dark mode, text forced dark would vanish on the dark canvas.
  var dark = 0;
  document.querySelectorAll('body, body *').forEach(function (e) {
    var m = getComputedStyle(e).color.match(/\d+/g);
    var lum = (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255;
    if (e.childNodes.length && e.textContent.trim() && lum < 0.35) { dark++; }
  });
  document.title = 'scroll=' + document.body.scrollWidth + ' widest=' + Math.ceil(widest) +
    ' img=' + (img ? Math.round(img.getBoundingClientRect().width) + 'x' + Math.round(img.getBoundingClientRect().height) + ':' + img.complete + ':' + img.naturalWidth : 'none') +
    ' font=' + fs + ' darktext=' + dark + ' widest_element=' + what;
});
</script>`

// TestHTMLInABrowserAtPhoneWidth renders a report and a notice in a real
// browser at a phone's width: nothing may be wider than the screen (no
// sideways scrolling), the picture must fit it, and the text stays
// readable. Screenshots are written to $STORMJUDGE_SCREENSHOTS when set
// (to look at), else to a temporary directory.
func TestHTMLInABrowserAtPhoneWidth(t *testing.T) {
	bin := chromium(t)
	dir := os.Getenv("STORMJUDGE_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	d, err := deck.LoadFile("../testdata/decks/illustrative.toml")
	if err != nil {
		t.Fatal(err)
	}
	s := adjudicator.NewGameWithDeck(7, d)
	var evs []event.Event
	for i := 0; i < 2; i++ {
		if s, evs, err = adjudicator.Resolve(s, nil); err != nil {
			t.Fatal(err)
		}
	}
	v := adjudicator.Derive(s)
	for name, m := range map[string]Message{
		"public":  Public("demo", evs, v),
		"germany": Private("demo", storm.Germany, evs, v),
		"russia":  Private("demo", storm.Russia, evs, v),
	} {
		t.Run(name, func(t *testing.T) {
			page := m.HTML
			if m.HasPicture {
				power := map[string]storm.Power{"germany": storm.Germany, "russia": storm.Russia}[name]
				png, err := Picture(v, power)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name+"-picture.png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
				page = strings.ReplaceAll(page, "cid:"+m.PictureCID, name+"-picture.png")
			}
			page = strings.Replace(page, "</head>", measure+"\n</head>", 1)
			file := filepath.Join(dir, name+".html")
			if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
			dom := runChromium(t, bin, "--dump-dom", fmt.Sprintf("--window-size=%d,800", phoneWidth), "file://"+file)
			title := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(dom)
			if title == nil {
				t.Fatalf("no title in the DOM:\n%s", dom)
			}
			figures := map[string]string{}
			for _, f := range strings.Fields(title[1]) {
				k, v, _ := strings.Cut(f, "=")
				figures[k] = v
			}
			t.Logf("%s at %d px: %s", name, phoneWidth, title[1])
			if n, err := strconv.Atoi(figures["scroll"]); err != nil || n > phoneWidth {
				t.Errorf("the page is %s px wide on a %d px screen: it scrolls sideways", figures["scroll"], phoneWidth)
			}
			if n, err := strconv.Atoi(figures["widest"]); err != nil || n > phoneWidth {
				t.Errorf("an element reaches %s px on a %d px screen", figures["widest"], phoneWidth)
			}
			if m.HasPicture {
				var w, h int
				var complete string
				var natural int
				if _, err := fmt.Sscanf(strings.ReplaceAll(figures["img"], ":", " "), "%dx%d %s %d", &w, &h, &complete, &natural); err != nil {
					t.Fatalf("img figures %q: %v", figures["img"], err)
				}
				if complete != "true" || natural == 0 || w > phoneWidth || w < phoneWidth-60 || h == 0 {
					t.Errorf("the picture shows %dx%d (loaded %s, natural width %d) on a %d px screen", w, h, complete, natural, phoneWidth)
				}
			}
			if fs, err := strconv.ParseFloat(figures["font"], 64); err != nil || fs < 14 {
				t.Errorf("paragraph font size %s px: too small to read on a phone", figures["font"])
			}
			// Dark mode: the mail forces no colour on its text, so the
			// reader's dark scheme recolours all of it.
			dark := runChromium(t, bin, "--dump-dom", "--force-dark-mode", fmt.Sprintf("--window-size=%d,800", phoneWidth), "file://"+file)
			if m := regexp.MustCompile(`darktext=(\d+)`).FindStringSubmatch(dark); m == nil || m[1] != "0" {
				t.Errorf("in dark mode, elements keep dark text: %v", m)
			}
			runChromium(t, bin, "--screenshot="+filepath.Join(dir, name+"-360-dark.png"), "--force-dark-mode",
				fmt.Sprintf("--window-size=%d,2400", phoneWidth), "--hide-scrollbars", "file://"+file)
			shot := filepath.Join(dir, name+"-360.png")
			runChromium(t, bin, "--screenshot="+shot, fmt.Sprintf("--window-size=%d,2400", phoneWidth), "--hide-scrollbars", "file://"+file)
			b, err := os.ReadFile(shot)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			if img.Bounds().Dx() < phoneWidth {
				t.Errorf("screenshot %v", img.Bounds())
			}
		})
	}
}

// runChromium runs headless Chromium with args and returns its output.
func runChromium(t *testing.T, bin string, args ...string) string {
	t.Helper()
	return browsertest.Run(t, 60*time.Second, bin, append([]string{"--virtual-time-budget=3000"}, args...)...)
}
