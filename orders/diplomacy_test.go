package orders

import "testing"

// Rule 24.5: DIPLOMATIC <country> <strength>.
func TestRule24_5ParseDiplomatic(t *testing.T) {
	for in, want := range map[string]string{
		"DIPLOMATIC POLAND 2":             "DIPLOMATIC POLAND 2",
		"diplomatic counter 0 in belgium": "DIPLOMATIC BELGIUM/LUXEMBOURG 0",
		"Diplomatic 3 Czechoslovakia":     "DIPLOMATIC CZECHOSLOVAKIA 3",
	} {
		sub, err := Parse("GAME g\nPOWER italy\nSECRET s\n" + in + "\nEND\n")
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := sub.Orders[0].String(); got != want {
			t.Errorf("%q read as %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"DIPLOMATIC POLAND", "DIPLOMATIC 2", "DIPLOMATIC NARNIA 1", "DIPLOMATIC POLAND 4", "DIPLOMATIC POLAND 1 2"} {
		if _, err := Parse("GAME g\nPOWER italy\nSECRET s\n" + in + "\nEND\n"); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
