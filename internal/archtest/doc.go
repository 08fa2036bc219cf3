// Package archtest holds no code: its tests hold the project's docs and
// layout to the code. docs/architecture.md's table of packages is checked
// against `go list ./...` (lines, files, imports), and the house rules the
// table stands on are checked on every package: no package over 6,000
// lines, no code that sets another package's variable, no "issue N" in
// production code, no path outside the repository in the docs.
//
// `go test ./internal/archtest -update` rewrites the table's measured
// columns; the concern column is written by hand and kept.
package archtest
