"""site.toml's `base_url`: the site's own address, the start of every absolute URL the build
writes (the pages' canonical links, the sitemap, the feeds' links and entry ids). Anything but
an absolute http(s) address with a host makes all of those wrong at once, and silently: a
crawler or a feed reader drops what it cannot read."""
from __future__ import annotations

import re
import urllib.parse

from generator.content.schema import Problem
from generator.errors import describe_value

EXPECTED = ("the site's address: http:// or https://, a host and an optional path, e.g. "
            "\"https://games.example.org/\" (no spaces, no ?query, no #fragment)")
# spaces and controls end a URL wherever it is written; quotes and angle brackets break out of
# markup; a browser reads a backslash as a slash
UNSAFE = re.compile(r"[\x00-\x20\x7f-\x9f\\\"'<>`{}|^]")
HOST_LABEL = re.compile(r"^[^\W_]([^\W_]|-)*$")  # letters (any script) and digits, hyphens inside


def base_url_problem(url: str) -> Problem | None:
    what = base_url_fault(url)
    return Problem(f"bad value for {{key}}: {what}", expected=EXPECTED, found=describe_value(url)) if what else None


def base_url_fault(url: str) -> str | None:
    """What is wrong with `url` as a base_url, in a few words (None: nothing)."""
    if UNSAFE.search(url):
        return "it holds a space, a control character, a quote or a backslash"
    if "?" in url or "#" in url:
        return "it has a ?query or a #fragment (every page's address is added after it)"
    try:
        parts = urllib.parse.urlsplit(url)
        parts.port  # a port that is not a number raises here
    except ValueError as error:
        return f"it is not a URL ({error})"
    if parts.scheme not in ("http", "https") or not url.lower().startswith(parts.scheme + "://"):
        return "it does not start with http:// or https://"
    if "@" in parts.netloc:
        return "it holds a user name or password"
    host = parts.hostname or ""
    if not host:
        return "it has no host"
    if not parts.netloc.startswith("[") and not all(HOST_LABEL.match(label) for label in host.split(".")):
        return f"its host {host!r} is not a host name (letters, digits and hyphens, parts joined by dots)"
    return None
