//go:build tools

package tools

import (
	_ "github.com/BurntSushi/toml"
	_ "github.com/emersion/go-imap/v2/imapclient"
	_ "github.com/emersion/go-imap/v2/imapserver"
	_ "github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	_ "github.com/emersion/go-message/mail"
	_ "github.com/emersion/go-message/charset"
	_ "github.com/emersion/go-smtp"
	_ "github.com/wneessen/go-mail"
	_ "go.etcd.io/bbolt"
	_ "golang.org/x/net/html"
)
