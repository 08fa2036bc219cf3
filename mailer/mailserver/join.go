package mailserver

import (
	"fmt"
	"strings"
)

// DefaultMaxJoined is the default of Options.MaxJoined: how many mailboxes
// an Open server makes for new addresses, in all.
const DefaultMaxJoined = 100

// maxLocalPart bounds the local part of an address a mailbox is made for
// (RFC 5321, 4.5.3.1.1).
const maxLocalPart = 64

// JoinRefusedError reports an address at the domain that got no mailbox:
// the server is not Open, the local part is not one a mailbox is made for,
// or Options.MaxJoined mailboxes were made already.
type JoinRefusedError struct {
	Address string
	Reason  string
}

func (e *JoinRefusedError) Error() string {
	return fmt.Sprintf("mailserver: no mailbox for %q: %s", e.Address, e.Reason)
}

// joinable returns the address (normalized) and its local part when a
// mailbox may be made for it: the address is at the Domain and its local
// part is 1 to 64 of a-z, 0-9, '.', '-', '_', '+' (no leading, trailing or
// doubled dot).
func (s *Server) joinable(name string) (addr, local string, err error) {
	addr, err = s.normalizeAddress(name)
	if err != nil {
		return "", "", &JoinRefusedError{name, "not an address"}
	}
	at := strings.LastIndexByte(addr, '@')
	local, domain := addr[:at], addr[at+1:]
	switch {
	case domain != s.opts.Domain:
		return "", "", &JoinRefusedError{addr, "not at " + s.opts.Domain}
	case !s.opts.Open:
		return "", "", &JoinRefusedError{addr, "this server makes no mailbox on first use"}
	case len(local) > maxLocalPart || strings.HasSuffix(local, ".") ||
		strings.ContainsFunc(local, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_+", r))
		}):
		return "", "", &JoinRefusedError{addr, "a new mailbox's name is up to 64 of a-z 0-9 . - _ +"}
	}
	return addr, local, nil
}

// join returns the user of address, making its mailbox (password: the
// local part) when there is none and the server is Open; a
// *JoinRefusedError says why not. The mailbox and users.json are durable
// before join returns.
func (s *Server) join(address string) (*user, error) {
	if u := s.lookupUser(address); u != nil {
		return u, nil
	}
	addr, local, err := s.joinable(address)
	if err != nil {
		return nil, err
	}
	if err := s.begin(); err != nil {
		return nil, err
	}
	defer s.end()
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[addr]; u != nil { // made meanwhile
		return u, nil
	}
	joined := 0
	for _, u := range s.users {
		if u.joined {
			joined++
		}
	}
	if max := s.maxJoined(); joined >= max {
		s.log.Warn("mailserver: no new mailbox, the cap is reached", "address", addr, "max_joined", max)
		return nil, &JoinRefusedError{addr, fmt.Sprintf("this sandbox made its %d new mailboxes already", max)}
	}
	u, err := openUser(s, addr, local)
	if err != nil {
		return nil, err
	}
	u.joined = true
	s.users[addr] = u
	if err := s.saveUsersLocked(); err != nil {
		delete(s.users, addr)
		return nil, err
	}
	s.log.Info("mailserver: mailbox made on first use", "address", addr, "joined", joined+1, "max_joined", s.maxJoined())
	return u, nil
}

func (s *Server) maxJoined() int {
	if s.opts.MaxJoined > 0 {
		return s.opts.MaxJoined
	}
	return DefaultMaxJoined
}

// loginUser is the user that username and password log in as, or nil: an
// existing account with its password, or, on an Open server, a new
// address at the Domain whose password is its local part (its mailbox is
// made then, as on a first delivery).
func (s *Server) loginUser(username, password string) *user {
	if u := s.lookupUser(username); u != nil {
		if u.checkPassword(password) {
			return u
		}
		return nil
	}
	_, local, err := s.joinable(username)
	if err != nil || password != local {
		return nil
	}
	u, err := s.join(username)
	if err != nil {
		return nil
	}
	return u
}
