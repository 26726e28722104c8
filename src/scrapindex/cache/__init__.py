"""Everything the site caches, under one set of rules.

- ``revision``: the data revision clock, one per app; every cache asks it whether the published
  data moved (see scrapindex.revision).
- ``store``: an LRU of values tied to a data revision, with single-flight misses and
  stale-while-refresh.
- ``representation``: the bytes of an answer, their gzip copy and validators, and the
  conditional-request rule that picks what to send.
- ``per_revision``: one value rebuilt when the revision moves (sitemap, redirect lookups).
- ``api_responses`` and ``pages``: the API's response cache and the rendered-page cache, thin
  users of the above.
"""
