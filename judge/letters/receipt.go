package letters

import (
	"fmt"
	"strings"

	"stormjudge/adjudicator/storm"
	"stormjudge/orders"
	"stormjudge/report"
)

// Receipt answers one email: accepted orders as understood, commands
// done, a HELP or a query's answer, or a refusal order by order.
type Receipt struct {
	// Unverified: the email failed its secret; the receipt is this fixed
	// refusal and quotes nothing of the email, not even its game.
	Unverified string
	// Fixed is a whole receipt written in fixed words (the lobby's); it
	// stands when there is no error.
	Fixed string
	// Outcome: "answered", "accepted" or else a refusal.
	Outcome string
	// What an answered email asked ("HELP", "STATUS" ...).
	What string
	// Commands: the email gave commands, not orders.
	Commands bool
	// Check: the email's CHECK line; its orders were checked, not stored
	// (Outcome "accepted": they would be).
	Check bool
	// Moderator: the email spoke for the moderator; Power: for that
	// power (with Moderator: the moderator spoke for it); Observer: for
	// an observer, who has no power.
	Moderator bool
	Power     storm.Power
	Observer  bool
	Game      string
	// State is the game's open state the receipt names, nil for none.
	State *storm.State
	Help  string
	Done  []string
	Notes []string
	// Reason is an accepted email's REASON.
	Reason string
	// Accepted are the orders taken; After the power once they are
	// (nil: no preview), Committed the tile points the diplomatic phase
	// takes for this turn's counters beyond After's.
	Accepted []storm.Order
	// Warnings: accepted orders that stand only if something happens
	// first, each "warning: line N: ...: stands only if ...".
	Warnings  []string
	After     *storm.PowerState
	Committed int
	// Read and Refused: the orders of a refused email, and why each was
	// refused, by index.
	Read    []storm.Order
	Refused map[int][]string
	Errs    []string
	// Footer replaces the refusal's closing advice.
	Footer string
	// Disorder: a refused email of a player whose seat is in civil
	// disorder; the refusal says the computer still plays Power.
	Disorder bool
}

// Turn and Segment name the open state.
func (r Receipt) Turn() string    { return r.State.Turn.String() }
func (r Receipt) Segment() string { return r.State.Segment.Title() }

// Who names whom the receipt is for: the power, the moderator, or the
// power with byMod when the moderator spoke for it; an observer, who has
// no power.
func (r Receipt) Who(byMod string) string {
	switch {
	case r.Observer:
		return "an observer"
	case r.Moderator && r.Power == 0:
		return "the moderator"
	case r.Moderator:
		return r.Power.Title() + byMod
	}
	return r.Power.Title()
}

// EndOfGame: the open segment is the end of the game (33, 34), the
// turn's last: no activity counter is of use after it.
func (r Receipt) EndOfGame() bool { return r.State != nil && r.State.Segment == storm.SegEndOfGame }

// OrderLines are the accepted orders as the report writes them.
func (r Receipt) OrderLines() []string { return strings.Split(report.Orders(r.Accepted), "\n") }

// Keeps, Now and Available are the After preview's figures.
func (r Receipt) Keeps() string     { return report.TilePoints(r.After.TilePoints - r.Committed) }
func (r Receipt) Now() string       { return report.TilePoints(r.After.TilePoints) }
func (r Receipt) Available() string { return r.After.Available().String() }

// ErrLines are the refusal's errors as written: a parser's "line 3: ..."
// as it is, any other with a capital.
func (r Receipt) ErrLines() []string {
	var out []string
	for _, e := range r.Errs {
		e = strings.TrimRight(e, "\n")
		if !strings.HasPrefix(e, "line ") {
			e = UpperFirst(e)
		}
		out = append(out, e)
	}
	return out
}

