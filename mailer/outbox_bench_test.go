package mailer

import (
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"stormjudge/mailer/mailtest"
	"stormjudge/store"
)

// BenchmarkOutboxBacklog delivers a backlog of n mails (three to each
// recipient, as the creation of n/15 games queues) to a go-smtp server on
// loopback and reports mails per second. Before the dispatcher kept its
// own copy of the pending mail (queue), each finished send re-read the
// whole backlog: 1,500 mails took 22.7 s and 7,500 took 513 s.
//
//	go test -run '^$' -bench OutboxBacklog -benchtime 1x ./mailer/
func BenchmarkOutboxBacklog(b *testing.B) {
	for _, n := range []int{1500, 7500} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				srv := mailtest.StartSMTP(b, "", "")
				db := openStore(b)
				var mails []*store.Mail
				for i := range n {
					mails = append(mails, &store.Mail{ID: fmt.Sprintf("m%05d", i), From: "judge@example.test",
						To: []string{fmt.Sprintf("p%d@example.test", i/3)}, Subject: "report",
						Body: "A report of some length.\n" + fmt.Sprint(i), Created: created.Add(time.Duration(i))})
				}
				enqueue(b, db, mails...)
				opts := outboxOptions(b, srv.Addr)
				opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
				b.StartTimer()
				start := time.Now()
				l := runLoop(b, NewOutbox(opts, db).Run)
				for len(srv.Received()) < n {
					time.Sleep(5 * time.Millisecond)
				}
				b.ReportMetric(float64(n)/time.Since(start).Seconds(), "mails/s")
				b.StopTimer()
				l.Stop()
			}
		})
	}
}
