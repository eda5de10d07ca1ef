"""Read a growing JSONL file from its end, newest line first, without ever loading the whole file.

Transcripts reach gigabytes, so the cost of a stop must follow the bytes read back to the record we
need, not the file size. Lines are split on b"\\n" only: U+2028/U+2029 may sit inside JSON strings.
"""

from __future__ import annotations

from collections.abc import Iterator

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import BinaryIO

BLOCK_SIZE = 64 * 1024


class BackwardLines:
    """Iterate (offset, raw line) pairs from the end of a binary file towards its start.

    The first pair is whatever follows the last b"\\n" (empty when the file ends with a newline): it is
    the possibly half-written tail, and the caller decides what to do with it. `start` (a line start)
    stops the walk there: the bytes before it are never read. `bytes_read` counts every byte actually
    read from the file so far.
    """

    def __init__(self, fh: BinaryIO, end: int, block_size: int = BLOCK_SIZE, *, start: int = 0) -> None:
        if block_size <= 0:
            raise ValueError("block_size must be positive")
        self._fh = fh
        self._end = end
        self._start = min(max(0, start), end)
        self._block_size = block_size
        self.bytes_read = 0
        # The newest block read, with its offset: a caller can take bytes near the end from it.
        self.newest_block: tuple[int, bytes] | None = None

    def __iter__(self) -> Iterator[tuple[int, bytes]]:
        pos = self._end
        # Pieces of the line whose start we have not reached yet, newest piece first; a list, not a
        # growing bytes object, so a line of many megabytes is joined once instead of copied per block.
        pending: list[bytes] = []
        while pos > self._start:
            size = min(self._block_size, pos - self._start)
            pos -= size
            self._fh.seek(pos)
            chunk = self._fh.read(size)
            self.bytes_read += len(chunk)
            if self.newest_block is None:
                self.newest_block = (pos, chunk)
            cut = chunk.rfind(b"\n")
            if cut == -1:
                pending.append(chunk)
                continue
            pending.append(chunk[cut + 1 :])
            yield pos + cut + 1, _join(pending)
            # The whole lines of the block, newest first: rfind finds each newline with memrchr, where
            # bytes.split would look at every byte (and copy the block once more).
            while (start := chunk.rfind(b"\n", 0, cut) + 1) > 0:
                yield pos + start, chunk[start:cut]
                cut = start - 1
            pending = [chunk[:cut]]  # its start is in an older block
        if pending:
            yield self._start, _join(pending)


def _join(pending: list[bytes]) -> bytes:
    if len(pending) == 1:
        return pending[0]
    return b"".join(reversed(pending))
