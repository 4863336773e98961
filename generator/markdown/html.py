"""Events to HTML.

Plain elements come from two tables; the few with logic (headings, links,
images, tables, code, raw HTML, footnotes) have a method each. A stage adds
its own element, or replaces one, with `rules[name] = fn(event, env) -> html`
(`name` is the tag of an open/close event, or the type of a leaf event).
"""
from __future__ import annotations

from urllib.parse import quote

# tag -> (element, newline after the opening tag, newline after the closing tag)
ELEMENTS = {"paragraph": ("p", "", "\n"), "blockquote": ("blockquote", "\n", "\n"), "item": ("li", "", "\n"),
            "dl": ("dl", "\n", "\n"), "dt": ("dt", "", "\n"), "dd": ("dd", "", "\n"),
            "emphasis": ("em", "", ""), "strong": ("strong", "", ""), "strikethrough": ("s", "", ""),
            "superscript": ("sup", "", ""), "subscript": ("sub", "", "")}
OPEN = {tag: f"<{name}>{after}" for tag, (name, after, _) in ELEMENTS.items()}
CLOSE = {tag: f"</{name}>{after}" for tag, (name, _, after) in ELEMENTS.items()}
BLOCKS_IN_TIGHT_ITEMS = {"list", "blockquote", "table", "dl"}
ALIGN = {"Left": ' class="align-left"', "Center": ' class="align-center"', "Right": ' class="align-right"'}
# Links a reader's browser must never follow from a rules page (as markdown-it-py refuses them).
UNSAFE_SCHEMES = ("javascript:", "vbscript:", "file:", "data:")
SAFE_URL_CHARS = ";/?:@&=+$,-_.!~*'()#%"


def escape(text: str) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if '"' in text:
        text = text.replace('"', "&quot;")
    return text


def escape_url(url: str) -> str:
    return escape(quote(url, safe=SAFE_URL_CHARS))


def is_safe_url(url: str, image: bool = False) -> bool:
    lowered = url.strip().lower()
    if image and lowered.startswith("data:image/"):
        return True
    return not lowered.startswith(UNSAFE_SCHEMES)


def attributes(attrs: dict | None) -> str:
    if not attrs:
        return ""
    return "".join(f' {key}="{escape(str(value))}"' for key, value in attrs.items())


def plain_text(events, start: int) -> tuple[str, int]:
    """The text inside the element opened at `start`, and the index of its close."""
    depth, parts, index = 0, [], start
    while True:
        event = events[index]
        if event.type == "open":
            depth += 1
        elif event.type == "close":
            depth -= 1
            if depth == 0:
                return "".join(parts), index
        elif event.type in ("text", "code"):
            parts.append(event.data)
        elif event.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        index += 1


