package mailer

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

const icsType = "text/calendar; method=PUBLISH; charset=utf-8"

var (
	testICS = []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//stormjudge//test//EN\r\nMETHOD:PUBLISH\r\n" +
		"BEGIN:VEVENT\r\nUID:demo-v7@sandbox.test\r\nDTSTAMP:19350401T120000Z\r\nDTSTART:19350408T120000Z\r\n" +
		"SUMMARY:demo: orders due\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
	testJSON = []byte(`{"game":"demo","turn":"Spring 1935","powers":["germany","italy"]}` + "\n")
)

// attachedMail is a report with a calendar file and a JSON file.
func attachedMail(id string) *store.Mail {
	return &store.Mail{
		ID: id, From: "Stormjudge <judge@example.test>", To: []string{"germany@example.test"},
		Subject: "Spring 1935: orders due", Body: "The deadline is attached as a calendar file.\n",
		MessageID: "<" + id + "@example.test>",
		Created:   time.Date(1935, time.April, 1, 12, 0, 0, 0, time.UTC),
		Attachments: []store.Attachment{
			{Name: "demo-deadline.ics", ContentType: icsType, Data: testICS},
			{Name: "view.json", ContentType: "application/json", Data: testJSON},
		},
	}
}

// checkAttachments checks the parts after the body of a multipart/mixed
// against m.Attachments: type and parameters, disposition and file name,
// base64, bytes.
func checkAttachments(t testing.TB, m *store.Mail, parts []*mimePart) {
	t.Helper()
	for i, a := range m.Attachments {
		p := parts[i]
		wantType, wantParams, err := mime.ParseMediaType(a.ContentType)
		if err != nil {
			t.Fatal(err)
		}
		if p.mediaType != wantType || len(p.params) != len(wantParams) {
			t.Errorf("%s: attachment %d is %s %v, want %s %v", m.ID, i, p.mediaType, p.params, wantType, wantParams)
		}
		for k, v := range wantParams {
			if p.params[k] != v {
				t.Errorf("%s: attachment %d: %s=%q, want %q", m.ID, i, k, p.params[k], v)
			}
		}
		disp, dparams, err := p.header.ContentDisposition()
		if err != nil || disp != "attachment" || dparams["filename"] != a.Name {
			t.Errorf("%s: attachment %d Content-Disposition %q (%v), want attachment; filename=%q",
				m.ID, i, p.header.Get("Content-Disposition"), err, a.Name)
		}
		if cte := p.header.Get("Content-Transfer-Encoding"); cte != "base64" {
			t.Errorf("%s: attachment %d Content-Transfer-Encoding %q, want base64", m.ID, i, cte)
		}
		if !bytes.Equal(p.body, a.Data) {
			t.Errorf("%s: attachment %d bytes differ:\n%q\nwant\n%q", m.ID, i, p.body, a.Data)
		}
	}
}

// readAttachments reads raw as a client of go-message's mail package
// would, and returns the attachments by file name, their types and bytes.
func readAttachments(t testing.TB, raw []byte) (names []string, types map[string]string, data map[string][]byte) {
	t.Helper()
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	defer mr.Close()
	types, data = map[string]string{}, map[string][]byte{}
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		h, ok := p.Header.(*mail.AttachmentHeader)
		if !ok {
			continue
		}
		name, err := h.Filename()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(p.Body)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
		types[name] = h.Get("Content-Type")
		data[name] = b
	}
	return names, types, data
}

