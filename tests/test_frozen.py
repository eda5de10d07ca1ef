"""lanegate_common.frozen: the per-stop records behave as the frozen dataclasses they replace."""

from __future__ import annotations

from typing import ClassVar

import pytest

from lanegate_common.frozen import FrozenInstanceError, asdict, field, frozen, replace


@frozen
class Point:
    """A test record."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)
    KIND: ClassVar[str] = "point"


@frozen
class Line:
    """A record holding records."""

    start: Point
    ends: list[Point]


def test_construction_positional_keyword_and_defaults() -> None:
    assert Point(1) == Point(x=1, y=0, tags=())
    assert (Point(1, 2).x, Point(1, 2).y, Point(1).tags, Point(1).note) == (1, 2, (), "")
    assert Point.KIND == "point"


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((), {}, "Point() missing required argument: 'x'"),
        ((1, 2, (), "", 5), {}, "Point() takes 4 positional arguments but 5 were given"),
        ((1,), {"z": 3}, "Point() got an unexpected keyword argument 'z'"),
        ((1,), {"x": 3}, "Point() got multiple values for argument 'x'"),
    ],
)
def test_bad_construction_is_a_type_error(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(TypeError) as caught:
        Point(*args, **kwargs)
    assert str(caught.value) == message


def test_fields_cannot_be_assigned_or_deleted() -> None:
    point = Point(1)
    with pytest.raises(FrozenInstanceError) as assigned:
        point.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError) as deleted:
        del point.y
    assert (str(assigned.value), str(deleted.value)) == ("cannot assign to field 'x'", "cannot delete field 'y'")
    assert isinstance(assigned.value, AttributeError)


def test_equality_and_hash_skip_uncompared_fields_and_other_classes() -> None:
    assert Point(1, note="a") == Point(1, note="b")
    assert hash(Point(1, note="a")) == hash(Point(1, note="b")) == hash((1, 0, ()))
    assert Point(1) != Point(2)
    assert Point(1).__eq__((1, 0, ())) is NotImplemented


def test_repr_names_the_shown_fields() -> None:
    assert repr(Point(1, 2, ("a",), "hidden")) == "Point(x=1, y=2, tags=('a',))"


def test_replace_and_asdict() -> None:
    point = Point(1, tags=("a",))
    assert replace(point, y=5) == Point(1, 5, ("a",))
    with pytest.raises(TypeError) as caught:
        replace(point, z=1)
    assert str(caught.value) == "Point has no field 'z'"
    line = Line(point, [Point(2)])
    assert asdict(line) == {
        "start": {"x": 1, "y": 0, "tags": ("a",), "note": ""},
        "ends": [{"x": 2, "y": 0, "tags": (), "note": ""}],
    }


def test_a_required_field_after_a_default_is_refused() -> None:
    with pytest.raises(TypeError) as caught:

        @frozen
        class Bad:
            """Not a valid record."""

            a: int = 0
            b: int

    assert str(caught.value) == "Bad: non-default field 'b' follows a default field"


def test_replace_passes_a_real_dataclass_to_dataclasses() -> None:
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Plain:
        """A real dataclass."""

        a: int

    assert replace(Plain(1), a=2) == Plain(2)


def test_every_construction_stores_the_fields_in_field_order() -> None:
    built = [
        Point(1, 2, ("a",), "n"),
        Point(x=1, y=2, tags=("a",), note="n"),
        Point(note="n", tags=("a",), y=2, x=1),
        Point(1, note="n", y=2, tags=("a",)),
    ]
    assert all(p == built[0] and p.note == "n" for p in built)
    assert {tuple(vars(p).items()) for p in built} == {(("x", 1), ("y", 2), ("tags", ("a",)), ("note", "n"))}