class HtmlRenderer:
    def __init__(self, raw_html: bool):
        self.raw_html = raw_html  # else raw HTML in the Markdown shows as text
        self.rules: dict = {}

    def render(self, events: list, env: dict) -> str:
        out: list[str] = []
        write = out.append
        rules = self.rules
        footnotes = Footnotes()
        saved: list[list[str]] = []  # the main output while a footnote definition renders
        table: list = []  # [alignments, cell tag, cell index] of the table being rendered
        index, count = 0, len(events)
        while index < count:
            event = events[index]
            kind, tag = event.type, event.tag
            rule = rules.get(tag or kind)
            if rule is not None:
                write(rule(event, env))
            elif kind == "text":
                write(escape(event.data))
            elif kind == "open":
                if tag in BLOCKS_IN_TIGHT_ITEMS and out and out[-1][-1:] != "\n":
                    write("\n")  # a block after the text of a tight list item starts on its own line
                html = OPEN.get(tag)
                if html is not None and event.attrs is None:
                    write(html)
                elif html is not None:
                    name, after, _ = ELEMENTS[tag]
                    write(f"<{name}{attributes(event.attrs)}>{after}")
                elif tag == "heading":
                    write(f"<h{event.data}{attributes(event.attrs)}>")
                elif tag == "link":
                    if is_safe_url(event.data["href"]):
                        write(self.link(event))
                    else:
                        index = self.skip_tags(events, index, out)
                        continue
                elif tag == "image":
                    alt, index = plain_text(events, index)  # the alt text is the image's content
                    write(self.image(event, alt))
                elif tag == "list":
                    start = event.data
                    if start is None:
                        write(f"<ul{attributes(event.attrs)}>\n")
                    else:
                        write(f"<ol{attributes(event.attrs)}" + (f' start="{start}"' if start != 1 else "") + ">\n")
                elif tag == "table":
                    table = [event.data, "th", 0]
                    write(f"<table{attributes(event.attrs)}>\n")
                elif tag == "table_head":
                    write("<thead>\n<tr>\n")
                elif tag == "table_row":
                    table[2] = 0
                    write(f"<tr{attributes(event.attrs)}>\n")
                elif tag == "table_cell":
                    align = table[0][table[2]] if table[2] < len(table[0]) else "None"
                    write(f"<{table[1]}{ALIGN.get(align, '')}>")
                elif tag == "footnote":
                    saved.append(out)
                    out = []
                    write = out.append
                    footnotes.start(event.data)
                else:
                    raise ValueError(f"no HTML for {tag}")
            elif kind == "close":
                html = CLOSE.get(tag)
                if html is not None:
                    write(html)
                elif tag == "heading":
                    write(f"</h{event.data}>\n")
                elif tag == "link":
                    write("</a>")
                elif tag == "list":
                    write("</ul>\n" if event.data is False else "</ol>\n")
                elif tag == "table":
                    write("</tbody>\n</table>\n")
                elif tag == "table_head":
                    write("</tr>\n</thead>\n<tbody>\n")
                    table[1] = "td"
                    table[2] = 0
                elif tag == "table_row":
                    write("</tr>\n")
                elif tag == "table_cell":
                    write(f"</{table[1]}>\n")
                    table[2] += 1
                elif tag == "footnote":
                    footnotes.finish("".join(out))
                    out = saved.pop()
                    write = out.append
            elif kind == "code":
                write(f"<code>{escape(event.data)}</code>")
            elif kind == "softbreak":
                write("\n")
            elif kind == "hardbreak":
                write("<br />\n")
            elif kind == "rule":
                write("<hr />\n")
            elif kind == "code_block":
                write(code_block(event))
            elif kind == "inline_html":
                write(event.data if self.raw_html else escape(event.data))
            elif kind == "html_block":
                text = event.data["text"]
                write(text if self.raw_html else f"<p>{escape(text.rstrip())}</p>\n")
            elif kind == "footnote_ref":
                write(footnotes.reference(event.data))
            index += 1
        return "".join(out) + footnotes.section()

    def link(self, event) -> str:
        data = event.data
        title = f' title="{escape(data["title"])}"' if data["title"] else ""
        return f'<a href="{escape_url(data["href"])}"{title}{attributes(event.attrs)}>'

    def image(self, event, alt: str) -> str:
        data = event.data
        if not is_safe_url(data["href"], image=True):
            return escape(alt)
        title = f' title="{escape(data["title"])}"' if data["title"] else ""
        return f'<img src="{escape_url(data["href"])}" alt="{escape(alt)}"{title}{attributes(event.attrs)} />'

    def skip_tags(self, events, index: int, out: list) -> int:
        """Render an unsafe link as its text: drop its open and close events."""
        close = plain_text(events, index)[1]
        out.append(self.render(events[index + 1:close], {}) if close > index + 1 else "")
        return close + 1


def code_block(event) -> str:
    info = event.data["info"]
    language = info.split()[0] if info and info.strip() else ""
    css = f' class="language-{escape(language)}"' if language else ""
    return f"<pre><code{css}>{escape(event.data['text'])}</code></pre>\n"


class Footnotes:
    """Numbered in the order they are first referenced; listed at the page's end."""

    def __init__(self):
        self.numbers: dict[str, int] = {}
        self.uses: dict[str, int] = {}
        self.bodies: dict[str, str] = {}
        self.current = ""

    def reference(self, label: str) -> str:
        number = self.numbers.setdefault(label, len(self.numbers) + 1)
        use = self.uses[label] = self.uses.get(label, 0) + 1
        ref_id = f"fnref{number}" + (f":{use - 1}" if use > 1 else "")
        return f'<sup class="footnote-ref"><a href="#fn{number}" id="{ref_id}">[{number}]</a></sup>'

    def start(self, label: str) -> None:
        self.current = label

    def finish(self, html: str) -> None:
        self.bodies[self.current] = html

    def section(self) -> str:
        if not self.numbers:
            return ""
        items = []
        for label, number in self.numbers.items():
            body = self.bodies.get(label, "")
            back = f' <a href="#fnref{number}" class="footnote-backref" aria-label="Back to the text">↩︎</a>'
            if body.endswith("</p>\n"):
                body = body[:-5] + back + "</p>\n"
            else:
                body += back
            items.append(f'<li id="fn{number}" class="footnote-item">{body}</li>\n')
        return ('<hr class="footnotes-sep" />\n<section class="footnotes">\n<ol class="footnotes-list">\n'
                + "".join(items) + "</ol>\n</section>\n")
