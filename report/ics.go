package report

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-ical"
)

// ICSContentType is the Content-Type of a DeadlineICS file attached to a
// mail (store.Attachment): a calendar published to the reader, not an
// invitation to answer.
const ICSContentType = "text/calendar; method=PUBLISH; charset=utf-8"

// icsProductID names the program that made a calendar file (PRODID).
const icsProductID = "-//stormjudge//Gathering Storm judge//EN"

// Deadline is what DeadlineICS needs of a segment's deadline.
type Deadline struct {
	UID         string    // e.g. "demo-v7@sandbox.test": names the segment, the same for every move of its deadline
	Sequence    int       // 0 for the first, +1 per move
	At          time.Time // the deadline (written in UTC)
	Stamp       time.Time // DTSTAMP: when the file was made (the judge's clock, passed in; never time.Now)
	Summary     string    // e.g. "demo: Economic phase, Winter 1935 — orders due"
	Description string    // free text, may be multi-line
	Cancelled   bool      // STATUS:CANCELLED (the deadline was removed)
}

// DeadlineLength is the length of a DeadlineICS event: it starts at the
// deadline and lasts a quarter of an hour. An event of no length (DTSTART
// without DTEND, RFC 5545 3.6.1) would be the exact reading, but several
// calendars draw one as a hairline or not at all in their day views; an
// event ending a quarter of an hour after the deadline is seen, and
// TRANSP:TRANSPARENT keeps it out of the reader's busy time.
const DeadlineLength = 15 * time.Minute

// DeadlineReminder is how long before the deadline the event's alarm
// (VALARM, ACTION:DISPLAY) reminds the reader. A cancelled deadline has
// no alarm.
const DeadlineReminder = 2 * time.Hour

// DeadlineICS is the calendar file of a segment's deadline: one VEVENT
// whose UID names the segment (the same for every move of its deadline)
// and whose SEQUENCE counts the moves, so that a calendar updates the
// event when a later file arrives. METHOD:PUBLISH.
//
// The event starts at d.At and lasts DeadlineLength; all times are
// written in UTC ("19350401T120000Z"), DTSTAMP is d.Stamp, and a display
// alarm rings DeadlineReminder before the deadline unless d.Cancelled
// (STATUS:CANCELLED; otherwise STATUS:CONFIRMED). Text is escaped as RFC
// 5545 3.3.11 says (a line break in d.Description becomes "\n", commas and
// semicolons are escaped) and lines longer than 75 octets are folded
// between characters. The output depends only on d: the same d gives the
// same bytes.
//
// d.UID and d.Summary must not be empty or hold control characters, d.At
// and d.Stamp must be set and d.Sequence must not be negative.
func DeadlineICS(d Deadline) ([]byte, error) {
	if err := d.validate(); err != nil {
		return nil, fmt.Errorf("report: deadline calendar: %w", err)
	}
	at := d.At.UTC()

	ev := ical.NewEvent()
	ev.Props.SetText(ical.PropUID, d.UID)
	setInt(ev.Props, ical.PropSequence, d.Sequence)
	ev.Props.SetDateTime(ical.PropDateTimeStamp, d.Stamp.UTC())
	ev.Props.SetDateTime(ical.PropDateTimeStart, at)
	ev.Props.SetDateTime(ical.PropDateTimeEnd, at.Add(DeadlineLength))
	ev.Props.SetText(ical.PropSummary, d.Summary)
	if desc := icsText(d.Description); desc != "" {
		ev.Props.SetText(ical.PropDescription, desc)
	}
	ev.Props.SetText(ical.PropTransparency, "TRANSPARENT")
	if d.Cancelled {
		ev.SetStatus(ical.EventCancelled)
	} else {
		ev.SetStatus(ical.EventConfirmed)
		alarm := ical.NewComponent(ical.CompAlarm)
		alarm.Props.SetText(ical.PropAction, "DISPLAY")
		alarm.Props.SetText(ical.PropDescription, d.Summary)
		trigger := ical.NewProp(ical.PropTrigger)
		trigger.Value = icsDuration(-DeadlineReminder) // relative to DTSTART
		alarm.Props.Set(trigger)
		ev.Children = append(ev.Children, alarm)
	}

	cal := ical.NewCalendar()
	cal.Props.SetText(ical.PropVersion, "2.0")
	cal.Props.SetText(ical.PropProductID, icsProductID)
	cal.Props.SetText(ical.PropCalendarScale, "GREGORIAN")
	cal.Props.SetText(ical.PropMethod, "PUBLISH")
	cal.Children = append(cal.Children, ev.Component)

	// go-ical writes each component's properties sorted by name, so the
	// bytes depend only on d; it does not fold long lines.
	var buf bytes.Buffer
	if err := ical.NewEncoder(&buf).Encode(cal); err != nil {
		return nil, fmt.Errorf("report: deadline calendar: %w", err)
	}
	return foldICS(buf.Bytes()), nil
}

func (d *Deadline) validate() error {
	switch {
	case d.UID == "":
		return errors.New("empty UID")
	case d.Summary == "":
		return errors.New("empty summary")
	case !utf8.ValidString(d.UID) || strings.ContainsFunc(d.UID, unicode.IsControl):
		return fmt.Errorf("UID %q is not printable text", d.UID)
	case !utf8.ValidString(d.Summary) || strings.ContainsFunc(d.Summary, unicode.IsControl):
		return fmt.Errorf("summary %q is not one line of text", d.Summary)
	case !utf8.ValidString(d.Description):
		return errors.New("description is not UTF-8")
	case d.Sequence < 0:
		return fmt.Errorf("negative sequence %d", d.Sequence)
	case d.At.IsZero():
		return errors.New("no deadline time")
	case d.Stamp.IsZero():
		return errors.New("no stamp time")
	}
	return nil
}

// setInt sets the INTEGER property name.
func setInt(props ical.Props, name string, v int) {
	p := ical.NewProp(name)
	p.Value = strconv.Itoa(v)
	props.Set(p)
}

// icsText returns free text as a TEXT value takes it: line breaks as "\n"
// (the encoder escapes them), other control characters but tab dropped,
// and without a final line break.
func icsText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	return strings.TrimRight(s, "\n")
}

// icsDuration writes d (whole seconds) as an RFC 5545 DURATION, in the
// largest exact units: -PT2H, PT15M, PT90S.
func icsDuration(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	s := int64(d / time.Second)
	switch {
	case s%3600 == 0:
		return sign + "PT" + strconv.FormatInt(s/3600, 10) + "H"
	case s%60 == 0:
		return sign + "PT" + strconv.FormatInt(s/60, 10) + "M"
	}
	return sign + "PT" + strconv.FormatInt(s, 10) + "S"
}

// icsLine is the longest content line foldICS leaves, in octets without
// the line break (RFC 5545 3.1).
const icsLine = 75

// foldICS folds every CRLF-terminated content line of b longer than
// icsLine octets: a CRLF and a space before the octet that would exceed
// it (the continuation's space counts), never inside a UTF-8 sequence.
func foldICS(b []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(b) + len(b)/icsLine*3)
	for line := range bytes.SplitSeq(b, []byte("\r\n")) {
		if len(line) == 0 {
			continue // after the final CRLF
		}
		limit := icsLine
		for len(line) > limit {
			cut := limit
			for cut > 0 && !utf8.RuneStart(line[cut]) {
				cut--
			}
			out.Write(line[:cut])
			out.WriteString("\r\n ")
			line = line[cut:]
			limit = icsLine - 1 // the leading space
		}
		out.Write(line)
		out.WriteString("\r\n")
	}
	return out.Bytes()
}
