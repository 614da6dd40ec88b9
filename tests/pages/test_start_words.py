"""A game whose match is more than one game says so on the start page, beside the game (two-handed
Bela is best of 3: a table learned it only on the rules page)."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.rules import PRESETS
from tests.support.pages import parse_page


def test_the_start_page_says_how_many_games_a_match_is_beside_the_game(client: FlaskClient) -> None:
    page = parse_page(client.get("/").get_data(as_text=True))
    described = next(n for n in page.walk() if n.attrs.get("id") == "game-desc").text()
    assert PRESETS["bela"].best_of == 3 and "The match is best of 3 games." in described
    for chip in (n for n in page.walk() if n.tag == "input" and n.attrs.get("name") == "variant"):
        best_of = PRESETS[chip.attrs["value"]].best_of
        says = f"The match is best of {best_of} games." in chip.attrs["data-desc"]
        assert says is (best_of > 1), (chip.attrs["value"], chip.attrs["data-desc"])
