"""The YAML loader for front matter and directive options: PyYAML's safe loader (the C
one where installed), refusing a key given twice in one mapping, which PyYAML would
otherwise take silently (the last one winning)."""
from __future__ import annotations

import yaml
from yaml.constructor import ConstructorError

BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DuplicateKey(ConstructorError):
    """A key given twice: `problem_mark` is the second one, the message names the first's line."""


class StrictLoader(BASE):
    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for key_node, _value in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node.start_mark.line)
                except TypeError:  # an unhashable key: PyYAML reports it itself
                    continue
                if first != key_node.start_mark.line:
                    raise DuplicateKey(None, None, f"the key {key!r} is given twice (first on line {first + 1})",
                                       key_node.start_mark)
        return super().construct_mapping(node, deep)


def load_yaml(text: str):
    return yaml.load(text, Loader=StrictLoader)
