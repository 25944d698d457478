"""``[phones]`` in the settings file and ``--phones-*`` on the command line: checked, never fatal."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from firmware.config import PhoneSettings, from_doc, phone_arguments

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40), st.floats(allow_nan=False),
                   st.text(max_size=300), st.lists(st.integers(), max_size=3))  # fmt: skip


@given(st.dictionaries(st.sampled_from(["enabled", "host", "port", "address", "bogus"]), VALUES, max_size=5))
def test_any_phones_table_gives_checked_settings_and_says_what_was_wrong(table: dict[str, object]) -> None:
    problems: list[str] = []
    got = from_doc({"phones": table}, problems).phones
    default = PhoneSettings()
    assert isinstance(got.enabled, bool) and 1024 <= got.port <= 65535
    assert got.host and " " not in got.host and got.address and " " not in got.address
    for key in ("enabled", "host", "port", "address"):
        if key in table and getattr(got, key) != table[key]:
            assert getattr(got, key) == getattr(default, key)
            assert any(f"[phones] {key}" in p for p in problems)
    if "bogus" in table:
        assert any("bogus" in p for p in problems)


def test_the_command_line_names_the_port_and_host() -> None:
    s = from_doc({"phones": {"port": 9000}}, [])
    phone_arguments(s, 9100, "127.0.0.1")
    assert (s.phones.port, s.phones.host) == (9100, "127.0.0.1")
    phone_arguments(s, None, None)
    assert s.phones.port == 9100
