// Package treetest has test helpers for code that must leave files alone: write a
// file, and list a folder so that a test can compare it before and after.
//
// It imports no project package.
package treetest
