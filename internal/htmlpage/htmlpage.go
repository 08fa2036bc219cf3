// Package htmlpage holds what every HTML page of the judge begins with:
// the report pages (report), the plain mails' pages (mailer) and the
// public archive's (site), each a template that goes on after Head with
// its own <title> and the rest of its head.
package htmlpage

// Head opens a page: the doctype, the language, the character set, the
// phone's width and both colour schemes (mail apps' dark mode recolours
// the text; no colour is forced on it).
const Head = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
`
