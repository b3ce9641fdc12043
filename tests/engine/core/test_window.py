import pytest

from engine.core import ResponseWindow


def test_closes_when_every_eligible_seat_has_passed() -> None:
    window = ResponseWindow("fight", (0, 1, 2))
    assert window.waiting_on() == {0, 1, 2}
    window.pass_(0)
    window.pass_(2)
    assert not window.closed and window.waiting_on() == {1}
    window.pass_(1)
    assert window.closed


def test_a_response_reopens_for_everyone_and_stacks_last_in_first_out() -> None:
    window = ResponseWindow("ability", (0, 1))
    window.pass_(0)
    window.respond(1, "first")
    assert window.waiting_on() == {0, 1}
    window.respond(0, "second")
    assert window.pop() == "second"
    assert window.pop() == "first"


def test_leaving_seat_no_longer_holds_the_window() -> None:
    window = ResponseWindow("fight", (0, 1, 2))
    window.pass_(0)
    window.pass_(1)
    window.remove_seat(2)
    assert window.closed


def test_ineligible_seat_cannot_pass_or_respond() -> None:
    window = ResponseWindow("fight", (0, 1))
    with pytest.raises(ValueError):
        window.pass_(3)
    with pytest.raises(ValueError):
        window.respond(3, "x")


def test_clone_and_json_are_independent_copies() -> None:
    window = ResponseWindow("fight", (0, 1), {0}, ["x"])
    copy = window.clone()
    copy.pass_(1)
    assert window.passed == {0}
    assert ResponseWindow.from_json(window.to_json()) == window
