"""The golden explanations of tests/languages/golden/ are what the app says (see golden_explanations.py):
every chosen hand of every game, in each language the app speaks, explained as the file says."""

from __future__ import annotations

import json

import pytest

from scorekeeper.languages import LANGUAGES
from tests.languages.golden_explanations import app, explained, path_of


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_hand_is_explained_as_the_golden_file_says(language: str) -> None:
    golden = json.loads(path_of(language).read_text(encoding="utf-8"))
    assert golden["language"] == language
    with app() as application:
        now = explained(application, language)
    assert {case["game"] for case in now} >= {"bela", "belote", "klaberjass", "clobby", "bela-3", "bulka"}
    assert [(c["game"], c["case"]) for c in now] == [(c["game"], c["case"]) for c in golden["cases"]]
    for was, said in zip(golden["cases"], now, strict=True):
        assert said["explanations"] == was["explanations"], f"{language}, {was['game']}: {was['case']}"


def test_a_language_reads_its_own_words() -> None:
    """The explanations are really in each language: no two languages read the same, and the glossary's word
    for a bate hand is in each one's explanation of a bate."""
    files = {language: json.loads(path_of(language).read_text(encoding="utf-8")) for language in LANGUAGES}
    texts = {language: json.dumps(data["cases"], ensure_ascii=False) for language, data in files.items()}
    assert len(set(texts.values())) == len(LANGUAGES)
    bate = {"en": "bate", "hr": "pad", "bg": "вътре", "fr": "dedans", "de": "bete", "nl": "nat", "pl": "wpadka",
            "uk": "бейт", "ar": "خسران"}
    assert bate.keys() == LANGUAGES.keys()
    for language, word in bate.items():
        assert word in texts[language], language
