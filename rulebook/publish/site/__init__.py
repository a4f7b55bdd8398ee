"""The site: the rulebook's pages as Sphinx builds them (reST from a reading, the Sphinx extension,
the search index, the pictures, the offline lists, the calculators' runtime) and the jobs that build them."""
