"""What a person does on the scorer's pages, as small steps shared by the browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


def start_match(page: Page, base: str, game: str, players: list[str]) -> None:
    """Fill the start page: the game by (a regex of) its title, names in seat order; lands on the sheet."""
    page.goto(base + "/")
    page.get_by_label(re.compile(game)).first.check()
    for seat, name in enumerate(players):
        page.get_by_role("textbox", name=re.compile(f"^Seat {seat + 1}")).fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def choose(page: Page, group: str, label: str) -> None:
    """Tap an option of a radio group (``taker``, ``contract``, ``last_trick`` …) by its words."""
    page.locator(f"#group-{group}").get_by_text(label, exact=True).click()


def fill_hand(page: Page, taker: str | None = None, points: dict[str, int] | None = None,
              last_trick: str | None = None, melds: dict[str, str] | None = None,
              contract: str | None = None) -> None:
    """Fill the open hand form; names are side names as the form shows them (``Ann & Cat``)."""
    if taker is not None:
        choose(page, "taker", taker)
    if contract is not None:
        choose(page, "contract", contract)
    for name, value in (points or {}).items():
        page.get_by_label(f"{name}: card points").fill(str(value))
    if last_trick is not None:
        choose(page, "last_trick", last_trick)
    for name, value in (melds or {}).items():
        page.get_by_label(f"{name}: melds").fill(value)


def record(page: Page, taker: str, points: dict[str, int], last_trick: str,
           melds: dict[str, str] | None = None, contract: str | None = None) -> None:
    """From the sheet: open the hand form, fill it, save; back on the sheet."""
    page.get_by_role("link", name=re.compile("^Record hand")).click()
    fill_hand(page, taker, points, last_trick, melds, contract)
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


def totals(page: Page) -> list[str]:
    """The big game totals on the scoreboard, side by side."""
    return [t.strip() for t in page.locator(".scoreboard [data-total]").all_inner_texts()]


def running(page: Page, number: int) -> list[str]:
    """The running totals after hand ``number`` on the score sheet."""
    return [t.strip() for t in page.locator(f"#hand-{number} .running").all_inner_texts()]


def hand_row(page: Page, number: int) -> Locator:
    """Hand ``number`` on the sheet, opened so its explanation and buttons show."""
    row = page.locator(f"#hand-{number}")
    if row.get_attribute("open") is None:
        row.locator("summary").click()
    return row


def field_error(page: Page, field: str) -> Locator:
    """The message beside a field: the ``.error`` paragraph inside the field's container."""
    return page.locator(f"#err-{field}")


def api_match(server, variant: str, players: list[str], hands: tuple = (), **extra) -> dict:
    """A match made through the JSON API, its hands recorded there (``"void N"`` voids hand N); the answer
    of the creation, with ``edit_token``."""
    status, made = server.json("POST", "/api/v1/matches", {"variant": variant, "players": players, **extra})
    assert status == 201, made
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    for hand in hands:
        if isinstance(hand, str):
            status, body = server.json("DELETE", f"/api/v1/matches/{made['id']}/hands/{hand.split()[1]}", None, auth)
        else:
            status, body = server.json("POST", f"/api/v1/matches/{made['id']}/hands", hand, auth)
        assert status in (200, 201), body
    return dict(made)


def open_sheet(page: Page, server, made: dict) -> None:
    """Open a match's edit link on this phone (as a second phone would): it lands on the sheet."""
    page.goto(f"{server.url}/m/{made['id']}/join?key={made['edit_token']}")
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()


# ---- Pages read without a browser (test client): what a browser would post, and what a person reads. ----

from collections.abc import Iterator  # noqa: E402 - appended helpers keep their imports beside them
from typing import Any  # noqa: E402

_VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_UNSEEN_TAGS = {"script", "style", "template", "head"}
_INLINE_TAGS = {"a", "abbr", "b", "code", "em", "i", "kbd", "mark", "s", "small", "span", "strong", "sub", "sup",
                "time", "u", "del", "ins"}


class _Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: _Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.parts: list[str | _Element] = []

    def raw_text(self) -> str:
        """The element's visible text as written (scripts, styles and hidden elements left out); block
        elements are set apart by a space."""
        if self.tag in _UNSEEN_TAGS or "hidden" in self.attrs:
            return ""
        return "".join(p if isinstance(p, str) else p.raw_text() if p.tag in _INLINE_TAGS else f" {p.raw_text()} "
                       for p in self.parts)

    def text(self) -> str:
        """The element's visible text, whitespace collapsed."""
        return " ".join(self.raw_text().split())

    def walk(self) -> Iterator[_Element]:
        yield self
        for part in self.parts:
            if isinstance(part, _Element):
                yield from part.walk()


