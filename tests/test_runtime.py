"""The calculators' runtime as published (rulebook.publish.site.runtime): the snapshot the page starts from is
the same bytes whenever it is made, holds nothing of the machine that made it, and is read back whole;
every large file has its compressed siblings."""

from __future__ import annotations

import gzip

import brotli
from hypothesis import given, settings, strategies as st

from rulebook.publish.machinery import precompress

from rulebook.publish.site import runtime


def test_the_snapshot_is_made_the_same_again_and_holds_nothing_of_the_machine(built_site, project):
    found = runtime.runtime(project.root)
    published = (built_site / found.engine / runtime.SNAPSHOT).read_bytes()
    made = runtime.make_snapshot(found)
    assert runtime.sparse(made) == published   # the build's, made in another process (or taken from the cache)
    # No path of this machine: the checkout, where Pyodide is installed, the maker's scratch folder. (Pyodide's
    # own build machine's paths are in its WebAssembly's data, and so in any memory of it.)
    for private in {str(project.root), str(project.root.resolve()), str(found.installed.resolve()), "rulebook-runtime-",
                    "node_modules"}:
        assert private.encode("utf-8") not in made, private


def test_the_published_runtime_is_what_a_start_from_the_snapshot_fetches(built_site, project):
    found = runtime.runtime(project.root)
    assert runtime.published(found, built_site)
    for name in found.starting:
        assert (built_site / name).is_file()
    for name in found.files:   # each large file compressed beside it, to the same bytes
        path = built_site / name
        if precompress.wanted(path) and path.stat().st_size >= precompress.SMALLEST:
            data = path.read_bytes()
            assert gzip.decompress((built_site / (name + ".gz")).read_bytes()) == data, name
            assert brotli.decompress((built_site / (name + ".br")).read_bytes()) == data, name


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.binary(min_size=1, max_size=300)), max_size=8), st.integers(0, 5))
def test_a_sparse_snapshot_reads_back_to_the_memory_it_was_made_from(runs, pages):
    memory = bytearray((pages + 1) * 65536)
    for page, data in runs:
        at = page % (pages + 1) * 65536 + 100
        memory[at:at + len(data)] = data
    memory = bytes(memory)
    packed = runtime.sparse(memory)
    assert runtime.dense(packed) == memory
    zero_pages = sum(not memory[i * 65536:(i + 1) * 65536].strip(b"\0") for i in range(pages + 1))
    assert len(packed) <= len(memory) - zero_pages * 65536 + 16 + 8 * (pages + 1)
