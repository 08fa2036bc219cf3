package judge

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"stormjudge/adjudicator"
	"stormjudge/adjudicator/storm"
	"stormjudge/report"
	"stormjudge/store"
)

// TestReportsPictureDrawnFromItsSource: a report's and a notice's picture
// are queued by source, not bytes, and Judge.Inline draws exactly the
// picture their HTML was rendered with, from the stored version; an
// unknown source is an error.
func TestReportsPictureDrawnFromItsSource(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	g, s, _ := game(t, db, "demo")
	for _, m := range outbox(t, db) {
		for _, in := range m.Inline {
			if in.Data != nil {
				t.Errorf("%s stores its picture's bytes", m.ID)
			}
		}
	}
	pub := mailsWith(t, db, "demo/v1/public/germany")
	ger := mailsWith(t, db, "demo/v1/private/germany")
	if len(pub) != 1 || len(ger) != 1 || len(pub[0].Inline) != 1 || len(ger[0].Inline) != 1 {
		t.Fatalf("version %d: public %v, notice %v", g.Version, pub, ger)
	}
	for _, tc := range []struct {
		m     *store.Mail
		power storm.Power
	}{{pub[0], 0}, {ger[0], storm.Germany}} {
		got, err := j.Inline(tc.m.Inline[0].Source)
		if err != nil {
			t.Fatal(err)
		}
		want, err := report.Picture(adjudicator.Derive(s), tc.power)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) || !bytes.HasPrefix(got, []byte("\x89PNG")) {
			t.Errorf("%s: the picture drawn from %q is not the report's", tc.m.ID, tc.m.Inline[0].Source)
		}
	}
	pubPic, _ := j.Inline(pub[0].Inline[0].Source)
	gerPic, _ := j.Inline(ger[0].Inline[0].Source)
	if bytes.Equal(pubPic, gerPic) {
		t.Error("Germany's notice shows the public picture: its own tracks are missing")
	}
	src := pub[0].Inline[0].Source
	key := src[strings.LastIndex(src, "/"):]
	for _, bad := range []string{"", "picture/", "picture/demo/x/public" + key, "picture/demo/1/prussia" + key,
		"picture/nogame/1/public" + key, "other/demo/1/public" + key, "picture/demo/01/public" + key,
		"picture/demo/1/Public" + key, "picture/demo/1/public/0000", "picture/demo/1/public"} {
		if _, err := j.Inline(bad); !errors.Is(err, store.ErrImageGone) {
			t.Errorf("Inline(%q) = %v, want store.ErrImageGone", bad, err)
		}
	}
	// A version replaced after the mail was queued (a rollback) shows
	// something else: its picture is not drawn in the report's place.
	s.EAI = 4
	if err := db.Update(func(tx *store.Tx) error { return tx.PutState("demo", g.Version, s, nil) }); err != nil {
		t.Fatal(err)
	}
	if _, err := j.Inline(src); !errors.Is(err, store.ErrImageGone) {
		t.Errorf("the picture of a replaced version was drawn: %v", err)
	}
}

// TestPicturesDrawnAhead (issue 24): with DrawAhead, committing the mails
// of a version starts drawing its pictures, before the outbox asks; what
// Inline then returns is the report's picture, byte for byte.
func TestPicturesDrawnAhead(t *testing.T) {
	j, db, _ := newJudgeWith(t, Options{DrawAhead: true})
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for !j.pub.PicturesKept("demo", 1) {
		if time.Now().After(deadline) {
			t.Fatal("the first version's pictures were not drawn ahead")
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, s, _ := game(t, db, "demo")
	ger := mailsWith(t, db, "demo/v1/private/germany")
	if len(ger) != 1 || len(ger[0].Inline) != 1 {
		t.Fatalf("Germany's notice: %v", ger)
	}
	got, err := j.Inline(ger[0].Inline[0].Source)
	if err != nil {
		t.Fatal(err)
	}
	want, err := report.Picture(adjudicator.Derive(s), storm.Germany)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the picture drawn ahead is not the report's")
	}
}

// TestVersionPicturesDrawnOnce (issue 24): the outbox asks for the
// picture of every mail, from several workers at once; a version's
// pictures are drawn once for all of them, each the report's own.
func TestVersionPicturesDrawnOnce(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	_, s, _ := game(t, db, "demo")
	view := adjudicator.Derive(s)
	var sources []string
	want := map[string][]byte{}
	for _, m := range outbox(t, db) {
		for _, in := range m.Inline {
			if !strings.HasPrefix(in.Source, "picture/demo/1/") {
				continue
			}
			sources = append(sources, in.Source)
			p, _ := storm.ParsePower(strings.Split(in.Source, "/")[3])
			b, err := report.Picture(view, p)
			if err != nil {
				t.Fatal(err)
			}
			want[in.Source] = b
		}
	}
	if len(want) != 6 || len(sources) < 10 {
		t.Fatalf("version 1's mails show %d pictures in %d mails, want the public one and five notices'", len(want), len(sources))
	}
	var wg sync.WaitGroup
	for _, src := range sources {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := j.Inline(src)
			if err != nil || !bytes.Equal(got, want[src]) {
				t.Errorf("%s: not the report's picture (%v)", src, err)
			}
		}()
	}
	wg.Wait()
	if n := j.pub.PicturesDrawn(); n != 1 {
		t.Errorf("version 1's pictures drawn %d times for %d mails, want once", n, len(sources))
	}
}

