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

// Standing orders: FOR <round> marks the orders below for a later round.
func TestRule24_55ParseStandingOrders(t *testing.T) {
	sub, err := Parse("GAME g\nPOWER germany\nSECRET s\nDIPLOMATIC POLAND 2\nFOR AXIS 2\nDIPLOMATIC AUSTRIA 1\nFOR NOW\nMILITARY AUSTRIA\nEND\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"DIPLOMATIC POLAND 2", "DIPLOMATIC AUSTRIA 1 (for Diplomacy: Axis, second round)", "MILITARY AUSTRIA"}
	for i, o := range sub.Orders {
		if o.String() != want[i] {
			t.Errorf("order %d: %q, want %q", i, o.String(), want[i])
		}
	}
	if _, err := Parse("GAME g\nPOWER germany\nSECRET s\nFOR TEA\nDIPLOMATIC POLAND 2\nEND\n"); err == nil {
		t.Error("FOR TEA accepted")
	}
}

// PASS goes with standing orders, not with orders for the open segment.
func TestRule24_55PassWithStandingOrders(t *testing.T) {
	sub, err := Parse("GAME g\nPOWER britain\nSECRET s\nPASS\nFOR ALLIES\nDIPLOMATIC NORWAY 1\nEND\n")
	if err != nil || !sub.Pass || len(sub.Orders) != 1 {
		t.Errorf("PASS with a standing order: %+v, %v", sub, err)
	}
	if _, err := Parse("GAME g\nPOWER britain\nSECRET s\nPASS\nDIPLOMATIC NORWAY 1\nEND\n"); err == nil {
		t.Error("PASS with an order for the open segment accepted")
	}
}

// Rule 16.16: the intelligence orders, each for its own segment unless a
// FOR line says otherwise.
func TestRule16_16ParseIntelligence(t *testing.T) {
	for in, want := range map[string]string{
		"SPY RING POLAND":                             "SPY RING POLAND (for Spy rings)",
		"spy ring research allies naval":              "SPY RING RESEARCH ALLIES NAVAL (for Spy rings)",
		"REACTIVATE SPY RING Belgium":                 "REACTIVATE SPY RING BELGIUM/LUXEMBOURG (for Spy rings)",
		"COVERT POLAND":                               "COVERT POLAND (for Covert operations and subversion)",
		"covert operation in Greece if not ahead":     "COVERT GREECE IF NOT AHEAD (for Covert operations and subversion)",
		"SUBVERT RUMANIA IF DECISIVE":                 "SUBVERT RUMANIA IF DECISIVE (for Covert operations and subversion)",
		"COUNTER-INTELLIGENCE COVERT ANY IF DECISIVE": "COUNTER-INTELLIGENCE COVERT ANY IF DECISIVE (for Covert operations and subversion)",
		"COUNTER-INTELLIGENCE SPY RING SPAIN":         "COUNTER-INTELLIGENCE SPY RING SPAIN (for Covert operations and subversion)",
		"COUNTER-INTELLIGENCE SPY RING RESEARCH air":  "COUNTER-INTELLIGENCE SPY RING RESEARCH AIR (for Covert operations and subversion)",
	} {
		sub, err := Parse("GAME g\nPOWER germany\nSECRET s\n" + in + "\nEND\n")
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := sub.Orders[0].String(); got != want {
			t.Errorf("%q read as %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"SPY RING", "SPY RING NARNIA", "SPY RING RESEARCH MARS NAVAL", "COVERT POLAND IF LUCKY",
		"COVERT", "COUNTER-INTELLIGENCE COVERT POLAND IF BEHIND", "COUNTER-INTELLIGENCE", "SUBVERT"} {
		if _, err := Parse("GAME g\nPOWER germany\nSECRET s\n" + in + "\nEND\n"); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	sub, err := Parse("GAME g\nPOWER russia\nSECRET s\nPASS\nFOR COVERT\nSUBVERT POLAND\nEND\n")
	if err != nil || !sub.Pass || len(sub.Orders) != 1 {
		t.Errorf("PASS with a covert order: %+v, %v", sub, err)
	}
}

// Rule 16.16G: TRANSFER <n> TO <power>.
func TestRule16_16GParseTransfer(t *testing.T) {
	sub, err := Parse("GAME g\nPOWER britain\nSECRET s\nTRANSFER 2 TO FRANCE\nEND\n")
	if err != nil || sub.Orders[0].String() != "TRANSFER 2 TO FRANCE" {
		t.Fatalf("%+v %v", sub, err)
	}
	for _, in := range []string{"TRANSFER", "TRANSFER TWO TO FRANCE", "TRANSFER 2 TO NARNIA", "TRANSFER 2"} {
		if _, err := Parse("GAME g\nPOWER britain\nSECRET s\n" + in + "\nEND\n"); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
