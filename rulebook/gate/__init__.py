"""The consistency gate: what may be published."""
