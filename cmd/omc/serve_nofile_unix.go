//go:build unix

package main

import "syscall"

// descriptorReserve is what serving needs beside its connections: the files it opens
// to answer them, the listener, the database and the standard streams.
const descriptorReserve = 256

// connectionCap is want, lowered to what the process's descriptor limit allows (Go
// raises the soft limit to the hard one at start): past it, accept fails with EMFILE
// and every client, new or old, is refused, rather than a few waiting to be accepted.
func connectionCap(want int) int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > uint64(1<<30) {
		return want
	}
	if room := int(lim.Cur) - descriptorReserve; room < want {
		return max(room, 16)
	}
	return want
}
