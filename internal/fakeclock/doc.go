// Package fakeclock is a clock for the tests of code that waits (the polite engine's
// pacing and back-off): sleeping records the wait and moves the clock on, so a test
// sees the exact waits without spending them.
//
// It imports no project package.
package fakeclock
