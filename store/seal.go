package store

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// A Sensitive mail (a welcome carrying a secret) must be stored until the
// mail server has taken it; its body is then kept sealed: AES-256-GCM under
// a key that lives in its own file beside the data file (<data>.key, mode
// 0600, made by Open), never in the data file. So the data file, or a copy
// of it, holds no secret in clear even while a welcome waits to be sent,
// and no freed page keeps one once the body is scrubbed (doc.go, "Secrets
// at rest").

// sealPrefix starts a sealed body; the rest is base64(nonce || ciphertext).
const sealPrefix = "stormjudge-sealed:v1:"

// keySize is AES-256's.
const keySize = 32

type sealer struct {
	aead cipher.AEAD
}

// keyPath is the file of the sealing key of the data file path.
func keyPath(path string) string { return path + ".key" }

// loadSealer reads the key file of the data file path, making a new random
// key when there is none and create is set. It returns nil, nil when the
// key is missing and create is not set.
func loadSealer(path string, create bool) (*sealer, error) {
	kp := keyPath(path)
	key, err := os.ReadFile(kp)
	if errors.Is(err, fs.ErrNotExist) && create {
		key = make([]byte, keySize)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(kp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, fmt.Errorf("store: key file %s: %w", kp, err)
		}
		_, err = f.Write(key)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(kp)
			return nil, fmt.Errorf("store: key file %s: %w", kp, err)
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("store: key file %s: %w", kp, err)
	}
	if len(key) != keySize {
		return nil, fmt.Errorf("store: key file %s: %d bytes, want %d", kp, len(key), keySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

func (s *sealer) seal(plain string) string {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return sealPrefix + base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(plain), nil))
}

func (s *sealer) open(sealed string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(sealed, sealPrefix))
	if err != nil {
		return "", err
	}
	n := s.aead.NonceSize()
	if len(b) < n {
		return "", errors.New("sealed body too short")
	}
	p, err := s.aead.Open(nil, b[:n], b[n:], nil)
	if err != nil {
		return "", err
	}
	return string(p), nil
}

// unsealedBody stands in for a sealed body that cannot be opened (the key
// file is missing or not the one it was sealed with): what is sent then
// reveals nothing.
const unsealedBody = "[this mail carried a secret sealed with a key the judge no longer has; ask the moderator for a new welcome]\n"

// openBody returns a stored body as the mailer sends it.
func (tx *Tx) openBody(body string) string {
	if !strings.HasPrefix(body, sealPrefix) {
		return body
	}
	if tx.db == nil || tx.db.seal == nil {
		return unsealedBody
	}
	p, err := tx.db.seal.open(body)
	if err != nil {
		return unsealedBody
	}
	return p
}
