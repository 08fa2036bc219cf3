// Package event holds the typed outcomes of adjudication: every Event the
// phases emit, with its Visibility (public, one power's, the moderators'),
// and their JSON form (MarshalEvents, UnmarshalEvents), from which reports,
// notices and `game export` are rendered. Each file groups the events of
// the rules its name gives. It imports only storm.
package event
