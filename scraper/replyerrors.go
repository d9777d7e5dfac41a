package scraper

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// looksLikeHTML reports whether a body meant to be JSON is a web page: a bot challenge,
// a login wall or an error page from a proxy.
func looksLikeHTML(body []byte) bool {
	head := bytes.ToLower(bytes.TrimSpace(body[:min(len(body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) ||
		bytes.HasPrefix(head, []byte("<head")) || bytes.Contains(head, []byte("<title"))
}

// challengeMarkers are the phrases of bot-protection pages (Cloudflare's "Attention
// Required!" and "Just a moment...", captured in scraper/replay/demo/cloudflare_block.html and scraper/testdata/jane/blocked_*).
var challengeMarkers = [][]byte{
	[]byte("cloudflare"), []byte("attention required"), []byte("just a moment"), []byte("cf-ray"),
	[]byte("captcha"), []byte("access denied"), []byte("enable javascript and cookies"),
}

func isChallenge(resp *polite.Response) bool {
	if resp == nil {
		return false
	}
	if strings.EqualFold(resp.Header.Get("Server"), "cloudflare") && resp.Header.Get("Cf-Mitigated") != "" {
		return true
	}
	if !looksLikeHTML(resp.Body) && !bytes.Contains(bytes.ToLower(resp.Body[:min(len(resp.Body), 2048)]), []byte("cloudflare")) {
		return false
	}
	low := bytes.ToLower(resp.Body[:min(len(resp.Body), 64<<10)])
	for _, m := range challengeMarkers {
		if bytes.Contains(low, m) {
			return true
		}
	}
	return false
}

// requestError turns an engine error into the menu's failure: a challenge page behind
// a 403 or 503 is "blocked", not a plain HTTP status. where names the menu and request.
func requestError(where string, resp *polite.Response, err error) error {
	var fe *data.FetchError
	if !errors.As(err, &fe) {
		return &data.FetchError{Reason: data.ReasonNetwork, Detail: where, Err: err}
	}
	out := *fe
	out.Detail = where + ": " + fe.Detail
	switch {
	case fe.Reason == data.ReasonHTTPStatus && isChallenge(resp):
		out.Reason = data.ReasonBlocked
		out.Detail = fmt.Sprintf("%s: HTTP %d bot-challenge page", where, fe.Status)
	case fe.Reason == data.ReasonHTTPStatus:
		if msg := replyMessage(resp); msg != "" {
			out.Detail += fmt.Sprintf(": the server says %q", data.Clip(msg))
		}
	}
	return &out
}

// replyMessage is the reason a JSON API gives in a failure reply: Algolia's and
// WordPress REST's {"message": "Invalid Application-ID or API key"}, GraphQL's
// {"errors": [{"message": ...}]} or Elasticsearch's {"error": {"reason": ...}} (or a
// plain "error" string), cut to a line; "" when the body says nothing readable.
func replyMessage(resp *polite.Response) string {
	if resp == nil {
		return ""
	}
	var reply struct {
		Message string `json:"message"`
		Errors  []struct {
			Message string `json:"message"`
		} `json:"errors"`
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(resp.Body, &reply) != nil {
		return ""
	}
	msg := reply.Message
	if msg == "" && len(reply.Errors) > 0 {
		msg = reply.Errors[0].Message
	}
	if msg == "" && len(reply.Error) > 0 {
		var es struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal(reply.Error, &msg) != nil && json.Unmarshal(reply.Error, &es) == nil {
			msg = es.Reason
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if r := []rune(msg); len(r) > 200 {
		msg = string(r[:200]) + "…"
	}
	return msg
}

// bodyError classifies a 2xx body the adapter cannot use: a web page where JSON was
// expected is "blocked" (challenge) or "parse" (any other page).
func bodyError(where string, resp *polite.Response, err error) error {
	if isChallenge(resp) {
		return &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": bot-challenge page instead of JSON"}
	}
	if looksLikeHTML(resp.Body) {
		return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": an HTML page instead of JSON"}
	}
	// A body cut short or corrupted is a broken reply; valid JSON of another shape means
	// the platform changed its layout, which a maintainer must look at.
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": malformed JSON", Err: err}
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": layout changed", Err: err}
}

// replyError places a reply the adapter could not parse: a *data.FetchError the parser
// made gets the reply's status and where; any other error is classified by bodyError.
func replyError(where string, resp *polite.Response, err error) error {
	var fe *data.FetchError
	if errors.As(err, &fe) {
		out := *fe
		out.Status, out.Detail = resp.Status, where+": "+fe.Detail
		return &out
	}
	return bodyError(where, resp, err)
}
