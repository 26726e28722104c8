"""Importers for price feeds, exchange rates and scrap yards.

Every importer reads its file twice, streaming: a first pass validates every row against the
reference data and collects problems; only a file without problems gets a second pass, which
writes in batches inside one transaction. So a bad file writes nothing, and readers see the
data from before or after an import, never half of it.
"""