// FixWords says a refusal's fix to the player: "write X in its place",
// "leave this line out", "add the lines X; Y".
func FixWords(f storm.Fix) string {
	var parts []string
	switch {
	case len(f.Replace) == 1:
		parts = append(parts, "write "+f.Replace[0]+" in its place")
	case len(f.Replace) > 1:
		parts = append(parts, "write in its place the lines "+strings.Join(f.Replace, "; "))
	case f.Drop:
		parts = append(parts, "leave this line out")
	}
	switch {
	case len(f.Add) == 1:
		parts = append(parts, "add the line "+f.Add[0])
	case len(f.Add) > 1:
		parts = append(parts, "add the lines "+strings.Join(f.Add, "; "))
	}
	return strings.Join(parts, ", and ")
}

// Warning is a receipt's line for w: "warning: line 7: DIPLOMATIC POLAND
// 2 (for Diplomacy: Allies): stands only if ... (rule 24.51: ...)"; an
// order of an earlier email (earlier) is named without a line of this one.
func Warning(w storm.OrderWarning, earlier bool) string {
	var b strings.Builder
	b.WriteString("warning: ")
	if w.Order.Line > 0 && !earlier {
		fmt.Fprintf(&b, "line %d: ", w.Order.Line)
	}
	b.WriteString(w.Order.String() + ": stands only if " + w.Stands)
	if w.Fix != nil {
		b.WriteString(": " + FixWords(*w.Fix))
	}
	if earlier {
		b.WriteString("; the order was sent in an earlier email")
	}
	if w.Rule != "" {
		b.WriteString(" (rule " + w.Rule + ": " + w.Msg + ")")
	}
	return b.String()
}

// ReadLine is one order of a refused email, marked.
type ReadLine struct {
	Mark, Order string
	Line        int
	Why         []string
}

// ReadLines are a refused email's orders one by one, each marked.
func (r Receipt) ReadLines() []ReadLine {
	var out []ReadLine
	for i, o := range r.Read {
		mark := "ok     "
		if len(r.Refused[i]) > 0 {
			mark = "REFUSED"
		}
		out = append(out, ReadLine{Mark: mark, Order: o.String(), Line: o.Line, Why: r.Refused[i]})
	}
	return out
}

// SomeOK: some of the read orders would be accepted.
func (r Receipt) SomeOK() bool { return len(r.Refused) < len(r.Read) }

var receiptUnverified = parse("unverified", `An email sent in your address's name was NOT accepted; nothing was changed.

{{.Unverified}}

Nothing of that email is quoted here: its secret did not verify, so anyone may have written it. If you did not send it, ignore it and this receipt. The judge never asks for your secret, and no one running it will either.
{{signature}}`)

