package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	bolt "go.etcd.io/bbolt"
)

// A state differs little from the one before it, so most versions are
// stored as a delta (schema 3): the state's JSON compressed by zstd with
// the previous version's JSON as a raw dictionary. A delta value is
//
//	deltaMagic (4 bytes) + u64 base version + zstd frame (dictionary deltaDictID)
//
// and decodes only with the base's exact JSON, itself decoded the same way.
// Every keyframeEvery-th version (0, 16, 32 ...) is stored whole (a plain
// zstd frame, blob.go), so reading a state decodes at most keyframeEvery
// values, and a damaged value loses at most the versions up to the next
// keyframe. A version whose base is missing is stored whole too.
//
// What may change a state that another's delta depends on:
//
//   - PutState replacing version v (a moderator's fix, a re-adjudication):
//     v+1, if a delta on v, is first rewritten whole (rebase);
//   - Rollback deletes the versions after v, newest first: nothing stored
//     depends on a later version;
//   - the state history keeps whole JSON (archiveState), never deltas.
//
// Files of schema 2 and before hold only whole states; both forms are
// read, and the migration to schema 3 rewrites them as deltas (migrate.go).

// deltaMagic opens a delta value: neither JSON ('{') nor a zstd frame.
var deltaMagic = []byte("SJd\x01")

// keyframeEvery: a version v with v%keyframeEvery == 0 is stored whole.
const keyframeEvery = 16

// deltaDictID names the dictionary in the frame header; the base version
// in the value says which state it is.
const deltaDictID = 1

const deltaHeaderLen = 4 + 8

// isDelta reports whether a stored state value is a delta.
func isDelta(v []byte) bool { return bytes.HasPrefix(v, deltaMagic) }

// deltaBase returns the base version of delta value v.
func deltaBase(v []byte) (uint64, error) {
	if len(v) < deltaHeaderLen {
		return 0, fmt.Errorf("delta value of %d bytes", len(v))
	}
	return binary.BigEndian.Uint64(v[4:12]), nil
}

// encodeDelta returns state JSON sv as a delta on base version bv, whose
// JSON is base.
func encodeDelta(sv []byte, bv int, base []byte) ([]byte, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderDictRaw(deltaDictID, base),
		zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer enc.Close()
	out := append(append([]byte{}, deltaMagic...), u64(uint64(bv))...)
	return enc.EncodeAll(sv, out), nil
}

// decodeDelta returns the JSON of delta value v, given its base's JSON.
func decodeDelta(v, base []byte) ([]byte, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(deltaDictID, base),
		zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxDecoded))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	out, err := dec.DecodeAll(v[deltaHeaderLen:], nil)
	if err != nil {
		return nil, fmt.Errorf("zstd delta: %w", err)
	}
	return out, nil
}

// stateJSON returns the JSON of version of the states bucket b (nil, nil
// if there is none), decoding a delta from its keyframe on. The result
// never points into bbolt's memory.
func stateJSON(b *bolt.Bucket, version int) ([]byte, error) {
	if b == nil || version < 0 {
		return nil, nil
	}
	v, chain, err := stateChain(b, version)
	if v == nil || err != nil {
		return nil, err
	}
	// Each value's JSON is looked up in the cache by its content key
	// (jsonCache) before it is decoded.
	key := sha256.Sum256(v)
	s, ok := decodedJSON.get(key)
	if !ok {
		var err error
		if s, err = unpack(v); err != nil {
			return nil, err
		}
		s = clone(s)
		decodedJSON.put(key, s)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		key = deltaKey(key, chain[i])
		if next, ok := decodedJSON.get(key); ok {
			s = next
			continue
		}
		var err error
		if s, err = decodeDelta(chain[i], s); err != nil {
			return nil, err
		}
		decodedJSON.put(key, s)
	}
	return clone(s), nil
}

