package lru

import (
	"strings"
	"sync"
	"testing"
)

// TestCacheBound: what is kept stays within its bound, the least recently
// used goes first, a second Add keeps the first value, and Update counts
// the new size (evicting if it must).
func TestCacheBound(t *testing.T) {
	c := New[string, string](1000)
	for i := range 100 {
		k := strings.Repeat("x", i+1)
		c.Add(k, strings.Repeat("y", 50), len(k)+50)
		if c.Bytes() > 1000 || c.Len() != len(c.m) {
			t.Fatalf("after %d values: %d bytes kept (max 1000), %d listed, %d mapped", i+1, c.Bytes(), c.Len(), len(c.m))
		}
	}
	if _, ok := c.Get(strings.Repeat("x", 100)); !ok {
		t.Error("the last value kept is gone")
	}
	if _, ok := c.Get("x"); ok {
		t.Error("the first value kept is still there")
	}
	k := strings.Repeat("x", 100)
	if got := c.Add(k, "other", 10); got != strings.Repeat("y", 50) {
		t.Errorf("a second Add kept %q", got)
	}
	before := c.Len()
	c.Update(k, func(v string) int { return 990 })
	if c.Bytes() > 1000 || c.Len() >= before {
		t.Errorf("after Update: %d bytes, %d values (before %d)", c.Bytes(), c.Len(), before)
	}
	if _, ok := c.Get(k); !ok {
		t.Error("the value updated, the most recent, is gone")
	}
	c.Update("absent", func(string) int { t.Error("Update ran f on no value"); return 0 })
}

// TestCacheConcurrent: concurrent Adds of one key keep one value, and
// every caller gets that one (run with -race).
func TestCacheConcurrent(t *testing.T) {
	c := New[int, *int](1 << 20)
	var wg sync.WaitGroup
	got := make([]*int, 8)
	for i := range got {
		wg.Go(func() {
			v := new(int)
			got[i] = c.Add(1, v, 8)
			c.Update(1, func(*int) int { return 16 })
		})
	}
	wg.Wait()
	for _, g := range got {
		if g != got[0] {
			t.Fatal("two values kept under one key")
		}
	}
	if c.Len() != 1 || c.Bytes() != 16 {
		t.Errorf("%d values, %d bytes", c.Len(), c.Bytes())
	}
}
