"""btree_gist: equality on uuid/text inside GiST exclusion constraints (one current fact value)."""

from django.contrib.postgres.operations import BtreeGistExtension
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("config", "0001_extensions")]
    operations = [BtreeGistExtension()]
