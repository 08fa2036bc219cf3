package orders

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"stormjudge/adjudicator/storm"
)

// Envelope is who an order email is from and for: the game, the power (may
// be empty when the sender holds one power) and the power's secret, with the
// line on which each was given (0 when absent).
type Envelope struct {
	Game   string
	Power  string // lower-case power name ("germany"), or ""
	Secret string // as written
	// SecretPlaceholder: the SECRET line is the placeholder the judge's
	// mails write, <your secret> (any case, with or without the angle
	// brackets), left in place of the secret; Secret is empty then.
	SecretPlaceholder bool
	// Moderator: the email speaks for the game's moderator (a MODERATOR
	// line instead of POWER) and gives moderator orders (moderator.go).
	Moderator bool
	// Turn and Segment pin the email to the turn (and, optionally, the
	// segment) it was written for (TURN Winter 1935 [economic]); zero when
	// there is no TURN line. The judge refuses a pinned email whose turn or
	// segment is not the open one, as stale.
	Turn          storm.Turn
	Segment       storm.Segment
	TurnLine      int
	GameLine      int
	PowerLine     int
	SecretLine    int
	ModeratorLine int
}

// Submission is an order email as understood: its envelope and either the
// orders or an explicit PASS (a submission of no orders).
type Submission struct {
	Envelope Envelope
	Pass     bool
	Orders   []storm.Order
	// Help: the email asks for the orders its power may give now (a HELP
	// line, alone: no orders); it changes nothing.
	Help bool
	// Check: a CHECK line; the orders (or PASS) are checked and the
	// receipt says what they would do, but they are not stored: nothing
	// changes. Only with orders, not with HELP or commands.
	Check bool
	// Commands are the email's command lines (command.go), in order.
	Commands []Command
}

// Reason is the text of the email's REASON line, or "".
func (s *Submission) Reason() string {
	for _, c := range s.Commands {
		if c.Verb == CmdReason {
			return c.Text
		}
	}
	return ""
}

// HasCommand reports whether the email gives the command verb.
func (s *Submission) HasCommand(verb string) bool {
	for _, c := range s.Commands {
		if c.Verb == verb {
			return true
		}
	}
	return false
}

// Limits that keep the answer to a garbage email short.
const (
	maxGameID = 32  // the judge's game ids (judge.GameDef.Validate)
	maxErrors = 50  // line errors reported before Parse stops reading
	maxOrders = 100 // orders one email may hold
)

// line is one line of the body that holds something to parse.
type line struct {
	n     int      // 1-based line number in the body
	text  string   // the line as written, trimmed and shortened, for errors
	words []string // the words before any "#" comment; at least one
}

// keyword is the first word, upper case.
func (l *line) keyword() string { return strings.ToUpper(l.words[0]) }

// args are the words after the keyword.
func (l *line) args() []string { return l.words[1:] }

// errorf makes an Error for l that shows the line.
func (l *line) errorf(hint, format string, a ...any) *Error {
	return &Error{Line: l.n, Text: l.text, Msg: fmt.Sprintf(format, a...), Hint: hint}
}

// orderWord is one entry of the order table: a keyword and how to parse a
// line that starts with it. To add an order, write a file like convert.go
// that declares its orderWord, and list it in orderWords.
type orderWord struct {
	word  string   // the keyword, upper case
	rule  string   // the rule it implements, for the hint
	forms []string // the forms shown in hints, canonical spelling
	pass  bool     // PASS: a submission of no orders, not an order
	// moderator: an order only the moderator gives (MODERATOR emails).
	moderator bool
	// parse reads the line (whose keyword is word) into an order; Line is
	// filled in by the caller.
	parse func(l *line) (storm.Order, *Error)
}

// orderWords is the table of order keywords, in the order hints list them.
var orderWords = []*orderWord{convertWord, mobilizeWord, researchWord, buildWord, reserveWord, layWord, advanceWord, continueWord, accelerateWord, deferWord, launchWord, saveWord, playWord, diplomaticWord, militaryWord, anticominternWord, flexibleWord, spyWord, reactivateWord, covertWord, counterIntelWord, subvertWord, supportWord, transferWord, aggressionWord, opposeWord, acquiesceWord, backWord, ultimatumWord, attackWord, ifWord, declareWord, threatenWord, concedeWord, refuseWord, drawWord, purgeWord, setWord, passWord}

