"""The catalogue's kits as the exports get them, for tests that read every game's exports."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[2]


def catalogue_kits() -> Iterator[tuple[Path, object, object]]:
    """(game folder, its components, its full-colour kit.build.Artwork) for each catalogue game with a kit."""
    from generator.kit import load_components
    from generator.kit.build import Artwork

    for folder in sorted((ROOT / "content").iterdir()):
        if (folder / "components.toml").is_file():
            components = load_components(folder)
            yield folder, components, Artwork(components, False)