// TestBuildMessageAttachments: a mail's attachments follow its body in a
// multipart/mixed; go-message reads both back with their names, types and
// bytes, the body is as without them, and the bytes are the same every
// time.
func TestBuildMessageAttachments(t *testing.T) {
	plain := attachedMail("attached")
	withImage := attachedMail("attached-image")
	withImage.HTML = `<p>The map:</p><img src="cid:map@x" alt="map">`
	withImage.Inline = []store.Inline{{ContentID: "map@x", ContentType: "image/png", Name: "map.png", Data: tinyPNG}}
	flowed := attachedMail("attached-flowed")
	flowed.Flowed = true
	flowed.Body = "A flowed paragraph that goes on \nto a second line.\n"
	for _, m := range []*store.Mail{plain, withImage, flowed} {
		t.Run(m.ID, func(t *testing.T) {
			raw, err := BuildMessage(m)
			if err != nil {
				t.Fatal(err)
			}
			// The same bytes again, also from a copy made afresh.
			again, err := BuildMessage(m)
			if err != nil || !bytes.Equal(raw, again) {
				t.Fatalf("BuildMessage is not deterministic (%v):\n%s\n---\n%s", err, raw, again)
			}
			fresh := attachedMail(m.ID)
			fresh.HTML, fresh.Inline, fresh.Flowed, fresh.Body = m.HTML, m.Inline, m.Flowed, m.Body
			if other, err := BuildMessage(fresh); err != nil || !bytes.Equal(raw, other) {
				t.Fatalf("BuildMessage of an equal mail differs (%v)", err)
			}
			checkHeaders(t, m, raw) // checkBody: the tree, body and attachments
			checkLines(t, raw)
			if !bytes.Contains(raw, []byte("Content-Type: multipart/mixed; boundary=\""+boundary(bareMsgID(m.MessageID), "mix")+"\"")) {
				t.Errorf("no multipart/mixed with the derived boundary:\n%s", raw)
			}

			names, types, data := readAttachments(t, raw)
			if strings.Join(names, ",") != "demo-deadline.ics,view.json" {
				t.Fatalf("attachments %q, want demo-deadline.ics, view.json", names)
			}
			if !bytes.Equal(data["demo-deadline.ics"], testICS) || !bytes.Equal(data["view.json"], testJSON) {
				t.Errorf("attachment bytes differ: %q, %q", data["demo-deadline.ics"], data["view.json"])
			}
			if ct := types["demo-deadline.ics"]; ct != "text/calendar; charset=utf-8; method=PUBLISH" {
				t.Errorf("calendar Content-Type %q", ct)
			}
			if ct := types["view.json"]; ct != "application/json" {
				t.Errorf("JSON Content-Type %q", ct)
			}
		})
	}
}

// TestAttachmentFileNames: every name the store takes reaches the reader
// as it was, in header lines of at most 78 characters: quoted when it is
// plain ASCII and short enough not to be folded inside its quotes, RFC
// 2231-encoded (in pieces when long) otherwise.
func TestAttachmentFileNames(t *testing.T) {
	tests := []struct {
		name, file string
		wantRaw    string // in the message, unfolded
	}{
		{"plain", "deadline.ics", `attachment; filename="deadline.ics"`},
		{"spaces, fits", "Spring 1935 deadline.ics", `attachment; filename="Spring 1935 deadline.ics"`},
		{"long without spaces", strings.Repeat("x", 56) + ".ics", `filename="` + strings.Repeat("x", 56) + `.ics"`},
		{"spaces, would fold", "the deadline of the economic phase of Spring 1935.ics",
			"filename*0*=utf-8''the%20deadline%20of%20the%20economic%20phase%20o; filename*1*=f%20Spring"},
		{"non-ASCII", "Frühjahr 1935.ics", "attachment; filename*=utf-8''Fr%C3%BChjahr%201935.ics"},
		{"apostrophe and percent, quoted", "Britain's 100% share.json", `filename="Britain's 100% share.json"`},
		{"apostrophe and percent, encoded", "Britain's 100% Zölle.json", "filename*=utf-8''Britain%27s%20100%25%20Z%C3%B6lle.json"},
		{"long non-ASCII", strings.Repeat("Ärger über Rüstung ", 12) + ".ics", "filename*0*=utf-8''%C3%84rger"},
		{"longest the store takes", strings.Repeat("ü", 125) + "x.ics", "filename*15*="},
		{"quote, which only the store refuses", `say "hi".txt`, "filename*=utf-8''say%20%22hi%22.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := attachedMail("names")
			m.Attachments = []store.Attachment{{Name: tt.file, ContentType: "text/plain; charset=utf-8", Data: []byte("x\n")}}
			raw, err := BuildMessage(m)
			if err != nil {
				t.Fatal(err)
			}
			checkLines(t, raw)
			if unfolded := strings.ReplaceAll(string(raw), "\r\n ", " "); !strings.Contains(unfolded, tt.wantRaw) {
				t.Errorf("no %q in\n%s", tt.wantRaw, raw)
			}
			names, _, _ := readAttachments(t, raw)
			if len(names) != 1 || names[0] != tt.file {
				t.Errorf("go-message reads the name as %q, want %q", names, tt.file)
			}
		})
	}
}

