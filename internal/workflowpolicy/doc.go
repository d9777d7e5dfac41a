// Package workflowpolicy holds the test that keeps the GitHub Actions workflows in
// .github/workflows to least privilege (docs/operations.md, "Permissions"): no write
// permission granted to a whole workflow, a token only in the environment of a step that
// uses it, every action pinned by commit with its version in a comment, checkouts that
// keep no credentials and npm installs without install scripts. It has no code of its own
// that omc runs.
package workflowpolicy
