"""The rulebook's model, as the rest of the project imports it: the records, their loading and the
helpers for placeholders. Each lives in a module of its own:

- :mod:`rulebook.core.schema`: every record an editor writes, declared once (pydantic)
- :mod:`rulebook.core.records`: the loaded rulebook as frozen dataclasses
- :mod:`rulebook.core.placeholders`: a text's ``{placeholders}`` and filling them
- :mod:`rulebook.core.reader`: one file's errors, collected
- :mod:`rulebook.core.parts`: reading the library's part files
- :mod:`rulebook.core.variants`: a house's view of the library (variants, adoption)
- :mod:`rulebook.core.houses`: reading a house file
- :mod:`rulebook.core.loading`: the library and every house, with every error
"""

from __future__ import annotations

from rulebook.core.loading import load_library, load_rulebook, read_messages
from rulebook.core.placeholders import fill, placeholders, replacement_fields
from rulebook.core.records import (ID_PATTERN, MAX_ID, RESERVED_IDS, RULING_PARAMETERS, TABLES, TAGS, Library, Message,
                                   Note, Part, Proposal, Rule, Rulebook, Section, Slot)
from rulebook.core.schema import HOUSE_UNITS

__all__ = ["HOUSE_UNITS", "ID_PATTERN", "MAX_ID", "RESERVED_IDS", "RULING_PARAMETERS", "TABLES", "TAGS", "Library",
           "Message", "Note", "Part", "Proposal", "Rule", "Rulebook", "Section", "Slot", "fill", "load_library",
           "load_rulebook", "placeholders", "read_messages", "replacement_fields"]
