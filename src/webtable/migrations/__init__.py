"""The event store's schema history (Alembic): one revision per change, shipped with the package.

Run them with ``wallenstein db upgrade`` (webtable.schema); ``versions/0001_baseline.py`` is the schema
of the releases before schema versions, so their databases upgrade in place.
"""
