// Package lru is a cache of values by key that keeps at most a number of
// bytes, dropping the least recently used values first (the
// pictures' bands and the reports' tables). Each value is counted by the
// size given with it. A Cache is safe for concurrent use.
package lru

import (
	"container/list"
	"sync"
)

// Cache keeps values of type V by keys of type K.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	m     map[K]*list.Element
	l     list.List // of *entry[K, V], most recently used first
	bytes int
	max   int
}

type entry[K comparable, V any] struct {
	k    K
	v    V
	size int
}

// New returns an empty cache that keeps at most max bytes.
func New[K comparable, V any](max int) *Cache[K, V] {
	return &Cache[K, V]{m: map[K]*list.Element{}, max: max}
}

// Get returns the value kept under k, as the most recently used.
func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[k]; ok {
		c.l.MoveToFront(el)
		return el.Value.(*entry[K, V]).v, true
	}
	var zero V
	return zero, false
}

// Add keeps v, of size bytes, under k, unless a value is kept there
// already (added meanwhile by another goroutine): it returns the value
// kept.
func (c *Cache[K, V]) Add(k K, v V, size int) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[k]; ok {
		c.l.MoveToFront(el)
		return el.Value.(*entry[K, V]).v
	}
	c.m[k] = c.l.PushFront(&entry[K, V]{k, v, size})
	c.bytes += size
	c.evict()
	return v
}

// Update runs f on the value kept under k, if any, under the cache's lock
// (so that updates of one value come one at a time), and counts the
// value at the size f returns.
func (c *Cache[K, V]) Update(k K, f func(V) int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.m[k]
	if !ok {
		return
	}
	e := el.Value.(*entry[K, V])
	size := f(e.v)
	c.bytes += size - e.size
	e.size = size
	c.evict()
}

// Len is the number of values kept, Bytes their size.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.l.Len()
}

func (c *Cache[K, V]) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// evict drops the least recently used values beyond c.max; c.mu is held.
func (c *Cache[K, V]) evict() {
	for c.bytes > c.max {
		el := c.l.Back()
		if el == nil {
			return
		}
		e := el.Value.(*entry[K, V])
		c.l.Remove(el)
		delete(c.m, e.k)
		c.bytes -= e.size
	}
}
