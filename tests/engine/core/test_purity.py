"""The engine stays pure: standard library and pydantic only, no `random`, no clock."""

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[3] / "engine"
ALLOWED_THIRD_PARTY = {"pydantic", "pydantic_core"}
FORBIDDEN = {"random", "time", "datetime", "secrets", "uuid", "os", "asyncio"}
MODULES = sorted(ENGINE.rglob("*.py"))


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_module_imports_only_stdlib_and_pydantic(path: Path) -> None:
    roots = imported_roots(path)
    allowed = set(sys.stdlib_module_names) | ALLOWED_THIRD_PARTY | {"engine", "__future__"}
    assert roots <= allowed, f"{path.name} imports {sorted(roots - allowed)}"
    assert not roots & FORBIDDEN, f"{path.name} uses {sorted(roots & FORBIDDEN)}"


def test_the_check_sees_every_engine_module() -> None:
    assert len(MODULES) >= 8
