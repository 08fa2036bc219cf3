package storm

import "slices"

// BorderTable is the table of 28.42: the countries bordering each potential
// aggression target. The view carries it, the reports' picture draws it
// (targets beside their neighbours) and the resistance of 28.41 reads it.
// Ethiopia and the Baltic States are aggression targets but not
// diplomatic targets of 24.21. After Yugoslavia's split (25.73A) its
// entry stands for Serbia, so Greece borders Serbia and not Croatia,
// which no row lists (28.42C, BorderName).
var BorderTable = []struct {
	Target  string
	Borders []string
	Rule    string
}{
	{"Ethiopia", nil, "28.42A"},
	{"Albania", []string{"Greece", "Yugoslavia"}, "28.42B"},
	{"Greece", []string{"Albania", "Bulgaria", "Turkey", "Yugoslavia"}, "28.42C"},
	{"Yugoslavia", []string{"Albania", "Austria", "Bulgaria", "Greece", "Hungary", "Rumania"}, "28.42D"},
	{"Rhineland", []string{"Belgium/Luxembourg"}, "28.42E"},
	{"Austria", []string{"Czechoslovakia", "Hungary", "Yugoslavia"}, "28.42F"},
	{"Czechoslovakia", []string{"Austria", "Hungary", "Poland", "Rumania"}, "28.42G"},
	{"Poland", []string{"Czechoslovakia", "Rumania", RussiaTarget}, "28.42H"},
	{"Baltic States", []string{"Poland", RussiaTarget}, "28.42I"},
}

// Borders returns the countries 28.42 lists as bordering target, nil for a
// country that rule lists no borders for (it defines borders only for the
// potential aggression targets).
func Borders(target string) []string {
	for _, b := range BorderTable {
		if b.Target == target {
			return slices.Clone(b.Borders)
		}
	}
	return nil
}
