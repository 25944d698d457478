"""ui/png.py: the PNG bytes read back as the same pixels, with and without alpha, at any level."""

from __future__ import annotations

import io

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.png import png_bytes


@settings(max_examples=40, deadline=None)
@given(w=st.integers(1, 9), h=st.integers(1, 9), alpha=st.booleans(), level=st.integers(0, 9),
       data=st.data())  # fmt: skip
def test_the_pixels_come_back_as_they_were(w: int, h: int, alpha: bool, level: int, data: st.DataObject) -> None:
    surf = pygame.Surface((w, h), pygame.SRCALPHA if alpha else 0)
    colours = st.tuples(*[st.integers(0, 255)] * (4 if alpha else 3))
    for y in range(h):
        for x in range(w):
            surf.set_at((x, y), data.draw(colours))
    back = pygame.image.load(io.BytesIO(png_bytes(surf, level)), "card.png")
    assert back.get_size() == (w, h)
    if alpha:
        assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(surf, "RGBA")
    else:
        assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surf, "RGB")