// Envelope and control keywords.
const (
	kwGame      = "GAME"
	kwPower     = "POWER"
	kwSecret    = "SECRET"
	kwModerator = "MODERATOR"
	kwTurn      = "TURN"
	kwHelp      = "HELP"
	kwCheck     = "CHECK"
	kwFor       = "FOR"
	kwEnd       = "END"
)

func isEnvelopeWord(w string) bool {
	return w == kwGame || w == kwPower || w == kwSecret || w == kwModerator || w == kwTurn
}

// lookupOrder returns the table entry for an upper-case keyword, or nil.
func lookupOrder(kw string) *orderWord {
	for _, w := range orderWords {
		if w.word == kw {
			return w
		}
	}
	return nil
}

// knownWords are all keywords a line may start with, for suggestions.
func knownWords() []string {
	ws := []string{kwGame, kwPower, kwSecret, kwModerator, kwTurn, kwHelp, kwCheck, kwFor}
	for _, w := range orderWords {
		ws = append(ws, w.word)
	}
	for _, w := range commandWords {
		ws = append(ws, w.word)
	}
	return append(ws, kwEnd)
}

// orderHint is the hint of an unknown or missing order: brief, because
// what a power may order depends on the game (HELP answers with the
// power's own orders for the open segment, with their costs).
func orderHint() string {
	return "send HELP with your GAME and SECRET lines for the orders your power may give now; your latest private notice lists them too"
}

// Parse reads the text of an order email: the envelope (GAME, POWER,
// SECRET) and one order a line.
//
// Keywords are case-insensitive; "#" starts a comment; blank lines, quoted
// reply lines (starting with ">") and a reply's attribution line ("On ...
// wrote:") are ignored; reading stops at a line starting with the word
// END, at a signature separator "-- ", at an "-----Original Message-----"
// or "_____" line and at a "Sent from my ..." line.
//
// Parse collects every problem: the error is then of type Errors, and the
// Submission holds what could be read (so that a caller can still tell the
// game and power). No error text ever quotes the SECRET line.
func Parse(body string) (*Submission, error) {
	p := &parser{sub: &Submission{}, first: map[string]int{}}
	p.run(splitLines(normalizeText(body)))
	p.finish()
	if len(p.errs) > 0 {
		return p.sub, p.errs
	}
	return p.sub, nil
}

// rawLine is one line of the body, trimmed.
type rawLine struct {
	n    int
	text string
}

func splitLines(body string) []rawLine {
	ls := strings.Split(body, "\n")
	out := make([]rawLine, len(ls))
	for i, l := range ls {
		out[i] = rawLine{n: i + 1, text: trim(l)}
	}
	return out
}

// isBlankRune is white space, including the invisible characters some mail
// clients and HTML conversions leave at line starts.
func isBlankRune(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u2060' || r == '\ufeff'
}

func trim(s string) string { return strings.TrimFunc(s, isBlankRune) }

func fields(s string) []string { return strings.FieldsFunc(s, isBlankRune) }

func isQuoted(t string) bool { return strings.HasPrefix(t, ">") }

// isStop reports a line after which nothing is read (END is checked on the
// words, after comments are removed).
func isStop(t string) bool {
	if t == "--" { // the signature separator "-- ", trimmed (also bare "--")
		return true
	}
	lower := strings.ToLower(t)
	if strings.HasPrefix(lower, "-----original message") || strings.HasPrefix(lower, "sent from my ") {
		return true
	}
	if len(t) >= 10 && strings.Trim(t, "_") == "" { // Outlook's quote separator
		return true
	}
	return false
}

