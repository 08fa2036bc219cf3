package flowed

import "testing"

// TestDecode: RFC 3676's soft breaks undone (4.2), space-stuffing removed
// (4.4), DelSp=yes's space dropped (4.3), the signature separator never
// flowed, quoted lines joined at their depth only.
func TestDecode(t *testing.T) {
	tests := []struct {
		name, in string
		delSp    bool
		want     string
	}{
		{"fixed", "one\ntwo\n", false, "one\ntwo\n"},
		{"soft-break-joined", "This is a \nflowed paragraph \nof three lines.\nNext.\n", false, "This is a flowed paragraph of three lines.\nNext.\n"},
		{"crlf", "soft \r\nbreak\r\nhard\r\n", false, "soft break\nhard\n"},
		{"space-stuffed", " From the start\n >not quoted\n  two spaces\n", false, "From the start\n>not quoted\n two spaces\n"},
		{"stuffed-continuation", "joined \n From here\n", false, "joined From here\n"},
		{"signature-hard-break", "Regards \n\n-- \nStormjudge\n", false, "Regards \n-- \nStormjudge\n"},
		{"flowed-line-before-signature", "Regards \n-- \nStormjudge\n", false, "Regards \n-- \nStormjudge\n"},
		{"quoted-signature", "> text \n> -- \n> sig\n", false, "> text \n> -- \n> sig\n"},
		{"signature-after-fixed", "Regards\n-- \nStormjudge\n", false, "Regards\n-- \nStormjudge\n"},
		{"quoted-untouched", "> quoted line\n>> deeper\n", false, "> quoted line\n>> deeper\n"},
		{"quoted-flowed-same-depth", "> a quoted \n> paragraph\n", false, "> a quoted paragraph\n"},
		{"quoted-other-depth-breaks", "> flowed \n>> deeper\nplain \n> quoted\n", false, "> flowed \n>> deeper\nplain \n> quoted\n"},
		{"empty-line-ends-paragraph", "para \n\nnext\n", false, "para \nnext\n"},
		{"last-line-flowed", "ends flowed \n", false, "ends flowed \n"},
		{"no-final-newline", "soft \nend", false, "soft end"},
		{"trailing-spaces-kept", "two spaces  \nthen\n", false, "two spaces  then\n"},
		{"empty", "", false, ""},
		{"only-newline", "\n", false, "\n"},
		{"delsp drops the space", "RESEARCH COUNTER \r\n3\r\n", true, "RESEARCH COUNTER3\n"},
		{"delsp in a quote", "> one \n> two\nthree\n", true, "> onetwo\nthree\n"},
		{"stuffed order line", "  + RESEARCH GERMAN JETS\r\n From here\r\n", false, " + RESEARCH GERMAN JETS\nFrom here\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Decode(tt.in, tt.delSp); got != tt.want {
				t.Errorf("Decode(%q, %v) = %q, want %q", tt.in, tt.delSp, got, tt.want)
			}
		})
	}
}

// TestOrderLine: the lines of the form of an order are never broken.
func TestOrderLine(t *testing.T) {
	for line, want := range map[string]bool{
		"DIPLOMATIC BULGARIA 2 (for Diplomacy: Axis, second round)": true,
		"  REFUSED LAY DOWN BATTLESHIP 3 (line 4)":                  true,
		"PASS":                       true,
		"   PASS TURN":               true,
		"HELP lists the commands":    false,
		"  EAI from: trade +1":       false,
		"A unit":                     false,
		"  ok      BUILD INFANTRY":   false,
		"Germany keeps 6 tile point": false,
		"PASS                     # Economic phase":                                             true,
		"   PRESS TO <power> [<power> ...], then your message on the following lines up to END": false,
		"MOBILIZE IDLE: ARMOR, INFANTRY, AIR":                                                   true,
		"RESEARCH COUNTER 3":                                                                    true,
		"IF OPPOSED continue":                                                                   false,
		"":                                                                                      false,
	} {
		if OrderLine(line) != want {
			t.Errorf("OrderLine(%q) = %v, want %v", line, !want, want)
		}
	}
}
