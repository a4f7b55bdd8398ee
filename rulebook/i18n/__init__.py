"""The words of each language: catalogs, extraction, glossary, formatting, search words."""
