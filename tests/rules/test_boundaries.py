"""The engine stands alone: standard library only, and nothing from outside scorekeeper/rules/; the
pure packages beside it (the phone's bridge, the tournaments, the club statistics) use only it (issues 22, 24)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "scorekeeper" / "rules"
MODULES = sorted(RULES.glob("*.py"))


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import: level 0 is absolute, 1 is from within rules/, 2+ climbs out."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.extend((0, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


def test_every_engine_module_is_read() -> None:
    assert {p.name for p in MODULES} >= {"cards.py", "melds.py", "variants.py", "scoring.py", "match.py", "errors.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_the_engine_imports_only_the_standard_library_and_itself(path: Path) -> None:
    for level, module in imports_of(path):
        if level == 0:
            top = module.split(".")[0]
            assert top in sys.stdlib_module_names or top == "__future__", f"{path.name} imports {module}"
        else:
            assert level == 1, f"{path.name} reaches outside scorekeeper/rules/: {'.' * level}{module}"


def test_the_check_catches_an_outside_import(tmp_path: Path) -> None:
    """The check above can fail: a module importing Flask or the services is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom ..services import record_hand\n")
    found = imports_of(bad)
    assert (0, "flask") in found and (2, "services") in found
    assert "flask" not in sys.stdlib_module_names


PURE = [RULES.parent / name for name in ("offline", "tournament", "tally")]
"""The pure packages beside the engine: scorekeeper/offline/ is packed with it for Pyodide on the phone;
the tournaments' draw and the club statistics left rules/ for their own. Each imports the standard
library, itself and scorekeeper/rules/: nothing of Flask, WTForms, the services or another of them."""


DRAWING_LIBRARIES = {"jinja2", "markupsafe"}
"""What the phone's bridge may use beyond the standard library: the pure-Python libraries it draws the server's own
templates with (scorekeeper/offline/drawing.py), packed with it for Pyodide (views/engine.py)."""


@pytest.mark.parametrize("path", sorted(p for package in PURE for p in package.glob("*.py")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_pure_packages_import_only_the_engine_and_the_standard_library(path: Path) -> None:
    for level, module in imports_of(path):
        if level == 0:
            top = module.split(".")[0]
            drawn = path.parent.name == "offline" and top in DRAWING_LIBRARIES
            assert top in sys.stdlib_module_names or top == "__future__" or drawn, f"{path.name} imports {module}"
        else:
            assert level == 1 or (level == 2 and (module == "rules" or module.startswith("rules."))), (
                f"{path.parent.name}/{path.name} reaches outside its package and rules/: {'.' * level}{module}")


def test_the_pure_packages_are_read() -> None:
    read = {p.name for package in PURE for p in package.glob("*.py")}
    assert read >= {"worker.py", "draw.py", "formats.py", "club.py"}
