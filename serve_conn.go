package main

import (
	"net"
	"time"

	"charm.land/ssh"
)

// withDeadlines ends a viewer's connection once nothing has passed either
// way for idle, and in any case maxTime after it connected. It stands in
// for charm.land/ssh's IdleTimeout and MaxTimeout: v0.4.2's connection
// writes its handshake deadline after the handshake while its reading
// goroutine reads it whenever an idle timeout is set, a data race the race
// detector reports. Here every field is set before the connection is used.
func withDeadlines(idle, maxTime time.Duration) ssh.Option {
	return func(s *ssh.Server) error {
		s.ConnCallback = func(_ ssh.Context, conn net.Conn) net.Conn {
			c := &deadlineConn{Conn: conn, idle: idle}
			if maxTime > 0 {
				c.end = time.Now().Add(maxTime)
			}
			c.touch()
			return c
		}
		return nil
	}
}

// deadlineConn moves its deadline on with every read and write.
type deadlineConn struct {
	net.Conn
	idle time.Duration
	end  time.Time
}

// touch sets the deadline: idle from now, or the end, whichever is first.
func (c *deadlineConn) touch() {
	d := c.end
	if c.idle > 0 {
		if i := time.Now().Add(c.idle); d.IsZero() || i.Before(d) {
			d = i
		}
	}
	_ = c.Conn.SetDeadline(d)
}

func (c *deadlineConn) Read(b []byte) (int, error) {
	c.touch()
	return c.Conn.Read(b)
}

func (c *deadlineConn) Write(b []byte) (int, error) {
	c.touch()
	return c.Conn.Write(b)
}

// SetDeadline keeps the idle and end deadlines when the server clears its
// own (a zero time after the handshake).
func (c *deadlineConn) SetDeadline(t time.Time) error {
	if t.IsZero() {
		c.touch()
		return nil
	}
	return c.Conn.SetDeadline(t)
}
