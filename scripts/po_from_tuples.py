"""Moves ``(it, de, en)`` tuples into the gettext catalogue (docs/translating.md).

A one-time conversion, kept while branches written before the catalogue moved are merged:

    python scripts/po_from_tuples.py convert ui/i18n.py ui/i18n_coach.py ...
        writes ui/messages.py (the English source, one ``M(key, text)`` or
        ``P(key, singular, plural)`` a message) from the modules' dicts of tuples
        and their RULES_PAGES, then the .pot and every language's .po with the
        Italian and German of the tuples.
    python scripts/po_from_tuples.py add OTHER_MODULE.py [...]
        the same for the keys of OTHER_MODULE's dicts of ``(it, de, en)`` tuples that
        ui/messages.py does not have yet: their English is appended to ui/messages.py,
        their Italian and German to it.po and de.po; the other languages get them
        untranslated (the completeness test then names them). A key already there
        whose words differ is only reported.
    python scripts/po_from_tuples.py json LANG FILE.json
        fills LANG's .po from a translator's JSON: {"catalogue": {"module:DICT": {key: text}}},
        keys as in the tuples (``key_one`` is the singular of the plural ``key``).

The modules are read as text (ast), never imported. Run from the repository's root with the
virtualenv's python (it needs Babel).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui import locale_tool  # noqa: E402

SOURCE_FILE = ROOT / "ui" / "messages.py"
ENGLISH = 2  # index of English in an (it, de, en) tuple
TUPLE_LANGS = {"it": 0, "de": 1}
# hand-made plurals whose singular had a name of its own (not key + "_one")
SINGULAR_OF = {"pts_n": "pts_1", "pts_n_frac": "pts_1_frac"}
# grammar tables of ui/i18n.py that become messages: RANK_PLURAL's and _GAMES_WORD's words
RANK_PLURAL_KEY = "rank_pl_{code}"


@dataclass
class Entry:
    key: str
    words: tuple[str, ...]  # it, de, en
    comment: list[str] = field(default_factory=list)
    one: tuple[str, ...] | None = None  # the singular's words, for a plural


def _words(node: ast.expr) -> tuple[str, ...] | None:
    if isinstance(node, ast.Tuple) and len(node.elts) == 3 and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return tuple(str(e.value) for e in node.elts if isinstance(e, ast.Constant))
    return None


def read_module(path: Path) -> tuple[list[Entry], dict[str, list[tuple[str, str]]]]:
    """The ``key: (it, de, en)`` entries of a module's dicts (with the comments above each),
    and its RULES_PAGES if it has them."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    entries: list[Entry] = []
    rules: dict[str, list[tuple[str, str]]] = {}
    for node in ast.parse(text).body:
        if not isinstance(node, ast.Assign | ast.AnnAssign) or not isinstance(node.value, ast.Dict):
            continue
        target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
        name = ast.unparse(target)
        prev_end = node.value.lineno  # the line of "{"
        for k, v in zip(node.value.keys, node.value.values, strict=True):
            if not (isinstance(k, ast.Constant) and isinstance(k.value, str)):
                continue
            if name == "RULES_PAGES" and isinstance(v, ast.List):
                rules[k.value] = [(str(t.elts[0].value), str(t.elts[1].value)) for t in v.elts
                                  if isinstance(t, ast.Tuple) and isinstance(t.elts[0], ast.Constant)
                                  and isinstance(t.elts[1], ast.Constant)]
                continue
            words = _words(v)
            if words is None:
                continue
            comment = [ln.strip()[1:].strip() for ln in lines[prev_end:k.lineno - 1] if ln.strip().startswith("#")]
            entries.append(Entry(k.value, words, comment))
            prev_end = v.end_lineno or k.lineno
    return entries, rules


