package storm

// WorldAtWarEffect is one power's effect in the first turn of A World at
// War: BRPs and unit construction limit changed, no declaration of war.
type WorldAtWarEffect struct {
	Power         Power  `json:"power"`
	BRP           int    `json:"brp"`
	NoDeclaration bool   `json:"no_declaration,omitempty"`
	Rule          string `json:"rule"`
}
