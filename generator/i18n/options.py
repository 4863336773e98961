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


def fence_blocks(info: str, content: str, name: str, first_line: int) -> list:
    """The translatable values of a fence whose options start on the file's line `first_line`
    (none for a code block, or options that are not valid YAML: the build reports those)."""
    paths = TRANSLATABLE.get(directive_name(info))
    if not paths:
        return []
    try:
        root = yaml.compose(content, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    found = []
    for path in paths:
        for node in nodes_at(root, path):
            text = str(node.value).strip()
            if text:
                found.append(Block(" ".join(text.split()), name, first_line + node.start_mark.line, KINDS[next(p for p in reversed(path) if p != "*")]))
    return sorted(found, key=lambda block: block.line)


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
