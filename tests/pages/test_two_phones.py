"""Both open "Hand 4", both save. The second is not
recorded as hand 5 behind the table's back: its page says what the other phone recorded and what its own hand
scores, side by side, in the table's words, and asks: Keep both (it becomes hand 5) or Drop mine (nothing
saved). The same for a claim, a change of a hand, and the sheet's thrown in, void and undo."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.support.api import BELA_BATE, BELA_BIG, BELA_MADE, Made, create, record
from tests.support.pages import form_data, parse_page, post_form, text

THEIRS = {"taker": "1", "card_points-0": "40", "card_points-1": "112", "last_trick": "1"}
"""The first phone's hand 4: Yvonne takes, 122 against 40 (Mike +40, Yvonne +122)."""
MINE = {"taker": "0", "card_points-0": "92", "card_points-1": "60", "last_trick": "0"}
"""The second phone's idea of hand 4: Mike takes, 102 against 60 (Mike +102, Yvonne +60)."""


def _table(app: Any) -> tuple[Made, FlaskClient, FlaskClient]:
    """A Bela match with three hands, and two phones holding its edit key."""
    api = app.test_client()
    made = create(api)
    for hand in (BELA_MADE, BELA_BATE, BELA_BIG):
        record(api, made, hand)
    phones = (app.test_client(), app.test_client())
    for phone in phones:
        assert phone.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    return made, *phones


def _open(phone: FlaskClient, path: str) -> str:
    page = phone.get(path)
    assert page.status_code == 200
    return page.get_data(as_text=True)


def _save(phone: FlaskClient, path: str, page: str, fields: dict[str, str], **more: str) -> Any:
    """Send the hand form of ``page`` (as opened) with ``fields`` typed in."""
    return phone.post(path, data={**form_data(page, "#hand-form"), **fields, **more})


def _hands(phone: FlaskClient, made: Made) -> list[str]:
    """Each hand's row on the sheet, in words."""
    sheet = parse_page(phone.get(f"/m/{made.id}").get_data(as_text=True))
    return [row.text() for row in sheet.walk() if "hand" in row.classes() and row.tag == "details"]


def _scores(row: str) -> tuple[str, str, str]:
    """A sheet row's number and what each side scored in it (the row reads: number, score, total, score, total)."""
    cells = row.split()
    return cells[0], cells[1], cells[3]


def _alert(html: str) -> str:
    return " ".join(n.text() for n in parse_page(html).walk() if n.attrs.get("role") == "alert")


def _buttons(html: str) -> list[str]:
    return [n.text() for n in parse_page(html).walk() if n.tag == "button" and n.attrs.get("type") == "submit"
            and n.attrs.get("name") == "choice"]


def _both_save_hand_4(app: Any, mine: dict[str, str] = MINE) -> tuple[Made, FlaskClient, str]:
    made, first, second = _table(app)
    path = f"/m/{made.id}/hand"
    pages = _open(first, path), _open(second, path)
    assert _save(first, path, pages[0], THEIRS).status_code == 302
    asked = _save(second, path, pages[1], mine)
    assert asked.status_code == 409
    return made, second, asked.get_data(as_text=True)


def test_the_second_phone_is_asked_side_by_side_and_nothing_is_saved(app: Any) -> None:
    made, second, page = _both_save_hand_4(app)
    assert _alert(page) == ("Not saved yet: another phone changed this match while you were entering. "
                            "Another phone recorded hand 4 (Mike +40, Yvonne +122) Yours: Mike +102, Yvonne +60.")
    assert _buttons(page) == ["Keep both (yours becomes hand 5)", "Drop mine"]
    assert "Save hand" not in text(page)  # no third button that would quietly record hand 5
    assert len(_hands(second, made)) == 4
    # Its figures are still on the form, to check against the other phone's.
    assert form_data(page, "#hand-form")["card_points-0"] == "92"


def test_keep_both_records_it_as_hand_5_once(app: Any) -> None:
    made, second, page = _both_save_hand_4(app)
    path = f"/m/{made.id}/hand"
    kept = _save(second, path, page, {}, choice="keep")
    assert kept.status_code == 302 and kept.headers["Location"].endswith(f"/m/{made.id}?saved=5")
    again = _save(second, path, page, {}, choice="keep")  # a double tap: the same key, answered once
    assert again.status_code == 302
    rows = _hands(second, made)
    assert len(rows) == 5
    assert _scores(rows[3]) == ("4", "40", "122") and _scores(rows[4]) == ("5", "102", "60")


