package mailer

import (
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
)

// blackhole is a TCP proxy on loopback that can turn its current connections
// half-open: after freeze they stay open but forward nothing, like a
// connection whose peer vanished behind a NAT. Later connections work.
type blackhole struct {
	t        testing.TB
	l        net.Listener
	upstream string

	mu     sync.Mutex
	frozen map[net.Conn]bool
	conns  []net.Conn
}

func startBlackhole(t testing.TB, upstream string) *blackhole {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &blackhole{t: t, l: l, upstream: upstream, frozen: map[net.Conn]bool{}}
	var wg sync.WaitGroup
	t.Cleanup(func() {
		l.Close()
		b.mu.Lock()
		for _, c := range b.conns {
			c.Close()
		}
		b.mu.Unlock()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			down, err := l.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", upstream)
			if err != nil {
				down.Close()
				continue
			}
			b.mu.Lock()
			b.conns = append(b.conns, down, up)
			b.mu.Unlock()
			wg.Add(2)
			go func() { defer wg.Done(); b.pipe(down, up, down) }()
			go func() { defer wg.Done(); b.pipe(up, down, down) }()
		}
	}()
	return b
}

// pipe copies src to dst until an error, dropping the data while the
// client side connection key is frozen.
func (b *blackhole) pipe(src, dst, key net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			b.mu.Lock()
			frozen := b.frozen[key]
			b.mu.Unlock()
			if !frozen {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
		}
		if err != nil {
			if !b.isFrozen(key) {
				dst.Close()
			}
			return
		}
	}
}

func (b *blackhole) isFrozen(key net.Conn) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.frozen[key]
}

// freeze makes every current connection half-open.
func (b *blackhole) freeze() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := 0; i < len(b.conns); i += 2 {
		b.frozen[b.conns[i]] = true
	}
}

// TestInboxNoticesHalfOpenConnection: IDLE alone would wait forever on a
// connection that silently died; KeepAlive's NOOP under CommandTimeout
// notices, and the inbox reconnects and picks up new mail.
func TestInboxNoticesHalfOpenConnection(t *testing.T) {
	srv := startMemIMAP(t, imap.CapSet{imap.CapIMAP4rev2: {}})
	proxy := startBlackhole(t, srv.addr)
	db := openStore(t)
	rec := newRecorder(t)
	opts := inboxOptions(t, proxy.l.Addr().String())
	opts.PollInterval = time.Hour
	opts.KeepAlive = 300 * time.Millisecond
	opts.CommandTimeout = 500 * time.Millisecond
	in := NewInbox(opts, db, rec.handle)
	srv.deliver("INBOX", testMessage("before-freeze@example.test"))
	runLoop(t, in.Run)
	eventually(t, "first message handled", func() bool { return rec.count() == 1 })
	srv.waitIdle()

	proxy.freeze()
	// The EXISTS for this message is lost in the frozen connection.
	srv.deliver("INBOX", testMessage("after-freeze@example.test"))
	eventually(t, "message handled over a new connection", func() bool { return rec.count() == 2 })
}
