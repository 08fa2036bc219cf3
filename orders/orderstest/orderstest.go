// Package orderstest builds hostile order emails for tests: MIME trees
// with many parts or deep nesting, as a probe of the judge would send.
package orderstest

import (
	"fmt"
	"strings"
)

// ManyParts returns the Content-Type field and body of a multipart/mixed
// entity with n image parts followed by one text/plain part holding text
// (CRLF line ends).
func ManyParts(n int, text string) string {
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n")
	for range n {
		b.WriteString("--m\r\nContent-Type: image/png\r\n\r\nxx\r\n")
	}
	b.WriteString("--m\r\nContent-Type: text/plain\r\n\r\n" + text + "--m--\r\n")
	return b.String()
}

// ManyPartsFirst is ManyParts with the text/plain part first, before the
// n other parts: a limit on parts must hold wherever the orders are.
func ManyPartsFirst(n int, text string) string {
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n")
	b.WriteString("--m\r\nContent-Type: text/plain\r\n\r\n" + text + "\r\n")
	for range n {
		b.WriteString("--m\r\nContent-Type: image/png\r\n\r\nxx\r\n")
	}
	b.WriteString("--m--\r\n")
	return b.String()
}

// Nested returns the Content-Type field and body of depth multipart/mixed
// entities nested in each other around one text/plain part holding text.
func Nested(depth int, text string) string {
	s := "Content-Type: text/plain\r\n\r\n" + text
	for i := range depth {
		b := fmt.Sprintf("b%d", i)
		s = "Content-Type: multipart/mixed; boundary=\"" + b + "\"\r\n\r\n--" + b + "\r\n" + s + "\r\n--" + b + "--\r\n"
	}
	return s
}
