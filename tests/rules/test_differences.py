"""differences.csv: what a ruleset does differently from the reference ruleset, with its page.

PBBL's file is read through the engine's public function even before the rest of its folder ships;
its rows are checked against the PBBL citation scheme (line = 2 x page + 8 in seed 001) and, where
a row quotes a number of the reference ruleset, against the reference's own data.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from league.rules import (
    Difference,
    RulesetDataError,
    load_differences_from,
    load_ruleset,
    reference_ruleset_key,
    ruleset_differences,
    ruleset_keys,
)
from league.rules.loading.loader import DATA_DIR

HEADER = "topic_key,topic_en,topic_fr,reference_en,reference_fr,this_en,this_fr,source\n"


def by_topic(key: str) -> dict[str, Difference]:
    return {d.topic_key: d for d in ruleset_differences(key)}


def test_the_reference_is_the_ruleset_marked_so_in_its_data_and_has_no_differences() -> None:
    reference = reference_ruleset_key()
    assert reference in ruleset_keys()
    assert "reference = true" in (DATA_DIR / reference / "ruleset.toml").read_text(encoding="utf-8")
    assert ruleset_differences(reference) == ()


def test_pbbl_lists_its_differences_in_both_languages_each_with_its_page() -> None:
    differences = ruleset_differences("pbbl110")
    assert len(differences) >= 20
    for d in differences:
        for lang in ("en", "fr"):
            assert d.topic(lang) and d.reference(lang) and d.this(lang)
        assert d.topic("fr") == d.topic_fr and d.topic("fr-ca") == d.topic_fr and d.topic("en") == d.topic_en
        assert d.this("fr") != d.this("en"), d.topic_key  # really written in French
        # Every citation is a page of seed 001 and its line: line = 2 x page + 8 (pages 2-60).
        cited = re.findall(r"p\.(\d+) \(L(\d+)\)", d.source)
        assert d.source.startswith("PBBL p.") and cited, d.source
        for page, line in cited:
            assert 2 <= int(page) <= 60 and int(line) == 2 * int(page) + 8, d.source


def test_pbbl_rows_say_what_the_comparison_table_says() -> None:
    rows = by_topic("pbbl110")
    assert {"team_value", "bank_petty_cash", "wizard", "winnings", "spiralling_expenses", "tied_match"} <= set(rows)
    assert "180,000" in rows["wizard"].this_en and "180 000" in rows["wizard"].this_fr
    assert "1,500,000" in rows["spiralling_expenses"].this_en and "200,000" in rows["spiralling_expenses"].this_en
    assert "win only" in rows["winnings"].this_en
    assert "treasury" in rows["team_value"].this_en and "bank" in rows["team_value"].this_en
    assert rows["tied_match"].source == "PBBL p.16 (L40)"
    # Rules PBBL keeps as they are (starting gold, SPP awards, levels) are not listed.
    assert not {"starting_gold", "spp_awards", "levels"} & set(rows)


def test_the_reference_numbers_quoted_are_the_reference_rulesets_own() -> None:
    reference = load_ruleset(reference_ruleset_key())
    rows = by_topic("pbbl110")
    assert f"{reference.inducement('wizard').cost:,}" in rows["wizard"].reference_en
    assert f"{reference.params.spiralling_expenses_threshold:,}" in rows["spiralling_expenses"].reference_en
    assert f"{reference.params.spiralling_expenses_band:,}" in rows["spiralling_expenses"].reference_en


def test_a_difference_is_frozen_and_the_reading_is_cached() -> None:
    first = ruleset_differences("pbbl110")
    assert ruleset_differences("pbbl110") is first
    with pytest.raises(dataclasses.FrozenInstanceError):
        first[0].source = "elsewhere"  # type: ignore[misc]


@pytest.mark.parametrize("key", ["nope", "../lrb6", ""])
def test_an_unknown_ruleset_has_no_differences_to_read(key: str) -> None:
    with pytest.raises(KeyError):
        ruleset_differences(key)


def test_a_folder_without_the_file_has_none(tmp_path: Path) -> None:
    assert load_differences_from(tmp_path) == ()


def _folder(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "variant"
    folder.mkdir()
    (folder / "differences.csv").write_text(body, encoding="utf-8")
    return folder


def test_a_clean_copy_reads_the_same(tmp_path: Path) -> None:
    folder = tmp_path / "pbbl110"
    folder.mkdir()
    shutil.copy(DATA_DIR / "pbbl110" / "differences.csv", folder)
    assert load_differences_from(folder) == ruleset_differences("pbbl110")


def test_every_broken_row_is_reported_with_its_file_and_line(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        HEADER
        + "wizard,Wizard,Sorcier,150k,150k,180k,180k,PBBL p.35 (L78)\n"
        + "wizard,Wizard,Sorcier,150k,150k,180k,180k,PBBL p.35 (L78)\n"
        + "\n"
        + "Bad Key,x,x,x,x,x,x,x\n"
        + "chef,Chef,Chef,300k,300k,300k,,\n",
    )
    with pytest.raises(RulesetDataError) as info:
        load_differences_from(folder)
    assert info.value.problems == (
        "variant/differences.csv line 3: duplicate topic 'wizard' (first defined at line 2)",
        "variant/differences.csv line 5: topic_key must be lower-case letters, digits and _, got 'Bad Key'",
        "variant/differences.csv line 6: column 'this_fr' is empty",
        "variant/differences.csv line 6: column 'source' is empty",
    )


def test_a_missing_column_is_reported(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "topic_key,topic_en\nwizard,Wizard\n")
    with pytest.raises(RulesetDataError, match=r"variant/differences.csv line 1: missing column\(s\) 'topic_fr'"):
        load_differences_from(folder)


def test_the_header_alone_means_no_differences(tmp_path: Path) -> None:
    assert load_differences_from(_folder(tmp_path, HEADER)) == ()


@pytest.fixture
def copied_lrb6(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped rulesets plus `lrb6copy`, lrb6 copied as docs/rulesets.md says, found by its key."""
    from league.rules.loading import loader

    data = tmp_path / "rulesets"
    data.mkdir()
    for shipped in DATA_DIR.iterdir():
        (data / shipped.name).symlink_to(shipped, target_is_directory=shipped.is_dir())
    shutil.copytree(DATA_DIR / "lrb6", data / "lrb6copy")
    monkeypatch.setattr(loader, "DATA_DIR", data)
    reference_ruleset_key.cache_clear()
    yield data / "lrb6copy"
    reference_ruleset_key.cache_clear()


def test_a_copy_that_keeps_reference_true_is_named_with_its_line(copied_lrb6: Path) -> None:
    toml = copied_lrb6 / "ruleset.toml"
    line = next(
        n for n, text in enumerate(toml.read_text(encoding="utf-8").splitlines(), 1) if text == "reference = true"
    )
    with pytest.raises(RulesetDataError) as info:
        reference_ruleset_key()
    assert [p.partition(": ")[0] for p in info.value.problems] == [
        f"lrb6/ruleset.toml line {line}",
        f"lrb6copy/ruleset.toml line {line}",
    ]
    assert "claimed by lrb6, lrb6copy" in info.value.problems[0]
    # The recipe's fix: the copy reads reference = false.
    toml.write_text(toml.read_text(encoding="utf-8").replace("reference = true", "reference = false"), encoding="utf-8")
    reference_ruleset_key.cache_clear()
    assert reference_ruleset_key() == "lrb6"
