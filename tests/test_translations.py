"""The French catalogue is complete and its compiled file is the one shipped."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

PO = Path(__file__).resolve().parent.parent / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def entries(text: str) -> list[tuple[str, str, bool]]:
    found = []
    for block in text.split("\n\n"):
        m = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', block + "\n", re.M)
        if m:
            msgid = "".join(re.findall(r'"(.*)"', m.group(1)))
            msgstr = "".join(re.findall(r'"(.*)"', m.group(2)))
            found.append((msgid, msgstr, "#, fuzzy" in block))
    return found


def test_every_french_message_is_translated_and_none_is_fuzzy():
    todo = [
        msgid for msgid, msgstr, fuzzy in entries(PO.read_text(encoding="utf-8")) if msgid and (not msgstr or fuzzy)
    ]
    assert todo == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_the_shipped_mo_file_is_compiled_from_the_po(tmp_path):
    out = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(out), str(PO)], check=True)
    assert out.read_bytes() == PO.with_suffix(".mo").read_bytes(), "run `make messages`"
