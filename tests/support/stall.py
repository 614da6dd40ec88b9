"""A relay in front of a live server that loses its signal as a phone does in a cellar: no error, no closed
connection, just silence. The browser's own offline switch (Playwright's ``set_offline``) does not do this: it
fires the page's ``offline`` event but leaves an open EventSource streaming (checked on Chromium 2026-11)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


class StallingRelay:
    """Relays 127.0.0.1:<port> to the server's port. ``stall()``: every connection stays open but no byte
    passes either way, and new ones are accepted and never answered. ``resume()``: the connections that went
    silent are cut (a connection lost with the signal does not come back), new ones pass again.
    ``silence_open()``: the connections open now go silent for good while new ones pass (a phone that slept:
    its old connection died meanwhile, though neither end said so)."""

    def __init__(self, server_url: str) -> None:
        self._target = ("127.0.0.1", int(server_url.rsplit(":", 1)[1]))
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._lock = threading.Lock()
        self._stalled = False
        self._open: set[socket.socket] = set()
        self._doomed: set[socket.socket] = set()
        self._dead: set[socket.socket] = set()
        self._closing = False
        threading.Thread(target=self._accept, daemon=True).start()

    def stall(self) -> None:
        """From now on nothing passes, on the open connections or on new ones."""
        with self._lock:
            self._stalled = True
            self._doomed |= self._open

    def silence_open(self) -> None:
        """The connections open now carry nothing more, either way; new ones pass."""
        with self._lock:
            self._dead |= self._open

    def silenced(self) -> int:
        """How many of the connections ``silence_open`` silenced are still open: neither end has closed them."""
        with self._lock:
            return len(self._open & self._dead) // 2  # each connection: the client's socket and the server's

    def resume(self) -> None:
        """The signal is back: the silent connections are cut, new ones pass."""
        with self._lock:
            doomed, self._doomed = self._doomed, set()
            self._open -= doomed
            self._stalled = False
        for sock in doomed:
            self._cut(sock)

    def close(self) -> None:
        """Stop relaying; cut every connection."""
        self._closing = True
        self._listener.close()
        with self._lock:
            every = set(self._open)
        for sock in every:
            self._cut(sock)

    def _cut(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            sock.close()

    def _accept(self) -> None:
        while not self._closing:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self._target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                self._cut(client)
                continue
            with self._lock:
                self._open |= {client, upstream}
                if self._stalled:
                    self._doomed |= {client, upstream}
            for source, target in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                while True:  # hold what came while the signal is gone; drop it if the connection is cut
                    with self._lock:
                        if not self._stalled and source not in self._dead:
                            break
                        if source not in self._open:
                            return
                    time.sleep(0.02)
                with self._lock:
                    if target not in self._open:
                        return
                target.sendall(data)
        except OSError:
            pass
        finally:
            with self._lock:
                self._open.discard(source)
                self._open.discard(target)
            self._cut(source)
            self._cut(target)
