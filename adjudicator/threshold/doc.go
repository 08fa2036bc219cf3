// Package threshold holds what decides war and peace, read by the crisis
// phase and by the war: the resistance of a minor country (28), the Nazi-
// Soviet Pact's concession level and victory points (31.3, 34.92), and the
// thresholds a declaration of war must meet (32.3-32.7). It imports storm
// and track.
package threshold
