"""Hybrid retrieval (docs/decisions/0011): a language-aware, unaccented full-text vector with the
memory's date written as words, stored in ``content_tsv`` and GIN-indexed.

- ``unaccent`` (PostgreSQL contrib, shipped by the embedded PostgreSQL) folds accents;
- ``quorum_es`` / ``quorum_en``: copies of the ``spanish`` / ``english`` configurations whose word
  mappings run ``unaccent`` before the Snowball stemmer (to_tsvector(regconfig, …) is immutable, so
  it can feed a stored generated column);
- ``quorum_date_words(ts)``: the UTC date as words in both languages ("2026-05-14 14 mayo may 2026
  jueves thursday primavera spring …");
- ``quorum_search_vector(content, observed_at)``: Spanish ∪ English lexemes of the content (weight
  A) plus the date words (weight D).
"""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import migrations, models

FORWARD = r"""
CREATE EXTENSION IF NOT EXISTS unaccent;
DROP TEXT SEARCH CONFIGURATION IF EXISTS quorum_es;
DROP TEXT SEARCH CONFIGURATION IF EXISTS quorum_en;
CREATE TEXT SEARCH CONFIGURATION quorum_es (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION quorum_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
CREATE TEXT SEARCH CONFIGURATION quorum_en (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION quorum_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

CREATE OR REPLACE FUNCTION quorum_date_words(ts timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN ts IS NULL THEN '' ELSE
    to_char(u, 'YYYY-MM-DD') || ' ' || extract(day FROM u)::int || ' ' ||
    (ARRAY['enero','febrero','marzo','abril','mayo','junio','julio','agosto','septiembre','octubre',
           'noviembre','diciembre'])[extract(month FROM u)::int] || ' ' ||
    (ARRAY['january','february','march','april','may','june','july','august','september','october',
           'november','december'])[extract(month FROM u)::int] || ' ' ||
    extract(year FROM u)::int || ' ' ||
    (ARRAY['lunes','martes','miercoles','jueves','viernes','sabado','domingo'])[extract(isodow FROM u)::int] || ' ' ||
    (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM u)::int] || ' ' ||
    (ARRAY['invierno winter','invierno winter','primavera spring','primavera spring','primavera spring',
           'verano summer','verano summer','verano summer','otono autumn fall','otono autumn fall',
           'otono autumn fall','invierno winter'])[extract(month FROM u)::int]
  END
  FROM (SELECT ts AT TIME ZONE 'UTC' AS u) AS d
$$;

CREATE OR REPLACE FUNCTION quorum_search_vector(content text, observed timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('quorum_es'::regconfig, coalesce(content, '')), 'A')
      || setweight(to_tsvector('quorum_en'::regconfig, coalesce(content, '')), 'A')
      || setweight(to_tsvector('simple'::regconfig, quorum_date_words(observed)), 'D')
$$;
"""

BACKWARD = r"""
DROP FUNCTION IF EXISTS quorum_search_vector(text, timestamptz);
DROP FUNCTION IF EXISTS quorum_date_words(timestamptz);
DROP TEXT SEARCH CONFIGURATION IF EXISTS quorum_es;
DROP TEXT SEARCH CONFIGURATION IF EXISTS quorum_en;
"""


class Migration(migrations.Migration):

    dependencies = [
        ('memory', '0008_claims'),
    ]

    operations = [
        migrations.RemoveIndex(model_name='memory', name='memory_content_tsv'),
        migrations.RemoveField(model_name='memory', name='content_tsv'),
        migrations.RunSQL(FORWARD, BACKWARD),
        migrations.AddField(
            model_name='memory',
            name='content_tsv',
            field=models.GeneratedField(db_persist=True, expression=models.Func(
                models.F('content'), models.F('observed_at'), function='quorum_search_vector',
                output_field=SearchVectorField()), output_field=SearchVectorField()),
        ),
        migrations.AddIndex(model_name='memory', index=GinIndex(fields=['content_tsv'], name='memory_content_tsv')),
    ]
