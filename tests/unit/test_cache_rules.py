"""The cache package's rules, without HTTP: validators, encodings, the revision clock."""

import gzip

import pytest

from scrapindex.cache.lifetimes import shared_lifetime
from scrapindex.cache.per_revision import PerRevision
from scrapindex.cache.representation import accepts_gzip, none_match, represent, select
from scrapindex.cache.revision import RevisionClock
from tests.clock import ManualClock

BODY = b"x" * 2000


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, False),
        ("", False),
        ("gzip", True),
        ("br, gzip;q=0.5", True),
        ("GZIP", True),
        ("x-gzip", True),
        ("gzip;q=0", False),
        ("gzip; q=0.000", False),
        ("*", True),
        ("*;q=0", False),
        ("identity", False),
        ("*, gzip;q=0", False),  # an explicit refusal wins over the wildcard
        ("gzip;q=nonsense", False),
        ("deflate, br", False),
    ],
)
def test_accept_encoding_follows_q_values(header: str | None, expected: bool) -> None:
    assert accepts_gzip(header) is expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, False),
        ('"abc"', True),
        ('W/"abc"', True),  # weak comparison (RFC 9110 §13.1.2)
        ('"zzz", "abc"', True),
        ('"zzz",W/"abc"', True),
        ("*", True),
        ('"ab"', False),
        ("abc", False),  # unquoted: not an entity tag
        ('"zzz", garbage', False),
        ('"a,b", "abc"', True),  # a comma inside a tag does not split it
    ],
)
def test_if_none_match_compares_weakly_with_lists_and_star(
    header: str | None, expected: bool
) -> None:
    assert none_match(header, '"abc"') is expected


def test_each_encoding_has_its_own_etag() -> None:
    representation = represent(BODY)
    plain = select(representation, {}, [])
    zipped = select(representation, {"accept-encoding": "gzip"}, [])
    refused = select(representation, {"accept-encoding": "gzip;q=0"}, [])
    assert dict(plain.headers)[b"etag"] != dict(zipped.headers)[b"etag"]
    assert dict(zipped.headers)[b"content-encoding"] == b"gzip"
    assert refused.body == BODY
    assert b"content-encoding" not in dict(refused.headers)
    assert all(dict(reply.headers)[b"vary"] == b"Accept-Encoding" for reply in (plain, zipped))


def test_a_matching_validator_gets_304_only_for_its_own_encoding() -> None:
    representation = represent(BODY)
    zipped_etag = dict(select(representation, {"accept-encoding": "gzip"}, []).headers)[b"etag"]
    again = {"accept-encoding": "gzip", "if-none-match": zipped_etag.decode()}
    assert select(representation, again, [(b"content-type", b"text/plain")]).status == 304
    plain_again = {"if-none-match": zipped_etag.decode()}
    assert select(representation, plain_again, []).status == 200
    assert select(representation, again, [], status=404).status == 404  # only a 200 becomes 304


def test_small_bodies_are_not_compressed() -> None:
    representation = represent(b"tiny")
    assert representation.gzip_body is None
    assert select(representation, {"accept-encoding": "gzip"}, []).body == b"tiny"


def test_a_lazy_representation_compresses_when_first_sent_gzipped() -> None:
    eager, lazy = represent(BODY), represent(BODY, lazy=True)
    for accept in ("identity", "gzip;q=0", "gzip", "*"):
        asked = {"accept-encoding": accept}
        assert select(lazy, asked, []) == select(eager, asked, [])
        assert ("gzip_body" in vars(lazy)) is (accept in ("gzip", "*"))
    assert gzip.decompress(select(lazy, {"accept-encoding": "gzip"}, []).body) == BODY


def test_the_revision_is_read_at_most_once_per_check() -> None:
    reads: list[int] = []
    data_revision = [1]
    clock = ManualClock()

    def read() -> int:
        reads.append(data_revision[0])
        return data_revision[0]

    revisions = RevisionClock(read, now=clock)
    assert (revisions.current(), revisions.current()) == (1, 1)
    data_revision[0] = 2
    assert revisions.current() == 1  # not read again within the check
    clock.past_revision_check()
    assert revisions.current() == 2
    assert reads == [1, 2]


def test_built_once_per_data_revision() -> None:
    data_revision = [1]
    builds: list[int] = []
    clock = ManualClock()

    def build() -> int:
        builds.append(data_revision[0])
        return data_revision[0]

    value = PerRevision(build, RevisionClock(lambda: data_revision[0], now=clock))
    assert (value.get(), value.get()) == (1, 1)
    data_revision[0] = 2
    assert value.get() == 1  # the revision is not read again within the check
    clock.past_revision_check()
    assert value.get() == 2
    assert builds == [1, 2]


def test_shared_lifetimes_spread_over_the_last_fifth_of_max_age() -> None:
    lifetimes = [shared_lifetime(60) for _ in range(500)]
    assert min(lifetimes) >= 48
    assert max(lifetimes) <= 60
    # Spread, not one value: 13 possible values, each missed by 500 draws with odds of ~1e-17.
    assert set(lifetimes) == set(range(48, 61))


def test_a_short_lifetime_is_kept_whole() -> None:
    assert {shared_lifetime(4) for _ in range(50)} == {4}  # a fifth of 4 s is under a second
    assert shared_lifetime(0) == 0