// greetings and signOffs are the first words of the lines a person writes
// above and below the orders of a mail, in the languages of the players
// the judge expects: read as no order (a greeting, before any order or
// envelope line) or as the end of the orders (a sign-off, after one).
var (
	greetings = []string{"hello", "hi", "hey", "dear", "good", "greetings", "bonjour", "salut", "hallo", "moin", "ciao", "hola", "buongiorno", "guten", "liebe", "lieber"}
	signOffs  = []string{"cheers", "thanks", "thank", "thx", "regards", "best", "kind", "kindest", "warm", "warmest", "yours", "sincerely", "cordially", "bye", "love", "merci", "cordialement", "amicalement", "grüße", "gruss", "gruß", "viele", "saluti", "ciao", "salut", "ta"}
)

// firstWordIn reports a line of at most max words whose first word, in
// lower case and without punctuation, is one of ws.
func firstWordIn(words []string, ws []string, max int) bool {
	if len(words) == 0 || len(words) > max {
		return false
	}
	w := strings.ToLower(strings.Trim(words[0], ",.!:;-"))
	return slices.Contains(ws, w)
}

func isGreeting(words []string) bool { return firstWordIn(words, greetings, 6) }
func isSignOff(words []string) bool  { return firstWordIn(words, signOffs, 6) }

// attributions marks the attribution lines of quoted replies ("On Mon, ...
// Ann <ann@example.org> wrote:"), which end in a colon and are followed by
// quoted lines; an "On ..." line just before one is part of it (clients
// wrap long attributions).
func attributions(ls []rawLine) map[int]bool {
	skip := map[int]bool{}
	// quotedNext[i]: the first non-blank line after line i is quoted.
	// Computed backwards in one pass, so that the scan stays linear.
	quotedNext := make([]bool, len(ls))
	for i, q := len(ls)-2, false; i >= 0; i-- {
		if t := ls[i+1].text; t != "" {
			q = isQuoted(t)
		}
		quotedNext[i] = q
	}
	for i, l := range ls {
		if l.text == "" || isQuoted(l.text) || !strings.HasSuffix(l.text, ":") || !quotedNext[i] || startsWithKeyword(l.text) {
			continue
		}
		skip[i] = true
		if i > 0 {
			prev := ls[i-1].text
			if len(prev) > 3 && strings.EqualFold(prev[:3], "on ") && !startsWithKeyword(prev) {
				skip[i-1] = true
			}
		}
	}
	return skip
}

func startsWithKeyword(t string) bool {
	ws := fields(t)
	if len(ws) == 0 {
		return false
	}
	kw := strings.ToUpper(strings.TrimRight(ws[0], ":"))
	return slices.Contains(knownWords(), kw)
}

// parser holds the state of one Parse.
type parser struct {
	sub    *Submission
	errs   Errors
	final  Errors         // problems with the email as a whole, reported last
	first  map[string]int // line each envelope keyword was first given on
	pass   int            // line of PASS, 0 if none
	passAt string         // that line as written
	tried  bool           // some line was read as an order (good or bad)
	// modOrder and powerOrder: the first line of a moderator's order and
	// of a power's order, 0 if none.
	modOrder, powerOrder int
	full                 bool // maxErrors reached
	lastN                int  // last line read
	capped               bool // maxOrders reached
	helpAt               int  // line of HELP, 0 if none
	checkAt              int  // line of CHECK, 0 if none
	// forRound is the later placement round the following orders are for
	// (a FOR line; adjudicator/standing.go); empty: the open segment.
	forRound storm.Segment
	// broadcast: the command BROADCAST (or a player's PRESS TO) was read;
	// the following lines up to END are its message, not orders.
	broadcast *Command
	// cmdAt is the line of the first command, 0 if none; cmdTried: a
	// line was read as a command (good or bad).
	cmdAt    int
	cmdTried bool
}

func (p *parser) add(e *Error) {
	if p.full {
		return
	}
	p.errs = append(p.errs, e)
	if len(p.errs) >= maxErrors {
		p.full = true
	}
}

