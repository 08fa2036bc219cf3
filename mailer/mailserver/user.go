// Adapted from go-imap's imapserver/imapmemserver/user.go (v2.0.0-beta.8).
//
// Copyright (c) 2013 The Go-IMAP Authors
// Copyright (c) 2016 Proton Technologies AG
// Copyright (c) 2023 Simon Ser
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

package mailserver

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

const (
	mailboxDelim rune = '/'
	inboxName         = "INBOX"
	userMetaFile      = "user.json"
	mailboxesDir      = "mailboxes"
)

// userMeta is the content of user.json.
type userMeta struct {
	Version         int    `json:"version"`
	LastUIDValidity uint32 `json:"lastUIDValidity"`
}

// user is a mail account: its mailboxes under mail/<address>/.
type user struct {
	srv     *Server
	address string // immutable, lower case
	dir     string // immutable

	pwMu     sync.Mutex
	password string
	joined   bool // made on first use (Options.Open); guarded by srv.mu

	mu              sync.Mutex
	mailboxes       map[string]*mailbox // by name
	lastUIDValidity uint32
}

// openUser loads (or, for a new user, creates) the user directory and makes
// sure INBOX exists.
func openUser(srv *Server, address, password string) (*user, error) {
	u := &user{
		srv:       srv,
		address:   address,
		dir:       filepath.Join(srv.opts.Dir, "mail", address),
		password:  password,
		mailboxes: make(map[string]*mailbox),
	}
	mdir := filepath.Join(u.dir, mailboxesDir)
	if err := os.MkdirAll(mdir, 0o700); err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	if err := removeTempFiles(u.dir); err != nil {
		return nil, err
	}
	var meta userMeta
	if err := readJSON(filepath.Join(u.dir, userMetaFile), &meta); err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	u.lastUIDValidity = meta.LastUIDValidity

	entries, err := os.ReadDir(mdir)
	if err != nil {
		return nil, fmt.Errorf("mailserver: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "tmp-") || strings.HasPrefix(name, "deleted-") {
			// An interrupted CREATE or DELETE.
			if err := os.RemoveAll(filepath.Join(mdir, name)); err != nil {
				return nil, fmt.Errorf("mailserver: %w", err)
			}
			continue
		}
		if _, err := strconv.ParseUint(name, 10, 32); err != nil || !e.IsDir() {
			continue
		}
		mbox, err := loadMailbox(srv, address, filepath.Join(mdir, name))
		if err != nil {
			return nil, err
		}
		if other := u.mailboxes[mbox.name]; other != nil {
			return nil, fmt.Errorf("mailserver: %s: two mailboxes named %q", u.dir, mbox.name)
		}
		if mbox.uidValidity > u.lastUIDValidity {
			// Cannot happen with the write order of Create; repair anyway.
			u.lastUIDValidity = mbox.uidValidity
		}
		u.mailboxes[mbox.name] = mbox
	}
	if u.mailboxes[inboxName] == nil {
		u.mu.Lock()
		err := u.createLocked(inboxName, true, nil)
		u.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	return u, nil
}

func (u *user) checkPassword(password string) bool {
	u.pwMu.Lock()
	defer u.pwMu.Unlock()
	return subtle.ConstantTimeCompare([]byte(password), []byte(u.password)) == 1
}

// canonicalMailboxName folds INBOX to upper case (it is case-insensitive,
// RFC 3501 section 5.1) and drops a trailing hierarchy delimiter.
func canonicalMailboxName(name string) string {
	name = strings.TrimRight(name, string(mailboxDelim))
	if strings.EqualFold(name, inboxName) {
		return inboxName
	}
	if len(name) > len(inboxName) && strings.EqualFold(name[:len(inboxName)+1], inboxName+string(mailboxDelim)) {
		return inboxName + name[len(inboxName):]
	}
	return name
}

var errNoSuchMailbox = &imap.Error{
	Type: imap.StatusResponseTypeNo,
	Code: imap.ResponseCodeNonExistent,
	Text: "No such mailbox",
}

var errTryCreate = &imap.Error{
	Type: imap.StatusResponseTypeNo,
	Code: imap.ResponseCodeTryCreate,
	Text: "No such mailbox",
}

func (u *user) mailboxLocked(name string) (*mailbox, error) {
	mbox := u.mailboxes[canonicalMailboxName(name)]
	if mbox == nil {
		return nil, errNoSuchMailbox
	}
	return mbox, nil
}

func (u *user) mailbox(name string) (*mailbox, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.mailboxLocked(name)
}

func (u *user) status(name string, options *imap.StatusOptions) (*imap.StatusData, error) {
	mbox, err := u.mailbox(name)
	if err != nil {
		return nil, err
	}
	return mbox.statusData(options), nil
}

func (u *user) list(w *imapserver.ListWriter, ref string, patterns []string, options *imap.ListOptions) error {
	u.mu.Lock()
	defer u.mu.Unlock()

	if len(patterns) == 0 {
		return w.WriteList(&imap.ListData{
			Attrs: []imap.MailboxAttr{imap.MailboxAttrNoSelect},
			Delim: mailboxDelim,
		})
	}

	var l []imap.ListData
	for name, mbox := range u.mailboxes {
		match := false
		for _, pattern := range patterns {
			match = imapserver.MatchList(name, mailboxDelim, ref, pattern)
			if match {
				break
			}
		}
		if !match {
			continue
		}

		data := mbox.list(options)
		if data != nil {
			l = append(l, *data)
		}
	}

	sort.Slice(l, func(i, j int) bool {
		return l[i].Mailbox < l[j].Mailbox
	})

	for _, data := range l {
		if err := w.WriteList(&data); err != nil {
			return err
		}
	}

	return nil
}

func (u *user) append(mailbox string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	mbox, err := u.mailbox(mailbox)
	if err != nil {
		return nil, errTryCreate
	}
	buf, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return mbox.appendBytes(buf, options)
}

func (u *user) create(name string, options *imap.CreateOptions) error {
	if err := u.srv.begin(); err != nil {
		return err
	}
	defer u.srv.end()
	u.mu.Lock()
	defer u.mu.Unlock()

	name = canonicalMailboxName(name)
	if name == "" {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Empty mailbox name"}
	}
	if u.mailboxes[name] != nil {
		return &imap.Error{
			Type: imap.StatusResponseTypeNo,
			Code: imap.ResponseCodeAlreadyExists,
			Text: "Mailbox already exists",
		}
	}
	var specialUse []imap.MailboxAttr
	if options != nil {
		specialUse = options.SpecialUse
	}
	// Superior hierarchy names are created too (RFC 3501 section 6.3.3), so
	// that clients showing a folder tree find every level.
	for i, r := range name {
		if r == mailboxDelim && i > 0 && u.mailboxes[name[:i]] == nil {
			if err := u.createLocked(name[:i], false, nil); err != nil {
				return err
			}
		}
	}
	return u.createLocked(name, false, specialUse)
}

// createLocked allocates a new UIDVALIDITY (saved in user.json first, so it
// is never handed out twice) and creates the mailbox directory.
func (u *user) createLocked(name string, subscribed bool, specialUse []imap.MailboxAttr) error {
	// UIDVALIDITY must change if a mailbox is deleted and re-created with the
	// same name (RFC 3501 section 2.3.1.1); basing it on the clock also
	// keeps it fresh if Dir is wiped while a client keeps its cache.
	uv := u.lastUIDValidity + 1
	if now := uint32(time.Now().Unix()); now > uv {
		uv = now
	}
	if err := writeJSONAtomic(filepath.Join(u.dir, userMetaFile), &userMeta{Version: 1, LastUIDValidity: uv}); err != nil {
		return err
	}
	u.lastUIDValidity = uv
	mbox, err := createMailbox(u.srv, filepath.Join(u.dir, mailboxesDir), name, uv, subscribed, specialUse)
	if err != nil {
		return err
	}
	u.mailboxes[name] = mbox
	return nil
}

// delete removes a mailbox. Other sessions that have it selected are ended
// with BYE, as Dovecot does: their view is of a mailbox that is gone, where
// nothing will ever arrive, and a client that is told reconnects and finds
// the mailbox (or a new one by that name, with a new UIDVALIDITY). The
// deleting session itself keeps its view (go-imap's server offers no way to
// return it to the authenticated state); it knows what it did.
func (u *user) delete(name string, by *imapSession) error {
	if err := u.srv.begin(); err != nil {
		return err
	}
	defer u.srv.end()
	u.mu.Lock()
	defer u.mu.Unlock()

	mbox, err := u.mailboxLocked(name)
	if err != nil {
		return err
	}
	if mbox.name == inboxName {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeCannot, Text: "INBOX cannot be deleted"}
	}

	mbox.mu.Lock()
	defer mbox.mu.Unlock()
	// Renamed first, so that a crash never leaves half a mailbox.
	parent := filepath.Dir(mbox.dir)
	gone := filepath.Join(parent, "deleted-"+filepath.Base(mbox.dir))
	if err := os.Rename(mbox.dir, gone); err != nil {
		return fmt.Errorf("mailserver: %w", err)
	}
	if err := syncDir(parent); err != nil {
		return err
	}
	mbox.deleted = true
	delete(u.mailboxes, mbox.name)
	for v := range mbox.views {
		if s := v.session; s != by && s != nil && s.conn != nil {
			// In a goroutine: Bye writes to the connection, and a client
			// that reads nothing must not hold up the DELETE.
			go s.conn.Bye("Selected mailbox was deleted, have to disconnect.")
		}
	}
	if err := os.RemoveAll(gone); err != nil {
		u.srv.log.Warn("mailserver: removing deleted mailbox", "dir", gone, "err", err)
	}
	return nil
}

