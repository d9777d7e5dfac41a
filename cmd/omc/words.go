package main

import "fmt"

// plural is n and the noun, with an s unless n is one: "1 error", "2 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
