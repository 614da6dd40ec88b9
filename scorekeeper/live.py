"""The broker that carries live updates to every open board and score sheet.

In-process by default (one server process); Redis pub/sub when ``SCOREKEEPER_REDIS_URL`` is set, so an
update published by any worker or host reaches watchers connected to every other one. Either way each
process fans messages out to its own subscribers through one queue per open stream. Several workers without
Redis are refused (``workers_problem``), and a stream still asks the database for its match's revision on
each keep-alive tick, so an update lost on its way reaches the board at the next tick.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

log = logging.getLogger(__name__)
CHANNEL_PREFIX = "scorekeeper:match:"


def workers_problem(workers: int, redis_url: str | None) -> str | None:
    """Why ``workers`` server processes could not carry live updates with this broker; None when they can.

    The in-process broker reaches only the watchers of the process that recorded the hand: with several
    workers and no Redis, a board served by another worker would hear of the hand only when its stream next
    checks the database (``board_events``), instead of at once."""
    if workers > 1 and not redis_url:
        return (f"scorekeeper: refusing to serve with {workers} workers without Redis: each worker's in-process "
                "broker reaches only its own watchers, so live boards on the other workers would miss updates. "
                "Set SCOREKEEPER_REDIS_URL (such as redis://127.0.0.1:6379/0) to carry them between workers, "
                "or serve with one worker.")
    return None


@dataclass(frozen=True, slots=True)
class Message:
    """One update of a channel (a match, or a tournament's venue screen): its new revision and, as JSON text,
    either the whole state at it (kind ``state``) or what the write that made it changed (kind ``change``:
    worth applying only on top of the revision just before it; a stream that missed one sends the whole state
    instead)."""

    match_id: str
    revision: int
    data: str
    kind: str = "state"


class LocalBroker:
    """Fan-out inside one process: a queue per subscriber, by match."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[queue.Queue[Message]]] = {}
        # What the database said of each watched match, shared by its streams in this process (see
        # ``latest_revision`` and ``latest_state``); forgotten when the match's last stream here closes.
        self._checked: dict[str, tuple[float, int | None]] = {}
        self._states: dict[str, Message] = {}

    def publish(self, message: Message) -> None:
        """Deliver to every subscriber of the match in this process."""
        self.deliver(message)

    def deliver(self, message: Message) -> None:
        """Put the message on each local subscriber's queue."""
        with self._lock:
            targets = list(self._subscribers.get(message.match_id, ()))
        for target in targets:
            target.put(message)

    def open(self, match_id: str) -> queue.Queue[Message]:
        """A queue that receives the match's messages until ``close``."""
        box: queue.Queue[Message] = queue.Queue()
        with self._lock:
            self._subscribers.setdefault(match_id, set()).add(box)
        return box

    def close(self, match_id: str, box: queue.Queue[Message]) -> None:
        """Stop delivering to ``box``."""
        with self._lock:
            boxes = self._subscribers.get(match_id)
            if boxes is not None:
                boxes.discard(box)
                if not boxes:
                    del self._subscribers[match_id]
                    self._checked.pop(match_id, None)
                    self._states.pop(match_id, None)

    @contextmanager
    def subscribe(self, match_id: str) -> Iterator[queue.Queue[Message]]:
        """A queue that receives the match's messages while the context is open."""
        box = self.open(match_id)
        try:
            yield box
        finally:
            self.close(match_id, box)

    def latest_revision(self, match_id: str, read: Callable[[], int | None], max_age: float) -> int | None:
        """The match's revision as ``read`` (the database) says it, read at most once per ``max_age`` seconds
        in this process however many of its streams ask: a watched match costs one cheap query per tick, not
        one per watcher. None when the match is gone."""
        now = time.monotonic()
        with self._lock:
            checked = self._checked.get(match_id)
        if checked is not None and now - checked[0] < max_age:
            return checked[1]
        revision = read()
        with self._lock:
            if match_id in self._subscribers:
                self._checked[match_id] = (now, revision)
        return revision

    def latest_state(self, match_id: str, revision: int, load: Callable[[], Message]) -> Message:
        """The match's board at ``revision`` or later: the one a stream of it here last loaded when it is
        recent enough, else ``load()`` (so streams catching up on a missed update load the board once)."""
        with self._lock:
            cached = self._states.get(match_id)
        if cached is not None and cached.revision >= revision:
            return cached
        message = load()
        with self._lock:
            known = self._states.get(match_id)
            if match_id in self._subscribers and (known is None or known.revision < message.revision):
                self._states[match_id] = message
        return message

    def watchers(self, match_id: str | None = None) -> int:
        """How many streams are open in this process (for one match, or all)."""
        with self._lock:
            if match_id is not None:
                return len(self._subscribers.get(match_id, ()))
            return sum(len(boxes) for boxes in self._subscribers.values())


class RedisBroker(LocalBroker):
    """Publishes through Redis; one listener per process delivers what any process published."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis

        self._redis = redis.Redis.from_url(url)
        self._url = url
        self._listener: threading.Thread | None = None
        self._ready = threading.Event()

    def publish(self, message: Message) -> None:
        """Send to every process through Redis (this one included, through its listener)."""
        payload = json.dumps({"revision": message.revision, "data": message.data, "kind": message.kind})
        self._redis.publish(CHANNEL_PREFIX + message.match_id, payload)

    def open(self, match_id: str) -> queue.Queue[Message]:
        """Start the listener on first use, then subscribe locally."""
        self._start()
        return super().open(match_id)

    def _start(self) -> None:
        if self._listener is not None and self._listener.is_alive():
            return
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            self._ready.clear()
            self._listener = threading.Thread(target=self._listen, name="scorekeeper-redis-listener", daemon=True)
            self._listener.start()
        self._ready.wait(timeout=5)

    def _listen(self) -> None:
        import redis

        while True:
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(CHANNEL_PREFIX + "*")
                self._ready.set()
                for raw in pubsub.listen():
                    if raw.get("type") != "pmessage":
                        continue
                    channel = raw["channel"].decode() if isinstance(raw["channel"], bytes) else raw["channel"]
                    body = json.loads(raw["data"])
                    self.deliver(Message(channel.removeprefix(CHANNEL_PREFIX), int(body["revision"]), body["data"],
                                         str(body.get("kind", "state"))))
            except redis.RedisError:
                log.exception("lost the Redis subscription; resubscribing")
                threading.Event().wait(1)


_brokers: dict[str, LocalBroker] = {}
_brokers_lock = threading.Lock()


def broker_for(redis_url: str | None) -> LocalBroker:
    """The process's broker for this configuration (one per Redis URL, or the in-process one)."""
    key = redis_url or ""
    with _brokers_lock:
        if key not in _brokers:
            _brokers[key] = RedisBroker(redis_url) if redis_url else LocalBroker()
        return _brokers[key]


def encode(message: Message) -> str:
    """The message as a server-sent event: its id is the revision, its type the message's kind (``state`` or
    ``change``), its data the message's JSON."""
    return f"id: {message.revision}\nevent: {message.kind}\ndata: {message.data}\n\n"

