package picture

// adlerMod is the modulus of Adler-32 (RFC 1950): the largest prime below
// 2^16.
const adlerMod = 65521

// adler32Combine is the Adler-32 of the bytes A then B, from a, the
// Adler-32 of A, b, that of B, and n, B's length (zlib's
// adler32_combine). With a = 1 (the Adler-32 of no bytes) it is b.
//
// Adler-32 is two sums modulo 65521: s1 = 1 + the bytes, s2 = the sum of
// s1 after each byte. Over A then B, s1 is s1(A) + s1(B) - 1, and each of
// B's n running sums is larger by s1(A) - 1: s2 is s2(A) + s2(B) +
// n*(s1(A) - 1).
func adler32Combine(a, b uint32, n int64) uint32 {
	a1, a2 := uint64(a&0xffff), uint64(a>>16)
	b1, b2 := uint64(b&0xffff), uint64(b>>16)
	r := uint64(n % adlerMod)
	s1 := (a1 + b1 + adlerMod - 1) % adlerMod
	s2 := (a2 + b2 + r*(a1+adlerMod-1)) % adlerMod
	return uint32(s2<<16 | s1)
}
