package picture

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdler32Combine: the Adler-32 of two byte strings joined, combined
// from theirs, is hash/adler32's of the whole, for lengths around the
// modulus and the sums' wrap (long runs of 0xff) too.
func TestAdler32Combine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	lengths := []int{0, 1, 2, 100, 5552, 65520, 65521, 65522, 200_000}
	for _, fill := range []string{"random", "ff", "00"} {
		for _, na := range lengths {
			for _, nb := range lengths {
				buf := make([]byte, na+nb)
				for i := range buf {
					switch fill {
					case "random":
						buf[i] = byte(r.Uint32())
					case "ff":
						buf[i] = 0xff
					}
				}
				a, b := adler32.Checksum(buf[:na]), adler32.Checksum(buf[na:])
				if got, want := adler32Combine(a, b, int64(nb)), adler32.Checksum(buf); got != want {
					t.Fatalf("%s %d+%d: combined %08x, want %08x", fill, na, nb, got, want)
				}
			}
		}
	}
	if got := adler32Combine(1, 0x12345678, 9); got != 0x12345678 {
		t.Errorf("nothing then b: %08x", got)
	}
}