func (p *parser) run(ls []rawLine) {
	skip := attributions(ls)
	for i, rl := range ls {
		if p.full {
			return
		}
		t := rl.text
		if p.broadcast != nil && !isQuoted(t) && !skip[i] && !isStop(t) && !strings.EqualFold(firstWord(t), kwEnd) {
			p.broadcastLine(t)
			continue
		}
		if t == "" || isQuoted(t) || skip[i] {
			continue
		}
		if isStop(t) {
			return
		}
		code, _, _ := strings.Cut(t, "#")
		words := fields(code)
		if len(words) == 0 {
			continue // a comment line
		}
		if strings.EqualFold(words[0], kwEnd) { // "END", also "End of orders."
			if p.broadcast != nil {
				p.afterBroadcast(ls[i+1:], skip, i+1)
			}
			return
		}
		if kw := strings.ToUpper(words[0]); lookupOrder(kw) == nil && lookupCommand(kw) == nil && !isEnvelopeWord(strings.TrimSuffix(kw, ":")) && kw != kwHelp && kw != kwCheck && kw != kwFor {
			// What a person writes around orders in a mail.
			started := len(p.first) > 0 || p.tried || p.cmdTried
			if !p.tried && !p.cmdTried && isGreeting(words) {
				continue // "Hello judge," above the orders
			}
			if started && isSignOff(words) {
				return // "Cheers, Pierre" below them: the rest is not read
			}
		}
		p.lastN = rl.n
		words = splitColon(words)
		l := &line{n: rl.n, text: Shorten(t, maxLineShown), words: words}
		switch kw := l.keyword(); kw {
		case kwGame:
			p.game(l)
		case kwPower:
			p.power(l)
		case kwSecret:
			p.secret(l)
		case kwModerator:
			p.moderator(l)
		case kwTurn:
			p.turn(l)
		case kwHelp:
			p.help(l)
		case kwCheck:
			p.check(l)
		case kwFor:
			p.forLine(l)
		default:
			if w := lookupCommand(kw); w != nil {
				p.cmdTried = true
				p.command(w, l, rl.text)
			} else {
				p.order(l)
			}
		}
	}
}

// splitColon lets the envelope be written "GAME: demo" or "GAME:demo".
func splitColon(words []string) []string {
	head, tail, ok := strings.Cut(words[0], ":")
	if !ok || !isEnvelopeWord(strings.ToUpper(head)) {
		return words
	}
	out := []string{head}
	if tail != "" {
		out = append(out, tail)
	}
	return append(out, words[1:]...)
}

// seen records the first line of an envelope keyword and reports a
// duplicate (an error, even when both lines agree: one email, one envelope).
func (p *parser) seen(l *line, kw string, showLine bool) bool {
	if first, ok := p.first[kw]; ok {
		e := l.errorf("write "+kw+" once", "%s given twice (first on line %d)", kw, first)
		if !showLine {
			e.Text = ""
		}
		p.add(e)
		return true
	}
	p.first[kw] = l.n
	return false
}

// help reads a HELP line: the email asks for the orders its power may
// give now, and gives none.
func (p *parser) help(l *line) {
	if p.seen(l, kwHelp, true) {
		return
	}
	if len(l.args()) > 0 {
		p.add(l.errorf("write HELP alone on its line", "HELP takes no words after it"))
		return
	}
	p.sub.Help = true
	p.helpAt = l.n
}

// check reads a CHECK line: the email's orders are checked, not stored.
func (p *parser) check(l *line) {
	if p.seen(l, kwCheck, true) {
		return
	}
	if len(l.args()) > 0 {
		p.add(l.errorf("write CHECK alone on its line, with your orders", "CHECK takes no words after it"))
		return
	}
	p.sub.Check = true
	p.checkAt = l.n
}

func (p *parser) game(l *line) {
	if p.seen(l, kwGame, true) {
		return
	}
	if len(l.args()) != 1 {
		p.add(l.errorf("e.g. GAME demo", "GAME needs one word, the game id"))
		return
	}
	if id := l.args()[0]; len(id) > maxGameID {
		p.add(l.errorf("e.g. GAME demo", "a game id has at most %d characters", maxGameID))
		return
	}
	p.sub.Envelope.Game = l.args()[0]
	p.sub.Envelope.GameLine = l.n
}

// powerNames lists the powers' names, in the order of play (7.21).
func powerNames() []string {
	var ns []string
	for _, pw := range storm.Powers {
		ns = append(ns, pw.String())
	}
	return ns
}

