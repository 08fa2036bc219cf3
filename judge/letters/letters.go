package letters

import (
	"fmt"
	"regexp"
	"strings"
	"text/template"
	"time"
	_ "time/tzdata" // players' time zones (TIMEZONE) on machines without a zoneinfo database

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
)

// name signs every mail of the judge.
const name = "stormjudge, Gathering Storm adjudicator"

// Signature ends the judge's mails.
const Signature = "\n-- \n" + name + "\n"

// funcs are the template functions every letter may use.
var funcs = template.FuncMap{
	"dur":            Duration,
	"orNone":         OrNone,
	"powers":         Powers,
	"deadline":       DeadlineText,
	"upperFirst":     UpperFirst,
	"join":           strings.Join,
	"lower":          strings.ToLower,
	"signature":      func() string { return Signature },
	"rules":          RulesText,
	"pressRules":     PressRulesText,
	"waiting":        WaitingText,
	"policy":         PolicyText,
	"policyNow":      PolicyNow,
	"policyToYou":    PolicyToYou,
	"deadlineLine":   DeadlineLine,
	"taken":          Taken,
	"disorderMissed": DisorderMissed,
	"deadlines":      Deadlines,
	"stillDisorder":  StillDisorder,
	"name":           func() string { return name },
}

// parse makes a letter's template.
func parse(name, text string) *template.Template {
	return template.Must(template.New(name).Funcs(funcs).Parse(text))
}

// render executes t with data. The letters' data are the package's own
// structs, so a failure is a fault of the package: it panics.
func render(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("letters: %s: %v", t.Name(), err))
	}
	return b.String()
}

// Duration writes d as a player writes it (orders.FormatDuration): "1d12h",
// "45m"; "less than a minute" below one.
func Duration(d time.Duration) string { return orders.FormatDuration(d) }

// OrNone writes d, or "none" when it is less than a minute.
func OrNone(d time.Duration) string {
	if d < time.Minute {
		return "none"
	}
	return Duration(d)
}

// OrNoneText is s, or "none" when it is empty.
func OrNoneText(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// onOff writes a setting.
func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// Powers names ps: "Germany, Italy".
func Powers(ps []storm.Power) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Title()
	}
	return strings.Join(names, ", ")
}

// UpperFirst is s with its first byte upper case.
func UpperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Ints writes vs: "3, 4, 7".
func Ints(vs []int) string {
	var s []string
	for _, v := range vs {
		s = append(s, fmt.Sprint(v))
	}
	return strings.Join(s, ", ")
}

// DeadlineText is a time in UTC and, when zone is another, in the
// player's own time: "Mon 7 Dec 2026 18:00 UTC (19:00 CET, Mon 7 Dec, in
// Europe/Berlin)".
func DeadlineText(at time.Time, zone string) string {
	s := at.UTC().Format("Mon 2 Jan 2006 15:04 MST")
	loc := Location(zone)
	if loc == time.UTC {
		return s
	}
	l := at.In(loc)
	return fmt.Sprintf("%s (%s, %s, in %s)", s, l.Format("15:04 MST"), l.Format("Mon 2 Jan"), zone)
}

// utcTime matches a time as DeadlineText writes it in UTC.
var utcTime = regexp.MustCompile(`\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [0-9]{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2} UTC\b`)

// InZone is text, written once for every reader, with each time in UTC
// that does not give the reader's own time yet (no " (" after it)
// followed by the time in zone, as DeadlineText writes it: an
// announcement read in Europe/Berlin shows Berlin's time beside UTC.
func InZone(text, zone string) string {
	if Location(zone) == time.UTC {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range utcTime.FindAllStringIndex(text, -1) {
		if strings.HasPrefix(text[m[1]:], " (") {
			continue // a reader's zone given already
		}
		at, err := time.Parse("Mon 2 Jan 2006 15:04 MST", text[m[0]:m[1]])
		if err != nil {
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(DeadlineText(at.UTC(), zone))
		last = m[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// Location is a player's time zone (TIMEZONE; the orders' grammar checked
// it): UTC for "" or a zone no longer known.
func Location(zone string) *time.Location {
	if zone == "" || zone == "UTC" {
		return time.UTC
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return time.UTC
	}
	return loc
}
