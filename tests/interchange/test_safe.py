"""The gate for handed-in files: sizes, encodings, double-encoded UTF-8, hostile XML, JSON."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from django.utils import translation

from league.interchange import safe
from league.interchange.messages import TRANSLATED, message
from league.interchange.safe import UnsafeInput, decode_text, load_json, parse_xml, repair_mojibake

HOSTILE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "hostile"

# The files Python opens while an XML document is parsed, seen through an audit hook (one hook for
# the session: hooks cannot be removed, so it records only while a test asks it to).
_OPENED: list[str] | None = None


def _audit(event: str, args: tuple) -> None:
    if _OPENED is not None and event == "open":
        _OPENED.append(str(args[0]))


sys.addaudithook(_audit)


def opened_while(action) -> list[str]:
    global _OPENED
    _OPENED = []
    try:
        action()
    finally:
        opened, _OPENED = _OPENED, None
    return opened


def refusal(action) -> UnsafeInput:
    with pytest.raises(UnsafeInput) as caught:
        action()
    return caught.value


# -- sizes -------------------------------------------------------------------------------------------
def test_a_file_over_the_limit_is_refused_and_one_at_the_limit_is_not():
    safe.check_size(b"x" * 1000, 1000, "json")
    error = refusal(lambda: safe.check_size(b"x" * 1001, 1000, "json"))
    assert error.code == "too_large" and error.params["what"] == "json"


def test_a_real_100_mb_document_is_refused_by_every_reader_before_it_is_read():
    # 100 MB in memory for a moment: the default limits (64 MB dumps, 5 MB documents) refuse it
    # on its length alone, so nothing is decoded or parsed.
    huge = b"<a>" + b"x" * (100 * 1024 * 1024) + b"</a>"
    from league.interchange.sqldump import read_dump

    for read in (read_dump, parse_xml, load_json):
        error = refusal(lambda read=read: read(huge))
        assert error.code == "too_large"
        assert "100.0 MB" in str(error)


def test_the_limits_can_be_lowered_by_the_caller():
    assert parse_xml(b"<a>1</a>").text == "1"
    assert refusal(lambda: parse_xml(b"<a>1</a>", limit=4)).code == "too_large"
    assert refusal(lambda: load_json(b'{"a": 1}', limit=4)).code == "too_large"


# -- encodings ---------------------------------------------------------------------------------------
def test_utf8_is_read_as_such_and_its_byte_order_mark_dropped():
    assert decode_text("Jörg".encode()) == safe.DecodedText("Jörg", "utf-8")
    with_bom = decode_text(b"\xef\xbb\xbf" + "Jörg".encode())
    assert (with_bom.text, with_bom.encoding, with_bom.repairs) == ("Jörg", "utf-8", ("byte order mark removed",))


def test_utf16_with_its_byte_order_mark_is_read():
    assert decode_text("Jörg\n".encode("utf-16")).text == "Jörg\n"


def test_text_that_is_not_utf8_falls_back_to_windows_1252_then_latin1():
    windows = decode_text("Jörg’s “team”".encode("cp1252"))
    assert (windows.text, windows.encoding) == ("Jörg’s “team”", "cp1252")
    assert windows.repairs == ("not UTF-8: read as Windows-1252",)
    # 0x81 has no character in Windows-1252: Latin-1 reads everything
    latin = decode_text(b"J\xf6rg \x81")
    assert (latin.text, latin.encoding) == ("Jörg \x81", "latin-1")


@pytest.mark.parametrize(
    "data",
    [
        b"INSERT INTO t VALUES (1);\x00\x00",
        bytes(range(256)) * 4,
        b"\x89PNG\r\n\x1a\n" + bytes([1, 2, 3, 4, 5, 6, 7, 8]) * 50,
        "Jörg\x00".encode("utf-16-le")[:-1] + b"\xff\xfe",  # a stray UTF-16 file without its mark
    ],
)
def test_binary_data_is_refused(data):
    assert refusal(lambda: decode_text(data)).code == "binary"


def test_a_few_control_characters_in_a_long_text_are_tolerated():
    text = ("a line of text\n" * 100).encode() + b"\x1b\x07"
    assert decode_text(text).encoding == "utf-8"


# -- double-encoded UTF-8 ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("shown", "meant"),
    [
        ("JÃ¶rg", "Jörg"),
        ("Ã©", "é"),
        ("Ã–sterreich", "Österreich"),  # Ö is C3 96; 0x96 is an en dash in Windows-1252
        ("Les Ã‰toiles de LiÃ¨ge", "Les Étoiles de Liège"),
        ("Å\x81Ã³dÅº", "Łódź"),  # Ł is C5 81
        ("Dwarf Giantsâ€™ Hall", "Dwarf Giants’ Hall"),  # a three-byte character
        ("Ã\x81lvaro", "Álvaro"),  # C3 81: 0x81 has no Windows-1252 character, MySQL's latin1 keeps it
        ("JÃƒÂ¶rg", "Jörg"),  # encoded twice over
        ("ðŸ\x8f\x88 Blood Bowl", "🏈 Blood Bowl"),
    ],
)
def test_double_encoded_utf8_is_repaired(shown, meant):
    assert repair_mojibake(shown) == meant


@pytest.mark.parametrize(
    "genuine",
    ["Ã", "Ã la carte", "São Paulo Ã", "Jörg", "plain", "Jörg beside JÃ¶rg", "Â", "ÃŸ and ö", "Ω Ã©"],
)
def test_genuine_text_is_left_alone(genuine):
    assert repair_mojibake(genuine) is None


# -- XML -----------------------------------------------------------------------------------------------
def test_a_plain_xml_document_is_read():
    root = parse_xml(b'<?xml version="1.0"?><nafReport><organiser>J&amp;B</organiser></nafReport>')
    assert root.tag == "nafReport" and root.find("organiser").text == "J&B"


@pytest.mark.parametrize("name", ["billion-laughs.xml", "xxe.xml"])
def test_the_hostile_samples_are_refused(name):
    data = (HOSTILE / name).read_bytes()
    assert refusal(lambda: parse_xml(data)).code == "xml_dtd"


def test_quadratic_blowup_is_refused():
    big = "x" * 50_000
    data = f'<!DOCTYPE r [<!ENTITY a "{big}">]><r>{"&a;" * 50_000}</r>'.encode()
    assert refusal(lambda: parse_xml(data)).code == "xml_dtd"


def test_an_external_entity_is_refused_and_the_file_never_opened(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the league's secret")
    data = f"""<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY s SYSTEM "{secret.as_uri()}">]><r>&s;</r>""".encode()
    errors: list[UnsafeInput] = []

    def parse():
        try:
            parse_xml(data)
        except UnsafeInput as error:
            errors.append(error)

    assert str(secret) in opened_while(secret.read_text)  # the hook does see a file being opened
    opened = opened_while(parse)
    assert [e.code for e in errors] == ["xml_dtd"]
    assert not any("secret" in path for path in opened)
    assert "secret" not in str(errors[0])


def test_an_external_dtd_and_an_entity_without_a_dtd_are_refused():
    passwd = b'<?xml version="1.0"?><!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>'
    assert refusal(lambda: parse_xml(passwd)).code == "xml_dtd"
    assert refusal(lambda: parse_xml(b"<r>&undeclared;</r>")).code == "xml_malformed"


def test_a_malformed_xml_document_says_where():
    error = refusal(lambda: parse_xml(b"<a>\n<b></a>"))
    assert error.code == "xml_malformed" and error.params["line"] == 2


# -- JSON ----------------------------------------------------------------------------------------------
def test_a_json_document_is_read_in_any_of_the_encodings():
    assert load_json('{"name": "Jörg"}'.encode()) == {"name": "Jörg"}
    assert load_json('{"name": "Jörg"}'.encode("cp1252")) == {"name": "Jörg"}


def test_json_nested_too_deep_is_refused_but_brackets_in_strings_do_not_count():
    deep = b"[" * 100_000 + b"]" * 100_000
    assert refusal(lambda: load_json(deep)).code == "json_too_deep"
    assert load_json(b'{"a": "[[[[[[[[[[[[{{{{{"}', max_depth=2) == {"a": "[[[[[[[[[[[[{{{{{"}
    assert refusal(lambda: load_json(b'{"a": [[1]]}', max_depth=2)).code == "json_too_deep"


def test_json_with_a_long_unterminated_string_is_refused_at_once():
    started = time.process_time()
    assert refusal(lambda: load_json(b'["' + b'\\"' * 1_000_000)).code == "json_malformed"
    assert time.process_time() - started < 5


@pytest.mark.parametrize("data", [b'{"a": NaN}', b"[Infinity]", b"[" + b"9" * 5000 + b"]"])
def test_json_values_python_would_not_read_faithfully_are_refused(data):
    assert refusal(lambda: load_json(data)).code == "json_bad_value"


def test_malformed_json_says_where():
    error = refusal(lambda: load_json(b'{\n  "a": 1,\n}'))
    assert (error.code, error.params["line"]) == ("json_malformed", 3)


# -- messages -------------------------------------------------------------------------------------------
def test_every_refusal_has_its_pattern_marked_for_translation_and_a_french_one():
    assert set(TRANSLATED) == set(safe.MESSAGES)
    for code, pattern in safe.MESSAGES.items():
        assert str(TRANSLATED[code]) == pattern
        with translation.override("fr"):
            assert str(TRANSLATED[code]) != pattern, code


def test_a_refusal_reads_in_french():
    error = refusal(lambda: safe.check_size(b"x" * 3 * 1024 * 1024, 1024 * 1024, "dump"))
    assert message(error) == str(error) == "The file is too large (3.0 MB); at most 1.0 MB is accepted."
    with translation.override("fr"):
        assert message(error) == "Le fichier est trop gros (3.0 Mo) ; 1.0 Mo au plus sont acceptés."