// rename renames a mailbox and its children (RFC 3501 section 6.3.5). Only
// their journals change; UIDVALIDITY and UIDs stay.
func (u *user) rename(oldName, newName string, options *imap.RenameOptions) error {
	u.mu.Lock()
	defer u.mu.Unlock()

	newName = canonicalMailboxName(newName)
	mbox, err := u.mailboxLocked(oldName)
	if err != nil {
		return err
	}
	oldName = mbox.name
	if oldName == inboxName {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeCannot, Text: "Renaming INBOX is not supported"}
	}
	if newName == "" {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Empty mailbox name"}
	}
	if u.mailboxes[newName] != nil {
		return &imap.Error{
			Type: imap.StatusResponseTypeNo,
			Code: imap.ResponseCodeAlreadyExists,
			Text: "Mailbox already exists",
		}
	}
	if strings.HasPrefix(newName, oldName+string(mailboxDelim)) {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeCannot, Text: "Cannot move a mailbox into itself"}
	}

	renames := map[string]string{oldName: newName}
	prefix := oldName + string(mailboxDelim)
	for name := range u.mailboxes {
		if strings.HasPrefix(name, prefix) {
			to := newName + string(mailboxDelim) + name[len(prefix):]
			if u.mailboxes[to] != nil {
				return &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeAlreadyExists, Text: fmt.Sprintf("Mailbox %q already exists", to)}
			}
			renames[name] = to
		}
	}
	for from, to := range renames {
		m := u.mailboxes[from]
		if err := m.rename(to); err != nil {
			return err
		}
		delete(u.mailboxes, from)
		u.mailboxes[to] = m
	}
	return nil
}

func (u *user) subscribe(name string, subscribed bool) error {
	mbox, err := u.mailbox(name)
	if err != nil {
		return err
	}
	return mbox.setSubscribed(subscribed)
}

func (u *user) namespace() (*imap.NamespaceData, error) {
	return &imap.NamespaceData{
		Personal: []imap.NamespaceDescriptor{{Delim: mailboxDelim}},
	}, nil
}