def test_drop_mine_goes_back_to_the_sheet_and_saves_nothing(app: Any) -> None:
    made, second, page = _both_save_hand_4(app)
    dropped = second.post(f"/m/{made.id}/hand", data={**form_data(page, "#drop-form"), "choice": "drop"})
    assert dropped.status_code == 302 and dropped.headers["Location"].endswith(f"/m/{made.id}")
    sheet = second.get(f"/m/{made.id}").get_data(as_text=True)
    assert "Yours was dropped: nothing was saved. The sheet shows the other phone's hand." in text(sheet)
    assert len(_hands(second, made)) == 4


def test_the_same_hand_entered_on_both_phones_is_said_to_be_the_same(app: Any) -> None:
    _made, _second, page = _both_save_hand_4(app, THEIRS)
    assert "They are the same hand: drop yours unless it really was played twice." in _alert(page)


def test_a_change_of_the_same_hand_asks_before_overwriting(app: Any) -> None:
    made, first, second = _table(app)
    path = f"/m/{made.id}/hand/2"
    pages = _open(first, path), _open(second, path)
    assert _save(first, path, pages[0], THEIRS).status_code == 302
    asked = _save(second, path, pages[1], MINE)
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)
    assert ("Another phone changed hand 2 (now Mike +40, Yvonne +122) Yours: Mike +102, Yvonne +60."
            in _alert(page))
    assert _buttons(page) == ["Save mine over theirs", "Drop mine"]
    assert _scores(_hands(second, made)[1]) == ("2", "40", "122")  # theirs stands until the table chooses
    assert _save(second, path, page, {}, choice="keep").status_code == 302
    assert _scores(_hands(second, made)[1]) == ("2", "102", "60")
    dropped = second.post(path, data={**form_data(page, "#drop-form"), "choice": "drop"})
    assert "Your change to hand 2 was dropped: nothing was saved." in text(second.get(dropped.headers["Location"])
                                                                              .get_data(as_text=True))


def test_a_claim_is_asked_too(app: Any) -> None:
    made, first, second = _table(app)
    pages = _open(first, f"/m/{made.id}/hand"), _open(second, f"/m/{made.id}/claim")
    assert _save(first, f"/m/{made.id}/hand", pages[0], THEIRS).status_code == 302
    asked = _save(second, f"/m/{made.id}/claim", pages[1], {"claim-side": "0", "claim-points": "40"})
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)
    assert "Another phone recorded hand 4 (Mike +40, Yvonne +122)" in _alert(page)
    assert _buttons(page) == ["Keep both (yours becomes hand 5)", "Drop mine"]
    assert _save(second, f"/m/{made.id}/claim", page, {}, choice="keep").status_code == 302
    assert len(_hands(second, made)) == 5


def test_a_hand_after_only_a_dispute_is_saved_without_asking(app: Any) -> None:
    made, first, second = _table(app)
    page = _open(second, f"/m/{made.id}/hand")
    disputed = post_form(first, f"/m/{made.id}", f"/m/{made.id}/hand/2/dispute", {"note": "we counted 62"})
    assert disputed.status_code == 302
    saved = _save(second, f"/m/{made.id}/hand", page, MINE)
    assert saved.status_code == 302 and saved.headers["Location"].endswith("?saved=4")


def test_thrown_in_from_an_out_of_date_sheet_asks_keep_both(app: Any) -> None:
    made, first, second = _table(app)
    sheet = f"/m/{made.id}"
    old = _open(second, sheet)
    assert _save(first, f"{sheet}/hand", _open(first, f"{sheet}/hand"), THEIRS).status_code == 302
    fields = {n.attrs["name"]: n.attrs.get("value", "") for n in parse_page(old).walk()
              if n.tag == "input" and n.attrs.get("type") == "hidden" and n.attrs.get("name")
              and any(f.attrs.get("action") == f"{sheet}/thrown-in" for f in [n.parent] if f is not None)}
    asked = second.post(f"{sheet}/thrown-in", data=fields)
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)
    assert _alert(page) == "Another phone recorded hand 4 (Mike +40, Yvonne +122) Yours: hand 5 thrown in."
    assert len(_hands(second, made)) == 4
    kept = second.post(f"{sheet}/thrown-in", data=form_data(page, f"{sheet}/thrown-in"))
    assert kept.status_code == 302 and kept.headers["Location"].endswith("?saved=5")
    assert "thrown in" in _hands(second, made)[4].lower()


