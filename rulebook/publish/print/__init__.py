"""Print: table cards, sheets, the print shop's pages, the printed rulebook and the short form, from
the same readings as the site (before it: the site offers what print made)."""
