package mailserver

import (
	"sync"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// imapSession is one IMAP connection. Its methods run on the connection's
// goroutine, except Idle, which runs on a goroutine of its own while the
// connection goroutine waits for DONE.
type imapSession struct {
	srv    *Server
	conn   *imapserver.Conn
	remote string
	user   *user        // nil until LOGIN
	view   *mailboxView // nil unless a mailbox is selected

	// idleMu orders Idle's read of view against Close: when a client
	// drops the connection during IDLE, go-imap's server (v2.0.0-beta.8,
	// imapserver/idle.go) returns without waiting for the Idle goroutine
	// and calls Close while Idle may still be starting.
	idleMu sync.Mutex
}

var (
	_ imapserver.SessionIMAP4rev2   = (*imapSession)(nil)
	_ imapserver.SessionAppendLimit = (*imapSession)(nil)
)

func (s *imapSession) Close() error {
	s.idleMu.Lock()
	v := s.view
	s.view = nil
	s.idleMu.Unlock()
	if v != nil {
		v.close()
	}
	return nil
}

// Login accepts the full address or the local part (for the configured
// Domain), in any case.
func (s *imapSession) Login(username, password string) error {
	u := s.srv.loginUser(username, password)
	if u == nil {
		s.srv.log.Info("mailserver: IMAP login failed", "user", username, "remote", s.remote)
		return imapserver.ErrAuthFailed
	}
	s.user = u
	s.srv.log.Debug("mailserver: IMAP login", "user", u.address, "remote", s.remote)
	return nil
}

func (s *imapSession) Select(name string, options *imap.SelectOptions) (*imap.SelectData, error) {
	mbox, err := s.user.mailbox(name)
	if err != nil {
		return nil, err
	}
	if s.view != nil {
		s.view.close()
		s.view = nil
	}
	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	if mbox.deleted {
		return nil, errNoSuchMailbox
	}
	s.view = mbox.newViewLocked(s, options != nil && options.ReadOnly)
	return mbox.selectDataLocked(), nil
}

func (s *imapSession) Unselect() error {
	if s.view != nil {
		s.view.close()
		s.view = nil
	}
	return nil
}

func (s *imapSession) Create(name string, options *imap.CreateOptions) error {
	return s.user.create(name, options)
}

func (s *imapSession) Delete(name string) error { return s.user.delete(name, s) }

func (s *imapSession) Rename(name, newName string, options *imap.RenameOptions) error {
	return s.user.rename(name, newName, options)
}

func (s *imapSession) Subscribe(name string) error   { return s.user.subscribe(name, true) }
func (s *imapSession) Unsubscribe(name string) error { return s.user.subscribe(name, false) }

func (s *imapSession) List(w *imapserver.ListWriter, ref string, patterns []string, options *imap.ListOptions) error {
	return s.user.list(w, ref, patterns, options)
}

func (s *imapSession) Status(name string, options *imap.StatusOptions) (*imap.StatusData, error) {
	return s.user.status(name, options)
}

func (s *imapSession) Append(name string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	return s.user.append(name, r, options)
}

func (s *imapSession) Namespace() (*imap.NamespaceData, error) { return s.user.namespace() }

// AppendLimit advertises the same limit as the SMTP server's SIZE.
func (s *imapSession) AppendLimit() uint32 { return MaxMessageBytes }

func (s *imapSession) Poll(w *imapserver.UpdateWriter, allowExpunge bool) error {
	if s.view == nil {
		return nil
	}
	return s.view.tracker.Poll(w, allowExpunge)
}

// Idle sends updates (EXISTS on delivery, EXPUNGE, FETCH FLAGS) until the
// client sends DONE. With no mailbox selected there is nothing to report, but
// the command still lasts until DONE.
func (s *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	s.idleMu.Lock()
	v := s.view
	s.idleMu.Unlock()
	if v == nil {
		<-stop
		return nil
	}
	return v.tracker.Idle(w, stop)
}

func (s *imapSession) Expunge(w *imapserver.ExpungeWriter, uids *imap.UIDSet) error {
	return s.view.expunge(uids)
}

func (s *imapSession) Search(kind imapserver.NumKind, criteria *imap.SearchCriteria, options *imap.SearchOptions) (*imap.SearchData, error) {
	return s.view.search(kind, criteria, options)
}

func (s *imapSession) Fetch(w *imapserver.FetchWriter, numSet imap.NumSet, options *imap.FetchOptions) error {
	return s.view.fetch(w, numSet, options)
}

func (s *imapSession) Store(w *imapserver.FetchWriter, numSet imap.NumSet, flags *imap.StoreFlags, options *imap.StoreOptions) error {
	return s.view.store(w, numSet, flags, options)
}

// Copy takes snapshots of the source messages first and appends them to the
// destination afterwards, so that it never holds two mailbox locks at once
// (imapmemserver does, and two crossing COPYs can deadlock there).
func (s *imapSession) Copy(numSet imap.NumSet, destName string) (*imap.CopyData, error) {
	dest, err := s.user.mailbox(destName)
	if err != nil {
		return nil, errTryCreate
	}
	var sourceUIDs, destUIDs imap.UIDSet
	for _, msg := range s.view.collect(numSet) {
		data, err := dest.copyMsg(msg)
		if err != nil {
			return nil, err
		}
		sourceUIDs.AddNum(msg.uid)
		destUIDs.AddNum(data.UID)
	}
	return &imap.CopyData{
		UIDValidity: dest.uidValidity,
		SourceUIDs:  sourceUIDs,
		DestUIDs:    destUIDs,
	}, nil
}

// Move copies, then expunges the originals. A crash in between leaves the
// message in both mailboxes, never in neither. The EXPUNGE responses reach
// the client through the tracker before the tagged OK (imapmemserver also
// writes them directly, which would report them twice).
func (s *imapSession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, destName string) error {
	if s.view.readOnly {
		return errReadOnly
	}
	dest, err := s.user.mailbox(destName)
	if err != nil {
		return errTryCreate
	}
	if dest == s.view.mailbox {
		return &imap.Error{
			Type: imap.StatusResponseTypeNo,
			Text: "Source and destination mailboxes are identical",
		}
	}
	var sourceUIDs, destUIDs imap.UIDSet
	for _, msg := range s.view.collect(numSet) {
		data, err := dest.copyMsg(msg)
		if err != nil {
			return err
		}
		sourceUIDs.AddNum(msg.uid)
		destUIDs.AddNum(data.UID)
	}
	if err := s.view.expungeUIDs(sourceUIDs); err != nil {
		return err
	}
	return w.WriteCopyData(&imap.CopyData{
		UIDValidity: dest.uidValidity,
		SourceUIDs:  sourceUIDs,
		DestUIDs:    destUIDs,
	})
}
