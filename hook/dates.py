"""datetime's classes for the per-stop path, without running datetime.py.

CPython's datetime.py first defines a whole pure-Python implementation (about 2 ms to import) and then
replaces it with the classes of its C module, _datetime; importing those directly gives the very same
classes (datetime.datetime is _datetime.datetime), so values and isinstance checks mix freely with code
that imports datetime. Without _datetime (another implementation), the datetime module.
"""

from __future__ import annotations

try:
    from _datetime import UTC, datetime, time, timedelta, timezone, tzinfo
except ImportError:  # pragma: no cover - an implementation without the C module
    from datetime import UTC, datetime, time, timedelta, timezone, tzinfo

__all__ = ["UTC", "datetime", "time", "timedelta", "timezone", "tzinfo"]