def test_a_void_from_an_out_of_date_sheet_names_the_change_and_asks_again(app: Any) -> None:
    made, first, second = _table(app)
    sheet = f"/m/{made.id}"
    old = _open(second, sheet)
    assert _save(first, f"{sheet}/hand/1", _open(first, f"{sheet}/hand/1"), THEIRS).status_code == 302
    asked = second.post(f"{sheet}/hand/1/void", data=form_data(old, f"{sheet}/hand/1/void"))
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)
    assert parse_page(page).find(id="stale-head")[0].text() == ("The sheet changed on another phone: nothing was "
                                                                "voided yet.")
    assert _alert(page) == "Another phone changed hand 1 (now Mike +40, Yvonne +122) Yours: void hand 1."
    assert "voided" not in _hands(second, made)[0].lower()
    again = second.post(f"{sheet}/hand/1/void", data=form_data(page, f"{sheet}/hand/1/void"))
    assert again.status_code == 302 and again.headers["Location"].endswith("?voided=1")


def test_an_undo_from_an_out_of_date_sheet_never_undoes_the_wrong_hand(app: Any) -> None:
    made, first, second = _table(app)
    sheet = f"/m/{made.id}"
    old = _open(second, sheet)
    link = next(n.attrs["href"] for n in parse_page(old).walk() if n.tag == "a" and "/undo?" in n.attrs.get("href", ""))
    confirm = _open(second, link)  # "Undo hand 3?" left open while the other phone records hand 4
    assert _save(first, f"{sheet}/hand", _open(first, f"{sheet}/hand"), THEIRS).status_code == 302
    told = ("Another phone recorded hand 4 (Mike +40, Yvonne +122) Yours: undo hand 3. "
            "Hand 3 is no longer the last hand that counts: nothing was undone.")
    # Its "Yes, undo hand 3": it names what changed, and does not offer to undo hand 3 (nor hand 4).
    posted = second.post(f"{sheet}/undo", data=form_data(confirm, f"{sheet}/undo"))
    assert posted.status_code == 409
    page = posted.get_data(as_text=True)
    assert _alert(page) == told
    assert not [n for n in parse_page(page).walk() if n.tag == "form" and n.attrs.get("method") == "post"]
    # The old sheet's Undo link, opened now: the same, before it even asks.
    asked = second.get(link)
    assert asked.status_code == 409 and _alert(asked.get_data(as_text=True)) == told
    assert [("voided" in row.lower()) for row in _hands(second, made)] == [False] * 4


def test_an_undo_after_another_phone_changed_that_hand_says_its_new_score(app: Any) -> None:
    made, first, second = _table(app)
    sheet = f"/m/{made.id}"
    old = _open(second, sheet)
    link = next(n.attrs["href"] for n in parse_page(old).walk() if n.tag == "a" and "/undo?" in n.attrs.get("href", ""))
    confirm = _open(second, link)
    assert _save(first, f"{sheet}/hand/3", _open(first, f"{sheet}/hand/3"), THEIRS).status_code == 302
    asked = second.post(f"{sheet}/undo", data=form_data(confirm, f"{sheet}/undo"))
    assert asked.status_code == 409
    page = asked.get_data(as_text=True)
    assert _alert(page) == "Another phone changed hand 3 (now Mike +40, Yvonne +122) Yours: undo hand 3."
    assert [n.text() for n in parse_page(page).walk() if n.tag == "button"] == [
        "Undo hand 3 anyway (Mike +40, Yvonne +122)"]
    assert "voided" not in _hands(second, made)[2].lower()
    done = second.post(f"{sheet}/undo", data=form_data(page, f"{sheet}/undo"))
    assert done.status_code == 302 and done.headers["Location"].endswith("?undone=3")


def test_an_undo_link_after_the_only_hand_was_undone_says_there_is_none(app: Any) -> None:
    """The other phone undid the only hand: this phone's Undo link says so on the sheet. It was a server error:
    the page named the edit key ``_``, hiding gettext's ``_`` (``mypy scorekeeper`` found it)."""
    api = app.test_client()
    made = create(api)
    record(api, made, BELA_MADE)
    first, second = (app.test_client(), app.test_client())
    for phone in (first, second):
        assert phone.get(f"/m/{made.id}/join?key={made.edit_token}").status_code == 302
    sheet = f"/m/{made.id}"
    old = _open(second, sheet)
    link = next(n.attrs["href"] for n in parse_page(old).walk() if n.tag == "a" and "/undo?" in n.attrs.get("href", ""))
    confirm = _open(first, link)
    assert first.post(f"{sheet}/undo", data=form_data(confirm, f"{sheet}/undo")).status_code == 302
    answer = second.get(link, follow_redirects=True)
    assert answer.status_code == 200
    assert "There is no hand to undo." in text(answer.get_data(as_text=True))
