"""The seed printed as a commitment on every sheet cannot be found from it, and a branch cannot
foretell the dice of the session it came from."""

from __future__ import annotations

import hashlib

from referee.review.branch import branch
from referee.review.dice_audit import audit
from referee.review.gather import gather
from referee.session import Session
from referee.store.reading import open_reader

SCENARIO = "n30/close-the-ring"


def info(path):
    reader = open_reader(path)
    try:
        return reader.info
    finally:
        reader.close()


def search_seed(commitment: str, candidates) -> int | None:
    """What a curious player would try: hash every likely seed and compare with the sheet."""
    return next((seed for seed in candidates if hashlib.sha256(str(seed).encode()).hexdigest() == commitment), None)


def test_a_chosen_small_seed_cannot_be_found_from_the_commitment(tmp_path):
    path = tmp_path / "s.db"
    Session.create(path, SCENARIO, {}, seed=7).close()
    commitment = info(path).commitment
    assert search_seed(commitment, range(100_000)) is None
    assert search_seed(hashlib.sha256(b"7").hexdigest(), range(100_000)) == 7  # the bare hash would give it away


def test_default_seeds_and_nonces_are_wide_and_fresh(tmp_path):
    made = [info(Session.create(tmp_path / f"{n}.db", SCENARIO, {}).path) for n in range(12)]
    seeds = {i.seed for i in made}
    nonces = {i.epochs[0].nonce for i in made}
    assert len(seeds) == len(nonces) == 12
    assert max(seed.bit_length() for seed in seeds) > 120 and all(0 <= seed < 2**128 for seed in seeds)
    assert all(len(nonce) == 32 and int(nonce, 16) >= 0 for nonce in nonces)
    for i in made:
        epoch = i.epochs[0]
        assert i.commitment == hashlib.sha256(f"{epoch.nonce}:{epoch.seed}".encode()).hexdigest()


def rolls(path, units: list[str]) -> list[int]:
    session = Session.open(path)
    try:
        values = []
        for unit in units:
            session.apply({"do": "roll", "unit": unit})
            values += [roll.value for _, event in session.last for roll in event.dice]
            session.apply({"do": "undo"})
        return values
    finally:
        session.close()


def test_a_branch_draws_its_later_dice_from_a_seed_of_its_own(tmp_path):
    original = tmp_path / "original.db"
    session = Session.create(original, "n30/lock-down-hold-fast", {}, seed=40)
    session.apply({"do": "roll", "unit": "U1"})  # a die of the original's seed: the branch's dice start after it
    session.apply({"do": "undo"})
    seq = session.apply({"do": "report", "player": "police", "text": "quiet so far"})
    session.close()
    what_if = tmp_path / "what-if.db"
    branch(original, what_if, seq=seq)
    units = ["Bananarchy", "U1", "(A) Action"] * 8
    assert rolls(what_if, units) != rolls(original, units)
    first, then = info(what_if).epochs
    kept = info(original).epochs[0]
    assert first.seed is None and first.commitment == kept.commitment  # the original's seed withheld, its commitment kept
    assert then.seed not in (None, kept.seed) and then.nonce != kept.nonce
    assert info(what_if).commitment == then.commitment != info(original).commitment
    checked = audit(gather(what_if))
    assert checked.mismatches == 0 and len(checked.epochs) == 2 and checked.dice
