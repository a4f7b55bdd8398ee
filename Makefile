# The two commands a newcomer needs are `make site` and `make test`; both set
# up .venv from pyproject.toml, and the Debian packages below, by themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
RULEBOOK := $(PY) -m rulebook

# Pango and fonts for WeasyPrint (cards, PDFs), libgs-common for the print shop's CMYK press profile; gettext (msgfmt) for the gate, and its msgcat for the
# tests of catalogs rewritten by translators' tools; poppler-utils and Chromium for the tests; nginx with its
# brotli module to serve the site with the README's lines (tests/test_deploy.py).
DEBIAN_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core fonts-dejavu-extra libgs-common gettext poppler-utils zbar-tools chromium chromium-driver nginx-light libnginx-mod-http-brotli-static

.PHONY: site html preview review cards pdf doctest test check gettext update-po clean debian runtime

# The floor calculators' runtime (Pyodide, pinned in runtime/package.json and package-lock.json),
# installed into runtime/node_modules (git-ignored) by npm; the site publishes the files it needs.
RUNTIME := runtime/node_modules/.ready

# The published output: the cards and the rulebook PDFs, then every house's site, which offers
# them on its downloads page (each part is redone only when what it is made of changed).
site: $(READY) $(RUNTIME) | debian
	$(RULEBOOK) site

html: site

# The editors' preview: the HTML of what changed, rebuilt on every save and served with live reload
# on http://127.0.0.1:8000/ (PREVIEW="--lang fr" to preview less); never published.
preview: $(READY) | debian
	$(RULEBOOK) preview $(PREVIEW)

# Cards and PDFs are rebuilt only when what they are made of changed.
SOURCES := $(wildcard conf.py rules/*.yaml houses/*/house.yaml executable_examples/*.yaml \
                      locales/*/LC_MESSAGES/*.po locales/glossary.yaml locales/*/glossary.yaml \
                      templates/*/* rulebook/*.py rulebook/*/*.py rulebook/*/*/*.py rulebook/publish/site/static/* pokerrules/*.py)

cards: _build/cards/.done
pdf: _build/pdf/.done

_build/cards/.done: $(READY) $(SOURCES) | debian
	$(RULEBOOK) cards
	touch $@

_build/pdf/.done: $(READY) $(SOURCES) | debian
	$(RULEBOOK) pdf
	touch $@

# The editors' edition: sources, excerpts, editorial notes, doctests, translation status.
review: $(READY) | debian
	$(RULEBOOK) site --builder review

doctest: $(READY) | debian
	$(RULEBOOK) site --builder doctest

# Every check, then every test. The tests read the published output `make site` makes (brought up to
# date here, which is nothing to do after `make site`), instead of building a copy of their own.
test: $(READY) $(RUNTIME) debian
	$(PY) -m ruff check rulebook pokerrules tests benchmarks
	$(PY) -m mypy
	$(RULEBOOK) check
	$(RULEBOOK) site --builder doctest
	$(RULEBOOK) site
	$(PY) -m pytest

check: $(READY) | debian
	$(RULEBOOK) check

gettext: $(READY) | debian
	$(RULEBOOK) gettext

update-po: $(READY) | debian
	$(RULEBOOK) update-po

clean:
	rm -rf _build

runtime: $(RUNTIME)

$(RUNTIME): runtime/package.json runtime/package-lock.json
	command -v npm >/dev/null || $(MAKE) debian DEBIAN_PACKAGES=npm
	npm ci --prefix runtime --ignore-scripts --no-audit --no-fund
	touch $@

# Install whichever Debian packages are missing (as root, or through sudo).
debian:
	@missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:" $$missing; \
	  sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

# (Re)install when pyproject.toml changes; a half-made venv is never marked ready.
$(READY): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@
