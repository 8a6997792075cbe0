package session

import "errors"

// ErrNotRegular is a path that is not a regular file: a pipe, a device, a
// directory. The saves and content folders read nothing else, with
// OpenRegular, which content and saves share.
var ErrNotRegular = errors.New("not a regular file")
