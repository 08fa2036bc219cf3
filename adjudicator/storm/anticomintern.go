package storm

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
