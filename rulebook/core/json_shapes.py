"""The shapes of the JSON the build reads back from ``_build/``: a cached catalog, a step's
remembered results, a job's stamp, a publication's journal. Each is declared once as a schema of
pydantic-core (pydantic's validation engine); a file of any other shape is ignored (parsed afresh,
recomputed, rebuilt), never trusted."""

from __future__ import annotations

from pydantic_core import SchemaValidator, ValidationError
from pydantic_core import core_schema as cs

_TEXT = cs.str_schema(strict=True)
_TEXTS = cs.list_schema(_TEXT)
_PAIR = cs.tuple_schema([_TEXT, _TEXT])   # JSON has no tuples: a list of two texts
# A catalog message: [id, string, context, flags, line, locations, auto comments, comments, previous id];
# a plural's id and string are lists of texts.
_MESSAGE = cs.tuple_schema([
    cs.union_schema([_TEXT, cs.list_schema(_TEXT, min_length=1)]), cs.union_schema([_TEXT, _TEXTS]),
    cs.nullable_schema(_TEXT), _TEXTS, cs.int_schema(strict=True),
    cs.list_schema(cs.tuple_schema([_TEXT, cs.nullable_schema(cs.int_schema(strict=True))])), _TEXTS, _TEXTS, _TEXTS,
])

# An accepted catalog: [header comment, fuzzy, MIME headers, messages, obsolete messages].
CatalogRecord = SchemaValidator(cs.tuple_schema([_TEXT, cs.bool_schema(strict=True), cs.list_schema(_PAIR),
                                                 cs.list_schema(_MESSAGE), cs.list_schema(_MESSAGE)]))
# What a check finds: [check, message] pairs.
Findings = SchemaValidator(cs.list_schema(_PAIR))
# A job's stamp: the digest of the inputs it read, and each file it published by its digest.
Stamp = SchemaValidator(cs.typed_dict_schema({"inputs": cs.typed_dict_field(_TEXT),
                                              "outputs": cs.typed_dict_field(cs.dict_schema(strict=True))}))
# A publication's journal: each published folder's kind → the version its link will name.
Journal = SchemaValidator(cs.dict_schema(_TEXT, strict=True))


def fits(shape: SchemaValidator, value: object) -> bool:
    """Whether ``value``, read back from JSON, has the declared ``shape``."""
    try:
        shape.validate_python(value)
    except ValidationError:
        return False
    return True
