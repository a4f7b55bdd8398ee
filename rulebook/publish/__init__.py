"""The site, the prints, and putting them in place."""
