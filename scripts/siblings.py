"""Loads a script of this folder whose file name has a dash (not importable by name)."""

import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, file):
    """The module `name` run from scripts/`file`."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
