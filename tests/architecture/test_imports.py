"""Import shape of the bot and the engine, read from the source with ``ast``: no module cycle
(a cycle is what made the match core's mixins import each other inside functions), no import
hidden in a function to dodge one, the match core free of discord, and no class in ``bot/``
declaring ``TYPE_CHECKING`` stand-ins for methods another class provides."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "engine")
# The match core: the service's door and the collaborators it is built from.
CORE = (
    "bot.core.service",
    "bot.core.session",
    "bot.core.ledger",
    "bot.core.lobbies",
    "bot.core.lifecycle",
    "bot.core.clock",
    "bot.core.ai_driver",
    "bot.core.restore",
    "bot.core.match_types",
    "bot.core.errors",
)


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.Import | ast.ImportFrom, module: str) -> Iterator[str]:
    """The project modules an import statement loads (``from a import b`` loads ``a.b``
    when ``b`` is a module, else ``a``)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        parts = module.split(".")
        is_package = MODULES.get(module, Path()).name == "__init__.py"
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join([*parts[:keep], *([base] if base else [])])
    for alias in node.names:
        full = f"{base}.{alias.name}"
        yield full if full in MODULES else base


def _top_level_imports(module: str) -> set[str]:
    """What ``module`` imports when it loads (``if TYPE_CHECKING:`` blocks never run)."""
    tree = ast.parse(MODULES[module].read_text())
    out: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                out.update(m for m in _imported(node, module) if m in MODULES)
            elif isinstance(node, ast.If) and not _is_type_checking(node.test):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)

    walk(tree.body)
    out.discard(module)
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _graph() -> dict[str, set[str]]:
    graph = {m: _top_level_imports(m) for m in MODULES}
    # A package's __init__ re-exporting its modules is loaded with them, not a cycle of use.
    for module, targets in graph.items():
        graph[module] = {t for t in targets if not module.startswith(f"{t}.")}
    return graph


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_in_bot_or_engine() -> None:
    assert _cycles(_graph()) == []


def _function_imports(module: str) -> set[str]:
    """What ``module`` imports inside its functions (loaded late, when called)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    out.update(m for m in _imported(inner, module) if m in MODULES)
    out.discard(module)
    return {m for m in out if not module.startswith(f"{m}.")}


def test_no_import_inside_a_function_dodges_a_cycle_in_bot() -> None:
    """An import moved into a function to break a cycle is still a cycle: counted here."""
    graph = _graph()
    for module in graph:
        if module.startswith("bot."):
            graph[module] |= _function_imports(module)
    assert [c for c in _cycles(graph) if any(m.startswith("bot.") for m in c)] == []


def test_no_import_inside_a_function_dodges_a_cycle_in_the_engine() -> None:
    """Architecture review 3, step 4 (issue 25.4): the engine's cycles hidden inside functions
    (classic's rules, duel's effects and fight, thirteen quest modules) were broken by seams,
    not hidden: the fight's numbers below both (``duel.fight_values``), a receipt's plays with
    the effects and a bystander's moves with the trades (classic), the die window's record
    below the state and its results above every rule they resolve (``quest.turn``)."""
    graph = _graph()
    for module in graph:
        if module.startswith("engine."):
            graph[module] |= _function_imports(module)
    assert [c for c in _cycles(graph) if any(m.startswith("engine.") for m in c)] == []


def test_no_import_inside_a_function_in_the_match_core() -> None:
    """An import inside a function is how a cycle hides; the core has none."""
    hidden = []
    for module in CORE:
        for node in ast.walk(ast.parse(MODULES[module].read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        hidden.append(f"{module}:{inner.lineno}")
    assert hidden == []


def test_the_match_core_imports_no_discord() -> None:
    """The service hands plain values to the Discord layer; it never touches discord."""
    for module in CORE:
        tree = ast.parse(MODULES[module].read_text())
        names = {
            alias.name if isinstance(node, ast.Import) else node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        assert not {n for n in names if n.split(".")[0] == "discord"}, module


def test_importing_the_match_core_loads_neither_discord_nor_pillow() -> None:
    """Not only the core's own imports: everything they load, in a fresh interpreter (an
    import of the plugin registry once brought discord.py, Pillow and ten renderers)."""
    probe = (
        "import sys, bot.core.service; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'discord', 'PIL'}), "
        "sorted(m for m in sys.modules if m.startswith(('bot.render', 'bot.delivery', "
        "'bot.features', 'bot.games', 'bot.plugins', 'cogs'))))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[] []"


def test_no_type_checking_method_stubs_in_bot() -> None:
    """A class declaring ``if TYPE_CHECKING: def ...`` leans on methods of a class it is
    mixed with; collaborators are passed in instead."""
    stubs = []
    for module, path in MODULES.items():
        if not module.startswith("bot."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                for inner in node.body:
                    if isinstance(inner, ast.If) and _is_type_checking(inner.test):
                        stubs.append(f"{module}.{node.name}")
    assert stubs == []
