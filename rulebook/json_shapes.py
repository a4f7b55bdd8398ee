"""The shapes of the JSON the build reads back from ``_build/``: a cached catalog, a step's
remembered results, a job's stamp, a publication's journal. Each is declared once and validated
by pydantic; a file of any other shape is ignored (parsed afresh, recomputed, rebuilt), never trusted."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictBool, StrictInt, StrictStr, TypeAdapter, ValidationError
from typing_extensions import TypedDict

_Texts = list[StrictStr]
# A catalog message: [id, string, context, flags, line, locations, auto comments, comments, previous id];
# a plural's id and string are lists of texts.
_CatalogMessage = tuple[StrictStr | Annotated[_Texts, Field(min_length=1)], StrictStr | _Texts, StrictStr | None, _Texts,
                        StrictInt, list[tuple[StrictStr, StrictInt | None]], _Texts, _Texts, _Texts]
# An accepted catalog: [header comment, fuzzy, MIME headers, messages, obsolete messages].
CatalogRecord = tuple[StrictStr, StrictBool, list[tuple[StrictStr, StrictStr]], list[_CatalogMessage],
                      list[_CatalogMessage]]
# What a check finds: [check, message] pairs.
Findings = list[tuple[StrictStr, StrictStr]]


# A publication's journal: each published folder's kind → the version its link will name.
Journal = dict[StrictStr, Any]


class Stamp(TypedDict):
    """A job's stamp: the digest of the inputs it read, and each file it published by its digest."""

    inputs: StrictStr
    outputs: dict[str, Any]


_ADAPTERS: dict[Any, TypeAdapter] = {}


def fits(shape: Any, value: Any) -> bool:
    """Whether ``value``, read back from JSON, has the declared ``shape``."""
    if shape not in _ADAPTERS:
        _ADAPTERS[shape] = TypeAdapter(shape)
    try:
        _ADAPTERS[shape].validate_python(value)
    except ValidationError:
        return False
    return True