var receiptText = parse("receipt", `
{{- define "state"}}{{if .State}}, {{.Turn}}, {{.Segment}}{{end}}{{end}}
{{- define "reason"}}{{if .Reason}}Reason: {{.Reason}}
{{end}}{{end}}
{{- if and .Fixed (not .Errs)}}{{.Fixed}}

{{- else if eq .Outcome "answered"}}{{.What}} for {{.Who ""}} in game {{.Game}}{{template "state" .}}: nothing was changed.

{{.Help}}
{{else if and (eq .Outcome "accepted") .Commands}}Commands ACCEPTED for {{if .Observer}}an observer of game {{.Game}}{{else}}{{.Who ", by the moderator"}} in game {{.Game}}{{end}}{{template "state" .}}.

{{range .Done}}{{.}}
{{end}}{{if .Help}}{{.Help}}

{{end}}{{range .Notes}}{{.}}
{{end}}{{template "reason" .}}

{{- else if and (eq .Outcome "accepted") .Check}}CHECK: these orders would be ACCEPTED for {{.Who " (entered by the moderator)"}} in game {{.Game}}{{if .State}}, for {{.Turn}}, {{.Segment}}{{end}}. They were checked, NOT stored: nothing was changed.

As understood:
{{range .OrderLines}}  {{.}}
{{end}}
{{range .Warnings}}{{.}}

{{end}}{{if .After}}If adjudicated as sent, {{.Power.Title}} would keep {{if gt .Committed 0}}{{.Keeps}} once this turn's counters are paid ({{.Now}} after these orders, less {{.Committed}}, rule 24.52C){{else}}{{.Now}}{{end}}{{if not .EndOfGame}} and these activity counters for the rest of the turn:
  {{.Available}}{{end}}

{{end}}{{range .Notes}}{{.}}
{{end}}
{{- else if eq .Outcome "accepted"}}Orders ACCEPTED for {{.Who " (entered by the moderator)"}} in game {{.Game}}{{if .State}}, for {{.Turn}}, {{.Segment}}{{end}}.

As understood:
{{range .OrderLines}}  {{.}}
{{end}}
{{range .Warnings}}{{.}}

{{end}}{{if .After}}{{if gt .Committed 0}}If adjudicated as sent, {{.Power.Title}} keeps {{.Keeps}} once this turn's diplomatic and military counters are paid at the end of the diplomatic phase ({{.Now}} after these orders, less {{.Committed}} for the counters, rule 24.52C), and these activity counters for the rest of the turn:
  {{.Available}}

{{else if .EndOfGame}}If adjudicated as sent, {{.Power.Title}} keeps {{.Now}}.

{{else}}If adjudicated as sent, {{.Power.Title}} keeps {{.Now}} and these activity counters for the rest of the turn:
  {{.Available}}

{{end}}{{if gt .After.ConstructionLeftover 0}}Your BUILD counters give {{.After.ConstructionLeftover}} point(s) beyond the units' cost that no shipbuilding order spends (LEFTOVER n); they are paid and lost (rule 12.41A).

{{end}}{{end}}{{range .Notes}}{{.}}
{{end}}{{template "reason" .}}

{{- else}}{{if .Check}}CHECK: your orders would NOT be accepted; nothing was stored or changed.{{else}}Your email was NOT accepted; nothing was changed.{{end}}
{{if .State}}Game {{.Game}} is at {{.Turn}}, {{.Segment}}.
{{end}}
{{if .Read}}Your orders, one by one:
{{range .ReadLines}}  {{.Mark}} {{.Order}}{{if gt .Line 0}} (line {{.Line}}){{end}}
{{range .Why}}          {{.}}
{{end}}{{end}}{{if .SomeOK}}
The orders marked ok would be accepted once the others are fixed or left out.
{{end}}
{{end}}{{range .ErrLines}}{{.}}

{{end}}{{if .Disorder}}{{stillDisorder .Power}}

{{end}}{{if .Footer}}{{.Footer}}
{{else if and .Moderator (not .Power)}}Send the corrected email again. HELP (with GAME, MODERATOR and SECRET) lists the moderator's commands and orders.
{{else if .Commands}}Send the corrected command in a new email; HELP with your GAME and SECRET lists the commands and the orders you may give.
{{else}}Send the corrected orders in a new email (the whole set: the last accepted email for a segment is the one that counts). Your latest private notice lists what you may order now, with an order block to copy; or send HELP with your GAME and SECRET.
{{end}}{{end}}{{signature}}`)

// Text is the receipt. No "(s)"; no control, zero-width or bidirectional
// character of a quoted line reaches the reader raw.
func (r Receipt) Text() string {
	if r.Unverified != "" {
		// A fixed text. The email may be forged in the recipient's
		// name: nothing of it is quoted, not even its game.
		return render(receiptUnverified, r)
	}
	return orders.Visible(report.Plurals(render(receiptText, r)))
}

// CheckNotStored closes the receipt of a CHECK: what stands. held: the
// power has orders in for the open segment (they stand, unchanged).
func CheckNotStored(held bool) string {
	if held {
		return "Your orders sent before stand unchanged. To make these your orders, send them again without the CHECK line."
	}
	return "You have no orders in for this segment yet. To make these your orders, send them again without the CHECK line."
}

// ModeratorCopy is the copy of a receipt the player of a power gets when
// the moderator entered its orders.
func ModeratorCopy(moderator, receipt string) string {
	return "A copy of the receipt the moderator (" + moderator + ") got for orders entered for your power:\n\n" + receipt
}
