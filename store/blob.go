package store

import (
	"bytes"
	"fmt"

	"github.com/klauspost/compress/zstd"
)

// Stored values that can be large (states, event logs, outbox mails, the
// redacted copies of inbound mail) are compressed with zstd. A compressed
// value starts with the zstd frame magic; any other value is stored as
// written (JSON, which starts with '{' or '['), so files written before
// compression are read unchanged and rewritten compressed by
// migrateCompress (doc.go, "Compression").

// zstdMagic opens every zstd frame (RFC 8878 section 3.1.1).
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// compressMin: shorter values are stored as they are (a frame costs about
// a dozen bytes of its own).
const compressMin = 64

// maxDecoded bounds what one stored value may decompress to. Nothing the
// store writes comes near it; it turns a corrupted or hostile frame into an
// error instead of an allocation of gigabytes.
const maxDecoded = 256 << 20

var (
	// Lower encoder memory: the values are tens of KB, and the default
	// tables cost more to clear for each value than to compress it
	// (about a third of the time, the same bytes).
	zenc, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(2), zstd.WithLowerEncoderMem(true))
	zdec, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxDecoded))
)

// pack returns v as it is to be stored: compressed when that pays.
// EncodeAll and DecodeAll are safe for concurrent use.
func pack(v []byte) []byte {
	if len(v) < compressMin {
		return v
	}
	c := zenc.EncodeAll(v, make([]byte, 0, len(v)/4+16))
	if len(c) >= len(v) {
		return v
	}
	return c
}

// unpack returns the value pack stored; b may point into bbolt's memory
// map, and the result of a compressed value never does. An uncompressed
// value is returned as it is (callers that keep it must clone it).
func unpack(b []byte) ([]byte, error) {
	if !packed(b) {
		return b, nil
	}
	v, err := zdec.DecodeAll(b, nil)
	if err != nil {
		return nil, fmt.Errorf("zstd: %w", err)
	}
	return v, nil
}

// packed reports whether b is a compressed value.
func packed(b []byte) bool { return bytes.HasPrefix(b, zstdMagic) }
