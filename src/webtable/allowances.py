"""Rate limits per client address: token buckets, and the table of them one kind of work shares (new
games, replays, private games looked up), so that an address cannot ask for that work without end."""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict

MAX_CALLERS = 10_000  # addresses one table remembers (memory stays bounded)
SAMPLE = 16  # the least recently seen addresses among which a full table forgets the fullest bucket


class Bucket:
    """Token bucket rate limiter: ``rate`` tokens a second, up to ``burst`` kept."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = time.monotonic()

    def level(self, now: float) -> float:
        """The tokens held at ``now`` (time.monotonic), refilled since the last take."""
        return min(self.burst, self.tokens + (now - self.at) * self.rate)

    def take(self, n: float = 1) -> bool:
        """Take ``n`` tokens if the bucket holds them (then True), else take none."""
        now = time.monotonic()
        self.tokens = self.level(now)
        self.at = now
        if self.tokens >= n:
            self.tokens -= n
            return True
        return False

    def give_back(self) -> None:
        """Return a token taken for something that was then not done (a store that failed, say)."""
        self.tokens = min(self.burst, self.tokens + 1)


class Allowances:
    """One kind of work's buckets by client address, each at a rate a minute with bursts of a third.

    At most ``limit`` addresses are remembered. A new one past that makes the table forget one bucket:
    the fullest among the least recently seen (the oldest of equals), since a full bucket loses nothing
    by being forgotten. Forgetting them all at once would let an address rotating through many reset
    every other address's limit; this way an address that used its allowance keeps its count until it
    refilled, unless a table's worth of newer addresses emptied theirs as far."""

    def __init__(self, limit: int = MAX_CALLERS) -> None:
        self.limit = limit
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()  # least recently used first

    def take(self, client: str, per_minute: int, n: int = 1, least_burst: float = 1.0) -> Bucket | None:
        """The address's bucket after ``n`` were taken from it, or None if it does not hold them."""
        bucket = self.buckets.get(client)
        if bucket is None:
            while len(self.buckets) >= max(1, self.limit):
                self._forget_one()
            bucket = self.buckets[client] = Bucket(per_minute / 60.0, max(least_burst, per_minute / 3))
        self.buckets.move_to_end(client)
        return bucket if bucket.take(n) else None

    def _forget_one(self) -> None:
        now = time.monotonic()
        oldest = itertools.islice(self.buckets.items(), SAMPLE)
        fullest = max(oldest, key=lambda item: item[1].level(now) / item[1].burst)  # (max: the first of equals)
        del self.buckets[fullest[0]]

    def clear(self) -> None:
        self.buckets.clear()

    def __len__(self) -> int:
        return len(self.buckets)
