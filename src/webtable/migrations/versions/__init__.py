"""Alembic revisions, oldest first by their ``down_revision`` chain (the file names only sort them)."""
