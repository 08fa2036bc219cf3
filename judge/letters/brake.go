package letters

import (
	"fmt"
	"time"

	"stormjudge/store"
)

// BrakeSummary answers the emails whose receipts the receipt brake held:
// why they got none each, and what became of each (the receipts' tags),
// by time received. An email that failed its secret is not quoted.
type BrakeSummary struct {
	// Receipts is the brake's limit (0: off since), Window its window.
	Receipts int
	Window   time.Duration
	Brake    *store.Brake
}

// Subject is the summary's subject.
func (s BrakeSummary) Subject() string {
	n := len(s.Brake.Held) + s.Brake.HeldMore
	if n == 1 {
		return "Your email to the judge, answered late"
	}
	return fmt.Sprintf("Your %d emails to the judge, answered together", n)
}

var brakeSummaryText = parse("brake summary", `The judge refused {{if gt .Receipts 0}}more than {{.Receipts}}{{else}}many{{end}} emails from this address within {{dur .Window}}, so it did not answer the later refusals one by one (this guards against two automatic mailers answering each other for ever). Each was handled as usual; here is what became of them:

{{range .Brake.Held}}  {{.Received.UTC.Format "2006-01-02 15:04:05 UTC"}}  {{.Outcome}}  {{or .Subject "(not quoted)"}}
{{end}}{{if gt .Brake.HeldMore 0}}  and {{.Brake.HeldMore}} more.
{{end}}
STATUS tells where each game stands, and RESEND sends a report again. An email that failed its SECRET is not quoted: anyone may have written it.
{{signature}}`)

// Text is the summary.
func (s BrakeSummary) Text() string { return render(brakeSummaryText, s) }
