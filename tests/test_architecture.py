"""Imports flow one way: entry points -> wings -> shared rooms -> core (docs/architecture.md)."""

from __future__ import annotations

import ast
import pathlib

import pokerbull

ROOT = pathlib.Path(pokerbull.__file__).parent
LAYERS = {   # a room may import its own layer and the ones below it
    "core": 0, "options": 0, "randomness": 0, "gamelog": 0,
    "cards": 1, "evaluator": 1, "protocol": 1,
    "calls": 2, "sim": 2,
    "bull": 3, "cheat": 3, "roulette": 3,
    "cli": 4, "rl": 4, "solve": 4, "__init__": 5, "__main__": 5,
}


def _room(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def _runtime_nodes(tree: ast.AST):
    """Every node but those under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            continue
        yield node
        yield from _runtime_nodes(node)


def _imports(path: pathlib.Path) -> list[str]:
    """Every pokerbull module a file imports (absolute names), lazy imports included."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    package = parts[:-1]
    found = []
    for node in _runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            found += [n for n in names if n.startswith("pokerbull")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("pokerbull")]
    return found


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


def test_the_calls_room_has_no_import_circle():
    graph = {}
    for path in (ROOT / "calls").glob("*.py"):
        name = f"pokerbull.calls.{path.stem}"
        graph[name] = {t for t in _imports(path) if t.startswith("pokerbull.calls.")
                       and t.rsplit(".", 1)[-1] in {p.stem for p in (ROOT / "calls").glob("*.py")}}
        graph[name] = {t if t.count(".") == 2 else t.rsplit(".", 1)[0] for t in graph[name]}
    seen, stack = set(), set()

    def visit(n):
        assert n not in stack, f"import circle through {n}"
        if n in seen:
            return
        stack.add(n)
        for m in graph.get(n, ()):
            visit(m)
        stack.discard(n)
        seen.add(n)

    for n in graph:
        visit(n)
    assert "pokerbull.calls.spec" in graph and not graph["pokerbull.calls.spec"]
