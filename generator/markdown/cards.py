"""A deck on a rules page: its cards as the kit draws them, in a grid that wraps,
each card's words as its alt text; the numbers as a table for those who compare."""
from __future__ import annotations

from html import escape

from generator.markdown.links import relative


def cards_html(gallery, kit_folder: str, page_url: str, table: str = "", words=None) -> str:
    """`gallery`: a kit deck's Gallery (kit/preview.py); `kit_folder`: where its images are;
    `words`: the page's language's gettext (Rulepress's words in it; the kit's section says the same)."""
    _ = words or (lambda text: text)
    width, height = round(gallery.width * 2), round(gallery.height * 2)  # 2 px/mm, as the kit's own gallery
    title = _("%(title)s: every card (%(count)s different)") % {"title": gallery.title, "count": len(gallery.cards)}
    out = [f'<figure class="card-list" id="deck-{escape(gallery.name)}">',
           f"<figcaption>{escape(title)}</figcaption>", '<ul class="card-gallery-list">']
    for card in gallery.cards:
        src, srcset = relative(page_url, f"{kit_folder}/{card.file}"), ""
        if card.pictured:  # an SVG through <img> shows no picture: the kit writes PNGs of such a card
            urls = tuple(relative(page_url, f"{kit_folder}/{name}") for name in card.pngs)
            src, srcset = urls[0], ", ".join(f"{url} {n}x" for n, url in enumerate(urls, start=1))
        out.append(f'<li><img src="{escape(src)}"' + (f' srcset="{escape(srcset)}"' if srcset else "")
                   + f' alt="{escape(card.description)}" loading="lazy" width="{width}" height="{height}"></li>')
    out.append("</ul>")
    if table:
        summary = escape(_("The same cards as a table"))
        out.append(f'<details class="card-table"><summary>{summary}</summary>{table}</details>')
    out.append("</figure>\n")
    return "\n".join(out)