def parse_page(html: str) -> _Element:
    """A page as a small element tree (attributes kept; the templates close their elements)."""
    from html.parser import HTMLParser

    root = _Element("#root", {}, None)

    class _Parser(HTMLParser):
        here = root

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            node = _Element(tag, {k: v or "" for k, v in attrs}, self.here)
            self.here.parts.append(node)
            if tag not in _VOID_TAGS:
                self.here = node

        def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.here.parts.append(_Element(tag, {k: v or "" for k, v in attrs}, self.here))

        def handle_endtag(self, tag: str) -> None:
            node: _Element | None = self.here
            while node is not None and node.tag != tag:
                node = node.parent
            if node is not None and node.parent is not None:
                self.here = node.parent

        def handle_data(self, data: str) -> None:
            self.here.parts.append(data)

    _Parser(convert_charrefs=True).feed(html)
    return root


def form_data(html: str, action: str | None = None) -> dict[str, Any]:
    """What a browser posts from the page's form (the first, the one posting to ``action``, or ``#its-id``): every named
    input's value, the checked radios and boxes, each select's chosen option; several values make a list."""
    forms = [n for n in parse_page(html).walk() if n.tag == "form" and n.attrs.get("method", "").lower() == "post"]
    form = next(f for f in forms if action in (None, f.attrs.get("action"), "#" + f.attrs.get("id", "")))
    data: dict[str, Any] = {}

    def put(name: str, value: str) -> None:
        if name in data:
            data[name] = [*(data[name] if isinstance(data[name], list) else [data[name]]), value]
        else:
            data[name] = value

    for node in form.walk():
        name = node.attrs.get("name")
        if not name or "disabled" in node.attrs:
            continue
        if node.tag == "input":
            kind = node.attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in node.attrs:
                    put(name, node.attrs.get("value", "on"))
            elif kind not in ("submit", "button", "file"):
                put(name, node.attrs.get("value", ""))
        elif node.tag == "textarea":
            put(name, "".join(p for p in node.parts if isinstance(p, str)))
        elif node.tag == "select":
            options = [o for o in node.walk() if o.tag == "option"]
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            for option in chosen:
                put(name, option.attrs.get("value", option.text()))
    return data


# ---- The hand form (issue 12, part A): a match made through the API, its hand form open on this phone. ----

from collections.abc import Iterable  # noqa: E402 - appended helpers keep their imports beside them

TABLE = {2: ["Mike", "Yvonne"], 3: ["Ann", "Bob", "Cy"], 4: ["Ann", "Bob", "Cat", "Dan"]}
"""The players of a test match by the number of seats: a four-handed game's sides are "Ann & Cat", "Bob & Dan"."""


def match_through_api(server: Any, variant: str, hands: Iterable[dict[str, Any]] = ()) -> tuple[str, str]:
    """Start a match of ``variant`` (players from TABLE) and record ``hands`` through the JSON API; (id, edit key)."""
    from scorekeeper.rules import PRESETS

    status, body = server.json("POST", "/api/v1/matches",
                               {"variant": variant, "players": TABLE[PRESETS[variant].players]})
    assert status == 201, body
    match_id, token = body["id"], body["edit_token"]
    for hand in hands:
        status, answer = server.json("POST", f"/api/v1/matches/{match_id}/hands", hand,
                                     {"Authorization": f"Bearer {token}"})
        assert status == 201, answer
    return match_id, token


def open_hand_form(page: Page, server: Any, variant: str, hands: Iterable[dict[str, Any]] = (),
                   path: str = "hand") -> tuple[str, str]:
    """A match of ``variant`` scored from this phone (its edit link opened), at its hand form (or ``path``);
    (id, edit key)."""
    match_id, token = match_through_api(server, variant, hands)
    page.goto(f"{server.url}/m/{match_id}/join?key={token}")
    page.goto(f"{server.url}/m/{match_id}/{path}")
    return match_id, token


def match_state(server: Any, match_id: str, token: str) -> dict[str, Any]:
    """The match's state as the API gives it (hands with their inputs, totals)."""
    status, body = server.json("GET", f"/api/v1/matches/{match_id}", headers={"Authorization": f"Bearer {token}"})
    assert status == 200, body
    return dict(body["state"])