func (p *parser) power(l *line) {
	if p.seen(l, kwPower, true) {
		return
	}
	hint := "powers: " + strings.Join(powerNames(), ", ")
	if len(l.args()) != 1 {
		p.add(l.errorf(hint, "POWER needs one word, the power's name"))
		return
	}
	name := l.args()[0]
	pw, ok := storm.ParsePower(name)
	if !ok {
		p.add(l.errorf(hint, "unknown power %s%s", quote(name), didYouMean(name, powerNames())))
		return
	}
	p.sub.Envelope.Power = pw.String()
	p.sub.Envelope.PowerLine = l.n
}

// moderator reads the MODERATOR line: the email speaks for the game's
// moderator.
func (p *parser) moderator(l *line) {
	if p.seen(l, kwModerator, true) {
		return
	}
	if len(l.args()) != 0 {
		p.add(l.errorf("write MODERATOR alone on its line, then SECRET with the moderators' secret", "MODERATOR takes no words"))
		return
	}
	p.sub.Envelope.Moderator = true
	p.sub.Envelope.ModeratorLine = l.n
}

// turn reads the optional TURN line that pins an email to a turn and,
// optionally, a segment: "TURN Winter 1935" or "TURN Winter 1935 economic"
// (as njudge's phase guard: an email written for a turn that is over is
// refused rather than applied to the next one).
func (p *parser) turn(l *line) {
	if p.seen(l, kwTurn, true) {
		return
	}
	hint := "e.g. TURN Winter 1935, or TURN Winter 1935 economic (the season, the year and optionally the segment, as the reports name them: TURN Spring 1935, Diplomacy: Axis, first round)"
	a := l.args()
	if len(a) < 2 {
		p.add(l.errorf(hint, "TURN needs a season and a year"))
		return
	}
	var t storm.Turn
	if err := t.Season.UnmarshalText([]byte(strings.TrimRight(a[0], ",."))); err != nil {
		p.add(l.errorf(hint, "unknown season %s (Spring, Summer, Fall or Winter)", quote(a[0])))
		return
	}
	y, err := strconv.Atoi(strings.TrimRight(a[1], ",.:"))
	if err != nil || y < storm.FirstTurn.Year || y > 2100 {
		p.add(l.errorf(hint, "%s is not a year of the game", quote(a[1])))
		return
	}
	t.Year = y
	var seg storm.Segment
	if len(a) > 2 {
		rest := strings.Join(a[2:], " ")
		var ok bool
		if seg, ok = segmentNamed(rest); !ok {
			var ids []string
			for _, s := range storm.Segments {
				ids = append(ids, string(s))
			}
			p.add(l.errorf("segments, as the reports name them or by id: "+strings.Join(ids, ", "), "unknown segment %s%s", quote(rest), didYouMean(rest, ids)))
			return
		}
	}
	p.sub.Envelope.Turn, p.sub.Envelope.Segment, p.sub.Envelope.TurnLine = t, seg, l.n
}

// segmentNamed reads a segment as the reports and subjects name it
// ("Diplomacy: Axis, first round", "economic phase"), by its id
// ("diplomacy-axis-1") or by its FOR words ("AXIS 1").
func segmentNamed(name string) (storm.Segment, bool) {
	norm := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if strings.ContainsRune(",.:;()", r) {
				return ' '
			}
			return r
		}, strings.ToLower(s))
		return strings.Join(strings.Fields(s), " ")
	}
	n := norm(name)
	if seg := storm.Segment(strings.ToLower(strings.TrimSpace(name))); seg.Valid() {
		return seg, true
	}
	for _, seg := range storm.Segments {
		if t := norm(seg.Title()); n == t || n+" phase" == t || n == strings.TrimSuffix(t, " phase") {
			return seg, true
		}
	}
	if seg, ok := roundNames[strings.ToUpper(n)]; ok {
		return seg, true
	}
	return "", false
}

// secret reads the SECRET line. Its errors never show the line.
func (p *parser) secret(l *line) {
	if p.seen(l, kwSecret, false) {
		return
	}
	hint := "write SECRET and your power's secret, one word, on a line of its own"
	p.sub.Envelope.SecretPlaceholder = isSecretPlaceholder(l.args())
	switch len(l.args()) {
	case 0:
		p.add(&Error{Line: l.n, Msg: "SECRET needs your power's secret", Hint: hint})
		return
	case 1:
	default:
		p.add(&Error{Line: l.n, Msg: "SECRET takes one word (the line is not shown, to keep your secret)", Hint: hint})
		return
	}
	p.sub.Envelope.Secret = l.args()[0]
	p.sub.Envelope.SecretLine = l.n
}

