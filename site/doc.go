// Package site writes the public archive of a game: a static
// HTML site, without script, that works from a file:// URL and from any
// web server, at a phone's width as at a desktop's.
//
// The site of one game is one directory:
//
//	index.html            the game: where it stands, the tracks over time
//	                      (one chart, inline SVG, with its figures in a
//	                      table under it), and every version, newest
//	                      first, each with its public picture
//	v<N>.html, v<N>.png   version N's public report, the same HTML the
//	                      public report mail carries (report.Public), its
//	                      picture beside it
//	v<N>-<power>.html     once the game has ended: each power's private
//	v<N>-<power>.png      notice of version N (report.Private) and its
//	                      picture
//	press.html            once the game has ended: every press sent
//	manifest.json         what was written, from which stored state
//
// Before the game ends (store.Game.Ended) the site holds nothing private:
// the public reports and pictures, which the engine's public view alone
// fills (adjudicator.View.PublicOnly), and the public figures. No notice,
// no press, no held random event, no sealed value. Once it has ended,
// nothing is secret any more and the notices and press are added.
//
// Every figure comes from the engine's view (adjudicator.Derive); this
// package formats only. Every page is rendered by html/template.
//
// Writing is incremental: the manifest records, for each version, a hash
// of the stored state's content key (store.Tx.StateKey); a version whose
// state is unchanged is not read, drawn or written again, so writing the
// site after every version costs one version's report and picture. A
// version replaced since (a rollback, a SET) is written again, and the
// files of versions rolled back are removed. Each file is written to a
// temporary file in the same directory and renamed into place, the
// index last: a web server serves the old page or the new one, never a
// half-written one.
package site
