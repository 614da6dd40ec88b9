"""Pages read without a browser (Flask's test client): the one page parser, what a browser would post from a
page's form, the messages shown beside the fields, and a scorer's phone that starts matches and saves forms."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient

VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
UNSEEN_TAGS = {"script", "style", "template", "head"}
INLINE_TAGS = {"a", "abbr", "b", "code", "em", "i", "kbd", "mark", "s", "small", "span", "strong", "sub", "sup",
               "time", "u", "del", "ins"}


class Element:
    """An element of the page: tag, attributes, parent, child elements, and its parts (text and elements, in
    order)."""

    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.parts: list[str | Element] = []

    def classes(self) -> set[str]:
        """The element's classes."""
        return set(self.attrs.get("class", "").split())

    def walk(self) -> Iterator[Element]:
        """The element and every element inside it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, **attrs: str) -> list[Element]:
        """The elements (this one included) whose attributes have these values: ``find(id="err-taker")``."""
        return [n for n in self.walk() if all(n.attrs.get(k) == v for k, v in attrs.items())]

    def all_text(self) -> str:
        """Every piece of text inside, as written: scripts, styles and hidden elements included."""
        return "".join(part if isinstance(part, str) else part.all_text() for part in self.parts)

    def raw_text(self) -> str:
        """The element's visible text as written (scripts, styles and hidden elements left out); block
        elements are set apart by a space."""
        if self.tag in UNSEEN_TAGS or "hidden" in self.attrs:
            return ""
        return "".join(p if isinstance(p, str) else p.raw_text() if p.tag in INLINE_TAGS else f" {p.raw_text()} "
                       for p in self.parts)

    def text(self) -> str:
        """The element's visible text, whitespace collapsed."""
        return " ".join(self.raw_text().split())


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {}, None)
        self.here = self.root

    def _add(self, tag: str, attrs: list[tuple[str, str | None]]) -> Element:
        node = Element(tag, {k: v or "" for k, v in attrs}, self.here)
        self.here.children.append(node)
        self.here.parts.append(node)
        return node

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = self._add(tag, attrs)
        if tag not in VOID_TAGS:
            self.here = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        node: Element | None = self.here
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.here = node.parent

    def handle_data(self, data: str) -> None:
        self.here.parts.append(data)


def parse_page(html: str) -> Element:
    """A page as a small element tree, its root ``#root`` (attributes kept; the templates close their elements)."""
    parser = _Parser()
    parser.feed(html)
    return parser.root


def text(html: str) -> str:
    """The page's words, entities decoded and white space squeezed (everything written, scripts included)."""
    return re.sub(r"\s+", " ", parse_page(html).all_text())


# ---- Forms: what a browser posts, and the messages a page shows beside its fields. ----


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


def hidden(html: str) -> dict[str, str]:
    """The hidden fields a browser posts back: CSRF token, idempotency key, revision."""
    return {n.attrs["name"]: n.attrs.get("value", "") for n in parse_page(html).find(type="hidden") if n.tag == "input"}


def container(node: Element) -> Element:
    """The field or group an error paragraph sits in."""
    parent = node.parent
    while parent is not None:
        if "field" in parent.classes() or parent.tag in ("fieldset", "details"):
            return parent
        parent = parent.parent
    raise AssertionError("the message is not inside any field or group")


def beside(html: str, name: str) -> list[str]:
    """The messages shown for form field ``name``, checked to be in that field's own container."""
    messages = []
    for paragraph in parse_page(html).find(id=f"err-{name}"):
        assert "error" in paragraph.classes()
        box = container(paragraph)
        controls = {n.attrs.get("name") for n in box.walk() if n.tag in ("input", "select", "textarea")}
        assert box.attrs.get("id") == f"group-{name}" or name in controls, (
            f"the message for {name} sits in {box.tag}#{box.attrs.get('id')} with {sorted(filter(None, controls))}")
        messages.append(re.sub(r"\s+", " ", paragraph.all_text()).removeprefix("⚠ ").strip())
    return messages


def all_errors(html: str) -> dict[str, list[str]]:
    """Every error paragraph on the page, by the field its id names."""
    out: dict[str, list[str]] = {}
    for node in parse_page(html).walk():
        if "error" in node.classes() and node.attrs.get("id", "").startswith("err-"):
            out.setdefault(node.attrs["id"].removeprefix("err-"), []).append(node.all_text())
    return out


def value_of(html: str, name: str) -> str | None:
    """What the page shows in the text/number input ``name`` (the figure typed before the error)."""
    for node in parse_page(html).find(name=name):
        if node.tag == "input":
            return node.attrs.get("value")
    return None


def ask(client: FlaskClient, path: str, fields: dict[str, Any]) -> tuple[int, str]:
    """Open the page at ``path``, fill ``fields`` and send the form (a referee's page: CSRF token and variant kept)."""
    page = client.get(path).get_data(as_text=True)
    data: dict[str, Any] = {k: v for k, v in hidden(page).items() if k in ("csrf_token", "variant")}
    data.update(fields)
    answer = client.post(path, data=data)
    return answer.status_code, answer.get_data(as_text=True)


class Phone:
    """A scorer's phone: the test client with its session cookie."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def start(self, variant: str, players: list[str], **house: str) -> str:
        """Start a match on the start page (house rules as the form's fields); its id."""
        page = self.client.get("/").get_data(as_text=True)
        data = {"csrf_token": hidden(page)["csrf_token"], "idempotency_key": hidden(page)["idempotency_key"],
                "variant": variant, "first_dealer": "0", "target": "", "tie": "", "claims": "", "best_of": ""}
        data.update({f"player_{i}": name for i, name in enumerate(players)})
        data.update(house)
        answer = self.client.post("/", data=data)
        assert answer.status_code == 302, all_errors(answer.get_data(as_text=True))
        return answer.headers["Location"].rsplit("/", 1)[1]

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        """Open the form at ``path``, fill ``fields`` (as the browser sends them), save."""
        page = self.client.get(path).get_data(as_text=True)
        data = {k: v for k, v in hidden(page).items() if k in ("csrf_token", "idempotency_key", "revision")}
        data.update(fields)
        answer = self.client.post(path, data=data)
        return answer.status_code, answer.get_data(as_text=True)

    def hands(self, match_id: str) -> int:
        """How many hands the match's score sheet shows."""
        return len(parse_page(self.client.get(f"/m/{match_id}").get_data(as_text=True)).find(**{"class": "hand"}))


def post_form(client: FlaskClient, page_path: str, action: str, fields: dict[str, Any], **extra: Any) -> Any:
    """Post the form of the page at ``page_path`` whose action is ``action``, its hidden fields kept and
    ``fields`` over them (``extra``: the test client's own arguments, such as a multipart content type)."""
    page = client.get(page_path).get_data(as_text=True)
    forms = [n for n in parse_page(page).walk() if n.tag == "form" and n.attrs.get("action") == action]
    assert forms, f"no form posting to {action} on {page_path}"
    data = {n.attrs["name"]: n.attrs.get("value", "") for n in forms[0].walk()
            if n.tag == "input" and n.attrs.get("type") == "hidden"}
    data.update(fields)
    return client.post(action, data=data, **extra)

