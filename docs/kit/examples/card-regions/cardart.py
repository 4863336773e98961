"""The example deck's art: a drawing for the card's art slot, from the row's data.
Standard library and generator.draw only, like any game module."""
from generator.draw.icons import icon
from generator.draw.shapes import Circle, Drawing, Rect, Style, Text


def creature(row, width, height):
    """A framed sky or burrow with the creature's kind drawn as an icon; its speed as footprints."""
    sky = "#cfe3f5" if row["kind"] == "bird" else "#e6d6bf"
    shapes = [Rect(0, 0, width, height, Style(fill=sky), rx=1.5)]
    size = min(width, height) * 0.55
    shapes.append(icon("star" if row["kind"] == "bird" else "shield", (width - size) / 2, (height - size) / 2 - 2,
                       size, "#3a3a3a", sky))
    for i in range(row["speed"]):
        shapes.append(Circle(4 + i * 4, height - 3.5, 1.3, Style(fill="#3a3a3a")))
    shapes.append(Text(width - 2, height - 2.2, row["kind"], 3.0, fill="#3a3a3a", anchor="end"))
    return Drawing(width, height, tuple(shapes), title=f"a {row['kind']} with speed {row['speed']}")