// TestPublicPictureOnlyWhenKept (issue 25): the public site takes a
// version's public picture from the judge only when the judge has drawn
// it for the version's mails (the same bytes), never one of a version it
// did not draw or that was replaced since.
func TestPublicPictureOnlyWhenKept(t *testing.T) {
	j, db, _ := newJudge(t)
	if _, err := j.EnsureGame(demoDef(0)); err != nil {
		t.Fatal(err)
	}
	g, s, _ := game(t, db, "demo")
	view := adjudicator.Derive(s)
	if _, ok := j.PublicPicture("demo", g.Version, view); ok {
		t.Fatal("a picture the judge has not drawn yet")
	}
	pub := mailsWith(t, db, "demo/v1/public/germany")
	if _, err := j.Inline(pub[0].Inline[0].Source); err != nil {
		t.Fatal(err)
	}
	got, ok := j.PublicPicture("demo", g.Version, view)
	want, err := report.Picture(view, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !ok || !bytes.Equal(got, want) {
		t.Errorf("the kept public picture: %v, the same bytes %v", ok, bytes.Equal(got, want))
	}
	if _, ok := j.PublicPicture("demo", g.Version-1, view); ok {
		t.Error("a picture of a version the judge did not draw")
	}
	if _, ok := j.PublicPicture("nogame", 1, view); ok {
		t.Error("a picture of a game that does not exist")
	}
}

// TestMailTextLeavesThePictureOut: after a player's MAIL TEXT its
// reports, notices and digests come as text alone (no picture, no HTML
// part of their own) while the other players' keep theirs; STATUS says
// so; MAIL PICTURE puts the picture back; a moderator's MAIL TEXT is
// refused (a player's setting).
func TestMailTextLeavesThePictureOut(t *testing.T) {
	j, db, c := rulesGame(t, 0, store.Rules{})
	res := mustIngest(t, j, player(storm.Germany, "MAIL TEXT"), Accepted)
	if !strings.Contains(flat(res.Receipt.Body), "Mail: text only.") {
		t.Errorf("MAIL TEXT's receipt:\n%s", res.Receipt.Body)
	}
	res = mustIngest(t, j, player(storm.Germany, "STATUS"), Answered)
	if !strings.Contains(flat(res.Receipt.Body), "Mail as text only, without the picture") {
		t.Errorf("STATUS after MAIL TEXT:\n%s", res.Receipt.Body)
	}
	withPicture := func(m *store.Mail) bool { return len(m.Inline) == 1 && strings.Contains(m.HTML, "cid:") }
	textOnly := func(m *store.Mail) bool { return len(m.Inline) == 0 && m.HTML == "" && m.Body != "" }
	adjudicate := func() int {
		c.t = c.t.Add(time.Minute)
		mustIngest(t, j, moderatorMail("ADJUDICATE\nREASON on with it"), Accepted)
		g, _, _ := game(t, db, "demo")
		return g.Version
	}

	v := adjudicate()
	ger := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/germany", v))
	gerPub := mailsWith(t, db, fmt.Sprintf("demo/v%d/public/germany@", v))
	ita := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/italy", v))
	if len(ger) != 1 || len(gerPub) != 1 || len(ita) != 1 {
		t.Fatalf("version %d: Germany's notice %d, report %d, Italy's notice %d", v, len(ger), len(gerPub), len(ita))
	}
	if !textOnly(ger[0]) || !textOnly(gerPub[0]) {
		t.Errorf("Germany's mails after MAIL TEXT carry a picture or HTML: inline %d, html %d bytes", len(ger[0].Inline)+len(gerPub[0].Inline), len(ger[0].HTML)+len(gerPub[0].HTML))
	}
	if !withPicture(ita[0]) {
		t.Fatalf("Italy's notice lost its picture: %+v", ita[0].Inline)
	}
	pic, err := j.Inline(ita[0].Inline[0].Source)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("version %d's notice: Germany (MAIL TEXT) %d bytes of text; Italy %d of text, %d of HTML, %d of picture",
		v, len(ger[0].Body), len(ita[0].Body), len(ita[0].HTML), len(pic))

	// The digest too.
	mustIngest(t, j, player(storm.Germany, "MAIL DIGEST"), Accepted)
	for range 3 {
		adjudicate()
	}
	digests := mailsWith(t, db, "/digest/germany")
	if len(digests) == 0 {
		t.Fatal("no digest for Germany")
	}
	for _, m := range digests {
		if !textOnly(m) {
			t.Errorf("digest %s carries a picture or HTML", m.ID)
		}
	}

	mustIngest(t, j, player(storm.Germany, "MAIL PICTURE"), Accepted)
	mustIngest(t, j, player(storm.Germany, "MAIL EVERY SEGMENT"), Accepted)
	v = adjudicate()
	if ger := mailsWith(t, db, fmt.Sprintf("demo/v%d/private/germany", v)); len(ger) != 1 || !withPicture(ger[0]) {
		t.Errorf("after MAIL PICTURE, Germany's notice of version %d: %v", v, ger)
	}
	res = mustIngest(t, j, moderatorMail("MAIL TEXT"), Rejected)
	if !strings.Contains(flat(res.Receipt.Body), "MAIL TEXT is a player's setting") {
		t.Errorf("a moderator's MAIL TEXT:\n%s", res.Receipt.Body)
	}
}