def grammar_entries(path: Path) -> list[Entry]:
    """RANK_PLURAL and _GAMES_WORD of the old ui/i18n.py as messages."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    values: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            name = ast.unparse(target)
            if name in ("RANK_PLURAL", "_GAMES_WORD") and node.value is not None:
                values[name] = ast.literal_eval(node.value)
    out: list[Entry] = []
    ranks = values.get("RANK_PLURAL")
    if isinstance(ranks, dict):
        for code in ranks["it"]:
            out.append(Entry(RANK_PLURAL_KEY.format(code=code), tuple(ranks[lang][code] for lang in ("it", "de", "en")),
                             ["a rank in the plural, as a three or four of a kind names it: "
                              f"\"three {ranks['en'][code]}\" (the card {code})"]))
    games = values.get("_GAMES_WORD")
    if isinstance(games, dict):
        out.append(Entry("rules_games", tuple(games[lang] for lang in ("it", "de", "en")),
                         ["leads a rules page: \"Games: Tressette for two, Treschetten.\""]))
    return out


def rules_entries(rules: dict[str, list[tuple[str, str]]]) -> list[Entry]:
    out: list[Entry] = []
    for i in range(len(rules.get("en", []))):
        pages = [rules[lang][i] for lang in ("it", "de", "en")]
        out.append(Entry(f"rules_p{i}_title", tuple(p[0] for p in pages), [f"rules page {i}: its title"]))
        out.append(Entry(f"rules_p{i}_body", tuple(p[1] for p in pages), [f"rules page {i}: its text"]))
    return out


def singular_with_n(text: str) -> str:
    """"Taken back: 1 move" → "Taken back: {n} move": the singular form serves 21, 31 … in
    languages whose first form is not only for one (hr)."""
    return re.sub(r"(?<![\d{⅓⅔.,])1(?![\d}⅓⅔.,:])", "{n}", text, count=1)


def pair_plurals(entries: list[Entry]) -> list[Entry]:
    by_key = {e.key: e for e in entries}
    singular_of = {base: base + "_one" for base in by_key if base + "_one" in by_key}
    singular_of.update({k: v for k, v in SINGULAR_OF.items() if k in by_key and v in by_key})
    singulars = set(singular_of.values())
    out: list[Entry] = []
    for e in entries:
        if e.key in singulars:
            continue
        if e.key in singular_of:
            one = by_key[singular_of[e.key]]
            e.one = tuple(singular_with_n(w) if "{n}" in p else w for w, p in zip(one.words, e.words, strict=True))
            e.comment = e.comment + one.comment
        out.append(e)
    return out


def literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def source_lines(entries: list[Entry], header: str) -> list[str]:
    lines = [f"    # ---- {header}"]
    for e in entries:
        for i, c in enumerate(e.comment):
            lines.append(f"    # {'TRANSLATORS: ' if i == 0 else ''}{c}")
        if e.one is not None:
            lines.append(f"    P({literal(e.key)}, {literal(e.one[ENGLISH])}, {literal(e.words[ENGLISH])}),")
        else:
            lines.append(f"    M({literal(e.key)}, {literal(e.words[ENGLISH])}),")
    return lines


SOURCE_HEAD = '''"""The English source of every message on the screen and the phone page (docs/translating.md).

Each ``M(key, text)`` is a message, each ``P(key, singular, plural)`` one said with a count
``{n}``; ``pybabel extract`` (``python -m ui.locale_tool extract``) reads them into
ui/locale/tressette.pot: the key is the message's context (msgctxt), the English its msgid.
The other languages are in ui/locale/<lang>/LC_MESSAGES/tressette.po. A ``# TRANSLATORS:``
comment just above a message goes to the translators with it.

``{name}`` in braces is an argument: every translation keeps the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    """One message: its key, its English, and its English plural if it has a count."""

    key: str
    text: str
    plural: str = ""


def M(key: str, text: str) -> Source:  # noqa: N802  (the extraction keyword)
    return Source(key, text)


def P(key: str, singular: str, plural: str) -> Source:  # noqa: N802
    return Source(key, singular, plural)


