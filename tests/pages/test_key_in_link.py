"""The scorer's link the API answers (``links.scorer``, ``/m/<id>#<key>``) opens the sheet.

The key after ``#`` never reaches the server: the sheet refuses the phone (403), and the refusal carries a form
(its CSRF token included) and static/js/key-in-link.js, which posts the key there. These tests post as that
script would; tests/browser/test_scorer_link.py opens the link in Chromium.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.api import API
from tests.support.pages import hidden, parse_page

BODY = {"variant": "bela", "players": ["Mike", "Yvonne"]}


def _scorer_link(client: FlaskClient) -> tuple[str, str, str]:
    made = client.post(f"{API}/matches", json=BODY).get_json()
    path, key = made["links"]["scorer"].split("#", 1)
    assert path == f"/m/{made['id']}" and key == made["edit_token"]
    return made["id"], path, key


def test_the_refused_sheet_carries_the_form_and_the_script_that_post_the_key(client: FlaskClient) -> None:
    match_id, path, _ = _scorer_link(client)
    phone = client.application.test_client()
    refused = phone.get(path)
    assert refused.status_code == 403
    page = parse_page(refused.get_data(as_text=True))
    [form] = page.find(id="key-in-link")
    assert form.attrs["method"] == "post" and form.attrs["action"] == f"/m/{match_id}/join"
    assert "hidden" in form.attrs  # nothing to see without the script: the ?key= edit link is the way then
    assert {n.attrs["name"] for n in form.walk() if n.tag == "input"} == {"csrf_token", "key"}
    assert [n.attrs["src"] for n in page.walk() if n.tag == "script" and "key-in-link" in n.attrs.get("src", "")]


def test_the_posted_key_opens_the_sheet_and_the_phone_keeps_it(client: FlaskClient) -> None:
    match_id, path, key = _scorer_link(client)
    phone = client.application.test_client()
    token = hidden(phone.get(path).get_data(as_text=True))["csrf_token"]
    opened = phone.post(f"/m/{match_id}/join", data={"key": key, "csrf_token": token})
    assert opened.status_code == 303 and opened.headers["Location"] == f"/m/{match_id}"
    assert phone.get(path).status_code == 200
    assert phone.get(f"/m/{match_id}/hand").status_code == 200


def test_a_wrong_key_or_a_post_without_the_forms_token_opens_nothing(client: FlaskClient) -> None:
    match_id, path, key = _scorer_link(client)
    phone = client.application.test_client()
    token = hidden(phone.get(path).get_data(as_text=True))["csrf_token"]
    assert phone.post(f"/m/{match_id}/join", data={"key": key[:-1] + "x", "csrf_token": token}).status_code == 403
    assert phone.post(f"/m/{match_id}/join", data={"key": key}).status_code == 400  # another site's form
    assert phone.get(path).status_code == 403


def test_other_refusals_carry_no_key_form(client: FlaskClient) -> None:
    match_id, _, _ = _scorer_link(client)
    phone = client.application.test_client()
    for path in (f"/m/{match_id}/join?key=wrong", "/board/nothing", "/clubs/nothing"):
        answer = phone.get(path)
        assert answer.status_code in (403, 404)
        assert not parse_page(answer.get_data(as_text=True)).find(id="key-in-link"), path
