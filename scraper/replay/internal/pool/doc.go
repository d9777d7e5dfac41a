// Package pool is the file format of the replay's product pool: the real menu records
// (Ohio snapshots and platform captures) that the generator distils and the replay
// embeds. It is separate from package replay so that the generator builds even when
// the embedded file does not exist yet.
//
// It imports no project package.
package pool