SOURCE: tuple[Source, ...] = (
'''


def write_source(groups: list[tuple[str, list[Entry]]]) -> None:
    body: list[str] = []
    for header, entries in groups:
        body += source_lines(entries, header)
    SOURCE_FILE.write_text(SOURCE_HEAD + "\n".join(body) + "\n)\n", encoding="utf-8")


def append_source(entries: list[Entry], header: str) -> None:
    text = SOURCE_FILE.read_text(encoding="utf-8")
    assert text.endswith("\n)\n"), "ui/messages.py should end with the SOURCE tuple's ')'"
    SOURCE_FILE.write_text(text[:-2] + "\n".join(source_lines(entries, header)) + "\n)\n", encoding="utf-8")


def known_keys() -> dict[str, tuple[str, str]]:
    """The keys ui/messages.py has, with their English (singular, plural)."""
    out: dict[str, tuple[str, str]] = {}
    for node in ast.walk(ast.parse(SOURCE_FILE.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("M", "P"):
            args = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if len(args) >= 2:
                out[str(args[0])] = (str(args[1]), str(args[2]) if len(args) > 2 else "")
    return out


def fill(lang: str, values: dict[str, str | list[str]]) -> list[str]:
    """Sets ``lang``'s translations (a list for a plural's forms); the keys it does not know."""
    return locale_tool.set_translations(lang, values)


def tuple_values(entries: list[Entry], lang: str) -> dict[str, str | list[str]]:
    i = TUPLE_LANGS[lang]
    out: dict[str, str | list[str]] = {}
    for e in entries:
        out[e.key] = [e.one[i], e.words[i]] if e.one is not None else e.words[i]
    return out


def convert(paths: list[Path]) -> None:
    groups: list[tuple[str, list[Entry]]] = []
    seen: set[str] = set()
    everything: list[Entry] = []
    for path in paths:
        entries, rules = read_module(path)
        entries += rules_entries(rules)
        if path.name == "i18n.py":
            entries += grammar_entries(path)
        fresh = []
        for e in entries:
            if e.key in seen:
                print(f"{path}: {e.key} twice: the first kept", file=sys.stderr)
                continue
            seen.add(e.key)
            fresh.append(e)
        fresh = pair_plurals(fresh)
        groups.append((str(path.relative_to(ROOT) if path.is_absolute() else path), fresh))
        everything += fresh
    write_source(groups)
    locale_tool.extract()
    locale_tool.update(create=True)
    for lang in TUPLE_LANGS:
        unknown = fill(lang, tuple_values(everything, lang))
        assert not unknown, unknown
    print(f"{len(everything)} messages into ui/messages.py and {', '.join(locale_tool.po_languages())}")


def add(paths: list[Path]) -> None:
    known = known_keys()
    for path in paths:
        entries, rules = read_module(path)
        entries = pair_plurals(entries + rules_entries(rules))
        new = [e for e in entries if e.key not in known]
        same = []  # known, the same English: their Italian and German are taken (a branch's fixes)
        for e in entries:
            if e.key in known:
                english = (e.one[ENGLISH], e.words[ENGLISH]) if e.one else (e.words[ENGLISH], "")
                if english != known[e.key]:
                    print(f"{path}: {e.key}: its English differs from ui/messages.py's: not changed", file=sys.stderr)
                elif bool(known[e.key][1]) == (e.one is not None):  # a plural only with its singular
                    same.append(e)
        for lang in TUPLE_LANGS:
            fill(lang, tuple_values(same, lang))
        if not new:
            print(f"{path}: nothing new")
            continue
        append_source(new, f"from {path.name}")
        locale_tool.extract()
        locale_tool.update()
        for lang in TUPLE_LANGS:
            fill(lang, tuple_values(new, lang))
        for e in new:
            known[e.key] = ("", "")
        print(f"{path}: {len(new)} new: {' '.join(e.key for e in new)}")


def flatten(data: dict[str, object]) -> dict[str, str]:
    """A translator's JSON as key → words: the catalogue's tables, and the sections that are
    messages too (rules_pages, rank_plural, misc's _GAMES_WORD)."""
    out: dict[str, str] = {}
    cat = data.get("catalogue", {})
    assert isinstance(cat, dict)
    for table in cat.values():
        if isinstance(table, dict):
            out.update({str(k): str(v) for k, v in table.items() if isinstance(v, str)})
    pages = data.get("rules_pages", [])
    assert isinstance(pages, list)
    for i, page in enumerate(pages):
        out[f"rules_p{i}_title"], out[f"rules_p{i}_body"] = str(page[0]), str(page[1])
    ranks = data.get("rank_plural", {})
    assert isinstance(ranks, dict)
    out.update({RANK_PLURAL_KEY.format(code=code): str(v) for code, v in ranks.items()})
    proposed = data.get("proposed", {})  # words for messages a branch adds: taken once it has
    if isinstance(proposed, dict):
        out.update({str(k): str(v) for k, v in proposed.items() if isinstance(v, str)})
    misc = data.get("misc", {})
    if isinstance(misc, dict) and "ui/i18n.py:_GAMES_WORD" in misc:
        out["rules_games"] = str(misc["ui/i18n.py:_GAMES_WORD"])
    if isinstance(misc, dict) and "ui/history.py:date_format" in misc:
        out["history_when"] = str(misc["ui/history.py:date_format"])
    return out


def from_json(lang: str, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    words = flatten(data)
    given_forms = data.get("plural_forms", {})
    plurals = {k for k, (_s, p) in known_keys().items() if p}
    nforms = locale_tool.plural_count(lang)
    singular_of = {base: base + "_one" for base in plurals}
    singular_of.update(SINGULAR_OF)
    values: dict[str, str | list[str]] = {}
    for key, text in words.items():
        if key in plurals:
            one = words.get(singular_of[key])
            values[key] = [singular_with_n(one) if one is not None else text] + [text] * (nforms - 1)
        elif key in singular_of.values() and any(singular_of[b] == key for b in plurals):
            continue
        else:
            values[key] = text
    for key, forms in given_forms.items():  # a language's own forms: [one, few, many]
        if key in plurals and len(forms) == nforms:
            values[key] = [str(f) for f in forms]
        else:
            print(f"{path}: plural_forms {key}: not a message with {nforms} forms", file=sys.stderr)
    unknown = fill(lang, values)
    for key in unknown:
        print(f"{path}: {key}: no such message", file=sys.stderr)
    print(f"{lang}: {len(values) - len(unknown)} messages from {path}")


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "convert":
        convert([Path(p) for p in argv[1:]])
    elif len(argv) >= 2 and argv[0] == "add":
        add([Path(p) for p in argv[1:]])
    elif len(argv) == 3 and argv[0] == "json":
        from_json(argv[1], Path(argv[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    locale_tool.compile_all()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
