"""Imports flow one way: entry points -> wings -> shared rooms -> core (docs/architecture.md)."""

from __future__ import annotations

import ast
import functools
import pathlib

import pokerbull

ROOT = pathlib.Path(pokerbull.__file__).parent
LAYERS = {   # a room may import its own layer and the ones below it
    "core": 0, "options": 0, "randomness": 0, "gamelog": 0, "_lazy": 0,
    "cards": 1, "evaluator": 1, "protocol": 1,
    "calls": 2, "sim": 2,
    "bull": 3, "cheat": 3, "roulette": 3,
    "cli": 4, "rl": 4, "solve": 4, "__init__": 5, "__main__": 5,
}


def _room(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def _nodes(tree: ast.AST, type_checking: bool):
    """Every node, lazy imports inside functions included; those under
    ``if TYPE_CHECKING:`` (imports for annotations only) when `type_checking`."""
    for node in ast.iter_child_nodes(tree):
        if not type_checking and isinstance(node, ast.If) \
                and getattr(node.test, "id", "") == "TYPE_CHECKING":
            continue
        yield node
        yield from _nodes(node, type_checking)


# compiled modules too: their .pyx in a source tree, their stub in an installed wheel
MODULES = {".".join(p.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
           for suffix in ("*.py", "*.pyx", "*.pyi") for p in ROOT.rglob(suffix)}


def _module_of(name: str) -> str:
    """The module an imported name lives in: the longest module prefix of it."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _imports_in(text: str, package: list[str], type_checking: bool = False) -> list[str]:
    """Every pokerbull name a module of `package` imports (absolute), lazy imports included."""
    found = []
    for node in _nodes(ast.parse(text), type_checking):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found += [f"{target}.{a.name}" for a in node.names if target.startswith("pokerbull")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("pokerbull")]
    return found


def _imports(path: pathlib.Path, type_checking: bool = False) -> list[str]:
    package = list(path.relative_to(ROOT.parent).with_suffix("").parts)[:-1]
    return _imports_in(path.read_text(), package, type_checking)


def _module_name(path: pathlib.Path) -> str:
    return ".".join(path.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports: at the top, inside functions (lazy)
    and for annotations only (``TYPE_CHECKING``) alike. A submodule's implicit import
    of its own package is not an edge (every submodule would close a circle with its
    package's ``__init__``); an explicit import of the package is."""
    graph = {}
    for path in ROOT.rglob("*.py"):
        here = _module_name(path)
        graph[here] = {_module_of(t) for t in _imports(path, type_checking=True)} - {here}
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_rooms_import_only_their_layer_and_below():
    wrong = []
    for path in ROOT.rglob("*.py"):
        here = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        room = _room(here)
        for target in _imports(path):
            there = _room(target)
            if there in LAYERS and room in LAYERS and LAYERS[there] > LAYERS[room]:
                wrong.append(f"{here} imports {target}")
    assert not wrong, "imports against the flow:\n" + "\n".join(wrong)


def test_no_import_circle_anywhere_in_the_package():
    graph = import_graph()
    assert len(graph) > 60 and "pokerbull.bull.bots" in graph["pokerbull.bull.simulate"]
    circles = import_circles(graph)
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_the_circle_finder_counts_lazy_and_typing_imports_alike():
    # a circle closed by any import is one, on a toy graph and on a toy module's imports
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set(), "c": {"c"}}) == []
    text = ("from typing import TYPE_CHECKING\nfrom .ladder import Call\n"
            "if TYPE_CHECKING:\n    from ..bull.game import Game\n"
            "def f():\n    from ..bull import simulate\n")
    found = {_module_of(t) for t in _imports_in(text, ["pokerbull", "calls"], type_checking=True)}
    assert found == {"pokerbull.calls.ladder", "pokerbull.bull.game", "pokerbull.bull.simulate"}
    runtime = {_module_of(t) for t in _imports_in(text, ["pokerbull", "calls"])}
    assert runtime == {"pokerbull.calls.ladder", "pokerbull.bull.simulate"}


def test_the_calls_room_keeps_its_one_way_order():
    calls = {m: {t for t in ts if t.startswith("pokerbull.calls.")}
             for m, ts in import_graph().items() if m.startswith("pokerbull.calls.")}
    assert not calls["pokerbull.calls.spec"], calls["pokerbull.calls.spec"]
    assert "pokerbull.calls.ladder" not in calls["pokerbull.calls.witness"]
