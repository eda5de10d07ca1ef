"""Records to JSON values and back, field by field, whatever fields a record has.

The warm parse sends the analyzer's Report and the Lexicon across a socket. Encoding every field of
every record (not the public `to_dict` schema, which renames and drops fields) lets a field added to
Report, Finding or Lexicon travel without touching this module, and decode(encode(x)) == x exactly,
so a decision made from a decoded Report is the decision made from the original.

A record is an `@frozen` record (lanegate's own) or a dataclass; its class is named in the data and
must live in one of TRUSTED_PACKAGES, so decoding never builds an arbitrary class.
"""

from __future__ import annotations

import sys
from types import MappingProxyType

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the stop's path
if TYPE_CHECKING:
    from typing import Any

# Packages whose records may be named in encoded data.
TRUSTED_PACKAGES = ("analyzer", "lanegate_common")
RECORD, TUPLE, LIST, DICT, FROZENSET, MAPPING = "$record", "$tuple", "$list", "$dict", "$frozenset", "$mapping"


class CodecError(ValueError):
    """Data that does not decode to records of a trusted package."""


def encode(value: Any) -> Any:
    """A JSON-able value: records, tuples, lists, dicts, frozensets and read-only mappings tagged.

    Frozensets are sorted by their encoded form, so equal values encode to equal text (a digest of
    the encoding is a digest of the value).
    """
    kind = type(value)
    names = _field_names(kind)
    if names is not None:
        fields = {name: encode(getattr(value, name)) for name in names}
        return {RECORD: f"{kind.__module__}:{kind.__qualname__}", "fields": fields}
    if value is None or kind in (str, int, float, bool):
        return value
    if kind is tuple:
        return {TUPLE: [encode(item) for item in value]}
    if kind is list:
        return {LIST: [encode(item) for item in value]}
    if kind in (frozenset, set):
        return {FROZENSET: sorted((encode(item) for item in value), key=_sort_key)}
    if kind in (dict, MappingProxyType):
        tag = DICT if kind is dict else MAPPING
        return {tag: [[encode(k), encode(v)] for k, v in value.items()]}
    raise CodecError(f"cannot encode a {kind.__name__}")


def decode(data: Any) -> Any:
    """The value `encode` was given (records rebuilt through their own constructor)."""
    if data is None or type(data) in (str, int, float, bool):
        return data
    if type(data) is not dict or len(data) not in (1, 2):
        raise CodecError(f"not an encoded value: {type(data).__name__}")
    if RECORD in data:
        cls = _record_class(data[RECORD])
        fields = data.get("fields")
        if type(fields) is not dict:
            raise CodecError(f"record {data[RECORD]!r} without fields")
        try:
            return cls(**{name: decode(item) for name, item in fields.items()})
        except TypeError as exc:  # a field the class does not have (another version of the code)
            raise CodecError(f"record {data[RECORD]!r}: {exc}") from None
    if len(data) != 1:
        raise CodecError("an encoded value has one tag")
    ((tag, items),) = data.items()
    if type(items) is not list:
        raise CodecError(f"{tag} holds a {type(items).__name__}, not a list")
    if tag == TUPLE:
        return tuple(decode(item) for item in items)
    if tag == LIST:
        return [decode(item) for item in items]
    if tag == FROZENSET:
        return frozenset(decode(item) for item in items)
    if tag in (DICT, MAPPING):
        pairs = dict(_pair(item) for item in items)
        return pairs if tag == DICT else MappingProxyType(pairs)
    raise CodecError(f"unknown tag {tag!r}")


def _field_names(kind: type) -> tuple[str, ...] | None:
    names = getattr(kind, "__record_names__", None)
    if names is not None:
        return names
    if hasattr(kind, "__dataclass_fields__"):  # a dataclass exists, so its module is loaded already
        return tuple(f.name for f in sys.modules["dataclasses"].fields(kind))
    return None


def _record_class(name: Any) -> type:
    if type(name) is not str or ":" not in name:
        raise CodecError(f"bad record name {name!r}")
    module_name, _, qualname = name.partition(":")
    if module_name.split(".", 1)[0] not in TRUSTED_PACKAGES:
        raise CodecError(f"record {name!r} is not from a trusted package")
    try:
        __import__(module_name)
        value: Any = sys.modules[module_name]
        for part in qualname.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError) as exc:
        raise CodecError(f"record {name!r}: {exc}") from None
    if not isinstance(value, type) or _field_names(value) is None:
        raise CodecError(f"{name!r} is not a record class")
    return value


def _pair(item: Any) -> tuple[Any, Any]:
    if type(item) is not list or len(item) != 2:
        raise CodecError("a mapping item is not a [key, value] pair")
    key = decode(item[0])
    if isinstance(key, (list, dict, set)):
        raise CodecError(f"a mapping key must be hashable, not a {type(key).__name__}")
    return key, decode(item[1])


def _sort_key(encoded: Any) -> str:
    import json

    return json.dumps(encoded, sort_keys=True)
