package orders

import (
	"mime"
	"strings"

	"github.com/emersion/go-message"
)

// flowedParams reports whether a text part's Content-Type says
// format=flowed (RFC 3676) and, if so, whether DelSp=yes.
func flowedParams(h message.Header) (flowed, delSp bool) {
	_, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil || !strings.EqualFold(params["format"], "flowed") {
		return false, false
	}
	return true, strings.EqualFold(params["delsp"], "yes")
}
