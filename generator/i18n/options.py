"""The reader's words in a directive fence's YAML options: a walkthrough's title and its steps'
`say:` lines, a position's title and caption, a table's caption and headers. Everything else
in a fence (data names, moves, setups) is the same in every language.

Lines come from the YAML parser's marks, so each entry points at the line of its own value."""
from __future__ import annotations

import yaml

from generator.i18n.model import Block

# directive -> the key paths of its translatable values ("*": every item of a list)
TRANSLATABLE = {
    "walkthrough": (("title",), ("steps", "*", "say")),
    "position": (("title",), ("caption",)),
    "table": (("caption",), ("headers", "*")),
    "cards": (("caption",), ("headers", "*")),
    "play": (("title",),),
}
KINDS = {"say": "say", "caption": "caption", "title": "title", "headers": "table heading"}


def directive_name(info: str) -> str:
    return info.strip().split(" ")[0] if info else ""


def fence_blocks(info: str, content: str, name: str, first_line: int, game=None) -> list:
    """The translatable values of a fence whose options start on the file's line `first_line`
    (none for a code block, or options that are not valid YAML: the build reports those), and
    the caption a table of `game`'s shows made from its data's name when nothing gives it one."""
    paths = TRANSLATABLE.get(directive_name(info))
    if not paths:
        return []
    try:
        root = yaml.compose(content, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    found = named_caption(root, name, first_line, game) if directive_name(info) == "table" else []
    for path in paths:
        for node in nodes_at(root, path):
            text = str(node.value).strip()
            if text:
                found.append(Block(" ".join(text.split()), name, first_line + node.start_mark.line, KINDS[next(p for p in reversed(path) if p != "*")]))
    return sorted(found, key=lambda block: block.line)


def named_caption(root, name: str, first_line: int, game) -> list:
    """A table block with no caption of its own, whose data declares none in game.toml, is captioned
    with its data's name in words ("Steps", generator/markdown/tables.py): that caption, at the
    line of its `data:`, for the catalogue (a translated table says it: generator/i18n/games.py)."""
    from generator.markdown.tables import name_caption

    data = nodes_at(root, ("data",))
    if game is None or not data or nodes_at(root, ("caption",)):
        return []
    table = game.data.get(str(data[0].value))
    if table is None or table.caption.strip():
        return []
    return [Block(name_caption(table.name), name, first_line + data[0].start_mark.line, KINDS["caption"])]


def nodes_at(node, path: tuple) -> list:
    """The scalar nodes at `path` under `node`."""
    if not path:
        return [node] if isinstance(node, yaml.ScalarNode) else []
    head, rest = path[0], path[1:]
    if head == "*":
        items = node.value if isinstance(node, yaml.SequenceNode) else []
        return [found for item in items for found in nodes_at(item, rest)]
    if not isinstance(node, yaml.MappingNode):
        return []
    return [found for key, value in node.value if isinstance(key, yaml.ScalarNode) and key.value == head
            for found in nodes_at(value, rest)]
