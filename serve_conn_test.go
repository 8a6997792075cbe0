package main

import (
	"errors"
	"net"
	"os"
	"testing"
	"time"
)

// A viewer's connection ends once nothing has passed for the idle time,
// even after the server clears its own deadline; reading and writing move
// the deadline on; the end comes however busy it is.
func TestDeadlineConn(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	c := &deadlineConn{Conn: a, idle: 300 * time.Millisecond}
	c.touch()
	_ = c.SetDeadline(time.Time{}) // as the server does after the handshake
	go func() {
		for range 3 {
			time.Sleep(10 * time.Millisecond)
			b.Write([]byte("x"))
		}
	}()
	buf := make([]byte, 1)
	for i := range 3 {
		if _, err := c.Read(buf); err != nil {
			t.Fatalf("read %d, within the idle time of the one before: %v", i, err)
		}
	}
	if _, err := c.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("idle: %v, want the deadline exceeded", err)
	}

	a, b = net.Pipe()
	defer b.Close()
	c = &deadlineConn{Conn: a, idle: time.Hour, end: time.Now().Add(40 * time.Millisecond)}
	if _, err := c.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("past the end: %v, want the deadline exceeded", err)
	}
}
