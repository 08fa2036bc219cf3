// Package picture draws the picture of a game that reports and notices
// carry inline in their HTML part: a schematic map of the diplomatic
// targets and the tracks, from an adjudicator.View.
package picture

import _ "golang.org/x/image/font/opentype"
