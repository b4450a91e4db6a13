"""The players' reading of an expedition's newest versions, read once per process for everyone.

When the GM acts, every players' page following the expedition asks for the change at once
(woken from a held poll, :mod:`api.expeditions.waits`, or at its next poll): a hundred followers
of one table are a hundred full reads of the same version, each a database session and the whole
state rendered, though every answer is the same. The players' link reads one body per version,
language and page length (what its ETag names, :func:`api.expeditions.views.etag`), so the first
read of a version is kept here, with its JSON as written once, and the others are answered from
it.

Only the players' link's reading is kept: it is the same for everyone who holds the link (the
GM's shows what is hidden; a character's names its character). Every request is still checked
against the head before it is answered from here (a rotated link is refused as before) and still
counted by the rate limit. The table is small and per process (a worker's followers of ten
tables need a few entries); the least recently read entry goes first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

#: A reading's key: the expedition's public id, its version, the language, the page's length.
Key = tuple[str, int, str, int]
#: A reading: its body, and that body as the app's JSON answer writes it.
Reading = tuple[dict[str, Any], bytes]


class SharedReads:
    """The newest players' readings, at most ``size`` of them."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._kept: OrderedDict[Key, Reading] = OrderedDict()
        self._lock = threading.Lock()  # a threaded server's requests share it

    def get(self, key: Key) -> Reading | None:
        """The reading kept for ``key``, or ``None``."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def keep(self, key: Key, reading: Reading) -> None:
        """Keep ``reading`` (never changed after: every answer shares it)."""
        if self.size <= 0:
            return
        with self._lock:
            self._kept[key] = reading
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
