// Package picture draws the picture of a game that reports and notices
// carry inline in their HTML part: a schematic map of the diplomatic
// targets of 24.21 grouped by the regions of 4.16, with the borders of
// 28.42, and below it the tracks (turn, EAI, economic climate, support,
// tile points, factories, balance of power, Russian cohesion and
// garrison), from an adjudicator.View. A power's notice adds that power's
// own secret tracks: activity counters, naval construction chart and
// research sheet.
//
// The picture is designed for a phone: a PNG Width pixels wide, drawn for
// a column of CSSWidth CSS pixels at Scale device pixels each, and
// Height(v, power) pixels tall. Everything is stacked in one column (a
// five-column map, then the tracks one under the other), and no text is
// smaller than 11 CSS pixels at that width; the figures that matter are
// bold and larger. It has its own opaque light background so that it
// stays legible in a mail reader's dark mode. It is drawn with
// golang.org/x/image (vector shapes and the Go fonts) only, written as a
// paletted PNG, and is deterministic: the same view gives the same bytes,
// whatever was drawn before (the fonts' glyphs and the map's unchanging
// part are kept between pictures, and are exactly what drawing them anew
// would give).
//
// A version's pictures are drawn together (RenderSet): the public part,
// most of every picture, is drawn, mapped to its palette and compressed
// once, and each power's own part is added to it, side by side on the
// cores. The PNG is written here around a zlib stream from
// klauspost/compress, four times faster than the standard library's,
// assembled from bands of rows compressed apart: the bands drawn lately
// are kept, compressed, by the content of their pixels (bandCache, at
// most 8 MB), so that a version mostly like the one before costs little
// more than its drawing.
package picture
