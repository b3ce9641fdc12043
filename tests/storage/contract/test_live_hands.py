"""Each player's one live hand message per match (issue 18) through ``HandWrites``: saved,
replaced when the hand moves (a DM, then an ephemeral answer with its token), read back per
match after a restart, dropped, and gone with its match."""

from __future__ import annotations

from bot.storage import Storage
from bot.storage.models import LiveHand
from tests.storage.contract.conftest import Backend
from tests.storage.contract.test_matches import live


async def test_a_live_hand_is_saved_replaced_and_dropped(storage: Storage) -> None:
    repo = storage.matches
    match_id = await live(repo)
    other = await live(repo)
    assert await repo.live_hands(match_id) == []
    dm = LiveHand(match_id, 10, "dm", 500, 501, ping_channel_id=500, ping_id=502)
    await repo.save_live_hand(dm)
    await repo.save_live_hand(LiveHand(other, 10, "dm", 500, 600))
    assert await repo.live_hands(match_id) == [dm]
    # The hand moved to the channel: the same player's row is replaced, token and all.
    channel = LiveHand(match_id, 10, "channel", 2, 700, token="abc.def", token_at=1234.5)
    await repo.save_live_hand(channel)
    bob = LiveHand(match_id, 11, "dm", 800, 801)
    await repo.save_live_hand(bob)
    assert await repo.live_hands(match_id) == [channel, bob]
    await repo.drop_live_hand(match_id, 10)
    assert await repo.live_hands(match_id) == [bob]
    assert await repo.live_hands(other) == [LiveHand(other, 10, "dm", 500, 600)]


async def test_live_hands_survive_a_reopen_and_go_with_their_match(
    backend: Backend, storage: Storage
) -> None:
    match_id = await live(storage.matches)
    # issue 30.8: a builder half-built and the page shown come back too.
    hand = LiveHand(
        match_id, 10, "channel", 2, 700, token="t", token_at=99.0, draft="propose.2.0", page=1
    )
    await storage.matches.save_live_hand(hand)
    await backend.close(storage)
    reopened = await backend.storage()
    assert await reopened.matches.live_hands(match_id) == [hand]
    backend.delete_match(match_id)
    assert await reopened.matches.live_hands(match_id) == []
