"""Frozen records for the modules on the Stop hook's per-stop path, without `dataclasses`.

On Python 3.11 `import dataclasses` pulls in `inspect` (ast, dis, tokenize ...) and every
`@dataclass(frozen=True)` compiles six generated methods with exec: about 28 ms and 1.4 ms a class
on the bench machine, two thirds of a no-phrase stop's imports (bench/results.md). `@frozen` gives the
same immutable value object from shared generic methods: fields from the annotations in order,
defaults and `field(default_factory=..., compare=..., repr=...)`, positional or keyword construction,
equality and hashing over the compared fields, a dataclass-style repr, and `replace` / `asdict`.
It lives in the lowest package so analyzer and hook share it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**kwargs: object) -> Callable[[T], T]:
        """typing.dataclass_transform only tells type checkers how @frozen behaves: at run time, nothing."""
        return lambda decorated: decorated


_MISSING: Any = object()
_CLASSVAR_PREFIXES = ("ClassVar", "typing.ClassVar")


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record."""


class Field:
    """A field's default and whether it takes part in equality, hashing and the repr."""

    __slots__ = ("compare", "default", "default_factory", "repr")

    def __init__(self, default: Any, default_factory: Callable[[], Any] | None, compare: bool, repr: bool) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,
) -> Any:
    """A field with options, as dataclasses.field (hashing follows `compare`)."""
    if default is not _MISSING and default_factory is not None:
        raise ValueError("a field takes a default or a default_factory, not both")
    return Field(default, default_factory, compare, repr)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """Make `cls` an immutable record of its annotated fields (ClassVar annotations excepted)."""
    fields: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        fields.update(base.__dict__.get("__record_fields__", {}))
    # The class's own annotations; inspect.get_annotations would import inspect, the cost avoided here.
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
        if isinstance(annotation, str) and annotation.startswith(_CLASSVAR_PREFIXES):
            continue
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(value, None, True, True)
        if isinstance(value, Field):
            if value.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        fields[name] = spec
    required_after_default = False
    for name, spec in fields.items():
        has_default = spec.default is not _MISSING or spec.default_factory is not None
        if required_after_default and not has_default:
            raise TypeError(f"{cls.__name__}: non-default field {name!r} follows a default field")
        required_after_default = required_after_default or has_default
    cls.__record_fields__ = fields  # type: ignore[attr-defined]
    cls.__record_names__ = tuple(fields)  # type: ignore[attr-defined]
    cls.__record_compared__ = tuple(n for n, s in fields.items() if s.compare)  # type: ignore[attr-defined]
    methods = (("__init__", _init), ("__eq__", _eq), ("__hash__", _hash), ("__repr__", _repr),
               ("__setattr__", _setattr), ("__delattr__", _delattr))
    for name, method in methods:
        if name == "__hash__" and cls.__dict__.get("__hash__") is cached_hash:
            continue  # the class asked for its hash kept (cached_hash)
        setattr(cls, name, method)
    return cls


def replace(record: T, /, **changes: Any) -> T:
    """A copy of the record with some fields changed (TypeError for a name that is not a field).

    A real dataclass goes to dataclasses.replace, so one `replace` serves modules holding both kinds.
    """
    names = getattr(type(record), "__record_names__", None)
    if names is None:
        import dataclasses

        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    values = {name: getattr(record, name) for name in names}
    unknown = set(changes) - set(values)
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {sorted(unknown)[0]!r}")
    values.update(changes)
    return type(record)(**values)


def asdict(value: Any) -> Any:
    """Records as dicts, recursively through lists, tuples and dicts (other values as they are)."""
    names = getattr(type(value), "__record_names__", None)
    if names is not None:
        return {name: asdict(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return type(value)(asdict(item) for item in value)
    if isinstance(value, dict):
        return {key: asdict(item) for key, item in value.items()}
    return value


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    names = cls.__record_names__
    # Every field given, in field order, all by keyword or all by position: the common constructions,
    # taken as they are (a stop builds a record per tool call of its turn).
    if not args:
        if tuple(kwargs) == names:
            self.__dict__.update(kwargs)
            return
    elif not kwargs and len(args) == len(names):
        self.__dict__.update(zip(names, args, strict=True))
        return
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}() takes {len(names)} positional arguments but {len(args)} were given")
    values = dict(zip(names, args, strict=False))
    if kwargs:
        fields: dict[str, Field] = cls.__record_fields__
        for name, value in kwargs.items():
            if name not in fields:
                raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
            if name in values:
                raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
            values[name] = value
    if len(values) < len(names) or kwargs:
        values = {name: values[name] if name in values else _default(cls, name) for name in names}
    # One update of the instance dict, in field order: __setattr__ is the frozen guard, not a way in.
    self.__dict__.update(values)


def _default(cls: type, name: str) -> Any:
    spec: Field = cls.__record_fields__[name]  # type: ignore[attr-defined]
    if spec.default_factory is not None:
        return spec.default_factory()
    if spec.default is not _MISSING:
        return spec.default
    raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")


def _compared(record: Any) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in type(record).__record_compared__)


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _compared(self) == _compared(other)


def _hash(self: Any) -> int:
    return hash(_compared(self))


def cached_hash(self: Any) -> int:
    """The record's hash, computed on first use and kept on the instance: for a record that is a cache key of the
    analysis (the lexicon, the claim words), whose fields hold thousands of words that hashing again at every
    cached call walked (a tenth of a message's analysis). Opt in with `__hash__ = cached_hash` in the class body;
    the record is immutable, so the kept value stays right (no record is pickled across processes)."""
    found: int | None = self.__dict__.get("_cached_hash")
    if found is None:
        found = self.__dict__["_cached_hash"] = _hash(self)
    return found


def _repr(self: Any) -> str:
    fields: dict[str, Field] = type(self).__record_fields__
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name, spec in fields.items() if spec.repr)
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: Any, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")
