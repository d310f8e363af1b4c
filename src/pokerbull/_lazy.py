"""Public names that load on first use (PEP 562): a package's ``__getattr__`` and ``__dir__``.

``import pokerbull`` loads no wing, so a command that needs one ladder (``pokerbull
ladder cheung --all``) starts without importing Cheat or Poker roulette: each public
name is imported from its home module the first time it is read, then kept in the
package's namespace (read again, it costs a dict lookup). Static users see the names
through the package's ``if TYPE_CHECKING:`` imports.

>>> import types
>>> pkg = types.ModuleType("pkg")
>>> pkg.__getattr__, pkg.__dir__ = exports("pkg", vars(pkg), {"json.decoder": ("JSONDecoder",)})
>>> "JSONDecoder" in dir(pkg), "JSONDecoder" in vars(pkg)
(True, False)
>>> pkg.JSONDecoder.__name__, "JSONDecoder" in vars(pkg)
('JSONDecoder', True)
>>> pkg.nothing
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any


def exports(package: str, namespace: dict[str, Any], homes: Mapping[str, Sequence[str]],
            modules: Mapping[str, str] | None = None
            ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for `package`, whose module dict is `namespace`.

    `homes` maps a module (absolute, or relative to `package` with a leading dot) to
    the names it gives the package. `modules` maps a submodule's name to the module
    whose import makes it whole (``{"core": ".core.backend"}``: ``pkg.core`` imports
    ``pkg.core.backend`` and is ``pkg.core``), for the submodules the package used to
    import eagerly and users read as attributes.
    """
    home_of = {name: module for module, names in homes.items() for name in names}
    submodules = dict(modules or {})

    def __getattr__(name: str) -> Any:
        if name in home_of:
            value = getattr(import_module(home_of[name], package), name)
        elif name in submodules:
            import_module(submodules[name], package)
            value = import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(namespace.keys() | home_of.keys() | submodules.keys())

    return __getattr__, __dir__
