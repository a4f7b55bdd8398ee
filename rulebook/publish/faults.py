"""Faults injected at named moments of a build, so that the fault tests never race or sleep.

``RULEBOOK_FAULT="<moment>:<action>[,...]"`` makes the build, on reaching ``<moment>``:

- ``interrupt``: send SIGINT to its process group, as Ctrl-C in a terminal does;
- ``kill``: die at once (SIGKILL), as in a crash or a power cut;
- ``pause=<folder>``: create ``<folder>/<moment>.paused`` and wait until ``<folder>/<moment>.resume``
  exists (the test edits a source or starts a second build meanwhile).

The moments: ``loaded`` (the project loaded and gated, the build folder locked), ``job`` (a
worker starting a job), ``staged`` (everything built, nothing published), ``publishing`` (the
journal written, the links not yet moved). Without the variable, ``at`` does nothing.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

VARIABLE = "RULEBOOK_FAULT"


def at(moment: str) -> None:
    for item in filter(None, os.environ.get(VARIABLE, "").split(",")):
        where, _, action = item.partition(":")
        if where != moment:
            continue
        if action == "interrupt":
            os.killpg(os.getpgrp(), signal.SIGINT)
        elif action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        elif action.startswith("pause="):
            folder = Path(action.removeprefix("pause="))
            (folder / f"{moment}.paused").touch()
            while not (folder / f"{moment}.resume").exists():
                time.sleep(0.02)
