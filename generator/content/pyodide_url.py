"""site.toml's `pyodide_url`: where the pages load Pyodide from, when not from the site itself.

The pages' Content-Security-Policy (generator.policy.CSP) lets them load scripts
(script-src: pyodide.mjs) and fetch files (connect-src: the .wasm, the standard library,
the lock file) only from the origins it names: 'self', the site's own. A URL elsewhere
builds, then Play never starts in any browser; a `javascript:` or relative value is not
a place at all. So the value must be a path on the site's own server (starting with /)
or an http(s) address of an origin both directives allow (base_url's, for 'self').
"""
from __future__ import annotations

import re
import urllib.parse

EXPECTED = ("a path on the site's own server, such as \"/pyodide/\" (it works under `rulepress serve` too), or "
            "an http(s) address of the site's own origin (base_url's): the pages' Content-Security-Policy lets "
            "them load scripts and files from there only")
DIRECTIVES = ("script-src", "connect-src")  # pyodide.mjs is imported; its other files are fetched
UNSAFE = re.compile(r"[\x00-\x20\x7f\\\"'<>`]")  # a browser reads "/\\host" as "//host"; spaces and quotes break out


def pyodide_url_problem(url: str, base_url: str, csp: str) -> str | None:
    """What is wrong with `url` as the site's pyodide_url (None: nothing). `base_url` is the
    site's address ('self' in the CSP), `csp` the policy its pages carry."""
    if UNSAFE.search(url):
        return "holds a space, a backslash, a quote or a control character"
    if url.startswith("/"):
        return "starts with //, which names another server" if url.startswith("//") else None
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "is neither a path starting with / nor an http(s) address"
    origin = origin_of(url)
    allowed = [allowed_origins(csp, directive, origin_of(base_url)) for directive in DIRECTIVES]
    if not all(origin in origins for origins in allowed):
        return (f"is on {origin}, another origin than the site's ({origin_of(base_url)}, from base_url): the "
                "pages' Content-Security-Policy would block it, and Play would never start")
    return None


def origin_of(url: str) -> str:
    """scheme://host[:port] of an http(s) URL, as browsers compare them: the host in lower
    case, the scheme's own port left out (https://A.example:443/x -> https://a.example)."""
    parts = urllib.parse.urlsplit(url)
    try:
        port = parts.port
    except ValueError:  # a port that is not a number: an origin of its own, matching nothing
        return url
    shown = f":{port}" if port and port != {"http": 80, "https": 443}.get(parts.scheme) else ""
    return f"{parts.scheme}://{(parts.hostname or '').lower()}{shown}"


def allowed_origins(csp: str, directive: str, own: str) -> set[str]:
    """The origins a CSP directive (default-src standing in for one it lacks) names: 'self'
    as `own`, host sources written as scheme://host[:port]. Wildcards and bare hosts are not
    read (the policy Rulepress writes has none): an address they would allow is refused."""
    rules = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            rules[words[0].lower()] = words[1:]
    sources = rules.get(directive, rules.get("default-src", []))
    return {own if source == "'self'" else origin_of(source) for source in sources
            if source == "'self'" or re.match(r"^https?://[^*/]+/?$", source)}
