package storm

// The anti-Comintern counter (24.3): Germany's free counter in a minor
// country bordering Russia, placed at the start of the diplomatic phase
// with the Axis' first counters, of strength 1-3 by Russian cohesion
// (24.32), in the least anti-Communist eligible country (24.34C) unless the
// Axis' own effort there displaces it to the next (24.35). It acts as a
// German diplomatic counter (24.37), keeps Axis and Allied diplomatic
// counters out (24.56B, 24.36A), and ends with the Nazi-Soviet Pact
// (24.38).
//
// By email Germany need not order anything: the judge places it in the
// Axis' first round. ANTI-COMINTERN <country> chooses among countries tied
// for first (24.34D); ANTI-COMINTERN NONE leaves it out this turn (24.31:
// Germany "may" place it).

// AntiCominternOrder is ANTI-COMINTERN <country> or ANTI-COMINTERN NONE;
// Order.Project holds the country or "none".
const AntiCominternOrder OrderKind = "anti-comintern"

// AntiComintern is the counter placed this turn.
type AntiComintern struct {
	Country  string `json:"country"`
	Strength int    `json:"strength"`
	// Displaced lists the countries it left, in order (24.35).
	Displaced []string `json:"displaced,omitempty"`
}
