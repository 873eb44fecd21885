"""Matches in play order: every confirmed match's sequence recomputed as the day it was played
(entered, else its round's first day, else its confirmation's), its confirmation, its id
(matches/services/sequence.py). The season and round no longer lead the key."""

from datetime import UTC

from django.db import migrations


def play_order(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    changed = []
    rows = Match.objects.filter(confirmed_at__isnull=False).select_related("round")
    for match in rows.only("pk", "played_on", "confirmed_at", "round__starts_on").iterator(chunk_size=2000):
        at = match.confirmed_at.astimezone(UTC)
        day = match.played_on or (match.round.starts_on if match.round_id else None) or at.date()
        match.sequence = f"{day:%Y%m%d}{at:%Y%m%d%H%M%S%f}{match.pk:012d}"
        changed.append(match)
    Match.objects.bulk_update(changed, ["sequence"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [("matches", "0014_pending_decision"), ("league", "0012_site_revision")]

    operations = [migrations.RunPython(play_order, migrations.RunPython.noop)]
