"""A hand's digest (``hand_messages.digest_of``: an unchanged hand is not edited again) reads
each picture's fingerprint, taken when the picture was drawn (in the picture thread), instead
of hashing the PNG on the event loop: the hash handed the GIL to the picture thread there,
one of the loop's stalls under load (``bench/load.py --stalls``)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from bot.delivery import hand_messages
from bot.render.model import Picture, Rendered

PNG = b"\x89PNG" + bytes(range(256)) * 64


def test_a_hand_s_digest_hashes_no_picture_on_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = Picture("map.png", PNG)
    assert picture.digest == hashlib.sha1(PNG).hexdigest()
    hashed: list[int] = []
    sha1 = hashlib.sha1

    def counted(data: bytes = b"", **kwargs: Any) -> Any:
        hashed.append(len(data))
        return sha1(data, **kwargs)

    monkeypatch.setattr(hashlib, "sha1", counted)
    hand_messages.digest_of(Rendered(content="x", pictures=(picture,)), None)
    assert len(PNG) not in hashed


def test_a_changed_picture_changes_the_digest() -> None:
    one = Rendered(content="x", pictures=(Picture("map.png", PNG),))
    other = Rendered(content="x", pictures=(Picture("map.png", PNG + b"!"),))
    same = Rendered(content="x", pictures=(Picture("map.png", PNG),))
    digest = hand_messages.digest_of
    assert digest(one, None) == digest(same, None) != digest(other, None)
