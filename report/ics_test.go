package report

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-ical"
)

// icsDeadline is the first deadline of a segment, in CET: written in UTC.
func icsDeadline() Deadline {
	return Deadline{
		UID:         "demo-v7@sandbox.test",
		At:          time.Date(1935, time.December, 20, 18, 0, 0, 0, time.FixedZone("CET", 3600)),
		Stamp:       time.Date(1935, time.December, 13, 9, 30, 0, 0, time.UTC),
		Summary:     "demo: Economic phase, Winter 1935 — orders due",
		Description: "Orders for Germany, Italy; Britain and France.\nSend them to judge@sandbox.test.",
	}
}

// decodeICS decodes b with go-ical and returns its calendar and its one
// event.
func decodeICS(t *testing.T, b []byte) (*ical.Calendar, ical.Event) {
	t.Helper()
	cal, err := ical.NewDecoder(bytes.NewReader(b)).Decode()
	if err != nil {
		t.Fatalf("go-ical cannot decode:\n%s\n%v", b, err)
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events, want 1:\n%s", len(events), b)
	}
	return cal, events[0]
}

func icsProp(t *testing.T, props ical.Props, name string) string {
	t.Helper()
	v, err := props.Text(name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func icsSequence(t *testing.T, ev ical.Event) int {
	t.Helper()
	p := ev.Props.Get(ical.PropSequence)
	if p == nil {
		t.Fatal("no SEQUENCE")
	}
	n, err := p.Int()
	if err != nil {
		t.Fatalf("SEQUENCE: %v", err)
	}
	return n
}

func TestDeadlineICSDecodes(t *testing.T) {
	d := icsDeadline()
	b, err := DeadlineICS(d)
	if err != nil {
		t.Fatal(err)
	}
	cal, ev := decodeICS(t, b)
	for name, want := range map[string]string{
		ical.PropMethod:    "PUBLISH",
		ical.PropVersion:   "2.0",
		ical.PropProductID: "-//stormjudge//Gathering Storm judge//EN",
	} {
		if got := icsProp(t, cal.Props, name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if got := icsProp(t, ev.Props, ical.PropUID); got != d.UID {
		t.Errorf("UID = %q, want %q", got, d.UID)
	}
	if got := icsSequence(t, ev); got != 0 {
		t.Errorf("SEQUENCE = %d, want 0", got)
	}
	if got := icsProp(t, ev.Props, ical.PropSummary); got != d.Summary {
		t.Errorf("SUMMARY = %q, want %q", got, d.Summary)
	}
	start, err := ev.DateTimeStart(nil)
	if err != nil || !start.Equal(d.At) || start.Location() != time.UTC {
		t.Errorf("DTSTART = %v (%v), want %v in UTC", start, err, d.At.UTC())
	}
	end, err := ev.DateTimeEnd(nil)
	if err != nil || !end.Equal(d.At.Add(DeadlineLength)) {
		t.Errorf("DTEND = %v (%v), want %v", end, err, d.At.Add(DeadlineLength).UTC())
	}
	stamp, err := ev.Props.DateTime(ical.PropDateTimeStamp, nil)
	if err != nil || !stamp.Equal(d.Stamp) {
		t.Errorf("DTSTAMP = %v (%v), want %v", stamp, err, d.Stamp)
	}
	// The times as written: UTC, the "Z" form, no TZID.
	for _, line := range []string{"DTSTART:19351220T170000Z\r\n", "DTEND:19351220T171500Z\r\n", "DTSTAMP:19351213T093000Z\r\n"} {
		if !bytes.Contains(b, []byte(line)) {
			t.Errorf("no %q in\n%s", line, b)
		}
	}
	if status, err := ev.Status(); err != nil || status != ical.EventConfirmed {
		t.Errorf("STATUS = %q (%v), want CONFIRMED", status, err)
	}
	if len(ev.Children) != 1 || ev.Children[0].Name != ical.CompAlarm {
		t.Fatalf("event children %v, want one VALARM", ev.Children)
	}
	alarm := ev.Children[0]
	if got := icsProp(t, alarm.Props, ical.PropAction); got != "DISPLAY" {
		t.Errorf("alarm ACTION = %q", got)
	}
	trigger, err := alarm.Props.Get(ical.PropTrigger).Duration()
	if err != nil || trigger != -DeadlineReminder {
		t.Errorf("alarm TRIGGER = %v (%v), want %v", trigger, err, -DeadlineReminder)
	}
	checkICSLines(t, b)
}

// TestDeadlineICSMoved: a moved deadline is the same event (UID) with a
// higher SEQUENCE and the new time; a removed one is cancelled, without
// an alarm.
func TestDeadlineICSMoved(t *testing.T) {
	first := icsDeadline()
	moved := first
	moved.Sequence = 1
	moved.At = first.At.Add(48 * time.Hour)
	moved.Stamp = first.Stamp.Add(24 * time.Hour)
	removed := moved
	removed.Sequence = 2
	removed.Cancelled = true

	var uids []string
	var seqs []int
	for _, d := range []Deadline{first, moved, removed} {
		b, err := DeadlineICS(d)
		if err != nil {
			t.Fatal(err)
		}
		_, ev := decodeICS(t, b)
		uids = append(uids, icsProp(t, ev.Props, ical.PropUID))
		seqs = append(seqs, icsSequence(t, ev))
		start, err := ev.DateTimeStart(nil)
		if err != nil || !start.Equal(d.At) {
			t.Errorf("sequence %d: DTSTART %v (%v), want %v", d.Sequence, start, err, d.At)
		}
		status, err := ev.Status()
		wantStatus := ical.EventConfirmed
		if d.Cancelled {
			wantStatus = ical.EventCancelled
		}
		if err != nil || status != wantStatus {
			t.Errorf("sequence %d: STATUS %q (%v), want %q", d.Sequence, status, err, wantStatus)
		}
		if hasAlarm := len(ev.Children) > 0; hasAlarm == d.Cancelled {
			t.Errorf("sequence %d: alarm %v, cancelled %v", d.Sequence, hasAlarm, d.Cancelled)
		}
	}
	if uids[0] != first.UID || uids[1] != uids[0] || uids[2] != uids[0] {
		t.Errorf("UIDs %q, want %q each time", uids, first.UID)
	}
	if !(seqs[0] < seqs[1] && seqs[1] < seqs[2]) {
		t.Errorf("SEQUENCEs %v, want increasing", seqs)
	}
}

// TestDeadlineICSText: free text round-trips through RFC 5545 escaping
// and line folding: line breaks, commas, semicolons, backslashes,
// non-ASCII, lines far longer than 75 octets.
func TestDeadlineICSText(t *testing.T) {
	long := strings.Repeat("Déclaration de guerre, crise; ", 12)
	tests := []struct {
		name, summary, description, want string
	}{
		{"newlines and commas", "demo: orders due", "Germany, Italy\nBritain, France\n\nRussia; and C:\\path", "Germany, Italy\nBritain, France\n\nRussia; and C:\\path"},
		{"CRLF and CR become newlines", "s", "one\r\ntwo\rthree\n", "one\ntwo\nthree"},
		{"long non-ASCII", "Frühjahr — " + long, long + "\n" + long, long + "\n" + long},
		{"no description", "s", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := icsDeadline()
			d.Summary, d.Description = tt.summary, tt.description
			b, err := DeadlineICS(d)
			if err != nil {
				t.Fatal(err)
			}
			checkICSLines(t, b)
			_, ev := decodeICS(t, b)
			if got := icsProp(t, ev.Props, ical.PropSummary); got != tt.summary {
				t.Errorf("SUMMARY = %q, want %q", got, tt.summary)
			}
			if tt.want == "" {
				if ev.Props.Get(ical.PropDescription) != nil {
					t.Error("DESCRIPTION written for an empty description")
				}
				return
			}
			if got := icsProp(t, ev.Props, ical.PropDescription); got != tt.want {
				t.Errorf("DESCRIPTION = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDeadlineICSDeterministic(t *testing.T) {
	a, err := DeadlineICS(icsDeadline())
	if err != nil {
		t.Fatal(err)
	}
	for range 20 { // go-ical keeps properties in maps, whose order varies
		b, err := DeadlineICS(icsDeadline())
		if err != nil || !bytes.Equal(a, b) {
			t.Fatalf("DeadlineICS differs for the same input (%v):\n%s\n---\n%s", err, a, b)
		}
	}
	other := icsDeadline()
	other.At = other.At.In(time.UTC) // the same instant, another zone
	if b, err := DeadlineICS(other); err != nil || !bytes.Equal(a, b) {
		t.Errorf("DeadlineICS depends on the zone of At (%v)", err)
	}
}

func TestDeadlineICSRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Deadline)
		want   string
	}{
		{"no UID", func(d *Deadline) { d.UID = "" }, "empty UID"},
		{"UID with a line break", func(d *Deadline) { d.UID = "a\r\nb" }, "UID"},
		{"no summary", func(d *Deadline) { d.Summary = "" }, "empty summary"},
		{"summary of two lines", func(d *Deadline) { d.Summary = "a\nb" }, "summary"},
		{"negative sequence", func(d *Deadline) { d.Sequence = -1 }, "negative sequence"},
		{"no time", func(d *Deadline) { d.At = time.Time{} }, "no deadline time"},
		{"no stamp", func(d *Deadline) { d.Stamp = time.Time{} }, "no stamp time"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := icsDeadline()
			tt.change(&d)
			b, err := DeadlineICS(d)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "report: deadline calendar: ") {
				t.Errorf("DeadlineICS = %q, %v; want an error with %q", b, err, tt.want)
			}
		})
	}
}

// checkICSLines checks that b is CRLF-terminated content lines of at most
// 75 octets of UTF-8, folds included.
func checkICSLines(t *testing.T, b []byte) {
	t.Helper()
	if !bytes.HasSuffix(b, []byte("\r\n")) {
		t.Error("does not end in CRLF")
	}
	for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\r\n")), []byte("\r\n")) {
		if len(line) > 75 || bytes.ContainsAny(line, "\r\n") || !utf8.Valid(line) {
			t.Errorf("line %d: %d octets, or a bare CR/LF, or split UTF-8: %q", i+1, len(line), line)
		}
	}
}
