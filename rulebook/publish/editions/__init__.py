"""Editions: where each edition of a house's language is published, and what an edition's pages say
of the editions before it."""
