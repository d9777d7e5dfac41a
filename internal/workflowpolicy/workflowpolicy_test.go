package workflowpolicy

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// workflow is the part of a workflow file the policy reads; nodes keep their comments.
type workflow struct {
	Permissions yaml.Node              `yaml:"permissions"`
	Env         map[string]string      `yaml:"env"`
	Jobs        map[string]workflowJob `yaml:"jobs"`
}

type workflowJob struct {
	Permissions yaml.Node         `yaml:"permissions"`
	Env         map[string]string `yaml:"env"`
	Steps       []yaml.Node       `yaml:"steps"`
}

type workflowStep struct {
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]any    `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// writeJobs are the jobs that may write, and what: saving the history writes the
// release's assets, the Pages deploy writes Pages and proves its identity.
var writeJobs = map[string]map[string]bool{
	"save-history":        {"contents": true},
	"deploy-github-pages": {"pages": true, "id-token": true},
}

// tokenValue is an expression whose value is a secret or the run's token, whole.
var tokenValue = regexp.MustCompile(`^\$\{\{\s*(secrets\.[A-Za-z0-9_]+|github\.token)\s*\}\}$`)

// tokenReaders are the commands that read a token from the environment without naming
// it: gh reads GH_TOKEN, and so does omc history, through gh.
var tokenReaders = map[string][]string{"GH_TOKEN": {"gh ", "omc history"}}

// pinned is an action at a full commit SHA, its version in a comment.
var (
	pinned  = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40}$`)
	version = regexp.MustCompile(`^#\s*v\d+(\.\d+)*$`)
)

// check returns every breach of the policy in one workflow file's text.
func check(text []byte) []string {
	var wf workflow
	if err := yaml.Unmarshal(text, &wf); err != nil {
		return []string{fmt.Sprintf("not a workflow: %v", err)}
	}
	var problems []string
	problems = append(problems, checkPermissions("the workflow", wf.Permissions, nil)...)
	problems = append(problems, tokensOutsideSteps("the workflow", wf.Env)...)
	names := make([]string, 0, len(wf.Jobs))
	for name := range wf.Jobs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		job := wf.Jobs[name]
		where := "job " + name
		problems = append(problems, checkPermissions(where, job.Permissions, writeJobs[name])...)
		problems = append(problems, tokensOutsideSteps(where, job.Env)...)
		for i := range job.Steps {
			problems = append(problems, checkStep(fmt.Sprintf("%s step %d", where, i+1), &job.Steps[i])...)
		}
	}
	return problems
}

// checkPermissions refuses write-all and any write not in allowed; a workflow must say
// its permissions (GitHub's default may be read and write for every scope).
func checkPermissions(where string, perms yaml.Node, allowed map[string]bool) []string {
	switch perms.Kind {
	case 0:
		if allowed == nil && where == "the workflow" {
			return []string{where + " sets no permissions (the default may be write for every scope)"}
		}
		return nil
	case yaml.ScalarNode:
		if perms.Value == "read-all" {
			return nil
		}
		return []string{fmt.Sprintf("%s: permissions %q", where, perms.Value)}
	}
	var problems []string
	for i := 0; i+1 < len(perms.Content); i += 2 {
		scope, level := perms.Content[i].Value, perms.Content[i+1].Value
		if level == "write" && !allowed[scope] {
			problems = append(problems, fmt.Sprintf("%s: %s: write", where, scope))
		}
	}
	return problems
}

// tokensOutsideSteps refuses a token in a workflow's or a job's environment: every step
// of it would have it.
func tokensOutsideSteps(where string, env map[string]string) []string {
	var problems []string
	for name, value := range env {
		if tokenValue.MatchString(strings.TrimSpace(value)) {
			problems = append(problems, fmt.Sprintf("%s gives every step the token %s", where, name))
		}
	}
	sort.Strings(problems)
	return problems
}

