# The two commands a newcomer needs are `make site` and `make test`; both set
# up .venv from pyproject.toml by themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
RULEBOOK := $(PY) -m rulebook

.PHONY: site html doctest test check gettext update-po clean

site: html

html: $(READY)
	$(RULEBOOK) site

doctest: $(READY)
	$(RULEBOOK) site --builder doctest

test: $(READY)
	$(RULEBOOK) check
	$(RULEBOOK) site --builder doctest
	$(PY) -m pytest

check: $(READY)
	$(RULEBOOK) check

gettext: $(READY)
	$(RULEBOOK) gettext

update-po: $(READY)
	$(RULEBOOK) update-po

clean:
	rm -rf _build

# (Re)install when pyproject.toml changes; a half-made venv is never marked ready.
$(READY): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@
