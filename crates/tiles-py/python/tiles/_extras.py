"""What the package's extras add, checked where it is first needed: a module an extra
installs, when missing, is named with the extra that brings it."""

from __future__ import annotations

import importlib

#: The extras (``pyproject.toml``'s optional dependencies) and what each is for.
EXTRAS = {
    "rl": "numpy, PettingZoo and Gymnasium, for the learning environments and encoded arrays",
    "ray": "Ray and numpy, for tiles.ray",
}


def needs(extra: str, *modules: str) -> None:
    """Imports ``modules``, or raises :class:`ModuleNotFoundError` saying which extra to
    install: ``tiles.mahjong.pettingzoo needs numpy, which the rl extra installs: pip install
    "./crates/tiles-py[rl]" from a clone of the repository``."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            missing = error.name or module
            raise ModuleNotFoundError(
                f"this needs {missing}, which the package's {extra} extra installs "
                f"({EXTRAS[extra]}): pip install \"./crates/tiles-py[{extra}]\" from a clone "
                "of the repository",
                name=missing,
            ) from error