func TestBuildMessageRefusesBadAttachments(t *testing.T) {
	tests := []struct {
		name string
		att  store.Attachment
		want string
	}{
		{"no name", store.Attachment{ContentType: "text/plain", Data: []byte("x")}, "attachment 0: no name"},
		{"newline in name", store.Attachment{Name: "a\r\nb", ContentType: "text/plain"}, "unusable name"},
		{"no type", store.Attachment{Name: "a.txt", Data: []byte("x")}, `Content-Type ""`},
		{"multipart", store.Attachment{Name: "a.eml", ContentType: "multipart/mixed; boundary=x"}, "cannot be attached"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := attachedMail("bad")
			m.Attachments = []store.Attachment{tt.att}
			_, err := BuildMessage(m)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "mailer: mail bad: ") {
				t.Errorf("BuildMessage err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestOutboxSendsAttachments: a queued mail with attachments goes out over
// SMTP as BuildMessage builds it, the server receives both files, and the
// store keeps their names but not their data once the mail is sent.
func TestOutboxSendsAttachments(t *testing.T) {
	srv := mailtest.StartSMTP(t, "", "")
	db := openStore(t)
	m := attachedMail("report-ics")
	m.From = "judge@example.test"
	enqueue(t, db, m)
	want, err := BuildMessage(m) // m as Enqueue completed it
	if err != nil {
		t.Fatal(err)
	}
	o := NewOutbox(outboxOptions(t, srv.Addr), db)
	runLoop(t, o.Run)
	eventually(t, "mail sent", func() bool { return !storedMail(t, db, m.ID).Sent.IsZero() })

	rs := receivedByMessageID(t, srv.Received())[bareMsgID(m.MessageID)]
	if len(rs) != 1 {
		t.Fatalf("received %d times, want once", len(rs))
	}
	if !bytes.Equal(rs[0].Data, want) {
		t.Errorf("sent bytes differ from BuildMessage:\n%s\n---\n%s", rs[0].Data, want)
	}
	names, _, data := readAttachments(t, rs[0].Data)
	if strings.Join(names, ",") != "demo-deadline.ics,view.json" ||
		!bytes.Equal(data["demo-deadline.ics"], testICS) || !bytes.Equal(data["view.json"], testJSON) {
		t.Errorf("received attachments %q: %q, %q", names, data["demo-deadline.ics"], data["view.json"])
	}

	stored := storedMail(t, db, m.ID)
	if len(stored.Attachments) != 2 {
		t.Fatalf("stored attachments %+v, want both names", stored.Attachments)
	}
	for i, a := range stored.Attachments {
		if a.Name != m.Attachments[i].Name || a.ContentType != m.Attachments[i].ContentType || a.Data != nil {
			t.Errorf("stored attachment %d = %q %q with %d bytes, want %q %q without data",
				i, a.Name, a.ContentType, len(a.Data), m.Attachments[i].Name, m.Attachments[i].ContentType)
		}
	}
}
