package mailserver

import (
	"bufio"
	"bytes"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
)

// Duplicate suppression, as mail delivery agents commonly do (procmail's
// formail -D, Sieve's duplicate test, many hosted mailboxes): a message
// whose Message-ID and envelope sender were already delivered to a
// recipient is not delivered to it again. A sender that re-sends after a
// crash — it cannot know whether the server accepted the first copy before
// it died — keeps the Message-ID, so its player sees the mail once.
//
// The log is Dir/delivered.log, one "address TAB sender TAB message-id" line
// per delivery, appended and fsynced after the message is stored (a crash in
// between can at worst let one duplicate through; it can never lose mail).

const deliveredLog = "delivered.log"

func dupKey(address, from, msgID string) string {
	return strings.ToLower(address) + "\t" + strings.ToLower(from) + "\t" + msgID
}

func (s *Server) loadDeliveries() error {
	s.delivered = make(map[string]bool)
	path := filepath.Join(s.opts.Dir, deliveredLog)
	if b, err := os.ReadFile(path); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			// A torn last line (crash mid-append) is simply not a key
			// of any real message.
			if line := sc.Text(); strings.Count(line, "\t") == 2 {
				s.delivered[line] = true
			}
		}
	} else if !os.IsNotExist(err) {
		return fmt.Errorf("mailserver: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	s.dupLog = f
	return nil
}

// messageID returns the Message-ID of raw, or "" when it has none (such
// messages are never suppressed).
func messageID(raw []byte) string {
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	id := strings.TrimSpace(m.Header.Get("Message-Id"))
	if strings.ContainsAny(id, "\t\r\n") {
		return ""
	}
	return id
}

func (s *Server) isDuplicate(address, from, msgID string) bool {
	if msgID == "" {
		return false
	}
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	return s.delivered[dupKey(address, from, msgID)]
}

func (s *Server) recordDelivery(address, from, msgID string) error {
	if msgID == "" {
		return nil
	}
	key := dupKey(address, from, msgID)
	s.dupMu.Lock()
	defer s.dupMu.Unlock()
	s.delivered[key] = true
	if _, err := s.dupLog.WriteString(key + "\n"); err != nil {
		return err
	}
	return s.dupLog.Sync()
}
