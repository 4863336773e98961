"""site.toml's base_url starts every absolute URL the build writes (canonical links, the
sitemap, the feeds): it must be an absolute http(s) address with a host, without spaces,
control characters, a query or a fragment (issue 48.4); anything else is an error at its line."""
from __future__ import annotations

import pytest

from generator.cli import main
from generator.content.load import load_site
from generator.errors import ContentErrors
from tests.sitefactory import SITE_TOML, make_site


def with_address(tmp_path, address: str):
    return make_site(tmp_path, **{"content__site.toml": SITE_TOML.replace("https://games.example/", address)})


@pytest.mark.parametrize("address", ["not a url", "https://", "ftp://x", "https://a b/", "games.example.org",
                                     "javascript:alert(1)//", "https:/games.example/", "https://games.example/?x=1",
                                     "https://games.example/#top", "https://user:secret@games.example/",
                                     "https://games.example:http/", "https://games..example/", "https://[::1/",
                                     "https://games.example/\\u0001", "https://games.example\\\\evil/"])
def test_a_base_url_that_is_not_an_absolute_http_address_is_an_error_at_its_line(tmp_path, address):
    with_address(tmp_path, address)
    with pytest.raises(ContentErrors) as raised:
        load_site(tmp_path)
    (error,) = raised.value.errors
    assert error.path.name == "site.toml" and error.line == 2 and "base_url" in error.message
    assert error.expected.startswith(("the site's address: http:// or https://", "text without control characters"))


@pytest.mark.parametrize("address", ["https://games.example/", "http://localhost:8000/", "https://example.org/games/",
                                     "https://[::1]:8443/", "https://jeux.exemple.fr", "HTTPS://Games.Example/"])
def test_an_absolute_http_address_is_a_base_url(tmp_path, address):
    with_address(tmp_path, address)
    assert load_site(tmp_path).base_url == address


def test_a_bad_base_url_fails_the_build_saying_what_is_wrong(tmp_path, capsys):
    with_address(tmp_path, "https://a b/")
    assert main(["build", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "site.toml:2: bad value for 'base_url': it holds a space" in err and "Traceback" not in err
    assert not (tmp_path / "output").exists()