func checkStep(where string, node *yaml.Node) []string {
	var step workflowStep
	if err := node.Decode(&step); err != nil {
		return []string{fmt.Sprintf("%s: %v", where, err)}
	}
	if step.Name != "" {
		where += " (" + step.Name + ")"
	}
	var problems []string
	if step.Uses != "" && !strings.HasPrefix(step.Uses, "./") && !strings.HasPrefix(step.Uses, "docker://") {
		if !pinned.MatchString(step.Uses) {
			problems = append(problems, fmt.Sprintf("%s: %s is not pinned by commit", where, step.Uses))
		} else if !version.MatchString(usesComment(node)) {
			problems = append(problems, fmt.Sprintf("%s: %s has no # vX.Y.Z comment", where, step.Uses))
		}
		if strings.HasPrefix(step.Uses, "actions/checkout@") && fmt.Sprint(step.With["persist-credentials"]) != "false" {
			problems = append(problems, where+": checkout keeps its credentials (persist-credentials: false)")
		}
	}
	for name, value := range step.Env {
		if tokenValue.MatchString(strings.TrimSpace(value)) && !usesToken(step.Run, name) {
			problems = append(problems, fmt.Sprintf("%s: has %s but does not use it", where, name))
		}
	}
	if regexp.MustCompile(`\bnpm (ci|install)\b`).MatchString(step.Run) && !strings.Contains(step.Run, "--ignore-scripts") {
		problems = append(problems, where+": npm installs with install scripts (--ignore-scripts)")
	}
	return problems
}

// usesComment is the comment on a step's uses line.
func usesComment(step *yaml.Node) string {
	for i := 0; i+1 < len(step.Content); i += 2 {
		if step.Content[i].Value == "uses" {
			return strings.TrimSpace(step.Content[i+1].LineComment)
		}
	}
	return ""
}

// usesToken reports whether a step's script reads the token name: by name, or through a
// command that reads it from the environment.
func usesToken(run, name string) bool {
	if strings.Contains(run, "$"+name) || strings.Contains(run, "${"+name+"}") {
		return true
	}
	for _, reader := range tokenReaders[name] {
		if strings.Contains(run, reader) {
			return true
		}
	}
	return false
}

// TestWorkflowsLeastPrivilege reads every workflow of the repository.
func TestWorkflowsLeastPrivilege(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", ".github", "workflows", "*.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows found (%v)", err)
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range check(text) {
			t.Errorf("%s: %s", filepath.Base(file), p)
		}
	}
}

// TestPolicyRefusesBreaches: each breach the fault run found, in a small workflow, is
// reported (the policy test above cannot pass by reading nothing).
func TestPolicyRefusesBreaches(t *testing.T) {
	good := `
permissions:
  contents: read
jobs:
  publish:
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0
        with: {persist-credentials: false}
      - run: npm ci --ignore-scripts
      - env:
          GH_TOKEN: ${{ github.token }}
        run: ./bin/omc history restore
  save-history:
    permissions:
      contents: write
    steps:
      - env:
          NETLIFY_AUTH_TOKEN: ${{ secrets.NETLIFY_AUTH_TOKEN }}
        run: 'curl -H "Authorization: Bearer $NETLIFY_AUTH_TOKEN" http://127.0.0.1/'
`
	if problems := check([]byte(good)); len(problems) > 0 {
		t.Fatalf("a workflow within the policy was refused: %q", problems)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"workflow-wide write": {"permissions:\n  contents: read\njobs", "permissions:\n  contents: write\njobs", "the workflow: contents: write"},
		"write-all":           {"permissions:\n  contents: read\njobs", "permissions: write-all\njobs", `permissions "write-all"`},
		"no permissions":      {"permissions:\n  contents: read\njobs", "jobs", "sets no permissions"},
		"job not allowed to write": {"  publish:\n    permissions:\n      contents: read", "  publish:\n    permissions:\n      contents: write",
			"job publish: contents: write"},
		"token for every step": {"jobs:", "env:\n  GH_TOKEN: ${{ github.token }}\njobs:", "the workflow gives every step the token GH_TOKEN"},
		"token unused":         {"run: npm ci --ignore-scripts", "run: npm ci --ignore-scripts\n        env: {GH_TOKEN: \"${{ github.token }}\"}", "has GH_TOKEN but does not use it"},
		"pinned by tag":        {"checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0", "checkout@v4", "not pinned by commit"},
		"no version comment":   {" # v4.4.0", "", "no # vX.Y.Z comment"},
		"credentials kept":     {"with: {persist-credentials: false}", "with: {fetch-depth: 1}", "keeps its credentials"},
		"install scripts":      {"npm ci --ignore-scripts", "npm ci", "install scripts"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%s: the case does not change the workflow", name)
		}
		problems := check([]byte(bad))
		if !strings.Contains(strings.Join(problems, "\n"), c.want) {
			t.Errorf("%s: want a problem with %q, got %q", name, c.want, problems)
		}
	}
}
