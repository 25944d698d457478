"""The catalogue's tools (docs/translating.md): Babel's extract / update / compile on the
project's paths, and the reading of a catalogue for :mod:`ui.i18n`.

    python -m ui.locale_tool extract     ui/messages.py → ui/locale/tressette.pot
    python -m ui.locale_tool update      the .pot → every .po (new messages untranslated,
                                         changed ones fuzzy); --init LANG starts a language
    python -m ui.locale_tool compile     every .po → its .mo (not committed: built by
                                         scripts/setup and by the wheel's build, setup.py)
    python -m ui.locale_tool check       per language: translated / untranslated / fuzzy,
                                         exit 1 if any is missing

Babel is imported only here and only when a tool runs or a .mo is missing: the box reads
its compiled .mo files with the standard library's gettext.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "tressette"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCE_LANGUAGE = "en"
KEYWORDS = ("M:1c,2", "P:1c,2,3")
"""``M(key, text)``: the key is the context, the text the msgid; ``P(key, singular, plural)``."""
WIDTH = 100


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def po_languages() -> list[str]:
    """The languages that have a .po, sorted."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _pybabel(*args: str) -> None:
    # start-up: Babel loads only for a tool or a missing .mo
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    """ui/messages.py → the template (pybabel extract with babel.cfg's mapping)."""
    kw = [a for k in KEYWORDS for a in ("-k", k)]
    _pybabel("extract", "-F", str(ROOT / "babel.cfg"), *kw, "--no-default-keywords",
             "--add-comments=TRANSLATORS:", "--no-location", f"--width={WIDTH}",
             "--project=tressette-box", "--copyright-holder=the Tressette box's authors",
             "-o", str(TEMPLATE), str(ROOT / "ui"))


def update(create: bool = False, langs: Sequence[str] = ()) -> None:
    """The template's messages into every .po (and ``langs``' new ones, started empty)."""
    for lang in langs:
        if not po_path(lang).exists():
            _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang,
                     f"--width={WIDTH}")
    if create:
        for lang in ("it", "de", "hr", "nl"):
            if not po_path(lang).exists():
                _pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", lang,
                         f"--width={WIDTH}")
    _pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "--no-fuzzy-matching",
             "--ignore-obsolete", f"--width={WIDTH}")


def read(lang: str) -> Catalog:
    # start-up: Babel loads only for a tool or a missing .mo
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(lang: str, catalog: Catalog) -> None:
    # start-up: Babel loads only for a tool or a missing .mo
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, ignore_obsolete=True)
    po_path(lang).write_bytes(buf.getvalue())


def plural_count(lang: str) -> int:
    # start-up: Babel loads only for a tool or a missing .mo
    from babel.messages.plurals import get_plural

    return get_plural(lang).num_plurals


def set_translations(lang: str, values: Mapping[str, str | Sequence[str]]) -> list[str]:
    """Sets ``lang``'s words for the keys of ``values`` (a plural's forms as a list: the
    missing ones repeat the last); returns the keys the catalogue has no message for."""
    catalog = read(lang)
    by_key = {m.context: m for m in catalog if m.id and m.context}
    unknown = []
    for key, value in values.items():
        message = by_key.get(key)
        if message is None:
            unknown.append(key)
            continue
        if message.pluralizable:
            forms = [value] if isinstance(value, str) else list(value)
            forms += [forms[-1]] * (catalog.num_plurals - len(forms))
            message.string = tuple(forms[: catalog.num_plurals])
        else:
            message.string = value if isinstance(value, str) else value[-1]
        message.flags.discard("fuzzy")
    write(lang, catalog)
    return unknown


def mo_bytes(po: Path, lang: str) -> bytes:
    """A .po compiled as ``pybabel compile`` does (fuzzy messages left out)."""
    # start-up: Babel loads only for a tool or a missing .mo
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all(out_dir: Path | None = None) -> list[Path]:
    """Every .po → its .mo, under ``out_dir`` (a build's copy of ui/locale) or in place."""
    written = []
    for lang in po_languages():
        mo = mo_path(lang) if out_dir is None else out_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        data = mo_bytes(po_path(lang), lang)
        if mo.exists() and mo.read_bytes() == data:
            mo.touch()  # the same words, but a .po checked out anew is newer: the box would read the .po
        else:
            mo.parent.mkdir(parents=True, exist_ok=True)
            mo.write_bytes(data)
        written.append(mo)
    return written


def stats(lang: str) -> tuple[int, list[str], list[str]]:
    """(translated, untranslated keys, fuzzy keys) of ``lang``'s .po."""
    done, missing, fuzzy = 0, [], []
    for m in read(lang):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy:
            fuzzy.append(str(m.context))
        elif not all(strings):
            missing.append(str(m.context))
        else:
            done += 1
    return done, missing, fuzzy


def main(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "compile", "check"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] == "extract":
        extract()
    elif argv[0] == "update":
        langs = list(argv[2:3]) if len(argv) >= 3 and argv[1] == "--init" else []
        update(langs=langs)
    elif argv[0] == "compile":
        for mo in compile_all():
            print(f"locale: {mo.relative_to(ROOT)}")
    else:
        bad = False
        for lang in po_languages():
            done, missing, fuzzy = stats(lang)
            print(f"{lang}: {done} translated, {len(missing)} untranslated, {len(fuzzy)} fuzzy"
                  + (f": {' '.join(missing + fuzzy)}" if missing or fuzzy else ""))
            bad = bad or bool(missing or fuzzy)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
