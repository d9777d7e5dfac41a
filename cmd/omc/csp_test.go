package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/publish"
)

// TestCSPCommandPrintsTheMetaPolicy: omc csp prints, for a built site and a published
// tree, the policy _headers sends without frame-ancestors; a folder with no built site
// is a usage error naming it.
func TestCSPCommandPrintsTheMetaPolicy(t *testing.T) {
	site, data := t.TempDir(), t.TempDir()
	write := func(file, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(site, "index.html"), "<head><script>theme()</script></head>")
	write(filepath.Join(site, "csp.json"), `{"connect":["https://plausible.io"],"img":[]}`)
	write(filepath.Join(data, filepath.FromSlash(publish.PathChat)), `{"discord":{"serverId":"42"}}`)

	var out, errOut bytes.Buffer
	if code := execute([]string{"csp", "--dir", site, "--out", data}, testDeps(&out, &errOut)); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	policy := strings.TrimSpace(out.String())
	sources, err := publish.ReadSiteSources(site)
	if err != nil {
		t.Fatal(err)
	}
	header := publish.CSP(sources.WithContent([]byte(`{"discord":{"serverId":"42"}}`)))
	if want := strings.Replace(header, "; frame-ancestors 'none'", "", 1); policy != want {
		t.Errorf("omc csp printed\n%s\nwant\n%s", policy, want)
	}
	for _, part := range []string{"'sha256-", "connect-src 'self' https://plausible.io", "frame-src https://discord.com"} {
		if !strings.Contains(policy, part) {
			t.Errorf("policy lacks %q: %s", part, policy)
		}
	}

	out.Reset()
	errOut.Reset()
	empty := t.TempDir()
	if code := execute([]string{"csp", "--dir", empty, "--out", data}, testDeps(&out, &errOut)); code != 2 || !strings.Contains(errOut.String(), empty) {
		t.Errorf("a folder with no site: exit %d, %q (want 2, naming the folder)", code, errOut.String())
	}
}
