"""Lexical search over memory content (covers memories whose embedding is still pending)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("memory", "0001_initial")]
    operations = [
        migrations.RunSQL(
            "CREATE INDEX memory_content_fts ON memory_memory USING gin (to_tsvector('simple', content))",
            "DROP INDEX IF EXISTS memory_content_fts",
        ),
    ]