// isSecretPlaceholder reports whether the words of a SECRET line are the
// placeholder the judge's mails write in place of the secret.
func isSecretPlaceholder(words []string) bool {
	w := strings.Join(words, " ")
	return strings.EqualFold(w, "<your secret>") || strings.EqualFold(w, "your secret")
}

func (p *parser) order(l *line) {
	p.tried = true
	kw := l.keyword()
	w := lookupOrder(kw)
	if w == nil {
		s := Suggest(l.words[0], knownWords())
		e := l.errorf(orderHint(), "unknown order %s", quote(l.words[0]))
		if s != "" {
			e.Msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		if s == kwSecret {
			e.Text = "" // a misspelt SECRET line holds the secret
		}
		p.add(e)
		return
	}
	o, err := w.parse(l)
	if err != nil {
		p.add(err)
		return
	}
	if w.pass { // pass.go
		turn := o.For == storm.SegTurn // PASS TURN: the open segment's PASS and a standing one
		switch {
		case turn && p.forRound != "":
			p.add(l.errorf("write PASS TURN before any FOR line, or PASS under the FOR line", "PASS TURN under a FOR line"))
			return
		case p.forRound != "":
			o = storm.Order{Kind: storm.PassOrder} // a standing PASS for that segment
		case p.pass != 0:
			p.add(l.errorf("write PASS once", "PASS given twice (first on line %d)", p.pass))
			return
		default:
			p.pass, p.passAt, p.sub.Pass = l.n, l.text, true
			if !turn {
				return
			}
		}
	}
	if len(p.sub.Orders) >= maxOrders {
		if !p.capped {
			p.capped = true
			p.add(l.errorf("", "more than %d orders", maxOrders))
		}
		return
	}
	o.Line = l.n
	o.For = forOf(o, p.forRound) // 16.16: intelligence orders' own segment; an IF line's stage
	p.sub.Orders = append(p.sub.Orders, o)
	if w.moderator && p.modOrder == 0 {
		p.modOrder = l.n
	} else if !w.moderator && p.powerOrder == 0 {
		p.powerOrder = l.n
	}
}

// forOf is the segment an order read under FOR line forLine is for: the
// one it names itself (PASS TURN); an IF line's stage, whatever FOR line
// stands above it (the receipt names where it acts); an intelligence
// order's own segment without a FOR line (storm.SegmentOf); else forLine.
func forOf(o storm.Order, forLine storm.Segment) storm.Segment {
	if o.For != "" {
		return o.For // the order names it itself (PASS TURN)
	}
	if seg := storm.PlanSegment(o); seg != "" {
		return seg
	}
	if forLine == "" {
		return storm.SegmentOf(o.Kind)
	}
	return forLine
}

// finish adds the problems with the email as a whole and puts the errors in
// order: by line, whole-email problems last.
func (p *parser) finish() {
	if p.sub.Help && (len(p.sub.Orders) > 0 || p.pass != 0) {
		p.add(&Error{Line: p.helpAt, Msg: "HELP together with orders",
			Hint: "HELP asks for the orders you may give and gives none: send it in an email of its own"})
	}
	if p.sub.Check && (p.sub.Help || len(p.sub.Commands) > 0 || p.sub.Envelope.Moderator && p.sub.Envelope.PowerLine == 0) {
		p.add(&Error{Line: p.checkAt, Msg: "CHECK goes with a power's orders",
			Hint: "CHECK checks orders (or PASS) without storing them: send it with the orders, not with HELP, commands or the moderator's own orders"})
	}
	// PASS goes with standing orders for later rounds (FOR lines), not
	// with orders for the open segment.
	if i := slices.IndexFunc(p.sub.Orders, func(o storm.Order) bool { return o.For == "" }); p.pass != 0 && i >= 0 {
		p.add(&Error{Line: p.pass, Text: p.passAt,
			Msg:  fmt.Sprintf("PASS together with orders (first on line %d)", p.sub.Orders[i].Line),
			Hint: "PASS submits no orders for the open segment: send either PASS or orders (PASS may go with orders for later rounds, after a FOR line)"})
	}
	p.checkSpeaker()
	if p.full {
		p.final = append(p.final, &Error{Msg: fmt.Sprintf("too many errors; stopped reading after line %d", p.lastN)})
	}
	if _, ok := p.first[kwGame]; !ok && !p.sub.IsListRequest() {
		p.final = append(p.final, &Error{Msg: "no GAME line",
			Hint: "write GAME and the game id on a line of its own, e.g. GAME demo"})
	}
	if _, ok := p.first[kwSecret]; !ok && !p.sub.IsObserveRequest() && !p.sub.IsJoinRequest() && !p.sub.IsListRequest() {
		p.final = append(p.final, &Error{Msg: "no SECRET line",
			Hint: "write SECRET and your power's secret (sent to you when you were seated) on a line of its own"})
	}
	p.checkCommands()
	if !p.tried && !p.sub.Help && !p.cmdTried {
		p.final = append(p.final, &Error{Msg: "no orders; write PASS to submit none",
			Hint: orderHint()})
	}
	slices.SortStableFunc(p.errs, func(a, b *Error) int { return cmp.Compare(a.Line, b.Line) })
	p.errs = append(p.errs, p.final...)
	p.maskSecret()
}

// checkSpeaker checks that a MODERATOR email gives moderator orders only,
// and an email for a power no moderator order.
func (p *parser) checkSpeaker() {
	env := p.sub.Envelope
	if env.Moderator && env.PowerLine > 0 && p.modOrder > 0 {
		p.add(&Error{Line: p.modOrder, Msg: "a moderator's order (DRAW, PURGE, SET) in an email for a power",
			Hint: "MODERATOR with POWER enters that power's orders; send the moderator's orders in an email without POWER"})
	}
	if env.Moderator && env.PowerLine == 0 && p.powerOrder > 0 {
		p.add(&Error{Line: p.powerOrder, Msg: "a power's order in a MODERATOR email",
			Hint: "a MODERATOR email gives the moderator's orders (DRAW, PURGE, SET); to enter a power's orders as moderator, add its POWER line"})
	}
	if !env.Moderator && p.modOrder > 0 {
		p.add(&Error{Line: p.modOrder, Msg: "DRAW, PURGE and SET are the moderator's orders",
			Hint: "write MODERATOR instead of POWER, and the moderators' SECRET (docs/deck.md, physical-deck mode)"})
	}
}

// maskSecret replaces the secret wherever an error would quote it (a line
// holding only the secret, say). The sandbox's demo secrets are the power
// names, public by design, and are left alone: masking them would mask
// every POWER line.
func (p *parser) maskSecret() {
	s := p.sub.Envelope.Secret
	if len(p.errs) == 0 || len(s) < 4 {
		return
	}
	if _, ok := storm.ParsePower(s); ok {
		return
	}
	re := regexp.MustCompile(`(?i)` + regexp.QuoteMeta(s))
	for _, e := range p.errs {
		e.Text = re.ReplaceAllLiteralString(e.Text, "********")
		e.Msg = re.ReplaceAllLiteralString(e.Msg, "********")
	}
}

// afterBroadcast refuses text after the END that closes a BROADCAST's or
// a PRESS's message: its writer meant it to be read, and dropping
// it unsaid would send a message cut short. Quoted text, a signature and
// what follows it are not read, as everywhere.
func (p *parser) afterBroadcast(rest []rawLine, skip map[int]bool, from int) {
	for k, rl := range rest {
		t := rl.text
		if isStop(t) {
			return
		}
		if t == "" || isQuoted(t) || skip[from+k] {
			continue
		}
		v := p.broadcast.Verb
		p.add(&Error{Line: rl.n, Text: Shorten(t, maxLineShown), Msg: "text after the END of the " + v + " message",
			Hint: "the message is the lines between " + v + " and END: put this line before END, or leave it out"})
		return
	}
}
