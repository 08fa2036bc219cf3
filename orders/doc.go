// Package orders turns an order email into typed orders: ReadMessage reads
// a raw RFC 5322 message (MIME, transfer encodings, charsets, HTML-only
// mail) into its headers and text; Parse reads the text into an Envelope
// (game, power, secret) and storm.Order values, collecting every problem
// as a line-numbered Error with a hint; IsAutomatic tells mail that must not
// be answered (bounces, auto-replies, lists, our own mail; RFC 3834).
//
// The order language is documented for players in docs/orders.md, with
// example emails under testdata/orders/.
//
// Orders are a table (orderWords in parse.go) of keywords and parse
// functions, one file per order kind (convert.go, mobilize.go, pass.go).
// A new order is a new file and a new table entry (docs/architecture.md,
// "Adding an order kind"). This package is the one grammar of orders: the
// judge reads emails with Parse and the engine's rule cases
// (adjudicator/testdata) are read with it too. It depends on
// adjudicator/storm only: the typed order (storm.Order) and the tables
// the grammar reads (aggression targets, IF stages, COVERT conditions).
// The canonical text of an order, which the grammar reads back, is
// storm.Order.String: the engine words orders in its own refusals.
//
// Nothing a sender writes makes these functions panic (FuzzParse and
// FuzzReadMessage check it); hostile input is bounded by MaxBody, a limit on
// MIME parts and nesting, and a limit on reported errors.
package orders
