package main

import (
	"fmt"
	"strconv"
	"time"
)

// plural is n and the noun, with an s unless n is one: "1 error", "2 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// hoursWord is a duration in whole or fractional hours as a help text writes it ("16").
func hoursWord(d time.Duration) string {
	return strconv.FormatFloat(d.Hours(), 'f', -1, 64)
}