// stateChain returns the stored values version's state is decoded from:
// the whole value it starts from and the deltas after it, newest first
// (none when version is stored whole); a nil whole value when there is
// no such version.
func stateChain(b *bolt.Bucket, version int) (whole []byte, chain [][]byte, err error) {
	v := b.Get(versionKey(version))
	if v == nil {
		return nil, nil, nil
	}
	for at := version; isDelta(v); {
		bv, err := deltaBase(v)
		if err != nil {
			return nil, nil, fmt.Errorf("version %d: %w", at, err)
		}
		if bv >= uint64(at) {
			return nil, nil, fmt.Errorf("version %d: delta on version %d", at, bv)
		}
		chain = append(chain, v)
		at = int(bv)
		if v = b.Get(versionKey(at)); v == nil {
			return nil, nil, fmt.Errorf("version %d: the base of a delta is missing", at)
		}
	}
	return v, chain, nil
}

// contentKey is the content key of a state (decodedJSON) from its chain.
func contentKey(whole []byte, chain [][]byte) [32]byte {
	key := sha256.Sum256(whole)
	for i := len(chain) - 1; i >= 0; i-- {
		key = deltaKey(key, chain[i])
	}
	return key
}

// deltaKey is the content key of delta value v on the state whose key is
// base: sha256(base key + value).
func deltaKey(base [32]byte, v []byte) [32]byte {
	h := sha256.New()
	h.Write(base[:])
	h.Write(v)
	var key [32]byte
	h.Sum(key[:0])
	return key
}

// decodedJSON keeps the JSON of the state values decoded last, so that
// reading a version again, or the next version (a delta on it), decodes
// at most one value instead of the chain from its keyframe. An entry's key
// is the SHA-256 of its stored value, chained for a delta with its base's
// key (sha256(base key + value)): the key names the content exactly,
// whatever the file, and a replaced or rebased value has another.
var decodedJSON = jsonCache{max: 48}

// jsonCache is a small cache of decoded JSON by content key, dropping the
// oldest entry when full. Its slices are never changed; stateJSON
// returns copies.
type jsonCache struct {
	mu    sync.Mutex
	max   int
	m     map[[32]byte][]byte
	order [][32]byte
}

func (c *jsonCache) get(k [32]byte) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *jsonCache) put(k [32]byte, v []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[[32]byte][]byte{}
	}
	if _, ok := c.m[k]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[k] = v
	c.order = append(c.order, k)
}

// encodeState returns what PutState stores for JSON sv at version: a
// delta on version-1 when the version is not a keyframe and version-1
// is there (its JSON prev, read by the caller: nil if none), else sv
// compressed whole.
func encodeState(sv []byte, version int, prev []byte) ([]byte, error) {
	if version%keyframeEvery == 0 || prev == nil {
		return pack(sv), nil
	}
	return encodeDelta(sv, version-1, prev)
}

// rebase stores version of states whole if it is a delta, so that the
// version it depends on can change.
func rebase(states *bolt.Bucket, version int) error {
	k := versionKey(version)
	if !isDelta(states.Get(k)) {
		return nil
	}
	sv, err := stateJSON(states, version)
	if err != nil {
		return err
	}
	return states.Put(k, pack(sv))
}

// forEachState calls fn with every version of states and its JSON, in
// version order, decoding each delta from the JSON of the version before
// (one decode a value, not a chain each).
func forEachState(states *bolt.Bucket, fn func(version int, sv []byte) error) error {
	if states == nil {
		return nil
	}
	prevV, prev := -1, []byte(nil)
	c := states.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if len(k) != 8 {
			return fmt.Errorf("malformed state key %x", k)
		}
		version := int(binary.BigEndian.Uint64(k))
		var sv []byte
		var err error
		if bv, derr := deltaBase(v); isDelta(v) && derr == nil && int(bv) == prevV && prev != nil {
			sv, err = decodeDelta(v, prev)
		} else {
			sv, err = stateJSON(states, version)
		}
		if err != nil {
			return fmt.Errorf("version %d: %w", version, err)
		}
		if err := fn(version, sv); err != nil {
			return err
		}
		prevV, prev = version, sv
	}
	return nil
}
